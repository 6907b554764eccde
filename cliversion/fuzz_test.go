package cliversion

import (
	"strings"
	"testing"
)

// FuzzParse checks that a version parses back from its String, which is
// the input, and that Compare is a total order consistent with == on any
// three versions, and next is the version right after.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"2.1.37", "2.1.330", "1.0.0-beta.2", "1.0.0-0", "0.0.0", "2.1", "1.0.0-01", "9223372036854775807.0.0"} {
		f.Add(s, "2.1.100", "1.0.0-beta.11")
	}
	f.Fuzz(func(t *testing.T, a, b, c string) {
		va, err := Parse(a)
		if err != nil {
			return
		}
		if va.String() != a {
			t.Fatalf("Parse(%q).String() = %q", a, va)
		}
		if va.Compare(va) != 0 {
			t.Fatalf("%s differs from itself", va)
		}
		next, ok := va.next()
		if ok && next.Compare(va) <= 0 {
			t.Fatalf("next(%s) = %s is not newer", va, next)
		}
		if ok {
			if _, err := Parse(next.String()); err != nil {
				t.Fatalf("next(%s) = %s does not parse: %v", va, next, err)
			}
		}
		vb, err := Parse(b)
		if err != nil {
			return
		}
		ab, ba := va.Compare(vb), vb.Compare(va)
		if ab != -ba || (ab == 0) != (va == vb) {
			t.Fatalf("%s vs %s: %d, %d (== %t)", va, vb, ab, ba, va == vb)
		}
		if ok && ab < 0 && next.Compare(vb) > 0 {
			t.Fatalf("%s lies between %s and next %s", vb, va, next)
		}
		vc, err := Parse(c)
		if err != nil {
			return
		}
		if ab <= 0 && vb.Compare(vc) <= 0 && va.Compare(vc) > 0 {
			t.Fatalf("not transitive: %s <= %s <= %s but %s > %s", va, vb, vc, va, vc)
		}
	})
}

// FuzzParseConstraint checks that a constraint parses back from its
// String, that its bounds and "!=" comparisons agree with Allows, and that an overlap is a
// version both constraints allow and the one Overlap reports.
func FuzzParseConstraint(f *testing.F) {
	for _, s := range []string{">=2.1.100", "<2.1.100", ">=2.1.37, <2.1.100", "2.1.37", ">2.1.37,<=2.1.330", ">=1.0.0-beta", ">=2.1.37, !=2.1.100", ""} {
		f.Add(s, ">=2.1.37, <2.1.330", "2.1.100")
	}
	f.Fuzz(func(t *testing.T, s, other, version string) {
		c, err := ParseConstraint(s)
		if err != nil {
			if !strings.Contains(err.Error(), "version constraint") {
				t.Fatalf("ParseConstraint(%q) = %v", s, err)
			}
			return
		}
		again, err := ParseConstraint(c.String())
		if err != nil || again.String() != c.String() {
			t.Fatalf("%q: String() = %q parses to %q, %v", s, c, again, err)
		}
		if v, err := Parse(version); err == nil {
			inBounds := true
			if lo, ok := c.Lower(); ok {
				r := v.Compare(lo.Version)
				inBounds = r > 0 || r == 0 && lo.Inclusive
			}
			if hi, ok := c.Upper(); ok {
				r := v.Compare(hi.Version)
				inBounds = inBounds && (r < 0 || r == 0 && hi.Inclusive)
			}
			// A version in bounds is allowed unless a "!=" leaves it out.
			if c.Allows(v) != (inBounds && !c.excludes(v)) {
				t.Fatalf("%q allows %s: %t, bounds say %t, excluded %t", c, v, c.Allows(v), inBounds, c.excludes(v))
			}
		}
		d, err := ParseConstraint(other)
		if err != nil {
			return
		}
		w, ok := c.Overlap(d)
		if ok && (!c.Allows(w) || !d.Allows(w)) {
			t.Fatalf("%q and %q overlap at %s, which one of them does not allow", c, d, w)
		}
		if v, err := Parse(version); err == nil && c.Allows(v) && d.Allows(v) {
			if !ok {
				t.Fatalf("%q and %q both allow %s but do not overlap", c, d, v)
			}
			if v.Compare(w) < 0 && (w.pre != "" || v.pre == "") {
				t.Fatalf("%q and %q overlap at %s, but %s is older", c, d, w, v)
			}
		}
	})
}
