package recording

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/ccwire/ccwire/internal/filelock"
	"github.com/ccwire/ccwire/internal/wholefile"
)

// LockFile is the name of the writer lock of a recordings folder, a file
// in it that [OpenWriter] creates and keeps.
const LockFile = ".ccwire.lock"

// Writer is the one writer of a recordings folder: it holds the folder's
// lock (flock on Unix, LockFileEx on Windows, on [LockFile]) from
// [OpenWriter] to Close, so that no other writer, in this process or
// another, writes a recording or tidies the store meanwhile. Without it a
// tidy could remove the objects a recording being written has just put.
//
// Every file it writes is written whole or not at all (a temporary file
// renamed into place), so readers never need the lock: they see the old
// file or the new one. A recording is written after its objects, so a
// reader of a recording finds them.
type Writer struct {
	dir   string
	root  *os.Root
	store *Store
	lock  *filelock.Lock
}

// LockedError is the error of [OpenWriter] (and of what writes through
// it: [WriteFile], [Tidy]) when its context ends while another writer
// holds the folder's lock. PID names that writer's process; errors.Is
// matches the context's error (context.DeadlineExceeded, ...).
type LockedError = filelock.HeldError

// OpenWriter takes the writer lock of the recordings folder dir, creating
// the folder, and returns its writer; Close releases the lock. While
// another writer holds the lock, it waits: until the lock is free or ctx
// ends, then failing with a *[LockedError] that names the holder's
// process. A second writer waits rather than fails because writers hold
// the lock briefly (a recording's write, a tidy), never for a whole run.
func OpenWriter(ctx context.Context, dir string) (*Writer, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("recording: %w", err)
	}
	lock, err := filelock.Acquire(ctx, filepath.Join(dir, LockFile))
	if err != nil {
		return nil, fmt.Errorf("recording: the recordings folder %s: %w", dir, err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		lock.Release()
		return nil, fmt.Errorf("recording: %w", err)
	}
	return &Writer{dir: dir, root: root, store: OpenStore(dir), lock: lock}, nil
}

// Close releases the writer's lock.
func (w *Writer) Close() error {
	err := w.root.Close()
	w.lock.Release()
	return err
}

// Write stores a recording's full text as the file name, a path relative
// to the folder (<version>/<scenario>.txtar): its units go into the store
// (repairing damaged objects), then the rest into name, whole, creating
// the version folder. name must be inside the folder: a symbolic link on
// the way out of it is an error.
func (w *Writer) Write(name string, data []byte) error {
	if !filepath.IsLocal(name) {
		return fmt.Errorf("recording: %s is not a path inside the recordings folder %s", name, w.dir)
	}
	stored, err := Compact(data, w.store)
	if err != nil {
		return fmt.Errorf("recording: %s: %w", filepath.Join(w.dir, name), err)
	}
	if err := w.root.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return fmt.Errorf("recording: %w", err)
	}
	if err := wholefile.WriteFileIn(w.root, name, stored, 0o644); err != nil {
		return fmt.Errorf("recording: %s: %w", w.dir, err)
	}
	return nil
}

// WriteFile stores a recording's full text in file: its units go into the
// store of the recordings folder ([Root]), the rest into file, creating
// the version folder. It holds the folder's writer lock meanwhile
// ([OpenWriter]: it waits for another writer until ctx ends), and file is
// written whole or not at all.
func WriteFile(ctx context.Context, file string, data []byte) error {
	root := Root(file)
	w, err := OpenWriter(ctx, root)
	if err != nil {
		return err
	}
	rel, err := filepath.Rel(root, file)
	if err != nil {
		w.Close()
		return fmt.Errorf("recording: %w", err)
	}
	return errors.Join(w.Write(rel, data), w.Close())
}

// Problem is a damaged file of a recordings folder: a recording that is
// empty or torn, or an object that is missing, damaged (its content does
// not match its hash) or not a regular file.
type Problem struct {
	File string // the damaged file, slash-separated, relative to the recordings folder
	// Recording is the recording the damage makes unreadable (relative,
	// slash-separated): File, or for an object, a recording that
	// references it.
	Recording string
	Err       error // what is wrong with it
}

// DamageError is the error of [Tidy] and [Check] on a recordings folder
// with damaged files. Recording the scenarios again repairs them: a
// write rewrites the recording whole and the damaged objects it holds.
type DamageError struct {
	Dir      string
	Problems []Problem
}

func (e *DamageError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "recording: the recordings folder %s has %d damaged files (record their scenarios again to repair them):", e.Dir, len(e.Problems))
	for _, p := range e.Problems {
		fmt.Fprintf(&b, "\n\t%s: %v", p.File, p.Err)
	}
	return b.String()
}

// Unwrap returns the problems' errors.
func (e *DamageError) Unwrap() []error {
	errs := make([]error, len(e.Problems))
	for i, p := range e.Problems {
		errs[i] = p.Err
	}
	return errs
}
