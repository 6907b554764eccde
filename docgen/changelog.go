package docgen

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ccwire/ccwire/drift"
	"github.com/ccwire/ccwire/scenario"
)

// changelogPage is the page of what changed between consecutive recorded
// versions.
const changelogPage = "changelog.md"

// versionStep is what changed from one recorded version to the next.
type versionStep struct {
	from, to string
	// report is what the two versions' recordings show changed.
	report *drift.Report
	// firsts are the bisect findings whose first version is after from
	// and at most to.
	firsts []drift.First
}

// loadSteps compares the recordings of each recorded version with the
// next one's, as `ccwire diff A B` does, and places the bisect findings of
// drift.FirstsFile (if the module has one) between them. It also returns
// the verdict of every scenario on every version, by version and scenario
// ID. No CLI runs.
func loadSteps(ctx context.Context, root string, scs []*scenario.Scenario, versions []string, progress func(Progress)) ([]versionStep, map[string]map[string]drift.Verdict, error) {
	firsts, err := drift.ReadFirsts(filepath.Join(root, filepath.FromSlash(drift.FirstsFile)))
	if errors.Is(err, fs.ErrNotExist) {
		firsts, err = &drift.Firsts{}, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("docgen: %w", err)
	}
	var steps []versionStep
	verdicts := map[string]map[string]drift.Verdict{}
	var prev *drift.Corpus
	for i, v := range versions {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		progress(Progress{Step: "reading the recordings of CLI " + v + " for the changelog", Done: i + 1, Total: len(versions)})
		c, err := drift.Load(filepath.Join(root, recordingsDir, v), drift.LoadOptions{Label: v, Version: v, Scenarios: scs})
		if err != nil {
			return nil, nil, fmt.Errorf("docgen: %w", err)
		}
		verdicts[v] = map[string]drift.Verdict{}
		for id, run := range c.Runs {
			verdicts[v][id] = run.Verdict
		}
		if prev != nil {
			steps = append(steps, versionStep{from: prev.Version, to: v, report: drift.Compare(prev, c), firsts: firsts.Within(prev.Version, v)})
		}
		prev = c
	}
	return steps, verdicts, nil
}

// changelogPageText renders the changelog: for each pair of consecutive
// recorded versions, the bisect findings between them and what the
// recordings show changed.
func (r *renderer) changelogPageText() string {
	var p page
	self := changelogPage
	p.heading(1, r.t("What changed between the recorded versions"))
	p.para(link(r.t("Protocol reference"), rel(self, indexPage, "")) + " · " + link(r.t("Message reference"), rel(self, messagesPage, "")) + " · " + r.otherLanguages(self))
	p.para(r.f("For each recorded CLI version and the next one (%s), what the recordings of the scenarios both ran show changed on the wire, as %s reports it: kinds of message, members and their JSON types, list items (tools, capabilities, betas…) and texts newly wrapped in a tag. Values are not compared: a changed text or number shows only among the bisect findings.",
		versionList(r.c.versions), code("ccwire diff A B")))
	p.para(r.f("Before that, the changes whose first version a binary search over every published version found, from %s: each names the first version that shows the change, the last one before it that does not, and the versions the search ran. %s adds its answers to that file; a few come from one scenario's runs on chosen versions instead. The page is generated without running any CLI.",
		link(drift.FirstsFile, rootLink(self, drift.FirstsFile)), code("ccwire bisect --firsts")))
	if len(r.c.steps) == 0 {
		p.para(r.t("Only one version is recorded: nothing to compare."))
		return p.String()
	}
	for _, s := range slices.Backward(r.c.steps) {
		p.heading(2, s.from+" → "+s.to)
		if len(s.firsts) > 0 {
			p.para("**" + r.t("First versions found by bisect") + "**")
			var items []string
			for _, f := range s.firsts {
				what := f.En
				if r.lang == Japanese {
					what = f.Ja
				}
				subject := ""
				switch {
				case f.Member != "":
					subject = code(f.Member)
				case f.Scenario != "":
					subject = r.f("scenario %s", code(f.Scenario))
				}
				probes := versionList(f.Probes)
				if len(f.Probes) == 0 {
					probes = r.t("none needed, consecutive releases")
				}
				items = append(items, r.f("**%s** (%s is the last without; probes: %s): %s — %s", f.Version, f.LastWithout, probes, subject, inlineMarkdown(what)))
			}
			p.list(items)
		}
		p.para("**" + r.t("What the recordings show") + "**")
		rep := s.report
		if rep.Empty() {
			p.para(r.f("No change on the wire in the %d scenarios both versions ran.", len(rep.Compared)))
			continue
		}
		p.para(r.f("Scenarios both versions ran: %d.", len(rep.Compared)))
		p.list(r.changeItems(&rep.Total, rep.Verdicts))
	}
	return p.String()
}

// changeItems lists changes, a kind's on one item.
func (r *renderer) changeItems(c *drift.Changes, verdicts []drift.VerdictChange) []string {
	var items []string
	var added, removed []string
	for _, k := range c.Kinds {
		if k.Change == drift.Added {
			added = append(added, code(k.Kind.String()))
		} else {
			removed = append(removed, code(k.Kind.String()))
		}
	}
	if len(added) > 0 {
		items = append(items, r.f("Kinds of message added: %s.", strings.Join(added, ", ")))
	}
	if len(removed) > 0 {
		items = append(items, r.f("Kinds of message removed: %s.", strings.Join(removed, ", ")))
	}
	type kindLines struct {
		kind  drift.Kind
		parts []string
	}
	var byKind []*kindLines
	of := func(k drift.Kind) *kindLines {
		for _, l := range byKind {
			if l.kind == k {
				return l
			}
		}
		l := &kindLines{kind: k}
		byKind = append(byKind, l)
		return l
	}
	for _, m := range c.Members {
		var s string
		switch m.Change {
		case drift.Added:
			s = r.f("added %s (%s)", code(m.Path), strings.Join(m.After, ", "))
		case drift.Removed:
			s = r.f("removed %s (%s)", code(m.Path), strings.Join(m.Before, ", "))
		default:
			s = r.f("%s changed JSON type: %s → %s", code(m.Path), strings.Join(m.Before, ", "), strings.Join(m.After, ", "))
		}
		if n := len(m.Elements); n > 0 {
			shown := m.Elements[:min(n, 5)]
			names := make([]string, len(shown))
			for i, e := range shown {
				names[i] = code(e)
			}
			if n > 5 {
				names = append(names, "…")
			}
			s += " " + r.f("in %d elements: %s", n, strings.Join(names, ", "))
		}
		l := of(m.Kind)
		l.parts = append(l.parts, s)
	}
	for _, it := range c.Items {
		var xs []string
		for _, x := range it.Added {
			xs = append(xs, "+"+code(x))
		}
		for _, x := range it.Removed {
			xs = append(xs, "−"+code(x))
		}
		l := of(it.Kind)
		l.parts = append(l.parts, r.f("list %s: %s", code(it.Path), strings.Join(xs, " ")))
	}
	for _, w := range c.Wraps {
		part := r.f("%s now wrapped in %s: %s", code(w.Path), code("<"+w.Tag+">"), code(w.Text))
		if w.Change == drift.Unwrapped {
			part = r.f("%s no longer wrapped in %s: %s", code(w.Path), code("<"+w.Tag+">"), code(w.Text))
		}
		l := of(w.Kind)
		l.parts = append(l.parts, part)
	}
	slices.SortStableFunc(byKind, func(a, b *kindLines) int { return strings.Compare(a.kind.String(), b.kind.String()) })
	for _, l := range byKind {
		items = append(items, code(l.kind.String())+": "+strings.Join(l.parts, "; ")+".")
	}
	for _, v := range verdicts {
		items = append(items, r.f("Verdict of scenario %s: %s → %s.", code(v.Scenario), string(v.A), string(v.B)))
	}
	return items
}
