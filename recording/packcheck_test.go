package recording_test

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"path"
	"testing"
	"testing/fstest"

	"github.com/ccwire/ccwire/recording"
)

// flipFolder is a recordings folder of a few blocks whose files compress
// as recordings do (words from a small vocabulary), for damaging its pack.
func flipFolder() fstest.MapFS {
	words := []string{"type", "assistant", "message", "content", "text", "tool_use", "session_id", "uuid", "result", "usage", "{", "}", ":", ","}
	r := rand.New(rand.NewPCG(1, 2))
	src := fstest.MapFS{}
	for i := range 6 {
		var b bytes.Buffer
		for b.Len() < 24<<10 {
			b.WriteString(words[r.IntN(len(words))])
			if r.IntN(8) == 0 {
				fmt.Fprintf(&b, "%d\n", r.IntN(1000))
			}
		}
		src[path.Join("2.1."+fmt.Sprint(i%3), fmt.Sprintf("s%d.txtar", i))] = &fstest.MapFile{Data: bytes.Clone(b.Bytes())}
		src[path.Join("objects", "line", fmt.Sprintf("%02x.json", i))] = &fstest.MapFile{Data: []byte(fmt.Sprintf("{\"n\":%d}\n", i))}
	}
	return src
}

// TestPackFlips damages a pack one byte at a time (3,000 flips of a random
// byte by a random non-zero mask) and reads every file of what OpenPack
// accepts: each flip must be detected (an error wrapping ErrBadPack from
// OpenPack or from reading) or harmless (every file reads back as
// packed). Before the pack had checksums, about half the flips read back
// other bytes with no error.
func TestPackFlips(t *testing.T) {
	t.Parallel()
	src := flipFolder()
	good := packOf(t, src)
	var names []string
	for name := range src {
		names = append(names, name)
	}
	flips := 3000
	if testing.Short() {
		flips = 300
	}
	r := rand.New(rand.NewPCG(3, 4))
	undetected := 0
	for range flips {
		at, mask := r.IntN(len(good)), byte(1+r.IntN(255))
		data := bytes.Clone(good)
		data[at] ^= mask
		if !flipHarmless(t, data, src, names) {
			undetected++
			if undetected <= 5 {
				t.Errorf("byte %d of %d ^ %#x: a file reads back other bytes, with no error", at, len(good), mask)
			}
		}
	}
	if undetected > 0 {
		t.Errorf("%d of %d single-byte flips read back other content without an error", undetected, flips)
	}
}

// flipHarmless reports whether the damaged pack data is refused, or fails
// a read with ErrBadPack, or reads back every file of src.
func flipHarmless(t *testing.T, data []byte, src fstest.MapFS, names []string) bool {
	t.Helper()
	p, err := recording.OpenPack(data)
	if err != nil {
		if !errors.Is(err, recording.ErrBadPack) {
			t.Fatalf("OpenPack: %v, want ErrBadPack", err)
		}
		return true
	}
	for _, name := range names {
		got, err := fs.ReadFile(p, name)
		if errors.Is(err, recording.ErrBadPack) {
			return true
		}
		if err != nil || !bytes.Equal(got, src[name].Data) {
			return false
		}
	}
	return true
}
