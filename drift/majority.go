package drift

import (
	"cmp"
	"slices"
	"strings"
)

// majority counts, over the compared scenarios, how many show each change
// and how many could show it, so that the total can report a change most
// scenarios show even where the union over scenarios hides it: a tool
// every scenario gains but one that had it already (issue 37, D1).
type majority struct {
	kinds   map[KindChange]int
	members map[memberKey]int
	items   map[itemKey]int
	// having counts the scenarios with a kind on both sides, and
	// lists the scenarios with a list (kind and path) on both sides.
	having map[Kind]int
	lists  map[listKey]int
	n      int
}

type memberKey struct {
	kind   Kind
	path   string
	change Change
}

type listKey struct {
	kind Kind
	path string
}

type itemKey struct {
	listKey
	item  string
	added bool
}

func newMajority() *majority {
	return &majority{
		kinds:   map[KindChange]int{},
		members: map[memberKey]int{},
		items:   map[itemKey]int{},
		having:  map[Kind]int{},
		lists:   map[listKey]int{},
	}
}

// add counts one compared scenario: its shapes on each side and its
// changes.
func (m *majority) add(a, b *shape, c *Changes) {
	m.n++
	for k := range a.kinds {
		if _, ok := b.kinds[k]; !ok {
			continue
		}
		m.having[k]++
		for p := range a.items[k] {
			if _, ok := b.items[k][p]; ok {
				m.lists[listKey{k, p}]++
			}
		}
	}
	for _, kc := range c.Kinds {
		m.kinds[kc]++
	}
	for _, mc := range c.Members {
		m.members[memberKey{mc.Kind, mc.Path, mc.Change}]++
	}
	for _, ic := range c.Items {
		for _, it := range ic.Added {
			m.items[itemKey{listKey{ic.Kind, ic.Path}, it, true}]++
		}
		for _, it := range ic.Removed {
			m.items[itemKey{listKey{ic.Kind, ic.Path}, it, false}]++
		}
	}
}

// most reports whether n of out of scenarios is most of them.
func most(n, of int) bool { return of > 0 && 2*n > of }

// addTo adds to total the changes most scenarios that could show them
// show, and that total lacks. perScenario are the changes of each
// compared scenario, whose details (types, elements) a member change of
// the total takes from the first that shows it.
func (m *majority) addTo(total *Changes, perScenario []Changes) {
	for kc, n := range m.kinds {
		if most(n, m.n) && !slices.Contains(total.Kinds, kc) {
			total.Kinds = append(total.Kinds, kc)
		}
	}
	removedKind := func(k Kind) bool {
		return slices.ContainsFunc(total.Kinds, func(kc KindChange) bool { return kc.Kind == k })
	}
	seen := map[memberKey]bool{}
	for _, mc := range total.Members {
		seen[memberKey{mc.Kind, mc.Path, mc.Change}] = true
	}
	for _, c := range perScenario {
		for _, mc := range c.Members {
			key := memberKey{mc.Kind, mc.Path, mc.Change}
			if seen[key] || removedKind(mc.Kind) || !most(m.members[key], m.having[mc.Kind]) {
				continue
			}
			seen[key] = true
			total.Members = append(total.Members, mc)
		}
	}
	for key, n := range m.items {
		if removedKind(key.kind) || !most(n, m.lists[key.listKey]) {
			continue
		}
		i := slices.IndexFunc(total.Items, func(ic ItemChange) bool { return ic.Kind == key.kind && ic.Path == key.path })
		if i < 0 {
			total.Items = append(total.Items, ItemChange{Kind: key.kind, Path: key.path})
			i = len(total.Items) - 1
		}
		list := &total.Items[i].Removed
		if key.added {
			list = &total.Items[i].Added
		}
		if !slices.Contains(*list, key.item) {
			*list = append(*list, key.item)
			slices.Sort(*list)
		}
	}
	slices.SortStableFunc(total.Kinds, func(x, y KindChange) int { return compareKinds(x.Kind, y.Kind) })
	slices.SortStableFunc(total.Members, func(x, y MemberChange) int {
		return cmp.Or(compareKinds(x.Kind, y.Kind), strings.Compare(x.Path, y.Path))
	})
	slices.SortStableFunc(total.Items, func(x, y ItemChange) int {
		return cmp.Or(compareKinds(x.Kind, y.Kind), strings.Compare(x.Path, y.Path))
	})
}
