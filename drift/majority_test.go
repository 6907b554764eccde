package drift

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/ccwire/ccwire/scenario"
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

// TestScenarioOwnVariant is D2 of issue 37: background-task-stop has a
// stub.json variant from 2.1.140 that no longer calls TaskOutput, and the
// changelog reported what the old script provoked as removed from the CLI.
// A scenario whose inputs differ between the sides is left out of the
// total, and its changes say why.
func TestScenarioOwnVariant(t *testing.T) {
	t.Parallel()
	sc := testScenario(t, "v", "", "-- stub.json [>=2.1.2] --\n{\"turns\": [{\"text\": \"other\"}]}\n")
	plain := testScenario(t, "p", "", "")
	opts := LoadOptions{Scenarios: []*scenario.Scenario{sc, plain}}
	withRetrieval := edit(baseLines, `"result":"Hello."`, `"result":"Hello.","retrieval_status":"done"`)
	a := load(t, "2.1.1", "2.1.1", map[string][]string{"v": withRetrieval, "p": baseLines}, opts)
	b := load(t, "2.1.2", "2.1.2", map[string][]string{"v": baseLines, "p": baseLines}, opts)
	r := Compare(a, b)
	if !r.Total.Empty() {
		t.Errorf("the total has the scenario's own change: %+v", r.Total)
	}
	want := []ScenarioChanges{{
		Scenario: "v",
		Inputs:   &InputChange{A: []string{"stub.json"}, B: []string{"stub.json [>=2.1.2]"}},
		Changes: Changes{Members: []MemberChange{{
			Kind: Kind{Stdout, "result/success"}, Path: "retrieval_status", Change: Removed, Before: []string{"string"},
		}}},
	}}
	if diff := cmp.Diff(want, r.Scenarios); diff != "" {
		t.Errorf("scenarios (-want +got):\n%s", diff)
	}
	if s := Shifts(r, nil); len(s) != 0 {
		t.Errorf("shifts: %+v", s)
	}
	var text strings.Builder
	if err := r.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if want := "v (the scenario's own input differs: stub.json → stub.json [>=2.1.2]; left out of the total)"; !strings.Contains(text.String(), want) {
		t.Errorf("text lacks %q:\n%s", want, text.String())
	}
}

// TestDeclaredPaths is D3 of issue 37: from 2.1.113 to 2.1.197
// api-drop-mid-stream takes one of two paths by timing, and diff reported
// the other path's kinds as removed. What a scenario declares may differ
// from run to run on a version is no change.
func TestDeclaredPaths(t *testing.T) {
	t.Parallel()
	parse := func(paths string) *scenario.Scenario { return testScenario(t, "d", paths, "") }
	declared := parse(`, "paths": [{"cli": ">=2.1.1, <2.1.3", "varies": ["system/api_retry", "assistant/text.message.stop_reason"], "why": {"en": "timing", "ja": "タイミング"}}]`)
	retry := slices.Insert(slices.Clone(baseLines), len(baseLines)-2, `stdout 2 {"type":"system","subtype":"api_retry","attempt":1}`)
	retry = edit(retry, `"content":[{"type":"text","text":"Hello."}]}`, `"content":[{"type":"text","text":"Hello."}],"stop_reason":null}`)
	other := edit(baseLines, `"content":[{"type":"text","text":"Hello."}]}`, `"content":[{"type":"text","text":"Hello."}],"stop_reason":"end_turn"}`)
	for _, tt := range []struct {
		name  string
		sc    *scenario.Scenario
		empty bool
	}{
		{"declared", declared, true},
		{"undeclared", parse(""), false},
	} {
		opts := LoadOptions{Scenarios: []*scenario.Scenario{tt.sc}}
		a := load(t, "2.1.1", "2.1.1", map[string][]string{"d": retry}, opts)
		b := load(t, "2.1.2", "2.1.2", map[string][]string{"d": other}, opts)
		if r := Compare(a, b); r.Empty() != tt.empty {
			var text strings.Builder
			r.WriteText(&text)
			t.Errorf("%s: report empty %v, want %v:\n%s", tt.name, r.Empty(), tt.empty, text.String())
		}
	}
}

// TestKindGoneNotMembers is D4 of issue 37: on 2.1.332 usage-limit-reached
// no longer sends its rate_limit_event, and the total, over the union of
// the scenarios, reported two members of rate_limit_event removed, which
// track wrote as two findings. A change of the total no scenario shows,
// which a scenario's kind added or removed explains, is that one change.
func TestKindGoneNotMembers(t *testing.T) {
	t.Parallel()
	full := slices.Insert(slices.Clone(baseLines), len(baseLines)-2, `stdout 2 {"type":"rate_limit_event","rate_limit_info":{"status":"rejected","rateLimitType":"five_hour","resetsAt":1}}`)
	thin := slices.Insert(slices.Clone(baseLines), len(baseLines)-2, `stdout 2 {"type":"rate_limit_event","rate_limit_info":{"status":"allowed"}}`)
	a := load(t, "2.1.1", "2.1.1", map[string][]string{"limit": full, "other": thin}, LoadOptions{})
	b := load(t, "2.1.2", "2.1.2", map[string][]string{"limit": baseLines, "other": thin}, LoadOptions{})
	r := Compare(a, b)
	if !r.Total.Empty() {
		t.Errorf("total: %+v", r.Total)
	}
	shifts := Shifts(r, nil)
	if len(shifts) != 1 || shifts[0].Scenario != "limit" || shifts[0].Kind == nil || shifts[0].Kind.Change != Removed {
		t.Errorf("shifts: %+v, want one: limit's rate_limit_event removed", shifts)
	}
}

// testScenario parses a one-turn scenario id whose scenario.json ends with
// header (more members, each after a comma) and that has the sections of
// more after its stub.json.
func testScenario(t *testing.T, id, header, more string) *scenario.Scenario {
	t.Helper()
	sc, err := scenario.Parse(id+".txtar", []byte(`-- scenario.json --
{"id": "`+id+`", "category": "test", "title": {"en": "T", "ja": "T"}`+header+`}
-- stub.json --
{"turns": []}
`+more+`-- turns/1/stdin.jsonl --
{"type":"user","message":{"role":"user","content":"hi"}}
`))
	if err != nil {
		t.Fatal(err)
	}
	return sc
}
