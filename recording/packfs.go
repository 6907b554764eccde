package recording

import (
	"bytes"
	"cmp"
	"compress/flate"
	"container/list"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

// ErrBadPack means a pack (see [Pack]) is damaged or not a pack.
var ErrBadPack = errors.New("recording: not a well-formed pack")

// packCachedBlocks is how many decompressed blocks a pack's file system
// keeps, the most recently read: reading the recordings of a version
// reads the same object blocks again and again.
const packCachedBlocks = 32

// maxDeflateRatio bounds how many times larger than its compressed bytes
// a DEFLATE stream decompresses (1032 at most): a block's size beyond
// that is a damaged index, not an allocation to make.
const maxDeflateRatio = 1032

// OpenPack returns the recordings folder packed in data (see [Pack]) as a
// read-only file system, laid out as the folder was. It reads only the
// pack's table (a few kilobytes, checked against its CRC): a part of the
// index is decompressed when a file it lists is looked up, a block when a
// file in it is read, each checked against its CRC first, and the most
// recently read blocks are kept. Damage is an error wrapping
// [ErrBadPack], from OpenPack or from the read that meets it. data must
// not change while the file system is in use. It is safe for concurrent
// use.
func OpenPack(data []byte) (fs.FS, error) {
	p, err := parsePack(data)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadPack, err)
	}
	return p, nil
}

// packFS is the file system of a pack.
type packFS struct {
	data   []byte
	blocks []packSpan
	parts  []packSpan // of the index

	dirsOnce sync.Once
	dirs     map[string][]fs.DirEntry // each folder's entries, sorted by name; see folders
	dirsErr  error

	mu      sync.Mutex
	decoded map[int][]packEntry   // index part → its files, sorted by name
	cache   map[int]*list.Element // block → its element in lru
	lru     *list.List            // of *cachedBlock, most recent first
}

// packSpan is where a block or a part of the index is in the pack, its
// size decompressed and its check.
type packSpan struct {
	off, n, size int
	crc          uint32
	first        string // for a part of the index, the first name it lists
}

// cachedBlock is a decompressed block.
type cachedBlock struct {
	block int
	data  []byte
}

// parsePack reads the table of the pack in data.
func parsePack(data []byte) (*packFS, error) {
	rest, ok := bytes.CutPrefix(data, []byte(packMagic))
	if !ok {
		return nil, errors.New("no pack header (" + strings.TrimSpace(packMagic) + ")")
	}
	n, k := binary.Uvarint(rest)
	if k <= 0 || n > uint64(len(rest)-k) || uint64(len(rest)-k)-n < 4 {
		return nil, errors.New("bad table length")
	}
	table := rest[k : k+int(n)]
	if got, want := crc32.Checksum(table, packCRC), binary.BigEndian.Uint32(rest[k+int(n):]); got != want {
		return nil, fmt.Errorf("the table's CRC is %08x, want %08x", got, want)
	}
	start := len(data) - len(rest) + k + int(n) + 4
	r := indexReader{s: string(table)}
	p := &packFS{
		data:    data,
		decoded: map[int][]packEntry{},
		cache:   map[int]*list.Element{},
		lru:     list.New(),
	}
	p.blocks = r.spans(false, maxPackBlock)
	p.parts = r.spans(true, maxPackPart)
	if r.err == nil && r.s != "" {
		r.err = errors.New("bytes after the index's parts")
	}
	if r.err != nil {
		return nil, fmt.Errorf("table: %w", r.err)
	}
	for i := range p.parts {
		if i > 0 && p.parts[i].first <= p.parts[i-1].first {
			return nil, fmt.Errorf("index part %d: its first name %q is not after %q", i, p.parts[i].first, p.parts[i-1].first)
		}
		p.parts[i].off = start
		start += p.parts[i].n
	}
	for i := range p.blocks {
		p.blocks[i].off = start
		start += p.blocks[i].n
	}
	if start != len(data) {
		return nil, fmt.Errorf("the table describes %d bytes, the pack has %d", start, len(data))
	}
	return p, nil
}

// spans reads a count and that many spans of the table (the blocks, or
// the index's parts with their first names), whose sizes are at most max.
func (r *indexReader) spans(named bool, max int) []packSpan {
	count := r.uint()
	if count > len(r.s)/6 { // each takes 6 bytes at least
		r.err = fmt.Errorf("%d entries in %d bytes", count, len(r.s))
	}
	spans := make([]packSpan, 0, min(count, len(r.s)/6))
	for i := 0; i < count && r.err == nil; i++ {
		var s packSpan
		s.n, s.size = r.uint(), r.uint()
		s.crc = r.uint32()
		if named {
			s.first = r.string()
			if r.err == nil && (!fs.ValidPath(s.first) || s.first == ".") {
				r.err = fmt.Errorf("bad file name %q", s.first)
			}
		}
		if r.err == nil && (s.size > max || s.size > maxDeflateRatio*s.n+64) {
			r.err = fmt.Errorf("%d compressed bytes cannot hold %d", s.n, s.size)
		}
		spans = append(spans, s)
	}
	return spans
}

// packEntry is a file of a pack, as its index lists it.
type packEntry struct {
	name             string
	block, off, size int
}

// inflate returns the first need bytes of span s decompressed, having
// checked its compressed bytes against its CRC; need is s.size or less.
// Decompressed to its end, the span must hold exactly its size.
func (p *packFS) inflate(s packSpan, need int) ([]byte, error) {
	z := p.data[s.off : s.off+s.n]
	if got := crc32.Checksum(z, packCRC); got != s.crc {
		return nil, fmt.Errorf("CRC %08x, want %08x", got, s.crc)
	}
	out := make([]byte, need)
	zr, _ := inflaters.Get().(io.ReadCloser)
	if zr == nil {
		zr = flate.NewReader(bytes.NewReader(z))
	} else if err := zr.(flate.Resetter).Reset(bytes.NewReader(z), nil); err != nil {
		return nil, err
	}
	defer inflaters.Put(zr)
	if _, err := io.ReadFull(zr, out); err != nil {
		return nil, err
	}
	if need == s.size {
		var one [1]byte
		if n, err := zr.Read(one[:]); n != 0 || err != io.EOF {
			return nil, fmt.Errorf("more than its %d bytes", s.size)
		}
	}
	return out, nil
}

// inflaters are DEFLATE readers to reuse: making one allocates its tables.
var inflaters sync.Pool

// part returns the files part i of the index lists, decompressed and
// checked the first time.
func (p *packFS) part(i int) ([]packEntry, error) {
	p.mu.Lock()
	files, ok := p.decoded[i]
	p.mu.Unlock()
	if ok {
		return files, nil
	}
	files, err := p.decodePart(i)
	if err != nil {
		return nil, fmt.Errorf("%w: index part %d: %w", ErrBadPack, i, err)
	}
	p.mu.Lock()
	p.decoded[i] = files
	p.mu.Unlock()
	return files, nil
}

// decodePart reads part i of the index.
func (p *packFS) decodePart(i int) ([]packEntry, error) {
	raw, err := p.inflate(p.parts[i], p.parts[i].size)
	if err != nil {
		return nil, err
	}
	r := indexReader{s: string(raw)}
	var files []packEntry
	prev := ""
	for r.s != "" && r.err == nil {
		shared := r.uint()
		if shared > len(prev) {
			return nil, fmt.Errorf("a name shares %d bytes with %q", shared, prev)
		}
		e := packEntry{name: prev[:shared] + r.string()}
		e.block, e.off, e.size = r.uint(), r.uint(), r.uint()
		if r.err != nil {
			break
		}
		switch {
		case !fs.ValidPath(e.name) || e.name == ".":
			return nil, fmt.Errorf("bad file name %q", e.name)
		case len(files) == 0 && e.name != p.parts[i].first:
			return nil, fmt.Errorf("it starts at %q, not at %q", e.name, p.parts[i].first)
		case len(files) > 0 && e.name <= prev:
			return nil, fmt.Errorf("%q after %q", e.name, prev)
		case i+1 < len(p.parts) && e.name >= p.parts[i+1].first:
			return nil, fmt.Errorf("%q belongs to the next part", e.name)
		case e.block >= len(p.blocks) || e.off > p.blocks[e.block].size || e.size > p.blocks[e.block].size-e.off:
			return nil, fmt.Errorf("%s: bytes %d to %d of block %d, which is not that large", e.name, e.off, e.off+e.size, e.block)
		}
		files = append(files, e)
		prev = e.name
	}
	if r.err != nil {
		return nil, r.err
	}
	if len(files) == 0 {
		return nil, errors.New("no files")
	}
	return files, nil
}

// lookup returns the file name; ok is false if the pack has none.
func (p *packFS) lookup(name string) (e packEntry, ok bool, err error) {
	i := sort.Search(len(p.parts), func(i int) bool { return p.parts[i].first > name }) - 1
	if i < 0 {
		return packEntry{}, false, nil
	}
	files, err := p.part(i)
	if err != nil {
		return packEntry{}, false, err
	}
	j, ok := slices.BinarySearchFunc(files, name, func(e packEntry, name string) int { return strings.Compare(e.name, name) })
	if !ok {
		return packEntry{}, false, nil
	}
	return files[j], true, nil
}

// isDir reports whether name is a folder of the pack: whether the first
// file at or after name+"/" is in it.
func (p *packFS) isDir(name string) (bool, error) {
	if name == "." {
		return true, nil
	}
	prefix := name + "/"
	i := max(sort.Search(len(p.parts), func(i int) bool { return p.parts[i].first > prefix })-1, 0)
	for ; i < len(p.parts); i++ {
		files, err := p.part(i)
		if err != nil {
			return false, err
		}
		j, _ := slices.BinarySearchFunc(files, prefix, func(e packEntry, name string) int { return strings.Compare(e.name, name) })
		if j < len(files) {
			return strings.HasPrefix(files[j].name, prefix), nil
		}
	}
	return false, nil
}

// folders returns the entries of each folder, listed the first time they
// are asked for from every part of the index: reading a file by its name
// needs none.
func (p *packFS) folders() (map[string][]fs.DirEntry, error) {
	p.dirsOnce.Do(func() {
		var all []packEntry
		for i := range p.parts {
			files, err := p.part(i)
			if err != nil {
				p.dirsErr = err
				return
			}
			all = append(all, files...)
		}
		isFile := make(map[string]bool, len(all))
		for _, e := range all {
			isFile[e.name] = true
		}
		dirs := map[string][]fs.DirEntry{".": {}}
		seen := map[string]bool{".": true}
		for _, e := range all {
			addEntry(dirs, e.name, packDirEntry{name: path.Base(e.name), size: e.size}, seen, isFile)
		}
		for _, entries := range dirs {
			slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
		}
		p.dirs = dirs
	})
	return p.dirs, p.dirsErr
}

// addEntry lists the file name, described by e, in its folder of dirs,
// and the folders above it in theirs.
func addEntry(dirs map[string][]fs.DirEntry, name string, e packDirEntry, dirSeen, isFile map[string]bool) {
	for {
		dir := path.Dir(name)
		if isFile[dir] && dir != name {
			// a file and a folder of one name: the index is damaged, and
			// the file wins; Open of what is under it fails.
			return
		}
		dirs[dir] = append(dirs[dir], e)
		if dirSeen[dir] {
			return
		}
		dirSeen[dir] = true
		name, e = dir, packDirEntry{name: path.Base(dir), dir: true}
	}
}

// indexReader reads the uvarints, CRCs and strings of a pack's table or
// index part, keeping the first error.
type indexReader struct {
	s   string // what is left to read
	err error
}

// uint reads a uvarint that fits an int.
func (r *indexReader) uint() int {
	if r.err != nil {
		return 0
	}
	var buf [binary.MaxVarintLen64]byte
	v, k := binary.Uvarint(buf[:copy(buf[:], r.s)])
	if k <= 0 || v > 1<<40 {
		r.err = errors.New("bad number")
		return 0
	}
	r.s = r.s[k:]
	return int(v)
}

// uint32 reads a CRC, 4 bytes big-endian.
func (r *indexReader) uint32() uint32 {
	if r.err != nil {
		return 0
	}
	if len(r.s) < 4 {
		r.err = errors.New("a CRC goes past the end")
		return 0
	}
	v := binary.BigEndian.Uint32([]byte(r.s[:4]))
	r.s = r.s[4:]
	return v
}

// string reads a length and that many bytes.
func (r *indexReader) string() string {
	n := r.uint()
	if r.err != nil {
		return ""
	}
	if n > len(r.s) {
		r.err = errors.New("a name goes past the end")
		return ""
	}
	s := r.s[:n]
	r.s = r.s[n:]
	return s
}

// block returns the first need bytes of block b decompressed, or more,
// from the cache or the pack: a block is decompressed as far as the file
// read needs, and further when a later file needs more.
func (p *packFS) block(b, need int) ([]byte, error) {
	p.mu.Lock()
	if e, ok := p.cache[b]; ok && len(e.Value.(*cachedBlock).data) >= need {
		p.lru.MoveToFront(e)
		data := e.Value.(*cachedBlock).data
		p.mu.Unlock()
		return data, nil
	}
	p.mu.Unlock()
	data, err := p.inflate(p.blocks[b], need)
	if err != nil {
		return nil, fmt.Errorf("%w: block %d: %w", ErrBadPack, b, err)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if e, ok := p.cache[b]; ok { // decompressed meanwhile by another reader, or less far
		p.lru.MoveToFront(e)
		if c := e.Value.(*cachedBlock); len(c.data) < len(data) {
			c.data = data
		}
		return e.Value.(*cachedBlock).data, nil
	}
	p.cache[b] = p.lru.PushFront(&cachedBlock{block: b, data: data})
	if p.lru.Len() > packCachedBlocks {
		old := p.lru.Remove(p.lru.Back()).(*cachedBlock)
		delete(p.cache, old.block)
	}
	return data, nil
}

// file returns the bytes of the file name, with the error op reports.
func (p *packFS) file(op, name string) (packEntry, []byte, error) {
	if !fs.ValidPath(name) {
		return packEntry{}, nil, &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	f, ok, err := p.lookup(name)
	if err == nil && !ok {
		err = fs.ErrNotExist
		if dir, derr := p.isDir(name); derr != nil {
			err = derr
		} else if dir {
			err = errIsDir
		}
	}
	if err != nil {
		return f, nil, &fs.PathError{Op: op, Path: name, Err: err}
	}
	data, err := p.block(f.block, f.off+f.size)
	if err != nil {
		return f, nil, &fs.PathError{Op: op, Path: name, Err: err}
	}
	return f, data[f.off : f.off+f.size], nil
}

// errIsDir is the error of reading a folder as a file.
var errIsDir = errors.New("is a directory")

// ReadFile returns the contents of the file name, a copy.
func (p *packFS) ReadFile(name string) ([]byte, error) {
	_, data, err := p.file("read", name)
	if err != nil {
		return nil, err
	}
	return bytes.Clone(data), nil
}

// Open opens the file or folder name.
func (p *packFS) Open(name string) (fs.File, error) {
	f, data, err := p.file("open", name)
	if errors.Is(err, errIsDir) {
		dirs, err := p.folders()
		if err != nil {
			return nil, &fs.PathError{Op: "open", Path: name, Err: err}
		}
		return &packDir{info: packDirEntry{name: path.Base(name), dir: true}, entries: dirs[name]}, nil
	}
	if err != nil {
		return nil, err
	}
	return &packOpenFile{info: packDirEntry{name: path.Base(name), size: f.size}, r: bytes.NewReader(data)}, nil
}

// ReadDir returns the entries of the folder name, sorted by name.
func (p *packFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrInvalid}
	}
	dirs, err := p.folders()
	if err != nil {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: err}
	}
	entries, ok := dirs[name]
	if !ok {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrNotExist}
	}
	return slices.Clone(entries), nil
}

// Stat describes the file or folder name.
func (p *packFS) Stat(name string) (fs.FileInfo, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrInvalid}
	}
	f, ok, err := p.lookup(name)
	if err != nil {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: err}
	}
	if ok {
		return packDirEntry{name: path.Base(name), size: f.size}, nil
	}
	if dir, err := p.isDir(name); err != nil || !dir {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: cmp.Or(err, fs.ErrNotExist)}
	}
	return packDirEntry{name: path.Base(name), dir: true}, nil
}

// packDirEntry describes a file or folder of a pack: it is both its
// fs.DirEntry and its fs.FileInfo. Files are read-only, with no time.
type packDirEntry struct {
	name string
	size int
	dir  bool
}

func (e packDirEntry) Name() string               { return e.name }
func (e packDirEntry) IsDir() bool                { return e.dir }
func (e packDirEntry) Type() fs.FileMode          { return e.Mode().Type() }
func (e packDirEntry) Info() (fs.FileInfo, error) { return e, nil }
func (e packDirEntry) Size() int64                { return int64(e.size) }
func (e packDirEntry) ModTime() time.Time         { return time.Time{} }
func (e packDirEntry) Sys() any                   { return nil }

// Mode is 0o444 for a file, a folder with 0o555.
func (e packDirEntry) Mode() fs.FileMode {
	if e.dir {
		return fs.ModeDir | 0o555
	}
	return 0o444
}

// packOpenFile is an open file of a pack.
type packOpenFile struct {
	info packDirEntry
	r    *bytes.Reader
}

func (f *packOpenFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *packOpenFile) Read(b []byte) (int, error) { return f.r.Read(b) }
func (f *packOpenFile) Close() error               { return nil }

// Seek and ReadAt make the file an io.ReadSeeker and io.ReaderAt, as the
// files of embed.FS are.
func (f *packOpenFile) Seek(off int64, whence int) (int64, error) { return f.r.Seek(off, whence) }
func (f *packOpenFile) ReadAt(b []byte, off int64) (int, error)   { return f.r.ReadAt(b, off) }

// packDir is an open folder of a pack.
type packDir struct {
	info    packDirEntry
	entries []fs.DirEntry
	next    int // the first entry ReadDir has not returned
}

func (d *packDir) Stat() (fs.FileInfo, error) { return d.info, nil }
func (d *packDir) Close() error               { return nil }
func (d *packDir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.info.name, Err: errors.New("is a directory")}
}

// ReadDir returns the next n entries, or all the rest when n <= 0.
func (d *packDir) ReadDir(n int) ([]fs.DirEntry, error) {
	rest := d.entries[d.next:]
	if n <= 0 {
		d.next = len(d.entries)
		return slices.Clone(rest), nil
	}
	if len(rest) == 0 {
		return nil, io.EOF
	}
	rest = rest[:min(n, len(rest))]
	d.next += len(rest)
	return slices.Clone(rest), nil
}
