package cliversion

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// Constraint is a set of versions: comparisons of which every one must
// hold, such as ">=2.1.37, <2.1.100". The zero Constraint has none and
// allows every version.
type Constraint struct {
	terms []term
}

// term is one comparison of a Constraint: the versions v compares to as
// op says.
type term struct {
	op operator
	v  Version
}

// operator is a comparison operator of a constraint.
type operator string

// The operators.
const (
	opAtLeast operator = ">="
	opAtMost  operator = "<="
	opNewer   operator = ">"
	opOlder   operator = "<"
	opExactly operator = "="
	// opNot leaves one version out of a range: ">=2.1.210, !=2.1.326".
	opNot operator = "!="
)

// ParseConstraint parses a version constraint: comparisons separated by
// commas, each an operator (=, !=, >=, >, <=, <) and a version, such as
// ">=2.1.100", ">=2.1.37, <2.1.100" or ">=2.1.210, !=2.1.326" (a range
// without one release). A version without an operator means "=". Spaces around operators, versions and commas are ignored.
func ParseConstraint(s string) (Constraint, error) {
	if strings.TrimSpace(s) == "" {
		return Constraint{}, fmt.Errorf("empty version constraint")
	}
	var c Constraint
	for part := range strings.SplitSeq(s, ",") {
		part = strings.TrimSpace(part)
		op := opExactly
		// ">=" before ">", "<=" before "<".
		for _, o := range [...]operator{opAtLeast, opAtMost, opNot, opNewer, opOlder, opExactly} {
			if rest, ok := strings.CutPrefix(part, string(o)); ok {
				op, part = o, strings.TrimSpace(rest)
				break
			}
		}
		v, err := Parse(part)
		if err != nil {
			return Constraint{}, fmt.Errorf("version constraint %q: %w", strings.TrimSpace(s), err)
		}
		c.terms = append(c.terms, term{op, v})
	}
	return c, nil
}

// MustParseConstraint is [ParseConstraint] for constraints known to be
// valid; it panics on an error.
func MustParseConstraint(s string) Constraint {
	c, err := ParseConstraint(s)
	if err != nil {
		panic(err)
	}
	return c
}

// Allows reports whether v satisfies every comparison of c.
func (c Constraint) Allows(v Version) bool {
	for _, t := range c.terms {
		if !t.allows(v) {
			return false
		}
	}
	return true
}

func (t term) allows(v Version) bool {
	r := v.Compare(t.v)
	switch t.op {
	case opAtLeast:
		return r >= 0
	case opNewer:
		return r > 0
	case opAtMost:
		return r <= 0
	case opOlder:
		return r < 0
	case opNot:
		return r != 0
	}
	return r == 0
}

// IsZero reports whether c is the zero Constraint, which allows every
// version.
func (c Constraint) IsZero() bool { return len(c.terms) == 0 }

// String returns c in the form [ParseConstraint] reads, with one space
// after each comma and "=" written out: ">=2.1.37, <2.1.100", "=2.1.37".
// It is "" for the zero Constraint.
func (c Constraint) String() string {
	parts := make([]string, len(c.terms))
	for i, t := range c.terms {
		parts[i] = string(t.op) + t.v.String()
	}
	return strings.Join(parts, ", ")
}

// Bound is one end of the range of versions a Constraint allows.
type Bound struct {
	// Version is where the range ends.
	Version Version
	// Inclusive reports whether Version itself is in the range.
	Inclusive bool
}

// Lower returns the lower end of the versions c allows, the tightest of
// its comparisons; ok is false when c has none, which allows versions as
// old as any.
func (c Constraint) Lower() (b Bound, ok bool) {
	for _, t := range c.terms {
		var inclusive bool
		switch t.op {
		case opAtLeast, opExactly:
			inclusive = true
		case opNewer:
		default:
			continue
		}
		if r := t.v.Compare(b.Version); !ok || r > 0 || r == 0 && !inclusive {
			b, ok = Bound{t.v, inclusive}, true
		}
	}
	return b, ok
}

// Upper returns the upper end of the versions c allows, the tightest of
// its comparisons; ok is false when c has none, which allows versions as
// new as any.
func (c Constraint) Upper() (b Bound, ok bool) {
	for _, t := range c.terms {
		var inclusive bool
		switch t.op {
		case opAtMost, opExactly:
			inclusive = true
		case opOlder:
		default:
			continue
		}
		if r := t.v.Compare(b.Version); !ok || r < 0 || r == 0 && !inclusive {
			b, ok = Bound{t.v, inclusive}, true
		}
	}
	return b, ok
}

// Overlap returns a version that both c and d allow, and false if there is
// none: the oldest release both allow, or the oldest version when they
// allow prereleases only.
func (c Constraint) Overlap(d Constraint) (Version, bool) {
	both := Constraint{terms: append(slices.Clip(c.terms), d.terms...)}
	oldest, ok := both.oldest()
	if !ok {
		return Version{}, false
	}
	r := oldest.release()
	for both.excludes(r) {
		if r.patch == math.MaxInt {
			break
		}
		r.patch++
	}
	if both.Allows(r) {
		return r, true
	}
	return oldest, true
}

// excludes reports whether a "!=" comparison of c leaves v out.
func (c Constraint) excludes(v Version) bool {
	return slices.ContainsFunc(c.terms, func(t term) bool { return t.op == opNot && v.Compare(t.v) == 0 })
}

// oldest returns the oldest version c allows, and false if it allows none.
// The versions c allows are those between its lower and upper end, so the
// oldest is the lower end or the version right after it, if that is below
// the upper end.
func (c Constraint) oldest() (Version, bool) {
	var v Version // with no lower end: 0.0.0-0, the oldest version there is
	v.pre = "0"
	if lo, ok := c.Lower(); ok {
		v = lo.Version
		if !lo.Inclusive {
			if v, ok = v.next(); !ok {
				return Version{}, false
			}
		}
	}
	// Past the versions a "!=" leaves out at the lower end.
	for c.excludes(v) {
		var ok bool
		if v, ok = v.next(); !ok {
			return Version{}, false
		}
	}
	return v, c.Allows(v)
}
