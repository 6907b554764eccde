package claude

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ccwire/ccwire/internal/clienv"
	"github.com/ccwire/ccwire/internal/tempdir"
)

// Isolation seals a CLI process off from the machine it runs on, as tests,
// the scenario runner and anything else that talks to a fake API need. A
// nil *Isolation (the default) runs the CLI as the user would: their
// environment, login, settings and folder.
//
// An isolated CLI gets:
//   - a HOME, config folder (CLAUDE_CONFIG_DIR) and temporary folder of its
//     own, and a working directory of its own unless one is given, all in a
//     temporary folder removed on Close, so the user's ~/.claude, settings,
//     CLAUDE.md and sessions are never read or written;
//   - an environment built from a clean base: PATH, the locale and the
//     shell are taken over, nothing else (no ANTHROPIC_*, CLAUDE_*, proxy,
//     cloud-provider or login variables);
//   - the API at BaseURL (required) with [DummyAPIKey] unless APIKey says
//     otherwise;
//   - auto-update, telemetry, error reporting and other nonessential
//     traffic turned off;
//   - unless AllowNetwork, every proxy variable pointed at a dead loopback
//     port with NO_PROXY exempting loopback and BaseURL's host, so neither
//     the CLI nor the commands its tools run reach any other host;
//   - IS_SANDBOX=1 when running as root with permissions bypassed, where
//     the CLI refuses to start without it.
type Isolation struct {
	// AllowNetwork lets the CLI and its tools reach hosts other than
	// loopback and BaseURL's host.
	AllowNetwork bool
	// LookupEnv reads the environment the clean base takes PATH, the
	// locale and the shell from. Default: [os.LookupEnv].
	LookupEnv func(key string) (string, bool)
}

// EntrypointEnv is the variable that tells the CLI which program started
// it; the Agent SDKs set it to sdk-ts and sdk-py. A session that is not
// isolated sets it to [Entrypoint] unless the caller's Env says otherwise.
const EntrypointEnv = "CLAUDE_CODE_ENTRYPOINT"

// Entrypoint is the value of [EntrypointEnv] for CLIs this package starts.
const Entrypoint = "sdk-go"

// nestedVars are the variables of the caller's environment a session does
// not pass on: CLAUDECODE, which the CLI sets for the commands its tools
// run and which makes a CLI started from one of them refuse to start.
func nestedVars() []string { return []string{"CLAUDECODE"} }

// sessionEnv is the environment and folders of a session.
type sessionEnv struct {
	env       []string
	home      string // the CLI's HOME
	configDir string // the CLI's config folder
	workDir   string // the CLI's working directory, "" for the caller's
	root      string // the temporary folder the session owns, "" if none
}

// userEnv returns the environment of a session that is not isolated: the
// caller's, less nestedVars, with the entry-point marker, own (BaseURL,
// APIKey, the session marker) and then cfg.Env over it.
func userEnv(cfg *SessionConfig, own []string) (sessionEnv, error) {
	env := slices.DeleteFunc(os.Environ(), func(kv string) bool {
		k, _, _ := strings.Cut(kv, "=")
		return slices.Contains(nestedVars(), k)
	})
	env = clienv.Merge(env, append([]string{EntrypointEnv + "=" + Entrypoint}, own...))
	e := sessionEnv{workDir: cfg.WorkDir}
	if cfg.WorkDir != "" {
		abs, err := filepath.Abs(cfg.WorkDir)
		if err != nil {
			return e, err
		}
		e.workDir = abs
		env = clienv.Merge(env, []string{"PWD=" + abs})
	}
	if cfg.ConfigDir != "" {
		abs, err := filepath.Abs(cfg.ConfigDir)
		if err != nil {
			return e, err
		}
		env = clienv.Merge(env, []string{"CLAUDE_CONFIG_DIR=" + abs})
	}
	e.env = clienv.Merge(env, cfg.Env)
	e.home = envValue(e.env, "HOME")
	if e.home == "" {
		e.home, _ = os.UserHomeDir()
	}
	e.configDir = envValue(e.env, "CLAUDE_CONFIG_DIR")
	if e.configDir == "" && e.home != "" {
		e.configDir = filepath.Join(e.home, ".claude")
	}
	return e, nil
}

// envValue returns the value of key in env, "" if it is not there.
func envValue(env []string, key string) string {
	for _, kv := range slices.Backward(env) {
		if k, v, ok := strings.Cut(kv, "="); ok && k == key {
			return v
		}
	}
	return ""
}

// isolatedEnv makes the folders of an isolated session and returns its
// environment: the clean base of [Isolation], own, then cfg.Env.
func isolatedEnv(cfg *SessionConfig, own []string) (e sessionEnv, err error) {
	iso := cfg.Isolation
	if e.root, err = tempdir.Make("", "ccwire-claude-"); err != nil {
		return e, err
	}
	e.home = filepath.Join(e.root, "home")
	e.configDir = filepath.Join(e.home, ".claude")
	if cfg.ConfigDir != "" {
		if e.configDir, err = filepath.Abs(cfg.ConfigDir); err != nil {
			return e, err
		}
	}
	tmpDir := filepath.Join(e.root, "tmp")
	e.workDir = cfg.WorkDir
	if e.workDir == "" {
		e.workDir = filepath.Join(e.root, "work")
	}
	for _, d := range []string{e.configDir, tmpDir, e.workDir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return e, err
		}
	}
	if cfg.APIKey == "" {
		own = append(own, "ANTHROPIC_API_KEY="+DummyAPIKey)
	}
	if !iso.AllowNetwork {
		own = append(own, clienv.SealedNetwork(cfg.BaseURL)...)
	}
	if os.Geteuid() == 0 && bypassesPermissions(cfg.Args) {
		own = append(own, "IS_SANDBOX=1")
	}
	lookup := iso.LookupEnv
	if lookup == nil {
		lookup = os.LookupEnv
	}
	e.env = clienv.Build(lookup, e.home, e.configDir, tmpDir, append(own, cfg.Env...)...)
	return e, nil
}
