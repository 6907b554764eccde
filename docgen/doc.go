// Package docgen generates the protocol reference of the Claude Code CLI's
// stream-json protocol, in English (docs/en) and Japanese (docs/ja), from
// what the module knows and what the real CLIs did:
//
//   - the meaning of every message, member and enum value comes from the doc
//     comments of package protocol, read from its source with go/parser and
//     go/doc, and the JSON keys from its member tables;
//   - the scenarios (titles, notes, expectations) come from scenarios/*.txtar,
//     read with package scenario;
//   - every example, JSON type and CLI version comes from the recordings under
//     recordings/<version>/, read with recording.ReadRecording, so the
//     reference only shows what a real CLI wrote; the order of the messages
//     and API requests and which messages the expectations matched are the
//     ones the runner recorded.
//
// [Render] builds the pages in memory and [Write] puts them on disk:
//
//	docs/README.md                      the languages
//	docs/<lang>/README.md               entry point: scenarios by category, message kinds
//	docs/<lang>/getting-started.md      read a stream, answer a permission request, test
//	                                    against the fake CLI
//	docs/<lang>/messages.md             the enums and the message types
//	docs/<lang>/messages/<type>.md      every kind of a message type: meaning, when it
//	                                    appears, members, examples, changes between versions
//	docs/<lang>/scenarios/<category>.md the scenarios of a category
//	docs/<lang>/scenarios/<category>/<id>.md
//	                                    a scenario: its recorded lines, each once with the
//	                                    versions holding it, and sequence diagrams
//	docs/<lang>/changelog.md            what changed between recorded versions, newest first
//	docs/<lang>/verdicts.md, .svg       the verdict of every scenario on every version
//
// No page grows with each recorded version by a copy of what an earlier
// version showed: a scenario's line is shown once with the versions that
// wrote it (an older text of a long line as what differs from the newer
// one), and a message kind has one example per change of its members.
// The reference describes the JSON: the Go names of the model that doc
// comments use (SubtypeSuccess, IsError) are written as the JSON values
// and keys they stand for.
//
// The same inputs give byte-identical pages. The English text of the pages
// is translated with the catalog catalog_ja.json, keyed by the English
// text; scenario titles and notes carry their own Japanese.
//
// Regenerate the committed reference with "go generate ./..." or
// "ccwire docs"; the package's tests fail when docs/ is out of date.
package docgen

// go generate ./... reaches this package before protocol: the model's
// generated description is brought up to date first, so that one pass
// gives a reference of the model as it is.
//go:generate go run ../internal/protogen -dir ../protocol
//go:generate go run ../cmd/ccwire docs -root .. -out ../docs
