package recording

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"

	"github.com/ccwire/ccwire/internal/wholefile"
)

// Root returns the recordings folder that holds the recording in file
// (<root>/<version>/<scenario>.txtar): the folder of its store.
func Root(file string) string { return filepath.Dir(filepath.Dir(file)) }

// ReadFile reads the recording in file and returns its full text,
// expanded from the store of its recordings folder ([Root]).
func ReadFile(file string) ([]byte, error) {
	data, err := ReadStored(file)
	if err != nil {
		return nil, err
	}
	full, err := Expand(data, OpenStore(Root(file)))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return full, nil
}

// ReadFileFS is [ReadFile] for a recording in fsys, whose store is the
// objects folder two levels above name (the root of the embedded corpus).
func ReadFileFS(fsys fs.FS, name string) ([]byte, error) {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, fmt.Errorf("recording: %w", err)
	}
	if err := checkWhole(data); err != nil {
		return nil, fmt.Errorf("recording: %s: %w", name, err)
	}
	root := path.Dir(path.Dir(name))
	sub, err := fs.Sub(fsys, root)
	if err != nil {
		return nil, fmt.Errorf("recording: %s: %w", name, err)
	}
	full, err := Expand(data, StoreFS(sub))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return full, nil
}

// ErrTorn means a recording file is empty or ends in the middle of a line:
// a write that did not finish, by a ccwire that wrote in place.
var ErrTorn = errors.New("the recording is torn (a write that did not finish)")

// ReadStored reads the recording in file as it is stored, not expanded.
// The file must be a regular file (a named pipe is an error, not a wait),
// not empty and ending with a line break: else the error wraps [ErrTorn].
func ReadStored(file string) ([]byte, error) {
	data, err := wholefile.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("recording: %w", err)
	}
	if err := checkWhole(data); err != nil {
		return nil, fmt.Errorf("recording: %s: %w", file, err)
	}
	return data, nil
}

// checkWhole returns an error wrapping ErrTorn for the text of a
// recording file that is empty or does not end with a line break.
func checkWhole(data []byte) error {
	switch {
	case len(data) == 0:
		return fmt.Errorf("%w: it is empty", ErrTorn)
	case data[len(data)-1] != '\n':
		return fmt.Errorf("%w: it ends in the middle of a line", ErrTorn)
	}
	return nil
}
