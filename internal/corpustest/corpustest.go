// Package corpustest marks the tests that read the recordings of every
// recorded CLI version (recordings/<version>/…, or the pack built into
// package corpus), and chooses the versions they check, so that the cost
// of `make test` does not grow with each release `ccwire track` records.
//
// A whole-corpus test calls one of:
//   - [Versions] (or [Paths]) with the versions it found: by default it
//     checks the pinned versions (cliinstall.PinnedVersions) and the
//     versions whose recordings a change touches (git diff against the
//     merge base with origin/main, or with $CCWIRE_CORPUS_BASE); with
//     CCWIRE_CORPUS=all, every recorded version (the scheduled matrix
//     workflow, and `ccwire track` before it writes a release).
//   - [Matrix], for a test that must read every version at once and costs
//     too much for every run: it runs when a change touches the recordings
//     or the other inputs it names, and with CCWIRE_CORPUS=all.
//   - [Whole], for a test that must read every version at once and is
//     cheap: it always runs.
//
// Every marker skips the test under the race detector: the corpus's tests
// check data, which the race detector slows tenfold and does not check.
// `make test` runs the marked tests in a step of their own, without it;
// the list of those tests comes from the sources ([Scan], and the command
// internal/corpustest/list), and TestMarked fails when a test that reads
// the recordings as a whole is not marked.
package corpustest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/cliversion"
)

// The environment variables that choose the versions.
const (
	// EnvCorpus set to "all" makes every whole-corpus test check every
	// recorded version, and runs the [Matrix] tests.
	EnvCorpus = "CCWIRE_CORPUS"
	// EnvBase names the git revision a change is measured against
	// (default DefaultBase): the versions whose recordings differ from
	// the merge base of it and HEAD, in commits, the work tree or new
	// files, are checked too.
	EnvBase = "CCWIRE_CORPUS_BASE"
	// All is the value of EnvCorpus that checks every version.
	All = "all"
	// DefaultBase is the revision a change is measured against when
	// EnvBase is not set; without it (a clone without the remote), the
	// local branch main.
	DefaultBase = "origin/main"
)

// defaultBases are the revisions tried, in order, when EnvBase is not set.
var defaultBases = []string{DefaultBase, "main"}

// Versions marks the calling test as a whole-corpus test and returns the
// versions among recorded it checks, in recorded's order: all of them with
// CCWIRE_CORPUS=all, else the pinned versions and those a change touches
// (see the package documentation); a benchmark measures them all. It
// skips the test under the race
// detector, and fails it when a pinned version is not recorded or when
// the changed versions cannot be found (a base named in EnvBase that git
// does not know).
func Versions(t testing.TB, recorded []string) []string {
	t.Helper()
	skipRace(t)
	if _, bench := t.(*testing.B); bench || os.Getenv(EnvCorpus) == All {
		return recorded
	}
	for _, p := range cliinstall.PinnedVersions() {
		if !slices.Contains(recorded, p) {
			t.Errorf("corpustest: no recordings of the pinned CLI %s", p)
		}
	}
	changed, err := Changed(t.Context(), ".", os.Getenv(EnvBase))
	if err != nil {
		t.Fatalf("corpustest: %v", err)
	}
	got := Select(recorded, cliinstall.PinnedVersions(), changed)
	t.Logf("corpustest: checking %d of %d recorded versions (%s); %s=%s checks every one", len(got), len(recorded), strings.Join(got, ", "), EnvCorpus, All)
	return got
}

// Paths is [Versions] for a test that lists recording files: it keeps the
// paths whose folder (recordings/<version>/<file>) is a version to check,
// and those in a folder not named after a version.
func Paths(t testing.TB, paths []string) []string {
	t.Helper()
	var recorded []string
	for _, p := range paths {
		if v, ok := versionOf(p); ok && !slices.Contains(recorded, v) {
			recorded = append(recorded, v)
		}
	}
	slices.SortFunc(recorded, cliversion.CompareStrings)
	keep := Versions(t, recorded)
	return slices.DeleteFunc(slices.Clone(paths), func(p string) bool {
		v, ok := versionOf(p)
		return ok && !slices.Contains(keep, v)
	})
}

// versionOf returns the version a recording file's folder is named after.
func versionOf(path string) (string, bool) {
	v := filepath.Base(filepath.Dir(path))
	_, err := cliversion.Parse(v)
	return v, err == nil
}

// Dir is [Versions] for a test that reads a recordings folder through code
// that takes the folder (dir): it returns dir when every version is to be
// checked, else a temporary folder laid out as dir with only the versions
// to check (their files copied; the objects store and other entries
// linked).
func Dir(t testing.TB, dir string) string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("corpustest: %v", err)
	}
	var recorded []string
	for _, e := range entries {
		if _, err := cliversion.Parse(e.Name()); err == nil && e.IsDir() {
			recorded = append(recorded, e.Name())
		}
	}
	slices.SortFunc(recorded, cliversion.CompareStrings)
	keep := Versions(t, recorded)
	if len(keep) == len(recorded) {
		return dir
	}
	out := t.TempDir()
	for _, e := range entries {
		src, dst := filepath.Join(dir, e.Name()), filepath.Join(out, e.Name())
		switch {
		case slices.Contains(keep, e.Name()):
			err = os.CopyFS(dst, os.DirFS(src))
		case slices.Contains(recorded, e.Name()):
			continue
		default:
			var abs string
			if abs, err = filepath.Abs(src); err == nil {
				err = os.Symlink(abs, dst)
			}
		}
		if err != nil {
			t.Fatalf("corpustest: a folder of the versions to check: %v", err)
		}
	}
	return out
}

// Matrix marks the calling test as one that reads every recorded version
// at once and costs too much to run on every change (reason says why it
// must see every version): it runs when a change touches the recordings
// or one of inputs (paths from the repository's root: a folder ends with
// "/"), the other things what it checks is made from, and with
// CCWIRE_CORPUS=all (the scheduled matrix workflow, and the drift workflow
// after `ccwire track`); never under the race detector.
func Matrix(t testing.TB, reason string, inputs ...string) {
	t.Helper()
	skipRace(t)
	if os.Getenv(EnvCorpus) == All {
		return
	}
	files, err := ChangedFiles(t.Context(), ".", os.Getenv(EnvBase))
	if err != nil {
		t.Fatalf("corpustest: %v", err)
	}
	inputs = append([]string{"recordings/"}, inputs...)
	for _, f := range files {
		for _, in := range inputs {
			if f == in || strings.HasSuffix(in, "/") && strings.HasPrefix(f, in) {
				t.Logf("corpustest: %s changed: reading every version (%s)", f, reason)
				return
			}
		}
	}
	t.Skipf("corpustest: reads every recorded version (%s): runs when %s change, and with %s=%s", reason, strings.Join(inputs, ", "), EnvCorpus, All)
}

// Whole marks the calling test as one that reads every recorded version
// at once and is cheap enough to do so on every run (reason says why it
// must, and why it is cheap). It skips the test under the race detector.
func Whole(t testing.TB, reason string) {
	t.Helper()
	skipRace(t)
	t.Logf("corpustest: reads every recorded version: %s", reason)
}

// skipRace skips t under the race detector.
func skipRace(t testing.TB) {
	t.Helper()
	if race {
		t.Skip("corpustest: a whole-corpus test runs without the race detector (make test's corpus step)")
	}
}

// Select returns the versions among recorded that are pinned or changed,
// in recorded's order.
func Select(recorded, pinned, changed []string) []string {
	var out []string
	for _, v := range recorded {
		if slices.Contains(pinned, v) || slices.Contains(changed, v) {
			out = append(out, v)
		}
	}
	return out
}

// Changed returns the CLI versions whose recordings (recordings/<version>/
// in the git repository holding dir) differ between the merge base of
// base and HEAD and the work tree, new files included: the versions
// among [ChangedFiles].
func Changed(ctx context.Context, dir, base string) ([]string, error) {
	files, err := ChangedFiles(ctx, dir, base)
	return VersionsOf(strings.Join(files, "\n")), err
}

// ChangedFiles returns the files, slash-separated from the root of the git
// repository holding dir, that differ between the merge base of base and
// HEAD and the work tree, new files included. An empty base means
// DefaultBase or else the branch main, and then a repository without
// either (a clone of another branch alone, a copy without git) has no
// changed files; a base given explicitly must be known to git.
func ChangedFiles(ctx context.Context, dir, base string) ([]string, error) {
	explicit := base != ""
	top, err := git(ctx, dir, "rev-parse", "--show-toplevel")
	if err != nil {
		if explicit {
			return nil, err
		}
		return nil, nil
	}
	root := strings.TrimSpace(top)
	bases := []string{base}
	if !explicit {
		bases = defaultBases
	}
	var mb string
	for _, b := range bases {
		if mb, err = git(ctx, root, "merge-base", b, "HEAD"); err == nil {
			break
		}
	}
	if err != nil {
		if explicit {
			return nil, fmt.Errorf("the base %s=%s: %w", EnvBase, base, err)
		}
		return nil, nil
	}
	diff, err := git(ctx, root, "diff", "--name-only", "--no-renames", strings.TrimSpace(mb))
	if err != nil {
		return nil, err
	}
	untracked, err := git(ctx, root, "ls-files", "--others", "--exclude-standard")
	if err != nil {
		return nil, err
	}
	return strings.Fields(diff + "\n" + untracked), nil
}

// VersionsOf returns the CLI versions named by the recordings/<version>/
// paths among the lines of names (git's --name-only output), oldest
// first, each once.
func VersionsOf(names string) []string {
	var out []string
	for line := range strings.Lines(names) {
		parts := strings.Split(strings.TrimSpace(line), "/")
		if len(parts) < 3 || parts[0] != "recordings" {
			continue
		}
		if _, err := cliversion.Parse(parts[1]); err == nil && !slices.Contains(out, parts[1]) {
			out = append(out, parts[1])
		}
	}
	slices.SortFunc(out, cliversion.CompareStrings)
	return out
}

// git runs git in dir and returns its standard output.
func git(ctx context.Context, dir string, args ...string) (string, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return "", fmt.Errorf("git %s in %s: %w: %s", strings.Join(args, " "), dir, err, strings.TrimSpace(stderr.String()))
		}
		return "", fmt.Errorf("git %s in %s: %w", strings.Join(args, " "), dir, err)
	}
	return stdout.String(), nil
}
