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
	// kindAnchor holds the anchors of the entries of the message
	// reference; a first rendering pass fills it for the second.
	kindAnchor  map[string]string
	groupAnchor map[string]string
	// neutral writes the Go names of the model in a doc text as JSON.
	neutral func(string) string
	// local holds what each scenario's own recordings show, by ID.
	local map[string]*reference
}

// t translates an English text.
func (r *renderer) t(en string) string { return r.tr.text(en) }

// f translates an English format and formats it.
func (r *renderer) f(en string, args ...any) string { return r.tr.format(en, args...) }

// md translates a text from the protocol's doc comments and renders it as
// Markdown.
// Go names of the model become the JSON they stand for (see goNames).
func (r *renderer) md(en string) string {
	s := r.t(en)
	if r.neutral != nil {
		s = r.neutral(s)
	}
	return inlineMarkdown(s)
}

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
			for _, sc := range r.c.inCategory(cat) {
				files = append(files, File{Path: scenarioPage(sc), Data: []byte(r.scenarioPageText(sc))})
			}
		}
		files = append(files, File{Path: changelogPage, Data: []byte(r.changelogPageText())})
		files = append(files, File{Path: verdictsPage, Data: []byte(r.verdictsPageText())})
		files = append(files, File{Path: gettingStartedPage, Data: []byte(r.gettingStartedPageText())})
		files = append(files, File{Path: verdictsPicture, Data: []byte(r.verdictsSVG())})
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
	p.para(r.f("New to the protocol? %s: read a stream, answer a permission request, test against the fake CLI.", link(r.t("Getting started"), gettingStartedPage)))
	p.para(r.f("JSON Schema (draft 2020-12) of every line each recorded version writes or reads, for validators in any language: %s, one folder per version, written by %s.",
		link("schema/", rootLink(indexPage, "schema")), code("ccwire schema")))

	p.heading(2, r.t("Scenarios"))
	var items []string
	for _, cat := range r.c.categories() {
		scs := r.c.inCategory(cat)
		item := link(r.categoryTitle(cat), categoryPage(cat)) + " — " + r.f("scenarios: %d", len(scs))
		for _, sc := range scs {
			item += "\n  - " + link(sc.title[r.lang], rel(indexPage, scenarioPage(sc), "")) +
				" (" + versionRanges(sc.versions(), r.c.versions) + ")"
		}
		items = append(items, item)
	}
	p.list(items)

	p.heading(2, r.t("Verdicts"))
	p.para(r.f("%s shows, for every scenario and every recorded CLI version, whether the scenario was recorded, does not apply, failed or is missing:", link(r.t("The verdict matrix"), verdictsPage)))

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

// categoryPage renders the page of one scenario category: the index of
// its scenarios, each on a page of its own.
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
	p.para(r.f("CLI versions recorded: %s.", versionRanges(vs.sorted(), r.c.versions)))
	var rows [][]string
	for _, sc := range r.c.inCategory(cat) {
		rows = append(rows, []string{link(sc.title[r.lang], rel(self, scenarioPage(sc), "")), code(sc.id), versionRanges(sc.versions(), r.c.versions)})
	}
	p.table([]string{r.t("scenario"), r.t("scenario ID"), r.t("CLI versions")}, rows)
	return p.String()
}

// scenarioPage returns the path of a scenario's page.
func scenarioPage(sc *scenarioDoc) string {
	return scenarioDir + "/" + sc.category + "/" + sc.id + ".md"
}

// scenarioPageText renders the page of one scenario.
func (r *renderer) scenarioPageText(sc *scenarioDoc) string {
	var p page
	self := scenarioPage(sc)
	p.heading(1, sc.title[r.lang])
	p.para(link(r.t("Protocol reference"), rel(self, indexPage, "")) + " · " + link(r.categoryTitle(sc.category), rel(self, categoryPage(sc.category), "")) + " · " + link(r.t("Message reference"), rel(self, messagesPage, "")) + " · " + r.otherLanguages(self))
	for _, n := range sc.notes {
		p.para(r.linkScenarios(self, sc, inlineMarkdown(n[r.lang])))
	}
	p.para(r.f("Scenario file: %s. Recorded with CLI %s.", "["+code(sc.file)+"]("+rootLink(self, sc.file)+")", versionRanges(sc.versions(), r.c.versions)))
	if sc.applies != "" {
		p.para(r.f("Applies to CLI %s: %s", code(sc.applies), r.linkScenarios(self, sc, inlineMarkdown(sc.notApplicable[r.lang]))))
	}

	p.heading(2, r.t("Messages"))
	p.para(r.t("The messages of the recordings in order, each line once with the CLI versions that wrote or read it: ← is a line the client wrote on the CLI's stdin (with the turn number when there are several), → a line the CLI wrote on stdout. Messages the scenario asserts are in bold, and the members it asserts come first in their JSON."))
	multi := sc.turns() > 1
	var rows [][]string
	for _, sl := range mergeRuns(sc.runs) {
		for i, va := range sl.variants {
			rows = append(rows, r.variantRow(self, multi, sl, i, va))
		}
	}
	p.table([]string{r.t("direction"), r.t("message"), "JSON", r.t("CLI versions")}, rows)

	full := fullRuns(sc.runs)
	for _, run := range sc.runs {
		if full[run] {
			p.heading(2, r.f("Sequence diagram, CLI %s", run.version))
			p.para(r.t("The messages of the run with the main-loop requests the CLI made to the fake API."))
			p.fenced("mermaid", r.sequenceDiagram(sc, run))
		}
	}

	p.heading(2, r.t("Recordings"))
	var recs [][]string
	for _, run := range sc.runs {
		rec := path.Join(recordingsDir, run.version, sc.id+scenario.RecordingExt)
		recs = append(recs, []string{run.version, strconv.Itoa(len(runLabels(run))), strconv.Itoa(run.exitCode), strconv.Itoa(run.mainRequests()), strconv.Itoa(run.sideRequests), "[" + code(rec) + "](" + rootLink(self, rec) + ")"})
	}
	p.table([]string{r.t("version"), r.t("messages"), r.t("exit status"), r.t("main-loop requests"), r.t("other requests"), r.t("recording")}, recs)

	if changes := r.scenarioChanges(self, sc); len(changes) > 0 {
		p.heading(2, r.t("Changes between versions"))
		for _, c := range changes {
			p.para(c)
		}
	}
	return p.String()
}

// slot is a place in the merged sequence of a scenario's recordings: a
// line with the same direction, turn and label in the runs holding it, and
// the texts it had.
type slot struct {
	key string
	// variants are the texts of the line, newest first.
	variants []*variant
}

// variant is one text of a slot's line and the versions that wrote or
// read it.
type variant struct {
	ev       *event // as the newest run holding it has it
	versions versionSet
	// asserted reports whether an expectation matched it in some run.
	asserted bool
}

// slotKey identifies a recorded line's place for merging runs: its
// direction, turn and label.
func slotKey(ev *event) string {
	switch ev.kind {
	case eventSignal:
		return "signal\x00" + strconv.Itoa(ev.turn) + "\x00" + ev.signal
	case eventStdin:
		return "stdin\x00" + strconv.Itoa(ev.turn) + "\x00" + ev.label
	}
	return "stdout\x00" + ev.label
}

// mergeRuns merges the lines of a scenario's runs (oldest first) into one
// sequence of slots: the newest run's order, with each older run's other
// lines placed where a longest common subsequence of the labels puts them.
// Each text of a slot's line appears once, with the versions holding it.
// API requests are left out.
func mergeRuns(runs []*run) []*slot {
	var slots []*slot
	for i := len(runs) - 1; i >= 0; i-- {
		run := runs[i]
		var evs []*event
		for _, ev := range run.events {
			if ev.kind != eventAPI {
				evs = append(evs, ev)
			}
		}
		a := make([]string, len(slots))
		for k, s := range slots {
			a[k] = s.key
		}
		b := make([]string, len(evs))
		for k, ev := range evs {
			b[k] = slotKey(ev)
		}
		var out []*slot
		ai, bi := 0, 0
		for _, d := range diffLines(a, b) {
			switch d[0] {
			case ' ':
				s, ev := slots[ai], evs[bi]
				s.add(run.version, ev)
				out = append(out, s)
				ai++
				bi++
			case '-':
				out = append(out, slots[ai])
				ai++
			default:
				s := &slot{key: b[bi]}
				s.add(run.version, evs[bi])
				out = append(out, s)
				bi++
			}
		}
		slots = out
	}
	return slots
}

// add adds a run's line to the slot: to the variant with the same text, or
// as a new, older variant.
func (s *slot) add(version string, ev *event) {
	i := slices.IndexFunc(s.variants, func(v *variant) bool { return string(v.ev.line) == string(ev.line) })
	if i < 0 {
		s.variants = append(s.variants, &variant{ev: ev, versions: versionSet{}})
		i = len(s.variants) - 1
	}
	s.variants[i].versions[version] = true
	s.variants[i].asserted = s.variants[i].asserted || ev.asserted != nil
}

// fullLineLimit is the length of a line up to which a scenario page shows
// every text of it in full; a longer line's older texts are shown as what
// differs from the text above them.
const fullLineLimit = 300

// jsonChanges lists what differs in v from base, as member paths the way
// the diff reports write them: "path: value" for a value v has otherwise
// or in addition ("+path: value"), "-path" for a member only base has, and
// "+path[item]" or "-path[item]" for an item of a list of strings or of
// named objects.
func jsonChanges(v, base *jsontree.Value, at string) []string {
	show := func(x *jsontree.Value) string { return abbreviate(x.String(), 80) }
	if v.Kind != base.Kind {
		return []string{at + ": " + show(v)}
	}
	switch v.Kind {
	case jsontree.Object:
		var out []string
		for _, m := range v.Members {
			p := joinPath(at, m.Key)
			if bm := base.Get(m.Key); bm != nil {
				out = append(out, jsonChanges(m.Val, bm, p)...)
			} else {
				out = append(out, "+"+p+": "+show(m.Val))
			}
		}
		for _, m := range base.Members {
			if v.Get(m.Key) == nil {
				out = append(out, "-"+joinPath(at, m.Key))
			}
		}
		return out
	case jsontree.Array:
		vn, bn := itemNames(v), itemNames(base)
		if vn == nil || bn == nil {
			if len(v.Elems) != len(base.Elems) {
				return []string{at + ": " + show(v)}
			}
			var out []string
			for i := range v.Elems {
				out = append(out, jsonChanges(v.Elems[i], base.Elems[i], at+"["+strconv.Itoa(i)+"]")...)
			}
			return out
		}
		var out []string
		for i, n := range vn {
			j := slices.Index(bn, n)
			switch {
			case j < 0 && v.Elems[i].Kind == jsontree.String:
				out = append(out, "+"+at+"["+n+"]")
			case j < 0:
				out = append(out, "+"+at+"["+n+"]: "+show(v.Elems[i]))
			default:
				out = append(out, jsonChanges(v.Elems[i], base.Elems[j], at+"["+n+"]")...)
			}
		}
		for _, n := range bn {
			if !slices.Contains(vn, n) {
				out = append(out, "-"+at+"["+n+"]")
			}
		}
		return out
	}
	if v.String() != base.String() {
		return []string{at + ": " + show(v)}
	}
	return nil
}

// joinPath appends a key to a member path.
func joinPath(at, key string) string {
	if at == "" {
		return key
	}
	return at + "." + key
}

// itemNames returns the names of an array's items when it is a list of
// distinct strings or of objects with distinct "name" (or "value")
// strings, nil otherwise.
func itemNames(v *jsontree.Value) []string {
	out := make([]string, 0, len(v.Elems))
	for _, e := range v.Elems {
		n := ""
		switch e.Kind {
		case jsontree.String:
			n = e.Str
		case jsontree.Object:
			for _, k := range []string{"name", "value"} {
				if x := e.Get(k); x != nil && x.Kind == jsontree.String {
					n = x.Str
					break
				}
			}
		}
		if n == "" || slices.Contains(out, n) {
			return nil
		}
		out = append(out, n)
	}
	return out
}

// variantRow renders the row of the i-th text of a slot's line.
func (r *renderer) variantRow(self string, multi bool, sl *slot, i int, va *variant) []string {
	ev := va.ev
	vs := versionRanges(va.versions.sorted(), r.c.versions)
	dir := "→"
	if ev.kind != eventStdout {
		dir = "←"
		if multi {
			dir += " " + strconv.Itoa(ev.turn)
		}
	}
	if ev.kind == eventSignal {
		return []string{dir, escapeText(r.f("signal %s", ev.signal)), "", vs}
	}
	cell := escapeText(ev.label)
	if _, ok := r.kindAnchor[ev.kindKey]; ok && i == 0 {
		// The older texts of the line follow it: one link is enough.
		cell = link(ev.label, r.kindLink(self, ev.kindKey))
	}
	if va.asserted {
		cell = "**" + cell + "**"
	}
	j := string(ev.line)
	if ev.msg != nil {
		j = assertedFirst(ev.msg, ev.asserted).String()
	}
	if prev := sl.variants[max(i-1, 0)]; i > 0 && len(j) > fullLineLimit && ev.msg != nil && prev.ev.msg != nil {
		changes := jsonChanges(ev.msg, prev.ev.msg, "")
		if d := strings.Join(changes, "; "); len(d) < len(j) {
			return []string{dir, cell, r.f("As with CLI %s, except: %s", versionRanges(prev.versions.sorted(), r.c.versions), code(abbreviate(d, 4*fullLineLimit))), vs}
		}
	}
	return []string{dir, cell, code(j), vs}
}

// fullRuns chooses the runs a scenario page draws a sequence diagram of:
// those of the pinned CLI versions (the ones CI runs), or the newest run
// when the scenario has none of them.
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
	// Each enum is headed by the members that hold its values.
	for _, en := range []struct{ name, members string }{
		{"Type", "type"}, {"Subtype", "subtype"}, {"BlockType", "content[].type"},
		{"PermissionMode", "permissionMode"}, {"ControlSubtype", "request.subtype"},
	} {
		name := en.name
		e := r.c.schema.enum(name)
		if e == nil {
			continue
		}
		p.heading(3, en.members)
		for _, d := range e.Doc {
			p.para(r.md(d))
		}
		var rows [][]string
		for _, c := range e.Values {
			rows = append(rows, []string{code(strconv.Quote(c.Value)), r.md(c.Doc), r.seenVersions(r.ref.enumSeen[name][c.Value].sorted())})
		}
		p.table([]string{r.t("value"), r.t("description"), r.t("seen with CLI")}, rows)
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
			links = append(links, link(o.scenario.title[r.lang], rel(self, scenarioPage(o.scenario), ""))+" ("+versionRanges(vs.sorted(), r.c.versions)+")")
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
		p.para(r.t("One example for each set of versions whose messages have the same members with the same JSON types, from the newest of them."))
		r.examples(p, self, k, func(o occurrence) *jsontree.Value { return o.ev.msg })
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

// exampleLimit is the size of an example, indented, up to which every
// example of a kind is shown in full; the older examples of a larger one
// are shown as what differs from the example above them.
const exampleLimit = 1024

// examples writes the examples of a kind (see exampleGroups); value
// returns the JSON an occurrence shows.
func (r *renderer) examples(p *page, self string, k *kindRef, value func(occurrence) *jsontree.Value) {
	prevs := map[eventKind]*exampleGroup{}
	for _, g := range exampleGroups(k) {
		o := g.shown
		vs := versionRanges(g.versions.sorted(), r.c.versions)
		from := link(o.scenario.title[r.lang], rel(self, scenarioPage(o.scenario), ""))
		if k.stdin && k.stdout {
			dir := r.t("stdout")
			if o.ev.kind == eventStdin {
				dir = r.t("stdin")
			}
			p.para(r.f("CLI %s (%s), from %s:", vs, dir, from))
		} else {
			p.para(r.f("CLI %s, from %s:", vs, from))
		}
		v := value(o)
		text := v.Indent()
		if prev := prevs[o.ev.kind]; prev != nil && len(text) > exampleLimit {
			changes := jsonChanges(v, value(prev.shown), "")
			p.para(r.f("As with CLI %s, except:", versionRanges(prev.versions.sorted(), r.c.versions)))
			p.fenced("text", abbreviate(strings.Join(changes, "\n"), exampleLimit))
		} else {
			p.fenced("json", text)
		}
		prevs[o.ev.kind] = g
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
	if len(n.types) == 0 {
		return r.md(f.Doc)
	}
	// The versions column says which versions the recordings show the
	// member in: a note of the version it was first noticed in would
	// only contradict it.
	s := r.t(f.Doc)
	s = versionNote.ReplaceAllString(s, "")
	s = versionNoteTail.ReplaceAllString(s, "$1$2")
	if r.neutral != nil {
		s = r.neutral(s)
	}
	return inlineMarkdown(s)
}

// versionNote is a note of the CLI version a member was first noticed in,
// in English or Japanese: " (CLI 2.1.330)", " (seen from CLI 2.1.330)",
// "（CLI 2.1.330 で観測）"; versionNoteTail is one at the end of a note
// that says more: "(type=system, CLI 2.1.330)".
var (
	versionNote     = regexp.MustCompile(` ?[(（](?:seen from )?CLI [0-9]+\.[0-9]+\.[0-9]+(?: で観測)?[)）]`)
	versionNoteTail = regexp.MustCompile(`([(（][^()（）]*?)(?:, |、)CLI [0-9]+\.[0-9]+\.[0-9]+([)）])`)
)

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
		target := rel(self, scenarioPage(o), "")
		md = re.ReplaceAllString(md, "${1}"+link(o.id, target)+"${2}")
	}
	return md
}
