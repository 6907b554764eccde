// Package tempdir makes temporary folders whose names all have the same
// length, unlike os.MkdirTemp's (a decimal number of 1 to 10 digits).
//
// The CLI's texts hold the paths of a session's folders, and some of its
// figures are estimated from the length of those texts (the post_tokens of
// a compaction): with names of one length, a run's recording reproduces
// byte for byte.
package tempdir

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Make creates a new folder in dir (os.TempDir() when empty) named prefix
// followed by 16 random hex digits, readable only by the user, and returns
// its path.
func Make(dir, prefix string) (string, error) {
	if dir == "" {
		dir = os.TempDir()
	}
	var b [8]byte
	for range 100 {
		rand.Read(b[:])
		p := filepath.Join(dir, prefix+hex.EncodeToString(b[:]))
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
