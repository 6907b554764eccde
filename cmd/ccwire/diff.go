package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"regexp"
	"slices"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/drift"
	"github.com/ccwire/ccwire/scenario"
)

// runDiff tells what changed on the wire between two CLI versions.
//
//	ccwire diff [flags] A B
func runDiff(ctx context.Context, e env, args []string) int {
	flags := flag.NewFlagSet("ccwire diff", flag.ContinueOnError)
	flags.SetOutput(e.stderr)
	var cf corpusFlags
	cf.register(flags)
	run := flags.Bool("run", false, "run the scenarios on A and B even when they have recordings")
	only := flags.String("only", "", "compare (and run) only the scenarios whose ID matches this `regexp`")
	format := flags.String("format", "text", "output `format`: text, md (Markdown) or json")
	md := flags.Bool("md", false, "print Markdown (--format md)")
	asJSON := flags.Bool("json", false, "print JSON (--format json)")
	exitCode := flags.Bool("exit-code", false, "exit 1 when something changed")
	usage := func(w io.Writer) {
		fmt.Fprintln(w, "Usage: ccwire diff [flags] A B")
		fmt.Fprintln(w)
		fmt.Fprintln(w, "Tells what changed on the wire from Claude Code A to B (A the older), from the")
		fmt.Fprintln(w, "recordings of the scenarios. A and B are each")
		fmt.Fprintln(w, "  - a CLI version (pinned: "+cliinstall.DefaultVersion+", latest: the newest release): its recordings under --recordings")
		fmt.Fprintln(w, "    (outside a checkout of ccwire, the ones built into ccwire),")
		fmt.Fprintln(w, "    made by running the scenarios on it as ccwire spec does when it has none (or with --run);")
		fmt.Fprintln(w, "  - a folder of recordings: a version's (<id>.txtar files), or one holding a version's")
		fmt.Fprintln(w, "    folder (what ccwire spec --record or ccwire merge -o write), with its "+drift.ResultsFile+".")
		fmt.Fprintln(w, "It prints, in total and per scenario: kinds of message added or removed; members added,")
		fmt.Fprintln(w, "removed or of another JSON type per kind (stdout and stdin lines, control answers, API")
		fmt.Fprintln(w, "request headers and bodies); items of lists (tools, capabilities, betas, …); texts now")
		fmt.Fprintln(w, "wrapped in a tag; the order of kinds within turns; and scenarios whose verdict changed.")
		fmt.Fprintln(w, "The CLI versions themselves are no change: if nothing else differs it prints nothing (when A and")
		fmt.Fprintln(w, "B are the same version, such as pinned and a latest that is the pinned one, it says so on stderr).")
		fmt.Fprintln(w, "Exit code: 0 (with --exit-code, 1 when something changed), 1 on failure, 2 on usage errors.")
		fmt.Fprintln(w)
		printFlags(w, flags)
	}
	if code, ok := parseCommandFlags(flags, args, e, usage); !ok {
		return code
	}
	usageErr := func(format string, args ...any) int {
		fmt.Fprintf(e.stderr, "ccwire diff: "+format+"\n", args...)
		return 2
	}
	if flags.NArg() != 2 {
		return usageErr("want two versions or folders, A and B; got %d arguments", flags.NArg())
	}
	set := map[string]bool{}
	flags.Visit(func(f *flag.Flag) { set[f.Name] = true })
	out := *format
	switch {
	case *md && *asJSON, *md && set["format"] && out != "md", *asJSON && set["format"] && out != "json":
		return usageErr("-md, -json and --format %s disagree", out)
	case *md:
		out = "md"
	case *asJSON:
		out = "json"
	}
	if out != "text" && out != "md" && out != "json" {
		return usageErr("--format %q: want text, md or json", out)
	}
	if cf.parallel < 1 {
		return usageErr("-j must be at least 1")
	}
	var filter *regexp.Regexp
	if *only != "" {
		var err error
		if filter, err = regexp.Compile(*only); err != nil {
			return usageErr("--only: %v", err)
		}
	}
	fail := func(err error) int {
		fmt.Fprintf(e.stderr, "ccwire diff: %v\n", err)
		return 1
	}
	scenarios, _, err := cf.loadScenarios()
	if err != nil {
		return fail(err)
	}
	recs := recordingsFolder(cf.recordings)
	var installOpts []cliinstall.Option
	if cf.cacheDir != "" {
		installOpts = append(installOpts, cliinstall.WithCacheDir(cf.cacheDir))
	}
	toRun := scenarios
	if filter != nil {
		toRun = slices.DeleteFunc(slices.Clone(scenarios), func(sc *scenario.Scenario) bool { return !filter.MatchString(sc.ID) })
	}
	runner := &corpusRunner{e: e, flags: &cf, command: "diff", scenarios: toRun}
	// ran holds each version's run on demand: A and B of one version run
	// once.
	ran := map[string]*drift.Corpus{}
	var corpora [2]*drift.Corpus
	for i, arg := range flags.Args() {
		if corpora[i], err = diffSide(ctx, arg, recs, scenarios, runner, ran, *run, installOpts); err != nil {
			return fail(err)
		}
		keepScenarios(corpora[i], filter)
	}
	rep := drift.Compare(corpora[0], corpora[1])
	if v := corpora[0].Version; v != "" && v == corpora[1].Version {
		// Else an empty report, or a change that is none of the
		// version's, would leave the reader guessing.
		note := fmt.Sprintf("ccwire diff: %s and %s are both Claude Code %s", flags.Arg(0), flags.Arg(1), v)
		if rep.Empty() {
			note += ": their recordings show no change"
		} else {
			note += ": what follows changed between two runs of it"
		}
		fmt.Fprintln(e.stderr, note)
	}
	switch out {
	case "json":
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(rep)
	case "md":
		err = rep.WriteMarkdown(e.stdout)
	default:
		err = rep.WriteText(e.stdout)
	}
	if err != nil {
		return fail(err)
	}
	if *exitCode && !rep.Empty() {
		return 1
	}
	return 0
}

// diffSide returns the corpus of one side of ccwire diff, arg: a
// version's recordings in recs, or its runs (with rerun, or when it has
// none; ran keeps them by version), or a folder of recordings.
func diffSide(ctx context.Context, arg string, recs folder, scenarios []*scenario.Scenario, runner *corpusRunner, ran map[string]*drift.Corpus, rerun bool, installOpts []cliinstall.Option) (*drift.Corpus, error) {
	label := arg
	v, err := resolveVersion(ctx, arg, installOpts)
	if err != nil {
		return nil, err
	}
	opts := drift.LoadOptions{Label: label, Scenarios: scenarios}
	if _, verr := cliversion.Parse(v); verr != nil {
		dir, err := corpusDir(v)
		if err != nil {
			return nil, fmt.Errorf("%s is neither a CLI version nor a folder of recordings: %w", v, err)
		}
		return drift.Load(dir, opts)
	}
	if !rerun && recs.hasRecordings(v) {
		return recs.loadCorpus(v, opts)
	}
	if c := ran[v]; c != nil {
		relabelled := *c
		relabelled.Label = label
		return &relabelled, nil
	}
	c, err := runner.run(ctx, v, label)
	if err != nil {
		return nil, err
	}
	ran[v] = c
	return c, nil
}
