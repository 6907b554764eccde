package recording

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/internal/jsontree"
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
}

// Tidy brings the recordings folder dir to its stored form: every
// recording compacted into the store (recordings written in full form by
// hand or by an older ccwire are stored), and every object no recording
// references removed. It fails, changing nothing more, on a recording
// whose references the store lacks.
func Tidy(dir string) (TidyReport, error) {
	var rep TidyReport
	files, err := Files(dir)
	if err != nil {
		return rep, err
	}
	s := OpenStore(dir)
	used := map[string]Ref{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return rep, fmt.Errorf("recording: %w", err)
		}
		rep.Recordings++
		stored, err := Compact(data, s)
		if err != nil {
			return rep, fmt.Errorf("%s: %w", f, err)
		}
		if string(stored) != string(data) {
			if err := os.WriteFile(f, stored, 0o644); err != nil {
				return rep, fmt.Errorf("recording: %w", err)
			}
			rep.Compacted++
		}
		refs, err := References(stored)
		if err != nil {
			return rep, fmt.Errorf("%s: %w", f, err)
		}
		for _, r := range refs {
			if _, err := fs.Stat(s.fsys, r.path()); err != nil {
				return rep, fmt.Errorf("%s: %w: %s", f, ErrMissingObject, r)
			}
			used[r.path()] = r
		}
	}
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
	err = filepath.WalkDir(s.dir, func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) && p == s.dir {
			return filepath.SkipDir // no store yet
		}
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(s.dir, p)
		if err != nil {
			return err
		}
		if _, ok := used[filepath.ToSlash(rel)]; !ok {
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
