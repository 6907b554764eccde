//go:build unix

package protocol

import (
	"syscall"
)

// allocChunk returns n bytes of memory outside the Go heap, for collecting
// the pieces of a long line: freeChunk gives it back to the system at once,
// instead of leaving it to the garbage collector, so the pieces do not add
// to the memory held while the line is decoded. It falls back to the heap
// when the system refuses.
func allocChunk(n int) []byte {
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return make([]byte, n)
	}
	return b
}

// freeChunk releases memory from allocChunk. b must be the whole slice
// allocChunk returned (any length, full capacity).
func freeChunk(b []byte) {
	b = b[:cap(b)]
	if err := syscall.Munmap(b); err != nil {
		// Memory from the heap fallback: the collector frees it.
		return
	}
}
