package drift

import (
	"slices"
	"testing"

	"github.com/ccwire/ccwire/protocol/schema"
)

// TestModelHasSDKItems checks that the protocol model types every item
// of the SDK's sdk.d.ts (SDKItems): each control request subtype, each
// stdout kind and each hook event.
func TestModelHasSDKItems(t *testing.T) {
	t.Parallel()
	model := ProtocolItems(schema.Protocol())
	for _, it := range SDKItems() {
		if !slices.Contains(model, it) {
			t.Errorf("the model lacks %s, which sdk.d.ts of SDK %s declares", it, SDKVersion)
		}
	}
}

// TestSDKItems checks the generated table: 121 items as issue 31 counts
// them (41 control request subtypes, 46 stdout kinds, 34 hook events),
// none twice, none empty.
func TestSDKItems(t *testing.T) {
	t.Parallel()
	count := map[string]int{}
	items := SDKItems()
	for i, it := range items {
		count[it.Group]++
		if it.Name == "" || slices.Contains(items[:i], it) {
			t.Errorf("item %d %q: empty or repeated", i, it)
		}
	}
	want := map[string]int{GroupControl: 41, GroupStdout: 46, GroupHook: 34}
	for g, n := range want {
		if count[g] != n {
			t.Errorf("%d %s items, want %d", count[g], g, n)
		}
	}
	if len(count) != len(want) {
		t.Errorf("groups %v, want %v", count, want)
	}
}
