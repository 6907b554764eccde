package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"
)

// SessionEntry is one line of a session transcript, the JSONL file the CLI
// keeps for each session under its config folder (recorded for the
// scenarios that ask for them as the recording's session files, see
// package recording)
// (projects/<project>/<session ID>.jsonl, and
// <session ID>/subagents/agent-<agent ID>.jsonl for a subagent). The CLI
// writes conversation entries (type user, assistant, system, attachment,
// progress), which carry a UUID and the UUID of the entry before them, and
// bookkeeping entries without a UUID (queue-operation, last-prompt,
// custom-title, ai-title, tag, mode, cost-state, api-request... the newer
// the CLI, the more kinds).
//
// An entry is lossless: the typed fields hold the members most callers
// need, Unknown every member they do not (or whose value has another JSON
// type than the field), and Line the line as the CLI wrote it.
type SessionEntry struct {
	Type              string // user, assistant, system, attachment, progress, custom-title, tag...
	Subtype           string // of a system entry: compact_boundary, informational...
	UUID              string // the entry's UUID; empty for bookkeeping entries
	ParentUUID        string // the UUID of the entry before it in the conversation; empty (null) for the first
	LogicalParentUUID string // the entry a compact boundary follows, across the compaction
	SessionID         string // the session the entry was written in
	Timestamp         string // when it was written, RFC 3339 (see [SessionEntry.Time])
	IsSidechain       bool   // a subagent's entry
	IsMeta            bool   // a message the CLI made for the model, not shown to the user
	IsCompactSummary  bool   // the summary that replaces a compacted conversation
	AgentID           string // the subagent whose transcript holds the entry
	Cwd               string // the CLI's working directory
	GitBranch         string // the git branch of the working directory
	Version           string // the CLI's version
	UserType          string // "external" for the public CLI
	Entrypoint        string // who started the CLI: cli, sdk-cli, sdk-ts, sdk-py, sdk-go... (2.1.332)
	PromptID          string // the prompt the entry answers (2.1.332)
	// Message is the Messages API message of a user or assistant entry
	// ({"role", "content", ...}); [SessionEntry.UserBody] and
	// [SessionEntry.AssistantBody] decode it.
	Message json.RawMessage
	// Attachment is what an attachment entry attaches (its "type" says
	// what: environment, date, queued_command, skill_listing...).
	Attachment    json.RawMessage
	ToolUseResult json.RawMessage // the tool's structured result, on a user entry with a tool_result
	CustomTitle   string          // of a custom-title entry: the title given by /rename or RenameSession
	AITitle       string          // of an ai-title entry: the title the model gave the session
	Tag           string          // of a tag entry: the tag; empty clears it
	LastPrompt    string          // of a last-prompt entry: the latest prompt (2.1.332)
	LeafUUID      string          // of last-prompt and summary entries: the conversation entry they belong to
	Summary       string          // of a summary entry: a summary of the conversation
	// Unknown are the members the typed fields do not hold, by key, as JSON
	// text. A member whose value has another JSON type than its field is
	// here too, and the field is zero.
	Unknown map[string]json.RawMessage
	// Line is the line as the CLI wrote it, without its newline.
	Line []byte
	// LineNumber is the line's number in its file, from 1; 0 for an entry
	// decoded on its own.
	LineNumber int
}

// Time returns the entry's Timestamp as a time, and false if it has none
// or it is not RFC 3339.
func (e *SessionEntry) Time() (time.Time, bool) {
	t, err := time.Parse(time.RFC3339Nano, e.Timestamp)
	return t, err == nil
}

// MarshalJSON returns the entry's line as the CLI wrote it.
func (e *SessionEntry) MarshalJSON() ([]byte, error) {
	if e.Line == nil {
		return nil, errors.New("protocol: a SessionEntry not decoded from a line has no JSON")
	}
	return slices.Clone(e.Line), nil
}

// IsConversation reports whether the entry is part of the conversation
// chain: a user, assistant, system, attachment or progress entry with a
// UUID, which the chain of ParentUUID links joins.
func (e *SessionEntry) IsConversation() bool {
	switch e.Type {
	case "user", "assistant", "system", "attachment", "progress":
		return e.UUID != ""
	}
	return false
}

// UserBody decodes the Message of a user entry with the protocol model:
// its role and content (the prompt, or tool results), unknown members
// kept.
func (e *SessionEntry) UserBody() (*UserBody, error) {
	m, err := e.decodeMessage("user")
	if err != nil {
		return nil, err
	}
	return &m.(*UserMessage).Message, nil
}

// AssistantBody decodes the Message of an assistant entry with the
// protocol model: the model's answer (content blocks, stop reason, usage),
// unknown members kept.
func (e *SessionEntry) AssistantBody() (*AssistantBody, error) {
	m, err := e.decodeMessage("assistant")
	if err != nil {
		return nil, err
	}
	return &m.(*AssistantMessage).Message, nil
}

// decodeMessage decodes Message as the message of a stream-json line of
// type typ, which the transcript entry mirrors.
func (e *SessionEntry) decodeMessage(typ string) (Message, error) {
	if e.Type != typ {
		return nil, fmt.Errorf("protocol: session entry %s is of type %q, not %q", e.UUID, e.Type, typ)
	}
	if len(e.Message) == 0 {
		return nil, fmt.Errorf("protocol: session entry %s has no message", e.UUID)
	}
	line := make([]byte, 0, len(e.Message)+64)
	line = append(line, `{"type":"`...)
	line = append(line, typ...)
	line = append(line, `","session_id":"","message":`...)
	line = append(line, e.Message...)
	line = append(line, '}')
	m, err := Decode(line)
	if err != nil {
		return nil, fmt.Errorf("protocol: session entry %s: message: %w", e.UUID, err)
	}
	return m, nil
}

// DecodeSessionEntry decodes one line of a session transcript. The line
// must be a JSON object; every member is kept (see [SessionEntry]).
func DecodeSessionEntry(line []byte) (*SessionEntry, error) {
	line = bytes.TrimSpace(line)
	if len(line) == 0 || line[0] != '{' {
		return nil, errors.New("not a JSON object")
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(line, &members); err != nil {
		return nil, err
	}
	e := &SessionEntry{Line: slices.Clip(line)}
	for key, raw := range members {
		if !e.setMember(key, raw) {
			if e.Unknown == nil {
				e.Unknown = make(map[string]json.RawMessage)
			}
			e.Unknown[key] = raw
		}
	}
	return e, nil
}

// setMember sets the typed field of key from raw, and reports whether it
// did: false for a key no field holds or a value of another JSON type.
func (e *SessionEntry) setMember(key string, raw json.RawMessage) bool {
	str := func(dst *string) bool { return decodeNullable(raw, dst) }
	flag := func(dst *bool) bool { return json.Unmarshal(raw, dst) == nil }
	object := func(dst *json.RawMessage) bool {
		if t := bytes.TrimSpace(raw); len(t) == 0 || t[0] == 'n' {
			return false
		}
		*dst = raw
		return true
	}
	switch key {
	case "type":
		return str(&e.Type)
	case "subtype":
		return str(&e.Subtype)
	case "uuid":
		return str(&e.UUID)
	case "parentUuid":
		return str(&e.ParentUUID)
	case "logicalParentUuid":
		return str(&e.LogicalParentUUID)
	case "sessionId":
		return str(&e.SessionID)
	case "timestamp":
		return str(&e.Timestamp)
	case "isSidechain":
		return flag(&e.IsSidechain)
	case "isMeta":
		return flag(&e.IsMeta)
	case "isCompactSummary":
		return flag(&e.IsCompactSummary)
	case "agentId":
		return str(&e.AgentID)
	case "cwd":
		return str(&e.Cwd)
	case "gitBranch":
		return str(&e.GitBranch)
	case "version":
		return str(&e.Version)
	case "userType":
		return str(&e.UserType)
	case "entrypoint":
		return str(&e.Entrypoint)
	case "promptId":
		return str(&e.PromptID)
	case "message":
		return object(&e.Message)
	case "attachment":
		return object(&e.Attachment)
	case "toolUseResult":
		return object(&e.ToolUseResult)
	case "customTitle":
		return str(&e.CustomTitle)
	case "aiTitle":
		return str(&e.AITitle)
	case "tag":
		return str(&e.Tag)
	case "lastPrompt":
		return str(&e.LastPrompt)
	case "leafUuid":
		return str(&e.LeafUUID)
	case "summary":
		return str(&e.Summary)
	}
	return false
}

// decodeNullable decodes a JSON string or null (as "") into dst, and
// reports whether raw was one.
func decodeNullable(raw json.RawMessage, dst *string) bool {
	if t := bytes.TrimSpace(raw); len(t) > 0 && t[0] == 'n' {
		*dst = ""
		return string(t) == "null"
	}
	return json.Unmarshal(raw, dst) == nil
}
