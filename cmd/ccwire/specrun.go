package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/drift"
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
	fs.StringVar(&f.record, "record", "", "keep the recordings of the runs under this `folder` (default: a temporary folder, removed at the end)")
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

// recordRoot returns the folder runs are recorded under, and a function
// removing it if it is a temporary one.
func (f *corpusFlags) recordRoot(command string) (string, func(), error) {
	if f.record != "" {
		return f.record, func() {}, nil
	}
	dir, err := os.MkdirTemp("", "ccwire-"+command+"-")
	if err != nil {
		return "", nil, err
	}
	return dir, func() { os.RemoveAll(dir) }, nil
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

// specRunner runs ccwire spec for one version into a folder, the way
// the spec command does, showing its progress on a terminal.
type specRunner struct {
	e       env
	flags   *corpusFlags
	command string
	// filter, if not "", is spec's --run.
	filter string
	// quiet shows no progress line, even on a terminal.
	quiet bool
}

// run runs the scenarios on version and records them under
// root/<version>, with the results file in that folder; it returns the
// folder.
func (s *specRunner) run(ctx context.Context, version, root string) (string, error) {
	dir := filepath.Join(root, version)
	results := filepath.Join(dir, drift.ResultsFile)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	_ = os.Remove(results) // a stale one would pass for this run's
	args := []string{"--cli-version", version, "--record", root, "--results", results, "--scenarios", s.flags.scenarios, "-j", strconv.Itoa(s.flags.parallel)}
	if s.filter != "" {
		args = append(args, "--run", s.filter)
	}
	if s.flags.cacheDir != "" {
		args = append(args, "--cache-dir", s.flags.cacheDir)
	}
	terminal := isTerminal(s.e.stderr) && !s.quiet
	if !s.quiet {
		fmt.Fprintf(s.e.stderr, "ccwire %s: running the scenarios on Claude Code %s (ccwire spec %s)\n", s.command, version, strings.Join(args, " "))
	}
	var out bytes.Buffer
	var progress io.Writer = &out
	if terminal {
		progress = io.MultiWriter(&out, &prefixWriter{w: s.e.stderr, prefix: "  "})
	}
	var errOut bytes.Buffer
	code := runSpec(ctx, env{stdin: strings.NewReader(""), stdout: progress, stderr: &errOut}, args)
	if _, err := os.Stat(results); err != nil {
		// spec stopped before running: its errors say why.
		msg := strings.TrimSpace(errOut.String())
		if msg == "" {
			msg = strings.TrimSpace(out.String())
		}
		return "", fmt.Errorf("running the scenarios on Claude Code %s failed (ccwire spec exit code %d):\n%s", version, code, msg)
	}
	if !s.quiet {
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		fmt.Fprintf(s.e.stderr, "ccwire %s: Claude Code %s: %s\n", s.command, version, lines[len(lines)-1])
	}
	return dir, nil
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
