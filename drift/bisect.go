package drift

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/ccwire/ccwire/cliversion"
)

// Probe observes one CLI version: a scenario's verdict, what its
// recordings show of a member. Bisect compares the observations of
// versions as strings. An error means the version could not be
// observed (it does not install, its CLI does not start): Bisect skips
// it.
type Probe func(ctx context.Context, version string) (string, error)

// Step is one version a bisection tried.
type Step struct {
	Version     string `json:"cli_version"`
	Observation string `json:"observation,omitempty"`
	// Err is why the version could not be observed; Error is its text.
	Err   error  `json:"-"`
	Error string `json:"error,omitempty"`
}

// Bisection is where an observation changes between two versions.
type Bisection struct {
	// Steps are the versions tried, in the order tried.
	Steps []Step `json:"steps"`
	// First is the first version whose observation differs from the
	// oldest version's; LastWithout the version before it that
	// observes what the oldest does. Before and After are their
	// observations.
	First       string `json:"first"`
	LastWithout string `json:"last_without"`
	Before      string `json:"before"`
	After       string `json:"after"`
	// Skipped are the versions between LastWithout and First that could
	// not be observed: the change is in one of them or in First.
	Skipped []string `json:"skipped,omitempty"`
}

// NoChangeError reports that the two ends of a bisection observe the
// same: nothing to search for (or the change was undone in between).
type NoChangeError struct {
	From, To, Observation string
}

// Error names the ends and what both observe.
func (e *NoChangeError) Error() string {
	return fmt.Sprintf("drift: bisect: CLI %s and %s both observe %q: nothing changes between them", e.From, e.To, e.Observation)
}

// Bisect finds the first of versions whose observation differs from the
// oldest's, by binary search: it probes the oldest and the newest, then
// halves the range between the last version that observes what the oldest
// does and the first that does not, until they are neighbors. It assumes
// the change happens once: a change undone and redone in between may be
// missed. versions need not be sorted ([cliversion] order is used); step,
// if not nil, is called with each step as it is taken. The ends must be
// observable; a version in between that is not is skipped.
func Bisect(ctx context.Context, versions []string, probe Probe, step func(Step)) (*Bisection, error) {
	vs := slices.Clone(versions)
	slices.SortFunc(vs, cliversion.CompareStrings)
	vs = slices.Compact(vs)
	if len(vs) < 2 {
		return nil, fmt.Errorf("drift: bisect: %d versions, want at least two", len(vs))
	}
	b := &Bisection{}
	try := func(v string) (string, error) {
		if err := ctx.Err(); err != nil {
			return "", err
		}
		o, err := probe(ctx, v)
		s := Step{Version: v, Observation: o, Err: err}
		if err != nil {
			s.Observation, s.Error = "", err.Error()
		}
		b.Steps = append(b.Steps, s)
		if step != nil {
			step(s)
		}
		return o, err
	}
	lo, hi := 0, len(vs)-1
	before, err := try(vs[lo])
	if err != nil {
		return b, fmt.Errorf("drift: bisect: the oldest version, %s: %w", vs[lo], err)
	}
	after, err := try(vs[hi])
	if err != nil {
		return b, fmt.Errorf("drift: bisect: the newest version, %s: %w", vs[hi], err)
	}
	if before == after {
		return b, &NoChangeError{From: vs[lo], To: vs[hi], Observation: before}
	}
	var skipped []string
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		o, err := try(vs[mid])
		switch {
		case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
			return b, fmt.Errorf("drift: bisect: %w", err)
		case err != nil:
			// Search on without it.
			skipped = append(skipped, vs[mid])
			vs = slices.Delete(vs, mid, mid+1)
			hi--
		case o == before:
			lo = mid
		default:
			hi, after = mid, o
		}
	}
	b.First, b.LastWithout, b.Before, b.After = vs[hi], vs[lo], before, after
	lower, _ := cliversion.Parse(b.LastWithout)
	upper, _ := cliversion.Parse(b.First)
	for _, s := range skipped {
		if v, err := cliversion.Parse(s); err == nil && lower.Less(v) && v.Less(upper) {
			b.Skipped = append(b.Skipped, s)
		}
	}
	slices.SortFunc(b.Skipped, cliversion.CompareStrings)
	return b, nil
}

// Between returns the versions of published from..to, both included,
// oldest first; prereleases only with pre. from and to may come in either
// order (ccwire bisect refuses a FROM not older than TO before it asks).
func Between(published []string, from, to string, pre bool) ([]string, error) {
	lo, err := cliversion.Parse(from)
	if err != nil {
		return nil, fmt.Errorf("drift: %w", err)
	}
	hi, err := cliversion.Parse(to)
	if err != nil {
		return nil, fmt.Errorf("drift: %w", err)
	}
	if hi.Less(lo) {
		lo, hi = hi, lo
	}
	var out []string
	for _, s := range published {
		v, err := cliversion.Parse(s)
		if err != nil || v.Less(lo) || hi.Less(v) {
			continue
		}
		if isPrerelease(s) && !pre && v != lo && v != hi {
			continue
		}
		out = append(out, s)
	}
	slices.SortFunc(out, cliversion.CompareStrings)
	out = slices.Compact(out)
	for _, end := range []string{lo.String(), hi.String()} {
		if !slices.Contains(out, end) {
			return nil, fmt.Errorf("drift: CLI %s is not a published version: %w", end, ErrUnpublished)
		}
	}
	return out, nil
}

// ErrUnpublished means a version is not in the list of published ones.
var ErrUnpublished = errors.New("not published")

func isPrerelease(v string) bool { return strings.Contains(v, "-") }
