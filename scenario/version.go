package scenario

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Version is a Claude Code version: dot-separated non-negative integers,
// such as 2.1.37.
type Version []int

// ParseVersion parses a version such as "2.1.37". Prerelease and build
// suffixes are not accepted: the CLI's published versions have none.
func ParseVersion(s string) (Version, error) {
	if s == "" {
		return nil, fmt.Errorf("empty version")
	}
	parts := strings.Split(s, ".")
	v := make(Version, len(parts))
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || p == "" || (len(p) > 1 && p[0] == '0') || strings.HasPrefix(p, "+") {
			return nil, fmt.Errorf("invalid version %q: want numbers separated by dots, like 2.1.37", s)
		}
		v[i] = n
	}
	return v, nil
}

// Compare returns -1, 0 or +1 as v is older than, the same as or newer than
// w. Missing trailing components count as 0, so 2.1 equals 2.1.0.
func (v Version) Compare(w Version) int {
	for i := range max(len(v), len(w)) {
		var a, b int
		if i < len(v) {
			a = v[i]
		}
		if i < len(w) {
			b = w[i]
		}
		if c := cmp.Compare(a, b); c != 0 {
			return c
		}
	}
	return 0
}

// String returns the version in its dotted form.
func (v Version) String() string {
	parts := make([]string, len(v))
	for i, n := range v {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ".")
}

// Constraint is a set of versions: every comparison it lists must hold.
// The zero Constraint holds for every version.
type Constraint struct {
	text  string
	terms []term
}

type term struct {
	op string // "=", ">=", ">", "<=", "<"
	v  Version
}

// ParseConstraint parses a version constraint: comparisons separated by
// commas, each an operator (=, >=, >, <=, <) and a version, e.g.
// ">=2.1.100" or ">=2.1.37, <2.1.100". A bare version means "=".
func ParseConstraint(s string) (Constraint, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Constraint{}, fmt.Errorf("empty version constraint")
	}
	var c Constraint
	for part := range strings.SplitSeq(s, ",") {
		part = strings.TrimSpace(part)
		op := "="
		for _, o := range []string{">=", "<=", ">", "<", "="} {
			if rest, ok := strings.CutPrefix(part, o); ok {
				op, part = o, strings.TrimSpace(rest)
				break
			}
		}
		v, err := ParseVersion(part)
		if err != nil {
			return Constraint{}, fmt.Errorf("version constraint %q: %w", s, err)
		}
		c.terms = append(c.terms, term{op, v})
	}
	parts := make([]string, len(c.terms))
	for i, t := range c.terms {
		parts[i] = t.op + t.v.String()
	}
	c.text = strings.Join(parts, ", ")
	return c, nil
}

// Allows reports whether v satisfies every comparison of c.
func (c Constraint) Allows(v Version) bool {
	for _, t := range c.terms {
		r := v.Compare(t.v)
		ok := false
		switch t.op {
		case "=":
			ok = r == 0
		case ">=":
			ok = r >= 0
		case ">":
			ok = r > 0
		case "<=":
			ok = r <= 0
		case "<":
			ok = r < 0
		}
		if !ok {
			return false
		}
	}
	return true
}

// IsZero reports whether c is the zero Constraint, which allows every
// version.
func (c Constraint) IsZero() bool { return len(c.terms) == 0 }

// String returns c in canonical form, e.g. ">=2.1.37, <2.1.100"; "" for
// the zero Constraint.
func (c Constraint) String() string { return c.text }

// sortVersions sorts version strings oldest first; strings that do not
// parse sort last, by text.
func sortVersions(vs []string) {
	slices.SortFunc(vs, func(a, b string) int {
		va, ea := ParseVersion(a)
		vb, eb := ParseVersion(b)
		switch {
		case ea == nil && eb == nil:
			if c := va.Compare(vb); c != 0 {
				return c
			}
		case ea == nil:
			return -1
		case eb == nil:
			return 1
		}
		return strings.Compare(a, b)
	})
}
