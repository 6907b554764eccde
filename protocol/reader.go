package protocol

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
)

// DefaultMaxLineSize is the longest line a Reader accepts unless told
// otherwise: 1 GiB.
const DefaultMaxLineSize int64 = 1 << 30

const (
	// slabSize is the size of the buffers the reader reads into. Lines that
	// fit in one are handed out as views of it, without copying.
	slabSize = 64 << 10
	// chunkSize is the size of the pieces a line longer than a slab is
	// collected in, before it is copied once into a buffer of its exact size.
	chunkSize = 4 << 20
)

// Reader reads protocol messages from a stream of newline-delimited JSON,
// such as the CLI's stdout or a transcript file.
//
// Lines have no fixed size limit: a line of any length up to the reader's
// maximum (see [WithMaxLineSize]) is read into memory once, in a buffer of
// its own size. A longer line is skipped without being kept and reported as
// a *LineTooLongError; a line that is not a JSON object, or nests deeper
// than [MaxNesting] levels (a *NestingError inside), is reported as a
// *DecodeError. Both carry the line number and reading goes on. Any other
// error comes from the underlying reader and ends the stream. Blank lines
// are skipped (one over the limit is reported as too long all the same:
// the reader does not keep it to look).
//
// Decoded messages share memory with the reader's buffers, which are never
// reused, so messages stay valid after later calls.
type Reader struct {
	r       io.Reader
	maxLine int64
	line    int

	slab       []byte // current buffer; slab[start:end] is unread
	start, end int
	err        error // sticky error from r
	dec        decoder
	onLine     func(line []byte, size int64)

	// slabSize and chunkSize are the package constants; tests shrink them to
	// exercise long-line handling with small inputs.
	slabSize, chunkSize int
	// allocChunk and freeChunk are the package functions; a fuzz test
	// whose chunks are tiny takes them from the heap instead, as a
	// mapping each would cost it most of its time.
	allocChunk func(n int) []byte
	freeChunk  func(b []byte)
}

// ReaderOption configures a Reader.
type ReaderOption func(*Reader)

// WithMaxLineSize sets the longest line the reader accepts, in bytes without
// the newline. n <= 0 means DefaultMaxLineSize; a message cannot exceed
// 4 GiB - 1, so larger values mean that.
func WithMaxLineSize(n int64) ReaderOption {
	return func(r *Reader) {
		if n <= 0 {
			n = DefaultMaxLineSize
		}
		r.maxLine = min(n, maxLineOffset)
	}
}

// WithLineFunc makes the reader call fn with every line it reads, in order,
// before decoding it: blank lines, undecodable ones and a last line
// without a newline included, each without its newline. line shares
// memory with the messages decoded from it and stays valid and unchanged
// (the reader never reuses its buffers), so fn can keep it without
// copying; fn must not modify it. For a line over the size limit, which
// the reader does not keep, line is nil and size gives its length.
// Together with the line numbers of errors, this lets a caller keep the
// raw stream, such as a transcript, at no extra cost. Several such
// options each get every line, in the order given.
func WithLineFunc(fn func(line []byte, size int64)) ReaderOption {
	return func(r *Reader) {
		if prev := r.onLine; prev != nil {
			r.onLine = func(line []byte, size int64) {
				prev(line, size)
				fn(line, size)
			}
			return
		}
		r.onLine = fn
	}
}

// NewReader returns a reader of messages from r.
func NewReader(r io.Reader, opts ...ReaderOption) *Reader {
	rd := &Reader{r: r, maxLine: DefaultMaxLineSize, slabSize: slabSize, chunkSize: chunkSize,
		allocChunk: allocChunk, freeChunk: freeChunk}
	for _, o := range opts {
		o(rd)
	}
	return rd
}

// Line returns the 1-based number of the line last read (0 before the
// first).
func (r *Reader) Line() int { return r.line }

// Next returns the next message. At the end of the stream it returns io.EOF.
// A *DecodeError or *LineTooLongError concerns one line only: the next call
// reads on. Any other error is final.
func (r *Reader) Next() (Message, error) {
	for {
		line, size, err := r.readLine()
		if err != nil {
			return nil, err
		}
		if size > r.maxLine {
			if r.onLine != nil {
				r.onLine(nil, size)
			}
			return nil, &LineTooLongError{Line: r.line, Size: size, Limit: r.maxLine}
		}
		if r.onLine != nil {
			r.onLine(line, size)
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		m, err := r.dec.decodeLine(line)
		if err != nil {
			err = wireError(err)
			return nil, &DecodeError{Line: r.line, Err: err, Excerpt: excerpt(line, err)}
		}
		return m, nil
	}
}

// All returns an iterator over the remaining messages. Per-line errors
// (*DecodeError, *LineTooLongError) are yielded with a nil message and
// iteration goes on; a final error from the underlying reader is yielded
// last. The end of the stream ends the iteration without an error.
func (r *Reader) All() iter.Seq2[Message, error] {
	return func(yield func(Message, error) bool) {
		for {
			m, err := r.Next()
			if errors.Is(err, io.EOF) {
				return
			}
			if !yield(m, err) {
				return
			}
			if err != nil && !isLineError(err) {
				return
			}
		}
	}
}

func isLineError(err error) bool {
	var de *DecodeError
	var le *LineTooLongError
	return errors.As(err, &de) || errors.As(err, &le)
}

// fill reads more input into the slab after end. It returns false when
// nothing more can be read (r.err is then set).
func (r *Reader) fill() bool {
	if r.err != nil {
		return false
	}
	for tries := 0; tries < 100; tries++ {
		n, err := r.r.Read(r.slab[r.end:])
		r.end += n
		if err != nil {
			r.err = err
			return n > 0
		}
		if n > 0 {
			return true
		}
	}
	r.err = io.ErrNoProgress
	return false
}

// newSlab starts a new slab holding the unread bytes of the current one.
func (r *Reader) newSlab() {
	s := make([]byte, r.slabSize)
	n := copy(s, r.slab[r.start:r.end])
	r.slab, r.start, r.end = s, 0, n
}

// readLine returns the next line without its newline, and its size. A line
// over the limit is consumed and returned as nil with its size. At the end
// of input it returns the read error (io.EOF when the stream ended).
func (r *Reader) readLine() ([]byte, int64, error) {
	if r.slab == nil {
		r.slab = make([]byte, r.slabSize)
	}
	scan := r.start
	for {
		if i := bytes.IndexByte(r.slab[scan:r.end], '\n'); i >= 0 {
			nl := scan + i
			line := r.slab[r.start:nl:nl]
			r.start = nl + 1
			r.line++
			return line, int64(len(line)), nil
		}
		if r.end == len(r.slab) {
			if pending := r.end - r.start; pending < r.slabSize/2 {
				// Make room: move the partial line to a fresh slab.
				r.newSlab()
			} else {
				// The line fills much of a slab: collect it in chunks.
				return r.readLongLine()
			}
		}
		scan = r.end
		if !r.fill() {
			if r.end > r.start && errors.Is(r.err, io.EOF) {
				// A last line without a newline.
				line := r.slab[r.start:r.end:r.end]
				r.start = r.end
				r.line++
				return line, int64(len(line)), nil
			}
			return nil, 0, r.readError()
		}
	}
}

func (r *Reader) readError() error {
	if errors.Is(r.err, io.EOF) {
		return io.EOF
	}
	return fmt.Errorf("protocol: reading line %d: %w", r.line+1, r.err)
}

// readLongLine reads a line longer than a slab. The slab holds its start.
// The rest is collected in chunks of fixed size kept outside the Go heap
// where the system allows, then copied once into a buffer of the line's
// exact size and the chunks released, so the memory held is about the line
// itself. Over the limit, pieces are dropped as they come.
func (r *Reader) readLongLine() ([]byte, int64, error) {
	head := r.slab[r.start:r.end]
	size := int64(len(head))
	discard := size > r.maxLine
	var chunks [][]byte // full-capacity chunks, each filled up to its length
	defer func() {
		for _, c := range chunks {
			r.freeChunk(c)
		}
	}()
	var buf []byte
	for {
		if buf == nil || !discard {
			buf = r.allocChunk(r.chunkSize)
			chunks = append(chunks, buf)
		}
		n, err := io.ReadAtLeast(r.r, buf[:cap(buf)], 1)
		piece := buf[:n]
		chunks[len(chunks)-1] = piece
		if i := bytes.IndexByte(piece, '\n'); i >= 0 {
			size += int64(i)
			r.line++
			// The rest after the newline starts a new slab.
			r.slab = make([]byte, max(r.slabSize, n-i-1))
			r.start, r.end = 0, copy(r.slab, piece[i+1:])
			if err != nil {
				r.err = err
			}
			if discard || size > r.maxLine {
				return nil, size, nil
			}
			chunks[len(chunks)-1] = piece[:i]
			return joinChunks(head, chunks, size), size, nil
		}
		size += int64(n)
		if !discard && size > r.maxLine {
			discard = true
		}
		if err != nil {
			// End of input inside the line: it is the last line.
			r.err = err
			r.slab = make([]byte, r.slabSize)
			r.start, r.end = 0, 0
			if !errors.Is(err, io.EOF) {
				return nil, 0, r.readError()
			}
			r.line++
			if discard {
				return nil, size, nil
			}
			return joinChunks(head, chunks, size), size, nil
		}
	}
}

// joinChunks copies head and the chunks into one buffer of exactly size
// bytes.
func joinChunks(head []byte, chunks [][]byte, size int64) []byte {
	line := make([]byte, 0, size)
	line = append(line, head...)
	for _, c := range chunks {
		line = append(line, c...)
	}
	return line
}
