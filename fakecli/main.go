package fakecli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/internal/jsontree"
	"github.com/ccwire/ccwire/recording"
)

// The environment variables a fake CLI reads, for use behind an SDK that
// runs it with flags of its own choosing.
const (
	// EnvScenario names the scenario to play (as --scenario does).
	EnvScenario = "CCWIRE_FAKE_SCENARIO"
	// EnvCLIVersion names the CLI version whose recording to play (as
	// --cli-version does). Default: the newest version recorded.
	EnvCLIVersion = "CCWIRE_FAKE_CLI_VERSION"
	// EnvRecordings is the recordings folder (as --recordings does).
	EnvRecordings = "CCWIRE_FAKE_RECORDINGS"
	// EnvEmbedded, set to 1, plays the recordings built into the binary
	// (as --embedded does).
	EnvEmbedded = "CCWIRE_FAKE_EMBEDDED"
)

// Stdio are a fake CLI process's streams.
type Stdio struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

// Config is what [Main] takes from its process besides the command line.
type Config struct {
	// Getenv reads the environment; nil is os.Getenv.
	Getenv func(string) string
	// Embedded returns the recordings built into the binary (such as
	// corpus.Recordings), used with --embedded or when no recordings
	// folder is found; nil for none. It is called only then.
	Embedded func() (fs.FS, error)
	// Dir is the working folder; "" is the process's.
	Dir string
	// Signals delivers the process's SIGINT and SIGTERM (see [Signals]),
	// on which the fake does what the recorded CLI does; nil for none.
	Signals <-chan os.Signal
}

// Main runs a fake CLI: it parses args (the command line without the
// program name) as the CLI does, finds the recording to play (--scenario
// or CCWIRE_FAKE_SCENARIO, --cli-version or CCWIRE_FAKE_CLI_VERSION, in
// --recordings or CCWIRE_FAKE_RECORDINGS, or else the recordings folder of
// the ccwire module the working folder is in, or else the embedded ones)
// and plays it on stdio. It returns the exit status: the CLI's for what
// the CLI would do (1 for a command line it refuses or a bad stdin line,
// as it does), 2 for a fake that cannot start (no scenario, no recording).
func Main(ctx context.Context, args []string, stdio Stdio, cfg Config) int {
	getenv := cfg.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	pre := scanFakeOptions(args)
	version := firstOf(pre.CLIVersion, getenv(EnvCLIVersion))
	src, srcErr := findSource(pre, cfg, getenv)
	if version == "" && srcErr == nil {
		version, srcErr = src.newest()
	}
	a, err := ParseArgs(version, args)
	if err != nil {
		fmt.Fprintln(stdio.Stderr, err)
		return 1
	}
	if a.Has("--help") {
		io.WriteString(stdio.Stdout, Usage+"\n"+ChaosUsage())
		return 0
	}
	if srcErr != nil {
		fmt.Fprintf(stdio.Stderr, "ccwire fake-cli: %v\n", srcErr)
		return 2
	}
	if a.Has("--version") {
		fmt.Fprintf(stdio.Stdout, "%s (Claude Code)\n", version)
		return 0
	}
	out, in := a.Value("--output-format"), a.Value("--input-format")
	switch {
	case in == "stream-json" && out != "stream-json":
		fmt.Fprintln(stdio.Stderr, "Error: --input-format=stream-json requires output-format=stream-json.")
		return 1
	case out == "stream-json" && !a.Has("--verbose"):
		fmt.Fprintln(stdio.Stderr, "Error: When using --print, --output-format=stream-json requires --verbose")
		return 1
	case out != "stream-json":
		fmt.Fprintln(stdio.Stderr, "ccwire fake-cli: recordings are of stream-json sessions: pass --output-format stream-json --verbose")
		return 2
	}
	id := firstOf(a.Scenario, getenv(EnvScenario))
	if id == "" {
		fmt.Fprintf(stdio.Stderr, "ccwire fake-cli: no scenario to play: pass --scenario ID or set %s\n", EnvScenario)
		return 2
	}
	chaos, err := ParseChaos(firstOf(a.Chaos, getenv(EnvChaos)))
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "ccwire fake-cli: %v\n", err)
		return 2
	}
	rec, err := src.recording(version, id)
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "ccwire fake-cli: %v\n", err)
		return 2
	}
	stdin := stdio.Stdin
	if in != "stream-json" {
		prompt := a.Prompt
		if prompt == "" {
			data, err := io.ReadAll(stdin)
			if err != nil {
				fmt.Fprintf(stdio.Stderr, "ccwire fake-cli: reading stdin: %v\n", err)
				return 1
			}
			prompt = strings.TrimSpace(string(data))
		}
		if prompt == "" {
			fmt.Fprintln(stdio.Stderr, "Error: Input must be provided either through stdin or as a prompt argument when using --print")
			return 1
		}
		stdin = strings.NewReader(userLine(prompt) + "\n")
	}
	dir := cfg.Dir
	if dir == "" {
		dir, _ = os.Getwd()
	}
	home := getenv("HOME")
	tmp := firstOf(getenv("TMPDIR"), os.TempDir())
	session := filepath.Dir(filepath.Clean(tmp))
	if session == "/" {
		session = ""
	}
	p := &Player{
		Recording: rec,
		Lookup:    func(other string) (*recording.Recording, error) { return src.recording(version, other) },
		Env: Env{
			Cwd: dir, Home: home, Session: session, PID: os.Getpid(), Version: version, APIURL: getenv("ANTHROPIC_BASE_URL"),
			Config: getenv("CLAUDE_CONFIG_DIR"), MCPBin: mcpBin(a),
		},
		Request:   a,
		Stderr:    stdio.Stderr,
		SessionID: resumedID(a),
		Resumed:   a.Has("--resume") || a.Has("--continue"),
		Signals:   cfg.Signals,
	}
	stdout := stdio.Stdout
	var cw *ChaosWriter
	if !chaos.Empty() {
		cw = chaos.Writer(stdio.Stdout, stdio.Stderr)
		stdout = cw
	}
	code, err := p.Run(ctx, stdin, stdout)
	if code, ok := chaosEnd(ctx, cw, err, stdio.Stderr, cfg.Signals); ok {
		return code
	}
	var ie *InputError
	if err != nil && !errors.As(err, &ie) {
		fmt.Fprintf(stdio.Stderr, "ccwire fake-cli: %v\n", err)
	}
	return code
}

// resumedID is the session ID the host gives the session: --session-id's,
// or else the resumed session's unless --fork-session makes a new one.
func resumedID(a *Args) string {
	if a.Has("--fork-session") {
		return a.Value("--session-id")
	}
	return firstOf(a.Value("--session-id"), a.Value("--resume"))
}

// Usage is the fake CLI's help, which -h and --help print.
const Usage = `Usage: claude [options] [prompt]

A fake Claude Code CLI (ccwire fake-cli): it plays a recording of the real
CLI's stream-json session (recordings/<version>/<scenario>.txtar) to the
program that runs it, with no Node.js, API key or network. It takes the
CLI's options (an unknown one is an error, as with the CLI) and these:

  --scenario <id>         the scenario to play (or CCWIRE_FAKE_SCENARIO)
  --cli-version <version> the CLI version whose recording to play
                          (or CCWIRE_FAKE_CLI_VERSION; default: the newest)
  --recordings <dir>      the recordings folder (or CCWIRE_FAKE_RECORDINGS;
                          default: the ccwire module's, if the working folder
                          is in it, else the embedded recordings)
  --embedded              play the recordings built into the binary
                          (or CCWIRE_FAKE_EMBEDDED=1)

  --chaos <faults>        inject faults into the recording played (or
                          CCWIRE_FAKE_CHAOS; see Chaos below)

  -v, --version           print the played CLI version
  -h, --help              print this help

Example:

  claude --scenario text-simple --cli-version 2.1.37 \
    --output-format stream-json --input-format stream-json --verbose
`

func firstOf(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

// userLine is the stream-json user message for a prompt.
func userLine(prompt string) string {
	return jsontree.NewObject(
		jsontree.Member{Key: "type", Val: jsontree.NewString("user")},
		jsontree.Member{Key: "message", Val: jsontree.NewObject(
			jsontree.Member{Key: "role", Val: jsontree.NewString("user")},
			jsontree.Member{Key: "content", Val: jsontree.NewString(prompt)},
		)},
	).String()
}

// source is where the recordings are: a folder of <version>/<id>.txtar,
// or of version-free <id>.txtar.
type source struct {
	fsys fs.FS
	name string // for messages
}

func findSource(a *Args, cfg Config, getenv func(string) string) (*source, error) {
	if dir := firstOf(a.Recordings, getenv(EnvRecordings)); dir != "" {
		if _, err := os.Stat(dir); err != nil {
			return nil, fmt.Errorf("recordings: %w", err)
		}
		return &source{fsys: os.DirFS(dir), name: dir}, nil
	}
	embedded := a.Embedded || getenv(EnvEmbedded) == "1"
	if !embedded {
		start := cfg.Dir
		if start == "" {
			start, _ = os.Getwd()
		}
		if dir := ModuleRecordings(start); dir != "" {
			return &source{fsys: os.DirFS(dir), name: dir}, nil
		}
	}
	if cfg.Embedded == nil {
		if embedded {
			return nil, errors.New("this binary has no embedded recordings")
		}
		return nil, fmt.Errorf("no recordings folder: pass --recordings DIR or set %s", EnvRecordings)
	}
	fsys, err := cfg.Embedded()
	if err != nil {
		return nil, fmt.Errorf("the embedded recordings: %w", err)
	}
	return &source{fsys: fsys, name: "the embedded recordings"}, nil
}

// ModuleRecordings returns the recordings folder of the ccwire module that
// dir is in, "" if it is in none. The recordings folder is a module of its
// own: dir may be in it.
func ModuleRecordings(dir string) string {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if data, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil {
			switch modfile.ModulePath(data) {
			case "github.com/ccwire/ccwire":
				if st, err := os.Stat(filepath.Join(d, "recordings")); err == nil && st.IsDir() {
					return filepath.Join(d, "recordings")
				}
			case "github.com/ccwire/ccwire/recordings":
				return d
			}
			return ""
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// recording reads the recording of scenario id for version: in the
// version's folder, or else a version-free one, whose <cli-version> then
// stands for version.
func (s *source) recording(version, id string) (*recording.Recording, error) {
	if !fs.ValidPath(id) || strings.Contains(id, "/") {
		return nil, fmt.Errorf("scenario %q: not a scenario ID", id)
	}
	for _, p := range []string{path.Join(version, id+recording.Ext), id + recording.Ext} {
		rec, err := recording.ReadRecordingLinesFS(s.fsys, p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", s.name, p, err)
		}
		return rec, nil
	}
	return nil, fmt.Errorf("%s: no recording of scenario %s for CLI %s: %w", s.name, id, version, fs.ErrNotExist)
}

// newest returns the newest CLI version the source has recordings of.
func (s *source) newest() (string, error) {
	entries, err := fs.ReadDir(s.fsys, ".")
	if err != nil {
		return "", fmt.Errorf("%s: %w", s.name, err)
	}
	var versions []string
	for _, e := range entries {
		if _, err := cliversion.Parse(e.Name()); e.IsDir() && err == nil {
			versions = append(versions, e.Name())
		}
	}
	if len(versions) == 0 {
		return "", fmt.Errorf("%s: no CLI version folders: pass --cli-version or set %s", s.name, EnvCLIVersion)
	}
	slices.SortFunc(versions, cliversion.CompareStrings)
	return versions[len(versions)-1], nil
}
