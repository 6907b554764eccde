package drift

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
)

// span is a piece of a line of a report: text, or code (a member, a
// kind, an item) that Markdown sets in backticks.
type span struct {
	s    string
	code bool
}

type line []span

func txt(s string) span  { return span{s: s} }
func code(s string) span { return span{s: s, code: true} }

// group is the changes of one kind, or the kinds added and removed
// (kind nil).
type group struct {
	kind  *Kind
	lines []line
}

// groups lays changes out for reading: the kinds added and removed
// first, then each kind's changes.
func groups(c *Changes) []group {
	var out []group
	if len(c.Kinds) > 0 {
		g := group{}
		for _, k := range c.Kinds {
			g.lines = append(g.lines, line{txt("kind " + string(k.Change) + " "), code(k.Kind.String())})
		}
		out = append(out, g)
	}
	by := map[Kind][]line{}
	for _, m := range c.Members {
		var l line
		switch m.Change {
		case Added:
			l = line{txt("added "), code(m.Path), txt(" (" + strings.Join(m.After, "|") + ")")}
		case Removed:
			l = line{txt("removed "), code(m.Path), txt(" (" + strings.Join(m.Before, "|") + ")")}
		default:
			l = line{code(m.Path), txt(" type " + strings.Join(m.Before, "|") + " → " + strings.Join(m.After, "|"))}
		}
		if n := len(m.Elements); n > 0 {
			l = append(l, txt(fmt.Sprintf(" in %d:", n)))
			for i, e := range m.Elements {
				if i == 5 {
					l = append(l, txt(" …"))
					break
				}
				if i > 0 {
					l = append(l, txt(","))
				}
				l = append(l, txt(" "), code(e))
			}
		}
		by[m.Kind] = append(by[m.Kind], l)
	}
	for _, it := range c.Items {
		l := line{code(it.Path), txt(":")}
		for _, x := range it.Added {
			l = append(l, txt(" +"), code(x))
		}
		for _, x := range it.Removed {
			l = append(l, txt(" −"), code(x))
		}
		by[it.Kind] = append(by[it.Kind], l)
	}
	for _, w := range c.Wraps {
		verb := "now wrapped in "
		if w.Change == Unwrapped {
			verb = "no longer wrapped in "
		}
		by[w.Kind] = append(by[w.Kind], line{code(w.Path), txt(": " + verb), code("<" + w.Tag + ">"), txt(": "), code(w.Text)})
	}
	for _, k := range slices.SortedFunc(maps.Keys(by), compareKinds) {
		out = append(out, group{kind: &k, lines: by[k]})
	}
	return out
}

// besides returns the changes of c that total does not list the same.
func besides(c, total *Changes) Changes {
	var out Changes
	for _, k := range c.Kinds {
		if !slices.Contains(total.Kinds, k) {
			out.Kinds = append(out.Kinds, k)
		}
	}
	for _, m := range c.Members {
		if !slices.ContainsFunc(total.Members, func(t MemberChange) bool {
			return t.Kind == m.Kind && t.Path == m.Path && t.Change == m.Change && slices.Equal(t.Before, m.Before) && slices.Equal(t.After, m.After)
		}) {
			out.Members = append(out.Members, m)
		}
	}
	for _, it := range c.Items {
		rest := ItemChange{Kind: it.Kind, Path: it.Path}
		i := slices.IndexFunc(total.Items, func(t ItemChange) bool { return t.Kind == it.Kind && t.Path == it.Path })
		for _, x := range it.Added {
			if i < 0 || !slices.Contains(total.Items[i].Added, x) {
				rest.Added = append(rest.Added, x)
			}
		}
		for _, x := range it.Removed {
			if i < 0 || !slices.Contains(total.Items[i].Removed, x) {
				rest.Removed = append(rest.Removed, x)
			}
		}
		if rest.Added != nil || rest.Removed != nil {
			out.Items = append(out.Items, rest)
		}
	}
	for _, w := range c.Wraps {
		if !slices.ContainsFunc(total.Wraps, func(t WrapChange) bool {
			return t.Kind == w.Kind && t.Change == w.Change && t.Tag == w.Tag && t.Text == w.Text
		}) {
			out.Wraps = append(out.Wraps, w)
		}
	}
	out.Order = c.Order
	return out
}

func (r *Report) title() string {
	return fmt.Sprintf("Claude Code %s → %s", r.A.name(), r.B.name())
}

// name is the side's version, with the label it was named by when that
// is something else (a folder).
func (s Side) name() string {
	switch {
	case s.Version == "":
		return s.Label
	case s.Label != "" && s.Label != s.Version:
		return s.Version + " (" + s.Label + ")"
	}
	return s.Version
}

// short is the side's version, or its label when the version is unknown.
func (s Side) short() string { return cmp.Or(s.Version, s.Label) }

func (r *Report) summary() string {
	s := fmt.Sprintf("%d scenarios compared", len(r.Compared))
	if n := len(r.Verdicts); n > 0 {
		s += fmt.Sprintf(", %d verdicts changed", n)
	}
	return s + "."
}

// WriteText writes the report for reading on a terminal: nothing when it
// is empty.
func (r *Report) WriteText(w io.Writer) error {
	if r.Empty() {
		return nil
	}
	bw := bufio.NewWriter(w)
	plain := func(l line) string {
		var b strings.Builder
		for _, s := range l {
			b.WriteString(s.s)
		}
		return b.String()
	}
	writeGroups := func(indent string, c *Changes) {
		for _, g := range groups(c) {
			in := indent
			if g.kind != nil {
				fmt.Fprintf(bw, "%s%s\n", indent, g.kind)
				in += "  "
			}
			for _, l := range g.lines {
				fmt.Fprintf(bw, "%s%s\n", in, plain(l))
			}
		}
		for _, o := range c.Order {
			fmt.Fprintf(bw, "%sturn %d, order of stdout kinds:\n%s  was %s\n%s  now %s\n", indent, o.Turn, indent, strings.Join(o.Before, ", "), indent, strings.Join(o.After, ", "))
		}
	}
	fmt.Fprintf(bw, "%s: %s\n", r.title(), r.summary())
	if len(r.Verdicts) > 0 {
		fmt.Fprintf(bw, "\nVerdicts (%s → %s):\n", r.A.short(), r.B.short())
		width := 0
		for _, v := range r.Verdicts {
			width = max(width, len(v.Scenario))
		}
		for _, v := range r.Verdicts {
			fmt.Fprintf(bw, "  %-*s  %s → %s", width, v.Scenario, v.A, v.B)
			if v.Error != "" {
				fmt.Fprintf(bw, "  %s", errorLine(v.Error))
			}
			fmt.Fprintln(bw)
		}
	}
	if !r.Total.Empty() {
		fmt.Fprintln(bw, "\nIn total:")
		writeGroups("  ", &r.Total)
	}
	var rest []ScenarioChanges
	for _, s := range r.Scenarios {
		if c := besides(&s.Changes, &r.Total); !c.Empty() {
			rest = append(rest, ScenarioChanges{Scenario: s.Scenario, Inputs: s.Inputs, Changes: c})
		}
	}
	if len(rest) > 0 {
		fmt.Fprintln(bw, "\nBy scenario, besides the total:")
		for _, s := range rest {
			fmt.Fprintf(bw, "  %s%s%s\n", s.Scenario, r.verdictNote(s.Scenario), s.Inputs.note())
			writeGroups("    ", &s.Changes)
		}
	}
	return bw.Flush()
}

// note says that a scenario's inputs differ, "" when they do not.
func (ic *InputChange) note() string {
	if ic == nil {
		return ""
	}
	side := func(names []string) string {
		if len(names) == 0 {
			return "none"
		}
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf(" (the scenario's own input differs: %s → %s; left out of the total)", side(ic.A), side(ic.B))
}

// verdictNote says, for a scenario whose verdict changed, that a failed
// run may explain its changes.
func (r *Report) verdictNote(id string) string {
	for _, v := range r.Verdicts {
		if v.Scenario != id {
			continue
		}
		note := fmt.Sprintf(" (%s → %s", v.A, v.B)
		if v.A == Fail || v.B == Fail {
			note += ": a failed run stops early, which may be all that changed"
		}
		return note + ")"
	}
	return ""
}

// errorLine returns the first problem of a failure on one line, without
// the line naming the scenario and version: its first line, and the next
// when the first ends in a colon.
func errorLine(e string) string {
	lines := strings.Split(e, "\n")
	if len(lines) > 1 && strings.HasPrefix(lines[0], "scenario ") {
		lines = lines[1:]
	}
	out := strings.TrimSpace(lines[0])
	if strings.HasSuffix(out, ":") && len(lines) > 1 {
		out += " " + strings.TrimSpace(lines[1])
	}
	return out
}

// WriteMarkdown writes the report as a Markdown document: nothing when it
// is empty.
func (r *Report) WriteMarkdown(w io.Writer) error {
	if r.Empty() {
		return nil
	}
	bw := bufio.NewWriter(w)
	md := func(l line) string {
		var b strings.Builder
		for _, s := range l {
			if s.code {
				b.WriteString(mdCode(s.s))
			} else {
				b.WriteString(mdEscape(s.s))
			}
		}
		return b.String()
	}
	writeGroups := func(level string, c *Changes) {
		for _, g := range groups(c) {
			if g.kind != nil {
				fmt.Fprintf(bw, "\n%s %s\n\n", level, mdCode(g.kind.String()))
			} else {
				fmt.Fprintln(bw)
			}
			for _, l := range g.lines {
				fmt.Fprintf(bw, "- %s\n", md(l))
			}
		}
		for _, o := range c.Order {
			fmt.Fprintf(bw, "\n%s Turn %d: order of stdout kinds\n\n", level, o.Turn)
			fmt.Fprintf(bw, "- was: %s\n- now: %s\n", mdList(o.Before), mdList(o.After))
		}
	}
	fmt.Fprintf(bw, "# Wire changes: %s\n\n%s\n", mdEscape(r.title()), mdEscape(r.summary()))
	if len(r.Verdicts) > 0 {
		fmt.Fprintf(bw, "\n## Verdicts\n\n| Scenario | %s | %s | Failure |\n|---|---|---|---|\n", mdCell(r.A.short()), mdCell(r.B.short()))
		for _, v := range r.Verdicts {
			fmt.Fprintf(bw, "| %s | %s | %s | %s |\n", mdCode(v.Scenario), v.A, v.B, mdCell(errorLine(v.Error)))
		}
	}
	if !r.Total.Empty() {
		fmt.Fprintln(bw, "\n## In total")
		writeGroups("###", &r.Total)
	}
	first := true
	for _, s := range r.Scenarios {
		c := besides(&s.Changes, &r.Total)
		if c.Empty() {
			continue
		}
		if first {
			fmt.Fprintln(bw, "\n## By scenario, besides the total")
			first = false
		}
		fmt.Fprintf(bw, "\n### %s%s\n", mdCode(s.Scenario), mdEscape(r.verdictNote(s.Scenario)+s.Inputs.note()))
		writeGroups("####", &c)
	}
	return bw.Flush()
}

func mdList(xs []string) string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = mdCode(x)
	}
	if len(out) == 0 {
		return "(none)"
	}
	return strings.Join(out, ", ")
}

// mdCode returns s as a Markdown code span, with a fence of backticks
// longer than any run inside it.
func mdCode(s string) string {
	longest, run := 0, 0
	for _, r := range s {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if longest > 0 || strings.HasPrefix(s, " ") || strings.HasSuffix(s, " ") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// mdEscape escapes the characters that Markdown would take for markup.
func mdEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune("\\`*_[]<>#|", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// mdCell escapes a table cell's text, kept on one line.
func mdCell(s string) string {
	return mdEscape(strings.ReplaceAll(s, "\n", " "))
}
