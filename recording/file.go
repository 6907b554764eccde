package recording

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
)

// Root returns the recordings folder that holds the recording in file
// (<root>/<version>/<scenario>.txtar): the folder of its store.
func Root(file string) string { return filepath.Dir(filepath.Dir(file)) }

// ReadFile reads the recording in file and returns its full text,
// expanded from the store of its recordings folder ([Root]).
func ReadFile(file string) ([]byte, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("recording: %w", err)
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

// WriteFile stores a recording's full text in file: its units go into the
// store of the recordings folder ([Root]), the rest into file, creating
// the version folder.
func WriteFile(file string, data []byte) error {
	stored, err := Compact(data, OpenStore(Root(file)))
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return fmt.Errorf("recording: %w", err)
	}
	if err := os.WriteFile(file, stored, 0o644); err != nil {
		return fmt.Errorf("recording: %w", err)
	}
	return nil
}
