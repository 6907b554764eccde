package claude

import (
	"bytes"
	"sync"
)

// tailBuffer keeps the last bytes written to it, up to its size. It is safe
// for concurrent use.
type tailBuffer struct {
	mu    sync.Mutex
	buf   []byte // ring of len size
	next  int    // where the next byte goes
	total int64  // bytes ever written
}

func newTailBuffer(size int) *tailBuffer {
	return &tailBuffer{buf: make([]byte, size)}
}

// Write keeps the tail of p; it never fails.
func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := len(p)
	t.total += int64(n)
	size := len(t.buf)
	if size == 0 {
		return n, nil
	}
	if len(p) >= size {
		copy(t.buf, p[len(p)-size:])
		t.next = 0
		return n, nil
	}
	c := copy(t.buf[t.next:], p)
	if c < len(p) {
		copy(t.buf, p[c:])
	}
	t.next = (t.next + len(p)) % size
	return n, nil
}

// String returns the kept tail, prefixed with a note when earlier bytes were
// dropped.
func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	size := int64(len(t.buf))
	if t.total <= size {
		return string(t.buf[:t.total])
	}
	out := make([]byte, 0, size)
	out = append(out, t.buf[t.next:]...)
	out = append(out, t.buf[:t.next]...)
	return "[…]" + string(out)
}

// lineWriter hands each line written to it to fn, without its newline (and
// a carriage return before it). A line longer than max bytes is handed on
// in pieces of max bytes, so a CLI that never writes a newline costs no
// more than max.
type lineWriter struct {
	fn  func(string)
	max int
	buf []byte
}

// Write hands on the complete lines of p and keeps the rest; it never
// fails.
func (w *lineWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			w.buf = append(w.buf, p...)
			for w.max > 0 && len(w.buf) >= w.max {
				w.fn(string(w.buf[:w.max]))
				w.buf = append(w.buf[:0], w.buf[w.max:]...)
			}
			break
		}
		w.buf = append(w.buf, p[:i]...)
		w.emit()
		p = p[i+1:]
	}
	return n, nil
}

// emit hands on the buffered line.
func (w *lineWriter) emit() {
	w.fn(string(bytes.TrimSuffix(w.buf, []byte{'\r'})))
	w.buf = w.buf[:0]
}

// flush hands on a last line that had no newline.
func (w *lineWriter) flush() {
	if len(w.buf) > 0 {
		w.emit()
	}
}
