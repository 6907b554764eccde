package transcript

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/protocol"
)

// Options control how a transcript is rendered. The zero value asks for
// the defaults.
type Options struct {
	// FoldLines and FoldBytes: a tool result (or thinking block) of more
	// lines or bytes is folded in a <details> block. Defaults 6 and 400.
	FoldLines, FoldBytes int
	// ResultLines and ResultChars: a tool result is cut to about so many
	// lines, then characters (its first and last ones, see
	// [claude.AbbreviateLines]). Defaults 40 and 3000.
	ResultLines, ResultChars int
	// InputChars: a tool call's input summary is cut to so many
	// characters. Default 120.
	InputChars int
}

func (o Options) withDefaults() Options {
	o.FoldLines = cmp.Or(o.FoldLines, 6)
	o.FoldBytes = cmp.Or(o.FoldBytes, 400)
	o.ResultLines = cmp.Or(o.ResultLines, 40)
	o.ResultChars = cmp.Or(o.ResultChars, 3000)
	o.InputChars = cmp.Or(o.InputChars, 120)
	return o
}

// Markdown renders events as a Markdown progress report: one section per
// turn, the model's text, one line per tool call with its input
// summarized, results (folded in <details> past a size, errors marked),
// notices (API retries, compaction, permission requests) and a closing
// line per turn; [Markdown.Summary] gives the closing summary.
//
// It renders into blocks: pieces of Markdown that stand on their own
// (a paragraph, a tool call, a folded result), which [Markdown.Take]
// hands out, so that a caller posting comments can cut between them
// ([Splitter]). It keeps nothing of a block once taken.
//
// Names and short texts from the transcript (tool names, outcomes,
// errors) are escaped where they sit in a heading or a line of the
// report's own, so that they cannot add markup. The model's text is
// Markdown and goes through as such, tool output in code blocks; but an
// HTML comment that would read as the separator ccwire render puts
// between comments ("<!-- ccwire: comment N -->") gets a zero-width space
// after its "<!--", wherever it is, so that no text forges one: it still
// shows, and hides, as it did.
type Markdown struct {
	opts     Options
	stats    Stats
	blocks   []string
	turn     int  // turns begun
	inTurn   bool // a turn's header was written and its result not seen
	session  string
	model    string
	cost     map[string]float64 // each session's cost at its last result
	lastText string             // the last text block of the main thread
}

// NewMarkdown returns a renderer with opts.
func NewMarkdown(opts Options) *Markdown {
	return &Markdown{opts: opts.withDefaults(), cost: make(map[string]float64)}
}

// Stats returns the figures of the events added so far.
func (m *Markdown) Stats() *Stats { return &m.stats }

// Take returns the blocks rendered since the last call, each ending with
// a newline, and forgets them.
func (m *Markdown) Take() []string {
	b := m.blocks
	m.blocks = nil
	return b
}

func (m *Markdown) emit(s string) {
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	m.blocks = append(m.blocks, neutralizeSeparators(s))
}

// separatorRE finds what could read as ccwire render's comment separator,
// "<!-- ccwire: comment N -->", in any case or spacing.
var separatorRE = regexp.MustCompile(`(?i)<!--(\s*ccwire)`)

// neutralizeSeparators puts a zero-width space after the "<!--" of
// whatever in s could read as a comment separator (see [Markdown]).
func neutralizeSeparators(s string) string {
	if !strings.Contains(s, "<!--") {
		return s
	}
	return separatorRE.ReplaceAllString(s, "<!--\u200b$1")
}

// begin writes the turn's header if the turn has none yet.
func (m *Markdown) begin() {
	if m.inTurn {
		return
	}
	m.inTurn = true
	m.turn++
	m.emit("## Turn " + strconv.Itoa(m.turn))
}

// Add renders ev.
func (m *Markdown) Add(ev claude.Event) {
	m.stats.Add(ev)
	switch e := ev.(type) {
	case *claude.InitEvent:
		m.begin()
		if e.Init.SessionID != m.session || e.Init.Model != m.model {
			m.session, m.model = e.Init.SessionID, e.Init.Model
			line := "_Session " + codeSpan(e.Init.SessionID) + ", model " + codeSpan(e.Init.Model)
			if v := e.Init.ClaudeCodeVersion; v != "" {
				line += ", Claude Code " + v
			}
			if p := e.Init.PermissionMode; p != "" {
				line += ", permission mode " + codeSpan(string(p))
			}
			m.emit(line + "._")
		}
	case *claude.TextEvent:
		if strings.TrimSpace(e.Text) == "" {
			return
		}
		m.begin()
		if e.ParentToolUseID == "" {
			m.lastText = e.Text
		}
		text := strings.TrimRight(e.Text, "\n")
		if e.ParentToolUseID != "" {
			text = quote("**Subagent:** " + text)
		}
		m.emit(text)
	case *claude.ThinkingEvent:
		m.begin()
		if e.Redacted {
			m.emit("💭 _(redacted thinking)_")
			return
		}
		text := strings.TrimSpace(e.Thinking)
		if strings.Count(text, "\n") < m.opts.FoldLines && len(text) <= m.opts.FoldBytes {
			m.emit(quote("💭 " + text))
			return
		}
		cut := claude.Abbreviate(claude.AbbreviateLines(text, m.opts.ResultLines), m.opts.ResultChars)
		m.emit("<details><summary>💭 Thinking (" + describeSize(text) + ")</summary>\n\n" + quote(cut) + "\n\n</details>")
	case *claude.ToolUseEvent:
		m.begin()
		line := "🔧 **" + escapeInline(e.Name) + "**"
		if s := summarizeInput(e.Name, e.Input, m.opts.InputChars); s != "" {
			line += " " + s
		}
		if e.ParentToolUseID != "" {
			line += " _(subagent)_"
		}
		m.emit(line)
	case *claude.ToolResultEvent:
		m.begin()
		m.emit(m.toolResult(e))
	case *claude.UserEvent:
		text := strings.TrimSpace(e.Text)
		if text == "" {
			return
		}
		m.begin()
		m.emit(quote("**User:** " + claude.Abbreviate(claude.AbbreviateLines(text, m.opts.ResultLines), m.opts.ResultChars)))
	case *claude.PermissionRequestEvent:
		m.begin()
		line := "🔐 Permission asked to run **" + escapeInline(e.Request.ToolName) + "**"
		if e.Request.DecisionReason != "" {
			line += ": " + escapeInline(oneLine(e.Request.DecisionReason, m.opts.InputChars))
		}
		m.emit(line)
	case *claude.StatusEvent:
		switch {
		case e.Status.Status == "compacting":
			m.begin()
			m.emit("_Compacting the conversation…_")
		case e.Status.PermissionMode != "":
			m.begin()
			m.emit("_Permission mode: " + codeSpan(string(e.Status.PermissionMode)) + "_")
		}
	case *claude.SystemEvent:
		switch s := e.Message.(type) {
		case *protocol.APIRetry:
			m.begin()
			what := cmp.Or(s.Error, "error")
			if s.ErrorStatus != 0 {
				what += " (HTTP " + strconv.FormatInt(s.ErrorStatus, 10) + ")"
			}
			m.emit(fmt.Sprintf("⚠️ API %s, retry %d of %d", what, s.Attempt, s.MaxRetries))
		case *protocol.CompactBoundary:
			m.begin()
			m.emit("_The conversation was compacted._")
		}
	case *claude.ResultEvent:
		m.begin()
		m.emit(m.result(e.Result))
		m.inTurn = false
	case *claude.UnknownEvent:
		// A line that could not be decoded begins no turn: between
		// turns (a truncated last line, a warning before the first) it
		// stands on its own.
		if e.Err != nil {
			m.emit("⚠️ " + escapeInline(oneLine(e.Err.Error(), 200)))
		}
	}
}

// toolResult renders a tool's result: inline when short, folded in a
// <details> block when long, marked when an error.
func (m *Markdown) toolResult(e *claude.ToolResultEvent) string {
	name := "result"
	if e.ToolUse != nil {
		name = e.ToolUse.Name + " result"
	}
	text := strings.TrimRight(e.Text, "\n")
	images := 0
	if e.Content.IsBlocks() {
		for _, b := range e.Content.Blocks {
			if _, ok := b.(*protocol.ImageBlock); ok {
				images++
			}
		}
	}
	head := "↳ " + name
	if e.IsError {
		head = "❌ " + name + " (error)"
	}
	if images > 0 {
		head += fmt.Sprintf(" + %d image(s)", images)
	}
	if text == "" {
		return escapeInline(head) + ": _(empty)_"
	}
	return m.fold(head, describeSize(text), text, e.IsError)
}

// fold renders text under head, plain text that fold escapes: in a fenced
// block when short (or open when an error), in a <details> block when
// long. Text is cut to the options' limits first.
func (m *Markdown) fold(head, size, text string, open bool) string {
	lines := strings.Count(text, "\n") + 1
	cut := claude.Abbreviate(claude.AbbreviateLines(text, m.opts.ResultLines), m.opts.ResultChars)
	if lines <= m.opts.FoldLines && len(text) <= m.opts.FoldBytes {
		return escapeInline(head) + ":\n\n" + fence(cut)
	}
	summary := head
	if size != "" {
		summary += " (" + size + ")"
	}
	attr := ""
	if open {
		attr = " open"
	}
	return "<details" + attr + "><summary>" + escapeSummary(summary) + "</summary>\n\n" + fence(cut) + "\n</details>"
}

// result renders the closing line of a turn.
func (m *Markdown) result(r *protocol.ResultMessage) string {
	var b strings.Builder
	outcome := Outcome(r)
	if outcome == "success" {
		b.WriteString("✅ **Done**")
	} else {
		b.WriteString("❌ **" + escapeInline(outcome) + "**")
		if r.APIError != "" {
			b.WriteString(" (" + escapeInline(r.APIError) + ")")
		}
	}
	var parts []string
	parts = append(parts, plural(r.NumTurns, "model call"))
	if r.DurationMS > 0 {
		parts = append(parts, formatDuration(r.DurationMS))
	}
	cost := roundUSD(r.TotalCostUSD - m.cost[r.SessionID]) // the cost is the session's so far
	m.cost[r.SessionID] = r.TotalCostUSD
	parts = append(parts, formatCost(cost))
	b.WriteString(" · " + strings.Join(parts, " · "))
	if r.Subtype != protocol.SubtypeSuccess || r.IsError {
		for _, e := range r.Errors {
			b.WriteString("\n\n" + quote(e))
		}
		if r.Result != "" && r.IsError && r.Result != m.lastText {
			b.WriteString("\n\n" + quote(oneLine(r.Result, 500)))
		}
	}
	for _, d := range r.PermissionDenials {
		b.WriteString("\n\n🚫 Permission denied: **" + escapeInline(d.ToolName) + "**")
	}
	return b.String()
}

// Summary renders the closing summary of the events added so far:
// outcome, turns, model calls, tool calls, duration, tokens by model and
// cost.
func (m *Markdown) Summary() string {
	s := &m.stats
	var b strings.Builder
	b.WriteString("## Summary\n\n")
	outcome := cmp.Or(s.Outcome, "unfinished (no result)")
	calls, _ := s.ToolCalls()
	fmt.Fprintf(&b, "- Outcome: **%s**\n", escapeInline(outcome))
	fmt.Fprintf(&b, "- Turns: %d (%s)\n", s.Turns, plural(s.ModelCalls, "model call"))
	fmt.Fprintf(&b, "- Tool calls: %d", calls)
	if calls > 0 {
		var per []string
		for _, name := range s.ToolNames() {
			t := s.Tools[name]
			item := escapeInline(name) + " " + strconv.FormatInt(t.Calls, 10)
			if t.Errors > 0 {
				item += " (" + strconv.FormatInt(t.Errors, 10) + " failed)"
			}
			per = append(per, item)
		}
		b.WriteString(" — " + strings.Join(per, ", "))
	}
	b.WriteString("\n")
	if s.DurationMS > 0 {
		fmt.Fprintf(&b, "- Duration: %s", formatDuration(s.DurationMS))
		if s.APIDurationMS > 0 {
			fmt.Fprintf(&b, " (API %s)", formatDuration(s.APIDurationMS))
		}
		b.WriteString("\n")
	}
	if len(s.Denials) > 0 {
		fmt.Fprintf(&b, "- Permission denials: %d\n", len(s.Denials))
	}
	if s.BadLines > 0 {
		fmt.Fprintf(&b, "- Undecodable lines: %d\n", s.BadLines)
	}
	fmt.Fprintf(&b, "- Cost: **%s**\n", formatCost(s.CostUSD))
	if names := s.ModelNames(); len(names) > 0 {
		b.WriteString("\n| Model | Input | Output | Cache read | Cache write | Cost |\n|---|---:|---:|---:|---:|---:|\n")
		for _, name := range names {
			u := s.Models[name]
			fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %s |\n", escapeInline(name), u.InputTokens, u.OutputTokens, u.CacheReadTokens, u.CacheWriteTokens, formatCost(u.CostUSD))
		}
	}
	return b.String()
}

// RenderMarkdown renders the transcript msgs (see [Messages]) as a
// Markdown progress report on w, turn after turn, and its closing
// summary. It writes as it reads, keeping no more of the transcript than
// the message at hand (and the calls not answered yet).
func RenderMarkdown(w io.Writer, msgs iter.Seq2[protocol.Message, error], opts Options) error {
	sep := ""
	return render(msgs, opts, func(block string) error {
		_, err := io.WriteString(w, sep+block)
		sep = "\n"
		return err
	})
}

// RenderComments renders the transcript msgs as [RenderMarkdown] does,
// cut into comments of at most max bytes (see [Splitter]), and calls post
// with each in order, as a bot would post them. Tool results are cut to
// fit in half a comment, so that a folded result is never split.
func RenderComments(msgs iter.Seq2[protocol.Message, error], opts Options, max int, post func(comment string) error) error {
	sp := &Splitter{Max: max}
	if m := sp.max(); m > 0 {
		opts = opts.withDefaults()
		opts.ResultChars = min(opts.ResultChars, m/2)
	}
	err := render(msgs, opts, func(block string) error {
		for _, c := range sp.Add(block) {
			if err := post(c); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if c := sp.Flush(); c != "" {
		return post(c)
	}
	return nil
}

// render renders msgs into blocks, the summary last, and calls emit with
// each.
func render(msgs iter.Seq2[protocol.Message, error], opts Options, emit func(block string) error) error {
	md := NewMarkdown(opts)
	for ev, err := range claude.Events(msgs) {
		if err != nil {
			return err // the reader of msgs said its prefix
		}
		md.Add(ev)
		for _, b := range md.Take() {
			if err := emit(b); err != nil {
				return err
			}
		}
	}
	return emit(md.Summary())
}

// summarizeInput sums a tool call's input up in one line of Markdown:
// the command, path, pattern or URL for the tools that have one, else the
// input's JSON, cut to max characters.
func summarizeInput(tool string, input json.RawMessage, max int) string {
	main, note := inputSummary(tool, input, max)
	if main == "" {
		return escapeInline(note)
	}
	s := codeSpan(main)
	if note != "" {
		s += " — " + escapeInline(note)
	}
	return s
}

// inputSummary returns the main part of a tool call's input (a command, a
// path...) and a note (a description), each on one line and cut to max
// characters; main is "" when there is only a note.
func inputSummary(tool string, input json.RawMessage, max int) (main, note string) {
	var fields map[string]any
	if json.Unmarshal(input, &fields) != nil {
		return oneLine(string(input), max), ""
	}
	str := func(k string) string { s, _ := fields[k].(string); return s }
	switch tool {
	case "Bash":
		main, note = str("command"), str("description")
	case "Read", "Write", "Edit", "MultiEdit", "NotebookEdit":
		main = cmp.Or(str("file_path"), str("notebook_path"))
	case "Glob", "Grep":
		main = str("pattern")
		if p := str("path"); p != "" {
			note = "in " + p
		}
	case "WebFetch":
		main = str("url")
	case "WebSearch":
		main = str("query")
	case "Task", "Agent":
		main, note = str("description"), str("subagent_type")
	case "TodoWrite":
		if todos, ok := fields["todos"].([]any); ok {
			return "", plural(int64(len(todos)), "item")
		}
	}
	if main == "" {
		if len(fields) == 0 {
			return "", ""
		}
		main = string(input)
	}
	return oneLine(main, max), oneLine(note, max)
}

// oneLine returns s on one line (newlines shown as ⏎), cut to about max
// characters.
func oneLine(s string, max int) string {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) > max {
		r := []rune(s)
		s = string(r[:max]) + "…"
	}
	return strings.NewReplacer("\r\n", " ⏎ ", "\n", " ⏎ ", "\r", " ⏎ ").Replace(s)
}

// codeSpan returns s as an inline code span, with enough backticks around
// it to hold the backticks inside.
func codeSpan(s string) string {
	if s == "" {
		return "``"
	}
	ticks := strings.Repeat("`", longestRun(s, '`')+1)
	pad := ""
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		pad = " "
	}
	return ticks + pad + s + pad + ticks
}

// fence returns s as a fenced code block, with a fence longer than any
// run of backticks inside.
func fence(s string) string {
	f := strings.Repeat("`", max(3, longestRun(s, '`')+1))
	return f + "\n" + strings.TrimRight(s, "\n") + "\n" + f + "\n"
}

func longestRun(s string, c byte) int {
	best, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}

// quote returns s as a Markdown block quote.
func quote(s string) string {
	return "> " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n> ")
}

// escapeInline escapes the characters that would start Markdown or HTML
// markup in a line of text.
func escapeInline(s string) string {
	return inlineEscaper.Replace(s)
}

var inlineEscaper = strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "`", "\\`", "<", "&lt;", ">", "&gt;", "[", `\[`, "]", `\]`, "|", `\|`, "\n", " ")

// escapeSummary escapes text for a <summary> element: HTML escaped, on
// one line (a blank line would end the HTML block, and Markdown would
// read what follows).
func escapeSummary(s string) string {
	return summaryEscaper.Replace(s)
}

var summaryEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "\r\n", " ", "\n", " ", "\r", " ")

func describeSize(s string) string {
	lines := strings.Count(s, "\n") + 1
	return plural(int64(lines), "line") + ", " + formatBytes(int64(len(s)))
}

func plural(n int64, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return strconv.FormatInt(n, 10) + " " + unit + "s"
}

func formatBytes(n int64) string {
	switch {
	case n < 1000:
		return strconv.FormatInt(n, 10) + " B"
	case n < 1000*1000:
		return strconv.FormatFloat(float64(n)/1000, 'f', 1, 64) + " kB"
	}
	return strconv.FormatFloat(float64(n)/1e6, 'f', 1, 64) + " MB"
}

func formatDuration(ms int64) string {
	if ms < 1000 {
		return strconv.FormatInt(ms, 10) + " ms"
	}
	if ms < 60_000 {
		return strconv.FormatFloat(float64(ms)/1000, 'f', 1, 64) + " s"
	}
	return fmt.Sprintf("%dm%02ds", ms/60_000, ms/1000%60)
}

func formatCost(usd float64) string {
	switch {
	case usd == 0:
		return "$0"
	case usd < 0.001:
		return "$" + strconv.FormatFloat(usd, 'f', 5, 64)
	case usd < 1:
		return "$" + strconv.FormatFloat(usd, 'f', 4, 64)
	}
	return "$" + strconv.FormatFloat(usd, 'f', 2, 64)
}
