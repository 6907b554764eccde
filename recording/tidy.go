package recording

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/internal/jsontree"
	"github.com/ccwire/ccwire/internal/wholefile"
)

// Ext is the file name extension of recordings.
const Ext = ".txtar"

// Files returns the recordings in the recordings folder dir
// (<dir>/<version>/*.txtar), in name order.
func Files(dir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*", "*"+Ext))
	if err != nil {
		return nil, fmt.Errorf("recording: %w", err)
	}
	slices.Sort(files)
	return files, nil
}

// TidyReport says what [Tidy] did.
type TidyReport struct {
	Recordings int // recordings read
	Compacted  int // recordings that were in full form, now stored
	Objects    int // objects the recordings reference, and their paragraphs
	Split      int // objects stored whole before, now as paragraphs
	Removed    int // objects no recording referenced, removed
	Temps      int // temporary files of writes that never finished, removed
}

// Tidy brings the recordings folder dir to its stored form: every
// recording compacted into the store (recordings written in full form by
// hand or by an older ccwire are stored), every object no recording
// references removed, and the temporary files of interrupted writes. It
// holds the folder's writer lock meanwhile ([OpenWriter]: it waits for
// another writer until ctx ends), so that it removes no object a
// recording being written has put. A folder that does not exist is
// tidy.
//
// First it checks the folder: a recording that is empty or torn, or that
// references an object that is missing, damaged (its content does not
// match its hash) or not a regular file, makes it fail with a
// *[DamageError] listing every damaged file, removing nothing.
func Tidy(ctx context.Context, dir string) (TidyReport, error) {
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return TidyReport{}, nil
	}
	w, err := OpenWriter(ctx, dir)
	if err != nil {
		return TidyReport{}, err
	}
	rep, err := w.Tidy()
	return rep, errors.Join(err, w.Close())
}

// Tidy is [Tidy] by the writer.
func (w *Writer) Tidy() (TidyReport, error) {
	var rep TidyReport
	files, err := Files(w.dir)
	if err != nil {
		return rep, err
	}
	s := w.store
	c := newChecker(w.dir, s)
	for _, f := range files {
		data, err := ReadStored(f)
		if err != nil {
			c.damaged(f, f, err)
			continue
		}
		rep.Recordings++
		stored, err := Compact(data, s)
		if err != nil {
			c.damaged(f, f, err)
			continue
		}
		if string(stored) != string(data) {
			rel, err := filepath.Rel(w.dir, f)
			if err == nil {
				err = wholefile.WriteFileIn(w.root, rel, stored, 0o644)
			}
			if err != nil {
				return rep, fmt.Errorf("recording: %w", err)
			}
			rep.Compacted++
		}
		c.references(f, stored)
	}
	if err := c.err(); err != nil {
		return rep, err
	}
	used := c.used
	// Objects stored whole by an older ccwire are stored as paragraphs,
	// and the paragraphs are used too.
	for _, r := range slices.Collect(maps.Values(used)) {
		n, err := s.storeParagraphs(r)
		if err != nil {
			return rep, fmt.Errorf("recording: tidy the store: %w", err)
		}
		rep.Split += n
		paras, err := s.Paragraphs(r)
		if err != nil {
			return rep, fmt.Errorf("recording: tidy the store: %w", err)
		}
		for _, p := range paras {
			used[p.path()] = p
		}
	}
	rep.Objects = len(used)
	err = filepath.WalkDir(w.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(w.dir, p)
		if err != nil {
			return err
		}
		if wholefile.IsTemp(d.Name()) {
			rep.Temps++
			return os.Remove(p)
		}
		obj, ok := strings.CutPrefix(filepath.ToSlash(rel), ObjectsDir+"/")
		if !ok {
			return nil
		}
		if _, ok := used[obj]; !ok {
			rep.Removed++
			return os.Remove(p)
		}
		return nil
	})
	if err != nil {
		return rep, fmt.Errorf("recording: tidy the store: %w", err)
	}
	return rep, nil
}

// Check checks the recordings of the recordings folder dir without
// changing anything, as [Tidy] does first: a recording that is empty or
// torn, or that references an object that is missing, damaged (its
// content does not match its hash) or not a regular file, makes it return
// a *[DamageError] listing every damaged file. Each object is checked
// once. It needs no lock: writers replace files whole.
func Check(dir string) error {
	files, err := Files(dir)
	if err != nil {
		return err
	}
	c := newChecker(dir, OpenStore(dir))
	for _, f := range files {
		data, err := ReadStored(f)
		if err != nil {
			c.damaged(f, f, err)
			continue
		}
		c.references(f, data)
	}
	return c.err()
}

// checker collects the damaged files of a recordings folder, checking
// each object once.
type checker struct {
	dir      string
	s        *Store
	used     map[string]Ref // the sound objects referenced, by path in the store
	problems []Problem
}

func newChecker(dir string, s *Store) *checker {
	return &checker{dir: dir, s: s, used: map[string]Ref{}}
}

// damaged notes that file, a path under the folder, is damaged, which
// makes the recording rec unreadable.
func (c *checker) damaged(file, rec string, err error) {
	c.problems = append(c.problems, Problem{File: c.rel(file), Recording: c.rel(rec), Err: err})
}

// rel returns file relative to the folder, slash-separated.
func (c *checker) rel(file string) string {
	rel, err := filepath.Rel(c.dir, file)
	if err != nil {
		return filepath.ToSlash(file)
	}
	return filepath.ToSlash(rel)
}

// references checks the objects the recording file, data in stored form,
// references: Get checks an object's hash, that of its paragraphs joined.
func (c *checker) references(file string, data []byte) {
	refs, err := References(data)
	if err != nil {
		c.damaged(file, file, err)
		return
	}
	for _, r := range refs {
		if _, ok := c.used[r.path()]; ok {
			continue
		}
		if _, err := c.s.Get(r); err != nil {
			c.damaged(filepath.Join(c.dir, ObjectsDir, filepath.FromSlash(r.path())), file, fmt.Errorf("referenced by %s: %w", c.rel(file), err))
			continue
		}
		c.used[r.path()] = r
	}
}

// err returns the *DamageError of the problems found, nil for none.
func (c *checker) err() error {
	if len(c.problems) == 0 {
		return nil
	}
	return &DamageError{Dir: c.dir, Problems: c.problems}
}

// References returns the references of a recording in stored form, in
// order, each once.
func References(data []byte) ([]Ref, error) {
	var refs []Ref
	seen := map[Ref]bool{}
	_, err := rewrite(data, func(kind Kind, _ string, v *jsontree.Value) (*jsontree.Value, error) {
		if v.Kind != jsontree.String {
			return v, nil
		}
		r, err := refAt(kind, v)
		if err != nil {
			return nil, err
		}
		if !seen[r] {
			seen[r] = true
			refs = append(refs, r)
		}
		return v, nil
	})
	return refs, err
}

// Versions returns the CLI versions the recordings folder dir has
// recordings of (its folders other than the object store), oldest first.
// A folder that is not named after a version is an error.
func Versions(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("recording: %w", err)
	}
	return versions(entries, func(name string) string { return filepath.Join(dir, name) })
}

// VersionsFS is [Versions] for a recordings folder at the root of fsys,
// such as the recordings built into ccwire (package corpus).
func VersionsFS(fsys fs.FS) ([]string, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, fmt.Errorf("recording: %w", err)
	}
	return versions(entries, func(name string) string { return name })
}

// versions returns the versions the version folders among entries are
// named after, oldest first; pathOf names a folder in errors.
func versions(entries []fs.DirEntry, pathOf func(name string) string) ([]string, error) {
	var out []string
	for _, e := range entries {
		if !e.IsDir() || e.Name() == ObjectsDir {
			continue
		}
		if _, err := cliversion.Parse(e.Name()); err != nil {
			return nil, fmt.Errorf("recording: %s: a folder of recordings is named after a CLI version: %w", pathOf(e.Name()), err)
		}
		out = append(out, e.Name())
	}
	slices.SortFunc(out, cliversion.CompareStrings)
	return out, nil
}
