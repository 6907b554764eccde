package cliinstall

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"time"

	"github.com/ccwire/ccwire/cliversion"
)

// ViewError reports a failed `npm view` of the package's versions.
type ViewError struct {
	// Args is npm's command line, without the npm executable.
	Args []string
	// ExitCode is npm's exit status (-1 if it did not exit normally).
	ExitCode int
	// Code is npm's error code from its output ("E404", "ECONNREFUSED",
	// ...), or "" if npm printed none.
	Code string
	// Stderr is npm's error output.
	Stderr string
	// Kind is the sentinel the failure falls under (ErrRegistry), or nil
	// if it fits none.
	Kind error
	// Err is the error from running npm, or from reading its output.
	Err error
}

// Error says what failed and how to fix it.
func (e *ViewError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "cliinstall: npm %s failed", strings.Join(e.Args, " "))
	switch {
	case e.Code != "":
		fmt.Fprintf(&b, " (%s)", e.Code)
	case e.ExitCode >= 0:
		fmt.Fprintf(&b, " (exit status %d)", e.ExitCode)
	}
	if e.Err != nil {
		fmt.Fprintf(&b, ": %v", e.Err)
	}
	if errors.Is(e.Kind, ErrRegistry) {
		b.WriteString("; the npm registry could not be reached or refused the request: check the network, proxy and registry settings (`npm config get registry`)")
	}
	return withNPMSaid(&b, e.Stderr)
}

// Unwrap returns the failure's kind and the error from running npm.
func (e *ViewError) Unwrap() []error {
	return kindAndCause(e.Kind, e.Err)
}

// PublishedVersions returns the versions of the Claude Code CLI the npm
// registry publishes, oldest first (in [cliversion] order), as `npm view
// @anthropic-ai/claude-code versions --json` lists them; names that are
// not versions are left out. [WithNPM] and [WithNPMArgs] (a registry)
// apply. A failure of npm is a *ViewError.
func PublishedVersions(ctx context.Context, opts ...Option) ([]string, error) {
	c := newInstallConfig(opts)
	npm := c.npm
	if npm == "" {
		npm = "npm"
	}
	npmPath, err := exec.LookPath(npm)
	if err != nil {
		return nil, fmt.Errorf("cliinstall: cannot list the published Claude Code versions: %q not found (%v); install Node.js and npm: %w", npm, err, ErrNPMNotFound)
	}
	args := append([]string{"view", PackageName, "versions", "--json", "--no-update-notifier"}, c.npmArgs...)
	cmd := exec.CommandContext(ctx, npmPath, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("cliinstall: npm view interrupted: %w", context.Cause(ctx))
		}
		code, kind := classifyNPM(stderr.String())
		if kind != ErrRegistry {
			kind = nil
		}
		exit := -1
		if cmd.ProcessState != nil {
			exit = cmd.ProcessState.ExitCode()
		}
		return nil, &ViewError{Args: args, ExitCode: exit, Code: code, Stderr: stderr.String(), Kind: kind, Err: err}
	}
	versions, err := parseVersionList(stdout.Bytes())
	if err != nil {
		return nil, &ViewError{Args: args, ExitCode: 0, Stderr: stderr.String(), Err: err}
	}
	return versions, nil
}

// parseVersionList reads npm view's JSON: an array of versions, or one
// version (a package with a single version).
func parseVersionList(data []byte) ([]string, error) {
	var list []string
	if err := json.Unmarshal(data, &list); err != nil {
		var one string
		if err2 := json.Unmarshal(data, &one); err2 != nil {
			return nil, fmt.Errorf("reading the list of versions: %w", err)
		}
		list = []string{one}
	}
	out := list[:0]
	for _, v := range list {
		if _, err := cliversion.Parse(v); err == nil {
			out = append(out, v)
		}
	}
	slices.SortFunc(out, cliversion.CompareStrings)
	return slices.Compact(out), nil
}
