package scenario

import (
	"cmp"
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/ccwire/ccwire/cliversion"
)

// DefaultParallel is how many runs RunAll keeps going at once unless told
// otherwise: one more than the cores, so a core is never idle while a run
// waits on the fake API or starts its process.
func DefaultParallel() int { return runtime.NumCPU() + 1 }

// Options configure RunAll.
type Options struct {
	// Parallel is how many runs go at once; 0 means DefaultParallel.
	Parallel int
	// Progress, if set, is called with each result as its run ends, from
	// one goroutine at a time.
	Progress func(Result)
}

// RunAll runs every scenario against every runner's CLI, Parallel runs at
// a time, and returns the results ordered by scenario (as given), then by
// runner (as given). Scenarios that do not apply to a version are skipped
// without running. The longest runs (by the number of scripted turns)
// start first, so the last ones to finish are short.
func RunAll(ctx context.Context, scenarios []*Scenario, runners []*Runner, opts Options) []Result {
	parallel := opts.Parallel
	if parallel <= 0 {
		parallel = DefaultParallel()
	}
	type job struct {
		index  int
		sc     *Scenario
		runner *Runner
		cost   int
	}
	results := make([]Result, len(scenarios)*len(runners))
	var jobs []job
	var mu sync.Mutex
	report := func(i int, r Result) {
		mu.Lock()
		defer mu.Unlock()
		results[i] = r
		if opts.Progress != nil {
			opts.Progress(r)
		}
	}
	for i, sc := range scenarios {
		for j, r := range runners {
			idx := i*len(runners) + j
			v, err := cliversion.Parse(r.Binary.Version)
			if err == nil && !sc.AppliesTo(v) {
				report(idx, Result{Scenario: sc, Version: r.Binary.Version, Status: Skipped, Reason: sc.SkipReason(v)})
				continue
			}
			cost := sc.Turns()
			if pl, err := sc.Plan(r.Binary.Version); err == nil {
				cost += len(pl.Script.Turns)
			}
			jobs = append(jobs, job{idx, sc, r, cost})
		}
	}
	slices.SortStableFunc(jobs, func(a, b job) int { return cmp.Compare(b.cost, a.cost) })

	queue := make(chan job)
	var wg sync.WaitGroup
	for range min(parallel, len(jobs)) {
		wg.Go(func() {
			for j := range queue {
				report(j.index, j.runner.Run(ctx, j.sc))
			}
		})
	}
	for _, j := range jobs {
		queue <- j
	}
	close(queue)
	wg.Wait()
	return results
}

// Timing sums up the time a batch of runs took.
type Timing struct {
	// Runs is the number of runs (skipped ones left out).
	Runs int
	// Wall is the wall time of the batch.
	Wall time.Duration
	// CPU is the sum of the runs' CLI CPU times (Result.CPU).
	CPU time.Duration
	// Cores is the number of cores the runs shared.
	Cores int
}

// NewTiming sums up results, run in wall time on this machine's cores.
func NewTiming(results []Result, wall time.Duration) Timing {
	t := Timing{Wall: wall, Cores: runtime.NumCPU()}
	for _, r := range results {
		if r.Status != Skipped {
			t.Runs++
			t.CPU += r.CPU
		}
	}
	return t
}

// Ideal is the CLI processes' CPU time spread evenly over every core: the
// least wall time their work allows.
func (t Timing) Ideal() time.Duration { return t.CPU / time.Duration(max(t.Cores, 1)) }

// Ratio is Wall / Ideal: 1 when the cores were busy with the CLIs the whole
// time, more when runs waited (on timers, the fake API, each other); 0
// when no CPU time was measured.
func (t Timing) Ratio() float64 {
	if t.Ideal() <= 0 {
		return 0
	}
	return float64(t.Wall) / float64(t.Ideal())
}

// String reports the timing in one line: "wall time 2m36s for 91 runs;
// CPU time of their CLI processes 2m25s on 2 cores, ideally 1m12.5s (wall
// 2.15× that)".
func (t Timing) String() string {
	r := func(d time.Duration) time.Duration { return d.Round(10 * time.Millisecond) }
	return fmt.Sprintf("wall time %s for %d runs; CPU time of their CLI processes %s on %d cores, ideally %s (wall %.2f× that)",
		r(t.Wall), t.Runs, r(t.CPU), t.Cores, r(t.Ideal()), t.Ratio())
}
