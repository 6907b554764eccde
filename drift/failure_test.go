package drift

import (
	"errors"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

func TestClassifyFailure(t *testing.T) {
	t.Parallel()
	sc, err := scenario.Parse("s.txtar", []byte(`-- scenario.json --
{"id": "s", "category": "test", "title": {"en": "S", "ja": "S"}}
-- stub.json --
{"turns": [{"text": "Hello!"}]}
-- turns/1/stdin.jsonl --
{"type":"user","message":{"role":"user","content":"hi"}}
-- turns/1/expect.jsonl --
{"type":"result","result":"Hello!"}
-- want.json --
{"exit_code": 3}
`))
	if err != nil {
		t.Fatal(err)
	}
	failed := func(exit int, rec bool, problems ...string) scenario.Result {
		r := scenario.Result{Scenario: sc, Version: "2.1.40", Status: scenario.Failed}
		var errs []error
		for _, p := range problems {
			errs = append(errs, errors.New(p))
		}
		r.Err = &scenario.Failure{Scenario: "s", Version: "2.1.40", Problems: errs}
		if rec {
			r.Recording = &recording.Recording{ExitCode: exit}
		}
		return r
	}
	stderr := "the CLI's stderr (tail):\nboom:\n  line two"
	tests := []struct {
		name string
		res  scenario.Result
		kind FailureKind
		text string
	}{
		{"no start", failed(0, false, "start the CLI: fork: no"), Starting, "scenario s: the run could not start: start the CLI: fork: no"},
		{"hang", failed(-1, true, "turn 1: expected messages not seen within the scenario's timeout (8s)\npattern …", "the CLI did not exit by itself: killed"), Hung,
			"scenario s: the CLI hung: it did not exit by itself and was stopped (turn 1: expected messages not seen within the scenario's timeout (8s))"},
		{"crash", failed(7, true, "turn 1: expected messages not seen", "the CLI exited with status 7, want 3 (want.json exit_code)", stderr), Crashed,
			"scenario s: the CLI crashed: it exited with status 7 (want 3); stderr: boom: line two"},
		{"the wanted status", failed(3, true, "turn 1: expected messages not seen before the CLI's output ended", stderr), Unexpected,
			"scenario s: its expectations fail, though the CLI exited as wanted: a protocol change to look at, or a scenario to give a variant (turn 1: expected messages not seen before the CLI's output ended); stderr: boom: line two"},
	}
	for _, tt := range tests {
		f := ClassifyFailure(tt.res)
		if f == nil || f.Kind != tt.kind || f.Error() != tt.text || f.Kind.Broken() != (tt.kind != Unexpected) {
			t.Errorf("%s: %+v\n got %v\nwant %s", tt.name, f, f, tt.text)
		}
		if f != nil && !errors.Is(f, tt.res.Err) {
			t.Errorf("%s: the failure does not wrap the run's error", tt.name)
		}
	}
	if f := ClassifyFailure(scenario.Result{Scenario: sc, Status: scenario.Passed}); f != nil {
		t.Errorf("a passed run: %v", f)
	}
	long := failed(7, true, "x", "the CLI's stderr (tail):\n"+strings.Repeat("é", 300))
	if text := ClassifyFailure(long).Error(); !strings.HasSuffix(text, "…") || !strings.Contains(text, strings.Repeat("é", 99)) || strings.Contains(text, "\uFFFD") {
		t.Errorf("a long stderr: %q", text)
	}
	f := InstallFailure("2.1.42", errors.New("cliinstall: npm failed\nmore"))
	if f.Error() != "the release did not install: cliinstall: npm failed" || !f.Kind.Broken() {
		t.Errorf("install: %v", f)
	}
}
