// Package clienv builds the environment a Claude Code CLI process runs
// with: a clean base that takes over from the parent only what finds
// programs and sets the locale and shell, the variables that keep the CLI
// quiet, the folders the process owns, and the proxy settings that keep it
// off the network. Package claude starts sessions with it and package
// cliinstall runs "--version" checks with it.
package clienv

import (
	"net/url"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

// inheritedVars returns the variables a CLI process takes over from the
// parent's environment: what finds programs and sets the locale and shell.
// Everything else, notably ANTHROPIC_*, CLAUDE_* and proxy settings, is
// left behind.
func inheritedVars() []string {
	return []string{"PATH", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "TZ", "SHELL", "USER", "LOGNAME",
		// Windows: where the system is and how programs are found and
		// started; without them Node and the shell the CLI's tools run fail.
		"SystemRoot", "SYSTEMROOT", "windir", "WINDIR", "PATHEXT", "ComSpec", "COMSPEC", "USERNAME", "NUMBER_OF_PROCESSORS", "PROCESSOR_ARCHITECTURE"}
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

// Build returns a CLI process's environment, built from a clean base: the
// inherited variables lookup finds (PATH, the locale, the shell), the
// variables that keep the CLI quiet, the folders the process owns (HOME,
// CLAUDE_CONFIG_DIR, TMPDIR and CLAUDE_CODE_TMPDIR, and on Windows
// USERPROFILE, APPDATA and LOCALAPPDATA under HOME), then extra
// ("KEY=VALUE", later entries win).
func Build(lookup func(string) (string, bool), home, configDir, tmpDir string, extra ...string) []string {
	var env []string
	for _, k := range inheritedVars() {
		if v, ok := lookup(k); ok {
			env = append(env, k+"="+v)
		}
	}
	env = append(env, quietVars()...)
	if runtime.GOOS == "windows" {
		// Node on Windows finds the home folder in USERPROFILE, and the
		// CLI keeps its data under APPDATA and LOCALAPPDATA there.
		env = append(env,
			"USERPROFILE="+home,
			"APPDATA="+filepath.Join(home, "AppData", "Roaming"),
			"LOCALAPPDATA="+filepath.Join(home, "AppData", "Local"))
	}
	env = append(env,
		"HOME="+home,
		"CLAUDE_CONFIG_DIR="+configDir,
		"TMPDIR="+tmpDir,
		"CLAUDE_CODE_TMPDIR="+tmpDir,
	)
	return Merge(env, extra)
}

// Merge appends extra to env, replacing earlier entries of the same key.
func Merge(env, extra []string) []string {
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

// blackholeProxy is where a sealed CLI's proxy variables point: a loopback
// port nothing serves (discard), so a proxied connection fails at once.
const blackholeProxy = "http://127.0.0.1:9"

// SealedNetwork returns the variables that keep the CLI off the network
// except for loopback and baseURL's host: every proxy variable points at a
// dead loopback port, and NO_PROXY exempts the hosts it may reach. Both
// pinned versions honour them for all their HTTP traffic; 2.1.37 otherwise
// contacts api.anthropic.com (a fast-mode status fetch) whatever the
// DISABLE_* variables say.
func SealedNetwork(baseURL string) []string {
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
