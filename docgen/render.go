package docgen

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/internal/jsontree"
	"github.com/ccwire/ccwire/protocol"
	protomodel "github.com/ccwire/ccwire/protocol/schema"
	"github.com/ccwire/ccwire/scenario"
)

// File is one generated file.
type File struct {
	// Path is slash-separated, relative to the output directory, e.g.
	// "en/messages.md".
	Path string
	Data []byte
}

// The pages of each language, relative to the language's directory.
const (
	indexPage    = "README.md"
	messagesPage = "messages.md"
	messagesDir  = "messages"
	scenarioDir  = "scenarios"
)

// categoryOrder is the order of the scenario categories in the
// reference; others follow by name.
var categoryOrder = []string{"basic", "tools", "thinking", "streaming", "multiturn", "errors", "control", "options", "input", "hooks", "agents", "sessions"}

// categoryTitles are the titles of the scenario categories.
var categoryTitles = map[string]string{
	"basic":     "Basic flows",
	"tools":     "Tools",
	"thinking":  "Thinking",
	"errors":    "Errors",
	"streaming": "Streaming",
	"control":   "Control protocol",
	"multiturn": "Multi-turn conversations",
	"sessions":  "Sessions",
	"agents":    "Agents and teams",
	"options":   "CLI options",
	"input":     "Input",
	"hooks":     "Hooks",
}

// renderer writes the pages of one language.
type renderer struct {
	c    *corpus
	ref  *reference
	tr   *translator
	lang Language
	// kindAnchor and scenarioAnchor hold the anchors of the entries of the
	// message reference and of the scenarios in their category page; a
	// first rendering pass fills them for the second.
	kindAnchor     map[string]string
	scenarioAnchor map[string]string
	groupAnchor    map[string]string
	// local holds what each scenario's own recordings show, by ID.
	local map[string]*reference
}

// t translates an English text.
func (r *renderer) t(en string) string { return r.tr.text(en) }

// f translates an English format and formats it.
func (r *renderer) f(en string, args ...any) string { return r.tr.format(en, args...) }

// md translates a text from the protocol's doc comments and renders it as
// Markdown.
func (r *renderer) md(en string) string { return inlineMarkdown(r.t(en)) }

// render renders every page of the language.
func (r *renderer) render() []File {
	var files []File
	for pass := range 2 {
		files = files[:0]
		files = append(files, File{Path: messagesPage, Data: []byte(r.messagesPage())})
		files = append(files, File{Path: toolResultsPage, Data: []byte(r.toolResultsPageText())})
		for _, g := range r.groups() {
			files = append(files, File{Path: groupPage(g), Data: []byte(r.groupPageText(g))})
		}
		for _, cat := range r.c.categories() {
			files = append(files, File{Path: categoryPage(cat), Data: []byte(r.categoryPage(cat))})
		}
		files = append(files, File{Path: changelogPage, Data: []byte(r.changelogPageText())})
		files = append(files, File{Path: indexPage, Data: []byte(r.indexPage())})
		if pass == 0 {
			// The anchors are known now; render again with them. Only the
			// second pass's misses count.
			r.tr.missing = map[string]bool{}
		}
	}
	return files
}

// categoryPage returns the path of a category's page.
func categoryPage(cat string) string { return scenarioDir + "/" + cat + ".md" }

// rel returns the link from page from to target (both relative to the
// language directory), with an anchor when anchor is not "".
func rel(from, target, anchor string) string {
	dir := path.Dir(from)
	up := ""
	if dir != "." {
		up = strings.Repeat("../", strings.Count(dir, "/")+1)
	}
	l := up + target
	if target == from {
		l = ""
	}
	if anchor != "" {
		l += "#" + anchor
	}
	return l
}

// rootLink returns the link from a page of the language to a file of the
// module, given relative to the module root.
func rootLink(from, file string) string {
	depth := strings.Count(from, "/") + 2 // docs/<lang>/
	return strings.Repeat("../", depth) + file
}

// categoryTitle returns the title of a category in the language.
func (r *renderer) categoryTitle(cat string) string {
	if en, ok := categoryTitles[cat]; ok {
		return r.t(en)
	}
	return cat
}

// versionList joins versions for prose.
func versionList(vs []string) string { return strings.Join(vs, ", ") }

// otherLanguages returns links to the same page in the other languages.
func (r *renderer) otherLanguages(page string) string {
	var parts []string
	up := strings.Repeat("../", strings.Count(page, "/")+1)
	for _, l := range Languages() {
		if l == r.lang {
			continue
		}
		name := map[Language]string{English: "English", Japanese: "日本語"}[l]
		parts = append(parts, link(name, up+string(l)+"/"+page))
	}
	return strings.Join(parts, " · ")
}

// indexPage renders the entry point of the language.
func (r *renderer) indexPage() string {
	var p page
	p.heading(1, r.t("Claude Code CLI stream-json protocol reference"))
	p.para(r.otherLanguages(indexPage))
	p.para(r.f("This reference describes the stream-json protocol of the Claude Code CLI (%s): the JSON messages a client writes on the CLI's stdin and the ones the CLI writes on its stdout, one per line.",
		code("claude -p --input-format stream-json --output-format stream-json --verbose")))
	p.para(r.f("It is generated from the scenario files under %s and their recordings under %s: every example is a message a real CLI wrote while talking to a scripted fake of the Anthropic Messages API. Values that change from run to run (IDs, paths, times) are replaced by placeholders such as %s. Regenerate it with %s or %s.",
		link("scenarios/", rootLink(indexPage, "scenarios")), link("recordings/", rootLink(indexPage, "recordings")),
		code("<uuid:1>"), code("go generate ./..."), code("ccwire docs")))
	p.para(r.f("CLI versions recorded: %s.", versionList(r.c.versions)))
	p.para(r.f("JSON Schema (draft 2020-12) of every line each recorded version writes or reads, for validators in any language: %s, one folder per version, written by %s.",
		link("schema/", rootLink(indexPage, "schema")), code("ccwire schema")))

	p.heading(2, r.t("Scenarios"))
	var items []string
	for _, cat := range r.c.categories() {
		scs := r.c.inCategory(cat)
		item := link(r.categoryTitle(cat), categoryPage(cat)) + " — " + r.f("scenarios: %d", len(scs))
		for _, sc := range scs {
			item += "\n  - " + link(sc.title[r.lang], rel(indexPage, categoryPage(cat), r.scenarioAnchor[sc.id])) +
				" (" + versionRanges(sc.versions(), r.c.versions) + ")"
		}
		items = append(items, item)
	}
	p.list(items)

	p.heading(2, r.t("Changes between versions"))
	p.para(r.f("%s lists, for each recorded version and the next one, what changed on the wire, with the first version of the notable changes as a binary search over every published version found it.", link(r.t("The changelog"), changelogPage)))

	p.heading(2, r.t("Message reference"))
	p.para(r.f("%s lists every kind of message: what it means, when it appears, its members with the CLI versions they were seen in, an example from a recording, and what changed between versions. It starts with the enums of the protocol.", link(r.t("The message reference"), messagesPage)))
	var rows [][]string
	unseen := 0
	for _, k := range r.ref.kinds {
		if len(k.occurrences) == 0 {
			unseen++
			continue
		}
		rows = append(rows, []string{link(k.def.key, r.kindLink(indexPage, k.def.key)), r.direction(k), r.seenVersions(k.versions())})
	}
	p.table([]string{r.t("message"), r.t("direction"), r.t("CLI versions")}, rows)
	if unseen > 0 {
		p.para(r.f("The message reference also lists the %d kinds of the protocol package that the recordings do not show.", unseen))
	}
	return p.String()
}

// direction describes which way a kind was seen going.
func (r *renderer) direction(k *kindRef) string {
	switch {
	case k.stdin && k.stdout:
		return r.t("stdin and stdout")
	case k.stdin:
		return r.t("stdin (client → CLI)")
	case k.stdout:
		return r.t("stdout (CLI → client)")
	}
	return "—"
}

// seenVersions renders the versions something was seen in, as ranges of
// the recorded versions (see versionRanges).
func (r *renderer) seenVersions(vs []string) string {
	if len(vs) == 0 {
		return r.t("not seen")
	}
	return versionRanges(vs, r.c.versions)
}

// versionRanges renders vs, some of the recorded versions all (both
// oldest first), as ranges of versions consecutive in all: "2.1.37",
// "2.1.37–2.1.204", and open, "2.1.205–", for a range that reaches the
// newest recorded version. A version of vs that all lacks stands alone.
func versionRanges(vs, all []string) string {
	var parts []string
	in := map[string]bool{}
	for _, v := range vs {
		in[v] = true
	}
	for i := 0; i < len(all); i++ {
		if !in[all[i]] {
			continue
		}
		j := i
		for j+1 < len(all) && in[all[j+1]] {
			j++
		}
		switch {
		case j == len(all)-1:
			parts = append(parts, all[i]+"–")
		case j == i:
			parts = append(parts, all[i])
		default:
			parts = append(parts, all[i]+"–"+all[j])
		}
		i = j
	}
	for _, v := range vs {
		if !slices.Contains(all, v) {
			parts = append(parts, v)
		}
	}
	return strings.Join(parts, ", ")
}

// versions returns the versions a scenario was recorded with.
func (s *scenarioDoc) versions() []string {
	out := make([]string, len(s.runs))
	for i, r := range s.runs {
		out[i] = r.version
	}
	return out
}

// categoryPage renders the page of one scenario category.
func (r *renderer) categoryPage(cat string) string {
	var p page
	self := categoryPage(cat)
	p.heading(1, r.categoryTitle(cat))
	p.para(link(r.t("Protocol reference"), rel(self, indexPage, "")) + " · " + link(r.t("Message reference"), rel(self, messagesPage, "")) + " · " + r.otherLanguages(self))
	vs := versionSet{}
	for _, sc := range r.c.inCategory(cat) {
		for _, v := range sc.versions() {
			vs[v] = true
		}
	}
	p.para(r.f("CLI versions recorded: %s.", versionList(vs.sorted())))
	p.para(r.t("Each scenario shows the messages of its recordings in order: ← is a line the client wrote on the CLI's stdin (with the turn number when there are several), → a line the CLI wrote on stdout. Messages the scenario asserts are in bold, and the members it asserts come first in their JSON. The diagram adds the main-loop requests the CLI made to the fake API."))
	var items []string
	for _, sc := range r.c.inCategory(cat) {
		items = append(items, link(sc.title[r.lang], "#"+r.scenarioAnchor[sc.id]))
	}
	p.list(items)
	for _, sc := range r.c.inCategory(cat) {
		r.scenario(&p, self, sc)
	}
	return p.String()
}

// scenario renders one scenario.
func (r *renderer) scenario(p *page, self string, sc *scenarioDoc) {
	r.scenarioAnchor[sc.id] = p.heading(2, sc.title[r.lang])
	for _, n := range sc.notes {
		p.para(r.linkScenarios(self, sc, inlineMarkdown(n[r.lang])))
	}
	p.para(r.f("Scenario file: %s. Recorded with CLI %s.", "["+code(sc.file)+"]("+rootLink(self, sc.file)+")", versionList(sc.versions())))
	if sc.applies != "" {
		p.para(r.f("Applies to CLI %s: %s", code(sc.applies), r.linkScenarios(self, sc, inlineMarkdown(sc.notApplicable[r.lang]))))
	}
	multi := sc.turns() > 1
	full := fullRuns(sc.runs)
	var others [][]string
	for _, run := range sc.runs {
		if !full[run] {
			rec := path.Join(recordingsDir, run.version, sc.id+scenario.RecordingExt)
			others = append(others, []string{"CLI " + run.version, strconv.Itoa(len(runLabels(run))), strconv.Itoa(run.exitCode), strconv.Itoa(run.mainRequests()), "[" + code(rec) + "](" + rootLink(self, rec) + ")"})
			continue
		}
		p.heading(3, "CLI "+run.version)
		var rows [][]string
		for _, ev := range run.events {
			if ev.kind == eventAPI {
				continue
			}
			if ev.kind == eventSignal {
				dir := "←"
				if multi {
					dir += " " + strconv.Itoa(ev.turn)
				}
				rows = append(rows, []string{dir, escapeText(r.f("signal %s", ev.signal)), ""})
				continue
			}
			dir := "→"
			if ev.kind == eventStdin {
				dir = "←"
				if multi {
					dir += " " + strconv.Itoa(ev.turn)
				}
			}
			label := ev.label
			cell := escapeText(label)
			if _, ok := r.kindAnchor[ev.kindKey]; ok {
				cell = link(label, r.kindLink(self, ev.kindKey))
			}
			if ev.asserted != nil {
				cell = "**" + cell + "**"
			}
			j := string(ev.line)
			if ev.msg != nil {
				j = assertedFirst(ev.msg, ev.asserted).String()
			}
			rows = append(rows, []string{dir, cell, code(j)})
		}
		p.table([]string{r.t("direction"), r.t("message"), "JSON"}, rows)
		p.para(r.f("Exit status %d. API requests: %d in the main loop, %d others (token counts, helper calls...).", run.exitCode, run.mainRequests(), run.sideRequests))
		p.fenced("mermaid", r.sequenceDiagram(sc, run))
	}
	if len(others) > 0 {
		p.heading(3, r.t("Other recorded versions"))
		p.para(r.t("The messages of the other recorded versions are in their recordings; the changes between consecutive versions follow."))
		p.table([]string{r.t("version"), r.t("messages"), r.t("exit status"), r.t("main-loop requests"), r.t("recording")}, others)
	}
	if changes := r.scenarioChanges(self, sc); len(changes) > 0 {
		p.heading(3, r.t("Changes between versions"))
		for _, c := range changes {
			p.para(c)
		}
	}
}

// fullRuns chooses the runs a scenario page shows message by message: those
// of the pinned CLI versions (the ones CI runs), or the newest run when the
// scenario has none of them. The other versions' runs are a row each,
// with their recording, so the pages stay readable as the matrix grows.
func fullRuns(runs []*run) map[*run]bool {
	out := map[*run]bool{}
	for _, run := range runs {
		if slices.Contains(cliinstall.PinnedVersions(), run.version) {
			out[run] = true
		}
	}
	if len(out) == 0 && len(runs) > 0 {
		out[runs[len(runs)-1]] = true
	}
	return out
}

// turns returns the number of turns of a scenario's recordings.
func (s *scenarioDoc) turns() int {
	n := 0
	for _, r := range s.runs {
		for _, ev := range r.events {
			n = max(n, ev.turn)
		}
	}
	return n
}

// sequenceDiagram renders a run as a Mermaid sequence diagram.
func (r *renderer) sequenceDiagram(sc *scenarioDoc, run *run) string {
	var b strings.Builder
	b.WriteString("sequenceDiagram\n")
	fmt.Fprintf(&b, "    participant C as %s\n", mermaidText(r.t("client")))
	b.WriteString("    participant L as CLI\n")
	fmt.Fprintf(&b, "    participant A as %s\n", mermaidText(r.t("API stub")))
	multi := sc.turns() > 1
	turn := 0
	for _, ev := range run.events {
		switch ev.kind {
		case eventStdin:
			if multi && ev.turn != turn {
				turn = ev.turn
				fmt.Fprintf(&b, "    Note over C,A: %s\n", mermaidText(r.f("turn %d", turn)))
			}
			fmt.Fprintf(&b, "    C->>L: %s\n", mermaidText(ev.label))
		case eventStdout:
			fmt.Fprintf(&b, "    L-->>C: %s\n", mermaidText(ev.label))
		case eventSignal:
			if multi && ev.turn != turn {
				turn = ev.turn
				fmt.Fprintf(&b, "    Note over C,A: %s\n", mermaidText(r.f("turn %d", turn)))
			}
			fmt.Fprintf(&b, "    C-)L: %s\n", mermaidText(r.f("signal %s", ev.signal)))
		case eventAPI:
			a := ev.api
			req := "POST /v1/messages"
			switch {
			case a.model != "" && a.stream:
				req += " (" + a.model + ", stream)"
			case a.model != "":
				req += " (" + a.model + ")"
			case a.stream:
				req += " (stream)"
			}
			fmt.Fprintf(&b, "    L->>A: %s\n", mermaidText(req))
			fmt.Fprintf(&b, "    A-->>L: %s\n", mermaidText(r.apiAnswer(a)))
		}
	}
	return b.String()
}

// apiAnswer describes how the fake API answered a request.
func (r *renderer) apiAnswer(a *apiExchange) string {
	var parts []string
	if status := strconv.Itoa(a.status); a.status != 0 && !strings.HasPrefix(a.detail, status) {
		parts = append(parts, status)
	}
	if a.answer != "" {
		parts = append(parts, a.answer)
	}
	if a.detail != "" {
		parts = append(parts, a.detail)
	}
	if len(parts) == 0 {
		return a.outcome
	}
	return strings.Join(parts, " ")
}

// mermaidText makes text safe as a Mermaid message or note.
func mermaidText(s string) string {
	r := strings.NewReplacer("#", "#35;", ";", "#59;", "\n", " ")
	return r.Replace(s)
}

// scenarioChanges computes what differs between the recordings of a
// scenario with consecutive versions.
func (r *renderer) scenarioChanges(self string, sc *scenarioDoc) []string {
	var out []string
	for i := 1; i < len(sc.runs); i++ {
		a, b := sc.runs[i-1], sc.runs[i]
		la, lb := runLabels(a), runLabels(b)
		if !slices.Equal(la, lb) {
			out = append(out, r.f("The messages differ between CLI %s (−) and CLI %s (+):", a.version, b.version)+
				"\n\n```diff\n"+strings.Join(diffLines(la, lb), "\n")+"\n```")
		}
		if na, nb := a.mainRequests(), b.mainRequests(); na != nb {
			out = append(out, r.f("Main-loop API requests: %d with CLI %s, %d with CLI %s.", na, a.version, nb, b.version))
		}
		// What differs in this scenario's own messages.
		local := r.local[sc.id]
		var kinds []string
		for _, k := range local.kinds {
			if len(k.occurrences) > 0 && len(r.kindChanges(k, a.version, b.version)) > 0 {
				kinds = append(kinds, link(k.def.key, r.kindLink(self, k.def.key)))
			}
		}
		if len(kinds) > 0 {
			out = append(out, r.f("Members of these messages differ between CLI %s and CLI %s (see the message reference): %s.", a.version, b.version, strings.Join(kinds, ", ")))
		}
	}
	return out
}

// runLabels returns the labels of a run's messages, stdin ones marked.
func runLabels(r *run) []string {
	var out []string
	for _, ev := range r.events {
		switch ev.kind {
		case eventStdin:
			out = append(out, "← "+ev.label)
		case eventStdout:
			out = append(out, "→ "+ev.label)
		case eventSignal:
			out = append(out, "← "+ev.signal)
		}
	}
	return out
}

// mainRequests counts a run's main-loop API requests.
func (r *run) mainRequests() int {
	n := 0
	for _, ev := range r.events {
		if ev.kind == eventAPI {
			n++
		}
	}
	return n
}

// diffLines returns a line diff of a and b: " x" in both, "-x" only in a,
// "+x" only in b, from a longest common subsequence.
func diffLines(a, b []string) []string {
	n, m := len(a), len(b)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out []string
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i] == b[j]:
			out = append(out, "  "+a[i])
			i++
			j++
		case j < m && (i == n || lcs[i][j+1] >= lcs[i+1][j]):
			out = append(out, "+ "+b[j])
			j++
		default:
			out = append(out, "- "+a[i])
			i++
		}
	}
	return out
}

// groups returns the message types of the reference's entries, in order.
func (r *renderer) groups() []protocol.Type {
	var groups []protocol.Type
	for _, k := range r.ref.kinds {
		if !slices.Contains(groups, k.def.group) {
			groups = append(groups, k.def.group)
		}
	}
	return groups
}

// groupPage returns the path of the page of the entries of a message type.
func groupPage(g protocol.Type) string { return messagesDir + "/" + string(g) + ".md" }

// kindLink returns the link from page self to the entry of a kind.
func (r *renderer) kindLink(self, key string) string {
	k := r.ref.byKey[key]
	if k == nil {
		return rel(self, messagesPage, "")
	}
	return rel(self, groupPage(k.def.group), r.kindAnchor[key])
}

// messagesPage renders the entry of the message reference: what it
// holds, the enums, and the links to the page of every message type.
func (r *renderer) messagesPage() string {
	var p page
	self := messagesPage
	p.heading(1, r.t("Message reference"))
	p.para(link(r.t("Protocol reference"), rel(self, indexPage, "")) + " · " + r.otherLanguages(self))
	p.para(r.f("Every kind of message of the protocol, with its members. Meanings come from package %s; the JSON types, the CLI versions and the examples come from the recordings (CLI %s). A member the recordings never showed is listed from the model with \"not seen\".", code("protocol"), versionList(r.c.versions)))

	contents := []string{link(r.t("Enums"), "#"+r.groupAnchor["enums"])}
	for _, g := range r.groups() {
		var kinds []string
		for _, k := range r.ref.kinds {
			if k.def.group == g && k.def.key != string(g) {
				kinds = append(kinds, link(k.def.key, r.kindLink(self, k.def.key)))
			}
		}
		item := link(r.f("%s messages", g), rel(self, groupPage(g), ""))
		if len(kinds) > 0 {
			item += ": " + strings.Join(kinds, ", ")
		}
		contents = append(contents, item)
	}
	contents = append(contents, link(r.t("Tool results"), rel(self, toolResultsPage, ""))+": "+r.f("the shape of %s for each tool", code("tool_use_result")))
	p.list(contents)

	r.groupAnchor["enums"] = p.heading(2, r.t("Enums"))
	for _, name := range []string{"Type", "Subtype", "BlockType", "PermissionMode", "ControlSubtype"} {
		e := r.c.schema.enum(name)
		if e == nil {
			continue
		}
		p.heading(3, e.Name)
		for _, d := range e.Doc {
			p.para(r.md(d))
		}
		var rows [][]string
		for _, c := range e.Values {
			rows = append(rows, []string{code(c.Name), code(strconv.Quote(c.Value)), r.md(c.Doc), r.seenVersions(r.ref.enumSeen[name][c.Value].sorted())})
		}
		p.table([]string{r.t("constant"), r.t("value"), r.t("description"), r.t("seen with CLI")}, rows)
	}
	return p.String()
}

// groupPageText renders the entries of one message type.
func (r *renderer) groupPageText(g protocol.Type) string {
	var p page
	self := groupPage(g)
	p.heading(1, r.f("%s messages", g))
	p.para(link(r.t("Protocol reference"), rel(self, indexPage, "")) + " · " + link(r.t("Message reference"), rel(self, messagesPage, "")) + " · " + r.otherLanguages(self))
	shown := map[string]bool{}
	var intro []string
	if c := r.constDoc("Type", string(g)); c != "" {
		intro = append(intro, c)
	}
	if gt := r.c.schema.typeOf(groupTypes[g]); gt != nil {
		intro = append(intro, gt.Doc...)
	}
	for _, d := range intro {
		p.para(r.md(d))
		shown[d] = true
	}
	var kinds []*kindRef
	for _, k := range r.ref.kinds {
		if k.def.group == g {
			kinds = append(kinds, k)
		}
	}
	if len(kinds) > 1 {
		var items []string
		for _, k := range kinds {
			items = append(items, link(k.def.key, "#"+r.kindAnchor[k.def.key]))
		}
		p.list(items)
	}
	for _, k := range kinds {
		r.kind(&p, self, k, shown)
	}
	return p.String()
}

// constDoc returns the doc of the constant of an enum with a value.
func (r *renderer) constDoc(enum, v string) string {
	if e := r.c.schema.enum(enum); e != nil {
		for _, c := range e.Values {
			if c.Value == v {
				return c.Doc
			}
		}
	}
	return ""
}

// constByName returns the doc of a constant.
func (r *renderer) constByName(name string) string {
	for _, e := range r.c.schema.Enums {
		for _, c := range e.Values {
			if c.Name == name {
				return c.Doc
			}
		}
	}
	return ""
}

// kind renders the entry of one kind.
func (r *renderer) kind(p *page, self string, k *kindRef, shown map[string]bool) {
	d := k.def
	r.kindAnchor[d.key] = p.heading(2, d.key)
	var docs []string
	// A type several entries share, or one for what the model does not
	// know, does not describe the entry: its constant does.
	uses := 0
	for _, o := range r.ref.kinds {
		if o.def.goType == d.goType {
			uses++
		}
	}
	shared := uses > 1 || genericType(d.goType)
	if gt := r.c.schema.typeOf(d.goType); gt != nil && !shared {
		docs = append(docs, gt.Doc...)
	}
	// A payload's type says more of a successful response than the
	// response type every such entry shares.
	if dt := r.c.schema.typeOf(d.detail); dt != nil && !genericType(d.detail) {
		if !r.c.schema.isPayload(d.inner) {
			docs = append(docs, dt.Doc...)
		}
	} else if d.constName != "" && (shared || len(docs) == 0) {
		docs = append(docs, r.constByName(d.constName))
	}
	if it := r.c.schema.typeOf(d.inner); it != nil && !genericType(d.inner) {
		docs = append(docs, it.Doc...)
	}
	for _, doc := range docs {
		if !shown[doc] {
			p.para(r.md(doc))
		}
	}
	if d.note != "" {
		p.para(escapeText(r.t(d.note)))
	}

	p.para("**" + r.t("When it appears") + "**")
	var items []string
	if dir := r.direction(k); dir != "—" {
		items = append(items, r.f("Direction: %s.", dir))
	}
	if len(k.occurrences) == 0 {
		items = append(items, r.t("Not seen in the recordings."))
	} else {
		var links []string
		done := map[string]bool{}
		for _, o := range k.occurrences {
			if done[o.scenario.id] {
				continue
			}
			done[o.scenario.id] = true
			vs := versionSet{}
			for _, o2 := range k.occurrences {
				if o2.scenario == o.scenario {
					vs[o2.run.version] = true
				}
			}
			links = append(links, link(o.scenario.title[r.lang], rel(self, categoryPage(o.scenario.category), r.scenarioAnchor[o.scenario.id]))+" ("+versionRanges(vs.sorted(), r.c.versions)+")")
		}
		if len(links) == len(r.c.scenarios) && len(links) > 1 {
			items = append(items, r.t("Seen in every scenario."))
		} else {
			items = append(items, r.f("Seen in scenarios (%d): %s.", len(links), strings.Join(links, ", ")))
		}
		labels := map[string]versionSet{}
		for _, o := range k.occurrences {
			if labels[o.ev.label] == nil {
				labels[o.ev.label] = versionSet{}
			}
			labels[o.ev.label][o.run.version] = true
		}
		if len(labels) > 1 {
			var parts []string
			for _, l := range sortedKeys(labels) {
				parts = append(parts, code(l)+" ("+versionRanges(labels[l].sorted(), r.c.versions)+")")
			}
			items = append(items, r.f("Labels seen: %s.", strings.Join(parts, ", ")))
		}
	}
	p.list(items)

	p.para("**" + r.t("Members") + "**")
	var rows [][]string
	k.fields.walk(func(n *fieldNode) {
		if n.key == "[]" || n.key == "*" {
			if len(n.types) == 0 {
				return
			}
		}
		rows = append(rows, []string{code(n.path), codeList(r.jsonTypes(n)), r.meaning(n), r.seenVersions(n.versions())})
	})
	p.table([]string{r.t("JSON key"), r.t("JSON type"), r.t("meaning"), r.t("CLI versions")}, rows)

	if len(k.occurrences) > 0 {
		p.para("**" + r.t("Examples") + "**")
		done := map[string]bool{}
		for _, o := range k.occurrences {
			key := o.run.version + "\x00" + strconv.Itoa(int(o.ev.kind))
			if done[key] {
				continue
			}
			done[key] = true
			from := link(o.scenario.title[r.lang], rel(self, categoryPage(o.scenario.category), r.scenarioAnchor[o.scenario.id]))
			if k.stdin && k.stdout {
				dir := r.t("stdout")
				if o.ev.kind == eventStdin {
					dir = r.t("stdin")
				}
				p.para(r.f("CLI %s (%s), from %s:", o.run.version, dir, from))
			} else {
				p.para(r.f("CLI %s, from %s:", o.run.version, from))
			}
			p.fenced("json", o.ev.msg.Indent())
		}
	}

	// Versions are compared on what the CLI wrote: stdin lines are the
	// scenario's.
	var changes []string
	vs := k.outVersions()
	for i := 1; i < len(vs); i++ {
		changes = append(changes, r.kindChanges(k, vs[i-1], vs[i])...)
	}
	if len(vs) > 0 && len(vs) < len(r.c.versions) {
		changes = append(changes, r.f("Written by CLI %s only.", versionList(vs)))
	}
	if len(changes) > 0 {
		p.para("**" + r.t("Changes between versions") + "**")
		p.list(changes)
	}
}

// versions returns the versions a member was seen in.
func (n *fieldNode) versions() []string {
	s := versionSet{}
	for v := range n.types {
		s[v] = true
	}
	return s.sorted()
}

// jsonTypes renders the JSON types of a member: those seen, else the one
// the model declares.
func (r *renderer) jsonTypes(n *fieldNode) string {
	seen := map[jsontree.Kind]bool{}
	for _, ks := range n.types {
		for k := range ks {
			seen[k] = true
		}
	}
	var out []string
	for _, k := range []jsontree.Kind{jsontree.String, jsontree.Number, jsontree.Bool, jsontree.Object, jsontree.Array, jsontree.Null} {
		if seen[k] {
			out = append(out, k.String())
		}
	}
	if len(out) == 0 {
		return modelType(n)
	}
	return strings.Join(out, ", ")
}

// modelType returns the JSON type the model declares for a member.
func modelType(n *fieldNode) string {
	f := n.field
	if f == nil {
		if n.key == "[]" || n.key == "*" {
			return jsontree.Object.String()
		}
		return "—"
	}
	var t string
	switch f.Shape {
	case protomodel.ShapeConst, protomodel.ShapeString:
		t = "string"
	case protomodel.ShapeNumber:
		t = "number"
	case protomodel.ShapeBoolean:
		t = "boolean"
	case protomodel.ShapeStrings, protomodel.ShapeObjects, protomodel.ShapeBlocks:
		t = "array"
	case protomodel.ShapeObject, protomodel.ShapeObjectMap, protomodel.ShapeVariant:
		t = "object"
	case protomodel.ShapeContent:
		t = "string, array"
	default:
		return "—"
	}
	if f.Nullable {
		t += ", null"
	}
	return t
}

// meaning renders what a member means.
func (r *renderer) meaning(n *fieldNode) string {
	f := n.field
	switch {
	case f == nil:
		return "—"
	case f.Shape == protomodel.ShapeConst && len(n.consts) > 1:
		return r.f("One of %s.", codeList(strings.Join(n.consts, ", ")))
	case f.Shape == protomodel.ShapeConst:
		return r.f("Always %s.", code(f.Const))
	case f.Doc == "":
		return "—"
	}
	return r.md(f.Doc)
}

// kindChanges computes what differs for a kind between versions a and b.
func (r *renderer) kindChanges(k *kindRef, a, b string) []string {
	var out []string
	var added, gone, retyped []string
	k.fields.walk(func(n *fieldNode) {
		ta, tb := n.outTypes[a], n.outTypes[b]
		switch {
		case ta == nil && tb == nil:
		case ta == nil:
			added = append(added, code(n.path))
		case tb == nil:
			gone = append(gone, code(n.path))
		case !sameKinds(ta, tb):
			retyped = append(retyped, r.f("%s is %s with CLI %s, %s with CLI %s", code(n.path), code(kindList(ta)), a, code(kindList(tb)), b))
		}
	})
	if len(k.keyOrders[a]) == 0 || len(k.keyOrders[b]) == 0 {
		return nil
	}
	if len(added) > 0 {
		out = append(out, r.f("Members new with CLI %s: %s.", b, strings.Join(added, ", ")))
	}
	if len(gone) > 0 {
		out = append(out, r.f("Members gone with CLI %s: %s.", b, strings.Join(gone, ", ")))
	}
	for _, s := range retyped {
		out = append(out, s+".")
	}
	oa, ob := k.keyOrders[a][0], k.keyOrders[b][0]
	if ca, cb := commonOrder(oa, ob), commonOrder(ob, oa); !slices.Equal(ca, cb) {
		out = append(out, r.f("The top-level members come in another order. CLI %s: %s. CLI %s: %s.", a, code(strings.Join(oa, ", ")), b, code(strings.Join(ob, ", "))))
	}
	for _, p := range sortedKeys(k.stringValues) {
		if n := k.fields.find(p); n == nil || n.outTypes[a] == nil || n.outTypes[b] == nil {
			continue // a member new or gone as a whole is listed above
		}
		var onlyA, onlyB []string
		for _, v := range sortedKeys(k.stringValues[p]) {
			s := k.stringValues[p][v]
			switch {
			case s[a] && !s[b]:
				onlyA = append(onlyA, code(v))
			case s[b] && !s[a]:
				onlyB = append(onlyB, code(v))
			}
		}
		if len(onlyA) > 0 {
			out = append(out, r.f("Values of %s gone with CLI %s: %s.", code(p), b, strings.Join(onlyA, ", ")))
		}
		if len(onlyB) > 0 {
			out = append(out, r.f("Values of %s new with CLI %s: %s.", code(p), b, strings.Join(onlyB, ", ")))
		}
	}
	return out
}

// commonOrder returns the keys of a that b has too, in a's order.
func commonOrder(a, b []string) []string {
	var out []string
	for _, k := range a {
		if slices.Contains(b, k) {
			out = append(out, k)
		}
	}
	return out
}

func sameKinds(a, b map[jsontree.Kind]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

func kindList(ks map[jsontree.Kind]bool) string {
	var out []string
	for _, k := range []jsontree.Kind{jsontree.String, jsontree.Number, jsontree.Bool, jsontree.Object, jsontree.Array, jsontree.Null} {
		if ks[k] {
			out = append(out, k.String())
		}
	}
	return strings.Join(out, "/")
}

// codeList renders a comma-separated list of names as code spans; "—"
// stays as it is.
func codeList(s string) string {
	if s == "—" {
		return s
	}
	parts := strings.Split(s, ", ")
	for i, p := range parts {
		parts[i] = code(p)
	}
	return strings.Join(parts, ", ")
}

// genericType reports whether a protocol type stands for what the model
// does not know (UnknownMessage, UnknownBlock, SystemMessage...).
func genericType(name string) bool {
	return strings.HasPrefix(name, "Unknown") || name == "SystemMessage"
}

// linkScenarios links the IDs of other scenarios that a scenario's text
// names. Only IDs of three words or more are taken for names: shorter ones
// (multi-turn) read as ordinary words.
func (r *renderer) linkScenarios(self string, cur *scenarioDoc, md string) string {
	for _, o := range r.c.scenarios {
		if o == cur || strings.Count(o.id, "-") < 2 || !strings.Contains(md, o.id) {
			continue
		}
		re := regexp.MustCompile(`(^|[^\w-])` + regexp.QuoteMeta(o.id) + `($|[^\w-])`)
		target := rel(self, categoryPage(o.category), r.scenarioAnchor[o.id])
		md = re.ReplaceAllString(md, "${1}"+link(o.id, target)+"${2}")
	}
	return md
}
