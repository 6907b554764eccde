package drift

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ccwire/ccwire/scenario"
)

func TestParseShard(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want Shard
		err  bool
	}{
		{in: "1/1", want: Shard{1, 1}},
		{in: "3/4", want: Shard{3, 4}},
		{in: " 2 / 5 ", want: Shard{2, 5}},
		{in: "0/4", err: true},
		{in: "5/4", err: true},
		{in: "1/0", err: true},
		{in: "1", err: true},
		{in: "a/b", err: true},
		{in: "-1/-1", err: true},
	}
	for _, tc := range tests {
		got, err := ParseShard(tc.in)
		if (err != nil) != tc.err || got != tc.want {
			t.Errorf("ParseShard(%q) = %v, %v; want %v, error %v", tc.in, got, err, tc.want, tc.err)
		}
	}
}

// TestShardHas checks that the shards of a plan take every run once.
func TestShardHas(t *testing.T) {
	t.Parallel()
	for n := 1; n <= 5; n++ {
		for i := range 17 {
			owners := 0
			for k := 1; k <= n; k++ {
				if (Shard{k, n}).Has(i) {
					owners++
				}
			}
			if owners != 1 {
				t.Errorf("run %d of a plan in %d shards is in %d shards", i, n, owners)
			}
		}
	}
}

func FuzzParseShard(f *testing.F) {
	for _, s := range []string{"1/4", "4/4", "0/0", "x", "1/", "/1", "99999999999999999999/1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sh, err := ParseShard(s)
		if err != nil {
			return
		}
		if sh.Index < 1 || sh.Index > sh.Count {
			t.Fatalf("ParseShard(%q) = %v", s, sh)
		}
		if back, err := ParseShard(sh.String()); err != nil || back != sh {
			t.Fatalf("ParseShard(%q) = %v, and back %v, %v", s, sh, back, err)
		}
	})
}

func run(id, version string, status scenario.Status) RunResult {
	return RunResult{Scenario: id, Version: version, Status: status}
}

func TestMergeResults(t *testing.T) {
	t.Parallel()
	shard := func(k, n int, runs ...RunResult) *Results {
		return &Results{Shard: &Shard{k, n}, Planned: 3, Versions: []string{"2.1.1"}, Runs: runs}
	}
	a, b, c := run("a", "2.1.1", scenario.Passed), run("b", "2.1.1", scenario.Failed), run("c", "2.1.1", scenario.Skipped)
	tests := []struct {
		name  string
		parts []*Results
		want  *Results
		err   error // errors.As target type, nil for success
		text  string
	}{
		{
			name:  "shards",
			parts: []*Results{shard(2, 2, b), shard(1, 2, c, a)},
			want:  &Results{Planned: 3, Versions: []string{"2.1.1"}, Runs: []RunResult{a, b, c}},
		},
		{name: "missing", parts: []*Results{shard(1, 3, a), shard(3, 3, c)}, err: &ShardError{}, text: "drift: cannot merge the shards: missing shard 2/3"},
		{name: "repeated", parts: []*Results{shard(1, 2, a), shard(1, 2, a), shard(2, 2, b)}, err: &ShardError{}, text: "drift: cannot merge the shards: repeated shard 1/2"},
		{name: "other split", parts: []*Results{shard(1, 2, a), shard(2, 3, b)}, err: &ShardError{}},
		{name: "short", parts: []*Results{shard(1, 2, a), shard(2, 2, b)}, text: "drift: the shards hold 2 runs of the 3 planned"},
		{name: "whole and shard", parts: []*Results{{Planned: 1, Versions: []string{"2.1.1"}, Runs: []RunResult{a}}, shard(1, 1, b)}, err: &ShardError{}},
		{
			name: "whole runs",
			parts: []*Results{
				{Planned: 1, Versions: []string{"2.1.10"}, Runs: []RunResult{run("a", "2.1.10", scenario.Passed)}},
				{Planned: 1, Versions: []string{"2.1.9"}, Runs: []RunResult{a, run("a", "2.1.9", scenario.Passed)}[1:]},
			},
			want: &Results{Planned: 2, Versions: []string{"2.1.9", "2.1.10"}, Runs: []RunResult{run("a", "2.1.9", scenario.Passed), run("a", "2.1.10", scenario.Passed)}},
		},
		{
			name:  "a run twice",
			parts: []*Results{{Planned: 1, Versions: []string{"2.1.1"}, Runs: []RunResult{a}}, {Planned: 1, Versions: []string{"2.1.1"}, Runs: []RunResult{a}}},
			err:   &DuplicateRunError{},
			text:  "drift: cannot merge the results: scenario a on CLI 2.1.1 is in two of them",
		},
		{name: "nothing", text: "drift: no results to merge"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := MergeResults(tc.parts)
			if tc.want != nil {
				if err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(tc.want, got); diff != "" {
					t.Errorf("merge (-want +got):\n%s", diff)
				}
				return
			}
			if err == nil {
				t.Fatalf("merge = %+v, want an error", got)
			}
			switch tc.err.(type) {
			case *ShardError:
				var se *ShardError
				if !errors.As(err, &se) {
					t.Errorf("error %v is no *ShardError", err)
				}
			case *DuplicateRunError:
				var de *DuplicateRunError
				if !errors.As(err, &de) {
					t.Errorf("error %v is no *DuplicateRunError", err)
				}
			}
			if tc.text != "" && err.Error() != tc.text {
				t.Errorf("error %q, want %q", err, tc.text)
			}
		})
	}
}

func TestResultsFile(t *testing.T) {
	t.Parallel()
	r := &Results{Shard: &Shard{2, 3}, Planned: 4, Versions: []string{"2.1.1"}, Runs: []RunResult{
		{Scenario: "b", Version: "2.1.1", Status: scenario.Failed, ElapsedMS: 10, Error: "boom", Recording: "2.1.1/b.txtar"},
		{Scenario: "a", Version: "2.1.1", Status: scenario.Skipped, Reason: "old"},
	}}
	path := filepath.Join(t.TempDir(), ResultsFile)
	if err := WriteResults(path, r); err != nil {
		t.Fatal(err)
	}
	got, err := ReadResults(path)
	if err != nil {
		t.Fatal(err)
	}
	want := *r
	want.Runs = []RunResult{r.Runs[1], r.Runs[0]} // sorted
	if diff := cmp.Diff(&want, got); diff != "" {
		t.Errorf("read back (-want +got):\n%s", diff)
	}
	if p, f, s := got.Counts(); p != 0 || f != 1 || s != 1 {
		t.Errorf("counts %d %d %d", p, f, s)
	}
	for _, bad := range []string{
		`{"planned":1,"versions":[],"runs":[],"extra":1}`,
		`{"planned":1,"versions":[],"runs":[{"scenario":"a","cli_version":"1.0.0","status":"maybe"}]}`,
		`{"planned":1,"versions":[],"runs":[{"scenario":"","cli_version":"1.0.0","status":"pass"}]}`,
		`{"shard":{"index":3,"count":2},"planned":1,"versions":[],"runs":[]}`,
		`{"planned":1} {}`,
		`[`,
	} {
		if _, err := ParseResults([]byte(bad)); err == nil {
			t.Errorf("ParseResults(%s): no error", bad)
		}
	}
}

func FuzzParseResults(f *testing.F) {
	f.Add(`{"shard":{"index":1,"count":2},"planned":2,"versions":["2.1.1"],"runs":[{"scenario":"a","cli_version":"2.1.1","status":"pass"}]}`)
	f.Add(`{"planned":0,"versions":[],"runs":[]}`)
	f.Fuzz(func(t *testing.T, data string) {
		r, err := ParseResults([]byte(data))
		if err != nil {
			return
		}
		out, err := r.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ParseResults(out); err != nil {
			t.Fatalf("results %s written back as %s do not parse: %v", data, out, err)
		}
	})
}
