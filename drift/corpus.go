package drift

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

// Verdict is what became of a scenario on a CLI version.
type Verdict string

// The verdicts.
const (
	// Pass and Fail are the verdicts of a run a results file reports.
	Pass Verdict = "pass"
	Fail Verdict = "fail"
	// Recorded is a run with a recording and no results file to say
	// whether it passed (committed recordings pass: the tests check
	// that they are reproduced).
	Recorded Verdict = "recorded"
	// NotApplicable is a scenario that does not apply to the version.
	NotApplicable Verdict = "n/a"
	// Missing is a scenario with neither a recording nor a verdict.
	Missing Verdict = "missing"
)

// ran reports whether the verdict is of a run with a recording.
func (v Verdict) ran() bool { return v == Pass || v == Fail || v == Recorded }

// same reports whether two verdicts agree: a recording without a
// verdict agrees with a pass.
func (v Verdict) same(w Verdict) bool {
	class := func(v Verdict) Verdict {
		if v == Recorded {
			return Pass
		}
		return v
	}
	return class(v) == class(w)
}

// Corpus is the recordings of one CLI version: a folder of
// <scenario>.txtar files (recordings/<version>), with the verdicts of a
// results file beside them if there is one.
type Corpus struct {
	// Label is how the corpus was named (a version or a folder).
	Label string
	// Version is the CLI version recorded; "" when neither the
	// recordings nor the folder's name tell it.
	Version string
	// Dir is the folder of the recordings.
	Dir string
	// Runs are the scenarios' runs by scenario ID: the recorded ones,
	// and the scenarios known not to apply or to be missing.
	Runs map[string]*Run
}

// Run is one scenario in a corpus.
type Run struct {
	Scenario string
	Verdict  Verdict
	// Error is why a failed run failed, when a results file says.
	Error string
	// File is the recording, "" for none.
	File  string
	shape *shape
	// inputs are the input sections of the scenario that apply to the
	// corpus's version (see [scenario.Scenario.Inputs]); nil when the
	// scenario is not known.
	inputs []string
	// varies are the kinds and members the scenario declares may differ
	// from run to run on the corpus's version (see scenario.Paths).
	varies []Member
}

// LoadOptions configure [Load].
type LoadOptions struct {
	// Label names the corpus in reports (default: Dir).
	Label string
	// Version is the CLI version recorded, when the recordings do not
	// name it (a version-free recording names <cli-version>) and the
	// folder is not named after it.
	Version string
	// Scenarios, if set, tell a scenario that does not apply to the
	// version from one that is missing.
	Scenarios []*scenario.Scenario
	// Results gives the runs' verdicts; nil reads the results file
	// (ResultsFile) in the folder or its parent, if any.
	Results *Results
}

// Load reads the recordings in dir, a folder of <scenario>.txtar files.
func Load(dir string, opts LoadOptions) (*Corpus, error) {
	return loadCorpus(corpusFiles{
		dir:           dir,
		glob:          filepath.Glob,
		join:          filepath.Join,
		parent:        filepath.Dir,
		readRecording: recording.ReadRecording,
		readResults:   ReadResults,
		stat:          func(name string) error { _, err := os.Stat(name); return err },
	}, opts)
}

// LoadFS is [Load] for the folder dir of fsys (slash-separated, "." for
// its root), such as a version's folder of the recordings built into
// ccwire (package corpus): recordings in the stored form are expanded
// from the objects folder two levels above each one. The runs' File and
// the corpus's Dir are names in fsys.
func LoadFS(fsys fs.FS, dir string, opts LoadOptions) (*Corpus, error) {
	return loadCorpus(corpusFiles{
		dir:           dir,
		glob:          func(pattern string) ([]string, error) { return fs.Glob(fsys, pattern) },
		join:          path.Join,
		parent:        path.Dir,
		readRecording: func(name string) (*recording.Recording, error) { return recording.ReadRecordingFS(fsys, name) },
		readResults: func(name string) (*Results, error) {
			data, err := fs.ReadFile(fsys, name)
			if err != nil {
				return nil, fmt.Errorf("drift: read results: %w", err)
			}
			r, err := ParseResults(data)
			if err != nil {
				return nil, fmt.Errorf("drift: %s: %w", name, err)
			}
			return r, nil
		},
		stat: func(name string) error { _, err := fs.Stat(fsys, name); return err },
	}, opts)
}

// corpusFiles is how [loadCorpus] reaches a folder of recordings: on disk
// ([Load]) or in a file system ([LoadFS]).
type corpusFiles struct {
	dir           string
	glob          func(pattern string) ([]string, error)
	join          func(elem ...string) string
	parent        func(name string) string
	readRecording func(name string) (*recording.Recording, error)
	readResults   func(name string) (*Results, error)
	stat          func(name string) error
}

// loadCorpus reads the recordings in the folder f.dir.
func loadCorpus(f corpusFiles, opts LoadOptions) (*Corpus, error) {
	dir := f.dir
	files, err := f.glob(f.join(dir, "*"+scenario.RecordingExt))
	if err != nil {
		return nil, fmt.Errorf("drift: %w", err)
	}
	if len(files) == 0 {
		if err := f.stat(dir); err != nil {
			return nil, fmt.Errorf("drift: recordings: %w", err)
		}
	}
	slices.Sort(files)
	c := &Corpus{Label: cmp.Or(opts.Label, dir), Dir: dir, Version: opts.Version, Runs: map[string]*Run{}}
	recs := make([]*recording.Recording, len(files))
	for i, file := range files {
		if recs[i], err = f.readRecording(file); err != nil {
			return nil, fmt.Errorf("drift: %w", err)
		}
		v := recs[i].Version
		if _, err := cliversion.Parse(v); err != nil || opts.Version != "" {
			continue
		}
		if c.Version != "" && c.Version != v {
			return nil, fmt.Errorf("drift: %s records CLI %s, %s CLI %s: a corpus is of one version", files[0], c.Version, file, v)
		}
		c.Version = v
	}
	if c.Version == "" {
		if _, err := cliversion.Parse(filepath.Base(dir)); err == nil {
			c.Version = filepath.Base(dir)
		}
	}
	res := opts.Results
	if res == nil {
		for _, p := range []string{f.join(dir, ResultsFile), f.join(f.parent(dir), ResultsFile)} {
			r, err := f.readResults(p)
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil {
				return nil, err
			}
			res = r
			break
		}
	}
	if c.Version == "" && res != nil && len(res.Versions) == 1 {
		c.Version = res.Versions[0]
	}
	for i, rec := range recs {
		id := strings.TrimSuffix(path.Base(filepath.ToSlash(files[i])), scenario.RecordingExt)
		s, err := observe(rec, rec.Version, c.Version)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", files[i], err)
		}
		c.Runs[id] = &Run{Scenario: id, Verdict: Recorded, File: files[i], shape: s}
	}
	if res != nil {
		for _, r := range res.Runs {
			if r.Version != c.Version {
				continue
			}
			run := c.Runs[r.Scenario]
			switch {
			case run != nil && r.Status == scenario.Passed:
				run.Verdict = Pass
			case run != nil && r.Status == scenario.Failed:
				run.Verdict, run.Error = Fail, r.Error
			case run == nil && r.Status == scenario.Failed:
				c.Runs[r.Scenario] = &Run{Scenario: r.Scenario, Verdict: Fail, Error: r.Error}
			case r.Status == scenario.Skipped:
				// A recording beside it is an earlier run's.
				c.Runs[r.Scenario] = &Run{Scenario: r.Scenario, Verdict: NotApplicable}
			}
		}
	}
	v, verr := cliversion.Parse(c.Version)
	for _, sc := range opts.Scenarios {
		if run := c.Runs[sc.ID]; run != nil {
			if run.shape != nil {
				run.inputs = sc.Inputs(c.Version)
				for _, name := range sc.Varies(c.Version) {
					m, err := ParseMember(name)
					if err != nil {
						return nil, fmt.Errorf("drift: scenario %s: paths: %w", sc.ID, err)
					}
					run.varies = append(run.varies, m)
				}
			}
			continue
		}
		verdict := Missing
		if verr == nil && !sc.AppliesTo(v) {
			verdict = NotApplicable
		}
		c.Runs[sc.ID] = &Run{Scenario: sc.ID, Verdict: verdict}
	}
	return c, nil
}

// Scenarios returns the IDs of the corpus's scenarios, sorted.
func (c *Corpus) Scenarios() []string {
	ids := make([]string, 0, len(c.Runs))
	for id := range c.Runs {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// Has reports whether the corpus's recordings show a member, a list item
// or a kind: kind alone, path "" (see [ParseMember]).
func (c *Corpus) Has(m Member) bool {
	for _, r := range c.Runs {
		if r.shape != nil && r.shape.has(m) {
			return true
		}
	}
	return false
}

// Show returns the scenarios whose recordings show a member, a list item
// or a kind, sorted.
func (c *Corpus) Show(m Member) []string {
	var out []string
	for _, id := range c.Scenarios() {
		if r := c.Runs[id]; r.shape != nil && r.shape.has(m) {
			out = append(out, id)
		}
	}
	return out
}
