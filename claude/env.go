package claude

import (
	"net/url"
	"os"
	"slices"
	"strings"
)

// Environment variables ccwire reads.
const (
	// EnvCacheDir overrides ccwire's cache root (default: ccwire under
	// [os.UserCacheDir]); versions live in <root>/claude-code/<version>.
	EnvCacheDir = "CCWIRE_CACHE_DIR"
	// EnvBinary names an explicit Claude Code binary (a native executable or
	// cli.js) to use instead of the cache. EnvBinary + "_" + the version with
	// dots as underscores (CCWIRE_CLAUDE_2_1_37) names one for a single
	// version and takes precedence.
	EnvBinary = "CCWIRE_CLAUDE"
)

// inheritedVars returns the variables a CLI process takes over from the
// parent's environment: what finds programs and sets the locale and shell.
// Everything else, notably ANTHROPIC_*, CLAUDE_* and proxy settings, is
// left behind.
func inheritedVars() []string {
	return []string{"PATH", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "TZ", "SHELL", "USER", "LOGNAME"}
}

// quietVars returns the variables that turn off the CLI's auto-update,
// telemetry, error reporting and other nonessential network traffic. 2.1.37
// and 2.1.330 honour all of them (DISABLE_UPDATES is new in the 2.1.3xx line
// and ignored before).
func quietVars() []string {
	return []string{
		"DISABLE_AUTOUPDATER=1",
		"DISABLE_UPDATES=1",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
		"DISABLE_TELEMETRY=1",
		"DISABLE_ERROR_REPORTING=1",
		"DISABLE_AUTO_MIGRATE_TO_NATIVE=1",
		"DISABLE_INSTALLATION_CHECKS=1",
	}
}

// cliEnv builds a CLI process's environment from a clean base: the inherited
// variables found by lookup, the quiet variables, the folders the process
// owns, then extra ("KEY=VALUE", later entries win).
func cliEnv(lookup func(string) (string, bool), home, configDir, tmpDir string, extra ...string) []string {
	var env []string
	for _, k := range inheritedVars() {
		if v, ok := lookup(k); ok {
			env = append(env, k+"="+v)
		}
	}
	env = append(env, quietVars()...)
	env = append(env,
		"HOME="+home,
		"CLAUDE_CONFIG_DIR="+configDir,
		"TMPDIR="+tmpDir,
		"CLAUDE_CODE_TMPDIR="+tmpDir,
	)
	return mergeEnv(env, extra)
}

// mergeEnv appends extra to env, replacing earlier entries of the same key.
func mergeEnv(env, extra []string) []string {
	for _, kv := range extra {
		key, _, _ := strings.Cut(kv, "=")
		env = slices.DeleteFunc(env, func(e string) bool {
			k, _, _ := strings.Cut(e, "=")
			return k == key
		})
		env = append(env, kv)
	}
	return env
}

// envLookup returns the lookup function in effect: the given one, or the
// process environment.
func envLookup(lookup func(string) (string, bool)) func(string) (string, bool) {
	if lookup != nil {
		return lookup
	}
	return os.LookupEnv
}

// blackholeProxy is where a sealed session's proxy variables point: a
// loopback port nothing serves (discard), so a proxied connection fails at
// once.
const blackholeProxy = "http://127.0.0.1:9"

// sealedNetworkVars returns the variables that keep the CLI off the network
// except for loopback and baseURL's host: every proxy variable points at a
// dead loopback port, and NO_PROXY exempts the hosts it may reach. Both
// pinned versions honour them for all their HTTP traffic; 2.1.37 otherwise
// contacts api.anthropic.com (a fast-mode status fetch) whatever the
// DISABLE_* variables say.
func sealedNetworkVars(baseURL string) []string {
	noProxy := []string{"127.0.0.1", "localhost", "::1"}
	if u, err := url.Parse(baseURL); err == nil && u.Hostname() != "" && !slices.Contains(noProxy, u.Hostname()) {
		noProxy = append(noProxy, u.Hostname())
	}
	np := strings.Join(noProxy, ",")
	return []string{
		"HTTPS_PROXY=" + blackholeProxy, "https_proxy=" + blackholeProxy,
		"HTTP_PROXY=" + blackholeProxy, "http_proxy=" + blackholeProxy,
		"NO_PROXY=" + np, "no_proxy=" + np,
	}
}
