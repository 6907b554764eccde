// Package wholefile writes files whole or not at all, and reads only
// regular files.
//
// [WriteFileIn] is the one atomic write of ccwire: the data goes to a
// temporary file in the folder of the target, which is synced and renamed
// over the target, so that a reader, a process killed with SIGKILL or a
// full disk leaves the old file or the new one, never a part. A write that
// fails removes its temporary file. [ReadFile] refuses a file that is not
// regular (a named pipe, a device, a socket) instead of waiting on it.
package wholefile

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// tempMark is in the name of every temporary file, after a leading dot and
// the target's name: .<name>.partial-<random>.
const tempMark = ".partial-"

// IsTemp reports whether a file name (a base name) is that of a temporary
// file of WriteFileIn: one a process ended before it renamed, which
// whoever holds the folder's writer lock may remove.
func IsTemp(name string) bool {
	return strings.HasPrefix(name, ".") && strings.Contains(name, tempMark)
}

// WriteFile writes data to the file name with permissions perm (before
// the umask), whole or not at all: [WriteFileIn] in name's folder.
func WriteFile(name string, data []byte, perm fs.FileMode) error {
	root, err := os.OpenRoot(filepath.Dir(name))
	if err != nil {
		return err
	}
	defer root.Close()
	return WriteFileIn(root, filepath.Base(name), data, perm)
}

// WriteFileIn writes data to the file name under root with permissions
// perm (before the umask), whole or not at all: to a temporary file in the
// same folder, synced to the disk, then renamed over name, and the folder
// synced. On any error the temporary file is removed and name is as it
// was. The folder must exist.
func WriteFileIn(root *os.Root, name string, data []byte, perm fs.FileMode) (err error) {
	dir, base := filepath.Split(name)
	var rnd [8]byte
	_, _ = rand.Read(rnd[:]) // crypto/rand.Read never fails
	tmp := filepath.Join(dir, "."+base+tempMark+hex.EncodeToString(rnd[:]))
	f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	defer func() {
		if err != nil {
			_ = root.Remove(tmp)
			err = fmt.Errorf("write %s: %w", name, err)
		}
	}()
	_, werr := f.Write(data)
	serr := f.Sync()
	if err := errors.Join(werr, serr, f.Close()); err != nil {
		return err
	}
	if err := root.Rename(tmp, name); err != nil {
		return err
	}
	syncDir(root, dir)
	return nil
}

// syncDir syncs the folder dir under root so that a rename in it outlives
// a crash of the system. It is best effort: some systems (Windows) cannot
// sync a folder, and the file is whole either way.
func syncDir(root *os.Root, dir string) {
	if dir == "" {
		dir = "."
	}
	d, err := root.Open(dir)
	if err != nil {
		return
	}
	_ = d.Sync()
	_ = d.Close()
}

// ReadFile reads the file name if it is a regular file. A named pipe, a
// device, a socket or a folder is an error (wrapping [ErrNotRegular]),
// returned at once: a named pipe is opened without waiting for a writer.
func ReadFile(name string) ([]byte, error) {
	f, err := openNonBlocking(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("%w: it is %s", ErrNotRegular, Kind(info.Mode()))}
	}
	return io.ReadAll(f)
}

// ErrNotRegular is the error of reading a file that is not a regular file.
var ErrNotRegular = errors.New("not a regular file")

// Kind names the kind of file of mode, for messages: "a named pipe", "a
// folder", "a regular file"...
func Kind(mode fs.FileMode) string {
	switch {
	case mode.IsDir():
		return "a folder"
	case mode&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	case mode&fs.ModeDevice != 0:
		return "a device"
	case mode&fs.ModeSymlink != 0:
		return "a symbolic link"
	case mode.IsRegular():
		return "a regular file"
	}
	return "a special file (" + mode.Type().String() + ")"
}
