//go:build windows

package protocol

import (
	"unsafe"

	"golang.org/x/sys/windows"
)

// allocChunk returns n bytes of memory outside the Go heap, committed with
// VirtualAlloc, for collecting the pieces of a long line: freeChunk gives it
// back to the system at once, instead of leaving it to the garbage
// collector, so the pieces do not add to the memory held while the line is
// decoded. It falls back to the heap when the system refuses.
func allocChunk(n int) []byte {
	addr, err := windows.VirtualAlloc(0, uintptr(n), windows.MEM_RESERVE|windows.MEM_COMMIT, windows.PAGE_READWRITE)
	if err != nil || addr == 0 {
		return make([]byte, n)
	}
	// The memory is the system's, not the Go heap's, so turning its address
	// into a pointer is valid, as in syscall.Mmap; unsafe.Add rather than a
	// conversion only because vet cannot tell such an address from a
	// pointer the collector may move or free.
	return unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(nil), addr)), n)
}

// freeChunk releases memory from allocChunk. b must be the whole slice
// allocChunk returned (any length, full capacity).
func freeChunk(b []byte) {
	b = b[:cap(b)]
	if len(b) == 0 {
		return
	}
	// VirtualFree refuses an address it did not allocate: memory from the
	// heap fallback, which the collector frees.
	_ = windows.VirtualFree(uintptr(unsafe.Pointer(&b[0])), 0, windows.MEM_RELEASE)
}
