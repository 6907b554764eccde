// Package recording owns the files of ccwire's corpus of recordings:
// recordings/<version>/<scenario>.txtar and the content-addressed object
// store beside them, recordings/objects.
//
// A recording is data, below the runner that makes it (package scenario)
// and the readers that use it (the fake CLI, drift, the reference, the JSON
// Schemas, transcripts). [Recording] is its typed form: the run, its
// events (stdin and stdout lines, main-loop requests, signals), the
// requests and the side requests counted by kind. [ParseRecording] reads
// a recording's full text, [Recording.Marshal] writes it back byte for
// byte, [ReadRecording] and [ReadRecordingFS] read one from a recordings
// folder and [ReadEvents] only its events. [Walk] decodes the events into
// protocol messages and kinds, and [Placeholders] lists the placeholders
// recordings put for values that change from run to run.
//
// A recording's text repeats most of what
// the CLI sends: every API request carries the tool definitions, the
// system prompt, the headers and the conversation so far, and the same
// ones recur across requests, scenarios and CLI versions. The stored form
// keeps each such unit once, in the object store, and puts a reference in
// its place:
//
//	"header": "@header:3f2a1c9d4e5b6a7c",
//	"body": {
//	  "tools": ["@tool:Bash:9b1e04c2d7aa3f10", …],
//	  "system": ["@system:…", …],
//	  "messages": ["@message:user:…", "@message:assistant:…", …],
//
// The large stdout messages that recur across the scenarios of a version
// (system/init, control_response, result) are units too; the lines a
// reader of a recording looks at (assistant, user, stream events, stdin)
// stay in events.jsonl:
//
//	{"turn":1,"dir":"stdout","expect":1,"msg":"@line:system/init:…"}
//
// A reference stands only where the CLI writes an object (the header,
// the elements of a request body's tools, system and messages, and the
// message of those stdout lines), so a string there is always a reference. It names the unit's kind, a hint for
// people (the tool's name, the message's role) and the first 16 hex digits
// of the SHA-256 of the unit's compact JSON, which is the object's file:
// objects/<kind>/<hash>.json. A recording's diff still shows what changed:
// a tool whose definition changed has a new reference, and its new text is
// a new object.
//
// An object's long texts (the environment and instructions of a system
// block or message, many kilobytes that change a paragraph at a time) are
// kept as their paragraphs, each long one an object of kind text:
// objects/text/<hash>.json. The reference's hash is still that of the
// whole unit, so how an object is stored never shows in a recording.
//
// [Expand] restores the full text, byte for byte what package scenario
// writes, and [Compact] stores it; [ReadFile] and [WriteFile] do it for a
// file in a recordings folder, [ReadFileFS] for one in a file system such
// as the embedded corpus.
package recording
