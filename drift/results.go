package drift

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/internal/wholefile"
	"github.com/ccwire/ccwire/scenario"
)

// ResultsFile is the name of the results file in a folder of recordings
// (recordings/<version>/<id>.txtar beside it): what `ccwire spec
// --results` writes there and `ccwire merge` and `ccwire diff` read.
const ResultsFile = "results.json"

// Results is the machine-readable outcome of a `ccwire spec` run, a shard
// of one, or shards merged: the verdict of every scenario on every CLI
// version of its plan.
type Results struct {
	// Shard is the slice of the plan the run ran, nil for a whole plan
	// (or shards merged back into one).
	Shard *Shard `json:"shard,omitempty"`
	// Planned is how many runs (scenarios × versions) the whole plan
	// has, all shards together.
	Planned int `json:"planned"`
	// Versions are the CLI versions of the plan, oldest first.
	Versions []string `json:"versions"`
	// Runs are the runs of this shard (all of the plan's without one),
	// by scenario, then by version.
	Runs []RunResult `json:"runs"`
}

// RunResult is the outcome of one scenario on one CLI version.
type RunResult struct {
	Scenario string          `json:"scenario"`
	Version  string          `json:"cli_version"`
	Status   scenario.Status `json:"status"`
	// ElapsedMS is the run's wall time in milliseconds, 0 for a skipped
	// one.
	ElapsedMS int64 `json:"elapsed_ms,omitempty"`
	// Reason says why a skipped scenario does not apply to the version.
	Reason string `json:"reason,omitempty"`
	// Error is what went wrong in a failed run.
	Error string `json:"error,omitempty"`
	// Recording is the run's recording, slash-separated and relative to
	// the folder of the results file (<version>/<id>.txtar when the
	// results file is in the folder of the recordings); empty when none
	// was written.
	Recording string `json:"recording,omitempty"`
}

// NewRunResult returns the run result of r; recording is where its
// recording was written, relative to the results file's folder, "" for
// none.
func NewRunResult(r scenario.Result, recording string) RunResult {
	rr := RunResult{Scenario: r.Scenario.ID, Version: r.Version, Status: r.Status, Recording: recording}
	switch r.Status {
	case scenario.Skipped:
		rr.Reason = r.Reason.En
	case scenario.Failed:
		if r.Err != nil {
			rr.Error = r.Err.Error()
		}
	}
	if r.Status != scenario.Skipped {
		rr.ElapsedMS = r.Elapsed.Milliseconds()
	}
	return rr
}

// Counts returns how many runs passed, failed and were skipped.
func (r *Results) Counts() (passed, failed, skipped int) {
	return countStatuses(func(yield func(scenario.Status) bool) {
		for _, x := range r.Runs {
			if !yield(x.Status) {
				return
			}
		}
	})
}

// countStatuses counts the passed, failed and skipped among statuses.
func countStatuses(statuses iter.Seq[scenario.Status]) (passed, failed, skipped int) {
	for st := range statuses {
		switch st {
		case scenario.Passed:
			passed++
		case scenario.Failed:
			failed++
		case scenario.Skipped:
			skipped++
		}
	}
	return passed, failed, skipped
}

// sortRuns orders runs by scenario, then by version.
func sortRuns(runs []RunResult) {
	slices.SortFunc(runs, func(a, b RunResult) int {
		return cmp.Or(strings.Compare(a.Scenario, b.Scenario), cliversion.CompareStrings(a.Version, b.Version))
	})
}

// Marshal returns the results as indented JSON, runs sorted.
func (r *Results) Marshal() ([]byte, error) {
	c := *r
	c.Runs = slices.Clone(r.Runs)
	sortRuns(c.Runs)
	if c.Runs == nil {
		c.Runs = []RunResult{}
	}
	if c.Versions == nil {
		c.Versions = []string{}
	}
	data, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("drift: results: %w", err)
	}
	return append(data, '\n'), nil
}

// WriteResults writes r to path.
func WriteResults(path string, r *Results) error {
	data, err := r.Marshal()
	if err != nil {
		return err
	}
	if err := wholefile.WriteFile(path, data, 0o644); err != nil {
		return fmt.Errorf("drift: write results: %w", err)
	}
	return nil
}

// ReadResults reads a results file. It is strict: unknown members,
// unknown statuses and a shard out of range are errors.
func ReadResults(path string) (*Results, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("drift: read results: %w", err)
	}
	r, err := ParseResults(data)
	if err != nil {
		return nil, fmt.Errorf("drift: %s: %w", path, err)
	}
	return r, nil
}

// ParseResults decodes a results file (see [ReadResults]).
func ParseResults(data []byte) (*Results, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var r Results
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("results: %w", err)
	}
	if dec.More() {
		return nil, errors.New("results: more than one JSON value")
	}
	if r.Shard != nil {
		if err := r.Shard.check(); err != nil {
			return nil, fmt.Errorf("results: %w", err)
		}
	}
	for i, x := range r.Runs {
		switch x.Status {
		case scenario.Passed, scenario.Failed, scenario.Skipped:
		default:
			return nil, fmt.Errorf("results: run %d (%s on %s): status %q is none of pass, fail, skip", i+1, x.Scenario, x.Version, x.Status)
		}
		if x.Scenario == "" || x.Version == "" {
			return nil, fmt.Errorf("results: run %d: no scenario or no version", i+1)
		}
	}
	return &r, nil
}

// Shard is one of Count slices of a plan of runs, numbered from 1: the
// runs whose index in the plan, from 0, is Index-1 modulo Count. Dealing
// the runs out in turn gives every shard a like share of each version and
// of long and short scenarios.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// ParseShard parses "K/N", shard K of N (1 <= K <= N).
func ParseShard(s string) (Shard, error) {
	k, n, ok := strings.Cut(s, "/")
	if !ok {
		return Shard{}, fmt.Errorf("drift: shard %q: want K/N, e.g. 1/4", s)
	}
	var sh Shard
	var err1, err2 error
	sh.Index, err1 = strconv.Atoi(strings.TrimSpace(k))
	sh.Count, err2 = strconv.Atoi(strings.TrimSpace(n))
	if err := errors.Join(err1, err2); err != nil {
		return Shard{}, fmt.Errorf("drift: shard %q: want K/N, e.g. 1/4: %w", s, err)
	}
	if err := sh.check(); err != nil {
		return Shard{}, fmt.Errorf("drift: shard %q: %w", s, err)
	}
	return sh, nil
}

func (s Shard) check() error {
	if s.Count < 1 || s.Index < 1 || s.Index > s.Count {
		return fmt.Errorf("shard %d/%d: want 1 <= K <= N", s.Index, s.Count)
	}
	return nil
}

// String returns "K/N".
func (s Shard) String() string { return strconv.Itoa(s.Index) + "/" + strconv.Itoa(s.Count) }

// Has reports whether the run of index i (from 0) in the plan is the
// shard's.
func (s Shard) Has(i int) bool { return i%s.Count == s.Index-1 }

// ShardError reports shards that cannot be merged into a whole plan.
type ShardError struct {
	// Count is the number of shards of the plan.
	Count int
	// Missing and Repeated are the shards (their index) absent from the
	// merge or given more than once.
	Missing, Repeated []int
	// Mismatch says how a shard disagrees with the first one (its count of
	// shards, planned runs or versions), "" when none does.
	Mismatch string
}

// Error lists the shards missing, repeated or not of the plan.
func (e *ShardError) Error() string {
	var parts []string
	if e.Mismatch != "" {
		parts = append(parts, e.Mismatch)
	}
	list := func(what string, xs []int) {
		if len(xs) == 0 {
			return
		}
		var s []string
		for _, x := range xs {
			s = append(s, strconv.Itoa(x)+"/"+strconv.Itoa(e.Count))
		}
		parts = append(parts, what+" "+strings.Join(s, ", "))
	}
	list("missing shard", e.Missing)
	list("repeated shard", e.Repeated)
	return "drift: cannot merge the shards: " + strings.Join(parts, "; ")
}

// DuplicateRunError reports a run (scenario and version) found in two
// results merged.
type DuplicateRunError struct {
	Scenario, Version string
}

// Error names the run.
func (e *DuplicateRunError) Error() string {
	return fmt.Sprintf("drift: cannot merge the results: scenario %s on CLI %s is in two of them", e.Scenario, e.Version)
}

// MergeResults merges results into one. Either all are shards of one
// plan, each shard once (else a *ShardError), and the merge is the whole
// plan; or none is a shard, and the merge holds all their runs and
// versions. A run in two results is a *DuplicateRunError.
func MergeResults(parts []*Results) (*Results, error) {
	if len(parts) == 0 {
		return nil, errors.New("drift: no results to merge")
	}
	out := &Results{}
	first := parts[0]
	if first.Shard != nil {
		e := &ShardError{Count: first.Shard.Count}
		seen := map[int]int{}
		for i, p := range parts {
			switch {
			case p.Shard == nil:
				e.Mismatch = fmt.Sprintf("results %d are a whole run, results 1 shard %s", i+1, first.Shard)
			case p.Shard.Count != first.Shard.Count:
				e.Mismatch = fmt.Sprintf("shard %s is of another split than shard %s", p.Shard, first.Shard)
			case p.Planned != first.Planned:
				e.Mismatch = fmt.Sprintf("shard %s plans %d runs, shard %s %d", p.Shard, p.Planned, first.Shard, first.Planned)
			case !slices.Equal(p.Versions, first.Versions):
				e.Mismatch = fmt.Sprintf("shard %s runs CLI %s, shard %s CLI %s", p.Shard, strings.Join(p.Versions, ", "), first.Shard, strings.Join(first.Versions, ", "))
			default:
				if seen[p.Shard.Index]++; seen[p.Shard.Index] == 2 {
					e.Repeated = append(e.Repeated, p.Shard.Index)
				}
			}
			if e.Mismatch != "" {
				return nil, e
			}
		}
		for i := 1; i <= first.Shard.Count; i++ {
			if seen[i] == 0 {
				e.Missing = append(e.Missing, i)
			}
		}
		slices.Sort(e.Repeated)
		if len(e.Missing) > 0 || len(e.Repeated) > 0 {
			return nil, e
		}
		out.Planned, out.Versions = first.Planned, slices.Clone(first.Versions)
	} else {
		for i, p := range parts {
			if p.Shard != nil {
				return nil, &ShardError{Count: p.Shard.Count, Mismatch: fmt.Sprintf("results %d are shard %s, results 1 a whole run", i+1, p.Shard)}
			}
			out.Planned += p.Planned
			for _, v := range p.Versions {
				if !slices.Contains(out.Versions, v) {
					out.Versions = append(out.Versions, v)
				}
			}
		}
		slices.SortFunc(out.Versions, cliversion.CompareStrings)
	}
	type key struct{ scenario, version string }
	seen := map[key]bool{}
	for _, p := range parts {
		for _, r := range p.Runs {
			k := key{r.Scenario, r.Version}
			if seen[k] {
				return nil, &DuplicateRunError{Scenario: r.Scenario, Version: r.Version}
			}
			seen[k] = true
			out.Runs = append(out.Runs, r)
		}
	}
	sortRuns(out.Runs)
	if first.Shard != nil && len(out.Runs) != out.Planned {
		return nil, fmt.Errorf("drift: the shards hold %d runs of the %d planned", len(out.Runs), out.Planned)
	}
	return out, nil
}
