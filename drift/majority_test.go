package drift

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestTotalCountsMajority is D1 of issue 37: between 2.1.139 and 2.1.149
// nearly every scenario gains TaskCreate in system/init's tools, but the
// total, taken over the union of the scenarios, said nothing, because one
// scenario had it already. A change most scenarios show is in the total.
func TestTotalCountsMajority(t *testing.T) {
	t.Parallel()
	withTask := edit(baseLines, `"tools":["Bash","Read"]`, `"tools":["Bash","Read","TaskCreate"]`,
		`"tools":[{"name":"Bash",`, `"tools":[{"name":"TaskCreate","input_schema":{"type":"object"}},{"name":"Bash",`)
	withSandbox := edit(baseLines, `"tools":["Bash","Read"],`, `"tools":["Bash","Read"],"sandbox":false,`)
	a := load(t, "2.1.1", "2.1.1", map[string][]string{"s": baseLines, "t": baseLines, "w": baseLines, "u": withTask, "v": withSandbox}, LoadOptions{})
	b := load(t, "2.1.2", "2.1.2", map[string][]string{"s": withTask, "t": withTask, "w": withTask, "u": withTask, "v": withSandbox}, LoadOptions{})
	r := Compare(a, b)
	// Items: three of the five scenarios gain TaskCreate (u had it
	// before, v never has it): the total says so. Members: "sandbox" is in v on both
	// sides, so no majority and no change.
	want := []ItemChange{
		{Kind: Kind{Stdout, "system/init"}, Path: "tools", Added: []string{"TaskCreate"}},
		{Kind: Kind{API, "POST /v1/messages?beta=true"}, Path: "body.tools", Added: []string{"TaskCreate"}},
	}
	if diff := cmp.Diff(want, r.Total.Items, cmpopts.SortSlices(func(x, y ItemChange) bool { return strings.Compare(x.Kind.String()+x.Path, y.Kind.String()+y.Path) < 0 })); diff != "" {
		t.Errorf("total items (-want +got):\n%s", diff)
	}
	if len(r.Total.Members) != 0 {
		t.Errorf("total members: %+v", r.Total.Members)
	}
}
