package drift

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"time"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/recording"
	store "github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

// Runner runs scenarios on CLI versions, installing each version first,
// and gives back the verdicts and the recordings in memory (see
// [Outcome]); it writes recordings only when Record names a folder. It
// is what `ccwire spec`, `diff`, `bisect` and `track` run the corpus
// with.
type Runner struct {
	// Scenarios are the scenarios to run, in order.
	Scenarios []*scenario.Scenario
	// Parallel is how many CLI processes run at once; 0 means
	// [scenario.DefaultParallel].
	Parallel int
	// Quiet is [scenario.Runner.Quiet]: 0 for its default, negative for
	// off.
	Quiet time.Duration
	// Install are the options versions are resolved and installed with
	// (cache folder, npm, a binary instead of an installed version).
	Install []cliinstall.Option
	// MCPTestServer is [scenario.Runner.MCPTestServer].
	MCPTestServer []string
	// Record, if not "", is the recordings folder the runs' recordings
	// are written to (<Record>/<version>/<id>.txtar, in package
	// recording's stored form), once every run has ended; objects no
	// recording references any more are then removed. A run that failed
	// is never written: its recording would replace a good one with what
	// a crash, a hang or a timeout under load left. A release none of
	// whose recordings the folder holds yet is recorded only when all
	// its runs passed: a release with a failed run is left unrecorded
	// (see [Outcome.NotRecorded]), so that it is still missing, and tried
	// again, next time.
	Record string
	// Shard, if not nil, is the slice of the runs (scenarios × versions,
	// dealt out in turn) to run.
	Shard *Shard
}

// Plan is a [Runner]'s runs over installed versions: per version, the
// scenarios of the shard to run on it.
type Plan struct {
	r         *Runner
	runners   []*scenario.Runner
	perRunner [][]*scenario.Scenario
}

// Prepare resolves each version (an exact version, or an npm dist-tag
// such as latest; "" with [cliinstall.WithBinaryPath] for whatever
// version the binary is), installs it, and deals the runs out to the
// runner's shard.
func (r *Runner) Prepare(ctx context.Context, versions []string) (*Plan, error) {
	var runners []*scenario.Runner
	for _, v := range versions {
		if v != "" {
			var err error
			if v, err = cliinstall.Resolve(ctx, v, r.Install...); err != nil {
				return nil, fmt.Errorf("drift: run: %w", err)
			}
		}
		b, err := cliinstall.Install(ctx, v, r.Install...)
		if err != nil {
			return nil, fmt.Errorf("drift: run: %w", err)
		}
		runners = append(runners, &scenario.Runner{Binary: b, Quiet: r.Quiet, MCPTestServer: r.MCPTestServer})
	}
	return r.plan(runners), nil
}

// plan deals the runs (each scenario on each runner, scenario by
// scenario in the order given, runner by runner within) out to shards
// and keeps the shard's.
func (r *Runner) plan(runners []*scenario.Runner) *Plan {
	p := &Plan{r: r, runners: runners, perRunner: make([][]*scenario.Scenario, len(runners))}
	for i, sc := range r.Scenarios {
		for j := range runners {
			if r.Shard == nil || r.Shard.Has(i*len(runners)+j) {
				p.perRunner[j] = append(p.perRunner[j], sc)
			}
		}
	}
	return p
}

// Versions returns the plan's CLI versions, in the order given.
func (p *Plan) Versions() []string {
	out := make([]string, len(p.runners))
	for i, r := range p.runners {
		out[i] = r.Binary.Version
	}
	return out
}

// Runs returns how many runs the plan's shard has.
func (p *Plan) Runs() int {
	n := 0
	for _, s := range p.perRunner {
		n += len(s)
	}
	return n
}

// Planned returns how many runs the whole plan has, all shards together.
func (p *Plan) Planned() int { return len(p.r.Scenarios) * len(p.runners) }

// Run runs the plan's shard, writing the recordings if the runner has a
// Record folder (see [Runner.Record] for which), and returns the
// outcome, its results in the plan's order (by scenario, then by
// version). progress, if not nil, is called with each result as its run
// ends, one at a time; the recordings are written once every run ended.
func (p *Plan) Run(ctx context.Context, progress func(scenario.Result)) *Outcome {
	o := &Outcome{plan: p, written: map[*recording.Recording]bool{}}
	start := time.Now()
	opts := scenario.Options{Parallel: p.r.Parallel, Progress: progress}
	if p.r.Shard == nil {
		o.Results = scenario.RunAll(ctx, p.r.Scenarios, p.runners, opts)
	} else {
		for j, r := range p.runners {
			if len(p.perRunner[j]) > 0 {
				o.Results = append(o.Results, scenario.RunAll(ctx, p.perRunner[j], []*scenario.Runner{r}, opts)...)
			}
		}
		index := map[*scenario.Scenario]int{}
		for i, sc := range p.r.Scenarios {
			index[sc] = i
		}
		runner := map[string]int{}
		for j, r := range p.runners {
			runner[r.Binary.Version] = j
		}
		slices.SortStableFunc(o.Results, func(a, b scenario.Result) int {
			return cmp.Or(cmp.Compare(index[a.Scenario], index[b.Scenario]), cmp.Compare(runner[a.Version], runner[b.Version]))
		})
	}
	o.Wall = time.Since(start)
	if p.r.Record != "" {
		o.Errs = append(o.Errs, o.record(ctx, p.r.Record)...)
	}
	return o
}

// Outcome is what a [Plan]'s runs came to.
type Outcome struct {
	// Results are the runs' results, by scenario then by version; a
	// result's Recording is the run's recording, in memory.
	Results []scenario.Result
	// Wall is the wall time of the runs.
	Wall time.Duration
	// Errs are the recordings that could not be written.
	Errs []error
	// NotRecorded are the releases, sorted, of which no recording was
	// written because a run failed and the recordings folder held none
	// of the release's recordings (see [Runner.Record]).
	NotRecorded []string
	plan        *Plan
	written     map[*recording.Recording]bool
}

// Counts returns how many runs passed, failed and were skipped.
func (o *Outcome) Counts() (passed, failed, skipped int) {
	return countStatuses(func(yield func(scenario.Status) bool) {
		for _, r := range o.Results {
			if !yield(r.Status) {
				return
			}
		}
	})
}

// Summary returns the machine-readable results of the runs (what
// `ccwire spec --results` writes) for a results file written to
// resultsFile: each run names its recording relative to that file's
// folder ("" for none: no file, or a recording not written).
func (o *Outcome) Summary(resultsFile string) *Results {
	p := o.plan
	out := &Results{Shard: p.r.Shard, Planned: p.Planned(), Versions: p.Versions(), Runs: []RunResult{}}
	for _, r := range o.Results {
		out.Runs = append(out.Runs, NewRunResult(r, o.relative(resultsFile, r)))
	}
	return out
}

// relative says where a run's recording is, relative to the folder of
// resultsFile and slash-separated; "" for a run whose recording was not
// written.
func (o *Outcome) relative(resultsFile string, r scenario.Result) string {
	if resultsFile == "" || r.Recording == nil || !o.written[r.Recording] {
		return ""
	}
	from, err1 := filepath.Abs(filepath.Dir(resultsFile))
	to, err2 := filepath.Abs(scenario.RecordingPath(o.plan.r.Record, r.Version, r.Scenario.ID))
	rel, err3 := filepath.Rel(from, to)
	if err1 != nil || err2 != nil || err3 != nil {
		return ""
	}
	return filepath.ToSlash(rel)
}

// Corpus returns the runs of version as a corpus, from the recordings
// in memory: what [Load] reads from the recordings and results file the
// runs wrote, labelled label. Scenarios of the runner not run on the
// version are missing (or not applicable).
func (o *Outcome) Corpus(version, label string) (*Corpus, error) {
	var results []scenario.Result
	for _, r := range o.Results {
		if r.Version == version {
			results = append(results, r)
		}
	}
	return NewCorpus(label, version, results, o.plan.r.Scenarios)
}

// NewCorpus makes the corpus of CLI version from the results of runs on
// it, their recordings in memory, labelled label; scenarios, if given,
// tell a scenario that does not apply to the version from a missing one.
func NewCorpus(label, version string, results []scenario.Result, scenarios []*scenario.Scenario) (*Corpus, error) {
	c := &Corpus{Label: cmp.Or(label, version), Version: version, Runs: map[string]*Run{}}
	var errs []error
	for _, r := range results {
		if r.Version != version {
			return nil, fmt.Errorf("drift: a run of scenario %s on CLI %s in the corpus of CLI %s", r.Scenario.ID, r.Version, version)
		}
		id := r.Scenario.ID
		switch r.Status {
		case scenario.Skipped:
			c.Runs[id] = &Run{Scenario: id, Verdict: NotApplicable}
			continue
		case scenario.Failed:
			c.Runs[id] = &Run{Scenario: id, Verdict: Fail, Error: fmt.Sprint(r.Err)}
		default:
			c.Runs[id] = &Run{Scenario: id, Verdict: Pass}
		}
		if r.Recording == nil {
			continue
		}
		s, err := observe(r.Recording, r.Recording.Version, version)
		if err != nil {
			errs = append(errs, fmt.Errorf("drift: the recording of scenario %s on CLI %s: %w", id, version, err))
			continue
		}
		c.Runs[id].shape = s
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	v, verr := cliversion.Parse(version)
	for _, sc := range scenarios {
		if c.Runs[sc.ID] != nil {
			continue
		}
		verdict := Missing
		if verr == nil && !sc.AppliesTo(v) {
			verdict = NotApplicable
		}
		c.Runs[sc.ID] = &Run{Scenario: sc.ID, Verdict: verdict}
	}
	return c, nil
}

// Write writes the recordings of the outcome's runs under dir
// (<dir>/<version>/<id>.txtar, in package recording's stored form), as
// a Runner with Record does once its runs ended, under the same policy
// (see [Runner.Record]), and removes the objects no recording
// references any more. It holds dir's writer lock from the first
// recording to the end of the tidy, waiting for it until ctx ends (see
// recording.OpenWriter).
func (o *Outcome) Write(ctx context.Context, dir string) error {
	return errors.Join(o.record(ctx, dir)...)
}

// record writes the recordings of the runs that passed under dir, but
// none of a release with a failed run that dir holds no recording of
// (those go to NotRecorded); then it tidies the object store, all under
// dir's writer lock.
func (o *Outcome) record(ctx context.Context, dir string) []error {
	failed := map[string]bool{}
	for _, r := range o.Results {
		if r.Status == scenario.Failed && !failed[r.Version] {
			failed[r.Version] = true
			if !hasRecordings(dir, r.Version) {
				o.NotRecorded = append(o.NotRecorded, r.Version)
			}
		}
	}
	slices.SortFunc(o.NotRecorded, cliversion.CompareStrings)
	if o.written == nil {
		o.written = map[*recording.Recording]bool{}
	}
	var recs []scenario.Result
	for _, r := range o.Results {
		if r.Status == scenario.Passed && r.Recording != nil && !slices.Contains(o.NotRecorded, r.Version) {
			recs = append(recs, r)
		}
	}
	if len(recs) == 0 {
		return nil
	}
	w, err := store.OpenWriter(ctx, dir)
	if err != nil {
		return []error{err}
	}
	var errs []error
	for _, r := range recs {
		if err := scenario.WriteRecordingTo(w, r); err != nil {
			errs = append(errs, err)
			continue
		}
		o.written[r.Recording] = true
	}
	// Recordings written over older ones leave objects no recording
	// references any more.
	if _, err := w.Tidy(); err != nil {
		errs = append(errs, err)
	}
	if err := w.Close(); err != nil {
		errs = append(errs, err)
	}
	return errs
}

// hasRecordings reports whether dir holds a recording of version.
func hasRecordings(dir, version string) bool {
	files, _ := filepath.Glob(filepath.Join(dir, version, "*"+scenario.RecordingExt))
	return len(files) > 0
}
