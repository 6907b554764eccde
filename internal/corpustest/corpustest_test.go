package corpustest_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/internal/corpustest"
)

func TestSelect(t *testing.T) {
	t.Parallel()
	recorded := []string{"2.1.37", "2.1.100", "2.1.200", "2.1.332"}
	pinned := []string{"2.1.37", "2.1.332"}
	for _, tc := range []struct {
		name    string
		changed []string
		want    []string
	}{
		{"nothing changed", nil, pinned},
		{"one changed", []string{"2.1.200"}, []string{"2.1.37", "2.1.200", "2.1.332"}},
		{"a pinned one changed", []string{"2.1.37"}, pinned},
		{"a version not recorded (removed)", []string{"2.1.300"}, pinned},
	} {
		if got := corpustest.Select(recorded, pinned, tc.changed); !slices.Equal(got, tc.want) {
			t.Errorf("%s: Select = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestVersionsOf(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		names string
		want  []string
	}{
		{"", nil},
		{"recordings/2.1.40/a.txtar\nrecordings/2.1.40/b.txtar\nrecordings/2.1.5/x.txtar\n", []string{"2.1.5", "2.1.40"}},
		{"recordings/objects/line/ab.json\nrecordings/go.mod\nrecordings/README.md\n", nil},
		{"docs/en/index.md\nrecordings/latest/a.txtar\nscenarios/recordings/2.1.40/a.txtar\n", nil},
	} {
		if got := corpustest.VersionsOf(tc.names); !slices.Equal(got, tc.want) {
			t.Errorf("VersionsOf(%q) = %v, want %v", tc.names, got, tc.want)
		}
	}
}

// gitRepo makes a git repository with recordings of three versions
// committed on its base, and returns its folder and the base's commit.
func gitRepo(t *testing.T) (dir, base string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir = t.TempDir()
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_GLOBAL=/dev/null")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run("init", "-q", "-b", "main")
	for _, v := range []string{"2.1.37", "2.1.40", "2.1.50", "2.1.332"} {
		write("recordings/"+v+"/a.txtar", v)
	}
	write("recordings/objects/line/ab.json", "{}")
	run("add", ".")
	run("commit", "-q", "-m", "base")
	base = run("rev-parse", "HEAD")
	// A commit of the change, a change in the work tree, a new file.
	write("recordings/2.1.40/a.txtar", "changed")
	run("commit", "-q", "-am", "change 2.1.40")
	write("recordings/2.1.50/a.txtar", "changed too")
	write("recordings/2.1.60/a.txtar", "new")
	write("recordings/objects/line/cd.json", "{}")
	write("docs/x.md", "not a recording")
	return dir, base
}

func TestChanged(t *testing.T) {
	t.Parallel()
	dir, base := gitRepo(t)
	got, err := corpustest.Changed(t.Context(), filepath.Join(dir, "recordings"), base)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"2.1.40", "2.1.50", "2.1.60"}; !slices.Equal(got, want) {
		t.Errorf("Changed = %v, want %v", got, want)
	}
	// Without origin/main, the default base is the branch main, which is
	// HEAD here: the work tree's changes. A base named explicitly must exist.
	if got, err := corpustest.Changed(t.Context(), dir, ""); err != nil || !slices.Equal(got, []string{"2.1.50", "2.1.60"}) {
		t.Errorf("Changed against main = %v, %v; want 2.1.50 and 2.1.60", got, err)
	}
	if _, err := corpustest.Changed(t.Context(), dir, "no-such-branch"); err == nil || !strings.Contains(err.Error(), corpustest.EnvBase+"=no-such-branch") {
		t.Errorf("Changed(no-such-branch): %v, want an error naming %s", err, corpustest.EnvBase)
	}
	// Outside a repository: nothing changed, unless a base was named.
	if got, err := corpustest.Changed(t.Context(), t.TempDir(), ""); err != nil || got != nil {
		t.Errorf("Changed outside git = %v, %v", got, err)
	}
}

// TestVersionsSelects runs Versions, Paths and Dir in a repository whose
// recordings changed since the base named in CCWIRE_CORPUS_BASE, then
// with CCWIRE_CORPUS=all.
func TestVersionsSelects(t *testing.T) {
	if corpustest.Race {
		t.Skip("the markers skip under the race detector")
	}
	dir, base := gitRepo(t)
	t.Chdir(dir)
	t.Setenv(corpustest.EnvBase, base)
	t.Setenv(corpustest.EnvCorpus, "")
	recorded := []string{"2.1.37", "2.1.40", "2.1.50", "2.1.60", "2.1.70", "2.1.332"}
	want := []string{"2.1.37", "2.1.40", "2.1.50", "2.1.60", "2.1.332"}
	if !slices.Equal(cliinstall.PinnedVersions(), []string{"2.1.37", "2.1.332"}) {
		t.Skipf("the fixture names the pinned versions 2.1.37 and 2.1.332, not %v", cliinstall.PinnedVersions())
	}
	if got := corpustest.Versions(t, recorded); !slices.Equal(got, want) {
		t.Errorf("Versions = %v, want %v", got, want)
	}
	paths := []string{"recordings/2.1.37/a.txtar", "recordings/2.1.70/a.txtar", "recordings/2.1.332/b.txtar", "recordings/a.txtar"}
	if got, want := corpustest.Paths(t, paths), []string{"recordings/2.1.37/a.txtar", "recordings/2.1.332/b.txtar", "recordings/a.txtar"}; !slices.Equal(got, want) {
		t.Errorf("Paths = %v, want %v", got, want)
	}
	sub := corpustest.Dir(t, "recordings")
	entries, err := os.ReadDir(sub)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	// 2.1.332 sorts before 2.1.37 by name; 2.1.70 is not recorded here.
	if want := []string{"2.1.332", "2.1.37", "2.1.40", "2.1.50", "2.1.60", "objects"}; !slices.Equal(names, want) {
		t.Errorf("Dir holds %v, want %v", names, want)
	}
	if data, err := os.ReadFile(filepath.Join(sub, "2.1.40", "a.txtar")); err != nil || string(data) != "changed" {
		t.Errorf("Dir's 2.1.40/a.txtar = %q, %v", data, err)
	}
	if _, err := os.Stat(filepath.Join(sub, "objects", "line", "cd.json")); err != nil {
		t.Errorf("Dir's objects: %v", err)
	}
	t.Setenv(corpustest.EnvCorpus, corpustest.All)
	if got := corpustest.Versions(t, recorded); !slices.Equal(got, recorded) {
		t.Errorf("Versions with %s=%s = %v, want every one", corpustest.EnvCorpus, corpustest.All, got)
	}
	if got := corpustest.Dir(t, "recordings"); got != "recordings" {
		t.Errorf("Dir with %s=%s = %s, want the folder itself", corpustest.EnvCorpus, corpustest.All, got)
	}
}

// TestMatrix runs a Matrix test when the recordings changed or with
// CCWIRE_CORPUS=all.
func TestMatrix(t *testing.T) {
	if corpustest.Race {
		t.Skip("the markers skip under the race detector")
	}
	dir, base := gitRepo(t)
	t.Chdir(dir)
	for _, tc := range []struct {
		env, base string
		run       bool
	}{
		{"", "HEAD", true}, // the work tree's changes
		{"", base, true},   // and the commit's
		{corpustest.All, "HEAD", true},
	} {
		t.Setenv(corpustest.EnvCorpus, tc.env)
		t.Setenv(corpustest.EnvBase, tc.base)
		ran := false
		t.Run("", func(t *testing.T) {
			corpustest.Matrix(t, "a test")
			ran = true
		})
		if ran != tc.run {
			t.Errorf("%s=%q %s=%s: the Matrix test ran: %v", corpustest.EnvCorpus, tc.env, corpustest.EnvBase, tc.base, ran)
		}
	}
	// Nothing changed: it skips.
	for _, args := range [][]string{{"add", "-A"}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "all"}} {
		if out, err := exec.Command("git", args...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	t.Setenv(corpustest.EnvCorpus, "")
	t.Setenv(corpustest.EnvBase, "HEAD")
	ran := false
	t.Run("unchanged", func(t *testing.T) {
		corpustest.Matrix(t, "a test")
		ran = true
	})
	if ran {
		t.Error("the Matrix test ran though no recording changed")
	}
	// A change outside the recordings runs a test that names it as an input.
	if err := os.WriteFile(filepath.Join(dir, "docs", "x.md"), []byte("changed"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		inputs []string
		run    bool
	}{{[]string{"docs/"}, true}, {[]string{"docs/x.md"}, true}, {[]string{"doc"}, false}, {[]string{"src/"}, false}} {
		ran := false
		t.Run("", func(t *testing.T) {
			corpustest.Matrix(t, "a test", tc.inputs...)
			ran = true
		})
		if ran != tc.run {
			t.Errorf("inputs %v: the Matrix test ran: %v, want %v", tc.inputs, ran, tc.run)
		}
	}
}

// TestMarked fails when a test of the module reads the recordings as a
// whole and is not marked: `make test` would run it under the race
// detector on every version, and its cost would grow with each release.
func TestMarked(t *testing.T) {
	t.Parallel()
	root, err := corpustest.ModuleRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	tests, err := corpustest.Scan(root)
	if err != nil {
		t.Fatal(err)
	}
	marked := 0
	for _, tc := range tests {
		if tc.Unmarked() {
			t.Errorf("%s:%d: %s reads the recordings as a whole: mark it with corpustest.Versions, Paths or Dir (the versions it checks), Matrix or Whole", tc.File, tc.Line, tc.Name)
		}
		if tc.Marker != "" {
			marked++
		}
	}
	if marked == 0 {
		t.Error("no marked test found: the scan is broken")
	}
	t.Logf("%d marked tests", marked)
}

// TestScan checks what the scan finds in a module of fixtures.
func TestScan(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/m\n",
		"a/a_test.go": `package a

import (
	"os"
	"path/filepath"
	"testing"
)

var recordingsDir = filepath.Join("..", "recordings")

func files(t *testing.T) []string {
	paths, _ := filepath.Glob(filepath.Join("..", "recordings", "*", "*.txtar"))
	return paths
}

func TestGlob(t *testing.T) { _ = files(t) }

func TestListsDir(t *testing.T) { _, _ = os.ReadDir(recordingsDir) }

func TestOneFile(t *testing.T) { _, _ = os.ReadFile(filepath.Join("..", "recordings", "2.1.37", "x.txtar")) }

func TestMarked(t *testing.T) { _ = corpustest.Paths(t, files(t)) }

func TestMarkedHelper(t *testing.T) { helper(t) }

func helper(t *testing.T) { corpustest.Whole(t, "cheap") }

var once = sync.OnceValues(func() ([]string, error) { return recording.Versions(recordingsDir) })

func TestOnce(t *testing.T) { _, _ = once() }

func TestDirFS(t *testing.T) { _, _ = fs.Glob(os.DirFS("../recordings"), "*/*.txtar") }

func TestLiteralPattern(t *testing.T) { _, _ = filepath.Glob("../../recordings/*/*.txtar") }

func TestLiteralFile(t *testing.T) { _, _ = os.ReadFile("../recordings/2.1.37/x.txtar") }
`,
		"recordings/2.1.37/x_test.go": "package x\n\nfunc TestIgnored(t *testing.T) { filepath.Glob(filepath.Join(\"..\", \"recordings\", \"*\")) }\n",
	}
	for name, text := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests, err := corpustest.Scan(root)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tc := range tests {
		got = append(got, tc.Pkg+" "+tc.Name+" "+tc.Marker+" "+map[bool]string{true: "unmarked", false: "ok"}[tc.Unmarked()])
	}
	want := []string{
		"./a TestDirFS  unmarked",
		"./a TestGlob  unmarked",
		"./a TestListsDir  unmarked",
		"./a TestLiteralPattern  unmarked",
		"./a TestMarked Paths ok",
		"./a TestMarkedHelper Whole ok",
		"./a TestOnce  unmarked",
	}
	if !slices.Equal(got, want) {
		t.Errorf("Scan found\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
