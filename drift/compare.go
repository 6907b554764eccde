package drift

import (
	"cmp"
	"maps"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// Report is what changed on the wire from one CLI version's recordings
// (A) to another's (B). Strings are compared with each side's CLI version
// replaced by [Placeholder], so two versions whose recordings differ only
// in the version give an empty report.
type Report struct {
	A Side `json:"a"`
	B Side `json:"b"`
	// Compared are the scenarios recorded on both sides, sorted: the
	// ones whose changes are compared.
	Compared []string `json:"compared"`
	// Verdicts are the scenarios whose verdict changed.
	Verdicts []VerdictChange `json:"verdicts"`
	// Total are the changes of the compared scenarios taken together:
	// a member is added when no scenario of A has it and one of B does,
	// or when most scenarios that have its kind on both sides add it (and
	// the same for kinds, removals and the items of lists).
	Total Changes `json:"total"`
	// Scenarios are the changes of each compared scenario that has any,
	// by scenario ID.
	Scenarios []ScenarioChanges `json:"scenarios"`
}

// Side names one side of a report.
type Side struct {
	Label   string `json:"label"`
	Version string `json:"cli_version"`
	Dir     string `json:"dir"`
}

// Empty reports whether nothing changed.
func (r *Report) Empty() bool {
	return len(r.Verdicts) == 0 && r.Total.Empty() && len(r.Scenarios) == 0
}

// VerdictChange is a scenario whose verdict differs.
type VerdictChange struct {
	Scenario string  `json:"scenario"`
	A        Verdict `json:"a"`
	B        Verdict `json:"b"`
	// Error is why B's run failed, when known.
	Error string `json:"error,omitempty"`
}

// ScenarioChanges are one scenario's changes.
type ScenarioChanges struct {
	Scenario string `json:"scenario"`
	// Inputs, when set, says that the scenario gave the two CLIs
	// different inputs (a version variant of its stub script, files or
	// stdin): its changes are the scenario's own doing as much as the
	// CLI's, and are left out of the total.
	Inputs *InputChange `json:"inputs,omitempty"`
	Changes
}

// InputChange names the input sections of a scenario that differ between
// the two sides, as written in the scenario ("stub.json [>=2.1.140]").
type InputChange struct {
	A []string `json:"a"`
	B []string `json:"b"`
}

// inputChange returns how a scenario's inputs differ between two runs,
// nil when they do not or when either is unknown.
func inputChange(a, b *Run) *InputChange {
	if a.inputs == nil || b.inputs == nil {
		return nil
	}
	var ic InputChange
	for _, s := range a.inputs {
		if !slices.Contains(b.inputs, s) {
			ic.A = append(ic.A, s)
		}
	}
	for _, s := range b.inputs {
		if !slices.Contains(a.inputs, s) {
			ic.B = append(ic.B, s)
		}
	}
	if ic.A == nil && ic.B == nil {
		return nil
	}
	if ic.A == nil {
		ic.A = []string{}
	}
	if ic.B == nil {
		ic.B = []string{}
	}
	return &ic
}

// Change says how something changed.
type Change string

// The changes.
const (
	Added   Change = "added"
	Removed Change = "removed"
	// Retyped is a member whose values have other JSON types.
	Retyped Change = "type"
	// Wrapped is a text that B wraps in a tag and A does not;
	// Unwrapped the other way round.
	Wrapped   Change = "wrapped"
	Unwrapped Change = "unwrapped"
)

// Changes are the differences between two sides' recordings of one
// scenario, or of all.
type Changes struct {
	// Kinds are the kinds of message one side has and the other not.
	Kinds []KindChange `json:"kinds,omitempty"`
	// Members are the members added, removed or retyped in a kind both
	// sides have. A member inside one added or removed is left out.
	Members []MemberChange `json:"members,omitempty"`
	// Items are the changes of lists compared as sets (tools,
	// slash_commands, capabilities, betas, mcp_servers, …) that both
	// sides have.
	Items []ItemChange `json:"items,omitempty"`
	// Wraps are texts one side wraps in a tag and the other not.
	Wraps []WrapChange `json:"wraps,omitempty"`
	// Order are the turns whose stdout kinds come in another order (a
	// scenario's only).
	Order []OrderChange `json:"order,omitempty"`
}

// Empty reports whether there is no change.
func (c *Changes) Empty() bool {
	return len(c.Kinds) == 0 && len(c.Members) == 0 && len(c.Items) == 0 && len(c.Wraps) == 0 && len(c.Order) == 0
}

// KindChange is a kind of message added or removed.
type KindChange struct {
	Kind   Kind   `json:"kind"`
	Change Change `json:"change"`
}

// MemberChange is a member added, removed or retyped. Path is the
// member's path in its message (see [Member]); Before and After are
// the JSON types its values had on each side (array, boolean, null,
// number, object, string), empty on the side without it.
//
// The same change in several elements of a list of named objects is one
// MemberChange: Path has "[*]" for the element's name and Elements are
// the names ("commands[*].builtin" in compact, context, …; a "/" joins
// the names of a path through nested lists).
type MemberChange struct {
	Kind     Kind     `json:"kind"`
	Path     string   `json:"path"`
	Change   Change   `json:"change"`
	Before   []string `json:"before,omitempty"`
	After    []string `json:"after,omitempty"`
	Elements []string `json:"elements,omitempty"`
}

// ItemChange is a list compared as a set whose items changed.
type ItemChange struct {
	Kind    Kind     `json:"kind"`
	Path    string   `json:"path"`
	Added   []string `json:"added,omitempty"`
	Removed []string `json:"removed,omitempty"`
}

// WrapChange is a text that one side wraps in a tag, <Tag>…</Tag>, and
// the other sends bare. Text is the start of the wrapped text.
type WrapChange struct {
	Kind   Kind   `json:"kind"`
	Path   string `json:"path"`
	Change Change `json:"change"`
	Tag    string `json:"tag"`
	Text   string `json:"text"`
}

// OrderChange is a turn whose stdout lines have their kinds in another
// order. Before and After list the kinds both sides have, in order, a
// repeated kind once.
type OrderChange struct {
	Turn   int      `json:"turn"`
	Before []string `json:"before"`
	After  []string `json:"after"`
}

// Compare compares two corpora, A the older.
func Compare(a, b *Corpus) *Report {
	r := &Report{
		A:         Side{a.Label, a.Version, a.Dir},
		B:         Side{b.Label, b.Version, b.Dir},
		Compared:  []string{},
		Verdicts:  []VerdictChange{},
		Scenarios: []ScenarioChanges{},
	}
	ids := map[string]bool{}
	for id := range a.Runs {
		ids[id] = true
	}
	for id := range b.Runs {
		ids[id] = true
	}
	totalA, totalB := newShape(), newShape()
	counts := newMajority()
	var perScenario []Changes
	for _, id := range slices.Sorted(maps.Keys(ids)) {
		ra, rb := a.Runs[id], b.Runs[id]
		va, vb := Missing, Missing
		if ra != nil {
			va = ra.Verdict
		}
		if rb != nil {
			vb = rb.Verdict
		}
		if !va.same(vb) {
			vc := VerdictChange{Scenario: id, A: va, B: vb}
			if rb != nil {
				vc.Error = rb.Error
			}
			r.Verdicts = append(r.Verdicts, vc)
		}
		if ra == nil || rb == nil || ra.shape == nil || rb.shape == nil {
			continue
		}
		r.Compared = append(r.Compared, id)
		// What the scenario declares may differ from run to run on
		// either version is left out on both sides.
		varies := slices.Concat(ra.varies, rb.varies)
		sa, sb := ra.shape.without(varies), rb.shape.without(varies)
		c := compareShapes(sa, sb)
		inputs := inputChange(ra, rb)
		if inputs == nil {
			totalA.merge(sa)
			totalB.merge(sb)
			counts.add(sa, sb, &c)
			perScenario = append(perScenario, c)
		}
		c.Order = compareTurns(sa, sb)
		if !c.Empty() {
			r.Scenarios = append(r.Scenarios, ScenarioChanges{Scenario: id, Inputs: inputs, Changes: c})
		}
	}
	r.Total = compareShapes(totalA, totalB)
	counts.addTo(&r.Total, perScenario)
	explained(&r.Total, perScenario)
	return r
}

// explained drops from total the member and item changes of a kind that
// no scenario shows on its own and that a scenario's kind added or
// removed explains: the union over scenarios loses a member when the one
// scenario that had it loses the kind, which is that one change, told by
// the scenario (issue 37, D4).
func explained(total *Changes, perScenario []Changes) {
	kindChanged := map[Kind]bool{}
	for _, c := range perScenario {
		for _, kc := range c.Kinds {
			kindChanged[kc.Kind] = true
		}
	}
	if len(kindChanged) == 0 {
		return
	}
	shown := func(pred func(*Changes) bool) bool {
		for i := range perScenario {
			if pred(&perScenario[i]) {
				return true
			}
		}
		return false
	}
	total.Members = slices.DeleteFunc(total.Members, func(m MemberChange) bool {
		return kindChanged[m.Kind] && !shown(func(c *Changes) bool {
			return slices.ContainsFunc(c.Members, func(x MemberChange) bool {
				return x.Kind == m.Kind && x.Path == m.Path && x.Change == m.Change
			})
		})
	})
	total.Items = slices.DeleteFunc(total.Items, func(it ItemChange) bool {
		return kindChanged[it.Kind] && !shown(func(c *Changes) bool {
			return slices.ContainsFunc(c.Items, func(x ItemChange) bool { return x.Kind == it.Kind && x.Path == it.Path })
		})
	})
}

// compareShapes returns the changes from a to b but for their order.
func compareShapes(a, b *shape) Changes {
	var c Changes
	kinds := map[Kind]bool{}
	for k := range a.kinds {
		kinds[k] = true
	}
	for k := range b.kinds {
		kinds[k] = true
	}
	for _, k := range slices.SortedFunc(maps.Keys(kinds), compareKinds) {
		_, inA := a.kinds[k]
		_, inB := b.kinds[k]
		switch {
		case !inB:
			c.Kinds = append(c.Kinds, KindChange{k, Removed})
			continue
		case !inA:
			c.Kinds = append(c.Kinds, KindChange{k, Added})
			continue
		}
		items := compareItems(k, a.items[k], b.items[k])
		c.Members = append(c.Members, compareMembers(k, a.members[k], b.members[k], items)...)
		c.Items = append(c.Items, items...)
		c.Wraps = append(c.Wraps, compareWraps(k, a, b)...)
	}
	return c
}

func compareMembers(k Kind, a, b map[string]typeSet, items []ItemChange) []MemberChange {
	changed := map[string]Change{}
	paths := map[string]bool{}
	for p := range a {
		paths[p] = true
	}
	for p := range b {
		paths[p] = true
	}
	for p := range paths {
		ta, inA := a[p]
		tb, inB := b[p]
		switch {
		case !inB:
			changed[p] = Removed
		case !inA:
			changed[p] = Added
		case ta != tb:
			changed[p] = Retyped
		}
	}
	var out []MemberChange
	for _, p := range slices.Sorted(maps.Keys(changed)) {
		ch := changed[p]
		if ch != Retyped {
			// Inside a member added or removed, or an element of a list
			// of names whose item was added or removed: said there.
			if parent, name, ok := parentPath(p); ok && (changed[parent] == ch || name != "" && hasItem(items, parent, name, ch)) {
				continue
			}
		}
		out = append(out, MemberChange{Kind: k, Path: p, Change: ch, Before: a[p].names(), After: b[p].names()})
	}
	return collapseNamed(out)
}

// elementName matches an element of a list of named objects in a path,
// "[name]".
var elementName = regexp.MustCompile(`\[[^\[\]]+\]`)

// collapseNamed merges the same change of a member in several elements
// of lists of named objects into one (see [MemberChange]).
func collapseNamed(cs []MemberChange) []MemberChange {
	type key struct {
		pattern, change, types string
	}
	groups := map[key][]int{}
	var order []key
	for i, c := range cs {
		if !elementName.MatchString(c.Path) {
			continue
		}
		k := key{elementName.ReplaceAllString(c.Path, "[*]"), string(c.Change), strings.Join(c.Before, "|") + ">" + strings.Join(c.After, "|")}
		if groups[k] == nil {
			order = append(order, k)
		}
		groups[k] = append(groups[k], i)
	}
	drop := map[int]bool{}
	merged := map[int]MemberChange{} // by the index of a group's first change
	for _, k := range order {
		idx := groups[k]
		if len(idx) < 2 {
			continue
		}
		m := cs[idx[0]]
		m.Path = k.pattern
		for _, i := range idx {
			var names []string
			for _, n := range elementName.FindAllString(cs[i].Path, -1) {
				names = append(names, n[1:len(n)-1])
			}
			m.Elements = append(m.Elements, strings.Join(names, "/"))
			drop[i] = true
		}
		merged[idx[0]] = m
	}
	var out []MemberChange
	for i, c := range cs {
		if m, ok := merged[i]; ok {
			out = append(out, m)
		} else if !drop[i] {
			out = append(out, c)
		}
	}
	return out
}

// parentPath returns the path of the member that holds the one at p, and
// the name of the element when p is an element of a list of names
// ("tools[Bash]").
func parentPath(p string) (parent, name string, ok bool) {
	if strings.HasSuffix(p, "]") {
		if i := strings.LastIndexByte(p, '['); i > 0 {
			return p[:i], p[i+1 : len(p)-1], true
		}
	}
	if i := strings.LastIndexByte(p, '.'); i > 0 {
		return p[:i], "", true
	}
	return "", "", false
}

func hasItem(items []ItemChange, path, name string, ch Change) bool {
	for _, it := range items {
		if it.Path != path {
			continue
		}
		switch ch {
		case Added:
			return slices.Contains(it.Added, name)
		case Removed:
			return slices.Contains(it.Removed, name)
		}
	}
	return false
}

// compareItems compares the lists both a and b have.
func compareItems(k Kind, a, b map[string]map[string]bool) []ItemChange {
	var out []ItemChange
	for _, p := range slices.Sorted(maps.Keys(a)) {
		sb, ok := b[p]
		if !ok {
			continue
		}
		sa := a[p]
		var ch ItemChange
		for _, it := range slices.Sorted(maps.Keys(sb)) {
			if !sa[it] {
				ch.Added = append(ch.Added, it)
			}
		}
		for _, it := range slices.Sorted(maps.Keys(sa)) {
			if !sb[it] {
				ch.Removed = append(ch.Removed, it)
			}
		}
		if ch.Added != nil || ch.Removed != nil {
			ch.Kind, ch.Path = k, p
			out = append(out, ch)
		}
	}
	return out
}

// compareWraps finds the texts of kind k that one side wraps in a tag
// and the other has bare.
func compareWraps(k Kind, a, b *shape) []WrapChange {
	var out []WrapChange
	find := func(from, to *shape, ch Change) {
		for w, p := range from.wraps[k] {
			if _, both := to.wraps[k][w]; both || !to.texts[k][w.inner] {
				continue
			}
			out = append(out, WrapChange{Kind: k, Path: p, Change: ch, Tag: w.tag, Text: excerpt(w.inner, 100)})
		}
	}
	find(b, a, Wrapped)
	find(a, b, Unwrapped)
	slices.SortFunc(out, func(x, y WrapChange) int {
		return cmp.Or(strings.Compare(string(x.Change), string(y.Change)), strings.Compare(x.Path, y.Path), strings.Compare(x.Tag, y.Tag), strings.Compare(x.Text, y.Text))
	})
	return slices.CompactFunc(out, func(x, y WrapChange) bool { return x == y })
}

// excerpt returns the first line of s, cut to n runes with an ellipsis.
func excerpt(s string, n int) string {
	line, _, more := strings.Cut(s, "\n")
	if utf8.RuneCountInString(line) > n {
		line, more = string([]rune(line)[:n]), true
	}
	if more {
		line += "…"
	}
	return line
}

// compareTurns compares the order of the stdout kinds turn by turn,
// restricted to the kinds both sides have.
func compareTurns(a, b *shape) []OrderChange {
	common := func(name string) bool {
		_, inA := a.kinds[Kind{Stdout, name}]
		_, inB := b.kinds[Kind{Stdout, name}]
		return inA && inB
	}
	keep := func(seq []string) []string {
		out := []string{}
		for _, n := range seq {
			if common(n) && (len(out) == 0 || out[len(out)-1] != n) {
				out = append(out, n)
			}
		}
		return out
	}
	var out []OrderChange
	for t := range max(len(a.turns), len(b.turns)) {
		var sa, sb []string
		if t < len(a.turns) {
			sa = a.turns[t]
		}
		if t < len(b.turns) {
			sb = b.turns[t]
		}
		ka, kb := keep(sa), keep(sb)
		if !slices.Equal(ka, kb) {
			out = append(out, OrderChange{Turn: t + 1, Before: ka, After: kb})
		}
	}
	return out
}
