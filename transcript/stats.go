package transcript

import (
	"cmp"
	"math"
	"slices"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/protocol"
)

// Stats are the figures of a transcript: tokens and cost per model, turns,
// tool calls by name, durations, permission denials. Feed it events with
// [Stats.Add]; the zero value is ready.
//
// Tokens and cost come from the result messages, which count them per
// session since it started: a transcript of several sessions (or turns)
// adds up each session's last figures. Durations add up the turns'.
type Stats struct {
	// Turns is the number of turns (result messages); ModelCalls the
	// model round trips they report (num_turns).
	Turns, ModelCalls int64
	// ErrorTurns counts the turns that ended in error.
	ErrorTurns int64
	// Outcome is the last result's: "success", an error subtype, or
	// "error" for a turn that completed but in error (is_error: cut short
	// by max_tokens, a usage limit...); "" before any result.
	Outcome string
	// DurationMS and APIDurationMS add up the turns' wall time and time
	// spent waiting for the API; recordings normalize them to 0.
	DurationMS, APIDurationMS int64
	// CostUSD is the cost in US dollars (sums rounded to 1e-10 dollars,
	// free of float noise).
	CostUSD float64
	// Models are the tokens and cost per model, by model name.
	Models map[string]*ModelStats
	// Tools are the tool calls per tool name.
	Tools map[string]*ToolStats
	// Denials are the tool calls denied permission, as results list them.
	Denials []Denial
	// Messages counts the messages seen, BadLines the lines that could
	// not be decoded.
	Messages, BadLines int64
	// Sessions are the session IDs seen, in order.
	Sessions []string

	sessions map[string]*sessionFigures
	started  map[string]time.Time // the tool calls not answered yet, when they were made
	last     protocol.Message
}

// ModelStats are one model's tokens and cost.
type ModelStats struct {
	InputTokens      int64   `json:"input_tokens"`                // input tokens not read from or written to the cache
	OutputTokens     int64   `json:"output_tokens"`               // output tokens
	CacheReadTokens  int64   `json:"cache_read_input_tokens"`     // input tokens read from the cache
	CacheWriteTokens int64   `json:"cache_creation_input_tokens"` // input tokens written to the cache
	CostUSD          float64 `json:"cost_usd"`                    // cost in US dollars
}

// ToolStats count one tool's calls.
type ToolStats struct {
	Calls  int64 `json:"calls"`  // calls made
	Errors int64 `json:"errors"` // results marked as errors
	// DurationMS adds up the time from call to result of the calls whose
	// messages carry timestamps (CLI 2.1.330 and later; recordings
	// normalize them away); Timed counts those calls.
	DurationMS int64 `json:"duration_ms"`
	Timed      int64 `json:"timed"`
}

// Denial is a tool call denied permission.
type Denial struct {
	Tool      string `json:"tool"`        // the tool denied
	ToolUseID string `json:"tool_use_id"` // the call denied
}

// sessionFigures are a session's latest cumulative figures.
type sessionFigures struct {
	models map[string]protocol.ModelUsage
	cost   float64
	model  string         // the model of its init message, for results without modelUsage
	usage  protocol.Usage // usage summed over results without modelUsage
	plain  bool           // a result had no modelUsage
}

// Add counts ev.
func (s *Stats) Add(ev claude.Event) {
	if src := ev.Source(); src != nil && src != s.last {
		s.last = src
		s.Messages++
	}
	switch e := ev.(type) {
	case *claude.InitEvent:
		s.session(e.Init.SessionID).model = e.Init.Model
	case *claude.ToolUseEvent:
		s.tool(e.Name).Calls++
		if t, ok := Timestamp(e.Message.Timestamp); ok {
			if s.started == nil {
				s.started = make(map[string]time.Time)
			}
			if len(s.started) > 4096 { // calls never answered
				clear(s.started)
			}
			s.started[e.ID] = t
		}
	case *claude.ToolResultEvent:
		name := "(unknown)"
		if e.ToolUse != nil {
			name = e.ToolUse.Name
		}
		if e.IsError {
			s.tool(name).Errors++
		}
		if start, ok := s.started[e.ToolUseID]; ok {
			delete(s.started, e.ToolUseID)
			if end, ok := Timestamp(e.Message.Timestamp); ok && !end.Before(start) {
				t := s.tool(name)
				t.DurationMS += end.Sub(start).Milliseconds()
				t.Timed++
			}
		}
	case *claude.ResultEvent:
		s.result(e.Result)
	case *claude.UnknownEvent:
		if e.Err != nil {
			s.BadLines++
		}
	}
}

func (s *Stats) tool(name string) *ToolStats {
	if s.Tools == nil {
		s.Tools = make(map[string]*ToolStats)
	}
	t := s.Tools[name]
	if t == nil {
		t = &ToolStats{}
		s.Tools[name] = t
	}
	return t
}

func (s *Stats) session(id string) *sessionFigures {
	if s.sessions == nil {
		s.sessions = make(map[string]*sessionFigures)
	}
	f := s.sessions[id]
	if f == nil {
		f = &sessionFigures{}
		s.sessions[id] = f
		s.Sessions = append(s.Sessions, id)
	}
	return f
}

func (s *Stats) result(r *protocol.ResultMessage) {
	s.Turns++
	s.ModelCalls += r.NumTurns
	s.DurationMS += r.DurationMS
	s.APIDurationMS += r.DurationAPIMS
	s.Outcome = Outcome(r)
	if r.IsError || r.Subtype != protocol.SubtypeSuccess {
		s.ErrorTurns++
	}
	for _, d := range r.PermissionDenials {
		s.Denials = append(s.Denials, Denial{Tool: d.ToolName, ToolUseID: d.ToolUseID})
	}
	f := s.session(r.SessionID)
	f.cost = r.TotalCostUSD // cumulative over the session
	if len(r.ModelUsage) > 0 {
		f.models = r.ModelUsage // cumulative over the session
	} else {
		f.plain = true
		f.usage.InputTokens += r.Usage.InputTokens
		f.usage.OutputTokens += r.Usage.OutputTokens
		f.usage.CacheReadInputTokens += r.Usage.CacheReadInputTokens
		f.usage.CacheCreationInputTokens += r.Usage.CacheCreationInputTokens
	}
	s.total()
}

// total sums the sessions' figures into Models and CostUSD.
func (s *Stats) total() {
	s.Models = make(map[string]*ModelStats)
	s.CostUSD = 0
	for _, f := range s.sessions {
		s.CostUSD += f.cost
		if f.models == nil && f.plain {
			name := cmp.Or(f.model, "(unknown model)")
			m := s.model(name)
			m.InputTokens += f.usage.InputTokens
			m.OutputTokens += f.usage.OutputTokens
			m.CacheReadTokens += f.usage.CacheReadInputTokens
			m.CacheWriteTokens += f.usage.CacheCreationInputTokens
			m.CostUSD += f.cost
			continue
		}
		for name, u := range f.models {
			m := s.model(name)
			m.InputTokens += u.InputTokens
			m.OutputTokens += u.OutputTokens
			m.CacheReadTokens += u.CacheReadInputTokens
			m.CacheWriteTokens += u.CacheCreationInputTokens
			m.CostUSD += u.CostUSD
		}
	}
	s.CostUSD = roundUSD(s.CostUSD)
	for _, m := range s.Models {
		m.CostUSD = roundUSD(m.CostUSD)
	}
}

// roundUSD rounds a sum or difference of costs in US dollars to 1e-10
// dollars: the CLI's costs have far fewer digits, so this drops the float
// noise of the sum (0.00044 + 0.00012 = 0.0005600000000000001) and the
// figure prints as it reads (0.00056).
func roundUSD(usd float64) float64 {
	return math.Round(usd*1e10) / 1e10
}

func (s *Stats) model(name string) *ModelStats {
	m := s.Models[name]
	if m == nil {
		m = &ModelStats{}
		s.Models[name] = m
	}
	return m
}

// ModelNames returns the names of s.Models, sorted.
func (s *Stats) ModelNames() []string { return sortedKeys(s.Models) }

// ToolNames returns the names of s.Tools, sorted.
func (s *Stats) ToolNames() []string { return sortedKeys(s.Tools) }

// ToolCalls returns the number of tool calls and of failed ones.
func (s *Stats) ToolCalls() (calls, errors int64) {
	for _, t := range s.Tools {
		calls += t.Calls
		errors += t.Errors
	}
	return calls, errors
}

// Tokens returns the tokens of every model added up.
func (s *Stats) Tokens() ModelStats {
	var t ModelStats
	for _, m := range s.Models {
		t.InputTokens += m.InputTokens
		t.OutputTokens += m.OutputTokens
		t.CacheReadTokens += m.CacheReadTokens
		t.CacheWriteTokens += m.CacheWriteTokens
		t.CostUSD += m.CostUSD
	}
	t.CostUSD = roundUSD(t.CostUSD)
	return t
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Merge adds the figures of o to s: the stats of several transcripts.
// Sessions are kept apart by transcript, so two files that name the same
// session (recordings do) add up.
func (s *Stats) Merge(o *Stats) {
	s.Turns += o.Turns
	s.ModelCalls += o.ModelCalls
	s.ErrorTurns += o.ErrorTurns
	if o.Outcome != "" {
		s.Outcome = o.Outcome
	}
	s.DurationMS += o.DurationMS
	s.APIDurationMS += o.APIDurationMS
	s.CostUSD = roundUSD(s.CostUSD + o.CostUSD)
	if s.Models == nil {
		s.Models = make(map[string]*ModelStats)
	}
	for name, m := range o.Models {
		t := s.model(name)
		t.InputTokens += m.InputTokens
		t.OutputTokens += m.OutputTokens
		t.CacheReadTokens += m.CacheReadTokens
		t.CacheWriteTokens += m.CacheWriteTokens
		t.CostUSD = roundUSD(t.CostUSD + m.CostUSD)
	}
	for name, x := range o.Tools {
		t := s.tool(name)
		t.Calls += x.Calls
		t.Errors += x.Errors
		t.DurationMS += x.DurationMS
		t.Timed += x.Timed
	}
	s.Denials = append(s.Denials, o.Denials...)
	s.Messages += o.Messages
	s.BadLines += o.BadLines
	s.Sessions = append(s.Sessions, o.Sessions...)
}

// Timestamp parses a message's timestamp (RFC 3339); ok is false for an
// empty or normalized one ("<timestamp>").
func Timestamp(s string) (t time.Time, ok bool) {
	if s == "" || s[0] < '0' || s[0] > '9' {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	return t, err == nil
}

// Outcome names how a turn ended: "success", the error subtype
// ("error_max_turns"...), or "error" for a turn of subtype success that
// ended in error (is_error: cut short by max_tokens, a usage limit...).
func Outcome(r *protocol.ResultMessage) string {
	switch {
	case r.Subtype == protocol.SubtypeSuccess && r.IsError:
		return "error"
	case r.Subtype == "":
		return "(no subtype)"
	}
	return string(r.Subtype)
}
