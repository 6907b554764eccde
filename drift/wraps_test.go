package drift

import (
	"strings"
	"testing"
)

// TestWrapShiftsKeepText is D6 of issue 37: 2.1.331 wraps two texts of
// one path in <system-reminder>, and track wrote one finding without the
// wrapped text, counting the second as already known. Each wrap is a
// shift of its own, and its sentences say what is wrapped.
func TestWrapShiftsKeepText(t *testing.T) {
	t.Parallel()
	k := Kind{API, "POST /v1/messages?beta=true"}
	r := &Report{Total: Changes{Wraps: []WrapChange{
		{Kind: k, Path: "body.messages[].content[].text", Change: Wrapped, Tag: "system-reminder", Text: "Stop hook feedback: keep going"},
		{Kind: k, Path: "body.messages[].content[].text", Change: Wrapped, Tag: "system-reminder", Text: "The date changed"},
	}}}
	r.Scenarios = []ScenarioChanges{{Scenario: "s", Changes: r.Total}}
	shifts := Shifts(r, nil)
	if len(shifts) != 2 {
		t.Fatalf("%d shifts, want 2: %+v", len(shifts), shifts)
	}
	var f Firsts
	for i, s := range shifts {
		en, ja := s.Describe()
		text := r.Total.Wraps[i].Text
		if !strings.Contains(en, text) || !strings.Contains(ja, text) {
			t.Errorf("shift %d: %q / %q lack the wrapped text %q", i, en, ja, text)
		}
		if !s.In(r) {
			t.Errorf("shift %d is not in its own report", i)
		}
		if k := f.Known(s, "2.1.330", "2.1.331"); k != nil {
			t.Errorf("shift %d (%s) is known as %q", i, en, k.En)
		}
		f.Findings = append(f.Findings, First{Version: "2.1.331", LastWithout: "2.1.330", Scenario: s.Scenario, En: en, Ja: ja})
	}
	// A report that has only the first wrap does not show the second.
	one := &Report{Scenarios: []ScenarioChanges{{Scenario: "s", Changes: Changes{Wraps: r.Total.Wraps[:1]}}}}
	if shifts[1].In(one) {
		t.Error("the second wrap is seen in a report of the first alone")
	}
}
