// Package cliinstall installs pinned versions of the Claude Code CLI from
// npm into a per-user cache and locates them.
//
// [Install] puts @anthropic-ai/claude-code at an exact version into the
// cache (one folder per version, see [CacheDir]) with npm, safely when
// several processes install at once, and reuses a completed install
// without running npm again. [Locate] finds an installed version without
// installing. An explicit binary can replace the cache ([WithBinaryPath],
// or the environment variables CCWIRE_CLAUDE and CCWIRE_CLAUDE_<version>,
// e.g. CCWIRE_CLAUDE_2_1_37). Either way the result is a [Binary], checked
// by running it with --version; package claude runs it.
//
// The versions ccwire is pinned to are [SeedVersion] and [DefaultVersion]
// ([PinnedVersions]); any other exact version installs the same way, and
// [Resolve] turns an npm dist-tag such as "latest" into the version it
// names today. Versions from 2.1.198 on ship a native binary (in a
// platform package, an optional dependency) and declare a Node.js engine
// newer than many machines have, which the binary does not need, so
// installs run with --engine-strict=false.
//
// The package runs on Unix systems: it relies on flock(2).
package cliinstall
