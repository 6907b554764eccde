package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/drift"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

// coverageFixture writes two scenarios and their recordings: calls-bash
// (every version, --model) recorded on 2.1.37 and 2.1.330, and new-only
// (2.1.330 and later, --max-turns=3) recorded on 2.1.330. It returns the
// scenarios' and the recordings' folders.
func coverageFixture(t *testing.T) (scenarios, recordings string) {
	t.Helper()
	root := t.TempDir()
	scenarios, recordings = filepath.Join(root, "scenarios"), filepath.Join(root, "recordings")
	files := map[string]string{
		"calls-bash.txtar": `-- scenario.json --
{"id": "calls-bash", "category": "tools", "title": {"en": "Calls Bash", "ja": "Bashを呼ぶ"}, "args": ["--model", "opus"]}
-- stub.json --
{"turns": [{"text": "Hi."}]}
-- turns/1/stdin.jsonl --
{"type":"user","message":{"role":"user","content":"hi"}}
-- turns/1/expect.jsonl --
{"type":"result"}
`,
		"new-only.txtar": `-- scenario.json --
{"id": "new-only", "category": "tools", "title": {"en": "New only", "ja": "新しいものだけ"},
 "cli": ">=2.1.330", "not_applicable": {"en": "Older versions lack Write.", "ja": "古いバージョンにはWriteがない。"},
 "args": ["--max-turns=3"]}
-- stub.json --
{"turns": [{"text": "Hi."}]}
-- turns/1/stdin.jsonl --
{"type":"user","message":{"role":"user","content":"hi"}}
-- turns/1/expect.jsonl --
{"type":"result"}
`,
	}
	if err := os.MkdirAll(scenarios, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(scenarios, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	record := func(id, version string, msgs ...string) {
		rec := &recording.Recording{Scenario: id, Title: id, Version: version, Args: []string{}, Env: []string{}}
		for _, m := range msgs {
			rec.Events = append(rec.Events, recording.Event{Kind: recording.EventStdout, Turn: 1, Msg: json.RawMessage(m)})
		}
		data, err := rec.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		p := scenario.RecordingPath(recordings, version, id)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const bashCall = `{"type":"assistant","message":{"content":[{"type":"text","text":"x"},{"type":"tool_use","name":"Bash"},{"type":"tool_use","name":"mcp__s__t"}]}}`
	for _, v := range []string{"2.1.37", "2.1.330"} {
		record("calls-bash", v, `{"type":"system","subtype":"init","tools":["Bash","Read","mcp__s__t"]}`, bashCall, bashCall,
			`{"type":"assistant","message":{"content":"not a list"}}`)
	}
	record("new-only", "2.1.330", `{"type":"system","subtype":"init","tools":["Bash","Write"]}`,
		`{"type":"assistant","message":{"content":[{"type":"tool_use","name":"Write"}]}}`)
	return scenarios, recordings
}

func TestSpecCoverage(t *testing.T) {
	t.Parallel()
	scenarios, recordings := coverageFixture(t)
	spec := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		args = append([]string{"spec", "--coverage", "--scenarios", scenarios, "--record", recordings}, args...)
		code := run(t.Context(), env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}, args)
		return code, stdout.String(), stderr.String()
	}

	code, out, errOut := spec("--json")
	if code != 0 || errOut != "" {
		t.Fatalf("--json: exit %d, stderr %s", code, errOut)
	}
	var report drift.CoverageReport
	if err := json.Unmarshal([]byte(out), &report); err != nil {
		t.Fatalf("--json: %v\n%s", err, out)
	}
	if len(report.Versions) != 2 || report.Versions[0].Version != "2.1.37" || report.Versions[1].Version != "2.1.330" {
		t.Fatalf("versions %+v, want 2.1.37 then 2.1.330", report.Versions)
	}
	tools := func(vc drift.VersionCoverage) map[string]string {
		m := map[string]string{}
		for _, tc := range vc.Tools {
			m[tc.Name] = strings.Join(tc.CalledBy, ",")
		}
		return m
	}
	flags := func(vc drift.VersionCoverage) map[string]drift.FlagCoverage {
		m := map[string]drift.FlagCoverage{}
		for _, f := range vc.Flags {
			m[f.Flag] = f
		}
		return m
	}
	tests := []struct {
		version    int
		recordings int
		tools      map[string]string
		flags      map[string]string // flag -> status
	}{
		{0, 1, map[string]string{"Bash": "calls-bash", "Read": ""}, map[string]string{"--model": drift.FlagCovered, "--max-turns": drift.FlagNotApplicable, "--tools": drift.FlagUncovered}},
		{1, 2, map[string]string{"Bash": "calls-bash", "Read": "", "Write": "new-only"}, map[string]string{"--model": drift.FlagCovered, "--max-turns": drift.FlagCovered, "--tools": drift.FlagUncovered}},
	}
	for _, tt := range tests {
		vc := report.Versions[tt.version]
		if vc.Recordings != tt.recordings {
			t.Errorf("%s: %d recordings, want %d", vc.Version, vc.Recordings, tt.recordings)
		}
		if got := tools(vc); len(got) != len(tt.tools) {
			t.Errorf("%s: tools %v, want %v", vc.Version, got, tt.tools)
		} else {
			for name, by := range tt.tools {
				if got[name] != by {
					t.Errorf("%s: %s called by %q, want %q", vc.Version, name, got[name], by)
				}
			}
		}
		got := flags(vc)
		if len(got) != len(drift.CoverageFlags()) {
			t.Errorf("%s: %d flags, want %d", vc.Version, len(got), len(drift.CoverageFlags()))
		}
		for flag, status := range tt.flags {
			if got[flag].Status != status {
				t.Errorf("%s: %s %s, want %s", vc.Version, flag, got[flag].Status, status)
			}
		}
	}
	// The protocol part counts the lines of the recordings by the model's
	// items: 2.1.330's new-only adds an assistant line, no new kind.
	for i, want := range []int{2, 2} {
		p := report.Versions[i].Protocol
		if got := p.Total(drift.GroupStdout).Recorded; got != want {
			t.Errorf("%s: %d stdout kinds recorded, want %d (system/init, assistant): %+v", report.Versions[i].Version, got, want, p.Totals)
		}
		if r, n := p.SDK.Recorded(); r != want || n != 121 {
			t.Errorf("%s: %d of %d SDK items recorded, want %d of 121", report.Versions[i].Version, r, n, want)
		}
		if p.Total(drift.GroupControl).Items < 41 || p.Total(drift.GroupControl).Recorded != 0 {
			t.Errorf("%s: control requests %+v, want 0 of the model's (at least the SDK's 41)", report.Versions[i].Version, p.Total(drift.GroupControl))
		}
	}
	na := flags(report.Versions[0])["--max-turns"].NotApplicable
	if len(na) != 1 || na[0].Scenario != "new-only" || !strings.Contains(na[0].Reason, "older versions lack Write") {
		t.Errorf("2.1.37 --max-turns not applicable %+v, want new-only with its reason", na)
	}

	code, out, _ = spec()
	for _, want := range []string{
		`Claude Code 2\.1\.37: 1 recordings; built-in tools 1 of 2 called; flags 1 of 22 covered, 1 not applicable, 20 uncovered\n`,
		`Claude Code 2\.1\.330: 2 recordings; built-in tools 2 of 3 called; flags 2 of 22 covered, 0 not applicable, 20 uncovered\n`,
		`\nRead +-\n`, `\nWrite +new-only\n`, `\n--model +covered +calls-bash\n`,
		`\n--max-turns +n/a +new-only \(for Claude Code >=2\.1\.330, and 2\.1\.37 is older: older versions lack Write\.\)\n`,
		`\nProtocol: 2 of \d+ model items recorded \(control_request 0 of \d+, stdout 2 of \d+, hook_event 0 of \d+\); 2 of 121 SDK items \(sdk\.d\.ts \d+\.\d+\.\d+: control_request 0 of 41, stdout 2 of 46, hook_event 0 of 34\); \d+ cannot be provoked here; \d+ not yet covered \(0 control requests sent but never answered\)\n`,
		`\ncontrol_request +get_settings +not yet covered +0 +- +-\n`, `\nstdout +system/init +recorded +1 +- +calls-bash\n`,
	} {
		if code != 0 || !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("text report (exit %d) lacks %q:\n%s", code, want, out)
		}
	}

	// --run narrows the scenarios and recordings; --cli-version the versions.
	code, out, _ = spec("--json", "--run", "^calls", "--cli-version", "2.1.330")
	report = drift.CoverageReport{}
	if err := json.Unmarshal([]byte(out), &report); code != 0 || err != nil || len(report.Versions) != 1 ||
		report.Versions[0].Recordings != 1 || flags(report.Versions[0])["--max-turns"].Status != drift.FlagUncovered || tools(report.Versions[0])["Write"] != "" {
		t.Errorf("--run ^calls --cli-version 2.1.330: exit %d, %+v, %v", code, report, err)
	}
}

func TestSpecCoverageErrors(t *testing.T) {
	t.Parallel()
	scenarios, recordings := coverageFixture(t)
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"spec", "--json"}, 2, "--json goes with --coverage"},
		{[]string{"spec", "--coverage", "--shard", "1/2"}, 2, "--coverage runs nothing"},
		{[]string{"spec", "--coverage", "--record", ""}, 2, "--coverage reads the recordings of --record"},
		{[]string{"spec", "--coverage", "--scenarios", scenarios, "--record", recordings, "--cli-version", "2.1.99"}, 1, "CLI 2.1.99: no recordings in " + recordings + " (recorded: 2.1.37, 2.1.330)"},
		{[]string{"spec", "--coverage", "--scenarios", scenarios, "--record", filepath.Join(recordings, "none")}, 1, "no such file or directory"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(t.Context(), env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}, tt.args)
		if code != tt.code || stdout.Len() != 0 || !strings.Contains(stderr.String(), tt.want) {
			t.Errorf("ccwire %s: exit %d, stdout %q, stderr %q; want %d and %q", strings.Join(tt.args, " "), code, stdout.String(), stderr.String(), tt.code, tt.want)
		}
	}
}

// TestScenarioPasses checks that a flag counts as passed in a scenario's
// args, as flag=value, and in the args of the process it restarts the CLI
// as.
func TestScenarioPasses(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		sc   scenario.Scenario
		flag string
		want bool
	}{
		{"args", scenario.Scenario{Args: []string{"--model", "x"}}, "--model", true},
		{"flag=value", scenario.Scenario{Args: []string{"--model=x"}}, "--model", true},
		{"prefix only", scenario.Scenario{Args: []string{"--models"}}, "--model", false},
		{"restart", scenario.Scenario{Args: []string{"-x"}, Restart: &recording.Restart{Turn: 2, Args: []string{"--resume", "<session_id>"}}}, "--resume", true},
		{"neither", scenario.Scenario{Args: []string{"-x"}, Restart: &recording.Restart{Turn: 2, Args: []string{"--continue"}}}, "--resume", false},
	}
	for _, tt := range tests {
		if got := drift.ScenarioPasses(&tt.sc, tt.flag); got != tt.want {
			t.Errorf("%s: drift.ScenarioPasses(%s) = %v, want %v", tt.name, tt.flag, got, tt.want)
		}
	}
}
