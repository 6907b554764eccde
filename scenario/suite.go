package scenario

import (
	"cmp"
	"context"
	"runtime"
	"slices"
	"sync"
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
			v, err := ParseVersion(r.Binary.Version)
			if err == nil && !sc.AppliesTo(v) {
				report(idx, Result{Scenario: sc, Version: r.Binary.Version, Status: Skipped, Reason: sc.NotApplicable})
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
