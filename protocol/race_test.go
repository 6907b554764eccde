//go:build race

package protocol

// largeLineSize is the size of the large line TestReaderLargeLine reads:
// small under the race detector, which slows byte loops tenfold.
const largeLineSize = 4 << 20
