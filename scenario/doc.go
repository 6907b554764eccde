// Package scenario runs the conformance scenarios: conversations with the
// real Claude Code CLI against a scripted fake of the Anthropic Messages
// API, with what the CLI must write in each.
//
// A scenario is a txtar file (see scenarios/README.md for the format):
// a header with the id, category, titles and notes in English and
// Japanese, the CLI versions it applies to, CLI flags and environment; the
// stub script (the stubapi script file format); files of the working
// folder; turns of stdin lines and expected stdout patterns (match
// patterns, an ordered subsequence); and checks after the run (exit
// status, API requests, tool results sent back, files on disk). Sections
// can have variants for CLI versions.
//
// [Parse] and [Load] read a scenario strictly, with errors naming file,
// line and section; [Scenario.Plan] resolves its variants for one version.
// A [Runner] runs a scenario against one CLI binary with a fresh fake API,
// CLI process, HOME and working folder and returns a [Result]: pass, fail
// with every problem ([Failure]: match's closest-candidate differences,
// the scenario and version named), or skip when the scenario does not
// apply. [RunAll] runs many scenarios against many versions in parallel.
//
// Every run is recorded: stdin and stdout lines in order with their turn,
// the main-loop API requests placed among them by a causal rule (see
// [recording.EventRequest]), which expectation matched which stdout line, the side
// requests counted by kind, the exit status. Values that change between runs or machines (UUIDs,
// session ids, timestamps, durations, temporary paths, process ids, the OS
// version) are replaced by stable placeholders, UUIDs and ids numbered by
// first appearance ("<uuid:1>") so that references stay linked; two runs
// of a scenario give byte-identical recordings. A [recording.Recording] is that
// record, typed: the runner builds it, [WriteRecording] stores it as
// recordings/<version>/<id>.txtar and [recording.ReadRecording] reads it back.
package scenario
