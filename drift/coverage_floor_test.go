package drift

import (
	"os"
	"slices"
	"testing"

	"github.com/ccwire/ccwire/internal/corpustest"

	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/protocol/schema"
	store "github.com/ccwire/ccwire/recording"
)

// coverageFloorVersion is the newest pinned CLI, whose coverage
// TestCoverageFloor holds.
const coverageFloorVersion = "2.1.332"

// coverageFloor is, per group, how many of the model's items the
// recordings of coverageFloorVersion hold at least. Raise it with each
// scenario that records more; never lower it.
var coverageFloor = map[string]int{
	GroupControl: 41,
	GroupStdout:  40,
	GroupHook:    30,
}

// sdkCoverageFloor is, per group, how many of the SDK's items
// (SDKItems: 41 control request subtypes, 46 stdout kinds, 34 hook
// events) the recordings of coverageFloorVersion hold at least. Raise it
// with each scenario that records more; never lower it.
var sdkCoverageFloor = map[string]int{
	GroupControl: 40,
	GroupStdout:  35,
	GroupHook:    30,
}

// TestCoverageFloor is the coverage gate: the committed recordings of the
// newest pinned CLI hold at least the floor's items of each group, and
// every item they do not hold is either explained (a reason it cannot be
// provoked here) or listed as not yet covered, the sum being the model's.
func TestCoverageFloor(t *testing.T) {
	t.Parallel()
	report, err := BuildCoverage(os.DirFS("../recordings"), "../recordings", []string{coverageFloorVersion}, nil, func(string) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	p := report.Versions[0].Protocol
	for group, floor := range coverageFloor {
		g := p.Total(group)
		if g.Recorded < floor {
			var missing []string
			for _, it := range p.Items {
				if it.Group == group && it.Status != ItemRecorded {
					missing = append(missing, it.Name)
				}
			}
			t.Errorf("CLI %s: the recordings hold %d %s items, below the floor of %d; not recorded: %v", coverageFloorVersion, g.Recorded, group, floor, missing)
		}
		if g.Recorded+g.Unanswered+g.Cannot+g.NotYet != g.Items {
			t.Errorf("%s: %d recorded + %d unanswered + %d cannot + %d not yet != %d items", group, g.Recorded, g.Unanswered, g.Cannot, g.NotYet, g.Items)
		}
	}
	for _, g := range p.SDK.Totals {
		if floor := sdkCoverageFloor[g.Group]; g.Recorded < floor {
			var missing []string
			for _, it := range p.SDK.NotRecorded {
				if it.Group == g.Group {
					missing = append(missing, it.Name)
				}
			}
			t.Errorf("CLI %s: the recordings hold %d of the SDK's %d %s items, below the floor of %d; not recorded: %v", coverageFloorVersion, g.Recorded, g.Items, g.Group, floor, missing)
		}
	}
	recorded, _, _ := p.Recorded()
	sdkRecorded, sdkItems := p.SDK.Recorded()
	t.Logf("CLI %s: %d of %d model items recorded: %+v; %d of %d SDK items: %+v", coverageFloorVersion, recorded, len(p.Items), p.Totals, sdkRecorded, sdkItems, p.SDK.Totals)
}

// TestUnprovokables checks the table of items that cannot be provoked
// here: each names an item of the model or the SDK once, says why, what was tried
// and on which versions (valid, recorded ones), its constraint parses and
// allows them, and no recording of those versions holds the item (which
// would contradict it).
func TestUnprovokables(t *testing.T) {
	t.Parallel()
	corpustest.Whole(t, "the versions its table names must be recorded: it lists the version folders, and reads the recordings of the versions the table names")
	items := append(ProtocolItems(schema.Protocol()), SDKItems()...)
	recorded, err := store.VersionsFS(os.DirFS("../recordings"))
	if err != nil {
		t.Fatal(err)
	}
	var seen []ProtocolItem
	byVersion := map[string][]ProtocolItem{}
	for _, u := range Unprovokables() {
		if !slices.Contains(items, u.Item) {
			t.Errorf("%s: no item of the model or the SDK", u.Item)
		}
		if slices.Contains(seen, u.Item) {
			t.Errorf("%s: listed twice", u.Item)
		}
		seen = append(seen, u.Item)
		if u.Reason == "" || u.Tried == "" || len(u.Versions) == 0 {
			t.Errorf("%s: a reason, what was tried and the versions tried are required: %+v", u.Item, u)
		}
		var c cliversion.Constraint
		if u.CLI != "" {
			if c, err = cliversion.ParseConstraint(u.CLI); err != nil {
				t.Errorf("%s: %v", u.Item, err)
			}
		}
		for _, v := range u.Versions {
			pv, err := cliversion.Parse(v)
			if err != nil {
				t.Errorf("%s: %v", u.Item, err)
				continue
			}
			if !c.IsZero() && !c.Allows(pv) {
				t.Errorf("%s: tried on %s, which its constraint %s leaves out", u.Item, v, u.CLI)
			}
			if slices.Contains(recorded, v) {
				byVersion[v] = append(byVersion[v], u.Item)
			}
		}
	}
	versions := slices.Sorted(func(yield func(string) bool) {
		for v := range byVersion {
			if !yield(v) {
				return
			}
		}
	})
	if len(versions) == 0 {
		return
	}
	report, err := BuildCoverage(os.DirFS("../recordings"), "../recordings", versions, nil, func(string) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	for _, vc := range report.Versions {
		for _, ic := range vc.Protocol.Items {
			if ic.Status == ItemRecorded && slices.Contains(byVersion[vc.Version], ic.ProtocolItem) {
				t.Errorf("%s: said to be unprovokable on %s, but recorded in %v", ic.ProtocolItem, vc.Version, ic.Scenarios)
			}
		}
	}
}
