package scenario_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/tools/txtar"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/scenario"
	"github.com/ccwire/ccwire/scenarios"
)

const validHeader = `-- scenario.json --
{"id": "demo", "category": "basic", "title": {"en": "Demo", "ja": "デモ"}}
`

const validBody = `-- stub.json --
{"turns": [{"text": "Hello!"}]}
-- turns/1/stdin.jsonl --
{"type":"user","message":{"role":"user","content":"hi"}}
-- turns/1/expect.jsonl --
{"type":"result"}
`

func TestParseErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		file string
		want []string // substrings of the error
	}{
		{"empty", "", []string{"demo.txtar", "no sections"}},
		{"header not first", validBody + validHeader, []string{"demo.txtar:1", "first section must be scenario.json"}},
		{"header syntax", "-- scenario.json --\n{\"id\": \"demo\",\n  oops}\n" + validBody, []string{"demo.txtar:3", "scenario.json", "invalid character"}},
		{"header unknown field", "-- scenario.json --\n{\"id\": \"demo\", \"colour\": 1}\n" + validBody, []string{`unknown field "colour"`}},
		{"id differs from file", strings.Replace(validHeader, `"demo"`, `"other"`, 1) + validBody, []string{`id "other" differs from the file name "demo.txtar"`}},
		{"bad id", strings.Replace(validHeader, `"demo"`, `"Demo_1"`, 1) + validBody, []string{`id "Demo_1"`}},
		{"title needs both", strings.Replace(validHeader, `, "ja": "デモ"`, "", 1) + validBody, []string{"title needs both languages"}},
		{"notes mismatch", strings.Replace(validHeader, `}}`, `}, "notes": {"en": ["a", "b"], "ja": ["あ"]}}`, 1) + validBody, []string{"notes: 2 in English, 1 in Japanese"}},
		{"cli without reason", strings.Replace(validHeader, `}}`, `}, "cli": ">=2.1.100"}`, 1) + validBody, []string{"not_applicable must say why"}},
		{"reason without cli", strings.Replace(validHeader, `}}`, `}, "not_applicable": {"en": "x", "ja": "x"}}`, 1) + validBody, []string{"not_applicable without cli"}},
		{"bad cli", strings.Replace(validHeader, `}}`, `}, "cli": ">=two", "not_applicable": {"en": "x", "ja": "x"}}`, 1) + validBody, []string{`cli: version constraint ">=two"`}},
		{"reserved env", strings.Replace(validHeader, `}}`, `}, "env": {"HOME": "/"}}`, 1) + validBody, []string{"env: HOME is set by the runner"}},
		{"bad timeout", strings.Replace(validHeader, `}}`, `}, "timeout": "soon"}`, 1) + validBody, []string{`timeout "soon"`}},
		{"bad auth", strings.Replace(validHeader, `}}`, `}, "auth": "password"}`, 1) + validBody, []string{`auth "password": want "api_key" (the default) or "oauth"`}},
		{"restart at turn 1", strings.Replace(validHeader, `}}`, `}, "restart": {"turn": 1, "args": []}}`, 1) + validBody, []string{"restart: turn 1: the new process starts at turn 2 or later"}},
		{"restart past the turns", strings.Replace(validHeader, `}}`, `}, "restart": {"turn": 5, "args": []}}`, 1) + validBody, []string{"restart: turn 5, but the scenario has"}},
		{"restart unknown field", strings.Replace(validHeader, `}}`, `}, "restart": {"turn": 2, "flags": []}}`, 1) + validBody, []string{`unknown field "flags"`}},
		{"key in env", strings.Replace(validHeader, `}}`, `}, "env": {"CLAUDE_CODE_OAUTH_TOKEN": "x"}}`, 1) + validBody, []string{`env: CLAUDE_CODE_OAUTH_TOKEN is set by the runner; choose how the CLI authenticates with "auth"`}},
		{"no stub", validHeader + "-- turns/1/stdin.jsonl --\n{}\n", []string{"no stub.json section"}},
		{"bad stub", validHeader + "-- stub.json --\n{\"turns\": [{\"txt\": \"x\"}]}\n-- turns/1/stdin.jsonl --\n{}\n", []string{"demo.txtar:4", `section "stub.json"`, "turns[0].txt"}},
		{"unknown stub member on a later line", validHeader + "-- stub.json --\n{\"turns\": [\n  {\"text\": \"x\"},\n  {\"text\": \"y\", \"fualt\": {}}\n]}\n-- turns/1/stdin.jsonl --\n{}\n", []string{"demo.txtar:6", "line 3, column 17: turns[1].fualt: unknown field"}},
		{"bad stub fault on a later line", validHeader + "-- stub.json --\n{\"turns\": [\n  {\"text\": \"x\"},\n  {\"text\": \"y\", \"fault\": {\"kind\": \"drop\", \"status\": 500}}\n]}\n-- turns/1/stdin.jsonl --\n{}\n", []string{"demo.txtar:6", "line 3, column 43: turns[1].faults[0].status: status only applies to http_error faults"}},
		{"unknown section", validHeader + validBody + "-- notes.md --\nhi\n", []string{"demo.txtar:9", `section "notes.md"`, "unknown section"}},
		{"duplicate section", validHeader + validBody + "-- stub.json --\n{}\n", []string{"section appears twice"}},
		{"no turns", validHeader + "-- stub.json --\n{\"turns\": [{\"text\": \"x\"}]}\n", []string{"no turns"}},
		{"turn gap", validHeader + validBody + "-- turns/3/stdin.jsonl --\n{}\n", []string{"turn 2 is missing"}},
		{"turn zero", validHeader + validBody + "-- turns/0/stdin.jsonl --\n{}\n", []string{"unknown section"}},
		{"both stdin forms", validHeader + validBody + "-- turns/1/stdin.txt --\nraw\n", []string{"turn 1 has both stdin.jsonl and stdin.txt"}},
		{"bad pattern", validHeader + validBody + "-- turns/2/expect.jsonl --\n# comment\n\n{\"type\": {\"$frob\": 1}}\n", []string{"demo.txtar:12", "pattern"}},
		{"bad stdin line", validHeader + validBody + "-- turns/2/stdin.jsonl --\n{\"ok\": 1}\nnot json\n", []string{"demo.txtar:11", "stdin.jsonl line is one JSON object"}},
		{"stdin line not object", validHeader + validBody + "-- turns/2/stdin.jsonl --\n[1]\n", []string{"stdin.jsonl line is one JSON object"}},
		{"want unknown field", validHeader + validBody + "-- want.json --\n{\"exit\": 1}\n", []string{`section "want.json"`, `unknown field "exit"`}},
		{"want bad exit", validHeader + validBody + "-- want.json --\n{\"exit_code\": 300}\n", []string{"exit_code must be 0–255"}},
		{"file escapes", validHeader + validBody + "-- files/../x --\nx\n", []string{`file path "../x"`}},
		{"absolute file", validHeader + validBody + "-- want/files//etc/passwd --\nx\n", []string{"must be relative"}},
		{"bad variant name", validHeader + validBody + "-- stub.json [>=2.1 --\n{}\n", []string{"bad section name"}},
		{"bad variant constraint", validHeader + validBody + "-- stub.json [>=x] --\n{}\n", []string{`version constraint ">=x"`}},
		{"unknown signal", validHeader + validBody + "-- turns/2/signal --\nSIGKILL\n", []string{"demo.txtar:10", `signal "SIGKILL": want one of SIGINT, SIGTERM`}},
		{"signal before the last turn", validHeader + validBody + "-- turns/2/signal --\nSIGINT\n-- turns/3/stdin.jsonl --\n{}\n", []string{"turn 2 sends a signal but is not the last turn"}},
		{"overlapping variants", validHeader + validBody + "-- turns/1/expect.jsonl [>=2.1.100] --\n{}\n-- turns/1/expect.jsonl [>=2.1.200] --\n{}\n", []string{"all apply to CLI 2.1.200"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			sc, err := scenario.Parse("testdata/demo.txtar", []byte(tc.file))
			if err == nil {
				t.Fatalf("Parse succeeded (%s), want an error with %q", sc.ID, tc.want)
			}
			var pe *scenario.ParseError
			if !errors.As(err, &pe) {
				t.Errorf("error %T is not a *ParseError: %v", err, err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error does not mention %q:\n%v", w, err)
				}
			}
		})
	}
}

func TestParseValid(t *testing.T) {
	t.Parallel()
	file := strings.Replace(validHeader, `}}`, `}, "notes": {"en": ["a"], "ja": ["あ"]}, "args": ["--verbose"], "env": {"B": "2", "A": "1"}, "ignore": ["uuid"], "timeout": "90s", "auth": "oauth"}`, 1) + validBody + `-- files/sub/hello.txt --
hello
-- turns/2/stdin.txt --
not json
-- turns/2/signal --
SIGTERM
-- want.json --
{"exit_code": 1, "unused_turns": 1, "allow_overrun": true, "main_requests": 2, "stderr": ""}
-- want/files/out.txt --
done
-- want/requests.jsonl --
{"turn": 0}
-- want/tool_results.jsonl --
{"is_error": false}
`
	sc, err := scenario.Parse("demo.txtar", []byte(file))
	if err != nil {
		t.Fatal(err)
	}
	if sc.ID != "demo" || sc.Category != "basic" || sc.Title.Ja != "デモ" || sc.Turns() != 2 || sc.Timeout.String() != "1m30s" {
		t.Errorf("header: %+v", sc)
	}
	if got := strings.Join(sc.Env, " "); got != "A=1 B=2" {
		t.Errorf("Env = %q, want sorted", got)
	}
	if sc.Auth != scenario.AuthOAuth {
		t.Errorf("Auth = %q, want %q", sc.Auth, scenario.AuthOAuth)
	}
	if def, err := scenario.Parse("demo.txtar", []byte(validHeader+validBody)); err != nil || def.Auth != scenario.AuthAPIKey {
		t.Errorf("default Auth = %q (%v), want %q", def.Auth, err, scenario.AuthAPIKey)
	}
	pl, err := sc.Plan("2.1.37")
	if err != nil {
		t.Fatal(err)
	}
	if len(pl.Script.Turns) != 1 || len(pl.Files) != 1 || pl.Files[0].Path != "sub/hello.txt" || string(pl.Files[0].Data) != "hello\n" {
		t.Errorf("plan files/script: %+v", pl)
	}
	if !pl.Turns[1].Raw || string(pl.Turns[1].Stdin[0].Data) != "not json" || pl.Turns[1].Stdin[0].Source != "demo.txtar:12" {
		t.Errorf("turn 2 = %+v", pl.Turns[1])
	}
	if pl.Turns[1].Signal != "SIGTERM" || pl.Turns[0].Signal != "" {
		t.Errorf("signals: turn 1 %q, turn 2 %q; want none and SIGTERM", pl.Turns[0].Signal, pl.Turns[1].Signal)
	}
	if pl.Want.ExitCode != 1 || pl.Want.UnusedTurns != 1 || !pl.Want.AllowOverrun || *pl.Want.MainRequests != 2 || pl.Want.Stderr == nil || *pl.Want.Stderr != "" {
		t.Errorf("Want = %+v", pl.Want)
	}
	if len(pl.WantFiles) != 1 || len(pl.WantRequests) != 1 || len(pl.WantToolResults) != 1 {
		t.Errorf("want sections: %+v", pl)
	}
	if src := pl.Turns[0].Expect[0].Source; src != "demo.txtar:8" {
		t.Errorf("expect source = %s, want demo.txtar:8", src)
	}
}

func TestPlanVariants(t *testing.T) {
	t.Parallel()
	file := strings.Replace(validHeader, `}}`, `}, "cli": ">=2.1.30", "not_applicable": {"en": "too old", "ja": "古い"}}`, 1) + validBody + `-- turns/1/expect.jsonl [>=2.1.100, <2.1.300] --
{"type":"middle"}
-- turns/1/expect.jsonl [>=2.1.300] --
{"type":"new"}
-- want.json [2.1.37] --
{"exit_code": 3}
`
	sc, err := scenario.Parse("demo.txtar", []byte(file))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		version, expect string
		exit            int
	}{
		{"2.1.37", `{"type":"result"}`, 3},
		{"2.1.100", `{"type":"middle"}`, 0},
		{"2.1.299", `{"type":"middle"}`, 0},
		{"2.1.330", `{"type":"new"}`, 0},
	} {
		pl, err := sc.Plan(tc.version)
		if err != nil {
			t.Fatalf("%s: %v", tc.version, err)
		}
		if got := pl.Turns[0].Expect[0].Pattern.String(); got != tc.expect || pl.Want.ExitCode != tc.exit {
			t.Errorf("%s: expect %s exit %d, want %s exit %d", tc.version, got, pl.Want.ExitCode, tc.expect, tc.exit)
		}
	}
	if _, err := sc.Plan("2.1.29"); err == nil || !strings.Contains(err.Error(), "too old") {
		t.Errorf("Plan(2.1.29) = %v, want not applicable with the reason", err)
	}
	if sc.AppliesTo(cliversion.MustParse("2.1.29")) {
		t.Error("AppliesTo(2.1.29) = true")
	}
}

func TestPlanVersionPlaceholder(t *testing.T) {
	t.Parallel()
	file := validHeader + `-- stub.json --
{"turns": [{"text": "Hello!"}]}
-- turns/1/stdin.jsonl --
{"type":"user","message":{"role":"user","content":"<cli-version>"}}
-- turns/1/expect.jsonl --
{"type":"system","claude_code_version":"<cli-version>"}
{"type":"result","result":{"$regexp":"^v<cli-version>$"}}
-- want/requests.jsonl --
{"header":{"user-agent":["claude-cli/<cli-version> (external, sdk-cli)"]}}
-- want/tool_results.jsonl --
{"content":"<cli-version>"}
`
	sc, err := scenario.Parse("demo.txtar", []byte(file))
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{"2.1.37", "2.1.331", "2.2.0-beta.1"} {
		pl, err := sc.Plan(v)
		if err != nil {
			t.Fatal(err)
		}
		quoted := strings.ReplaceAll(v, ".", `\\.`)
		for _, c := range []struct{ got, want string }{
			{pl.Turns[0].Expect[0].Pattern.String(), `{"type":"system","claude_code_version":"` + v + `"}`},
			{pl.Turns[0].Expect[1].Pattern.String(), `{"type":"result","result":{"$regexp":"^v` + quoted + `$"}}`},
			{pl.WantRequests[0].Pattern.String(), `{"header":{"user-agent":["claude-cli/` + v + ` (external, sdk-cli)"]}}`},
			{pl.WantToolResults[0].Pattern.String(), `{"content":"` + v + `"}`},
			// stdin lines are sent as written.
			{string(pl.Turns[0].Stdin[0].Data), `{"type":"user","message":{"role":"user","content":"<cli-version>"}}`},
		} {
			if c.got != c.want {
				t.Errorf("%s: got %s, want %s", v, c.got, c.want)
			}
		}
		if src := pl.Turns[0].Expect[0].Source; src != "demo.txtar:8" {
			t.Errorf("%s: source %s, want demo.txtar:8", v, src)
		}
	}
	// The plans of two versions do not share their patterns.
	a, _ := sc.Plan("1.0.0")
	b, _ := sc.Plan("2.0.0")
	if a.Turns[0].Expect[0].Pattern.String() == b.Turns[0].Expect[0].Pattern.String() {
		t.Error("two versions' plans have the same pattern")
	}
}

// TestCorpusPinsNoVersion checks that no pattern of the corpus names a
// version: the running CLI's is written <cli-version>, so that a scenario
// fits every version its constraints allow.
func TestCorpusPinsNoVersion(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenario files: %v", err)
	}
	version := regexp.MustCompile(`\b\d+\.\d+\.\d+\b`)
	for _, path := range files {
		ar, err := txtar.ParseFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			name, _, _ := strings.Cut(f.Name, " [")
			if !strings.HasSuffix(name, "expect.jsonl") && !strings.HasPrefix(name, "want/") || strings.HasPrefix(name, "want/files/") {
				continue
			}
			for i, line := range strings.Split(string(f.Data), "\n") {
				if m := version.FindString(line); m != "" {
					t.Errorf("%s, section %s, line %d: pattern names version %s; write %s", path, f.Name, i+1, m, scenario.VersionPlaceholder)
				}
			}
		}
	}
}

func TestSkipReason(t *testing.T) {
	t.Parallel()
	reason := `, "not_applicable": {"en": "Newer versions have no Glob tool.", "ja": "新しいバージョンには Glob ツールがない。"}`
	tests := []struct {
		cli, version, en, ja string
	}{
		{"<2.1.100", "2.1.331", "for Claude Code <2.1.100, and 2.1.331 is newer: newer versions have no Glob tool.",
			"Claude Code <2.1.100 が対象で、2.1.331 はそれより新しい：新しいバージョンには Glob ツールがない。"},
		{"<2.1.100", "2.1.100", "for Claude Code <2.1.100, and 2.1.100 is newer: newer versions have no Glob tool.", ""},
		{">=2.1.100", "2.1.37", "for Claude Code >=2.1.100, and 2.1.37 is older: newer versions have no Glob tool.",
			"Claude Code >=2.1.100 が対象で、2.1.37 はそれより古い：新しいバージョンには Glob ツールがない。"},
		{">2.1.100", "2.1.100", "for Claude Code >2.1.100, and 2.1.100 is older: newer versions have no Glob tool.", ""},
		{">=2.1.37, <2.1.100", "2.1.330", "for Claude Code >=2.1.37, <2.1.100, and 2.1.330 is newer: newer versions have no Glob tool.", ""},
		{">=2.1.37, <2.1.100", "2.1.36", "for Claude Code >=2.1.37, <2.1.100, and 2.1.36 is older: newer versions have no Glob tool.", ""},
		{"=2.1.37", "2.1.38", "for Claude Code =2.1.37, and 2.1.38 is newer: newer versions have no Glob tool.", ""},
	}
	for _, tc := range tests {
		sc, err := scenario.Parse("demo.txtar", []byte(strings.Replace(validHeader, `}}`, `}, "cli": "`+tc.cli+`"`+reason+`}`, 1)+validBody))
		if err != nil {
			t.Fatal(err)
		}
		got := sc.SkipReason(cliversion.MustParse(tc.version))
		if got.En != tc.en || tc.ja != "" && got.Ja != tc.ja {
			t.Errorf("%s, %s: SkipReason = %q / %q, want %q / %q", tc.cli, tc.version, got.En, got.Ja, tc.en, tc.ja)
		}
	}
}

// TestCorpusReasonsNameNoVersion checks that the reasons of the corpus
// for leaving versions out name no version: the running version and the
// constraint are put before them (Scenario.SkipReason), and a fixed
// version would be wrong for every other one.
func TestCorpusReasonsNameNoVersion(t *testing.T) {
	t.Parallel()
	scenarios, err := scenario.LoadDir(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	version := regexp.MustCompile(`\b\d+\.\d+\.\d+\b`)
	for _, sc := range scenarios {
		for _, text := range []string{sc.NotApplicable.En, sc.NotApplicable.Ja} {
			if m := version.FindString(text); m != "" {
				t.Errorf("%s: not_applicable names version %s: %q; say \"older versions\" or \"newer versions\"", sc.Path, m, text)
			}
		}
	}
}

// TestCorpusParses checks every scenario file of the corpus and that it
// resolves for every pinned version, without running the CLI.
func TestCorpusParses(t *testing.T) {
	t.Parallel()
	scenarios, err := scenario.LoadDir(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, sc := range scenarios {
		for _, v := range cliinstall.PinnedVersions() {
			if !sc.AppliesTo(cliversion.MustParse(v)) {
				continue
			}
			if _, err := sc.Plan(v); err != nil {
				t.Errorf("%s: %v", sc.Path, err)
			}
		}
	}
}

func TestLoadDirErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if _, err := scenario.LoadDir(dir); err == nil || !strings.Contains(err.Error(), "no .txtar files") {
		t.Errorf("empty folder: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "bad.txtar"), []byte("-- stub.json --\n{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := scenario.LoadDir(dir); err == nil || !strings.Contains(err.Error(), "bad.txtar") {
		t.Errorf("bad file: %v", err)
	}
	if _, err := scenario.Load(filepath.Join(dir, "missing.txtar")); err == nil {
		t.Error("Load of a missing file succeeded")
	}
}

func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.txtar"))
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(validHeader + validBody))
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := scenario.Parse("demo.txtar", data)
		if err != nil {
			var pe *scenario.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %T is not a *ParseError: %v", err, err)
			}
			return
		}
		for _, v := range []string{"2.1.37", "2.1.330", "0", "99.0.0"} {
			_, _ = sc.Plan(v)
		}
	})
}

// TestLoadFS reads the scenarios built into ccwire (package scenarios) as
// LoadFS does: the files of the folder they are built from, each with its
// name in the file system for path; and its errors name the files.
func TestLoadFS(t *testing.T) {
	t.Parallel()
	fromDir, err := scenario.LoadDir(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	fromFS, err := scenario.LoadFS(scenarios.FS)
	if err != nil {
		t.Fatal(err)
	}
	if len(fromFS) != len(fromDir) {
		t.Fatalf("LoadFS read %d scenarios, LoadDir %d", len(fromFS), len(fromDir))
	}
	for i, sc := range fromFS {
		if sc.ID != fromDir[i].ID || sc.Path != sc.ID+scenario.Ext {
			t.Errorf("scenario %d: %s from %s, want %s", i, sc.ID, sc.Path, fromDir[i].ID)
			continue
		}
		built, err := fs.ReadFile(scenarios.FS, sc.Path)
		if err != nil {
			t.Fatal(err)
		}
		if file, err := os.ReadFile(fromDir[i].Path); err != nil || string(built) != string(file) {
			t.Errorf("scenario %s: the built-in file is not %s (%v)", sc.ID, fromDir[i].Path, err)
		}
	}
	if _, err := scenario.LoadFS(fstest.MapFS{"README.md": {}}); err == nil || !strings.Contains(err.Error(), "no .txtar files") {
		t.Errorf("no scenario: %v", err)
	}
	if _, err := scenario.LoadFS(fstest.MapFS{"bad.txtar": {Data: []byte("-- stub.json --\n{}\n")}}); err == nil || !strings.Contains(err.Error(), "bad.txtar") {
		t.Errorf("bad file: %v", err)
	}
}
