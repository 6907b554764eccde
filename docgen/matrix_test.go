package docgen

import (
	"encoding/xml"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/drift"
)

// testRun makes a run of stdout lines (and, for a line starting with
// "<", a stdin line of turn 1).
func testRun(t *testing.T, version string, lines ...string) *run {
	t.Helper()
	r := &run{version: version}
	for _, l := range lines {
		ev := &event{kind: eventStdout}
		if rest, ok := strings.CutPrefix(l, "<"); ok {
			ev.kind, ev.turn, l = eventStdin, 1, rest
		}
		ev.msg = mustValue(t, l)
		ev.line = []byte(l)
		ev.label = ev.msg.StringAt("type")
		r.events = append(r.events, ev)
	}
	return r
}

// TestMergeRuns checks that a scenario page shows each recorded line once
// with the versions holding it, in the newest run's order, the texts of a
// line that changed newest first.
func TestMergeRuns(t *testing.T) {
	t.Parallel()
	runs := []*run{
		testRun(t, "2.1.1", `<{"type":"user"}`, `{"type":"init","v":1}`, `{"type":"old"}`, `{"type":"result"}`),
		testRun(t, "2.1.2", `<{"type":"user"}`, `{"type":"init","v":2}`, `{"type":"result"}`),
		testRun(t, "2.1.3", `<{"type":"user"}`, `{"type":"init","v":2}`, `{"type":"new"}`, `{"type":"result"}`),
	}
	var got []string
	for _, s := range mergeRuns(runs) {
		for _, v := range s.variants {
			got = append(got, string(v.ev.line)+" "+strings.Join(v.versions.sorted(), ","))
		}
	}
	want := []string{
		`{"type":"user"} 2.1.1,2.1.2,2.1.3`,
		`{"type":"init","v":2} 2.1.2,2.1.3`,
		`{"type":"init","v":1} 2.1.1`,
		`{"type":"old"} 2.1.1`,
		`{"type":"new"} 2.1.3`,
		`{"type":"result"} 2.1.1,2.1.2,2.1.3`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("merged:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestJSONChanges checks the summary of what an older text of a line
// changes from the newer one.
func TestJSONChanges(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ v, base, want string }{
		{`{"a":1,"b":"x"}`, `{"a":1,"b":"x"}`, ``},
		{`{"a":2}`, `{"a":1}`, `a: 2`},
		{`{"a":1}`, `{"a":1,"b":true}`, `-b`},
		{`{"a":1,"c":[1]}`, `{"a":1}`, `+c: [1]`},
		{`{"tools":["Bash","Read"]}`, `{"tools":["Bash","Glob"]}`, `+tools[Read]; -tools[Glob]`},
		{`{"cmds":[{"name":"x","d":"old"}]}`, `{"cmds":[{"name":"x","d":"new"},{"name":"y"}]}`, `cmds[x].d: "old"; -cmds[y]`},
		{`{"n":[1,2]}`, `{"n":[1,3]}`, `n[1]: 2`},
		{`{"n":[1]}`, `{"n":[1,3]}`, `n: [1]`},
		{`{"o":"s"}`, `{"o":{}}`, `o: "s"`},
	} {
		got := strings.Join(jsonChanges(mustValue(t, tc.v), mustValue(t, tc.base), ""), "; ")
		if got != tc.want {
			t.Errorf("jsonChanges(%s, %s) = %q, want %q", tc.v, tc.base, got, tc.want)
		}
	}
}

// TestVersionNote checks that a member's meaning loses the note of the
// version it was first noticed in, which the versions column says better.
func TestVersionNote(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"usage per server-side iteration (CLI 2.1.330)", "usage per server-side iteration"},
		{"process ID of the CLI (seen from CLI 2.1.330)", "process ID of the CLI"},
		{"サーバー側の反復ごとの使用量（CLI 2.1.330）", "サーバー側の反復ごとの使用量"},
		{"CLIのプロセスID（CLI 2.1.330 で観測）", "CLIのプロセスID"},
		{"a task (task_started, CLI 2.1.330)", "a task (task_started)"},
		{"タスク（task_started、CLI 2.1.330）", "タスク（task_started）"},
		{"plain (no version)", "plain (no version)"},
	} {
		got := versionNoteTail.ReplaceAllString(versionNote.ReplaceAllString(tc.in, ""), "$1$2")
		if got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestNeutralizer checks that doc texts name JSON, not Go.
func TestNeutralizer(t *testing.T) {
	t.Parallel()
	n := neutralizer(loadSchema().goNames())
	for _, tc := range []struct{ in, want string }{
		{"TypeResult is the notification", "`\"result\"` is the notification"},
		{"Subtype is SubtypeSuccess when (then IsError is true)", "Subtype is `\"success\"` when (then `is_error` is true)"},
		{"`SubtypeSuccess` or the session ID", "`\"success\"` or the session ID"},
	} {
		if got := n(tc.in); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestVerdictMatrix checks the verdict page and picture of a small
// corpus: every class of verdict, a scenario without any recording, and
// an SVG that parses, with a rectangle per run of equal verdicts.
func TestVerdictMatrix(t *testing.T) {
	t.Parallel()
	sc := &scenarioDoc{id: "a-b-c", category: "basic", title: localized{English: "A", Japanese: "A"}}
	c := &corpus{
		versions:  []string{"2.1.1", "2.1.2", "2.1.3", "2.1.4"},
		scenarios: []*scenarioDoc{sc},
		matrix:    []matrixRow{{id: "a-b-c", category: "basic"}, {id: "never", category: "basic"}},
		verdicts: map[string]map[string]drift.Verdict{
			"2.1.1": {"a-b-c": drift.NotApplicable, "never": drift.Missing},
			"2.1.2": {"a-b-c": drift.Recorded, "never": drift.Missing},
			"2.1.3": {"a-b-c": drift.Pass, "never": drift.Fail},
			"2.1.4": {"a-b-c": drift.Recorded},
		},
	}
	tr, err := newTranslator(English, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := &renderer{c: c, tr: tr, lang: English}
	page := r.verdictsPageText()
	for _, want := range []string{
		"| [a-b-c](scenarios/basic/a-b-c.md) | 2.1.2– | 2.1.1 | — | — |",
		"| `never` | — | — | 2.1.3 | 2.1.1–2.1.2, 2.1.4– |",
		"![Verdicts by scenario and CLI version](verdicts.svg)",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q:\n%s", want, page)
		}
	}
	svg := r.verdictsSVG()
	d := xml.NewDecoder(strings.NewReader(svg))
	rects := 0
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the SVG does not parse: %v\n%s", err, svg)
		}
		if s, ok := tok.(xml.StartElement); ok && s.Name.Local == "rect" {
			rects++
		}
	}
	// The background, 2 + 3 runs of verdicts and the 4 colours of the legend.
	if want := 1 + 5 + len(classes); rects != want {
		t.Errorf("%d rectangles, want %d:\n%s", rects, want, svg)
	}
	if !strings.Contains(svg, "<title>a-b-c 2.1.2–: recorded (passes)</title>") {
		t.Errorf("the SVG lacks the run of recorded verdicts:\n%s", svg)
	}
}
