package cliversion_test

import (
	"strings"
	"testing"

	"github.com/ccwire/ccwire/cliversion"
)

func TestConstraint(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		c      string
		canon  string
		allows map[string]bool
	}{
		{">=2.1.100", ">=2.1.100", map[string]bool{"2.1.37": false, "2.1.100-rc.1": false, "2.1.100": true, "2.1.330": true}},
		{"<2.1.100", "<2.1.100", map[string]bool{"2.1.37": true, "2.1.100-rc.1": true, "2.1.100": false}},
		{" >= 2.1.37 , <2.1.100 ", ">=2.1.37, <2.1.100", map[string]bool{"2.1.36": false, "2.1.37": true, "2.1.99": true, "2.1.100": false}},
		{"2.1.37", "=2.1.37", map[string]bool{"2.1.37": true, "2.1.38": false, "2.1.37-beta": false}},
		{"=2.1.37", "=2.1.37", map[string]bool{"2.1.37": true}},
		{">2.1.37,<=2.1.330", ">2.1.37, <=2.1.330", map[string]bool{"2.1.37": false, "2.1.38": true, "2.1.330": true, "2.1.331": false}},
		{">=1.0.0-beta.2", ">=1.0.0-beta.2", map[string]bool{"1.0.0-beta.1": false, "1.0.0-beta.2": true, "1.0.0": true}},
		{">=2.1.210, != 2.1.326", ">=2.1.210, !=2.1.326", map[string]bool{"2.1.209": false, "2.1.210": true, "2.1.325": true, "2.1.326": false, "2.1.326-rc.1": true, "2.1.327": true}},
	} {
		c, err := cliversion.ParseConstraint(tc.c)
		if err != nil {
			t.Fatalf("%q: %v", tc.c, err)
		}
		if c.String() != tc.canon || c.IsZero() {
			t.Errorf("%q: String() = %q, want %q", tc.c, c, tc.canon)
		}
		for v, want := range tc.allows {
			if got := c.Allows(cliversion.MustParse(v)); got != want {
				t.Errorf("%q allows %s = %v, want %v", tc.c, v, got, want)
			}
		}
	}
	for _, bad := range []string{"", " ", ">=", ">=2.1,", ">=2.1.0,", "~2.1.0", ">>2.1.0", "=>2.1.0", ">=x", "2.1.0 || 2.2.0", "[>=2.1.0]"} {
		if _, err := cliversion.ParseConstraint(bad); err == nil {
			t.Errorf("ParseConstraint(%q) succeeded", bad)
		} else if strings.TrimSpace(bad) != "" && !strings.Contains(err.Error(), "version constraint "+`"`+strings.TrimSpace(bad)+`"`) {
			t.Errorf("ParseConstraint(%q) = %v, does not quote the constraint", bad, err)
		}
	}
	var zero cliversion.Constraint
	if !zero.IsZero() || !zero.Allows(cliversion.Version{}) || !zero.Allows(cliversion.MustParse("2.1.37")) || zero.String() != "" {
		t.Error("the zero Constraint must allow everything")
	}
}

func TestMustParseConstraint(t *testing.T) {
	t.Parallel()
	if got := cliversion.MustParseConstraint(">2.1.37").String(); got != ">2.1.37" {
		t.Errorf("MustParseConstraint = %s", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("MustParseConstraint of a bad constraint did not panic")
		}
	}()
	cliversion.MustParseConstraint(">=")
}

func TestBounds(t *testing.T) {
	t.Parallel()
	bound := func(b cliversion.Bound, ok bool) string {
		switch {
		case !ok:
			return "none"
		case b.Inclusive:
			return "[" + b.Version.String()
		}
		return "(" + b.Version.String()
	}
	for _, tc := range []struct {
		c, lower, upper string
	}{
		{">=2.1.100", "[2.1.100", "none"},
		{">2.1.37", "(2.1.37", "none"},
		{"<2.1.330", "none", "(2.1.330"},
		{"<=2.1.37", "none", "[2.1.37"},
		{"=2.1.37", "[2.1.37", "[2.1.37"},
		{">=2.1.37, <2.1.100", "[2.1.37", "(2.1.100"},
		{">=2.1.37, >2.1.37, >=2.1.0", "(2.1.37", "none"},
		{"<=2.1.330, <2.1.330, <3.0.0", "none", "(2.1.330"},
		{">2.1.37, >=2.1.100", "[2.1.100", "none"},
		{">=2.1.37, !=2.1.40, <2.1.100", "[2.1.37", "(2.1.100"},
		{"!=2.1.40", "none", "none"},
	} {
		c := cliversion.MustParseConstraint(tc.c)
		if got := bound(c.Lower()); got != tc.lower {
			t.Errorf("%q: Lower = %s, want %s", tc.c, got, tc.lower)
		}
		if got := bound(c.Upper()); got != tc.upper {
			t.Errorf("%q: Upper = %s, want %s", tc.c, got, tc.upper)
		}
	}
	var zero cliversion.Constraint
	if _, ok := zero.Lower(); ok {
		t.Error("the zero Constraint has a lower end")
	}
	if _, ok := zero.Upper(); ok {
		t.Error("the zero Constraint has an upper end")
	}
}

func TestOverlap(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		c, d string
		want string // "" for none
	}{
		{">=2.1.100", ">=2.1.200", "2.1.200"},
		{">=2.1.100, <2.1.300", ">=2.1.300", ""},
		{">=2.1.100, <=2.1.300", ">=2.1.300", "2.1.300"},
		{"<2.1.100", "<2.1.200", "0.0.0"},
		{"<2.1.100", ">=2.1.100", ""},
		{">2.1.37", "<2.1.38", "2.1.38-0"},
		{">2.1.37", "<=2.1.38", "2.1.38"},
		{"=2.1.37", "2.1.37", "2.1.37"},
		{"=2.1.37", "=2.1.38", ""},
		{"<0.0.0", "<1.0.0", "0.0.0-0"},
		{">=1.0.0-beta", "<1.0.0", "1.0.0-beta"},
		{">1.0.0-beta", "<1.0.0-beta.0", ""},
		{">1.0.0-beta", "<=1.0.0-beta.0", "1.0.0-beta.0"},
		{">9223372036854775807.9223372036854775807.9223372036854775807", ">=0.0.0", ""},
		{">=2.1.210, !=2.1.210", ">=2.1.200", "2.1.211"},
		{"=2.1.37", "!=2.1.37", ""},
		{">=2.1.37, !=2.1.37, !=2.1.38", "<2.1.40", "2.1.39"},
	} {
		c, d := cliversion.MustParseConstraint(tc.c), cliversion.MustParseConstraint(tc.d)
		for _, pair := range [][2]cliversion.Constraint{{c, d}, {d, c}} {
			v, ok := pair[0].Overlap(pair[1])
			got := ""
			if ok {
				got = v.String()
			}
			if got != tc.want {
				t.Errorf("%q overlaps %q at %q, want %q", pair[0], pair[1], got, tc.want)
			}
		}
	}
	var zero cliversion.Constraint
	if v, ok := zero.Overlap(zero); !ok || v.String() != "0.0.0" {
		t.Errorf("zero.Overlap(zero) = %s, %t", v, ok)
	}
}
