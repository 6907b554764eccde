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
	"regexp"
	"slices"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/drift"
	"github.com/ccwire/ccwire/scenario"
)

// runBisect finds the first CLI version where a scenario's verdict or a
// member changes.
//
//	ccwire bisect [flags] (--scenario ID | --member M) FROM TO
func runBisect(ctx context.Context, e env, args []string) int {
	flags := flag.NewFlagSet("ccwire bisect", flag.ContinueOnError)
	flags.SetOutput(e.stderr)
	var cf corpusFlags
	cf.register(flags)
	scenarioID := flags.String("scenario", "", "follow this scenario's `id`: its verdict (pass, fail, n/a), or with --member the scenario to run")
	memberArg := flags.String("member", "", "follow this `member` (system/init.sandbox_enabled), list item (system/init.capabilities[x]) or kind (system/init): its JSON types, or absent")
	pre := flags.Bool("prereleases", false, "also try prerelease versions")
	npm := flags.String("npm", "", "the npm `executable` that lists the published versions (default: npm on PATH)")
	asJSON := flags.Bool("json", false, "print the bisection as JSON")
	firsts := flags.String("firsts", "", "add the answer to this bisect findings `file` (drift/firsts.json), which the reference's changelog reads; needs --en and --ja")
	en := flags.String("en", "", "with --firsts, what changed at the first version, in English (one sentence)")
	ja := flags.String("ja", "", "with --firsts, what changed at the first version, in Japanese")
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
		return code
	}
	usageErr := func(format string, args ...any) int {
		fmt.Fprintf(e.stderr, "ccwire bisect: "+format+"\n", args...)
		return 2
	}
	if flags.NArg() != 2 {
		return usageErr("want two versions, FROM and TO; got %d arguments", flags.NArg())
	}
	if *scenarioID == "" && *memberArg == "" {
		return usageErr("give --scenario, --member or both")
	}
	if cf.parallel < 1 {
		return usageErr("-j must be at least 1")
	}
	if *firsts != "" && (*en == "" || *ja == "") {
		return usageErr("--firsts needs --en and --ja: what changed, in both languages")
	}
	if *firsts == "" && (*en != "" || *ja != "") {
		return usageErr("--en and --ja go with --firsts")
	}
	var member *drift.Member
	if *memberArg != "" {
		m, err := drift.ParseMember(*memberArg)
		if err != nil {
			return usageErr("--member: %v", err)
		}
		member = &m
	}
	fail := func(err error) int {
		fmt.Fprintf(e.stderr, "ccwire bisect: %v\n", err)
		return 1
	}
	var npmOpts []cliinstall.Option
	if *npm != "" {
		npmOpts = append(npmOpts, cliinstall.WithNPM(*npm))
	}
	ends := make([]string, 2)
	parsed := make([]cliversion.Version, 2)
	for i, a := range flags.Args() {
		v, err := resolveVersion(ctx, a, npmOpts)
		if err != nil {
			return fail(err)
		}
		if parsed[i], err = cliversion.Parse(v); err != nil {
			return usageErr("%q is not a version: %v", a, err)
		}
		ends[i] = v
	}
	// named says which version an argument such as "latest" stands for.
	named := func(i int) string {
		if a := flags.Arg(i); a != ends[i] {
			return a + " (" + ends[i] + ")"
		}
		return ends[i]
	}
	switch c := parsed[0].Compare(parsed[1]); {
	case c == 0:
		return usageErr("FROM and TO are both %s: nothing lies between them; give an older FROM than TO", ends[0])
	case c > 0:
		return usageErr("FROM %s is newer than TO %s: give the older version first (ccwire bisect … %s %s)", named(0), named(1), flags.Arg(1), flags.Arg(0))
	}
	scenarios, scenarioDir, err := cf.loadScenarios()
	if err != nil {
		return fail(err)
	}
	id := *scenarioID
	if id == "" {
		if id, err = scenarioShowing(recordingsFolder(cf.recordings), *member); err != nil {
			return fail(err)
		}
	}
	if !slices.ContainsFunc(scenarios, func(sc *scenario.Scenario) bool { return sc.ID == id }) {
		return fail(fmt.Errorf("no scenario %s in %s", id, scenarioDir.name))
	}
	published, err := cliinstall.PublishedVersions(ctx, npmOpts...)
	if err != nil {
		return fail(err)
	}
	versions, err := drift.Between(published, ends[0], ends[1], *pre)
	if err != nil {
		return fail(err)
	}
	root, cleanup, err := cf.recordRoot("bisect")
	if err != nil {
		return fail(err)
	}
	defer cleanup()

	subject := "scenario " + id
	if member != nil {
		subject = member.String()
	}
	out := e.stdout
	if *asJSON {
		out = e.stderr // the steps are progress then
	}
	fmt.Fprintf(out, "ccwire bisect: %s from %s to %s: %d published versions, about %d probes, each running scenario %s\n",
		subject, versions[0], versions[len(versions)-1], len(versions), 2+bits.Len(uint(len(versions)-2)), id)
	runner := &specRunner{e: e, flags: &cf, command: "bisect", filter: "^" + regexp.QuoteMeta(id) + "$", quiet: true}
	verdicts := map[string]drift.Verdict{}
	probe := func(ctx context.Context, v string) (string, error) {
		if isTerminal(e.stderr) {
			fmt.Fprintf(e.stderr, "ccwire bisect: trying Claude Code %s…\n", v)
		}
		dir, err := runner.run(ctx, v, root)
		if err != nil {
			return "", err
		}
		c, err := drift.Load(dir, drift.LoadOptions{Label: v, Version: v, Scenarios: scenarios})
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
	for _, v := range versions {
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
	b, err := drift.Bisect(ctx, versions, probe, step)
	if err != nil {
		var nc *drift.NoChangeError
		if errors.As(err, &nc) {
			return fail(fmt.Errorf("%s is %s on both %s and %s: nothing to find (or it changed and changed back)", subject, nc.Observation, nc.From, nc.To))
		}
		return fail(err)
	}
	if *firsts != "" {
		if err := addFirst(*firsts, b, id, member, *en, *ja); err != nil {
			return fail(err)
		}
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(bisectReport{Subject: subject, Scenario: id, Bisection: b}); err != nil {
			return fail(err)
		}
		return 0
	}
	switch {
	case member != nil && b.Before == drift.Absent:
		fmt.Fprintf(out, "first version with %s (%s): %s (last without: %s)\n", subject, b.After, b.First, b.LastWithout)
	case member != nil && b.After == drift.Absent:
		fmt.Fprintf(out, "first version without %s: %s (last with: %s, %s)\n", subject, b.First, b.LastWithout, b.Before)
	default:
		fmt.Fprintf(out, "first version where %s is %s: %s (last where it is %s: %s)\n", subject, b.After, b.First, b.Before, b.LastWithout)
	}
	if len(b.Skipped) > 0 {
		fmt.Fprintf(out, "the change may be in a version skipped between them: %v\n", b.Skipped)
	}
	if *firsts != "" {
		fmt.Fprintf(out, "added to %s\n", *firsts)
	}
	return 0
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
