package main

import (
	"cmp"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"regexp"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/drift"
	"github.com/ccwire/ccwire/internal/cputime"
	"github.com/ccwire/ccwire/internal/mcpecho"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

// stringsFlag is a flag that can be given several times, each value possibly
// a comma-separated list.
type stringsFlag []string

func (f *stringsFlag) String() string { return strings.Join(*f, ",") }

func (f *stringsFlag) Set(s string) error {
	for v := range strings.SplitSeq(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			*f = append(*f, v)
		}
	}
	return nil
}

// specArgs are ccwire spec's parsed flags.
type specArgs struct {
	fs       *flag.FlagSet
	versions stringsFlag
	binary   string
	runExpr  string
	record   string
	dir      string
	parallel int
	cacheDir string
	shard    *drift.Shard
	resultsF string
	coverage bool
	list     bool
	tidy     bool
	jsonOut  bool
	quiet    time.Duration
	filter   *regexp.Regexp
}

// runSpec runs the conformance scenarios against real Claude Code CLIs.
//
//	ccwire spec [--cli-version V | --claude PATH] [--run REGEX] [--record DIR] [-j N] [--shard K/N] [--results FILE]
func runSpec(ctx context.Context, e env, args []string) int {
	a, code, ok := parseSpec(e, args)
	if !ok {
		return code
	}
	if a.tidy {
		return specTidy(ctx, e, a.record)
	}
	scenarioDir := scenarioFolder(a.dir)
	scenarios, err := scenarioDir.loadScenarios()
	if err != nil {
		fmt.Fprintf(e.stderr, "ccwire spec: %v\n", err)
		return 1
	}
	if a.filter != nil {
		scenarios = slices.DeleteFunc(scenarios, func(sc *scenario.Scenario) bool { return !a.filter.MatchString(sc.ID) })
		if len(scenarios) == 0 {
			fmt.Fprintf(e.stderr, "ccwire spec: --run %q matches no scenario in %s\n", a.runExpr, scenarioDir.name)
			return 1
		}
	}
	switch {
	case a.list:
		return specList(e, scenarios, scenarioDir, a.jsonOut)
	case a.coverage:
		recordFlag := ""
		a.fs.Visit(func(f *flag.Flag) {
			if f.Name == "record" {
				recordFlag = a.record
			}
		})
		return specCoverage(e, recordingsFolder(recordFlag), a.versions, scenarios, a.filter, a.jsonOut)
	}
	plan, err := planSpec(ctx, e, a, scenarios)
	if err != nil {
		fmt.Fprintf(e.stderr, "ccwire spec: %v\n", err)
		return 1
	}
	sweepTemp(e, "spec")
	return runSpecPlan(ctx, e, a, plan)
}

// parseSpec parses and checks ccwire spec's arguments; when it returns
// !ok, the command ends with code.
func parseSpec(e env, args []string) (a *specArgs, code int, ok bool) {
	fs := flag.NewFlagSet("ccwire spec", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	a = &specArgs{fs: fs}
	fs.StringVar(&a.binary, "claude", "", "run this Claude Code binary (native executable or cli.js) instead of installed versions")
	fs.StringVar(&a.runExpr, "run", "", "run only the scenarios whose id matches this regular expression")
	fs.StringVar(&a.record, "record", "recordings", "write the recordings of the runs that pass under this folder (<dir>/<version>/<id>.txtar; a version with none yet only if all its runs pass); empty to write none")
	fs.StringVar(&a.dir, "scenarios", "", "the `folder` of scenario files (default: ./"+scenariosDir+" in a checkout of ccwire, else "+builtinScenarios+")")
	fs.IntVar(&a.parallel, "j", scenario.DefaultParallel(), "how many CLI processes run at once")
	fs.StringVar(&a.cacheDir, "cache-dir", "", "ccwire cache root (default $"+cliinstall.EnvCacheDir+" or the user cache folder)")
	shardArg := fs.String("shard", "", "run only shard `K/N` of the runs (scenarios × versions, dealt out in turn), for a CI matrix; see ccwire merge")
	fs.StringVar(&a.resultsF, "results", "", "write the runs' verdicts as JSON to this `file` (put it in the --record folder as "+drift.ResultsFile+" for ccwire merge and diff)")
	fs.BoolVar(&a.coverage, "coverage", false, "run nothing: report, per recorded CLI version, the built-in tools of system/init that a recording calls or none does, the stream-changing flags that scenarios pass, and the control requests, stdout kinds and hook events of the protocol model and of the TypeScript Agent SDK's sdk.d.ts that recordings hold (read from the --record folder, by default ./"+recordingsDir+" in a checkout of ccwire, else "+builtinRecordings+", and the scenarios)")
	fs.BoolVar(&a.list, "list", false, "run nothing: list the scenarios (ID, category, the CLI versions they apply to, title)")
	fs.BoolVar(&a.tidy, "tidy", false, "run nothing: bring the --record folder to its stored form (recordings written in full, by hand or by an older ccwire, go into its object store) and remove the objects no recording references")
	fs.BoolVar(&a.jsonOut, "json", false, "with --coverage or --list, write the report as JSON")
	fs.DurationVar(&a.quiet, "quiet", scenario.DefaultQuiet, "fail a turn still missing expected messages once the CLI has been quiet this long (no stdout line, API request, command or CPU use); 0 waits for the scenario's timeout")
	fs.Var(&a.versions, "cli-version", fmt.Sprintf("Claude Code version to run against, installed if needed: an exact version, or an npm dist-tag such as %s (the newest release); repeat or separate with commas (default: the pinned %s)", cliinstall.LatestTag, strings.Join(cliinstall.PinnedVersions(), ", ")))
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), `Usage: ccwire spec [flags]

Runs the conformance scenarios (--scenarios: %s) against the real Claude Code CLI, each
with its own fake Messages API, HOME and working folder, several at a time.
Shows each run as it ends, numbered [N/TOTAL], with the time taken and an
estimate of the time left (on a terminal, in a status line kept up to
date), then a table of the runs, one of the totals per CLI version and the
line "N passed, N failed, N skipped" (skipped: the scenario does not apply
to the version). Writes the recording of every run that passed, once all
runs ended: a failed run (a crash, a hang, a timeout, unmet expectations)
never replaces a recording, and a version with no recordings in the
--record folder yet is recorded only if all its runs pass. Exits 1 if a
run failed, naming per version what was not written and why each failed
run failed.

With --coverage it runs nothing and installs nothing: it reads the
recordings (the --record folder; --cli-version picks recorded versions) and
the scenarios, and reports per version which built-in tools of system/init
a recording calls, and which of %d stream-changing flags (--model,
--tools, --resume, --mcp-config…) a scenario passes, or only scenarios
that do not apply to the version (with their reason). It also reports
each item of the protocol model (its control request subtypes, both
directions; the kinds of stdout messages, a result's subtypes apart; its
hook events): how often the recordings hold it, and for one they do not,
the reason it cannot be provoked here (what was tried, on which versions)
or "not yet covered"; and the same count over the 121 items of the
TypeScript Agent SDK's sdk.d.ts (41 control request subtypes, 46 stdout
kinds, 34 hook events), "N of 121 SDK items" per group, naming the SDK's
items the model does not type. -json writes it as JSON. --run narrows the
recordings and scenarios to those it matches.

With --list it runs nothing: it lists the scenarios --run matches.

With --tidy it runs nothing: it stores the recordings of the --record
folder in its object store (what they repeat, once) and removes the objects
no recording references. It first checks the folder: an empty or torn
recording, or an object that is missing or does not match its hash, fails
it, naming each file and removing nothing; recording the scenarios again
repairs them. Writers of a recordings folder (spec --record, --tidy, track,
merge) take its lock (.ccwire.lock) one at a time: a second one waits.

Flags:
`, cmp.Or(a.dir, "./"+scenariosDir+" in a checkout of ccwire, else "+builtinScenarios), len(drift.CoverageFlags()))
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args, e); !ok {
		return nil, code, false
	}
	usageErr := func(msg string) (*specArgs, int, bool) {
		fmt.Fprintln(e.stderr, "ccwire spec: "+msg)
		return nil, 2, false
	}
	switch {
	case fs.NArg() > 0:
		return usageErr(fmt.Sprintf("unexpected arguments %q", fs.Args()))
	case a.binary != "" && len(a.versions) > 1:
		return usageErr("--claude runs one binary; give at most one --cli-version with it")
	case a.quiet < 0:
		return usageErr("--quiet must not be negative")
	case a.parallel < 1:
		return usageErr("-j must be at least 1")
	case a.jsonOut && !a.coverage && !a.list:
		return usageErr("--json goes with --coverage or --list")
	case a.tidy && (a.list || a.coverage || a.binary != "" || *shardArg != "" || a.resultsF != "" || len(a.versions) > 0 || a.runExpr != "" || a.record == ""):
		return usageErr("--tidy runs nothing: it takes a --record folder and no other flag")
	case a.list && (a.coverage || a.binary != "" || *shardArg != "" || a.resultsF != "" || len(a.versions) > 0):
		return usageErr("--list runs nothing: it takes no --coverage, --claude, --cli-version, --shard or --results")
	case a.coverage && (a.binary != "" || *shardArg != "" || a.resultsF != ""):
		return usageErr("--coverage runs nothing: it takes no --claude, --shard or --results")
	case a.coverage && a.record == "":
		return usageErr("--coverage reads the recordings of --record, which is empty")
	}
	if *shardArg != "" {
		sh, err := drift.ParseShard(*shardArg)
		if err != nil {
			return usageErr(fmt.Sprintf("--shard: %v", err))
		}
		a.shard = &sh
	}
	if a.runExpr != "" {
		var err error
		if a.filter, err = regexp.Compile(a.runExpr); err != nil {
			return usageErr(fmt.Sprintf("--run: %v", err))
		}
	}
	return a, 0, true
}

// specTidy is ccwire spec --tidy.
func specTidy(ctx context.Context, e env, record string) int {
	rep, err := recording.Tidy(ctx, record)
	if err != nil {
		fmt.Fprintf(e.stderr, "ccwire spec: %v\n", err)
		return 1
	}
	fmt.Fprintf(e.stdout, "%s: %d recordings, %d stored now; %d objects, %d no longer referenced removed; %d temporary files of unfinished writes removed\n",
		record, rep.Recordings, rep.Compacted, rep.Objects, rep.Removed, rep.Temps)
	return 0
}

// planSpec installs the versions of a and plans their runs.
func planSpec(ctx context.Context, e env, a *specArgs, scenarios []*scenario.Scenario) (*drift.Plan, error) {
	var opts []cliinstall.Option
	if a.cacheDir != "" {
		opts = append(opts, cliinstall.WithCacheDir(a.cacheDir))
	}
	versions := a.versions
	if a.binary != "" {
		opts = append(opts, cliinstall.WithBinaryPath(a.binary))
		if len(versions) == 0 {
			versions = stringsFlag{""} // whatever version the binary has
		}
	}
	if len(versions) == 0 {
		versions = cliinstall.PinnedVersions()
	}
	opts = append(opts, cliinstall.WithLogger(slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))))
	// Scenarios with an external MCP server start it from this program
	// (ccwire mcp-test-server).
	mcpServer, err := mcpecho.SelfCommand()
	if err != nil {
		return nil, err
	}
	q := a.quiet
	if q == 0 {
		q = -1 // Runner.Quiet's "off"
	}
	r := &drift.Runner{Scenarios: scenarios, Parallel: a.parallel, Quiet: q, Install: opts, MCPTestServer: mcpServer, Record: a.record, Shard: a.shard}
	return r.Prepare(ctx, versions)
}

// runSpecPlan runs the plan, showing each run as it ends, and reports.
func runSpecPlan(ctx context.Context, e env, a *specArgs, plan *drift.Plan) int {
	versions := plan.Versions()
	fmt.Fprintf(e.stdout, "ccwire spec: %d scenarios × Claude Code %s, %d at a time\n",
		plan.Planned()/max(len(versions), 1), strings.Join(versions, ", "), a.parallel)
	if a.shard != nil {
		fmt.Fprintf(e.stdout, "ccwire spec: shard %s: %d of the %d runs\n", a.shard, plan.Runs(), plan.Planned())
	}
	selfBefore, _ := cputime.Process()
	prog := newProgress(e.stdout, plan.Runs())
	out := plan.Run(ctx, func(r scenario.Result) {
		prog.add(fmt.Sprintf("%-4s  %-8s  %-40s %s", strings.ToUpper(string(r.Status)), r.Version, r.Scenario.ID, resultNote(r)), r.Status == scenario.Skipped)
	})
	prog.finish()
	selfNow, _ := cputime.Process()
	return reportSpec(e, a, out, selfNow-selfBefore)
}

// reportSpec writes the failures, the tables and the totals of a spec
// run, and its results file.
func reportSpec(e env, a *specArgs, out *drift.Outcome, self time.Duration) int {
	results := out.Results
	passed, failed, skipped := out.Counts()
	if failed > 0 {
		fmt.Fprintln(e.stdout, "\nFailures:")
		for _, r := range results {
			if r.Status == scenario.Failed {
				fmt.Fprintf(e.stdout, "\n%v\n", r.Err)
			}
		}
	}
	fmt.Fprintln(e.stdout)
	writeSummary(e.stdout, results)
	fmt.Fprintln(e.stdout)
	writeVersionSummary(e.stdout, results)
	fmt.Fprintf(e.stdout, "\n%v; ccwire's own CPU time %s\n", scenario.NewTiming(results, out.Wall), self.Round(10*time.Millisecond))
	if failed > 0 && a.record != "" {
		writeNotRecorded(e.stdout, out)
	}
	errs := out.Errs
	if a.resultsF != "" {
		if err := drift.WriteResults(a.resultsF, out.Summary(a.resultsF)); err != nil {
			errs = append(errs, err)
		}
	}
	for _, err := range errs {
		fmt.Fprintf(e.stderr, "ccwire spec: %v\n", err)
	}
	fmt.Fprintf(e.stdout, "%d passed, %d failed, %d skipped\n", passed, failed, skipped)
	if failed > 0 || len(errs) > 0 {
		return 1
	}
	return 0
}

// writeNotRecorded says, per CLI version with a failed run, which
// recordings the run did not write and why each failed run failed.
func writeNotRecorded(w io.Writer, out *drift.Outcome) {
	var versions []string
	runs, failures := map[string]int{}, map[string][]*drift.RunFailure{}
	for _, r := range out.Results {
		if r.Status == scenario.Skipped {
			continue
		}
		if runs[r.Version]++; runs[r.Version] == 1 {
			versions = append(versions, r.Version)
		}
		if f := drift.ClassifyFailure(r); f != nil {
			failures[r.Version] = append(failures[r.Version], f)
		}
	}
	fmt.Fprintln(w)
	for _, v := range versions {
		fs := failures[v]
		switch {
		case len(fs) == 0:
			continue
		case slices.Contains(out.NotRecorded, v):
			fmt.Fprintf(w, "Claude Code %s: not recorded: %d of its %d runs failed, and a release is recorded only when all its runs pass\n", v, len(fs), runs[v])
		default:
			fmt.Fprintf(w, "Claude Code %s: the recordings of its %d failed runs were not written (the recordings folder keeps the ones it had)\n", v, len(fs))
		}
		for _, f := range fs {
			fmt.Fprintf(w, "  %s: %v\n", f.Kind, f)
		}
	}
}

// resultNote is what the progress line and the summary say besides the
// status: the time, and why a run was skipped or failed (first line).
func resultNote(r scenario.Result) string {
	switch r.Status {
	case scenario.Skipped:
		return "not applicable: " + r.Reason.En
	case scenario.Failed:
		first, _, _ := strings.Cut(strings.TrimPrefix(fmt.Sprint(r.Err), fmt.Sprintf("scenario %s, Claude Code %s:\n  ", r.Scenario.ID, r.Version)), "\n")
		return fmt.Sprintf("%s  %s", r.Elapsed.Round(10*time.Millisecond), first)
	}
	return r.Elapsed.Round(10 * time.Millisecond).String()
}

// writeSummary writes the table of results: one row per scenario and
// version.
func writeSummary(w io.Writer, results []scenario.Result) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "SCENARIO\tCLI\tSTATUS\tTIME\tNOTE")
	for _, r := range results {
		elapsed, note := "-", ""
		if r.Status != scenario.Skipped {
			elapsed = r.Elapsed.Round(10 * time.Millisecond).String()
		}
		switch r.Status {
		case scenario.Skipped:
			note = "not applicable: " + r.Reason.En
		case scenario.Failed:
			_, note, _ = strings.Cut(resultNote(r), "  ")
		}
		row := fmt.Sprintf("%s\t%s\t%s\t%s", r.Scenario.ID, r.Version, r.Status, elapsed)
		if note != "" {
			row += "\t" + note
		}
		fmt.Fprintln(tw, row)
	}
	tw.Flush()
}

// writeVersionSummary writes the closing table: per CLI version, how many
// runs passed, failed and were skipped, and the time its runs took.
func writeVersionSummary(w io.Writer, results []scenario.Result) {
	type counts struct {
		passed, failed, skipped int
		time                    time.Duration
	}
	var versions []string
	by := map[string]*counts{}
	for _, r := range results {
		c := by[r.Version]
		if c == nil {
			c = &counts{}
			by[r.Version] = c
			versions = append(versions, r.Version)
		}
		switch r.Status {
		case scenario.Passed:
			c.passed++
		case scenario.Failed:
			c.failed++
		case scenario.Skipped:
			c.skipped++
		}
		c.time += r.Elapsed
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "CLI\tPASSED\tFAILED\tSKIPPED\tRUN TIME")
	for _, v := range versions {
		c := by[v]
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%s\n", v, c.passed, c.failed, c.skipped, c.time.Round(10*time.Millisecond))
	}
	tw.Flush()
}

// scenarioList is what ccwire spec --list -json prints.
type scenarioList struct {
	// Folder is where the scenarios were read: a folder, or the
	// scenarios built into ccwire.
	Folder    string          `json:"folder"`
	Scenarios []scenarioEntry `json:"scenarios"`
}

// scenarioEntry is one scenario of a scenarioList.
type scenarioEntry struct {
	ID       string        `json:"id"`
	Category string        `json:"category"`
	Applies  string        `json:"applies,omitempty"` // the CLI versions it applies to; "" for all
	Title    scenario.Text `json:"title"`
}

// specList is ccwire spec --list: it lists scenarios, read from dir.
func specList(e env, scenarios []*scenario.Scenario, dir folder, asJSON bool) int {
	l := scenarioList{Folder: dir.name, Scenarios: make([]scenarioEntry, len(scenarios))}
	for i, sc := range scenarios {
		l.Scenarios[i] = scenarioEntry{ID: sc.ID, Category: sc.Category, Applies: sc.Applies.String(), Title: sc.Title}
	}
	var err error
	if asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false) // the constraints' < and >
		err = enc.Encode(l)
	} else {
		tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "SCENARIO\tCATEGORY\tCLI\tTITLE")
		for _, s := range l.Scenarios {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", s.ID, s.Category, cmp.Or(s.Applies, "all"), s.Title.En)
		}
		fmt.Fprintf(tw, "\n%d scenarios in %s\n", len(l.Scenarios), l.Folder)
		err = tw.Flush()
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "ccwire spec: %v\n", err)
		return 1
	}
	return 0
}
