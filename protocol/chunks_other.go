//go:build !unix && !windows

package protocol

// allocChunk returns n bytes for collecting the pieces of a long line.
func allocChunk(n int) []byte { return make([]byte, n) }

// freeChunk releases memory from allocChunk; on this system the garbage
// collector does.
func freeChunk([]byte) {}
