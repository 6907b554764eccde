package transcript

import (
	"bufio"
	"bytes"
	"cmp"
	_ "embed"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"iter"
	"strings"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/protocol"
)

// HTMLOptions control [RenderHTML]. The zero value asks for the defaults.
type HTMLOptions struct {
	// Title heads the page; default "Claude Code transcript".
	Title string
	// ResultChars and ResultLines: a tool result, text or thinking block
	// is cut to about so many characters and lines (its first and last
	// ones). Defaults 20000 and 400: a 100 MB tool result shows as 20 kB,
	// and the page stays quick to load and to search.
	ResultChars, ResultLines int
	// InputChars: a tool call's input is cut to so many characters.
	// Default 5000.
	InputChars int
}

func (o HTMLOptions) withDefaults() HTMLOptions {
	o.Title = cmp.Or(o.Title, "Claude Code transcript")
	o.ResultChars = cmp.Or(o.ResultChars, 20000)
	o.ResultLines = cmp.Or(o.ResultLines, 400)
	o.InputChars = cmp.Or(o.InputChars, 5000)
	return o
}

//go:embed html.tmpl
var htmlTemplateText string

var htmlTemplate = template.Must(template.New("page").Parse(htmlTemplateText))

// RenderHTML renders the transcript msgs (see [Messages]) as one
// self-contained HTML page on w: no script, style or font from the
// network. The page shows a summary (outcome, turns, model and tool calls,
// duration, cost, tokens per model as bars), then a timeline: per turn,
// each model call with its text, thinking (set apart, folded) and tool
// calls, each tool call on a row with its input summarized, its duration
// when the messages carry timestamps, and its input and result in
// <details> blocks that open on click; errors are marked; each turn ends
// with its outcome and its cost as a bar. A search box filters the rows.
//
// The page is written as the transcript is read: a row goes out as soon
// as it is complete (a tool call once its result is in), and the summary
// last (the page's style shows it first). Long results, texts and inputs
// are cut (see HTMLOptions). So memory follows the longest line, not the
// transcript, and the page of a transcript with 100 MB tool results stays
// small and quick.
func RenderHTML(w io.Writer, msgs iter.Seq2[protocol.Message, error], opts HTMLOptions) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	b := newHTMLBuilder(bw, opts.withDefaults())
	b.exec("head", b.opts.Title)
	for ev, err := range claude.Events(msgs) {
		if err != nil {
			return err // the reader of msgs said its prefix
		}
		b.add(ev)
		if b.err != nil {
			return b.err
		}
	}
	b.finish()
	if b.err != nil {
		return b.err
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("transcript: writing the page: %w", err)
	}
	return nil
}

// htmlPage is what the template shows.
type htmlPage struct {
	Title    string
	Outcome  string
	OK       bool
	Turns    int64
	Calls    int64 // model calls
	Tools    int64
	ToolErrs int64
	Duration string
	Cost     string
	Models   []htmlModel
	BadLines int64
}

// htmlModel is a model's tokens, with bar widths in percent of the
// largest figure.
type htmlModel struct {
	Name                                 string
	Input, Output, CacheRead, CacheWrite int64
	InputW, OutputW, ReadW, WriteW       float64 // bar widths in percent
	Cost                                 string
}

// htmlTurn is a turn of the timeline.
type htmlTurn struct {
	N        int
	Model    string
	Done     bool
	Outcome  string
	OK       bool
	Result   string
	Calls    int64
	Duration string
	Cost     string
	CostUSD  float64
	Errors   []string
}

// htmlRow is a row of the timeline: a model call, a text, a thinking
// block, a tool call (with its result), a notice.
type htmlRow struct {
	Kind     string // model, text, thinking, tool, user, notice, error
	Label    string
	Summary  string
	Text     string
	Markdown template.HTML // a text's Markdown as safe HTML (TextHTML)
	Input    string
	Output   string
	Size     string // the result's size before cutting
	Pending  bool   // a tool call with no result (yet)
	IsError  bool
	Sub      bool // from a subagent
	Duration string
	DurMS    int64
	Tokens   string
}

// htmlBuilder writes the page as events come.
type htmlBuilder struct {
	w         io.Writer
	err       error // the first error writing
	opts      HTMLOptions
	stats     Stats
	turns     int       // turns begun
	cur       *htmlTurn // the turn under way, nil between turns
	model     string    // the model of the last init message
	queue     []*htmlRow
	tools     map[string]*htmlRow // tool calls not answered yet
	started   map[string]time.Time
	lastMsgID string
	lastTime  time.Time // the timestamp of the last message that had one
	lastCost  map[string]float64
}

func newHTMLBuilder(w io.Writer, opts HTMLOptions) *htmlBuilder {
	return &htmlBuilder{w: w, opts: opts, tools: make(map[string]*htmlRow), started: make(map[string]time.Time), lastCost: make(map[string]float64)}
}

// exec writes the template name with data, keeping the first error.
func (b *htmlBuilder) exec(name string, data any) {
	if b.err != nil {
		return
	}
	if err := htmlTemplate.ExecuteTemplate(b.w, name, data); err != nil {
		b.err = fmt.Errorf("transcript: writing the page: %w", err)
	}
}

// turn returns the turn under way, beginning one if there is none.
func (b *htmlBuilder) turn() *htmlTurn {
	if b.cur == nil {
		b.turns++
		b.cur = &htmlTurn{N: b.turns, Model: b.model}
		b.exec("turnStart", b.cur)
	}
	return b.cur
}

// row queues r and writes the rows that are complete.
func (b *htmlBuilder) row(r *htmlRow) *htmlRow {
	b.turn()
	b.queue = append(b.queue, r)
	b.flushRows(false)
	return r
}

// flushRows writes the queued rows up to the first tool call still
// waiting for its result, or all of them.
func (b *htmlBuilder) flushRows(all bool) {
	n := 0
	for _, r := range b.queue {
		if r.Pending && !all {
			break
		}
		b.exec("row", r)
		n++
	}
	clear(b.queue[:n])
	b.queue = append(b.queue[:0], b.queue[n:]...)
}

// endTurn writes what is left of the turn under way and closes it.
func (b *htmlBuilder) endTurn() {
	if b.cur == nil {
		return
	}
	b.flushRows(true)
	b.exec("turnEnd", b.cur)
	b.cur = nil
	b.lastMsgID = ""
	clear(b.tools)
	clear(b.started)
}

func (b *htmlBuilder) cut(s string) string {
	return claude.Abbreviate(claude.AbbreviateLines(s, b.opts.ResultLines), b.opts.ResultChars)
}

// modelCall adds a row for the model call a message of the assistant
// belongs to, once per call (the CLI writes each block of a response as a
// message of its own, with the response's ID).
func (b *htmlBuilder) modelCall(m *protocol.AssistantMessage) {
	id := m.Message.ID
	if id != "" && id == b.lastMsgID {
		return
	}
	b.lastMsgID = id
	r := &htmlRow{Kind: "model", Label: cmp.Or(m.Message.Model, "model"), Sub: m.ParentToolUseID != ""}
	u := m.Message.Usage
	r.Tokens = fmt.Sprintf("%d in · %d cache read · %d cache write", u.InputTokens, u.CacheReadInputTokens, u.CacheCreationInputTokens)
	if t, ok := Timestamp(m.Timestamp); ok && !b.lastTime.IsZero() && !t.Before(b.lastTime) {
		b.setDuration(r, t.Sub(b.lastTime).Milliseconds())
	}
	b.row(r)
}

func (b *htmlBuilder) setDuration(r *htmlRow, ms int64) {
	r.DurMS = ms
	r.Duration = formatDuration(ms)
}

// stamp remembers the time of a message that carries one.
func (b *htmlBuilder) stamp(ts string) {
	if t, ok := Timestamp(ts); ok {
		b.lastTime = t
	}
}

func (b *htmlBuilder) add(ev claude.Event) {
	b.stats.Add(ev)
	switch e := ev.(type) {
	case *claude.InitEvent:
		b.model = e.Init.Model
		if t := b.turn(); t.Model == "" {
			t.Model = b.model
		}
	case *claude.TextEvent:
		b.modelCall(e.Message)
		b.stamp(e.Message.Timestamp)
		if strings.TrimSpace(e.Text) != "" {
			text := b.cut(e.Text)
			b.row(&htmlRow{Kind: "text", Text: text, Markdown: TextHTML(ParseText(text)), Sub: e.ParentToolUseID != ""})
		}
	case *claude.ThinkingEvent:
		b.modelCall(e.Message)
		b.stamp(e.Message.Timestamp)
		text := "(redacted)"
		if !e.Redacted {
			text = b.cut(e.Thinking)
		}
		b.row(&htmlRow{Kind: "thinking", Label: "Thinking", Text: text, Size: describeSize(e.Thinking), Sub: e.ParentToolUseID != ""})
	case *claude.ToolUseEvent:
		b.modelCall(e.Message)
		b.stamp(e.Message.Timestamp)
		r := &htmlRow{Kind: "tool", Label: e.Name, Summary: SummarizeInput(e.Name, e.Input, 160), Input: b.input(e.Input), Pending: true, Sub: e.ParentToolUseID != ""}
		b.tools[e.ID] = r
		if t, ok := Timestamp(e.Message.Timestamp); ok {
			b.started[e.ID] = t
		}
		b.row(r)
	case *claude.ToolResultEvent:
		b.stamp(e.Message.Timestamp)
		r := b.tools[e.ToolUseID]
		delete(b.tools, e.ToolUseID)
		known := r != nil
		if !known { // the call was not in the transcript
			r = &htmlRow{Kind: "tool", Label: "(unknown tool)"}
		}
		text := e.Text
		r.Pending = false
		r.IsError = e.IsError
		r.Output = b.cut(text)
		r.Size = describeSize(text)
		if start, ok := b.started[e.ToolUseID]; ok {
			delete(b.started, e.ToolUseID)
			if end, ok := Timestamp(e.Message.Timestamp); ok && !end.Before(start) {
				b.setDuration(r, end.Sub(start).Milliseconds())
			}
		}
		if known {
			b.flushRows(false) // the row may be first in the queue now
		} else {
			b.row(r)
		}
	case *claude.UserEvent:
		b.stamp(e.Message.Timestamp)
		if text := strings.TrimSpace(e.Text); text != "" {
			b.row(&htmlRow{Kind: "user", Label: "User", Text: b.cut(text)})
		}
	case *claude.PermissionRequestEvent:
		b.row(&htmlRow{Kind: "notice", Label: "Permission", Text: "asked to run " + e.Request.ToolName})
	case *claude.SystemEvent:
		switch s := e.Message.(type) {
		case *protocol.APIRetry:
			b.row(&htmlRow{Kind: "notice", Label: "API retry", IsError: true, Text: fmt.Sprintf("%s (HTTP %d), retry %d of %d", cmp.Or(s.Error, "error"), s.ErrorStatus, s.Attempt, s.MaxRetries)})
		case *protocol.CompactBoundary:
			b.row(&htmlRow{Kind: "notice", Label: "Compaction", Text: "the conversation was compacted"})
		}
	case *claude.ResultEvent:
		r := e.Result
		t := b.turn()
		t.Done = true
		t.Outcome = Outcome(r)
		t.OK = t.Outcome == "success"
		t.Result = b.cut(r.Result)
		t.Calls = r.NumTurns
		if r.DurationMS > 0 {
			t.Duration = formatDuration(r.DurationMS)
		}
		t.CostUSD = roundUSD(r.TotalCostUSD - b.lastCost[r.SessionID])
		b.lastCost[r.SessionID] = r.TotalCostUSD
		t.Cost = formatCost(t.CostUSD)
		t.Errors = r.Errors
		for _, d := range r.PermissionDenials {
			t.Errors = append(t.Errors, "permission denied: "+d.ToolName)
		}
		b.endTurn()
	case *claude.UnknownEvent:
		if e.Err == nil {
			break
		}
		r := &htmlRow{Kind: "error", Label: "Undecodable line", IsError: true, Text: b.cut(e.Err.Error())}
		if b.cur == nil {
			// Between turns (a truncated last line, a warning before
			// the first) it begins no turn: a row of its own.
			b.exec("row", r)
			break
		}
		b.row(r)
	}
}

// input returns a tool call's input as indented JSON, cut.
func (b *htmlBuilder) input(in json.RawMessage) string {
	var buf bytes.Buffer
	if len(in) > b.opts.InputChars*4 || json.Indent(&buf, in, "", "  ") != nil {
		return claude.Abbreviate(string(in), b.opts.InputChars)
	}
	return claude.Abbreviate(buf.String(), b.opts.InputChars)
}

// finish closes the turn under way, if any, and writes the summary and
// the page's end.
func (b *htmlBuilder) finish() {
	b.endTurn()
	s := &b.stats
	calls, errs := s.ToolCalls()
	p := &htmlPage{
		Title: b.opts.Title, Outcome: cmp.Or(s.Outcome, "unfinished (no result)"), OK: s.Outcome == "success",
		Turns: s.Turns, Calls: s.ModelCalls, Tools: calls, ToolErrs: errs, Cost: formatCost(s.CostUSD),
		BadLines: s.BadLines,
	}
	if s.DurationMS > 0 {
		p.Duration = formatDuration(s.DurationMS)
	}
	var top int64
	for _, m := range s.Models {
		top = max(top, m.InputTokens, m.OutputTokens, m.CacheReadTokens, m.CacheWriteTokens)
	}
	pct := func(n int64) float64 {
		if top <= 0 {
			return 0
		}
		return float64(int(1000*float64(n)/float64(top))) / 10
	}
	for _, name := range s.ModelNames() {
		m := s.Models[name]
		p.Models = append(p.Models, htmlModel{
			Name: name, Input: m.InputTokens, Output: m.OutputTokens, CacheRead: m.CacheReadTokens, CacheWrite: m.CacheWriteTokens,
			InputW: pct(m.InputTokens), OutputW: pct(m.OutputTokens), ReadW: pct(m.CacheReadTokens), WriteW: pct(m.CacheWriteTokens),
			Cost: formatCost(m.CostUSD),
		})
	}
	b.exec("foot", p)
}

// SummarizeInput sums a tool call's input up in one line of plain text:
// the command and its description for Bash, the path for Read, Edit and
// Write, the pattern for Glob and Grep, the URL for WebFetch, else the
// input's JSON, each part cut to about max characters.
func SummarizeInput(tool string, input json.RawMessage, max int) string {
	main, note := inputSummary(tool, input, max)
	if main != "" && note != "" {
		return main + " — " + note
	}
	return main + note
}
