package scenario

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/stubapi"
)

// Plan is a scenario resolved for one CLI version: the variant of each
// section that applies to it.
type Plan struct {
	// Scenario is the scenario planned.
	Scenario *Scenario
	// Version is the CLI version planned for.
	Version string
	// Script is the stub's script.
	Script stubapi.Script
	// Files are written to the working folder before the CLI starts.
	Files []File
	// Turns are the exchanges with the CLI, in order.
	Turns []TurnPlan
	// Want holds the checks of want.json (the defaults when absent).
	Want Want
	// WantFiles are files that must exist with this content after the run.
	WantFiles []File
	// WantRequests must match an ordered subsequence of the main-loop
	// requests (each as stubapi records it in JSON).
	WantRequests []Expectation
	// WantToolResults must match an ordered subsequence of the tool results
	// the CLI sent to the API (each a stubapi.ToolResult in JSON).
	WantToolResults []Expectation
}

// TurnPlan is one exchange: lines written to stdin, then messages read
// from stdout until the expected ones have been seen.
type TurnPlan struct {
	// N numbers turns from 1.
	N int
	// Stdin are the lines written first.
	Stdin []Line
	// Raw reports that Stdin comes from stdin.txt and is sent verbatim,
	// without placeholder substitution.
	Raw bool
	// Signal, if not "", is the signal ("SIGINT", "SIGTERM") sent to the
	// CLI process after the stdin lines, from a signal section: the turn
	// is the last, and the CLI is to exit on it with its stdin open.
	Signal string
	// Expect must match an ordered subsequence of the messages read.
	Expect []Expectation
}

// Plan resolves the scenario for CLI version. It fails if the scenario
// does not apply to the version (see [Scenario.AppliesTo]) or if two
// variants of a section apply.
func (sc *Scenario) Plan(version string) (*Plan, error) {
	v, err := cliversion.Parse(version)
	if err != nil {
		return nil, fmt.Errorf("scenario %s: %w", sc.ID, err)
	}
	if !sc.AppliesTo(v) {
		return nil, fmt.Errorf("scenario %s: does not apply: %s", sc.ID, sc.SkipReason(v).En)
	}
	pl := &Plan{Scenario: sc, Version: version}
	pick := func(base string) (*variant, error) {
		var def, hit *variant
		for i := range sc.sections[base] {
			vr := &sc.sections[base][i]
			switch {
			case vr.cli.IsZero():
				def = vr
			case vr.cli.Allows(v):
				if hit != nil {
					return nil, fmt.Errorf("scenario %s: sections %q and %q both apply to Claude Code %s", sc.ID, hit.name, vr.name, version)
				}
				hit = vr
			}
		}
		if hit != nil {
			return hit, nil
		}
		return def, nil
	}
	bases := make([]string, 0, len(sc.sections))
	for b := range sc.sections {
		bases = append(bases, b)
	}
	slices.Sort(bases)
	pl.Turns = make([]TurnPlan, sc.turns)
	for i := range pl.Turns {
		pl.Turns[i].N = i + 1
	}
	for _, base := range bases {
		vr, err := pick(base)
		if err != nil {
			return nil, err
		}
		if vr == nil {
			continue // only variants for other versions
		}
		switch {
		case base == "stub.json":
			pl.Script = vr.parsed.(stubapi.Script)
		case base == "want.json":
			pl.Want = vr.parsed.(Want)
		case strings.HasPrefix(base, "files/"):
			pl.Files = append(pl.Files, vr.parsed.(File))
		case strings.HasPrefix(base, "want/files/"):
			pl.WantFiles = append(pl.WantFiles, vr.parsed.(File))
		case base == "want/requests.jsonl":
			pl.WantRequests = vr.parsed.([]Expectation)
		case base == "want/tool_results.jsonl":
			pl.WantToolResults = vr.parsed.([]Expectation)
		default:
			m := turnSection.FindStringSubmatch(base)
			n, _ := strconv.Atoi(m[1])
			t := &pl.Turns[n-1]
			switch m[2] {
			case "expect.jsonl":
				t.Expect = vr.parsed.([]Expectation)
			case "stdin.jsonl":
				t.Stdin = vr.parsed.([]Line)
			case "stdin.txt":
				t.Stdin, t.Raw = vr.parsed.([]Line), true
			case "signal":
				t.Signal = vr.parsed.(string)
			}
		}
	}
	if len(sc.sections["stub.json"]) > 0 && pl.Script.Turns == nil && !hasDefault(sc.sections["stub.json"]) {
		return nil, fmt.Errorf("scenario %s: no stub.json variant applies to Claude Code %s", sc.ID, version)
	}
	for i := range pl.Turns {
		if pl.Turns[i].Expect, err = withVersion(pl.Turns[i].Expect, version); err != nil {
			return nil, fmt.Errorf("scenario %s: %w", sc.ID, err)
		}
	}
	if pl.WantRequests, err = withVersion(pl.WantRequests, version); err != nil {
		return nil, fmt.Errorf("scenario %s: %w", sc.ID, err)
	}
	if pl.WantToolResults, err = withVersion(pl.WantToolResults, version); err != nil {
		return nil, fmt.Errorf("scenario %s: %w", sc.ID, err)
	}
	return pl, nil
}

// VersionPlaceholder stands for the running CLI's version: in the
// patterns of expect and want sections, where [Scenario.Plan] replaces it
// with the version planned for (quoted in a $regexp), and in recordings,
// where the normalizer writes it for the version wherever it appears.
const VersionPlaceholder = "<cli-version>"

// withVersion returns exps with [VersionPlaceholder] replaced by version;
// exps itself, shared by the plans of every version, is left as it is.
func withVersion(exps []Expectation, version string) ([]Expectation, error) {
	var out []Expectation
	for i, e := range exps {
		if !strings.Contains(e.Pattern.String(), VersionPlaceholder) {
			continue
		}
		if out == nil {
			out = slices.Clone(exps)
		}
		p, err := e.Pattern.Replace(VersionPlaceholder, version)
		if err != nil {
			return nil, fmt.Errorf("pattern at %s: %w", e.Source, err)
		}
		out[i].Pattern = p
	}
	if out == nil {
		return exps, nil
	}
	return out, nil
}

func hasDefault(vs []variant) bool {
	return slices.ContainsFunc(vs, func(v variant) bool { return v.cli.IsZero() })
}

// Inputs returns the sections of what the scenario gives the CLI (the
// stub's script, the files, each turn's stdin and signal) that apply to
// CLI version, each named as written ("stub.json [>=2.1.140]"), sorted.
// Two versions whose inputs differ ran different scenarios: what changed
// between their recordings may be the scenario's own doing, not the
// CLI's. Expectations are left out: they follow the CLI, not lead it.
// It returns nil for a version that does not parse.
func (sc *Scenario) Inputs(version string) []string {
	v, err := cliversion.Parse(version)
	if err != nil {
		return nil
	}
	out := []string{}
	for base, vs := range sc.sections {
		if !isInput(base) {
			continue
		}
		var def, hit string
		for _, vr := range vs {
			switch {
			case vr.cli.IsZero():
				def = vr.name
			case vr.cli.Allows(v):
				hit = vr.name
			}
		}
		if name := cmp.Or(hit, def); name != "" {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// isInput reports whether a section's base name is of what the scenario
// gives the CLI.
func isInput(base string) bool {
	if base == "stub.json" || strings.HasPrefix(base, "files/") {
		return true
	}
	m := turnSection.FindStringSubmatch(base)
	return m != nil && m[2] != "expect.jsonl"
}
