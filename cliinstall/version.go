package cliinstall

import (
	"fmt"
	"strings"

	"github.com/ccwire/ccwire/cliversion"
)

// The pinned Claude Code versions. They are the one place these versions are
// written down; everything else refers to these constants.
const (
	// DefaultVersion is the Claude Code version ccwire uses unless told otherwise.
	DefaultVersion = "2.1.332"
	// SeedVersion is the Claude Code version of the era the seed documents
	// describe.
	SeedVersion = "2.1.37"
)

// PinnedVersions returns the pinned versions, oldest first.
func PinnedVersions() []string {
	return []string{SeedVersion, DefaultVersion}
}

// PackageName is the npm package that ships the Claude Code CLI.
const PackageName = "@anthropic-ai/claude-code"

// checkVersion reports whether v names one exact version (see
// [cliversion.Parse]), such as 2.1.330 or 1.0.0-beta.2; ranges, tags and
// "latest" are refused so an install is reproducible.
func checkVersion(v string) error {
	if _, err := cliversion.Parse(v); err != nil {
		return fmt.Errorf("cliinstall: %q is not an exact version (want MAJOR.MINOR.PATCH, e.g. %s): %w", v, DefaultVersion, ErrInvalidVersion)
	}
	return nil
}

// parseVersionOutput extracts the version from the output of
// "claude --version", which reads like "2.1.330 (Claude Code)".
func parseVersionOutput(out string) (string, bool) {
	for _, field := range strings.Fields(out) {
		if _, err := cliversion.Parse(field); err == nil {
			return field, true
		}
	}
	return "", false
}

// versionEnvVar returns the environment variable that names an explicit
// binary for one version: CCWIRE_CLAUDE_2_1_37 for 2.1.37.
func versionEnvVar(version string) string {
	return EnvBinary + "_" + strings.Map(func(r rune) rune {
		switch {
		case r >= '0' && r <= '9', r >= 'A' && r <= 'Z':
			return r
		case r >= 'a' && r <= 'z':
			return r - 'a' + 'A'
		}
		return '_'
	}, version)
}
