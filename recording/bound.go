package recording

import "fmt"

// Bounds on expansion. A reference is a few dozen bytes and the value it
// names can be large and named many times, so what a read produces is not
// bounded by what it reads: a 50 KB object holding 2,000 references to one
// 1 MiB paragraph would join to 2 GiB before its hash showed the damage.
// A read therefore counts what it reads (the text it was given and each
// object or paragraph it fetches, once however often it is named) and what
// it produces, and stops with an *ExpansionError once the product passes
// expandRatio times what it read, or expandFloor when that is more.
//
// The corpus's 6,498 recordings of 59 versions are far inside the bounds
// (TestCorpusLossless and TestExpansionMargin measure them and keep them
// 8 times inside): the most a recording's units add up to is 0.27 MB and
// an object's texts 0.14 MB (expandFloor is 62 and 119 times that), and
// the highest ratio of produced to read is 2.0 for a recording (its
// requests repeat the tools and system prompt) and 1.0 for an object
// (expandRatio is 32 times that).
const (
	// expandFloor is what any read may produce whatever it read.
	expandFloor = 16 << 20
	// expandRatio is how many times what it read a read may produce
	// beyond expandFloor.
	expandRatio = 64
)

// ExpansionError is the error of a read whose expansion passed its bound:
// a damaged store or a recording or object crafted to exhaust its reader.
// The read stops as it passes the bound, so the value is never built.
type ExpansionError struct {
	// What is what grew: "a recording's units" or "an object's texts".
	What string
	// Read is the number of bytes the read had read when it stopped, each
	// object counted once.
	Read int64
	// Produced is what the expansion had reached, in bytes.
	Produced int64
	// Limit is the bound Produced passed: the larger of expandFloor and
	// expandRatio times Read.
	Limit int64
}

// Error says what grew, how far and past which bound.
func (e *ExpansionError) Error() string {
	return fmt.Sprintf("%s expand to more than %d bytes (%d so far from %d read; the bound is %d times what is read, at least %d): the store is damaged or the data crafted",
		e.What, e.Limit, e.Produced, e.Read, expandRatio, expandFloor)
}

// growth counts what a read reads and produces (see expandFloor).
type growth struct {
	what     string
	read     int64
	produced int64
}

// limit returns what the read may produce so far.
func (g *growth) limit() int64 { return max(expandFloor, expandRatio*g.read) }

// produce counts n bytes more produced; past the bound it returns an
// *ExpansionError.
func (g *growth) produce(n int64) error {
	g.produced += n
	if l := g.limit(); g.produced > l {
		return &ExpansionError{What: g.what, Read: g.read, Produced: g.produced, Limit: l}
	}
	return nil
}
