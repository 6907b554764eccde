package claude

import "github.com/ccwire/ccwire/protocol"

// SessionEntry is one line of a session transcript, the JSONL file the CLI
// keeps for each session under its config folder
// (projects/<project>/<session ID>.jsonl, and
// <session ID>/subagents/agent-<agent ID>.jsonl for a subagent): the
// protocol model's [protocol.SessionEntry], lossless (typed fields,
// Unknown for the other members, Line as written).
type SessionEntry = protocol.SessionEntry

// DecodeSessionEntry decodes one line of a session transcript. The line
// must be a JSON object; every member is kept (see
// [protocol.DecodeSessionEntry]).
func DecodeSessionEntry(line []byte) (*SessionEntry, error) {
	return protocol.DecodeSessionEntry(line)
}
