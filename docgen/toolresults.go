package docgen

import (
	"strings"
	"unicode/utf8"

	"github.com/ccwire/ccwire/internal/jsontree"
	"github.com/ccwire/ccwire/protocol"
)

// toolResultsPage is the page of the tool_use_result shapes, one entry per
// protocol type that types a tool's tool_use_result.
const toolResultsPage = messagesDir + "/tool_use_result.md"

// toolResultRef is what the recordings show of the tool_use_result of the
// tools whose results one protocol type describes.
type toolResultRef struct {
	t *goType
	// kind holds the members (from the model and the recordings) and the
	// user messages the results were seen in.
	kind *kindRef
	// tools are the tools called, per version, whose results were seen.
	tools map[string]versionSet
}

// toolResult returns the entry of a protocol type of tool results,
// creating it with the members the model declares.
func (o *observer) toolResult(t *goType) *toolResultRef {
	if o.ref.toolResults == nil {
		o.ref.toolResults = map[string]*toolResultRef{}
	}
	if tr, ok := o.ref.toolResults[t.Name]; ok {
		return tr
	}
	k := &kindRef{def: kindDef{key: t.Name, goType: t.Name}, fields: &fieldNode{}, keyOrders: map[string][][]string{}, stringValues: map[string]map[string]versionSet{}}
	o.model(k.fields, t, nil, nil)
	tr := &toolResultRef{t: t, kind: k, tools: map[string]versionSet{}}
	o.ref.toolResults[t.Name] = tr
	return tr
}

// toolUse records the names of the tools an assistant message calls, by
// tool_use id, in calls.
func toolUses(m protocol.Message, calls map[string]string) {
	a, ok := m.(*protocol.AssistantMessage)
	if !ok {
		return
	}
	for _, b := range a.Message.Content {
		if u, ok := b.(*protocol.ToolUseBlock); ok {
			calls[u.ID] = u.Name
		}
	}
}

// toolResultMessage records the tool_use_result of a user message on the
// CLI's stdout under the type of the tool called (calls maps the run's
// tool_use ids to tool names), when it is an object the model types.
func (o *observer) toolResultMessage(sc *scenarioDoc, r *run, ev *event, m protocol.Message, calls map[string]string) {
	u, ok := m.(*protocol.UserMessage)
	if !ok || ev.kind != eventStdout || !u.Message.Content.IsBlocks() {
		return
	}
	v := ev.msg.Get("tool_use_result")
	if v == nil {
		return
	}
	tool := ""
	for _, b := range u.Message.Content.Blocks {
		if res, ok := b.(*protocol.ToolResultBlock); ok {
			tool = calls[res.ToolUseID]
			break
		}
	}
	if v.Kind == jsontree.String && tool != "" {
		if o.ref.toolTexts == nil {
			o.ref.toolTexts = map[string]map[string][]occurrence{}
		}
		if o.ref.toolTexts[tool] == nil {
			o.ref.toolTexts[tool] = map[string][]occurrence{}
		}
		o.ref.toolTexts[tool][r.version] = append(o.ref.toolTexts[tool][r.version], occurrence{scenario: sc, run: r, ev: ev})
		return
	}
	if v.Kind != jsontree.Object {
		return
	}
	t := o.s.ToolResult(tool)
	if t == nil {
		return
	}
	tr := o.toolResult(t)
	if tr.tools[tool] == nil {
		tr.tools[tool] = versionSet{}
	}
	tr.tools[tool][r.version] = true
	tr.kind.occurrences = append(tr.kind.occurrences, occurrence{scenario: sc, run: r, ev: ev})
	o.stdout = true
	o.object(tr.kind, tr.kind.fields, v, t, r.version)
}

// toolResultTypes returns the protocol types of tool results, in source
// order.
func (r *renderer) toolResultTypes() []*goType {
	var out []*goType
	for _, t := range r.c.schema.Types {
		if len(t.Tools) > 0 {
			out = append(out, t)
		}
	}
	return out
}

// toolResultsPageText renders the page of the tool_use_result shapes.
func (r *renderer) toolResultsPageText() string {
	var p page
	self := toolResultsPage
	p.heading(1, r.t("Tool results"))
	p.para(link(r.t("Protocol reference"), rel(self, indexPage, "")) + " · " + link(r.t("Message reference"), rel(self, messagesPage, "")) + " · " + r.otherLanguages(self))
	p.para(r.f("A user message carrying a tool_result has a %s member: the tool's structured output, next to the text the model gets. Its shape depends on the tool called, which the message does not name: the tool_use block with the same id does. When the call failed, it is a string instead: %s and the error, or %s and the validator's issues.",
		code("tool_use_result"), code(`"Error: "`), code(`"InputValidationError: "`)))
	var contents []string
	for _, t := range r.toolResultTypes() {
		contents = append(contents, link(strings.Join(t.Tools, ", "), "#"+r.kindAnchor["tool:"+t.Name]))
	}
	contents = append(contents, link(r.t("Tools with a string result only"), "#"+r.kindAnchor["tool:"]))
	p.list(contents)
	for _, t := range r.toolResultTypes() {
		r.kindAnchor["tool:"+t.Name] = p.heading(2, strings.Join(t.Tools, ", "))
		for _, d := range t.Doc {
			p.para(r.md(d))
		}
		var tr *toolResultRef
		if r.ref.toolResults != nil {
			tr = r.ref.toolResults[t.Name]
		}
		if tr == nil || len(tr.kind.occurrences) == 0 {
			p.para(r.t("Not seen in the recordings."))
			tr = nil
		} else {
			var items []string
			for _, tool := range sortedKeys(tr.tools) {
				items = append(items, r.f("Tool %s: CLI %s.", code(tool), versionList(tr.tools[tool].sorted())))
			}
			var links []string
			done := map[string]bool{}
			for _, o := range tr.kind.occurrences {
				if !done[o.scenario.id] {
					done[o.scenario.id] = true
					links = append(links, link(o.scenario.title[r.lang], rel(self, scenarioPage(o.scenario), "")))
				}
			}
			items = append(items, r.f("Seen in scenarios (%d): %s.", len(links), strings.Join(links, ", ")))
			p.list(items)
		}
		p.para("**" + r.t("Members") + "**")
		fields := (&observer{s: r.c.schema, ref: &reference{}}).toolResult(t).kind.fields
		if tr != nil {
			fields = tr.kind.fields
		}
		var rows [][]string
		fields.walk(func(n *fieldNode) {
			if (n.key == "[]" || n.key == "*") && len(n.types) == 0 {
				return
			}
			rows = append(rows, []string{code(n.path), codeList(r.jsonTypes(n)), r.meaning(n), r.seenVersions(n.versions())})
		})
		p.table([]string{r.t("JSON key"), r.t("JSON type"), r.t("meaning"), r.t("CLI versions")}, rows)
		if tr == nil {
			continue
		}
		p.para("**" + r.t("Examples") + "**")
		r.examples(&p, self, tr.kind, func(o occurrence) *jsontree.Value { return o.ev.msg.Get("tool_use_result") })
	}
	r.kindAnchor["tool:"] = p.heading(2, r.t("Tools with a string result only"))
	p.para(r.t("The tools whose every recorded tool_use_result is a string: the error of a failed call, or a confirmation (StructuredOutput). One example per tool and text, with the CLI versions that wrote it."))
	var rows [][]string
	for _, tool := range sortedKeys(r.ref.toolTexts) {
		if t := r.c.schema.ToolResult(tool); t != nil && r.ref.toolResults[t.Name] != nil && len(r.ref.toolResults[t.Name].tools[tool]) > 0 {
			continue
		}
		// Each text once, with the versions that wrote it.
		texts := map[string]versionSet{}
		first := map[string]occurrence{}
		var order []string
		byVersion := r.ref.toolTexts[tool]
		vs := sortedKeys(byVersion)
		sortVersions(vs)
		for i := len(vs) - 1; i >= 0; i-- {
			o := byVersion[vs[i]][0]
			text := abbreviate(o.ev.msg.Get("tool_use_result").Str, 100)
			if texts[text] == nil {
				texts[text] = versionSet{}
				first[text] = o
				order = append(order, text)
			}
			texts[text][vs[i]] = true
		}
		for _, text := range order {
			from := link(first[text].scenario.title[r.lang], rel(self, scenarioPage(first[text].scenario), ""))
			rows = append(rows, []string{code(tool), versionRanges(texts[text].sorted(), r.c.versions), code(text), from})
		}
	}
	p.table([]string{r.t("tool"), r.t("CLI versions"), code("tool_use_result"), r.t("scenario")}, rows)
	return p.String()
}

// abbreviate cuts s to n bytes at most, on a rune boundary, marking the cut
// with "…".
func abbreviate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
