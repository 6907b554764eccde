package scenario_test

import (
	"testing"

	"github.com/ccwire/ccwire/scenario"
)

func TestVersionCompare(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"2.1.37", "2.1.330", -1},
		{"2.1.330", "2.1.37", 1},
		{"2.1", "2.1.0", 0},
		{"10.0.0", "9.99.99", 1},
	} {
		a, err := scenario.ParseVersion(tc.a)
		if err != nil {
			t.Fatal(err)
		}
		b, err := scenario.ParseVersion(tc.b)
		if err != nil {
			t.Fatal(err)
		}
		if got := a.Compare(b); got != tc.want {
			t.Errorf("%s vs %s = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if a.String() != tc.a {
			t.Errorf("String() = %s, want %s", a, tc.a)
		}
	}
	for _, bad := range []string{"", "2.1.", "v2.1.37", "2.1.37-beta", "2.01.3", "2.-1.0", "2.+1.0", "x"} {
		if _, err := scenario.ParseVersion(bad); err == nil {
			t.Errorf("ParseVersion(%q) succeeded", bad)
		}
	}
}

func TestConstraint(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		c      string
		canon  string
		allows map[string]bool
	}{
		{">=2.1.100", ">=2.1.100", map[string]bool{"2.1.37": false, "2.1.100": true, "2.1.330": true}},
		{" >= 2.1.37 , <2.1.100 ", ">=2.1.37, <2.1.100", map[string]bool{"2.1.36": false, "2.1.37": true, "2.1.99": true, "2.1.100": false}},
		{"2.1.37", "=2.1.37", map[string]bool{"2.1.37": true, "2.1.38": false}},
		{"=2.1.37", "=2.1.37", map[string]bool{"2.1.37": true}},
		{">2.1.37,<=2.1.330", ">2.1.37, <=2.1.330", map[string]bool{"2.1.37": false, "2.1.38": true, "2.1.330": true, "2.1.331": false}},
	} {
		c, err := scenario.ParseConstraint(tc.c)
		if err != nil {
			t.Fatalf("%q: %v", tc.c, err)
		}
		if c.String() != tc.canon || c.IsZero() {
			t.Errorf("%q: String() = %q, want %q", tc.c, c, tc.canon)
		}
		for v, want := range tc.allows {
			pv, _ := scenario.ParseVersion(v)
			if got := c.Allows(pv); got != want {
				t.Errorf("%q allows %s = %v, want %v", tc.c, v, got, want)
			}
		}
	}
	for _, bad := range []string{"", ">=", ">=2.1,", "~2.1", ">>2.1"} {
		if _, err := scenario.ParseConstraint(bad); err == nil {
			t.Errorf("ParseConstraint(%q) succeeded", bad)
		}
	}
	var zero scenario.Constraint
	if !zero.IsZero() || !zero.Allows(scenario.Version{1}) {
		t.Error("the zero Constraint must allow everything")
	}
}
