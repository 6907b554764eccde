package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/docgen"
	"github.com/ccwire/ccwire/drift"
	"github.com/ccwire/ccwire/internal/mcpecho"
	"github.com/ccwire/ccwire/internal/tempdir"
	"github.com/ccwire/ccwire/protocol/schema"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

// trackArgs are ccwire track's parsed flags.
type trackArgs struct {
	root      string
	denseFrom string
	runExpr   string
	filter    *regexp.Regexp
	cacheDir  string
	npm       string
	releases  string
	parallel  int
	dryRun    bool
	asJSON    bool
}

// trackPlan is what ccwire track does: the releases to record, in order.
type trackPlan struct {
	root      string
	matrix    drift.Matrix
	published []string
	recorded  []string
	scenarios []*scenario.Scenario
	steps     []drift.TrackStep
}

// trackReport is what ccwire track reports (-json).
type trackReport struct {
	Matrix drift.Matrix `json:"matrix"`
	// Published is how many releases npm lists (or --releases holds);
	// Recorded are the releases whose recordings were complete.
	Published int            `json:"published"`
	Recorded  []string       `json:"recorded"`
	DryRun    bool           `json:"dry_run,omitempty"`
	Releases  []trackRelease `json:"releases"`
	// Docs and Schema are how many files the regenerated reference and
	// JSON Schema have.
	Docs   int `json:"docs,omitempty"`
	Schema int `json:"schema,omitempty"`
}

// trackRelease is what became of one release.
type trackRelease struct {
	drift.TrackStep
	// Status is "recorded", "failed" (nothing of the release was
	// written: see Failures), or "" in a dry run.
	Status string `json:"status,omitempty"`
	// Rerun are the scenarios that failed and passed when run again.
	Rerun []string `json:"rerun,omitempty"`
	// Failures are the runs that failed twice (or the install that
	// failed) and kept the release from being recorded.
	Failures []*drift.RunFailure `json:"failures,omitempty"`
	Passed   int                 `json:"passed"`
	Failed   int                 `json:"failed"`
	Skipped  int                 `json:"skipped"`
	// Changes are the changes its comparisons found; Known the ones
	// the findings already had; Findings those added.
	Changes  int           `json:"changes"`
	Known    int           `json:"known"`
	Findings []drift.First `json:"findings"`
	// Unbisected are the changes no one scenario shows, between
	// releases with others between them: not bisected.
	Unbisected []string `json:"unbisected,omitempty"`
	ElapsedMS  int64    `json:"elapsed_ms"`
}

// runTrack records the published CLI releases the recordings lack under
// the matrix policy, finds the first version of each change they show,
// and regenerates the reference and the JSON Schema.
//
//	ccwire track [flags]
func runTrack(ctx context.Context, e env, args []string) int {
	a, code, ok := parseTrack(e, args)
	if !ok {
		return code
	}
	fail := func(err error) int {
		fmt.Fprintf(e.stderr, "ccwire track: %v\n", err)
		return 1
	}
	p, err := planTrack(ctx, a)
	if err != nil {
		return fail(err)
	}
	rep := &trackReport{Matrix: p.matrix, Published: len(p.published), Recorded: p.recorded, DryRun: a.dryRun, Releases: []trackRelease{}}
	for _, s := range p.steps {
		rep.Releases = append(rep.Releases, trackRelease{TrackStep: s, Findings: []drift.First{}})
	}
	if a.dryRun || len(p.steps) == 0 {
		return trackReportOut(e, a, rep, nil)
	}
	sweepTemp(e, "track")
	t := &tracker{e: e, a: a, p: p, probes: map[string]*drift.Corpus{}, index: drift.NewTrackIndex(p.published, p.recorded)}
	if isTerminal(e.stderr) && os.Getenv("TERM") != "dumb" {
		t.status = &statusLine{w: e.stderr, prefix: "ccwire track: "}
		defer t.status.clear()
	}
	var recordedNow []string
	for i := range rep.Releases {
		if err := t.step(ctx, rep.Releases, i); err != nil {
			return fail(err)
		}
		if rep.Releases[i].Status == statusRecorded {
			recordedNow = append(recordedNow, rep.Releases[i].Version)
		}
	}
	var errs []error
	if len(recordedNow) > 0 {
		t.say("regenerating the reference and the JSON Schema")
		if rep.Docs, err = regenerateDocs(ctx, p.root); err != nil {
			errs = append(errs, err)
		}
		if rep.Schema, err = regenerateSchema(ctx, p.root, recordedNow); err != nil {
			errs = append(errs, err)
		}
	}
	if len(recordedNow) < len(rep.Releases) {
		errs = append(errs, notRecordedError(rep.Releases))
	}
	return trackReportOut(e, a, rep, errors.Join(errs...))
}

// The statuses of a trackRelease.
const (
	statusRecorded = "recorded"
	statusFailed   = "failed"
)

// notRecordedError lists the releases that failed, one line per failure.
func notRecordedError(releases []trackRelease) error {
	var b strings.Builder
	n := 0
	for _, r := range releases {
		if r.Status == statusFailed {
			n++
			for _, f := range r.Failures {
				fmt.Fprintf(&b, "\n  %s: %v", r.Version, f)
			}
		}
	}
	return fmt.Errorf("%d of %d releases not recorded (a later run tries them again):%s", n, len(releases), b.String())
}

// sweepTemp removes the temporary folders that ccwire processes since
// gone (killed, say) left, and says so on stderr; command names the
// command.
func sweepTemp(e env, command string) {
	s, err := tempdir.Sweep("")
	if s.Folders > 0 {
		fmt.Fprintf(e.stderr, "ccwire %s: removed %d temporary folders (%d KB) that ccwire processes since gone left\n", command, s.Folders, (s.Bytes+1023)/1024)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "ccwire %s: %v\n", command, err)
	}
}

// parseTrack parses and checks ccwire track's arguments; when it
// returns !ok, the command ends with code.
func parseTrack(e env, args []string) (a *trackArgs, code int, ok bool) {
	flags := flag.NewFlagSet("ccwire track", flag.ContinueOnError)
	flags.SetOutput(e.stderr)
	a = &trackArgs{}
	def := drift.DefaultMatrix()
	flags.StringVar(&a.root, "root", "", "module root holding scenarios/, recordings/, drift/, docs/ and schema/ (default: found from the current directory)")
	flags.StringVar(&a.denseFrom, "dense-from", def.DenseFrom, "the `version` from which every release is recorded (before it, every "+fmt.Sprint(def.Step)+"th)")
	flags.StringVar(&a.runExpr, "run", "", "run only the scenarios whose id matches this `regexp` (a release is complete when these are recorded)")
	flags.StringVar(&a.cacheDir, "cache-dir", "", "ccwire cache root (default $"+cliinstall.EnvCacheDir+" or the user cache folder)")
	flags.StringVar(&a.npm, "npm", "", "the npm `executable` that lists and installs the releases (default: npm on PATH)")
	flags.StringVar(&a.releases, "releases", "", "read the published releases from this `file` (one version a line, as "+drift.ReleasesFile+") instead of asking npm; "+drift.ReleasesFile+" is then left as it is")
	flags.IntVar(&a.parallel, "j", scenario.DefaultParallel(), "how many CLI processes run at once")
	flags.BoolVar(&a.dryRun, "dry-run", false, "run nothing: list the releases it would record, the recorded ones each is compared with, and the releases a change would be bisected over")
	flags.BoolVar(&a.asJSON, "json", false, "print the report as JSON")
	usage := func(w io.Writer) {
		fmt.Fprintln(w, "Usage: ccwire track [flags]")
		fmt.Fprintln(w)
		fmt.Fprintln(w, "Brings the recordings up to the matrix policy: every published Claude Code release from")
		fmt.Fprintln(w, "--dense-from on, and before it every "+fmt.Sprint(def.Step)+"th published release counted from "+def.From+" (no more than")
		fmt.Fprintln(w, fmt.Sprint(def.Step-1)+" unrecorded releases between two recorded ones). For each release the recordings lack,")
		fmt.Fprintln(w, "oldest first, it installs it, runs the whole corpus on it, compares it with its recorded")
		fmt.Fprintln(w, "neighbours, bisects each change over the published releases between them (none when they")
		fmt.Fprintln(w, "are adjacent) unless "+drift.FirstsFile+" has it already, adds the findings there with their")
		fmt.Fprintln(w, "English and Japanese sentences, and writes the release's recordings. Then it regenerates")
		fmt.Fprintln(w, "docs/ (the reference and its changelog) and schema/, as ccwire docs and ccwire schema do.")
		fmt.Fprintln(w, "It rewrites "+drift.ReleasesFile+" with the releases npm lists. A release whose recordings")
		fmt.Fprintln(w, "are complete is not run again: an interrupted track resumes where it stopped.")
		fmt.Fprintln(w)
		fmt.Fprintln(w, "A release is recorded only if its runs pass. A scenario that fails is run once more; if it")
		fmt.Fprintln(w, "fails again, nothing of the release is written (no recordings, findings, docs or schema),")
		fmt.Fprintln(w, "and track goes on to the next release, compared with the newest recorded one. A failure is")
		fmt.Fprintln(w, "an install that fails, a CLI that cannot start, hangs (does not exit by itself) or crashes")
		fmt.Fprintln(w, "(exits with another status than the scenario wants): the release or the machine is broken;")
		fmt.Fprintln(w, "or a CLI that exits as wanted but does not do what the scenario expects: a protocol change")
		fmt.Fprintln(w, "to look at (give the scenario a variant), never recorded as the new truth. The release is")
		fmt.Fprintln(w, "still missing, so the next track tries it again.")
		fmt.Fprintln(w, "Exit code: 0 when every release was recorded (also when nothing is missing), 1 when one")
		fmt.Fprintln(w, "was not (each failure listed with its scenario, exit code and stderr) or on other failures,")
		fmt.Fprintln(w, "2 on usage errors.")
		fmt.Fprintln(w)
		printFlags(w, flags)
	}
	if code, ok := parseCommandFlags(flags, args, e, usage); !ok {
		return nil, code, false
	}
	usageErr := func(format string, args ...any) (*trackArgs, int, bool) {
		fmt.Fprintf(e.stderr, "ccwire track: "+format+"\n", args...)
		return nil, 2, false
	}
	if flags.NArg() > 0 {
		return usageErr("unexpected arguments %q", flags.Args())
	}
	if a.parallel < 1 {
		return usageErr("-j must be at least 1")
	}
	m := def
	m.DenseFrom = a.denseFrom
	if err := m.Check(); err != nil {
		return usageErr("--dense-from: %v", err)
	}
	if a.runExpr != "" {
		var err error
		if a.filter, err = regexp.Compile(a.runExpr); err != nil {
			return usageErr("--run: %v", err)
		}
	}
	return a, 0, true
}

// planTrack reads the published releases and the recordings and plans
// the releases to record.
func planTrack(ctx context.Context, a *trackArgs) (*trackPlan, error) {
	root := a.root
	if root == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		if root, err = docgen.FindModuleRoot(wd); err != nil {
			return nil, fmt.Errorf("%w (give --root)", err)
		}
	}
	p := &trackPlan{root: root, matrix: drift.DefaultMatrix()}
	p.matrix.DenseFrom = a.denseFrom
	var err error
	if p.scenarios, err = scenario.LoadDir(filepath.Join(root, scenariosDir)); err != nil {
		return nil, err
	}
	if a.filter != nil {
		p.scenarios = slices.DeleteFunc(p.scenarios, func(sc *scenario.Scenario) bool { return !a.filter.MatchString(sc.ID) })
		if len(p.scenarios) == 0 {
			return nil, fmt.Errorf("--run %q matches no scenario in %s", a.runExpr, filepath.Join(root, scenariosDir))
		}
	}
	if a.releases != "" {
		if p.published, err = drift.ReadReleases(a.releases); err != nil {
			return nil, err
		}
	} else {
		if p.published, err = cliinstall.PublishedVersions(ctx, a.installOptions()...); err != nil {
			return nil, err
		}
		if err := drift.WriteReleases(filepath.Join(root, filepath.FromSlash(drift.ReleasesFile)), p.published); err != nil {
			return nil, err
		}
	}
	if p.recorded, err = completeVersions(filepath.Join(root, recordingsDir), p.scenarios); err != nil {
		return nil, err
	}
	if p.steps, err = drift.PlanTrack(p.matrix, p.published, p.recorded); err != nil {
		return nil, err
	}
	return p, nil
}

// installOptions are the options releases are listed and installed with.
func (a *trackArgs) installOptions() []cliinstall.Option {
	var opts []cliinstall.Option
	if a.cacheDir != "" {
		opts = append(opts, cliinstall.WithCacheDir(a.cacheDir))
	}
	if a.npm != "" {
		opts = append(opts, cliinstall.WithNPM(a.npm))
	}
	return opts
}

// completeVersions returns the versions recorded in dir whose
// recordings are complete: one for every scenario that applies to the
// version.
func completeVersions(dir string, scenarios []*scenario.Scenario) ([]string, error) {
	versions, err := recording.Versions(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	// A damaged recording (see recording.Check) counts as missing.
	damaged := map[string]bool{}
	var de *recording.DamageError
	if err := recording.Check(dir); errors.As(err, &de) {
		for _, p := range de.Problems {
			damaged[filepath.Join(dir, filepath.FromSlash(p.Recording))] = true
		}
	} else if err != nil {
		return nil, err
	}
	var out []string
	for _, v := range versions {
		if complete(dir, v, scenarios, damaged) {
			out = append(out, v)
		}
	}
	return out, nil
}

// complete reports whether dir/version holds the recording of every
// scenario that applies to version, each whole: a recording that is
// empty, torn or whose objects are missing or damaged makes the version
// incomplete, so that track records it again, which repairs it.
func complete(dir, version string, scenarios []*scenario.Scenario, damaged map[string]bool) bool {
	v, err := cliversion.Parse(version)
	if err != nil {
		return false
	}
	for _, sc := range scenarios {
		if !sc.AppliesTo(v) {
			continue
		}
		file := scenario.RecordingPath(dir, version, sc.ID)
		if _, err := os.Stat(file); err != nil || damaged[file] {
			return false
		}
	}
	return true
}

// tracker records the releases of a plan.
type tracker struct {
	e      env
	a      *trackArgs
	p      *trackPlan
	status *statusLine
	// probes are the corpora of bisection probes, by version and
	// scenario: a scenario runs once per version.
	probes map[string]*drift.Corpus
	// index holds the releases recorded so far: a release that failed
	// is not added, and the next is compared with the newest there.
	index *drift.TrackIndex
}

// say shows what the tracker is doing: in the status line on a
// terminal, else on a line of stderr.
func (t *tracker) say(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if t.status != nil {
		t.status.show(msg)
		return
	}
	fmt.Fprintln(t.e.stderr, "ccwire track: "+msg)
}

// runner returns a runner of scenarios that records nothing.
func (t *tracker) runner(scenarios []*scenario.Scenario) (*drift.Runner, error) {
	mcpServer, err := mcpecho.SelfCommand()
	if err != nil {
		return nil, err
	}
	return &drift.Runner{Scenarios: scenarios, Parallel: t.a.parallel, Install: t.a.installOptions(), MCPTestServer: mcpServer}, nil
}

// step records release i of releases, compared with the releases
// recorded by then. A release that fails is not recorded; when it was
// the one to compare with the recorded release after it, and the
// release before it was recorded by this run, that one is compared with
// it instead, so that every stretch between recorded releases is still
// compared once.
func (t *tracker) step(ctx context.Context, releases []trackRelease, i int) error {
	out := &releases[i]
	next := ""
	if i+1 < len(releases) {
		next = releases[i+1].Version
	}
	out.TrackStep = t.index.Step(out.Version, next)
	if err := t.release(ctx, i, len(releases), out); err != nil {
		return err
	}
	if out.Status == statusRecorded {
		t.index.Add(out.Version)
		return nil
	}
	if out.Older == "" || out.Newer == "" {
		return nil
	}
	k := slices.IndexFunc(releases[:i], func(r trackRelease) bool { return r.Version == out.Older && r.Status == statusRecorded })
	if k < 0 {
		return nil // the stretch was compared when its ends were recorded
	}
	older := &releases[k]
	s := t.index.Step(older.Version, "")
	older.Newer, older.After = s.Newer, s.After
	a, err := t.load(older.Version)
	if err != nil {
		return err
	}
	b, err := t.load(older.Newer)
	if err != nil {
		return err
	}
	head := fmt.Sprintf("release %d of %d: Claude Code %s", k+1, len(releases), older.Version)
	return t.compare(ctx, head, []stretch{{a, b, older.Version, older.Newer, older.After}}, older)
}

// stretch is two releases compared, a and b their corpora, and the
// published releases between them, where a change is bisected.
type stretch struct {
	a, b     *drift.Corpus
	from, to string
	between  []string
}

// load reads the corpus of a recorded version.
func (t *tracker) load(v string) (*drift.Corpus, error) {
	c, err := drift.Load(filepath.Join(t.p.root, recordingsDir, v), drift.LoadOptions{Label: v, Version: v, Scenarios: t.p.scenarios})
	if err != nil {
		return nil, err
	}
	keepScenarios(c, t.a.filter)
	return c, nil
}

// release records the release of out, step i of n: it runs the corpus
// on it (a failed scenario twice), and unless a run failed, compares it
// with its neighbours, bisects what changed, adds the findings, then
// writes the recordings (last: complete recordings mean a release is
// done). A release with a failed run gets the status failed and its
// failures, and nothing of it is written.
func (t *tracker) release(ctx context.Context, i, n int, out *trackRelease) error {
	start := time.Now()
	defer func() { out.ElapsedMS = time.Since(start).Milliseconds() }()
	step := out.TrackStep
	head := fmt.Sprintf("release %d of %d: Claude Code %s", i+1, n, step.Version)
	t.say("%s: installing", head)
	o, rerun, failures, err := t.run(ctx, head, step.Version, t.p.scenarios)
	if err != nil {
		return err
	}
	out.Rerun, out.Failures = rerun, failures
	if o != nil {
		out.Passed, out.Failed, out.Skipped = o.Counts()
	}
	if len(failures) > 0 {
		out.Status = statusFailed
		t.say("%s: not recorded: %d failed", head, len(failures))
		return nil
	}
	c, err := o.Corpus(step.Version, step.Version)
	if err != nil {
		return err
	}
	// The stretch before the release, and the one after it.
	var stretches []stretch
	if step.Older != "" {
		older, err := t.load(step.Older)
		if err != nil {
			return err
		}
		stretches = append(stretches, stretch{older, c, step.Older, step.Version, step.Before})
	}
	if step.Newer != "" {
		newer, err := t.load(step.Newer)
		if err != nil {
			return err
		}
		stretches = append(stretches, stretch{c, newer, step.Version, step.Newer, step.After})
	}
	if err := t.compare(ctx, head, stretches, out); err != nil {
		return err
	}
	if err := o.Write(ctx, filepath.Join(t.p.root, recordingsDir)); err != nil {
		return err
	}
	out.Status = statusRecorded
	if t.status == nil {
		t.say("%s: %d passed, %d failed, %d skipped; %d changes, %d known, %d findings added", head, out.Passed, out.Failed, out.Skipped, out.Changes, out.Known, len(out.Findings))
	}
	return nil
}

// run runs scenarios on version, and each that failed once more: a run
// that passes the second time stands for the first. It returns the
// outcome, the scenarios that passed when run again, and the failures
// of those that failed twice, or of the install (then o is nil).
func (t *tracker) run(ctx context.Context, head, version string, scenarios []*scenario.Scenario) (o *drift.Outcome, rerun []string, failures []*drift.RunFailure, err error) {
	r, err := t.runner(scenarios)
	if err != nil {
		return nil, nil, nil, err
	}
	plan, err := r.Prepare(ctx, []string{version})
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil, nil, ctx.Err()
		}
		return nil, nil, []*drift.RunFailure{drift.InstallFailure(version, err)}, nil
	}
	var progress func(scenario.Result)
	if head != "" {
		done := 0
		t.say("%s: running %d scenarios", head, plan.Runs())
		progress = func(scenario.Result) {
			done++
			if t.status != nil {
				t.say("%s: run %d of %d", head, done, plan.Runs())
			}
		}
	}
	o = plan.Run(ctx, progress)
	if ctx.Err() != nil {
		return nil, nil, nil, ctx.Err()
	}
	index := map[string]int{}
	var again []*scenario.Scenario
	for i, res := range o.Results {
		if res.Status == scenario.Failed {
			index[res.Scenario.ID] = i
			again = append(again, res.Scenario)
		}
	}
	if len(again) == 0 {
		return o, nil, nil, nil
	}
	if head != "" {
		t.say("%s: running the %d failed scenarios again", head, len(again))
	}
	if r, err = t.runner(again); err != nil {
		return nil, nil, nil, err
	}
	if plan, err = r.Prepare(ctx, []string{version}); err != nil {
		if ctx.Err() != nil {
			return nil, nil, nil, ctx.Err()
		}
		return o, nil, []*drift.RunFailure{drift.InstallFailure(version, err)}, nil
	}
	second := plan.Run(ctx, nil)
	if ctx.Err() != nil {
		return nil, nil, nil, ctx.Err()
	}
	for _, res := range second.Results {
		o.Results[index[res.Scenario.ID]] = res
		if f := drift.ClassifyFailure(res); f != nil {
			failures = append(failures, f)
		} else {
			rerun = append(rerun, res.Scenario.ID)
		}
	}
	return o, rerun, failures, nil
}

// compare compares each stretch's releases, bisects each change over
// the releases between unless the findings have it, and adds the
// findings to out and to the findings file.
func (t *tracker) compare(ctx context.Context, head string, stretches []stretch, out *trackRelease) error {
	firstsFile := filepath.Join(t.p.root, filepath.FromSlash(drift.FirstsFile))
	firsts, err := drift.ReadFirsts(firstsFile)
	if errors.Is(err, fs.ErrNotExist) {
		firsts, err = &drift.Firsts{}, nil
	}
	if err != nil {
		return err
	}
	weight := map[string]int{}
	for _, sc := range t.p.scenarios {
		weight[sc.ID] = sc.Turns()
	}
	pick := drift.PickSmallest(func(id string) int { return weight[id] })
	for _, s := range stretches {
		shifts := drift.Shifts(drift.Compare(s.a, s.b), pick)
		out.Changes += len(shifts)
		for k, sh := range shifts {
			if firsts.Known(sh, s.from, s.to) != nil {
				out.Known++
				continue
			}
			en, ja := sh.Describe()
			x := drift.First{Version: s.to, LastWithout: s.from, Member: sh.MemberName(), Scenario: sh.Scenario, En: en, Ja: ja, Probes: []string{s.from, s.to}}
			if len(s.between) > 0 {
				id, observe := t.observer(sh, s.a, s.b, weight)
				if id == "" {
					out.Unbisected = append(out.Unbisected, en+" (no one scenario shows it)")
					continue
				}
				x.Scenario = id
				t.say("%s: bisecting change %d of %d (%s to %s): %s", head, k+1, len(shifts), s.from, s.to, en)
				b, err := t.bisect(ctx, id, observe, s.a, s.b, s.from, s.to)
				if err != nil {
					out.Unbisected = append(out.Unbisected, fmt.Sprintf("%s (%v)", en, err))
					continue
				}
				x.Version, x.LastWithout, x.Probes = b.First, b.LastWithout, nil
				for _, st := range b.Steps {
					if st.Err == nil {
						x.Probes = append(x.Probes, st.Version)
					}
				}
			}
			if _, err := firsts.Add(x); err != nil {
				return err
			}
			out.Findings = append(out.Findings, x)
		}
	}
	return drift.WriteFirsts(firstsFile, firsts)
}

// observer returns the scenario a shift is bisected with and what a
// probe observes of it: whether the probe's run shows the shift against
// the older release's (a's) run, or, for a change of a member that no
// one scenario shows on its own, the member's JSON types in the lightest
// scenario whose runs on a and b tell them apart. "" for none.
func (t *tracker) observer(sh drift.Shift, a, b *drift.Corpus, weight map[string]int) (string, func(c *drift.Corpus) string) {
	if id := sh.Scenario; id != "" {
		base := a.Only(id)
		return id, func(c *drift.Corpus) string {
			if sh.In(drift.Compare(base, c.Only(id))) {
				return "changed"
			}
			return "unchanged"
		}
	}
	name := sh.MemberName()
	if name == "" {
		return "", nil
	}
	m, err := drift.ParseMember(name)
	if err != nil {
		return "", nil
	}
	ids := slices.Concat(a.Show(m), b.Show(m))
	slices.SortFunc(ids, func(x, y string) int { return cmp.Or(cmp.Compare(weight[x], weight[y]), strings.Compare(x, y)) })
	for _, id := range slices.Compact(ids) {
		if a.Only(id).Observe(m) != b.Only(id).Observe(m) {
			return id, func(c *drift.Corpus) string { return c.Only(id).Observe(m) }
		}
	}
	return "", nil
}

// bisect finds the first release from..to whose run of scenario id
// observes something else than from's: a, b are the corpora of from and
// to.
func (t *tracker) bisect(ctx context.Context, id string, observe func(*drift.Corpus) string, a, b *drift.Corpus, from, to string) (*drift.Bisection, error) {
	versions, err := drift.Between(t.p.published, from, to, false)
	if err != nil {
		return nil, err
	}
	probe := func(ctx context.Context, v string) (string, error) {
		var c *drift.Corpus
		switch v {
		case from:
			c = a
		case to:
			c = b
		default:
			var err error
			if c, err = t.probe(ctx, v, id); err != nil {
				return "", err
			}
		}
		return observe(c), nil
	}
	return drift.Bisect(ctx, versions, probe, nil)
}

// probe runs one scenario on version, once (twice if it fails).
func (t *tracker) probe(ctx context.Context, version, id string) (*drift.Corpus, error) {
	key := version + " " + id
	if c := t.probes[key]; c != nil {
		return c, nil
	}
	i := slices.IndexFunc(t.p.scenarios, func(sc *scenario.Scenario) bool { return sc.ID == id })
	if i < 0 {
		return nil, fmt.Errorf("no scenario %s", id)
	}
	o, _, failures, err := t.run(ctx, "", version, t.p.scenarios[i:i+1])
	if err != nil {
		return nil, err
	}
	// A release broken on this scenario (twice) observes nothing; a
	// scenario that fails as a process should is an observation.
	for _, f := range failures {
		if f.Kind.Broken() {
			return nil, f
		}
	}
	c, err := o.Corpus(version, version)
	if err != nil {
		return nil, err
	}
	t.probes[key] = c
	return c, nil
}

// regenerateDocs writes the reference (docs/) of the module at root as
// ccwire docs does, and returns how many files it has.
func regenerateDocs(ctx context.Context, root string) (int, error) {
	res, err := docgen.Render(ctx, root)
	if err != nil {
		return 0, err
	}
	if err := docgen.Write(filepath.Join(root, "docs"), res.Files); err != nil {
		return 0, err
	}
	if len(res.Missing) > 0 {
		return len(res.Files), &docgen.MissingTranslationsError{Missing: res.Missing}
	}
	return len(res.Files), nil
}

// regenerateSchema writes the JSON Schema (schema/<version>/) of the
// versions of the module at root as ccwire schema --cli-version does for
// each, and returns how many files they have. The other versions' schema
// files stay: their recordings did not change.
func regenerateSchema(ctx context.Context, root string, versions []string) (int, error) {
	dir := filepath.Join(root, recordingsDir)
	out := filepath.Join(root, "schema")
	_, want, stale, err := schemaFiles(ctx, func(v string) iter.Seq2[schema.Line, error] { return recording.SchemaLines(dir, v) }, versions, out, false)
	if err != nil {
		return 0, err
	}
	return len(want), writeSchemaFiles(out, want, stale)
}

// trackReportOut writes the report; err is what went wrong after the
// releases were recorded.
func trackReportOut(e env, a *trackArgs, rep *trackReport, err error) int {
	code := 0
	if err != nil {
		fmt.Fprintf(e.stderr, "ccwire track: %v\n", err)
		code = 1
	}
	if a.asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintf(e.stderr, "ccwire track: %v\n", err)
			return 1
		}
		return code
	}
	w := e.stdout
	newest := "none"
	if len(rep.Recorded) > 0 {
		newest = rep.Recorded[len(rep.Recorded)-1]
	}
	if len(rep.Releases) == 0 {
		fmt.Fprintf(w, "ccwire track: nothing missing: the recordings hold every release the matrix wants (%d recorded of %d published, the newest %s; dense from %s)\n",
			len(rep.Recorded), rep.Published, newest, rep.Matrix.DenseFrom)
		return code
	}
	recordedNow := 0
	for _, r := range rep.Releases {
		if r.Status == statusRecorded {
			recordedNow++
		}
	}
	what := fmt.Sprintf("recorded %d releases", recordedNow)
	switch {
	case rep.DryRun:
		what = fmt.Sprintf("would record %d releases", len(rep.Releases))
	case recordedNow < len(rep.Releases):
		what = fmt.Sprintf("recorded %d of %d releases", recordedNow, len(rep.Releases))
	}
	fmt.Fprintf(w, "ccwire track: %s (%d recorded of %d published; dense from %s)\n", what, len(rep.Recorded), rep.Published, rep.Matrix.DenseFrom)
	for i, r := range rep.Releases {
		fmt.Fprintf(w, "release %d of %d: %s\n", i+1, len(rep.Releases), r.Version)
		for _, side := range []struct {
			name, v string
			between []string
		}{{"older", r.Older, r.Before}, {"newer", r.Newer, r.After}} {
			if side.v == "" {
				continue
			}
			how := "adjacent: a change is first seen in the newer one"
			if len(side.between) > 0 {
				how = fmt.Sprintf("a change is bisected over the %d releases between (%s)", len(side.between), rangeText(side.between))
			}
			fmt.Fprintf(w, "  compared with the %s %s: %s\n", side.name, side.v, how)
		}
		if rep.DryRun {
			continue
		}
		elapsed := (time.Duration(r.ElapsedMS) * time.Millisecond).Round(time.Second)
		if len(r.Rerun) > 0 {
			fmt.Fprintf(w, "  failed, then passed when run again: %s\n", strings.Join(r.Rerun, ", "))
		}
		if r.Status == statusFailed {
			fmt.Fprintf(w, "  not recorded: nothing of it was written, a later run tries it again (%d passed, %d failed, %d skipped, in %s)\n", r.Passed, r.Failed, r.Skipped, elapsed)
			for _, f := range r.Failures {
				fmt.Fprintf(w, "    %s: %v\n", f.Kind, f)
				if !f.Kind.Broken() {
					// What the scenario expected and the CLI did instead.
					fmt.Fprintf(w, "      %s\n", strings.ReplaceAll(f.Err.Error(), "\n", "\n      "))
				}
			}
			continue
		}
		fmt.Fprintf(w, "  %d passed, %d failed, %d skipped; %d changes, %d already in %s, %d findings added, in %s\n",
			r.Passed, r.Failed, r.Skipped, r.Changes, r.Known, drift.FirstsFile, len(r.Findings), elapsed)
		for _, x := range r.Findings {
			fmt.Fprintf(w, "    %s (last without: %s, scenario %s): %s\n", x.Version, x.LastWithout, cmp.Or(x.Scenario, "-"), x.En)
		}
		for _, u := range r.Unbisected {
			fmt.Fprintf(w, "    not bisected: %s\n", u)
		}
	}
	if !rep.DryRun && recordedNow > 0 {
		fmt.Fprintf(w, "regenerated docs/ (%d files) and the new releases' schema/ (%d files)\n", rep.Docs, rep.Schema)
	}
	return code
}

// rangeText names a list of versions by its ends.
func rangeText(vs []string) string {
	if len(vs) == 1 {
		return vs[0]
	}
	return strings.Join([]string{vs[0], vs[len(vs)-1]}, " to ")
}
