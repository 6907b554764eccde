//go:build !race

package corpustest

// race reports whether the race detector is on.
const race = false
