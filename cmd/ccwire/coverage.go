package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/scenario"
)

// coverageFlags are the CLI flags that change what the stream carries,
// whose coverage ccwire spec --coverage reports.
var coverageFlags = []string{
	"--allowedTools", "--disallowedTools", "--tools", "--system-prompt", "--append-system-prompt",
	"--session-id", "--model", "--permission-mode", "--fallback-model", "--add-dir", "--settings",
	"--agents", "--json-schema", "--max-budget-usd", "--no-session-persistence", "--resume",
	"--continue", "--fork-session", "--mcp-config", "--include-partial-messages",
	"--replay-user-messages", "--max-turns",
}

// Flag coverage statuses.
const (
	flagCovered   = "covered"   // a scenario that applies to the version passes the flag
	flagNA        = "n/a"       // only scenarios that do not apply to the version pass it
	flagUncovered = "uncovered" // no scenario passes it
)

// coverageReport is what ccwire spec --coverage reports, per recorded CLI
// version.
type coverageReport struct {
	Versions []versionCoverage `json:"versions"`
}

// versionCoverage is the coverage of one CLI version.
type versionCoverage struct {
	Version    string         `json:"version"`
	Recordings int            `json:"recordings"`
	Tools      []toolCoverage `json:"tools"`
	Flags      []flagCoverage `json:"flags"`
}

// toolCoverage is a built-in tool of the version's system/init and the
// recordings in which the model calls it.
type toolCoverage struct {
	Name     string   `json:"name"`
	CalledBy []string `json:"called_by"`
}

// flagCoverage is a stream-changing flag and the scenarios that pass it.
type flagCoverage struct {
	Flag   string `json:"flag"`
	Status string `json:"status"`
	// Scenarios pass the flag and apply to the version.
	Scenarios []string `json:"scenarios"`
	// NotApplicable pass the flag but do not apply to the version.
	NotApplicable []notApplicable `json:"not_applicable,omitempty"`
}

// notApplicable is a scenario left out of a version, and why.
type notApplicable struct {
	Scenario string `json:"scenario"`
	Reason   string `json:"reason"`
}

// calls counts the built-in tools called and the flags covered or not
// applicable.
func (v versionCoverage) calls() (called, covered, na int) {
	for _, t := range v.Tools {
		if len(t.CalledBy) > 0 {
			called++
		}
	}
	for _, f := range v.Flags {
		switch f.Status {
		case flagCovered:
			covered++
		case flagNA:
			na++
		}
	}
	return called, covered, na
}

// errNoRecordings reports a --cli-version with no recordings.
var errNoRecordings = errors.New("no recordings")

// buildCoverage reads the recordings in the recordings folder recs of
// versions (every recorded version when empty) whose scenario keep
// accepts, and reports their coverage by them and by scenarios.
func buildCoverage(recs folder, versions []string, scenarios []*scenario.Scenario, keep func(id string) bool) (*coverageReport, error) {
	recordedVersions, err := recs.versions()
	if err != nil {
		return nil, err
	}
	if len(versions) == 0 {
		versions = recordedVersions
	}
	report := &coverageReport{Versions: []versionCoverage{}}
	for _, v := range versions {
		if !slices.Contains(recordedVersions, v) {
			return nil, fmt.Errorf("CLI %s: %w in %s (recorded: %s)", v, errNoRecordings, recs.name, strings.Join(recordedVersions, ", "))
		}
		vc, err := versionCoverageOf(recs, v, scenarios, keep)
		if err != nil {
			return nil, err
		}
		report.Versions = append(report.Versions, vc)
	}
	return report, nil
}

// versionCoverageOf reports the coverage of one version.
func versionCoverageOf(folder folder, version string, scenarios []*scenario.Scenario, keep func(id string) bool) (versionCoverage, error) {
	vc := versionCoverage{Version: version, Tools: []toolCoverage{}, Flags: []flagCoverage{}}
	files, err := fs.Glob(folder.fsys, path.Join(version, "*"+scenario.RecordingExt))
	if err != nil {
		return vc, err
	}
	slices.Sort(files)
	var recs []*scenario.Recording
	for _, f := range files {
		rec, err := folder.readRecording(f)
		if err != nil {
			return vc, err
		}
		if keep(rec.Scenario) {
			recs = append(recs, rec)
		}
	}
	vc.Recordings = len(recs)
	covs, err := scenario.CoverTools(recs)
	if err != nil {
		return vc, err
	}
	// Tools called but listed in no init (MCP tools, names the model made
	// up) are no built-in tools of the version.
	for _, c := range covs {
		for _, name := range slices.Sorted(slices.Values(c.Init)) {
			vc.Tools = append(vc.Tools, toolCoverage{Name: name, CalledBy: nonNil(c.Called[name])})
		}
	}

	v, err := cliversion.Parse(version)
	if err != nil {
		return vc, err
	}
	for _, flag := range coverageFlags {
		fc := flagCoverage{Flag: flag, Scenarios: []string{}}
		for _, sc := range scenarios {
			if !keep(sc.ID) || !scenarioPasses(sc, flag) {
				continue
			}
			if sc.AppliesTo(v) {
				fc.Scenarios = append(fc.Scenarios, sc.ID)
			} else {
				fc.NotApplicable = append(fc.NotApplicable, notApplicable{Scenario: sc.ID, Reason: sc.SkipReason(v).En})
			}
		}
		switch {
		case len(fc.Scenarios) > 0:
			fc.Status = flagCovered
		case len(fc.NotApplicable) > 0:
			fc.Status = flagNA
		default:
			fc.Status = flagUncovered
		}
		vc.Flags = append(vc.Flags, fc)
	}
	return vc, nil
}

// nonNil returns s, or an empty slice for nil (written [] in JSON).
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// scenarioPasses reports whether sc passes flag to its CLI: in its args or
// in those of the process it restarts the CLI as (--resume, --continue…).
func scenarioPasses(sc *scenario.Scenario, flag string) bool {
	return passesFlag(sc.Args, flag) || (sc.Restart != nil && passesFlag(sc.Restart.Args, flag))
}

// passesFlag reports whether args carry flag, alone or as flag=value.
func passesFlag(args []string, flag string) bool {
	return slices.ContainsFunc(args, func(a string) bool { return a == flag || strings.HasPrefix(a, flag+"=") })
}

// specCoverage is ccwire spec --coverage: it reports the coverage of the
// versions (every recorded one when empty) by the recordings in recs and
// by scenarios, those filter matches if not nil.
func specCoverage(e env, recs folder, versions []string, scenarios []*scenario.Scenario, filter *regexp.Regexp, asJSON bool) int {
	keep := func(id string) bool { return filter == nil || filter.MatchString(id) }
	report, err := buildCoverage(recs, versions, scenarios, keep)
	if err != nil {
		fmt.Fprintf(e.stderr, "ccwire spec: --coverage: %v\n", err)
		return 1
	}
	if asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(report)
	} else {
		err = report.writeText(e.stdout)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "ccwire spec: %v\n", err)
		return 1
	}
	return 0
}

// writeText writes the report for people: per version, the built-in tools
// and the recordings calling them, the flags and the scenarios passing
// them, and the totals.
func (r *coverageReport) writeText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for i, vc := range r.Versions {
		if i > 0 {
			fmt.Fprintln(tw)
		}
		called, covered, na := vc.calls()
		fmt.Fprintf(tw, "Claude Code %s: %d recordings; built-in tools %d of %d called; flags %d of %d covered, %d not applicable, %d uncovered\n",
			vc.Version, vc.Recordings, called, len(vc.Tools), covered, len(vc.Flags), na, len(vc.Flags)-covered-na)
		fmt.Fprintln(tw, "\nBUILT-IN TOOL\tCALLED BY")
		for _, t := range vc.Tools {
			fmt.Fprintf(tw, "%s\t%s\n", t.Name, listOrNone(t.CalledBy))
		}
		fmt.Fprintln(tw, "\nFLAG\tSTATUS\tSCENARIOS")
		for _, f := range vc.Flags {
			var what string
			switch f.Status {
			case flagCovered:
				what = listOrNone(f.Scenarios)
			case flagNA:
				var parts []string
				for _, n := range f.NotApplicable {
					parts = append(parts, n.Scenario+" ("+n.Reason+")")
				}
				what = strings.Join(parts, "; ")
			default:
				what = "-"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\n", f.Flag, f.Status, what)
		}
	}
	return tw.Flush()
}

// listOrNone joins names, "-" for none.
func listOrNone(names []string) string {
	if len(names) == 0 {
		return "-"
	}
	return strings.Join(names, ", ")
}
