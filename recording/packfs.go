package recording

import (
	"bytes"
	"compress/flate"
	"container/list"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
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
// index: a file's block is decompressed when the file is read, and the
// most recently read blocks are kept. data must not change while the
// file system is in use. It is safe for concurrent use.
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
	blocks []packBlock
	files  map[string]packFile
	names  []string // the files, in the pack's order

	dirsOnce sync.Once
	dirs     map[string][]fs.DirEntry // each folder's entries, sorted by name; see folders

	mu    sync.Mutex
	cache map[int]*list.Element // block → its element in lru
	lru   *list.List            // of *cachedBlock, most recent first
}

// packBlock is where a block's compressed bytes are in the pack, and its
// size decompressed.
type packBlock struct{ off, n, size int }

// packFile is where a file is: its block and its bytes in the block.
type packFile struct{ block, off, size int }

// cachedBlock is a decompressed block.
type cachedBlock struct {
	block int
	data  []byte
}

// parsePack reads the index of the pack in data.
func parsePack(data []byte) (*packFS, error) {
	rest, ok := bytes.CutPrefix(data, []byte(packMagic))
	if !ok {
		return nil, errors.New("no pack header")
	}
	n, k := binary.Uvarint(rest)
	if k <= 0 || n > uint64(len(rest)-k) {
		return nil, errors.New("bad index length")
	}
	index, err := io.ReadAll(flate.NewReader(bytes.NewReader(rest[k : k+int(n)])))
	if err != nil {
		return nil, fmt.Errorf("index: %w", err)
	}
	start := len(data) - len(rest) + k + int(n)
	r := indexReader{s: string(index)}
	p := &packFS{
		data:  data,
		files: map[string]packFile{},
		cache: map[int]*list.Element{},
		lru:   list.New(),
	}
	nblocks := r.uint()
	for b := 0; b < nblocks && r.err == nil; b++ {
		clen, nfiles := r.uint(), r.uint()
		size := 0
		for range nfiles {
			name := r.string()
			fsize := r.uint()
			if r.err != nil {
				break
			}
			if !fs.ValidPath(name) || name == "." {
				return nil, fmt.Errorf("bad file name %q", name)
			}
			if _, dup := p.files[name]; dup {
				return nil, fmt.Errorf("%s twice", name)
			}
			p.files[name] = packFile{block: b, off: size, size: fsize}
			p.names = append(p.names, name)
			size += fsize
		}
		if start+clen > len(data) || start+clen < start {
			return nil, errors.New("a block goes past the end")
		}
		if size > maxDeflateRatio*clen+64 {
			return nil, fmt.Errorf("block %d: %d bytes cannot decompress to %d", b, clen, size)
		}
		p.blocks = append(p.blocks, packBlock{off: start, n: clen, size: size})
		start += clen
	}
	if r.err != nil {
		return nil, fmt.Errorf("index: %w", r.err)
	}
	if start != len(data) {
		return nil, errors.New("bytes after the last block")
	}
	return p, nil
}

// folders returns the entries of each folder, listed the first time they
// are asked for: reading a file by its name needs none.
func (p *packFS) folders() map[string][]fs.DirEntry {
	p.dirsOnce.Do(func() {
		p.dirs = map[string][]fs.DirEntry{".": {}}
		seen := map[string]bool{".": true}
		for _, name := range p.names {
			p.addEntry(name, packDirEntry{name: path.Base(name), size: p.files[name].size}, seen)
		}
		for _, entries := range p.dirs {
			slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
		}
	})
	return p.dirs
}

// addEntry lists the file name, described by e, in its folder, and the
// folders above it in theirs.
func (p *packFS) addEntry(name string, e packDirEntry, dirSeen map[string]bool) {
	for {
		dir := path.Dir(name)
		if _, isFile := p.files[dir]; isFile && dir != name {
			// a file and a folder of one name: the index is damaged, and
			// the file wins; Open of what is under it fails.
			return
		}
		p.dirs[dir] = append(p.dirs[dir], e)
		if dirSeen[dir] {
			return
		}
		dirSeen[dir] = true
		name, e = dir, packDirEntry{name: path.Base(dir), dir: true}
	}
}

// indexReader reads the uvarints and strings of an index, keeping the
// first error.
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

// string reads a length and that many bytes, a part of the index's
// string.
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

// block returns block b decompressed, from the cache or the pack.
func (p *packFS) block(b int) ([]byte, error) {
	p.mu.Lock()
	if e, ok := p.cache[b]; ok {
		p.lru.MoveToFront(e)
		data := e.Value.(*cachedBlock).data
		p.mu.Unlock()
		return data, nil
	}
	p.mu.Unlock()
	blk := p.blocks[b]
	data := make([]byte, blk.size)
	zr := flate.NewReader(bytes.NewReader(p.data[blk.off : blk.off+blk.n]))
	if _, err := io.ReadFull(zr, data); err != nil {
		return nil, fmt.Errorf("%w: block %d: %w", ErrBadPack, b, err)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if e, ok := p.cache[b]; ok { // decompressed meanwhile by another reader
		p.lru.MoveToFront(e)
		return e.Value.(*cachedBlock).data, nil
	}
	p.cache[b] = p.lru.PushFront(&cachedBlock{block: b, data: data})
	if p.lru.Len() > packCachedBlocks {
		old := p.lru.Remove(p.lru.Back()).(*cachedBlock)
		delete(p.cache, old.block)
	}
	return data, nil
}

// ReadFile returns the contents of the file name, a copy.
func (p *packFS) ReadFile(name string) ([]byte, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fs.ErrInvalid}
	}
	f, ok := p.files[name]
	if !ok {
		if _, isDir := p.folders()[name]; isDir {
			return nil, &fs.PathError{Op: "read", Path: name, Err: errors.New("is a directory")}
		}
		return nil, &fs.PathError{Op: "read", Path: name, Err: fs.ErrNotExist}
	}
	data, err := p.block(f.block)
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: name, Err: err}
	}
	return bytes.Clone(data[f.off : f.off+f.size]), nil
}

// Open opens the file or folder name.
func (p *packFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if entries, ok := p.folders()[name]; ok {
		return &packDir{info: packDirEntry{name: path.Base(name), dir: true}, entries: entries}, nil
	}
	f, ok := p.files[name]
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	data, err := p.block(f.block)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	return &packOpenFile{info: packDirEntry{name: path.Base(name), size: f.size}, r: bytes.NewReader(data[f.off : f.off+f.size])}, nil
}

// ReadDir returns the entries of the folder name, sorted by name.
func (p *packFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrInvalid}
	}
	entries, ok := p.folders()[name]
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
	if _, ok := p.folders()[name]; ok {
		return packDirEntry{name: path.Base(name), dir: true}, nil
	}
	if f, ok := p.files[name]; ok {
		return packDirEntry{name: path.Base(name), size: f.size}, nil
	}
	return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrNotExist}
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
