// Package fakecli plays recordings (recordings/<version>/<scenario>.txtar,
// see package scenario) as a fake Claude Code CLI: a stand-in that speaks
// the stream-json and control protocols exactly as a named CLI version did
// in a recorded run, with no Node.js, API key or network.
//
// A [Player] reads the host's stdin lines and, for each, writes the
// stdout lines the real CLI wrote after the matching recorded stdin line,
// with the recording's placeholders (<uuid:N>, <cwd>, <duration>,
// <cli-version>, …) replaced by fresh values that stay consistent within
// the session. It is interactive, not a tape: a turn's lines come only
// after the host's message for it, a permission request waits for the
// host's answer, control requests the recording lacks are answered in
// the recorded version's shape, and SIGINT and SIGTERM get the version's
// recorded reaction (see [Player]).
//
// [Host] plays the other side of a recording, for tests that drive a CLI
// (real or fake) the way the recording's host did. The package's oracle
// test plays every recording of every version through the fake and checks
// that the normalized stdout equals the recording's.
//
// The ccwire command's fake-cli subcommand runs a Player as a process
// that accepts the CLI's flags, for SDKs that take a CLI path.
package fakecli
