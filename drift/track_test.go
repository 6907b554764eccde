package drift

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/internal/corpustest"

	"github.com/google/go-cmp/cmp"
)

// vs returns the versions 2.1.N for each N.
func vs(ns ...int) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = "2.1." + strconv.Itoa(n)
	}
	return out
}

// upTo returns 2.1.from to 2.1.to.
func upTo(from, to int) []int {
	var out []int
	for n := from; n <= to; n++ {
		out = append(out, n)
	}
	return out
}

func TestMatrixMissing(t *testing.T) {
	t.Parallel()
	m := Matrix{From: "2.1.10", DenseFrom: "2.1.40", Step: 10}
	tests := []struct {
		name      string
		published []string
		recorded  []string
		want      []string
	}{
		{name: "all recorded", published: vs(upTo(10, 12)...), recorded: vs(upTo(10, 12)...)},
		{name: "nine between is enough", published: vs(upTo(10, 20)...), recorded: vs(10, 20)},
		{name: "the tenth unrecorded is wanted", published: vs(upTo(10, 21)...), recorded: vs(10, 21), want: vs(20)},
		{name: "counted from the last recorded", published: vs(upTo(10, 35)...), recorded: vs(10, 15), want: vs(25, 35)},
		{name: "older than From is outside", published: vs(upTo(1, 12)...), recorded: vs(10)},
		{name: "dense from DenseFrom", published: vs(upTo(36, 43)...), recorded: vs(10, 36, 41), want: vs(40, 42, 43)},
		{name: "unpublished numbers do not count", published: vs(10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30), recorded: vs(10), want: vs(30)},
		{name: "prereleases do not count", published: append(vs(10, 11), "2.1.12-beta.1", "2.1.45"), recorded: vs(10), want: vs(45)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := m.Missing(tt.published, tt.recorded)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Missing (-want +got):\n%s", diff)
			}
		})
	}
	if _, err := (Matrix{From: "x", DenseFrom: "2.1.1", Step: 1}).Missing(nil, nil); err == nil {
		t.Error("a bad From: no error")
	}
	if _, err := (Matrix{From: "2.1.1", DenseFrom: "2.1.1", Step: 0}).Missing(nil, nil); err == nil {
		t.Error("step 0: no error")
	}
}

func TestPlanTrack(t *testing.T) {
	t.Parallel()
	m := Matrix{From: "2.1.10", DenseFrom: "2.1.30", Step: 10}
	tests := []struct {
		name      string
		published []string
		recorded  []string
		want      []TrackStep
	}{
		{name: "nothing missing", published: vs(upTo(10, 12)...), recorded: vs(10, 11, 12), want: []TrackStep{}},
		{
			name:      "the newest, adjacent: no bisection",
			published: vs(upTo(30, 32)...), recorded: vs(10, 30, 31),
			want: []TrackStep{{Version: "2.1.32", Older: "2.1.31"}},
		},
		{
			name:      "the two newest: the second compares with the first",
			published: vs(upTo(30, 32)...), recorded: vs(10, 30),
			want: []TrackStep{{Version: "2.1.31", Older: "2.1.30"}, {Version: "2.1.32", Older: "2.1.31"}},
		},
		{
			name:      "a hole in the middle compares with both sides",
			published: vs(upTo(30, 33)...), recorded: vs(10, 30, 33),
			want: []TrackStep{{Version: "2.1.31", Older: "2.1.30"}, {Version: "2.1.32", Older: "2.1.31", Newer: "2.1.33"}},
		},
		{
			name:      "sparse: bisect over the releases between",
			published: vs(upTo(10, 22)...), recorded: vs(10, 22),
			want: []TrackStep{{Version: "2.1.20", Older: "2.1.10", Before: vs(upTo(11, 19)...), Newer: "2.1.22", After: vs(21)}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := PlanTrack(m, tt.published, tt.recorded)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("PlanTrack (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRecordingsFollowMatrix checks the committed recordings against the
// matrix policy and the committed snapshot of the published releases,
// drift/releases.txt (ccwire track rewrites both).
func TestRecordingsFollowMatrix(t *testing.T) {
	corpustest.Whole(t, "every recorded version must be in the matrix; it lists folder names only")
	t.Parallel()
	published, err := ReadReleases(filepath.Join("..", filepath.FromSlash(ReleasesFile)))
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(filepath.Join("..", "recordings"))
	if err != nil {
		t.Fatal(err)
	}
	var recorded []string
	for _, e := range entries {
		if e.IsDir() && e.Name() != "objects" {
			recorded = append(recorded, e.Name())
		}
	}
	missing, err := DefaultMatrix().Missing(published, recorded)
	if err != nil {
		t.Fatal(err)
	}
	if len(missing) > 0 {
		t.Errorf("the recordings lack %d releases the matrix (%+v) wants: %s; run ccwire track", len(missing), DefaultMatrix(), strings.Join(missing, " "))
	}
	for _, v := range recorded {
		if !slices.Contains(published, v) {
			t.Errorf("recordings/%s is of no release in %s", v, ReleasesFile)
		}
	}
}

func TestReleasesFile(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "releases.txt")
	if err := WriteReleases(file, []string{"2.1.3", "2.1.1", "2.1.2-beta", "2.1.1", "junk"}); err != nil {
		t.Fatal(err)
	}
	got, err := ReadReleases(file)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"2.1.1", "2.1.3"}, got); diff != "" {
		t.Errorf("releases (-want +got):\n%s", diff)
	}
	if err := os.WriteFile(file, []byte("2.1.1\nnope\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadReleases(file); err == nil || !strings.Contains(err.Error(), ":2:") {
		t.Errorf("a bad line: %v", err)
	}
}

func FuzzParseReleases(f *testing.F) {
	f.Add([]byte("# releases\n2.1.1\n\n2.1.2\n"))
	f.Add([]byte("2.1.3-beta.1\r\n2.1.4"))
	f.Add([]byte("nope\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		vs, err := ParseReleases(data)
		if err != nil {
			return
		}
		// What it reads, written and read again, is the same releases.
		file := filepath.Join(t.TempDir(), "releases.txt")
		if err := WriteReleases(file, vs); err != nil {
			t.Fatal(err)
		}
		again, err := ReadReleases(file)
		if err != nil {
			t.Fatalf("%q: written back: %v", data, err)
		}
		if want := (Matrix{}).releases(vs); !slices.Equal(want, again) {
			t.Errorf("%q: read %q, written and read back %q", data, want, again)
		}
	})
}

func TestShifts(t *testing.T) {
	t.Parallel()
	a := load(t, "2.1.1", "2.1.1", map[string][]string{"s": baseLines, "t": baseLines, "u": baseLines}, LoadOptions{})
	b := load(t, "2.1.2", "2.1.2", map[string][]string{
		"s": edit(baseLines, `"tools":["Bash","Read"],`, `"tools":["Bash","Read","Team"],"sandbox_enabled":false,`),
		"t": edit(baseLines, `"tools":["Bash","Read"],`, `"tools":["Bash","Read"],"sandbox_enabled":false,`),
		"u": edit(baseLines, `side 2 {"method":"POST","path":"/v1/messages","reason":"helper","count":1}`, ""),
	}, LoadOptions{})
	rep := Compare(a, b)
	// t is the lighter scenario.
	weight := map[string]int{"s": 3, "t": 1, "u": 0}
	shifts := Shifts(rep, PickSmallest(func(id string) int { return weight[id] }))
	var got []string
	for _, s := range shifts {
		en, _ := s.Describe()
		got = append(got, s.Scenario+" | "+s.MemberName()+" | "+en)
	}
	want := []string{
		"t | system/init.sandbox_enabled | system/init carries sandbox_enabled (boolean).",
		"s | system/init.tools[Team] | system/init.tools gains Team.",
		"u |  | Scenario u no longer has side POST /v1/messages (helper).",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("shifts (-want +got):\n%s", diff)
	}
	// A probe's report shows a shift only in its scenario.
	for _, s := range shifts {
		if !s.In(Compare(a.Only(s.Scenario), b.Only(s.Scenario))) {
			t.Errorf("%s: not in the report of its own scenario", s.MemberName())
		}
		if s.In(Compare(a.Only(s.Scenario), a.Only(s.Scenario))) {
			t.Errorf("%s: in a report of no change", s.MemberName())
		}
		if other := map[string]string{"s": "t", "t": "s", "u": "s"}[s.Scenario]; s.In(Compare(a.Only(other), b.Only(other))) {
			t.Errorf("%s: in the report of another scenario", s.MemberName())
		}
	}
	// Known: the same member, first seen in the range.
	f := &Firsts{Findings: []First{{Version: "2.1.2", LastWithout: "2.1.1", Member: "system/init.sandbox_enabled", Scenario: "x", En: "e", Ja: "j"}}}
	if f.Known(shifts[0], "2.1.1", "2.1.2") == nil {
		t.Error("a finding of the same member in range: not known")
	}
	if f.Known(shifts[0], "2.1.2", "2.1.5") != nil {
		t.Error("a finding out of range: known")
	}
	if f.Known(shifts[1], "2.1.1", "2.1.2") != nil {
		t.Error("a finding of another member: known")
	}
}

func TestDescribe(t *testing.T) {
	t.Parallel()
	init := initKind
	stdin := Kind{Channel: Stdin, Name: "control_request/initialize"}
	tests := []struct {
		shift  Shift
		en, ja string
	}{
		{Shift{Kind: &KindChange{Kind: init, Change: Added}}, "system/init appears.", "system/init が現れる。"},
		{Shift{Kind: &KindChange{Kind: stdin, Change: Removed}}, "stdin control_request/initialize is no longer sent.", "stdin control_request/initialize が送られなくなる。"},
		{Shift{Scenario: "usage", Local: true, Kind: &KindChange{Kind: Kind{Stdout, "rate_limit_event"}, Change: Removed}}, "Scenario usage no longer has rate_limit_event.", "シナリオ usage で rate_limit_event が送られなくなる。"},
		{Shift{Scenario: "s", Local: true, Kind: &KindChange{Kind: init, Change: Added}}, "Scenario s has system/init.", "シナリオ s で system/init が現れる。"},
		{Shift{Member: &MemberChange{Kind: init, Path: "fast_mode_state", Change: Added, After: []string{"string"}}}, "system/init carries fast_mode_state (string).", "system/init に fast_mode_state（string）が付く。"},
		{Shift{Member: &MemberChange{Kind: init, Path: "x", Change: Removed, Before: []string{"string"}}}, "system/init no longer carries x.", "system/init から x がなくなる。"},
		{Shift{Member: &MemberChange{Kind: init, Path: "model", Change: Retyped, Before: []string{"null"}, After: []string{"string"}}}, "system/init's model is string instead of null.", "system/init の model が null ではなく string になる。"},
		{Shift{Member: &MemberChange{Kind: init, Path: "commands[*].builtin", Change: Added, After: []string{"boolean"}, Elements: []string{"compact", "context"}}}, "system/init carries commands[*].builtin (compact, context) (boolean).", "system/init に commands[*].builtin (compact, context)（boolean）が付く。"},
		{Shift{Items: &ItemChange{Kind: init, Path: "tools", Added: []string{"TeamCreate", "TeamDelete", "SendMessage"}}}, "system/init.tools gains TeamCreate, TeamDelete and SendMessage.", "system/init.tools に TeamCreate、TeamDelete、SendMessage が加わる。"},
		{Shift{Items: &ItemChange{Kind: init, Path: "betas", Added: []string{"a"}, Removed: []string{"b"}}}, "system/init.betas gains a and loses b.", "system/init.betas に a が加わる、system/init.betas から b がなくなる。"},
		{Shift{Wrap: &WrapChange{Kind: init, Path: "message.content", Change: Wrapped, Tag: "system-reminder"}}, "system/init.message.content is wrapped in <system-reminder>.", "system/init.message.content が <system-reminder> で囲まれる。"},
		{Shift{Wrap: &WrapChange{Kind: init, Path: "p", Change: Unwrapped, Tag: "x"}}, "system/init.p is no longer wrapped in <x>.", "system/init.p が <x> で囲まれなくなる。"},
		{Shift{Scenario: "s", Order: &OrderChange{Turn: 2, Before: []string{"a", "b"}, After: []string{"b", "a"}}}, "In turn 2 of scenario s the stdout kinds come as b, a (before: a, b).", "シナリオ s のターン 2 で stdout の種類の順が b, a になる（以前は a, b）。"},
		{Shift{Scenario: "s", Verdict: &VerdictChange{Scenario: "s", A: Recorded, B: Fail}}, "Scenario s fails (before: recorded).", "シナリオ s が失敗する（以前は recorded）。"},
		{Shift{Scenario: "s", Verdict: &VerdictChange{Scenario: "s", A: NotApplicable, B: Pass}}, "Scenario s passes (before: n/a).", "シナリオ s が成功する（以前は n/a）。"},
	}
	for _, tt := range tests {
		en, ja := tt.shift.Describe()
		if en != tt.en || ja != tt.ja {
			t.Errorf("Describe:\n got %q\n     %q\nwant %q\n     %q", en, ja, tt.en, tt.ja)
		}
	}
}
