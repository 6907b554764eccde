// Package tempdir makes temporary folders whose names all have the same
// length, unlike os.MkdirTemp's (a decimal number of 1 to 10 digits),
// and reclaims the ones a process that is gone left behind.
//
// The CLI's texts hold the paths of a session's folders, and some of its
// figures are estimated from the length of those texts (the post_tokens of
// a compaction): with names of one length, a run's recording reproduces
// byte for byte. So the folders stay where they were, in the system's
// temporary folder, with names as long as before: the 16 hex digits after
// the prefix name the owner process (6), then are random (4), then check
// the rest (6), and [Sweep] removes the folders whose owner is gone, such
// as those of a ccwire killed with SIGKILL, which had no chance to remove
// them.
package tempdir

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
)

// The parts of the 16 hex digits after a folder's prefix.
const (
	pidDigits    = 6 // the owner's process ID; 0 for one too large to say
	randomDigits = 4
	tagDigits    = 6 // check the rest of the name: a folder Make made
	nameDigits   = pidDigits + randomDigits + tagDigits
	maxPID       = 1<<(4*pidDigits) - 1
)

// Make creates a new folder in dir (os.TempDir() when empty) named prefix
// followed by 16 hex digits, readable only by the user, and returns its
// path. The digits name the calling process as the folder's owner, for
// [Sweep].
func Make(dir, prefix string) (string, error) {
	return makeFor(dir, prefix, os.Getpid())
}

// makeFor is Make for a folder owned by process pid.
func makeFor(dir, prefix string, pid int) (string, error) {
	if dir == "" {
		dir = os.TempDir()
	}
	if pid < 0 || pid > maxPID {
		pid = 0 // an owner the name cannot hold: never swept
	}
	for range 100 {
		var r [randomDigits / 2]byte
		rand.Read(r[:])
		head := prefix + fmt.Sprintf("%0*x", pidDigits, pid) + hex.EncodeToString(r[:])
		p := filepath.Join(dir, head+tag(head))
		err := os.Mkdir(p, 0o700)
		if err == nil {
			return p, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", fmt.Errorf("tempdir: %w", err)
		}
	}
	return "", fmt.Errorf("tempdir: no free name for %s* in %s", prefix, dir)
}

// tag is the check digits of a name that starts with head.
func tag(head string) string {
	sum := sha256.Sum256([]byte("ccwire tempdir " + head))
	return hex.EncodeToString(sum[:])[:tagDigits]
}

// Owner returns the process that owns a folder [Make] made, from its
// name; ok is false for a name Make did not make, or one whose owner it
// could not hold.
func Owner(name string) (pid int, ok bool) {
	if len(name) < nameDigits {
		return 0, false
	}
	head, check := name[:len(name)-tagDigits], name[len(name)-tagDigits:]
	digits := name[len(name)-nameDigits:]
	if _, err := hex.DecodeString(digits[:pidDigits+randomDigits]); err != nil || check != tag(head) {
		return 0, false
	}
	n, err := strconv.ParseUint(digits[:pidDigits], 16, 32)
	if err != nil || n == 0 {
		return 0, false
	}
	return int(n), true
}

// Swept is what [Sweep] removed.
type Swept struct {
	// Folders is how many folders it removed and Bytes the size of the
	// files they held.
	Folders int
	Bytes   int64
}

// Sweep removes the folders in dir (os.TempDir() when empty) that [Make]
// made for a process that is gone, and returns what it removed. A
// folder whose owner runs, or may run (another user's process, one of
// another PID namespace that shares the folder, or a new process that
// got the owner's ID), is left alone; so is one a running process still
// uses (on Linux: its working folder, or a path in its arguments or
// environment, is in it), such as a CLI that outlives the ccwire that
// started it, and one Sweep cannot remove.
// The errors are those of removals that failed.
func Sweep(dir string) (Swept, error) {
	if dir == "" {
		dir = os.TempDir()
	}
	var s Swept
	entries, err := os.ReadDir(dir)
	if err != nil {
		return s, fmt.Errorf("tempdir: sweep: %w", err)
	}
	var stale []string
	for _, e := range entries {
		if pid, ok := Owner(e.Name()); ok && e.IsDir() && !alive(pid) {
			stale = append(stale, e.Name())
		}
	}
	if len(stale) == 0 {
		return s, nil
	}
	inUse := busy(dir)
	var errs []error
	for _, name := range stale {
		if inUse[name] {
			continue
		}
		p := filepath.Join(dir, name)
		size := du(p)
		if err := os.RemoveAll(p); err != nil {
			errs = append(errs, fmt.Errorf("tempdir: sweep: %w", err))
			continue
		}
		s.Folders++
		s.Bytes += size
	}
	return s, errors.Join(errs...)
}

// du is the size of the regular files under p.
func du(p string) int64 {
	var n int64
	_ = filepath.WalkDir(p, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if info, err := d.Info(); err == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n
}
