package cliinstall

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/ccwire/ccwire/cliversion"
)

// LatestTag is the npm dist-tag of the newest release; [Resolve] turns it
// into that release's version.
const LatestTag = "latest"

// ErrUnknownTag means the npm registry has no such dist-tag for the package.
var ErrUnknownTag = errors.New("no such Claude Code dist-tag in the npm registry")

// distTag matches the names npm allows as dist-tags that are not versions:
// "latest", "next", "stable", "beta-2".
var distTag = regexp.MustCompile(`^[a-z][a-z0-9._-]*$`)

// Resolve returns the exact version that spec names: spec itself when it
// is an exact version (no npm runs), [DefaultVersion] for "", and, for an
// npm dist-tag such as [LatestTag], the version the registry tags with it
// today, as `npm view @anthropic-ai/claude-code dist-tags` shows. The npm
// executable and its arguments are [WithNPM]'s and [WithNPMArgs]'s.
//
// A failed look-up is a *[ResolveError] wrapping [ErrUnknownTag],
// [ErrRegistry] or [ErrNPMNotFound]; a spec that is neither a version nor
// a tag's name (a range such as ^2.1.0) wraps [ErrInvalidVersion].
func Resolve(ctx context.Context, spec string, opts ...Option) (string, error) {
	if spec == "" {
		return DefaultVersion, nil
	}
	if _, err := cliversion.Parse(spec); err == nil {
		return spec, nil
	}
	if !distTag.MatchString(spec) {
		return "", fmt.Errorf("cliinstall: %q is neither an exact version (MAJOR.MINOR.PATCH, e.g. %s) nor an npm dist-tag such as %s: %w", spec, DefaultVersion, LatestTag, ErrInvalidVersion)
	}
	c := newInstallConfig(opts)
	npm := c.npm
	if npm == "" {
		npm = "npm"
	}
	npmPath, err := exec.LookPath(npm)
	if err != nil {
		return "", &ResolveError{Tag: spec, Kind: ErrNPMNotFound, Err: err}
	}
	args := append([]string{"view", PackageName, "dist-tags", "--json", "--no-update-notifier"}, c.npmArgs...)
	cmd := exec.CommandContext(ctx, npmPath, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = 5 * time.Second
	start := time.Now()
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return "", fmt.Errorf("cliinstall: npm view of %s's dist-tags interrupted: %w", PackageName, context.Cause(ctx))
		}
		code, kind := classifyNPM(stderr.String())
		if kind == nil || errors.Is(kind, ErrUnknownVersion) {
			// The package itself is in every registry ccwire installs from:
			// a failure to list its tags is the registry's.
			kind = ErrRegistry
		}
		return "", &ResolveError{Tag: spec, Args: args, Code: code, Stderr: stderr.String(), Kind: kind, Err: err}
	}
	var tags map[string]string
	if err := json.Unmarshal(stdout.Bytes(), &tags); err != nil {
		return "", &ResolveError{Tag: spec, Args: args, Stderr: stderr.String(), Kind: ErrRegistry,
			Err: fmt.Errorf("npm printed no dist-tags object: %w (output %q)", err, lastLines(stdout.String(), 3))}
	}
	v, ok := tags[spec]
	if !ok {
		return "", &ResolveError{Tag: spec, Args: args, Tags: tags, Kind: ErrUnknownTag}
	}
	if _, err := cliversion.Parse(v); err != nil {
		return "", &ResolveError{Tag: spec, Args: args, Tags: tags, Kind: ErrRegistry, Err: fmt.Errorf("the tag names %q: %w", v, err)}
	}
	c.logger.Info("resolved Claude Code dist-tag", "tag", spec, "version", v, "took", time.Since(start).Round(time.Millisecond))
	return v, nil
}

// ResolveError reports a dist-tag that could not be resolved to a version.
type ResolveError struct {
	// Tag is the dist-tag looked up, such as "latest".
	Tag string
	// Args is npm's command line, without the npm executable; nil if npm
	// did not run.
	Args []string
	// Code is npm's error code from its output ("E404", "ECONNREFUSED",
	// ...), or "" if npm printed none.
	Code string
	// Stderr is npm's error output.
	Stderr string
	// Tags are the package's dist-tags, when npm listed them but not Tag.
	Tags map[string]string
	// Kind is the sentinel the failure falls under: ErrUnknownTag,
	// ErrRegistry or ErrNPMNotFound.
	Kind error
	// Err is the underlying error (from running npm, or decoding its
	// output), if any.
	Err error
}

// Error says what failed and how to fix it.
func (e *ResolveError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "cliinstall: resolve %s@%s", PackageName, e.Tag)
	if e.Code != "" {
		fmt.Fprintf(&b, " (%s)", e.Code)
	}
	switch {
	case errors.Is(e.Kind, ErrUnknownTag):
		tags := slices.Sorted(maps.Keys(e.Tags))
		for i, t := range tags {
			tags[i] = t + "=" + e.Tags[t]
		}
		fmt.Fprintf(&b, ": the registry has no dist-tag %q (it has %s); give an exact version", e.Tag, strings.Join(tags, ", "))
	case errors.Is(e.Kind, ErrNPMNotFound):
		b.WriteString(": npm not found; install Node.js and npm, or give an exact version")
	case errors.Is(e.Kind, ErrRegistry):
		b.WriteString(": the npm registry could not be reached or refused the request; check the network, proxy and registry settings (`npm config get registry`), or give an exact version")
	}
	if e.Err != nil {
		fmt.Fprintf(&b, ": %v", e.Err)
	}
	return withNPMSaid(&b, e.Stderr)
}

// Unwrap returns the failure's kind and the underlying error.
func (e *ResolveError) Unwrap() []error {
	return kindAndCause(e.Kind, e.Err)
}
