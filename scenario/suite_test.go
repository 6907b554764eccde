package scenario_test

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/scenario"
)

func TestTiming(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		results []scenario.Result
		wall    time.Duration
		cores   int
		runs    int
		cpu     time.Duration
		ratio   float64
		text    string
	}{
		{
			name:    "runs with and without a CLI",
			results: []scenario.Result{{Status: scenario.Passed, CPU: 3 * time.Second}, {Status: scenario.Skipped}, {Status: scenario.Failed, CPU: time.Second}},
			wall:    4 * time.Second, cores: 2, runs: 2, cpu: 4 * time.Second, ratio: 2,
			text: "wall time 4s for 2 runs; CPU time of their CLI processes 4s on 2 cores, ideally 2s (wall 2.00× that)",
		},
		{
			name: "nothing run", results: []scenario.Result{{Status: scenario.Skipped}}, wall: time.Second, cores: 4,
			text: "wall time 1s for 0 runs; CPU time of their CLI processes 0s on 4 cores, ideally 0s (wall 0.00× that)",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := scenario.NewTiming(tc.results, tc.wall)
			if got.Cores != runtime.NumCPU() {
				t.Errorf("Cores = %d, want runtime.NumCPU() = %d", got.Cores, runtime.NumCPU())
			}
			got.Cores = tc.cores
			if got.Runs != tc.runs || got.CPU != tc.cpu || got.Wall != tc.wall || got.Ratio() != tc.ratio {
				t.Errorf("timing %+v ratio %v, want %d runs, CPU %v, wall %v, ratio %v", got, got.Ratio(), tc.runs, tc.cpu, tc.wall, tc.ratio)
			}
			if s := got.String(); s != tc.text {
				t.Errorf("String() = %q\nwant %q", s, tc.text)
			}
		})
	}
	if s := (scenario.Timing{Wall: time.Second, CPU: time.Second}).String(); !strings.Contains(s, "on 0 cores, ideally 1s") {
		t.Errorf("zero cores: %q", s)
	}
}
