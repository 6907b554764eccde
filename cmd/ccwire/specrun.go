package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/drift"
	"github.com/ccwire/ccwire/internal/mcpecho"
	"github.com/ccwire/ccwire/scenario"
)

// parseCommandFlags is parseFlags for a command whose usage text is a
// function of where it is written.
// printFlags writes the "Flags:" section of a command's usage to w: fs's
// flags with their defaults, whatever fs's own output is.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintln(w, "Flags:")
	prev := fs.Output()
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(prev)
}

func parseCommandFlags(fs *flag.FlagSet, args []string, e env, usage func(io.Writer)) (code int, ok bool) {
	fs.Usage = func() { usage(fs.Output()) }
	return parseFlags(fs, args, e)
}

// corpusFlags are the flags of the commands that read or make a
// version's recordings: diff and bisect.
type corpusFlags struct {
	recordings string
	scenarios  string
	record     string
	cacheDir   string
	parallel   int
}

func (f *corpusFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.recordings, "recordings", "", "the `folder` of the versions' recordings (<folder>/<version>/<id>.txtar) (default: ./"+recordingsDir+" in a checkout of ccwire, else "+builtinRecordings+")")
	fs.StringVar(&f.scenarios, "scenarios", "", "the `folder` of scenario files, to run and to tell a scenario that does not apply from a missing one (default: ./"+scenariosDir+" in a checkout of ccwire, else "+builtinScenarios+")")
	fs.StringVar(&f.record, "record", "", "write the recordings of the runs, and their "+drift.ResultsFile+", under this `folder` (<folder>/<version>/; default: none are written)")
	fs.StringVar(&f.cacheDir, "cache-dir", "", "ccwire cache root (default $"+cliinstall.EnvCacheDir+" or the user cache folder)")
	fs.IntVar(&f.parallel, "j", scenario.DefaultParallel(), "how many CLI processes run at once")
}

// loadScenarios reads the scenarios of --scenarios (see scenarioFolder)
// and returns them with the folder they came from.
func (f *corpusFlags) loadScenarios() ([]*scenario.Scenario, folder, error) {
	dir := scenarioFolder(f.scenarios)
	scs, err := dir.loadScenarios()
	return scs, dir, err
}

// resolveVersion turns "pinned" into the pinned version
// (cliinstall.DefaultVersion) and "latest" into the newest published
// release; other names are kept.
func resolveVersion(ctx context.Context, v string, opts []cliinstall.Option) (string, error) {
	switch v {
	case "pinned":
		return cliinstall.DefaultVersion, nil
	case "latest":
	default:
		return v, nil
	}
	vs, err := cliinstall.PublishedVersions(ctx, opts...)
	if err != nil {
		return "", err
	}
	for _, v := range slices.Backward(vs) {
		if !strings.Contains(v, "-") {
			return v, nil
		}
	}
	return "", errors.New("npm lists no release of Claude Code")
}

// corpusRunner runs scenarios on one version at a time for diff and
// bisect, the way ccwire spec does (package drift's Runner), and gives
// back the version's corpus in memory; with --record it also writes the
// recordings and the results file, as ccwire spec --record --results
// does, under <record>/<version>.
type corpusRunner struct {
	e       env
	flags   *corpusFlags
	command string
	// scenarios are the scenarios to run (--only, or bisect's one).
	scenarios []*scenario.Scenario
	// quiet says nothing and shows no progress line, even on a terminal.
	quiet bool
}

// run runs the scenarios on version and returns its corpus, labelled
// label.
func (s *corpusRunner) run(ctx context.Context, version, label string) (*drift.Corpus, error) {
	var opts []cliinstall.Option
	if s.flags.cacheDir != "" {
		opts = append(opts, cliinstall.WithCacheDir(s.flags.cacheDir))
	}
	mcpServer, err := mcpecho.SelfCommand()
	if err != nil {
		return nil, err
	}
	r := &drift.Runner{Scenarios: s.scenarios, Parallel: s.flags.parallel, Install: opts, MCPTestServer: mcpServer, Record: s.flags.record}
	if !s.quiet {
		fmt.Fprintf(s.e.stderr, "ccwire %s: running the scenarios on Claude Code %s\n", s.command, version)
	}
	plan, err := r.Prepare(ctx, []string{version})
	if err != nil {
		return nil, fmt.Errorf("running the scenarios on Claude Code %s failed: %w", version, err)
	}
	var progress func(scenario.Result)
	if isTerminal(s.e.stderr) && !s.quiet {
		prog := newProgress(&prefixWriter{w: s.e.stderr, prefix: "  "}, plan.Runs())
		defer prog.finish()
		progress = func(r scenario.Result) {
			prog.add(fmt.Sprintf("%-4s  %-8s  %-40s %s", strings.ToUpper(string(r.Status)), r.Version, r.Scenario.ID, resultNote(r)), r.Status == scenario.Skipped)
		}
	}
	out := plan.Run(ctx, progress)
	if err := errors.Join(out.Errs...); err != nil {
		return nil, err
	}
	version = plan.Versions()[0]
	c, err := out.Corpus(version, label)
	if err != nil {
		return nil, err
	}
	if s.flags.record != "" {
		c.Dir = filepath.Join(s.flags.record, version)
		results := filepath.Join(c.Dir, drift.ResultsFile)
		if err := os.MkdirAll(c.Dir, 0o755); err != nil {
			return nil, err
		}
		if err := drift.WriteResults(results, out.Summary(results)); err != nil {
			return nil, err
		}
	}
	if !s.quiet {
		passed, failed, skipped := out.Counts()
		fmt.Fprintf(s.e.stderr, "ccwire %s: Claude Code %s: %d passed, %d failed, %d skipped\n", s.command, version, passed, failed, skipped)
	}
	return c, nil
}

// prefixWriter writes lines with a prefix.
type prefixWriter struct {
	mu     sync.Mutex
	w      io.Writer
	prefix string
	mid    bool // within a line
}

func (p *prefixWriter) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	var buf []byte
	for _, c := range b {
		if !p.mid {
			buf = append(buf, p.prefix...)
			p.mid = true
		}
		buf = append(buf, c)
		if c == '\n' {
			p.mid = false
		}
	}
	if _, err := p.w.Write(buf); err != nil {
		return 0, err
	}
	return len(b), nil
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// corpusDir finds the folder of one version's recordings in dir: dir
// itself when it holds recordings, else its one subfolder named after a
// version.
func corpusDir(dir string) (string, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return "", err
	}
	if !st.IsDir() {
		return "", fmt.Errorf("%s is not a folder", dir)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*"+scenario.RecordingExt)); len(files) > 0 {
		return dir, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", err
	}
	var versions []string
	for _, e := range entries {
		if _, err := cliversion.Parse(e.Name()); err == nil && e.IsDir() {
			versions = append(versions, e.Name())
		}
	}
	switch len(versions) {
	case 0:
		return "", fmt.Errorf("%s holds no recordings (<id>%s) and no version's folder of them", dir, scenario.RecordingExt)
	case 1:
		return filepath.Join(dir, versions[0]), nil
	}
	return "", fmt.Errorf("%s holds the recordings of %d versions (%s): name one's folder", dir, len(versions), strings.Join(versions, ", "))
}

// keepScenarios removes from c the scenarios whose ID re does not match.
func keepScenarios(c *drift.Corpus, re *regexp.Regexp) {
	if re == nil {
		return
	}
	for id := range c.Runs {
		if !re.MatchString(id) {
			delete(c.Runs, id)
		}
	}
}
