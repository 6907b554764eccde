package recording

import (
	"bytes"
	"cmp"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/ccwire/ccwire/cliversion"
)

// A pack is a recordings folder in one compressed file, for the binaries
// that carry the corpus (package corpus embeds one): the folder's files
// are ordered so that alike ones are neighbours (a scenario's recordings
// of every version in a row, then the objects by kind and hint), cut into
// blocks of about [PackBlockSize] bytes, and each block is compressed on
// its own with DEFLATE. Reading a file decompresses only its block, so
// opening one recording costs a few blocks, not the corpus.
//
// Layout: packMagic, then the index (a uvarint length and that many
// DEFLATE-compressed bytes), then the blocks back to back. The index,
// decompressed, is a uvarint count of blocks and, for each, its uvarint
// compressed length, its uvarint count of files and, for each file, the
// uvarint length of its slash-separated name, the name and its uvarint
// size.
const packMagic = "ccwire recordings pack 1\n"

// PackBlockSize is about how many bytes of files a block of a pack holds
// (a file is never split): small enough that reading a file is cheap,
// large enough that the neighbours a block holds compress together.
const PackBlockSize = 128 << 10

// Pack writes the files of the recordings folder at the root of fsys (all
// but go.mod and Go source, which belong to the module, not the corpus,
// and dot files such as the writer lock)
// as a pack to w. The same files make the same pack.
func Pack(w io.Writer, fsys fs.FS) error {
	if err := writePack(w, fsys); err != nil {
		return fmt.Errorf("recording: pack: %w", err)
	}
	return nil
}

// writePack is Pack without the error prefix.
func writePack(w io.Writer, fsys fs.FS) error {
	var names []string
	refs := map[string][]Ref{} // recording → its references
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		// Dot files (the writer lock, temporary files) are not the corpus.
		if err != nil || d.IsDir() || p == "go.mod" || strings.HasSuffix(p, ".go") || strings.HasPrefix(path.Base(p), ".") {
			return err
		}
		names = append(names, p)
		if path.Ext(p) != ".txtar" {
			return nil
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		if refs[p], err = References(data); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	// An object goes with the objects of its kind and hint, in the order
	// of the first recordings that reference them, version by version:
	// the objects a version adds are neighbours within each kind and hint.
	recs := slices.Collect(maps.Keys(refs))
	slices.SortFunc(recs, func(a, b string) int {
		if c := cliversion.CompareStrings(path.Dir(a), path.Dir(b)); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	objects := map[string]packObject{}
	for _, name := range recs {
		for _, r := range refs[name] {
			if o := path.Join(ObjectsDir, r.path()); objects[o].rank == 0 {
				objects[o] = packObject{r.Hint, len(objects) + 1}
			}
		}
	}
	slices.SortStableFunc(names, func(a, b string) int { return comparePackOrder(a, b, objects) })

	var pw packWriter
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		if pw.raw.Len() > 0 && pw.raw.Len()+len(data) > PackBlockSize {
			if err := pw.flush(); err != nil {
				return err
			}
		}
		pw.raw.Write(data)
		pw.files = append(pw.files, name)
		pw.sizes = append(pw.sizes, len(data))
	}
	if err := pw.flush(); err != nil {
		return err
	}
	index := binary.AppendUvarint(nil, uint64(pw.nblocks))
	zindex, err := deflate(append(index, pw.index.Bytes()...))
	if err != nil {
		return err
	}
	out := append([]byte(packMagic), binary.AppendUvarint(nil, uint64(len(zindex)))...)
	out = append(out, zindex...)
	out = append(out, pw.blocks.Bytes()...)
	_, err = w.Write(out)
	return err
}

// packWriter gathers a pack's blocks and their index.
type packWriter struct {
	raw     bytes.Buffer // the files of the block being filled
	files   []string     // their names
	sizes   []int        // their sizes
	index   bytes.Buffer // the index of the blocks written, but the count
	blocks  bytes.Buffer // the compressed blocks written
	nblocks int
}

// flush compresses the block being filled, if it has files, and
// describes it in the index.
func (pw *packWriter) flush() error {
	if len(pw.files) == 0 {
		return nil
	}
	z, err := deflate(pw.raw.Bytes())
	if err != nil {
		return err
	}
	pw.blocks.Write(z)
	idx := binary.AppendUvarint(nil, uint64(len(z)))
	idx = binary.AppendUvarint(idx, uint64(len(pw.files)))
	for i, f := range pw.files {
		idx = binary.AppendUvarint(idx, uint64(len(f)))
		idx = append(idx, f...)
		idx = binary.AppendUvarint(idx, uint64(pw.sizes[i]))
	}
	pw.index.Write(idx)
	pw.nblocks++
	pw.raw.Reset()
	pw.files, pw.sizes = pw.files[:0], pw.sizes[:0]
	return nil
}

// deflate compresses data with DEFLATE at the best compression.
func deflate(data []byte) ([]byte, error) {
	var b bytes.Buffer
	zw, err := flate.NewWriter(&b, flate.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(data); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// packObject is where an object goes among those of its kind: its hint,
// then the rank of the first recording that references it.
type packObject struct {
	hint string
	rank int
}

// comparePackOrder orders the files of a pack: the recordings by scenario
// then CLI version (a scenario's recordings differ little from one
// version to the next), then the objects by kind, hint (the objects of one
// tool, one kind of line…) and rank (see packObject), then the other
// files by name.
func comparePackOrder(a, b string, objects map[string]packObject) int {
	ga, gb := packGroup(a), packGroup(b)
	if c := cmp.Compare(ga, gb); c != 0 {
		return c
	}
	switch ga {
	case 0:
		if c := cmp.Compare(path.Base(a), path.Base(b)); c != 0 {
			return c
		}
		if c := cliversion.CompareStrings(path.Dir(a), path.Dir(b)); c != 0 {
			return c
		}
	case 1:
		if c := cmp.Compare(path.Dir(a), path.Dir(b)); c != 0 {
			return c
		}
		oa, ob := objects[a], objects[b]
		if c := cmp.Compare(oa.hint, ob.hint); c != 0 {
			return c
		}
		if c := cmp.Compare(oa.rank, ob.rank); c != 0 {
			return c
		}
	}
	return cmp.Compare(a, b)
}

// packGroup returns the group of a pack's file: 0 for a recording
// (<version>/<scenario>.txtar), 1 for an object, 2 for the rest.
func packGroup(name string) int {
	dir := path.Dir(name)
	switch {
	case strings.HasPrefix(name, ObjectsDir+"/"):
		return 1
	case path.Ext(name) == ".txtar" && dir != "." && !strings.Contains(dir, "/"):
		return 0
	}
	return 2
}
