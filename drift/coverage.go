package drift

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/protocol/schema"
	"github.com/ccwire/ccwire/recording"
	store "github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

// CoverageFlags returns the CLI flags that change what the stream
// carries, whose coverage ccwire spec --coverage reports.
func CoverageFlags() []string {
	return []string{
		"--allowedTools", "--disallowedTools", "--tools", "--system-prompt", "--append-system-prompt",
		"--session-id", "--model", "--permission-mode", "--fallback-model", "--add-dir", "--settings",
		"--agents", "--json-schema", "--max-budget-usd", "--no-session-persistence", "--resume",
		"--continue", "--fork-session", "--mcp-config", "--include-partial-messages",
		"--replay-user-messages", "--max-turns",
	}
}

// Flag coverage statuses.
const (
	FlagCovered       = "covered"   // a scenario that applies to the version passes the flag
	FlagNotApplicable = "n/a"       // only scenarios that do not apply to the version pass it
	FlagUncovered     = "uncovered" // no scenario passes it
)

// CoverageReport is what ccwire spec --coverage reports, per recorded CLI
// version.
type CoverageReport struct {
	Versions []VersionCoverage `json:"versions"`
}

// VersionCoverage is the coverage of one CLI version.
type VersionCoverage struct {
	Version    string         `json:"version"`
	Recordings int            `json:"recordings"`
	Tools      []ToolCoverage `json:"tools"`
	Flags      []FlagCoverage `json:"flags"`
	// Protocol is how far the recordings hold the protocol model's
	// control requests, stdout kinds and hook events.
	Protocol ProtocolCoverage `json:"protocol"`
}

// ToolCoverage is a built-in tool of the version's system/init and the
// recordings in which the model calls it.
type ToolCoverage struct {
	Name     string   `json:"name"`
	CalledBy []string `json:"called_by"`
}

// FlagCoverage is a stream-changing flag and the scenarios that pass it.
type FlagCoverage struct {
	Flag   string `json:"flag"`
	Status string `json:"status"`
	// Scenarios pass the flag and apply to the version.
	Scenarios []string `json:"scenarios"`
	// NotApplicable pass the flag but do not apply to the version.
	NotApplicable []NotApplicableScenario `json:"not_applicable,omitempty"`
}

// NotApplicableScenario is a scenario left out of a version, and why.
type NotApplicableScenario struct {
	Scenario string `json:"scenario"`
	Reason   string `json:"reason"`
}

// Calls counts the built-in tools called and the flags covered or not
// applicable.
func (v VersionCoverage) Calls() (called, covered, na int) {
	for _, t := range v.Tools {
		if len(t.CalledBy) > 0 {
			called++
		}
	}
	for _, f := range v.Flags {
		switch f.Status {
		case FlagCovered:
			covered++
		case FlagNotApplicable:
			na++
		}
	}
	return called, covered, na
}

// ErrNoRecordings reports a --cli-version with no recordings.
var ErrNoRecordings = errors.New("no recordings")

// BuildCoverage reads the recordings in the recordings folder fsys
// (<version>/<id>.txtar, stored or in full; name says what messages call
// it) of versions (every recorded version when empty) whose scenario
// keep accepts, and reports their coverage by them and by scenarios.
func BuildCoverage(fsys fs.FS, name string, versions []string, scenarios []*scenario.Scenario, keep func(id string) bool) (*CoverageReport, error) {
	recordedVersions, err := store.VersionsFS(fsys)
	if err != nil {
		return nil, fmt.Errorf("drift: coverage: %w", err)
	}
	if len(versions) == 0 {
		versions = recordedVersions
	}
	report := &CoverageReport{Versions: []VersionCoverage{}}
	for _, v := range versions {
		if !slices.Contains(recordedVersions, v) {
			return nil, fmt.Errorf("CLI %s: %w in %s (recorded: %s)", v, ErrNoRecordings, name, strings.Join(recordedVersions, ", "))
		}
		vc, err := versionCoverageOf(fsys, v, scenarios, keep)
		if err != nil {
			return nil, err
		}
		report.Versions = append(report.Versions, vc)
	}
	return report, nil
}

// versionCoverageOf reports the coverage of one version.
func versionCoverageOf(fsys fs.FS, version string, scenarios []*scenario.Scenario, keep func(id string) bool) (VersionCoverage, error) {
	vc := VersionCoverage{Version: version, Tools: []ToolCoverage{}, Flags: []FlagCoverage{}}
	files, err := fs.Glob(fsys, path.Join(version, "*"+scenario.RecordingExt))
	if err != nil {
		return vc, err
	}
	slices.Sort(files)
	var recs []*recording.Recording
	for _, f := range files {
		rec, err := recording.ReadRecordingFS(fsys, f)
		if err != nil {
			return vc, err
		}
		if keep(rec.Scenario) {
			recs = append(recs, rec)
		}
	}
	vc.Recordings = len(recs)
	v, err := cliversion.Parse(version)
	if err != nil {
		return vc, err
	}
	items, sdk, reasons := ProtocolItems(schema.Protocol()), SDKItems(), Unprovokables()
	count := newProtocolCount(items, sdk)
	for _, rec := range recs {
		if err := count.add(rec); err != nil {
			return vc, fmt.Errorf("drift: coverage: %w", err)
		}
	}
	vc.Protocol = count.coverage(items, v, reasons)
	vc.Protocol.SDK = count.sdkCoverage(sdk, items, v, reasons)
	covs, err := scenario.CoverTools(recs)
	if err != nil {
		return vc, err
	}
	// Tools called but listed in no init (MCP tools, names the model made
	// up) are no built-in tools of the version.
	for _, c := range covs {
		for _, name := range slices.Sorted(slices.Values(c.Init)) {
			vc.Tools = append(vc.Tools, ToolCoverage{Name: name, CalledBy: nonNilStrings(c.Called[name])})
		}
	}

	for _, flag := range CoverageFlags() {
		fc := FlagCoverage{Flag: flag, Scenarios: []string{}}
		for _, sc := range scenarios {
			if !keep(sc.ID) || !ScenarioPasses(sc, flag) {
				continue
			}
			if sc.AppliesTo(v) {
				fc.Scenarios = append(fc.Scenarios, sc.ID)
			} else {
				fc.NotApplicable = append(fc.NotApplicable, NotApplicableScenario{Scenario: sc.ID, Reason: sc.SkipReason(v).En})
			}
		}
		switch {
		case len(fc.Scenarios) > 0:
			fc.Status = FlagCovered
		case len(fc.NotApplicable) > 0:
			fc.Status = FlagNotApplicable
		default:
			fc.Status = FlagUncovered
		}
		vc.Flags = append(vc.Flags, fc)
	}
	return vc, nil
}

// nonNilStrings returns s, or an empty slice for nil (written [] in JSON).
func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// ScenarioPasses reports whether sc passes flag to its CLI: in its args or
// in those of the process it restarts the CLI as (--resume, --continue…).
func ScenarioPasses(sc *scenario.Scenario, flag string) bool {
	return passesFlag(sc.Args, flag) || (sc.Restart != nil && passesFlag(sc.Restart.Args, flag))
}

// passesFlag reports whether args carry flag, alone or as flag=value.
func passesFlag(args []string, flag string) bool {
	return slices.ContainsFunc(args, func(a string) bool { return a == flag || strings.HasPrefix(a, flag+"=") })
}

// WriteText writes the report for people: per version, the built-in tools
// and the recordings calling them, the flags and the scenarios passing
// them, and the totals.
func (r *CoverageReport) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for i, vc := range r.Versions {
		if i > 0 {
			fmt.Fprintln(tw)
		}
		called, covered, na := vc.Calls()
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
			case FlagCovered:
				what = listOrNone(f.Scenarios)
			case FlagNotApplicable:
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
		writeProtocolText(tw, vc.Protocol)
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

// groupCounts writes "group recorded of items" for each group.
func groupCounts(totals []GroupTotal) string {
	var groups []string
	for _, g := range totals {
		groups = append(groups, fmt.Sprintf("%s %d of %d", g.Group, g.Recorded, g.Items))
	}
	return strings.Join(groups, ", ")
}

// writeProtocolText writes the protocol part of a version's report: the
// totals per group, then each item with its status, how often and where
// it was recorded, or why it cannot be.
func writeProtocolText(w io.Writer, p ProtocolCoverage) {
	recorded, cannot, notYet := p.Recorded()
	unanswered := 0
	for _, g := range p.Totals {
		unanswered += g.Unanswered
	}
	sdkRecorded, sdkItems := p.SDK.Recorded()
	fmt.Fprintf(w, "\nProtocol: %d of %d model items recorded (%s); %d of %d SDK items (sdk.d.ts %s: %s); %d cannot be provoked here; %d not yet covered (%d control requests sent but never answered)\n",
		recorded, recorded+cannot+notYet, groupCounts(p.Totals), sdkRecorded, sdkItems, p.SDK.SDKVersion, groupCounts(p.SDK.Totals), cannot, notYet, unanswered)
	if len(p.SDK.NotInModel) > 0 {
		var names []string
		for _, it := range p.SDK.NotInModel {
			names = append(names, it.String())
		}
		fmt.Fprintf(w, "SDK items the model does not type: %s\n", strings.Join(names, ", "))
	}
	fmt.Fprintln(w, "\nGROUP\tITEM\tSTATUS\tCOUNT\tANSWERS\tSCENARIOS OR REASON")
	for _, it := range p.Items {
		answers := "-"
		if it.Success+it.Error > 0 {
			answers = fmt.Sprintf("%d success, %d error", it.Success, it.Error)
		}
		what := listOrNone(it.Scenarios)
		if it.Status != ItemRecorded && it.Reason != nil {
			what = fmt.Sprintf("%s (tried: %s; on %s)", it.Reason.Reason, it.Reason.Tried, strings.Join(it.Reason.Versions, ", "))
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%d\t%s\t%s\n", it.Group, it.Name, it.Status, it.Count, answers, what)
	}
}
