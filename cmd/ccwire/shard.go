package main

import (
	"cmp"
	"context"
	"path/filepath"
	"slices"

	"github.com/ccwire/ccwire/drift"
	"github.com/ccwire/ccwire/scenario"
)

// specPlan is what ccwire spec runs: per runner (CLI version), the
// scenarios to run on it.
type specPlan struct {
	scenarios []*scenario.Scenario
	runners   []*scenario.Runner
	// shard is the slice of scenarios × runners to run, nil for all.
	shard *drift.Shard
	// perRunner are the scenarios of the shard per runner, by index.
	perRunner [][]*scenario.Scenario
}

// newSpecPlan deals the runs (each scenario on each runner, scenario by
// scenario in the order given, runner by runner within) out to shards
// and keeps the shard's.
func newSpecPlan(scenarios []*scenario.Scenario, runners []*scenario.Runner, shard *drift.Shard) *specPlan {
	p := &specPlan{scenarios: scenarios, runners: runners, shard: shard, perRunner: make([][]*scenario.Scenario, len(runners))}
	for i, sc := range scenarios {
		for j := range runners {
			if shard == nil || shard.Has(i*len(runners)+j) {
				p.perRunner[j] = append(p.perRunner[j], sc)
			}
		}
	}
	return p
}

// runs returns how many runs the plan's shard has.
func (p *specPlan) runs() int {
	n := 0
	for _, s := range p.perRunner {
		n += len(s)
	}
	return n
}

// run runs the plan's shard and returns the results in the plan's order
// (by scenario, then by runner).
func (p *specPlan) run(ctx context.Context, opts scenario.Options) []scenario.Result {
	if p.shard == nil {
		return scenario.RunAll(ctx, p.scenarios, p.runners, opts)
	}
	var results []scenario.Result
	for j, r := range p.runners {
		if len(p.perRunner[j]) > 0 {
			results = append(results, scenario.RunAll(ctx, p.perRunner[j], []*scenario.Runner{r}, opts)...)
		}
	}
	index := map[*scenario.Scenario]int{}
	for i, sc := range p.scenarios {
		index[sc] = i
	}
	runner := map[string]int{}
	for j, r := range p.runners {
		runner[r.Binary.Version] = j
	}
	slices.SortStableFunc(results, func(a, b scenario.Result) int {
		return cmp.Or(cmp.Compare(index[a.Scenario], index[b.Scenario]), cmp.Compare(runner[a.Version], runner[b.Version]))
	})
	return results
}

// results returns the machine-readable results of the plan's runs;
// recording returns where a run's recording was written, relative to
// the results file's folder, "" for none.
func (p *specPlan) results(results []scenario.Result, recording func(scenario.Result) string) *drift.Results {
	out := &drift.Results{Shard: p.shard, Planned: len(p.scenarios) * len(p.runners), Versions: runnerVersions(p.runners), Runs: []drift.RunResult{}}
	for _, r := range results {
		out.Runs = append(out.Runs, drift.NewRunResult(r, recording(r)))
	}
	return out
}

// relativeRecording returns a function that says where a run's recording
// under record is, relative to the folder of resultsFile and
// slash-separated; "" for a run whose recording was not written.
func relativeRecording(record, resultsFile string, written map[*scenario.Recording]bool) func(scenario.Result) string {
	return func(r scenario.Result) string {
		if r.Recording == nil || !written[r.Recording] {
			return ""
		}
		from, err1 := filepath.Abs(filepath.Dir(resultsFile))
		to, err2 := filepath.Abs(scenario.RecordingPath(record, r.Version, r.Scenario.ID))
		rel, err3 := filepath.Rel(from, to)
		if err1 != nil || err2 != nil || err3 != nil {
			return ""
		}
		return filepath.ToSlash(rel)
	}
}
