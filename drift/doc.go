// Package drift tells what changed on the wire from one Claude Code CLI
// version to another, from the recordings of the conformance scenarios
// (recordings/<version>/<scenario>.txtar, see package scenario).
//
// [Load] reads one version's recordings into a [Corpus], with the
// verdicts of a results file beside them ([Results], written by `ccwire
// spec --results`) and the scenarios' version constraints to tell a
// scenario that does not apply from a missing one. [Compare] compares two
// corpora into a typed [Report], per scenario and in total:
//
//   - kinds of message added or removed, on stdout and stdin, and of API
//     requests ([Kind]: type/subtype, control request subtype, the
//     request a control answer answers, stream event type, content block
//     type);
//   - members added, removed or of other JSON types, per kind: in stdout
//     and stdin lines, control answers, and the headers and bodies of
//     the requests the CLI sent to the fake API;
//   - lists compared as sets, item by item: arrays of strings (tools,
//     slash_commands, skills, agents, capabilities, the anthropic-beta
//     header's betas) and arrays of named objects (mcp_servers, plugins,
//     commands, the API's tools, whose members are then paths by name:
//     "body.tools[Bash].input_schema");
//   - texts a version wraps in a tag the other sends bare (a synthetic
//     prompt wrapped in <system-reminder>);
//   - the order of the kinds of stdout lines within each turn;
//   - the scenarios whose verdict changed.
//
// Values are not compared, except as list items and wrapped texts; and
// the CLI version in any string is replaced by [Placeholder] on both
// sides first, so recordings that differ only in the version, or
// version-free recordings against versioned ones, compare equal.
// [Report.WriteText] and [Report.WriteMarkdown] print a report, nothing
// for an empty one; a Report marshals to JSON as is.
//
// [Bisect] finds the first version whose observation (a [Probe]'s: a
// scenario's verdict, what [Corpus.Observe] sees of a [Member]) differs
// from the oldest's, by binary search over published versions
// ([Between]). [Shard] and [MergeResults] split a plan of runs (scenarios
// × versions) across machines and merge their results back.
package drift
