package drift

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ccwire/ccwire/scenario"
)

var (
	initKind   = Kind{Stdout, "system/init"}
	answerKind = Kind{Stdout, "control_response/success (initialize)"}
	apiKind    = Kind{API, "POST /v1/messages?beta=true"}
)

func TestCompare(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		a, b []string // fixture lines of scenario "s" on 2.1.1 and 2.1.2
		// other are the lines of scenario "t" on both versions, if any.
		other []string
		// bRecorded is the version B's recordings name (default 2.1.2).
		bRecorded string
		want      Changes // the total
		// scenario are the scenario's own changes when they are not the
		// total's.
		scenario *Changes
	}{
		{name: "only the version", a: baseLines, b: baseLines},
		{name: "version-free recordings", a: baseLines, b: baseLines, bRecorded: Placeholder},
		{
			name: "member added",
			a:    baseLines,
			b:    edit(baseLines, `"tools":["Bash","Read"],`, `"tools":["Bash","Read"],"sandbox_enabled":false,`),
			want: Changes{Members: []MemberChange{{Kind: initKind, Path: "sandbox_enabled", Change: Added, After: []string{"boolean"}}}},
		},
		{
			name: "member removed, and the members inside it",
			a:    edit(baseLines, `"tools":["Bash","Read"],`, `"tools":["Bash","Read"],"sandbox":{"enabled":true,"mode":"x"},`),
			b:    baseLines,
			want: Changes{Members: []MemberChange{{Kind: initKind, Path: "sandbox", Change: Removed, Before: []string{"object"}}}},
		},
		{
			name: "type changed",
			a:    baseLines,
			b:    edit(baseLines, `"model":null`, `"model":"opus"`),
			want: Changes{Members: []MemberChange{{Kind: initKind, Path: "model", Change: Retyped, Before: []string{"null"}, After: []string{"string"}}}},
		},
		{
			name: "a number placeholder is a number",
			a:    baseLines,
			b:    edit(baseLines, `"duration_ms":"<duration>"`, `"duration_ms":12`),
		},
		{
			name: "list items of a control answer",
			a:    baseLines,
			b:    edit(baseLines, `["a_v1","c_v1"]`, `["a_v1","b_v1"]`),
			want: Changes{Items: []ItemChange{{Kind: answerKind, Path: "response.response.capabilities", Added: []string{"b_v1"}, Removed: []string{"c_v1"}}}},
		},
		{
			name: "betas",
			a:    baseLines,
			b:    edit(baseLines, `"b1,b2"`, `"b1, b3"`),
			want: Changes{Items: []ItemChange{{Kind: apiKind, Path: "header.anthropic-beta", Added: []string{"b3"}, Removed: []string{"b2"}}}},
		},
		{
			name: "a tool and a tool's parameter",
			a:    baseLines,
			b: edit(baseLines, `"properties":{"command":{"type":"string"}}}}]`,
				`"properties":{"command":{"type":"string"},"sandbox":{"type":"boolean"}}}},{"name":"Glob","input_schema":{"type":"object"}}]`),
			want: Changes{
				Members: []MemberChange{{Kind: apiKind, Path: "body.tools[Bash].input_schema.properties.sandbox", Change: Added, After: []string{"object"}}},
				Items:   []ItemChange{{Kind: apiKind, Path: "body.tools", Added: []string{"Glob"}}},
			},
		},
		{
			name: "the same member in two tools",
			a: edit(baseLines, `"properties":{"command":{"type":"string"}}}}]`,
				`"properties":{"command":{"type":"string"}}}},{"name":"Read","input_schema":{"type":"object","properties":{}}}]`),
			b: edit(baseLines, `"properties":{"command":{"type":"string"}}}}]`,
				`"properties":{"command":{"type":"string"},"timeout":{"type":"number"}}}},{"name":"Read","input_schema":{"type":"object","properties":{"timeout":{"type":"number"}}}}]`),
			want: Changes{Members: []MemberChange{{Kind: apiKind, Path: "body.tools[*].input_schema.properties.timeout", Change: Added, After: []string{"object"}, Elements: []string{"Bash", "Read"}}}},
		},
		{
			name: "kinds added and removed",
			a:    baseLines,
			b: append(edit(baseLines, `side 2 {"method":"POST","path":"/v1/messages","reason":"helper","count":1}`, ""),
				`stdout 2 {"type":"system","subtype":"sandbox_ready"}`),
			want: Changes{Kinds: []KindChange{{Kind{Stdout, "system/sandbox_ready"}, Added}, {Kind{SideAPI, "POST /v1/messages (helper)"}, Removed}}},
		},
		{
			name: "a text wrapped in a tag",
			a:    baseLines,
			b:    edit(baseLines, `"content":"Output limit hit."`, `"content":"<system-reminder>\nOutput limit hit.\n</system-reminder>"`),
			want: Changes{
				Members: nil,
				Wraps:   []WrapChange{{Kind: apiKind, Path: "body.messages[].content", Change: Wrapped, Tag: "system-reminder", Text: "Output limit hit."}},
			},
		},
		{
			name: "a text no longer wrapped",
			a:    edit(baseLines, `"content":"Output limit hit."`, `"content":"<system-reminder>Output limit hit.</system-reminder>"`),
			b:    baseLines,
			want: Changes{Wraps: []WrapChange{{Kind: apiKind, Path: "body.messages[].content", Change: Unwrapped, Tag: "system-reminder", Text: "Output limit hit."}}},
		},
		{
			name:     "order",
			a:        baseLines,
			b:        []string{baseLines[0], baseLines[1], baseLines[2], baseLines[4], baseLines[5], baseLines[3], baseLines[6], baseLines[7], baseLines[8]},
			scenario: &Changes{Order: []OrderChange{{Turn: 2, Before: []string{"system/init", "assistant/text", "result/success"}, After: []string{"assistant/text", "system/init", "result/success"}}}},
		},
		{
			name: "a kind in another scenario is no kind added in total",
			a:    baseLines,
			b:    append(baseLines[:len(baseLines):len(baseLines)], `stdout 2 {"type":"keep_alive"}`),
			// Scenario "t" has a keep_alive on both sides.
			other:    append(baseLines[:len(baseLines):len(baseLines)], `stdout 2 {"type":"keep_alive"}`),
			want:     Changes{},
			scenario: &Changes{Kinds: []KindChange{{Kind{Stdout, "keep_alive"}, Added}}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			as, bs := map[string][]string{"s": tc.a}, map[string][]string{"s": tc.b}
			compared := []string{"s"}
			if tc.other != nil {
				as["t"], bs["t"] = tc.other, tc.other
				compared = append(compared, "t")
			}
			a := load(t, "2.1.1", "2.1.1", as, LoadOptions{Label: "2.1.1"})
			bRecorded := tc.bRecorded
			if bRecorded == "" {
				bRecorded = "2.1.2"
			}
			b := load(t, "2.1.2", bRecorded, bs, LoadOptions{Label: "2.1.2"})
			if b.Version != "2.1.2" {
				t.Errorf("B's version %q, want 2.1.2", b.Version)
			}
			r := Compare(a, b)
			if diff := cmp.Diff(tc.want, r.Total); diff != "" {
				t.Errorf("total (-want +got):\n%s", diff)
			}
			want := tc.scenario
			if want == nil {
				want = &tc.want
			}
			var got Changes
			for _, s := range r.Scenarios {
				switch s.Scenario {
				case "s":
					got = s.Changes
				default:
					t.Errorf("scenario %s has changes: %+v", s.Scenario, s.Changes)
				}
			}
			if diff := cmp.Diff(*want, got); diff != "" {
				t.Errorf("scenario s (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(compared, r.Compared); diff != "" {
				t.Errorf("compared (-want +got):\n%s", diff)
			}
			if len(r.Verdicts) != 0 {
				t.Errorf("verdicts changed: %+v", r.Verdicts)
			}
			var text, md bytes.Buffer
			if err := r.WriteText(&text); err != nil {
				t.Fatal(err)
			}
			if err := r.WriteMarkdown(&md); err != nil {
				t.Fatal(err)
			}
			if empty := r.Empty(); empty != (text.Len() == 0) || empty != (md.Len() == 0) {
				t.Errorf("report empty %v, text:\n%s\nMarkdown:\n%s", empty, text.String(), md.String())
			}
		})
	}
}

func TestVerdicts(t *testing.T) {
	t.Parallel()
	applies := func(id, constraint string) *scenario.Scenario {
		t.Helper()
		text := `-- scenario.json --
{"id": "` + id + `", "category": "test", "title": {"en": "T", "ja": "T"}`
		if constraint != "" {
			text += `, "cli": "` + constraint + `", "not_applicable": {"en": "no", "ja": "no"}`
		}
		text += `}
-- stub.json --
{"turns": []}
-- turns/1/stdin.jsonl --
{"type":"user","message":{"role":"user","content":"hi"}}
`
		sc, err := scenario.Parse(id+".txtar", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		return sc
	}
	scenarios := []*scenario.Scenario{applies("both", ""), applies("gone", ""), applies("fails", ""), applies("new", ">=2.1.2"), applies("unrun", "")}
	a := load(t, "2.1.1", "2.1.1", map[string][]string{"both": baseLines, "gone": baseLines, "fails": baseLines}, LoadOptions{Scenarios: scenarios})
	root := t.TempDir()
	// "gone" has a recording of an earlier run, which its skip overrides.
	dir := writeCorpus(t, root, "2.1.2", "2.1.2", map[string][]string{"both": baseLines, "fails": baseLines[:3], "new": baseLines, "gone": baseLines})
	res := &Results{Planned: 5, Versions: []string{"2.1.2"}, Runs: []RunResult{
		{Scenario: "both", Version: "2.1.2", Status: scenario.Passed},
		{Scenario: "fails", Version: "2.1.2", Status: scenario.Failed, Error: "scenario fails, Claude Code 2.1.2:\n  turn 2: no result\n    more"},
		{Scenario: "new", Version: "2.1.2", Status: scenario.Passed},
		{Scenario: "gone", Version: "2.1.2", Status: scenario.Skipped, Reason: "gone"},
		{Scenario: "both", Version: "2.1.1", Status: scenario.Failed}, // another version's: ignored
	}}
	if err := WriteResults(filepath.Join(root, ResultsFile), res); err != nil {
		t.Fatal(err)
	}
	b, err := Load(dir, LoadOptions{Scenarios: scenarios})
	if err != nil {
		t.Fatal(err)
	}
	r := Compare(a, b)
	want := []VerdictChange{
		{Scenario: "fails", A: Recorded, B: Fail, Error: "scenario fails, Claude Code 2.1.2:\n  turn 2: no result\n    more"},
		{Scenario: "gone", A: Recorded, B: NotApplicable},
		{Scenario: "new", A: NotApplicable, B: Pass},
	}
	if diff := cmp.Diff(want, r.Verdicts); diff != "" {
		t.Errorf("verdicts (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"both", "fails"}, r.Compared); diff != "" {
		t.Errorf("compared (-want +got):\n%s", diff)
	}
	var text bytes.Buffer
	if err := r.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"Verdicts (2.1.1 → 2.1.2):", "fails  recorded → fail  turn 2: no result\n", "gone   recorded → n/a\n", "new    n/a → pass\n", "  fails (recorded → fail: a failed run stops early, which may be all that changed)\n    kind removed stdout assistant/text\n"} {
		if !strings.Contains(text.String(), s) {
			t.Errorf("text lacks %q:\n%s", s, text.String())
		}
	}
}

func TestReportOutput(t *testing.T) {
	t.Parallel()
	a := load(t, "2.1.1", "2.1.1", map[string][]string{"s": baseLines}, LoadOptions{Label: "2.1.1"})
	b := load(t, "2.1.2", "2.1.2", map[string][]string{
		"s": append(edit(baseLines,
			`"tools":["Bash","Read"],`, `"tools":["Bash","Read"],"sandbox_enabled":false,`,
			`["a_v1","c_v1"]`, `["a_v1","c_v1","b_v1"]`,
			`"content":"Output limit hit."`, `"content":"<system-reminder>\nOutput limit hit.\n</system-reminder>"`),
			"stdout 2 {\"type\":\"system\",\"subtype\":\"`odd`\"}"),
	}, LoadOptions{Label: "2.1.2"})
	r := Compare(a, b)
	var text, md, js bytes.Buffer
	if err := r.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	wantText := `Claude Code 2.1.1 → 2.1.2: 1 scenarios compared.

In total:
  kind added stdout system/` + "`odd`" + `
  stdout control_response/success (initialize)
    response.response.capabilities: +b_v1
  stdout system/init
    added sandbox_enabled (boolean)
  api POST /v1/messages?beta=true
    body.messages[].content: now wrapped in <system-reminder>: Output limit hit.
`
	if diff := cmp.Diff(wantText, text.String()); diff != "" {
		t.Errorf("text (-want +got):\n%s", diff)
	}
	if err := r.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	wantMD := "# Wire changes: Claude Code 2.1.1 → 2.1.2\n\n1 scenarios compared.\n\n## In total\n\n" +
		"- kind added `` stdout system/`odd` ``\n" +
		"\n### `stdout control_response/success (initialize)`\n\n- `response.response.capabilities`: +`b_v1`\n" +
		"\n### `stdout system/init`\n\n- added `sandbox_enabled` (boolean)\n" +
		"\n### `api POST /v1/messages?beta=true`\n\n- `body.messages[].content`: now wrapped in `<system-reminder>`: `Output limit hit.`\n"
	if diff := cmp.Diff(wantMD, md.String()); diff != "" {
		t.Errorf("Markdown (-want +got):\n%s", diff)
	}
	enc := json.NewEncoder(&js)
	if err := enc.Encode(r); err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(r, &back); diff != "" {
		t.Errorf("JSON round trip (-want +got):\n%s", diff)
	}
	for _, s := range []string{`"total":{"kinds":[{"kind":{"channel":"stdout","name":"system/` + "`odd`" + `"},"change":"added"}]`, `"a":{"label":"2.1.1","cli_version":"2.1.1"`} {
		if !strings.Contains(js.String(), s) {
			t.Errorf("JSON lacks %s:\n%s", s, js.String())
		}
	}
}
