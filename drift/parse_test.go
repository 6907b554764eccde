package drift

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/ccwire/ccwire/scenario"
)

func TestVersionNormalizer(t *testing.T) {
	t.Parallel()
	tests := []struct {
		versions []string
		in, want string
	}{
		{[]string{"2.1.330"}, "claude-cli/2.1.330 (external)", "claude-cli/<cli-version> (external)"},
		{[]string{"2.1.330"}, "cc_version=2.1.330.572;", "cc_version=<cli-version>.572;"},
		{[]string{"2.1.330"}, "2.1.3301 12.1.330 1.2.1.330", "2.1.3301 12.1.330 1.2.1.330"},
		{[]string{"2.1.330"}, "2.1.330", "<cli-version>"},
		{[]string{"2.1.330", "2.1.330-beta.1"}, "v2.1.330-beta.1 and 2.1.330", "v<cli-version> and <cli-version>"},
		{[]string{"", Placeholder}, "2.1.330 <cli-version>", "2.1.330 <cli-version>"},
	}
	for _, tc := range tests {
		if got := versionNormalizer(tc.versions...)(tc.in); got != tc.want {
			t.Errorf("normalize %q of %q = %q, want %q", tc.versions, tc.in, got, tc.want)
		}
	}
}

func TestWrapped(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want wrapping
		ok   bool
	}{
		{"<system-reminder>\nHi.\n</system-reminder>", wrapping{"system-reminder", "Hi."}, true},
		{"  <a>x</a>\n", wrapping{"a", "x"}, true},
		{"<a>x</b>", wrapping{}, false},
		{"<cwd>", wrapping{}, false},
		{"<a></a>", wrapping{"a", ""}, true},
		{"<a>", wrapping{}, false},
		{"<1a>x</1a>", wrapping{}, false},
		{"<a b>x</a b>", wrapping{}, false},
		{"x <a>y</a>", wrapping{}, false},
		{"", wrapping{}, false},
	}
	for _, tc := range tests {
		got, ok := wrapped(tc.in)
		if ok != tc.ok || got != tc.want {
			t.Errorf("wrapped(%q) = %+v, %v; want %+v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func FuzzWrapped(f *testing.F) {
	for _, s := range []string{"<a>x</a>", "<system-reminder>\nHi.\n</system-reminder>", "<a>", "<>", "</>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		w, ok := wrapped(s)
		if !ok {
			return
		}
		if w.tag == "" {
			t.Fatalf("wrapped(%q): empty tag", s)
		}
		again, ok := wrapped("<" + w.tag + ">" + w.inner + "</" + w.tag + ">")
		if !ok || again.tag != w.tag {
			t.Fatalf("wrapped(%q) = %+v, but its rewrapping gives %+v, %v", s, w, again, ok)
		}
	})
}

func TestParseMember(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want Member
		err  bool
	}{
		{in: "system/init", want: Member{Kind: initKind}},
		{in: "system/init.sandbox_enabled", want: Member{Kind: initKind, Path: "sandbox_enabled"}},
		{in: " system/init.capabilities[a.b] ", want: Member{Kind: initKind, Path: "capabilities[a.b]"}},
		{in: "stdin control_request/initialize", want: Member{Kind: Kind{Stdin, "control_request/initialize"}}},
		{in: "control_response/success (initialize).response.response.capabilities", want: Member{Kind: answerKind, Path: "response.response.capabilities"}},
		{in: "api POST /v1/messages?beta=true.body.tools[Bash]", want: Member{Kind: apiKind, Path: "body.tools[Bash]"}},
		{in: "api POST /v1/messages?beta=true", want: Member{Kind: apiKind}},
		{in: "side POST /v1/messages (helper: model 4.5)", want: Member{Kind: Kind{SideAPI, "POST /v1/messages (helper: model 4.5)"}}},
		{in: "", err: true},
		{in: "stdout ", err: true},
		{in: "system/init.", err: true},
		{in: ".x", err: true},
	}
	for _, tc := range tests {
		got, err := ParseMember(tc.in)
		if (err != nil) != tc.err {
			t.Errorf("ParseMember(%q) error %v, want error %v", tc.in, err, tc.err)
			continue
		}
		if tc.err {
			continue
		}
		if got != tc.want {
			t.Errorf("ParseMember(%q) = %+v, want %+v", tc.in, got, tc.want)
		}
		if back, err := ParseMember(got.String()); err != nil || back != got {
			t.Errorf("ParseMember(%q.String() = %q) = %+v, %v", tc.in, got.String(), back, err)
		}
	}
}

func FuzzParseMember(f *testing.F) {
	for _, s := range []string{"system/init.sandbox_enabled", "api POST /x?y.body.a", "side a (b.c)", "stdin x", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMember(s)
		if err != nil {
			return
		}
		if m.Kind.Name == "" {
			t.Fatalf("ParseMember(%q): no kind", s)
		}
		_ = m.String()
	})
}

func TestObserve(t *testing.T) {
	t.Parallel()
	c := load(t, "2.1.2", "2.1.2", map[string][]string{
		"s": edit(baseLines, `"tools":["Bash","Read"],`, `"tools":["Bash","Read"],"sandbox_enabled":false,`),
		"t": edit(baseLines, `"model":null`, `"model":"x"`),
	}, LoadOptions{})
	tests := []struct {
		member string
		want   string
		shows  []string
	}{
		{"system/init", Present, []string{"s", "t"}},
		{"system/init.sandbox_enabled", "boolean", []string{"s"}},
		{"system/init.model", "null|string", []string{"s", "t"}},
		{"system/init.tools[Read]", Present, []string{"s", "t"}},
		{"system/init.tools[Glob]", Absent, nil},
		{"system/nope", Absent, nil},
		{"system/init.nope", Absent, nil},
		{"api POST /v1/messages?beta=true.body.tools[Bash].input_schema.properties.command", "object", []string{"s", "t"}},
		{"control_response/success (initialize).response.response.capabilities[a_v1]", Present, []string{"s", "t"}},
	}
	for _, tc := range tests {
		m, err := ParseMember(tc.member)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.Observe(m); got != tc.want {
			t.Errorf("Observe(%s) = %q, want %q", tc.member, got, tc.want)
		}
		if diff := cmp.Diff(tc.shows, c.Show(m)); diff != "" {
			t.Errorf("Show(%s) (-want +got):\n%s", tc.member, diff)
		}
	}
}

func TestLoadErrors(t *testing.T) {
	t.Parallel()
	if _, err := Load(t.TempDir()+"/missing", LoadOptions{}); err == nil {
		t.Error("Load of a missing folder: no error")
	}
	root := t.TempDir()
	dir := writeCorpus(t, root, "mixed", "2.1.1", map[string][]string{"a": baseLines})
	writeCorpus(t, root, "mixed", "2.1.2", map[string][]string{"b": baseLines})
	if _, err := Load(dir, LoadOptions{}); err == nil {
		t.Error("Load of two versions' recordings: no error")
	}
	if c, err := Load(writeCorpus(t, t.TempDir(), "x", "2.1.1", nil), LoadOptions{}); err != nil || len(c.Runs) != 0 || c.Version != "" {
		t.Errorf("Load of an empty folder = %+v, %v", c, err)
	}
}

func TestErrorLine(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"scenario a, Claude Code 1.0.0:\n  turn 1: no result\n    closest: x", "turn 1: no result"},
		{"scenario a, Claude Code 1.0.0:\n  requests: pattern not matched:\n    pattern 3 of 3\n    more", "requests: pattern not matched: pattern 3 of 3"},
		{"one line", "one line"},
		{"", ""},
	}
	for _, tc := range tests {
		if got := errorLine(tc.in); got != tc.want {
			t.Errorf("errorLine(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestLoadFS loads a version's committed recordings as LoadFS reads the
// recordings built into ccwire, and as Load reads the folder: the same
// corpus, with the results file of the folder or its parent in the file
// system.
func TestLoadFS(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "recordings")
	const v = "2.1.37"
	fromDir, err := Load(filepath.Join(root, v), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	fromFS, err := LoadFS(os.DirFS(root), v, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if fromFS.Version != v || fromFS.Dir != v || !slices.Equal(fromFS.Scenarios(), fromDir.Scenarios()) || len(fromDir.Runs) == 0 {
		t.Fatalf("LoadFS: version %s, dir %s, %d scenarios; Load: %d", fromFS.Version, fromFS.Dir, len(fromFS.Runs), len(fromDir.Runs))
	}
	if rep := Compare(fromDir, fromFS); !rep.Empty() {
		t.Errorf("Load and LoadFS differ: %+v", rep)
	}
	id := fromDir.Scenarios()[0]
	if f := fromFS.Runs[id].File; f != v+"/"+id+scenario.RecordingExt {
		t.Errorf("LoadFS: run %s in %s", id, f)
	}

	results := `{"versions":["2.1.1"],"planned":1,"runs":[{"scenario":"a","cli_version":"2.1.1","status":"skip"}]}`
	for _, name := range []string{"2.1.1/" + ResultsFile, ResultsFile} {
		c, err := LoadFS(fstest.MapFS{name: {Data: []byte(results)}, "2.1.1": {Mode: fs.ModeDir}}, "2.1.1", LoadOptions{})
		if err != nil {
			t.Fatalf("results file %s: %v", name, err)
		}
		if r := c.Runs["a"]; r == nil || r.Verdict != NotApplicable {
			t.Errorf("results file %s: run a = %+v, want n/a", name, r)
		}
	}
	if _, err := LoadFS(fstest.MapFS{}, "2.1.1", LoadOptions{}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("LoadFS of a missing folder: %v", err)
	}
}
