// Package claude installs pinned versions of the Claude Code CLI and drives
// CLI processes in stream-json mode.
//
// Provisioning: [Install] puts @anthropic-ai/claude-code at an exact version
// into a per-user cache (one folder per version) with npm, safely when several
// processes install at once, and reuses a completed install without running
// npm again. [Locate] finds an installed version without installing. An
// explicit binary can replace the cache ([WithBinaryPath], or the environment
// variables CCWIRE_CLAUDE and CCWIRE_CLAUDE_<version>, e.g.
// CCWIRE_CLAUDE_2_1_37).
//
// Driving: [Start] runs one CLI process with
// "-p --input-format stream-json --output-format stream-json --verbose" in
// its own HOME, config folder, working directory and temporary folder, with a
// clean environment that points it at a given API base URL (normally a fake of
// the Anthropic Messages API) and turns off updates, telemetry and other
// nonessential traffic. A [Session] sends stdin messages ([Session.Send]),
// reads stdout messages ([Session.ReadTurn], [Session.ReadUntil],
// [Session.Messages]), keeps the tail of stderr and a transcript of both
// directions, and [Session.Close] leaves no process, goroutine or temporary
// folder behind.
//
// The package runs on Unix systems: it relies on process groups and flock(2).
package claude
