package scenario_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/internal/corpustest"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

// readRecordings reads every recording under dir (<dir>/<version>/<id>.txtar).
func readRecordings(t *testing.T, dir string) []*recording.Recording {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	var recs []*recording.Recording
	for _, p := range corpustest.Paths(t, paths) {
		rec, err := recording.ReadRecording(p)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
	return recs
}

func TestToolsCalled(t *testing.T) {
	t.Parallel()
	rec, err := recording.ParseRecording(mustRead(t, filepath.Join(recordingsDir, "2.1.37", "parallel-tools.txtar")))
	if err != nil {
		t.Fatal(err)
	}
	init, err := scenario.InitTools(rec)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(init, "Bash") || !slices.Contains(init, "Read") {
		t.Errorf("InitTools = %v, want Bash and Read among them", init)
	}
	called, err := scenario.ToolsCalled(rec)
	if err != nil {
		t.Fatal(err)
	}
	if len(called) == 0 || !slices.IsSorted(called) || len(slices.Compact(slices.Clone(called))) != len(called) {
		t.Errorf("ToolsCalled = %v, want names sorted, each once", called)
	}
}

func TestInitToolsUnion(t *testing.T) {
	t.Parallel()
	line := func(s string) recording.Event {
		return recording.Event{Kind: recording.EventStdout, Turn: 1, Msg: []byte(s)}
	}
	tests := []struct {
		name   string
		events []recording.Event
		want   []string
	}{
		{"none", []recording.Event{line(`{"type":"result"}`)}, nil},
		{"one init, MCP left out", []recording.Event{line(`{"type":"system","subtype":"init","tools":["Bash","mcp__s__t","Read"]}`)}, []string{"Bash", "Read"}},
		{"later init adds tools", []recording.Event{
			line(`{"type":"system","subtype":"init","tools":["Bash","Read"]}`),
			line(`{"type":"result"}`),
			line(`{"type":"system","subtype":"init","tools":["Bash","TaskCreate","Read","TaskList"]}`),
		}, []string{"Bash", "Read", "TaskCreate", "TaskList"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := scenario.InitTools(&recording.Recording{Scenario: "x", Version: "2.1.37", Events: tt.events})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("InitTools = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestToolsCalledBadLine(t *testing.T) {
	t.Parallel()
	rec := &recording.Recording{Scenario: "x", Version: "2.1.37", Events: []recording.Event{
		{Kind: recording.EventStdout, Turn: 1, Msg: []byte(`{"type":"assistant","message":{"content":[{"type":"tool_use","name":1}]}}`)},
	}}
	if _, err := scenario.ToolsCalled(rec); err == nil || !strings.Contains(err.Error(), "recording x (2.1.37), event 1") {
		t.Errorf("ToolsCalled of a malformed line: err = %v, want one naming the recording and event", err)
	}
}

// TestToolCoverage checks that, for each pinned CLI version (the ones the
// corpus is replayed on), the recordings call every tool that the
// version's system/init lists; the other recorded versions are reported.
func TestToolCoverage(t *testing.T) {
	t.Parallel()
	cov, err := scenario.CoverTools(readRecordings(t, recordingsDir))
	if err != nil {
		t.Fatal(err)
	}
	if len(cov) == 0 {
		t.Fatal("no recordings")
	}
	for _, c := range cov {
		t.Logf("%s: %d init tools, %d called", c.Version, len(c.Init), len(c.Init)-len(c.Uncalled()))
		if u := c.Uncalled(); len(u) > 0 {
			report := t.Logf
			if slices.Contains(cliinstall.PinnedVersions(), c.Version) {
				report = t.Errorf
			}
			report("%s: no recording calls %s", c.Version, strings.Join(u, ", "))
		}
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := recording.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
