package cliinstall

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// Sentinel errors of provisioning. Errors returned by [Install] and [Locate]
// wrap them, so callers branch with errors.Is.
var (
	// ErrInvalidVersion means the version is not one exact version.
	ErrInvalidVersion = errors.New("invalid Claude Code version")
	// ErrNotInstalled means the version is not in the cache (from [Locate]).
	ErrNotInstalled = errors.New("Claude Code version not installed")
	// ErrNPMNotFound means npm is not on PATH (or the configured npm is missing).
	ErrNPMNotFound = errors.New("npm not found")
	// ErrUnknownVersion means the registry has no such version of the package.
	ErrUnknownVersion = errors.New("no such Claude Code version in the npm registry")
	// ErrRegistry means the npm registry could not be reached or refused the request.
	ErrRegistry = errors.New("npm registry unavailable")
	// ErrNoPlatformPackage means npm installed the package but not the
	// optional dependency that holds the native CLI for this platform,
	// as when the registry does not have it (yet).
	ErrNoPlatformPackage = errors.New("Claude Code platform package not installed")
	// ErrVersionMismatch means a binary reports another version than the one asked for.
	ErrVersionMismatch = errors.New("Claude Code binary has another version")
)

// NPMError reports a failed npm install.
type NPMError struct {
	// Version is the Claude Code version being installed.
	Version string
	// Args is npm's command line, without the npm executable.
	Args []string
	// ExitCode is npm's exit status (-1 if it did not exit normally).
	ExitCode int
	// Code is npm's error code from its output ("ETARGET", "E404",
	// "ECONNREFUSED", ...), or "" if npm printed none.
	Code string
	// Stderr is npm's error output (its tail, if long).
	Stderr string
	// Kind is the sentinel the failure falls under (ErrUnknownVersion,
	// ErrRegistry), or nil if it fits none.
	Kind error
	// Err is the error from running npm.
	Err error
}

// Error says what failed and how to fix it.
func (e *NPMError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "cliinstall: npm install %s@%s failed", PackageName, e.Version)
	if e.Code != "" {
		fmt.Fprintf(&b, " (%s)", e.Code)
	} else if e.ExitCode >= 0 {
		fmt.Fprintf(&b, " (exit status %d)", e.ExitCode)
	}
	switch {
	case errors.Is(e.Kind, ErrUnknownVersion):
		fmt.Fprintf(&b, ": the registry has no version %s; list the published ones with `npm view %s versions`", e.Version, PackageName)
	case errors.Is(e.Kind, ErrRegistry):
		b.WriteString(": the npm registry could not be reached or refused the request; check the network, proxy and registry settings (`npm config get registry`), or point CCWIRE_CLAUDE at an installed binary")
	}
	return withNPMSaid(&b, e.Stderr)
}

// Unwrap returns the failure's kind and the error from running npm.
func (e *NPMError) Unwrap() []error {
	return kindAndCause(e.Kind, e.Err)
}

// VerifyError reports a binary that does not run "--version" as expected.
type VerifyError struct {
	// Path is the binary's entry point.
	Path string
	// Source says who chose the binary: "WithBinaryPath", an environment
	// variable's name, or "" for the cache.
	Source string
	// Want is the version asked for ("" for any).
	Want string
	// Got is the version the binary reported ("" if none).
	Got string
	// Output is what the binary printed.
	Output string
	// Err is the error from running it, or ErrVersionMismatch.
	Err error
}

// Error says what failed and how to fix it.
func (e *VerifyError) Error() string {
	what := e.Path
	fix := "reinstall it (delete its cache folder and run `ccwire cli install`)"
	if e.Source != "" {
		what += " (chosen by " + e.Source + ")"
		fix = "choose another binary or unset " + e.Source + " to use the cache"
		if e.Source == "WithBinaryPath" {
			fix = "choose another binary"
		}
	}
	if e.Got != "" && e.Want != "" && e.Got != e.Want {
		return fmt.Sprintf("cliinstall: %s is Claude Code %s, not %s; %s", what, e.Got, e.Want, fix)
	}
	msg := fmt.Sprintf("cliinstall: %s --version did not report a Claude Code version", what)
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	if s := lastLines(e.Output, 6); s != "" {
		msg += "\noutput:\n" + s
	}
	return msg + "\n" + fix
}

// Unwrap returns the underlying error.
func (e *VerifyError) Unwrap() error { return e.Err }

// npmCode finds npm's error code in its output ("npm error code ETARGET", or
// "npm ERR! code E404" in older npm).
var npmCode = regexp.MustCompile(`(?m)^npm (?:error|ERR!) code (E[A-Z0-9_]+)\s*$`)

// classifyNPM maps npm's error output to an error code and a sentinel.
func classifyNPM(stderr string) (code string, kind error) {
	if m := npmCode.FindStringSubmatch(stderr); m != nil {
		code = m[1]
	}
	switch code {
	case "ETARGET", "ENOVERSIONS":
		return code, ErrUnknownVersion
	case "E404":
		return code, ErrUnknownVersion
	case "ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "ESOCKETTIMEDOUT",
		"ENETUNREACH", "EHOSTUNREACH", "E401", "E403", "E407", "E429", "E500", "E502", "E503", "E504",
		"EINTEGRITY", "SELF_SIGNED_CERT_IN_CHAIN", "UNABLE_TO_GET_ISSUER_CERT_LOCALLY", "CERT_HAS_EXPIRED":
		return code, ErrRegistry
	}
	if strings.Contains(stderr, "No matching version found") {
		return code, ErrUnknownVersion
	}
	if strings.Contains(stderr, "FetchError") || strings.Contains(stderr, "request to http") {
		return code, ErrRegistry
	}
	return code, nil
}

// lastLines returns the last n non-empty lines of s.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	var kept []string
	for i := len(lines) - 1; i >= 0 && len(kept) < n; i-- {
		if strings.TrimSpace(lines[i]) != "" {
			kept = append(kept, lines[i])
		}
	}
	for i, j := 0, len(kept)-1; i < j; i, j = i+1, j-1 {
		kept[i], kept[j] = kept[j], kept[i]
	}
	return strings.Join(kept, "\n")
}

// npmSummary keeps the informative lines of npm's error output: its "npm
// error" lines without stack frames, object dumps and the log file pointer.
func npmSummary(stderr string) string {
	var kept []string
	for line := range strings.Lines(stderr) {
		line = strings.TrimRight(line, "\r\n")
		rest, ok := strings.CutPrefix(line, "npm error")
		if !ok {
			rest, ok = strings.CutPrefix(line, "npm ERR!")
		}
		if !ok {
			continue
		}
		t := strings.TrimSpace(rest)
		switch {
		case t == "", t == "{", t == "}", t == "404",
			strings.HasPrefix(t, "at "),
			strings.HasPrefix(t, "A complete log of this run"),
			npmDumpField.MatchString(t):
			continue
		}
		kept = append(kept, line)
	}
	if len(kept) > 8 {
		kept = kept[:8]
	}
	return strings.Join(kept, "\n")
}

// npmDumpField matches a field of an error object npm dumps ("code: 'X',").
var npmDumpField = regexp.MustCompile(`^[a-z][a-zA-Z]*: ('[^']*'|[0-9]+|[a-z]+),?$`)

// kindAndCause is what the npm errors unwrap to: their kind (ErrRegistry,
// ErrUnknownVersion...) and the error from running npm, those that are set.
func kindAndCause(kind, cause error) []error {
	var errs []error
	if kind != nil {
		errs = append(errs, kind)
	}
	if cause != nil {
		errs = append(errs, cause)
	}
	return errs
}

// withNPMSaid ends an npm error's message with the gist of what npm wrote
// on stderr, if anything, and returns the message.
func withNPMSaid(b *strings.Builder, stderr string) string {
	if s := npmSummary(stderr); s != "" {
		b.WriteString("\nnpm said:\n")
		b.WriteString(s)
	}
	return b.String()
}
