package webui

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/transcript"
)

// How much of a long text the page gets: a tool result, a text or
// thinking block is cut to about so many characters and lines (its first
// and last ones), a tool call's input to so many characters; as
// transcript's HTML view does.
const (
	resultChars = 20000
	resultLines = 400
	inputChars  = 5000
	summaryLen  = 160
)

// pageEvent is one event the page shows, sent to it as the data of a
// server-sent event. Kind says which it is and which fields it uses:
//
//	init              Init: the session's model, folder, CLI version, mode
//	state             Running: a turn is under way
//	status            Text: what the CLI is doing (requesting, compacting; "" for nothing)
//	prompt            Text: a prompt sent from a page
//	text_delta        ID, Parent, Text: a piece of the text block ID being streamed
//	text              ID, Parent, Text, MD: a whole text block (ID: the streamed one it completes, if any), MD its Markdown read
//	thinking_delta    ID, Parent, Text: a piece of the thinking block ID being streamed
//	thinking          ID, Parent, Text, Redacted: a whole thinking block
//	discard           ID: the streamed block ID was cut off and is streamed again
//	tool_input_delta  ID, Parent, Name, Text: a piece of tool call ID's input being streamed
//	tool_use          ID, Parent, Name, Summary, Input: a tool call
//	tool_result       ID, Parent, Text, Size, IsError: the result of tool call ID
//	permission        ID, Permission: the CLI asks whether a tool call may run
//	permission_done   ID, Text: a permission request is over (allowed, denied or withdrawn)
//	user              Text: a user message of the CLI's ([Request interrupted by user]...)
//	notice            Text: a system message worth a line (API retry, compaction...)
//	result            Result: a turn ended
//	error             Text: the server could not do what a page asked
//	ended             Text: the session ended (the CLI's exit; "" for a clean one)
//	dropped           Size: so many earlier events are no longer kept
type pageEvent struct {
	Kind     string `json:"kind"`
	ID       string `json:"id,omitempty"`
	Parent   string `json:"parent,omitempty"`
	Name     string `json:"name,omitempty"`
	Text     string `json:"text,omitempty"`
	Summary  string `json:"summary,omitempty"`
	Input    string `json:"input,omitempty"`
	Size     int64  `json:"size,omitempty"`
	IsError  bool   `json:"is_error,omitempty"`
	Redacted bool   `json:"redacted,omitempty"`
	Running  bool   `json:"running,omitempty"`
	// MD is a text's Markdown as the nodes of transcript's safe subset
	// (headings, lists, tables, code, links to http(s)), read by the
	// renderer `ccwire render -html` uses; the page builds them as
	// elements, never as markup.
	MD         []transcript.TextNode `json:"md,omitempty"`
	Init       *initInfo             `json:"init,omitempty"`
	Permission *permissionInfo       `json:"permission,omitempty"`
	Result     *resultInfo           `json:"result,omitempty"`
}

// initInfo describes the session, from system/init.
type initInfo struct {
	Model          string `json:"model,omitempty"`
	Cwd            string `json:"cwd,omitempty"`
	Version        string `json:"version,omitempty"`
	PermissionMode string `json:"permission_mode,omitempty"`
	SessionID      string `json:"session_id,omitempty"`
}

// permissionInfo is a can_use_tool request as the page shows it.
type permissionInfo struct {
	Tool        string `json:"tool"`
	ToolUseID   string `json:"tool_use_id,omitempty"`
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	Reason      string `json:"reason,omitempty"`
	BlockedPath string `json:"blocked_path,omitempty"`
	Summary     string `json:"summary,omitempty"`
	Input       string `json:"input,omitempty"`
}

// resultInfo is a turn's result with the session's figures so far.
type resultInfo struct {
	Subtype     string `json:"subtype"`
	IsError     bool   `json:"is_error,omitempty"`
	Interrupted bool   `json:"interrupted,omitempty"` // a page interrupted the turn
	// Label says how the turn ended when it failed: "API error 500",
	// "Not logged in", "Error: max turns"...; "" for a turn done or
	// interrupted.
	Label       string   `json:"label,omitempty"`
	Errors      []string `json:"errors,omitempty"`      // the error subtypes' messages, or the result text of an error
	Diagnostics []string `json:"diagnostics,omitempty"` // the CLI's own diagnostics ([ede_diagnostic] ...), for a bug report
	NumTurns    int64    `json:"num_turns"`             // model round trips
	DurationMS  int64    `json:"duration_ms"`
	Denials     int      `json:"denials,omitempty"` // tool calls denied permission
	// TurnCostUSD is the turn's cost, CostUSD the session's so far.
	TurnCostUSD float64 `json:"turn_cost_usd"`
	CostUSD     float64 `json:"cost_usd"`
	// Tokens are the turn's, SessionTokens the session's so far.
	Tokens        tokens `json:"tokens"`
	SessionTokens tokens `json:"session_tokens"`
}

// tokens are token counts.
type tokens struct {
	Input      int64 `json:"input"`
	Output     int64 `json:"output"`
	CacheRead  int64 `json:"cache_read"`
	CacheWrite int64 `json:"cache_write"`
}

// streamKey names the block being streamed of one kind (text, thinking)
// in one thread (the main one, or a subagent's).
type streamKey struct {
	kind, parent string
}

// liveBlock is a block being streamed: its page ID and its index in the
// model's response.
type liveBlock struct {
	id    string
	index int64
}

// translator turns a session's events into page events. It is used by
// one goroutine at a time.
type translator struct {
	live   map[streamKey]liveBlock
	nextID int
	stats  transcript.Stats // the session's figures so far
	cost   float64          // the session's cost at the previous result
}

func newTranslator() *translator {
	return &translator{live: make(map[streamKey]liveBlock)}
}

// streamed returns the page ID of the block of kind being streamed at
// index, starting a new one if it is not the block being streamed.
func (t *translator) streamed(kind, parent string, index int64) string {
	k := streamKey{kind, parent}
	if b, ok := t.live[k]; ok && b.index == index {
		return b.id
	}
	t.nextID++
	id := "s" + strconv.Itoa(t.nextID)
	t.live[k] = liveBlock{id: id, index: index}
	return id
}

// complete returns the page ID of the block of kind being streamed, which
// a whole block completes, and forgets it; "" if none is.
func (t *translator) complete(kind, parent string) string {
	k := streamKey{kind, parent}
	b := t.live[k]
	delete(t.live, k)
	return b.id
}

// events returns the page events of ev. interrupted says whether a page
// interrupted the turn, for a result.
func (t *translator) events(ev claude.Event, interrupted bool) []pageEvent {
	t.stats.Add(ev)
	switch e := ev.(type) {
	case *claude.InitEvent:
		in := e.Init
		return []pageEvent{{Kind: "init", Init: &initInfo{Model: in.Model, Cwd: in.CWD, Version: in.ClaudeCodeVersion,
			PermissionMode: string(in.PermissionMode), SessionID: in.SessionID}}}
	case *claude.TextDeltaEvent:
		return []pageEvent{{Kind: "text_delta", ID: t.streamed("text", e.ParentToolUseID, e.Index), Parent: e.ParentToolUseID, Text: e.Delta}}
	case *claude.TextEvent:
		text := cut(e.Text)
		return []pageEvent{{Kind: "text", ID: t.complete("text", e.ParentToolUseID), Parent: e.ParentToolUseID, Text: text, MD: transcript.ParseText(text)}}
	case *claude.ThinkingDeltaEvent:
		return []pageEvent{{Kind: "thinking_delta", ID: t.streamed("thinking", e.ParentToolUseID, e.Index), Parent: e.ParentToolUseID, Text: e.Delta}}
	case *claude.ThinkingEvent:
		return []pageEvent{{Kind: "thinking", ID: t.complete("thinking", e.ParentToolUseID), Parent: e.ParentToolUseID, Text: cut(e.Thinking), Redacted: e.Redacted}}
	case *claude.ToolInputDeltaEvent:
		if e.ID == "" {
			return nil // a delta whose block start the client did not see
		}
		return []pageEvent{{Kind: "tool_input_delta", ID: e.ID, Parent: e.ParentToolUseID, Name: e.Name, Text: e.Delta}}
	case *claude.ToolUseEvent:
		return []pageEvent{{Kind: "tool_use", ID: e.ID, Parent: e.ParentToolUseID, Name: e.Name,
			Summary: transcript.SummarizeInput(e.Name, e.Input, summaryLen), Input: prettyInput(e.Input)}}
	case *claude.ToolResultEvent:
		text := e.Text
		return []pageEvent{{Kind: "tool_result", ID: e.ToolUseID, Parent: e.ParentToolUseID, Text: cut(text), Size: int64(len(text)), IsError: e.IsError}}
	case *claude.UserEvent:
		if text := strings.TrimSpace(e.Text); text != "" {
			return []pageEvent{{Kind: "user", Text: cut(text)}}
		}
	case *claude.StatusEvent:
		return []pageEvent{{Kind: "status", Text: e.Status.Status}}
	case *claude.SystemEvent:
		if notable[e.Subtype] {
			return []pageEvent{{Kind: "notice", Text: noticeText(e)}}
		}
	case *claude.PartialEvent:
		if _, ok := e.Message.Body.(*protocol.MessageStartEvent); ok {
			// A new response, whose blocks count from 0 again. A block
			// still streaming was cut off (the CLI retries the request
			// and streams the response again): the page drops it.
			var out []pageEvent
			for k, b := range t.live {
				if k.parent == e.Message.ParentToolUseID {
					delete(t.live, k)
					out = append(out, pageEvent{Kind: "discard", ID: b.id})
				}
			}
			return out
		}
	case *claude.ResultEvent:
		clear(t.live)
		return []pageEvent{{Kind: "result", Result: t.result(e.Result, interrupted)}}
	case *claude.UnknownEvent:
		if e.Err != nil {
			return []pageEvent{{Kind: "notice", Text: "a line of the CLI could not be read: " + e.Err.Error()}}
		}
	}
	return nil
}

// notable are the system messages the page shows as a line.
var notable = map[protocol.Subtype]bool{
	protocol.SubtypeAPIRetry:               true,
	protocol.SubtypeCompactBoundary:        true,
	protocol.SubtypeModelFallback:          true,
	protocol.SubtypeModelRefusalFallback:   true,
	protocol.SubtypeModelRefusalNoFallback: true,
	protocol.SubtypeNotification:           true,
	protocol.SubtypeInformational:          true,
	protocol.SubtypePermissionDenied:       true,
	protocol.SubtypeSessionWritesLost:      true,
	protocol.SubtypeMirrorError:            true,
}

// noticeText describes a notable system message: its subtype, and for an
// API retry the attempt and the error.
func noticeText(e *claude.SystemEvent) string {
	if r, ok := e.Message.(*protocol.APIRetry); ok {
		s := "API retry " + strconv.FormatInt(r.Attempt, 10)
		if r.MaxRetries > 0 {
			s += " of " + strconv.FormatInt(r.MaxRetries, 10)
		}
		if r.Error != "" {
			s += ": " + r.Error
		}
		return s
	}
	return strings.ReplaceAll(string(e.Subtype), "_", " ")
}

// result describes a turn's result, with the session's figures so far.
func (t *translator) result(r *protocol.ResultMessage, interrupted bool) *resultInfo {
	u := r.Usage
	all := t.stats.Tokens()
	info := &resultInfo{
		Subtype:     string(r.Subtype),
		IsError:     r.IsError,
		Interrupted: interrupted || strings.HasPrefix(r.TerminalReason, "aborted"),
		NumTurns:    r.NumTurns,
		DurationMS:  r.DurationMS,
		Denials:     len(r.PermissionDenials),
		CostUSD:     t.stats.CostUSD,
		TurnCostUSD: max(t.stats.CostUSD-t.cost, 0),
		Tokens: tokens{Input: u.InputTokens, Output: u.OutputTokens,
			CacheRead: u.CacheReadInputTokens, CacheWrite: u.CacheCreationInputTokens},
		SessionTokens: tokens{Input: all.InputTokens, Output: all.OutputTokens,
			CacheRead: all.CacheReadTokens, CacheWrite: all.CacheWriteTokens},
	}
	for _, e := range r.Errors {
		if strings.HasPrefix(e, diagnosticPrefix) {
			info.Diagnostics = append(info.Diagnostics, e)
		} else {
			info.Errors = append(info.Errors, e)
		}
	}
	if r.IsError && r.Result != "" {
		info.Errors = append(info.Errors, cut(r.Result))
	}
	if !info.Interrupted {
		info.Label = failureLabel(r)
	}
	t.cost = t.stats.CostUSD
	return info
}

// diagnosticPrefix starts the CLI's internal diagnostics in a result's
// errors (2.1.330 and later, on interrupted turns): not meant for users.
const diagnosticPrefix = "[ede_diagnostic]"

// failureLabel names how a failed turn ended, "" for one that did not
// fail. An error subtype names itself ("Error: max turns"); a turn the CLI
// ends with subtype success and is_error (an API error, "Not logged in")
// is named by its API error status, else by its result text's first
// phrase: never "Error: success".
func failureLabel(r *protocol.ResultMessage) string {
	switch {
	case r.Subtype != protocol.SubtypeSuccess:
		return "Error: " + strings.ReplaceAll(strings.TrimPrefix(string(r.Subtype), "error_"), "_", " ")
	case !r.IsError:
		return ""
	case r.APIErrorStatus > 0:
		return "API error " + strconv.FormatInt(r.APIErrorStatus, 10)
	}
	first, _, _ := strings.Cut(strings.TrimSpace(r.Result), "\n")
	first, _, _ = strings.Cut(first, " · ")
	if first = strings.TrimSpace(strings.TrimPrefix(first, "API Error:")); first == "" {
		return "Error"
	}
	return claude.Abbreviate(first, 80)
}

// cut shortens a long text for the page.
func cut(s string) string {
	return claude.Abbreviate(claude.AbbreviateLines(s, resultLines), resultChars)
}

// prettyInput returns a tool call's input as indented JSON, cut.
func prettyInput(in json.RawMessage) string {
	var b bytes.Buffer
	if json.Indent(&b, in, "", "  ") != nil {
		return claude.Abbreviate(string(in), inputChars)
	}
	return claude.Abbreviate(b.String(), inputChars)
}
