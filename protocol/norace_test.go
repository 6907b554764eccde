//go:build !race

package protocol

// largeLineSize is the size of the large line TestReaderLargeLine reads.
const largeLineSize = 100 << 20
