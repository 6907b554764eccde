package drift

import (
	"cmp"
	"slices"
	"strings"

	"github.com/ccwire/ccwire/cliversion"
)

// TrackStep is one release `ccwire track` records: the release, its
// recorded neighbours it is compared with, and the published releases
// between them, where a change the comparison finds is bisected.
type TrackStep struct {
	Version string `json:"cli_version"`
	// Older is the newest recorded release before Version ("" for
	// none); Before are the published releases strictly between them,
	// unrecorded: none means a change from Older is first seen in
	// Version, with no bisection.
	Older  string   `json:"older,omitempty"`
	Before []string `json:"before,omitempty"`
	// Newer is the oldest recorded release after Version that no other
	// step records a release before ("" for none, or when a later step
	// compares with it), and After the published releases strictly
	// between.
	Newer string   `json:"newer,omitempty"`
	After []string `json:"after,omitempty"`
}

// PlanTrack returns the steps that bring recorded up to the matrix m
// over published: the missing releases, oldest first, each compared
// with the recorded release before it (recorded by then, an earlier
// step's included) and, when it is the last step before a recorded
// release, with that one too. Every stretch between two recorded
// releases is thus compared once. It takes O(n log n) time in the
// number of releases (a [TrackIndex]).
func PlanTrack(m Matrix, published, recorded []string) ([]TrackStep, error) {
	missing, err := m.Missing(published, recorded)
	if err != nil {
		return nil, err
	}
	x := NewTrackIndex(published, recorded)
	steps := make([]TrackStep, 0, len(missing))
	for i, v := range missing {
		next := ""
		if i+1 < len(missing) {
			next = missing[i+1]
		}
		steps = append(steps, x.Step(v, next))
		x.Add(v)
	}
	return steps, nil
}

// TrackIndex answers what [PlanTrack] asks of each release to record,
// its recorded neighbours and the published releases between, by binary
// search over the releases and the recorded versions, each parsed and
// sorted once. `ccwire track` keeps one as it records: a release is
// added once it is recorded, and a release that failed is not, so that
// the next one is compared with the newest release that is recorded.
type TrackIndex struct {
	// releases are the published releases, sorted, and names their
	// strings.
	releases []cliversion.Version
	names    []string
	// recorded are the recorded versions, sorted, without repeats.
	recorded []cliversion.Version
}

// NewTrackIndex indexes the published releases (prereleases left out)
// and the recorded versions (those that do not parse left out).
func NewTrackIndex(published, recorded []string) *TrackIndex {
	x := &TrackIndex{releases: parseReleases(published)}
	x.names = make([]string, len(x.releases))
	for i, v := range x.releases {
		x.names[i] = v.String()
	}
	for _, s := range recorded {
		if v, err := cliversion.Parse(s); err == nil {
			x.recorded = append(x.recorded, v)
		}
	}
	slices.SortFunc(x.recorded, cliversion.Version.Compare)
	x.recorded = slices.Compact(x.recorded)
	return x
}

// Add records version: later steps compare with it. A version that does
// not parse is left out.
func (x *TrackIndex) Add(version string) {
	v, err := cliversion.Parse(version)
	if err != nil {
		return
	}
	if i, found := slices.BinarySearchFunc(x.recorded, v, cliversion.Version.Compare); !found {
		x.recorded = slices.Insert(x.recorded, i, v)
	}
}

// Step returns the step that records version: its recorded neighbours
// and the releases between, as [Neighbours] finds them; the newer side
// only when next, the release recorded after version ("" for none), is
// not older than the newer neighbour (else next's step compares with
// it).
func (x *TrackIndex) Step(version, next string) TrackStep {
	s := TrackStep{Version: version}
	v, err := cliversion.Parse(version)
	if err != nil {
		return s
	}
	i, found := slices.BinarySearchFunc(x.recorded, v, cliversion.Version.Compare)
	j := i
	if found {
		j++
	}
	if i > 0 {
		older := x.recorded[i-1]
		s.Older, s.Before = older.String(), x.between(older, v)
	}
	if j < len(x.recorded) {
		newer := x.recorded[j]
		if n, err := cliversion.Parse(next); next == "" || err != nil || !n.Less(newer) {
			s.Newer, s.After = newer.String(), x.between(v, newer)
		}
	}
	return s
}

// between returns the releases strictly between a and b; nil for none.
func (x *TrackIndex) between(a, b cliversion.Version) []string {
	lo, found := slices.BinarySearchFunc(x.releases, a, cliversion.Version.Compare)
	if found {
		lo++
	}
	hi, _ := slices.BinarySearchFunc(x.releases, b, cliversion.Version.Compare)
	if lo >= hi {
		return nil
	}
	return slices.Clip(x.names[lo:hi])
}

// Complete reports whether c holds a run of every scenario that applies
// to its version: a recording, or a verdict. A release whose corpus is
// complete is not run again.
func (c *Corpus) Complete() bool {
	for _, r := range c.Runs {
		if r.Verdict == Missing {
			return false
		}
	}
	return len(c.Runs) > 0
}

// Only returns a corpus of the runs of c whose scenario is one of ids.
func (c *Corpus) Only(ids ...string) *Corpus {
	out := *c
	out.Runs = map[string]*Run{}
	for _, id := range ids {
		if r := c.Runs[id]; r != nil {
			out.Runs[id] = r
		}
	}
	return &out
}

// Shift is one change a [Report] found, on its own: what `ccwire track`
// bisects to its first version and writes into the findings. Exactly
// one of its change fields is set.
type Shift struct {
	// Scenario is the scenario whose runs show the change: the one
	// whose verdict or order changed, or, for a change seen in several,
	// the one Shifts picked.
	Scenario string
	// Local says the change is the scenario's own and not the total's:
	// a kind its runs no longer (or now) have that others do have.
	Local   bool
	Kind    *KindChange
	Member  *MemberChange
	Items   *ItemChange
	Wrap    *WrapChange
	Order   *OrderChange
	Verdict *VerdictChange
}

// Shifts splits a report into its changes, each with a scenario that
// shows it: of several, the one pick returns (the first, sorted, when
// pick is nil). A change of the total no one scenario shows on its own
// gets no scenario.
func Shifts(r *Report, pick func(ids []string) string) []Shift {
	if pick == nil {
		pick = func(ids []string) string { return ids[0] }
	}
	var out []Shift
	add := func(s Shift) {
		var ids []string
		for _, sc := range r.Scenarios {
			if sc.Inputs == nil && s.showsIn(&sc.Changes) {
				ids = append(ids, sc.Scenario)
			}
		}
		if len(ids) > 0 {
			s.Scenario = pick(ids)
		}
		out = append(out, s)
	}
	for i := range r.Total.Kinds {
		add(Shift{Kind: &r.Total.Kinds[i]})
	}
	for i := range r.Total.Members {
		add(Shift{Member: &r.Total.Members[i]})
	}
	for i := range r.Total.Items {
		add(Shift{Items: &r.Total.Items[i]})
	}
	for i := range r.Total.Wraps {
		add(Shift{Wrap: &r.Total.Wraps[i]})
	}
	for _, sc := range r.Scenarios {
		if sc.Inputs != nil {
			continue // the scenario's own doing (see ScenarioChanges.Inputs)
		}
		for i := range sc.Kinds {
			if !slices.Contains(r.Total.Kinds, sc.Kinds[i]) {
				out = append(out, Shift{Scenario: sc.Scenario, Local: true, Kind: &sc.Kinds[i]})
			}
		}
	}
	for _, sc := range r.Scenarios {
		if sc.Inputs != nil {
			continue
		}
		for i := range sc.Order {
			out = append(out, Shift{Scenario: sc.Scenario, Order: &sc.Order[i]})
		}
	}
	for i := range r.Verdicts {
		out = append(out, Shift{Scenario: r.Verdicts[i].Scenario, Verdict: &r.Verdicts[i]})
	}
	return out
}

// MemberName is the member, list item or kind the shift is about, as
// [ParseMember] reads it (an item: the list's first added, else
// removed, item); "" for a change of wrapping, order or verdict, or a
// scenario's own.
func (s Shift) MemberName() string {
	switch {
	case s.Local:
		return ""
	case s.Kind != nil:
		return Member{Kind: s.Kind.Kind}.String()
	case s.Member != nil:
		return Member{Kind: s.Member.Kind, Path: s.Member.Path}.String()
	case s.Items != nil:
		return Member{Kind: s.Items.Kind, Path: s.Items.Path + "[" + s.Items.first() + "]"}.String()
	}
	return ""
}

// first is the item a list's change is followed by.
func (c *ItemChange) first() string {
	if len(c.Added) > 0 {
		return c.Added[0]
	}
	if len(c.Removed) > 0 {
		return c.Removed[0]
	}
	return ""
}

// In reports whether a report shows the shift in the shift's scenario:
// what a bisection probe of it observes, the report comparing the older
// release's run of the scenario with the probed release's.
func (s Shift) In(r *Report) bool {
	if s.Verdict != nil {
		return slices.ContainsFunc(r.Verdicts, func(v VerdictChange) bool {
			return v.Scenario == s.Scenario && v.B.same(s.Verdict.B)
		})
	}
	for _, sc := range r.Scenarios {
		if sc.Scenario == s.Scenario && s.showsIn(&sc.Changes) {
			return true
		}
	}
	return false
}

// showsIn reports whether changes hold the shift's change.
func (s Shift) showsIn(c *Changes) bool {
	switch {
	case s.Kind != nil:
		return slices.Contains(c.Kinds, *s.Kind)
	case s.Member != nil:
		return slices.ContainsFunc(c.Members, func(m MemberChange) bool {
			return m.Kind == s.Member.Kind && m.Path == s.Member.Path && m.Change == s.Member.Change
		})
	case s.Items != nil:
		item := s.Items.first()
		added := len(s.Items.Added) > 0
		return slices.ContainsFunc(c.Items, func(i ItemChange) bool {
			if i.Kind != s.Items.Kind || i.Path != s.Items.Path {
				return false
			}
			if added {
				return slices.Contains(i.Added, item)
			}
			return slices.Contains(i.Removed, item)
		})
	case s.Wrap != nil:
		return slices.ContainsFunc(c.Wraps, func(w WrapChange) bool {
			return w.Kind == s.Wrap.Kind && w.Path == s.Wrap.Path && w.Change == s.Wrap.Change && w.Tag == s.Wrap.Tag && w.Text == s.Wrap.Text
		})
	case s.Order != nil:
		return slices.ContainsFunc(c.Order, func(o OrderChange) bool {
			return o.Turn == s.Order.Turn && slices.Equal(o.After, s.Order.After)
		})
	}
	return false
}

// Known returns the finding of f that is already the shift's: the same
// member (or, for a change of no member, the same scenario and English
// text), first seen after older and at most at version. nil when none.
func (f *Firsts) Known(s Shift, older, version string) *First {
	member := s.MemberName()
	en, _ := s.Describe()
	for i, x := range f.Findings {
		if cliversion.CompareStrings(x.Version, older) <= 0 || cliversion.CompareStrings(x.Version, version) > 0 {
			continue
		}
		if member != "" && x.Member == member || member == "" && x.Scenario == s.Scenario && x.En == en {
			return &f.Findings[i]
		}
	}
	return nil
}

// PickSmallest returns a pick function for [Shifts] that prefers the
// scenario of least weight (such as its number of turns), then the first
// by ID.
func PickSmallest(weight func(id string) int) func(ids []string) string {
	return func(ids []string) string {
		return slices.MinFunc(ids, func(a, b string) int {
			return cmp.Or(cmp.Compare(weight(a), weight(b)), strings.Compare(a, b))
		})
	}
}
