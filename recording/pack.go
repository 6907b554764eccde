package recording

import (
	"bytes"
	"cmp"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"hash/crc32"
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
// its own with DEFLATE. Reading a file decompresses only its block, and
// finding it only the part of the index that names it, so opening one
// recording costs a few blocks, not the corpus.
//
// Every part is checked: a table, then the index's parts and the blocks,
// each with its CRC-32C (Castagnoli) and its size decompressed, bounded,
// so that damage is an error before anything is decompressed, and a part
// never decompresses to more than it declares.
//
// Layout (numbers are uvarints, CRCs 4 bytes big-endian): packMagic; the
// table's length, the table and its CRC; the index's parts back to back;
// the blocks back to back. The table holds the count of blocks and, for
// each, its compressed length, its size decompressed and the CRC of its
// compressed bytes; then the count of index parts and, for each, the same
// three and the length and bytes of the first name it holds. An index
// part, decompressed, lists files sorted by name (each name after the
// part's first as the length of the prefix it shares with the name
// before, the length of the rest and the rest), each with its block, its
// offset in the block and its size. Parts hold [packPartFiles] files, and
// the last the rest.
const packMagic = "ccwire recordings pack 2\n"

// packPartFiles is how many files a part of a pack's index lists: few
// enough that finding a file decompresses a few kilobytes of the index.
const packPartFiles = 256

// maxPackPart bounds the decompressed size of a part of a pack's index
// (a part of packPartFiles names of at most a few hundred bytes each).
const maxPackPart = 1 << 20

// maxPackBlock bounds the decompressed size of a block of a pack: a block
// holds one file larger than [PackBlockSize], or files up to about that.
const maxPackBlock = 64 << 20

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
		if len(data) > maxPackBlock {
			return fmt.Errorf("%s: %d bytes, more than a pack holds in a file (%d)", name, len(data), maxPackBlock)
		}
		if pw.raw.Len() > 0 && pw.raw.Len()+len(data) > PackBlockSize {
			if err := pw.flush(); err != nil {
				return err
			}
		}
		pw.entries = append(pw.entries, packEntry{name: name, block: len(pw.table), off: pw.raw.Len(), size: len(data)})
		pw.raw.Write(data)
	}
	if err := pw.flush(); err != nil {
		return err
	}
	return pw.write(w)
}

// packWriter gathers a pack's blocks and their index.
type packWriter struct {
	raw     bytes.Buffer // the files of the block being filled
	table   []packSpan   // the blocks written (their off is unused)
	blocks  bytes.Buffer // the compressed blocks written
	entries []packEntry  // every file written or being written
}

// packCRC is the CRC-32C table.
var packCRC = crc32.MakeTable(crc32.Castagnoli)

// flush compresses the block being filled, if it has files.
func (pw *packWriter) flush() error {
	if pw.raw.Len() == 0 && (len(pw.entries) == 0 || pw.entries[len(pw.entries)-1].block < len(pw.table)) {
		return nil
	}
	z, err := deflate(pw.raw.Bytes())
	if err != nil {
		return err
	}
	pw.blocks.Write(z)
	pw.table = append(pw.table, packSpan{n: len(z), size: pw.raw.Len(), crc: crc32.Checksum(z, packCRC)})
	pw.raw.Reset()
	return nil
}

// write writes the pack: its table, its index's parts and its blocks.
func (pw *packWriter) write(w io.Writer) error {
	slices.SortFunc(pw.entries, func(a, b packEntry) int { return strings.Compare(a.name, b.name) })
	var parts []packSpan
	var zparts bytes.Buffer
	for chunk := range slices.Chunk(pw.entries, packPartFiles) {
		var raw []byte
		prev := ""
		for _, e := range chunk {
			shared := commonPrefix(prev, e.name)
			raw = binary.AppendUvarint(raw, uint64(shared))
			raw = binary.AppendUvarint(raw, uint64(len(e.name)-shared))
			raw = append(raw, e.name[shared:]...)
			raw = binary.AppendUvarint(raw, uint64(e.block))
			raw = binary.AppendUvarint(raw, uint64(e.off))
			raw = binary.AppendUvarint(raw, uint64(e.size))
			prev = e.name
		}
		z, err := deflate(raw)
		if err != nil {
			return err
		}
		zparts.Write(z)
		parts = append(parts, packSpan{n: len(z), size: len(raw), crc: crc32.Checksum(z, packCRC), first: chunk[0].name})
	}
	table := appendParts(nil, pw.table)
	table = appendParts(table, parts)
	out := append([]byte(packMagic), binary.AppendUvarint(nil, uint64(len(table)))...)
	out = append(out, table...)
	out = binary.BigEndian.AppendUint32(out, crc32.Checksum(table, packCRC))
	out = append(out, zparts.Bytes()...)
	out = append(out, pw.blocks.Bytes()...)
	_, err := w.Write(out)
	return err
}

// appendParts appends the count of parts and each part's entry in the
// table of a pack: for a part of the index, with its first name.
func appendParts(b []byte, parts []packSpan) []byte {
	b = binary.AppendUvarint(b, uint64(len(parts)))
	for _, p := range parts {
		b = binary.AppendUvarint(b, uint64(p.n))
		b = binary.AppendUvarint(b, uint64(p.size))
		b = binary.BigEndian.AppendUint32(b, p.crc)
		if p.first != "" {
			b = binary.AppendUvarint(b, uint64(len(p.first)))
			b = append(b, p.first...)
		}
	}
	return b
}

// commonPrefix returns the length of the prefix a and b share.
func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
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
