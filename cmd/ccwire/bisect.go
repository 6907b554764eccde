package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math/bits"
	"path"

	"slices"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/drift"
	"github.com/ccwire/ccwire/scenario"
)

// bisectArgs are ccwire bisect's parsed arguments.
type bisectArgs struct {
	cf         corpusFlags
	scenarioID string
	member     *drift.Member
	pre        bool
	npmOpts    []cliinstall.Option
	asJSON     bool
	firsts     string
	en, ja     string
	args       []string // FROM and TO as given
}

// bisectPlan is what a bisection runs: the versions between the ends,
// and the scenario run on each.
type bisectPlan struct {
	ends      []string // FROM and TO, resolved
	id        string
	scenarios []*scenario.Scenario
	versions  []string
	subject   string
}

// runBisect finds the first CLI version where a scenario's verdict or a
// member changes.
//
//	ccwire bisect [flags] (--scenario ID | --member M) FROM TO
func runBisect(ctx context.Context, e env, args []string) int {
	a, code, ok := parseBisect(e, args)
	if !ok {
		return code
	}
	fail := func(err error) int {
		fmt.Fprintf(e.stderr, "ccwire bisect: %v\n", err)
		return 1
	}
	p, code, err := planBisect(ctx, e, a)
	if err != nil {
		return fail(err)
	}
	if p == nil {
		return code
	}
	out := e.stdout
	if a.asJSON {
		out = e.stderr // the steps are progress then
	}
	b, err := bisectRun(ctx, e, out, a, p)
	if err != nil {
		var nc *drift.NoChangeError
		if errors.As(err, &nc) {
			return fail(fmt.Errorf("%s is %s on both %s and %s: nothing to find (or it changed and changed back)", p.subject, nc.Observation, nc.From, nc.To))
		}
		return fail(err)
	}
	if err := bisectReportOut(e, out, a, p, b); err != nil {
		return fail(err)
	}
	return 0
}

// parseBisect parses and checks ccwire bisect's arguments; when it
// returns !ok, the command ends with code.
func parseBisect(e env, args []string) (a *bisectArgs, code int, ok bool) {
	flags := flag.NewFlagSet("ccwire bisect", flag.ContinueOnError)
	flags.SetOutput(e.stderr)
	a = &bisectArgs{}
	a.cf.register(flags)
	flags.StringVar(&a.scenarioID, "scenario", "", "follow this scenario's `id`: its verdict (pass, fail, n/a), or with --member the scenario to run")
	memberArg := flags.String("member", "", "follow this `member` (system/init.sandbox_enabled), list item (system/init.capabilities[x]) or kind (system/init): its JSON types, or absent")
	flags.BoolVar(&a.pre, "prereleases", false, "also try prerelease versions")
	npm := flags.String("npm", "", "the npm `executable` that lists the published versions (default: npm on PATH)")
	flags.BoolVar(&a.asJSON, "json", false, "print the bisection as JSON")
	flags.StringVar(&a.firsts, "firsts", "", "add the answer to this bisect findings `file` (drift/firsts.json), which the reference's changelog reads; needs --en and --ja")
	flags.StringVar(&a.en, "en", "", "with --firsts, what changed at the first version, in English (one sentence)")
	flags.StringVar(&a.ja, "ja", "", "with --firsts, what changed at the first version, in Japanese")
	usage := func(w io.Writer) {
		fmt.Fprintln(w, "Usage: ccwire bisect [flags] (--scenario ID | --member M) FROM TO")
		fmt.Fprintln(w)
		fmt.Fprintln(w, "Finds the first published Claude Code version from FROM to TO (versions, pinned or latest)")
		fmt.Fprintln(w, "where a scenario's verdict, or what the recordings show of a member, differs from")
		fmt.Fprintln(w, "FROM's, by binary search over the versions npm publishes: each probe installs a")
		fmt.Fprintln(w, "version and runs one scenario on it, as ccwire spec does. With --member and no")
		fmt.Fprintln(w, "--scenario, it runs the smallest scenario whose recordings under --recordings show")
		fmt.Fprintln(w, "the member. A version that cannot be installed or run, or whose failed run does not")
		fmt.Fprintln(w, "reach the member's kind, is skipped.")
		fmt.Fprintln(w, "Prints each version tried and what it shows, then the answer:")
		fmt.Fprintln(w, "  first version with system/init.sandbox_enabled (boolean): 2.1.N (last without: 2.1.M)")
		fmt.Fprintln(w, "With --firsts, --en and --ja it also adds the answer to a findings file such as")
		fmt.Fprintln(w, "drift/firsts.json, from which the reference's changelog names the first version of")
		fmt.Fprintln(w, "each notable change (a finding of the same change is replaced).")
		fmt.Fprintln(w, "FROM must be older than TO.")
		fmt.Fprintln(w, "Exit code: 0 when found, 1 on failure or when FROM and TO show the same, 2 on usage errors.")
		fmt.Fprintln(w)
		printFlags(w, flags)
	}
	if code, ok := parseCommandFlags(flags, args, e, usage); !ok {
		return nil, code, false
	}
	usageErr := func(format string, args ...any) (*bisectArgs, int, bool) {
		fmt.Fprintf(e.stderr, "ccwire bisect: "+format+"\n", args...)
		return nil, 2, false
	}
	switch {
	case flags.NArg() != 2:
		return usageErr("want two versions, FROM and TO; got %d arguments", flags.NArg())
	case a.scenarioID == "" && *memberArg == "":
		return usageErr("give --scenario, --member or both")
	case a.cf.parallel < 1:
		return usageErr("-j must be at least 1")
	case a.firsts != "" && (a.en == "" || a.ja == ""):
		return usageErr("--firsts needs --en and --ja: what changed, in both languages")
	case a.firsts == "" && (a.en != "" || a.ja != ""):
		return usageErr("--en and --ja go with --firsts")
	}
	if *memberArg != "" {
		m, err := drift.ParseMember(*memberArg)
		if err != nil {
			return usageErr("--member: %v", err)
		}
		a.member = &m
	}
	if *npm != "" {
		a.npmOpts = append(a.npmOpts, cliinstall.WithNPM(*npm))
	}
	a.args = flags.Args()
	return a, 0, true
}

// planBisect resolves the ends, picks the scenario and lists the
// published versions between the ends. A nil plan and no error is a
// usage error, already reported, ending the command with code.
func planBisect(ctx context.Context, e env, a *bisectArgs) (*bisectPlan, int, error) {
	usageErr := func(format string, args ...any) (*bisectPlan, int, error) {
		fmt.Fprintf(e.stderr, "ccwire bisect: "+format+"\n", args...)
		return nil, 2, nil
	}
	p := &bisectPlan{ends: make([]string, 2)}
	parsed := make([]cliversion.Version, 2)
	for i, arg := range a.args {
		v, err := resolveVersion(ctx, arg, a.npmOpts)
		if err != nil {
			return nil, 1, err
		}
		if parsed[i], err = cliversion.Parse(v); err != nil {
			return usageErr("%q is not a version: %v", arg, err)
		}
		p.ends[i] = v
	}
	// named says which version an argument such as "latest" stands for.
	named := func(i int) string {
		if a.args[i] != p.ends[i] {
			return a.args[i] + " (" + p.ends[i] + ")"
		}
		return p.ends[i]
	}
	switch c := parsed[0].Compare(parsed[1]); {
	case c == 0:
		return usageErr("FROM and TO are both %s: nothing lies between them; give an older FROM than TO", p.ends[0])
	case c > 0:
		return usageErr("FROM %s is newer than TO %s: give the older version first (ccwire bisect … %s %s)", named(0), named(1), a.args[1], a.args[0])
	}
	scenarios, scenarioDir, err := a.cf.loadScenarios()
	if err != nil {
		return nil, 1, err
	}
	p.scenarios = scenarios
	p.id = a.scenarioID
	if p.id == "" {
		if p.id, err = scenarioShowing(recordingsFolder(a.cf.recordings), *a.member); err != nil {
			return nil, 1, err
		}
	}
	if !slices.ContainsFunc(scenarios, func(sc *scenario.Scenario) bool { return sc.ID == p.id }) {
		return nil, 1, fmt.Errorf("no scenario %s in %s", p.id, scenarioDir.name)
	}
	published, err := cliinstall.PublishedVersions(ctx, a.npmOpts...)
	if err != nil {
		return nil, 1, err
	}
	if p.versions, err = drift.Between(published, p.ends[0], p.ends[1], a.pre); err != nil {
		return nil, 1, err
	}
	p.subject = "scenario " + p.id
	if a.member != nil {
		p.subject = a.member.String()
	}
	return p, 0, nil
}

// bisectRun runs the bisection, writing each step to out.
func bisectRun(ctx context.Context, e env, out io.Writer, a *bisectArgs, p *bisectPlan) (*drift.Bisection, error) {
	id, member := p.id, a.member
	fmt.Fprintf(out, "ccwire bisect: %s from %s to %s: %d published versions, about %d probes, each running scenario %s\n",
		p.subject, p.versions[0], p.versions[len(p.versions)-1], len(p.versions), 2+bits.Len(uint(len(p.versions)-2)), id)
	one := slices.DeleteFunc(slices.Clone(p.scenarios), func(sc *scenario.Scenario) bool { return sc.ID != id })
	runner := &corpusRunner{e: e, flags: &a.cf, command: "bisect", scenarios: one, quiet: true}
	verdicts := map[string]drift.Verdict{}
	probe := func(ctx context.Context, v string) (string, error) {
		if isTerminal(e.stderr) {
			fmt.Fprintf(e.stderr, "ccwire bisect: trying Claude Code %s…\n", v)
		}
		c, err := runner.run(ctx, v, v)
		if err != nil {
			return "", err
		}
		verdict := drift.Missing
		if r := c.Runs[id]; r != nil {
			verdict = r.Verdict
		}
		verdicts[v] = verdict
		if member == nil {
			return string(verdict), nil
		}
		o := c.Observe(*member)
		if o == drift.Absent && !c.Has(drift.Member{Kind: member.Kind}) && verdict != drift.Pass {
			return "", fmt.Errorf("scenario %s is %s on Claude Code %s and its recording has no %s to tell", id, verdict, v, member.Kind)
		}
		return o, nil
	}
	width := 0
	for _, v := range p.versions {
		width = max(width, len(v))
	}
	step := func(s drift.Step) {
		switch {
		case s.Err != nil:
			fmt.Fprintf(out, "%-*s  %-8s %s\n", width, s.Version, "skipped", firstErrLine(s.Err))
		case member != nil:
			fmt.Fprintf(out, "%-*s  %-8s (scenario %s: %s)\n", width, s.Version, s.Observation, id, verdicts[s.Version])
		default:
			fmt.Fprintf(out, "%-*s  %s\n", width, s.Version, s.Observation)
		}
	}
	return drift.Bisect(ctx, p.versions, probe, step)
}

// bisectReportOut adds the answer to --firsts and reports it.
func bisectReportOut(e env, out io.Writer, a *bisectArgs, p *bisectPlan, b *drift.Bisection) error {
	if a.firsts != "" {
		if err := addFirst(a.firsts, b, p.id, a.member, a.en, a.ja); err != nil {
			return err
		}
	}
	if a.asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(bisectReport{Subject: p.subject, Scenario: p.id, Bisection: b})
	}
	switch {
	case a.member != nil && b.Before == drift.Absent:
		fmt.Fprintf(out, "first version with %s (%s): %s (last without: %s)\n", p.subject, b.After, b.First, b.LastWithout)
	case a.member != nil && b.After == drift.Absent:
		fmt.Fprintf(out, "first version without %s: %s (last with: %s, %s)\n", p.subject, b.First, b.LastWithout, b.Before)
	default:
		fmt.Fprintf(out, "first version where %s is %s: %s (last where it is %s: %s)\n", p.subject, b.After, b.First, b.Before, b.LastWithout)
	}
	if len(b.Skipped) > 0 {
		fmt.Fprintf(out, "the change may be in a version skipped between them: %v\n", b.Skipped)
	}
	if a.firsts != "" {
		fmt.Fprintf(out, "added to %s\n", a.firsts)
	}
	return nil
}

// addFirst adds a bisection's answer to the findings file (a new one if
// there is none yet), replacing an earlier bisection of the same change.
func addFirst(file string, b *drift.Bisection, scenarioID string, member *drift.Member, en, ja string) error {
	f, err := drift.ReadFirsts(file)
	if errors.Is(err, fs.ErrNotExist) {
		f, err = &drift.Firsts{}, nil
	}
	if err != nil {
		return err
	}
	x := drift.First{Version: b.First, LastWithout: b.LastWithout, Scenario: scenarioID, En: en, Ja: ja}
	if member != nil {
		x.Member = member.String()
	}
	for _, s := range b.Steps {
		if s.Err == nil {
			x.Probes = append(x.Probes, s.Version)
		}
	}
	if _, err := f.Add(x); err != nil {
		return err
	}
	return drift.WriteFirsts(file, f)
}

// bisectReport is what bisect -json prints.
type bisectReport struct {
	// Subject is what was followed: "scenario ID" or a member.
	Subject  string `json:"subject"`
	Scenario string `json:"scenario"`
	*drift.Bisection
}

// scenarioShowing returns the scenario, of those whose recordings in the
// recordings folder recs show m (any version), with the smallest
// recording: the quickest to run.
func scenarioShowing(recs folder, m drift.Member) (string, error) {
	entries, err := fs.ReadDir(recs.fsys, ".")
	if err != nil {
		return "", fmt.Errorf("finding a scenario that shows %s in %s: %w (give --scenario, or --recordings)", m, recs.name, err)
	}
	best, size := "", int64(-1)
	for _, ent := range entries {
		v := ent.Name()
		if _, err := cliversion.Parse(v); err != nil || !ent.IsDir() {
			continue
		}
		c, err := recs.loadCorpus(v, drift.LoadOptions{})
		if err != nil {
			return "", err
		}
		for _, id := range c.Show(m) {
			st, err := fs.Stat(recs.fsys, path.Join(v, id+scenario.RecordingExt))
			if err != nil {
				return "", err
			}
			if size < 0 || st.Size() < size || st.Size() == size && id < best {
				best, size = id, st.Size()
			}
		}
	}
	if best == "" {
		return "", fmt.Errorf("no recording in %s shows %s: give --scenario", recs.name, m)
	}
	return best, nil
}

// firstErrLine returns the first line of an error's text.
func firstErrLine(err error) string {
	s := err.Error()
	for i, c := range s {
		if c == '\n' {
			return s[:i]
		}
	}
	return s
}
