package cliversion_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ccwire/ccwire/cliversion"
)

func TestParse(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"2.1.37", "2.1.330", "0.0.0", "10.0.0", "1.0.0-beta.2", "1.0.0-0", "1.0.0-x-y.7.z--", "2.1.37-rc.1"} {
		v, err := cliversion.Parse(s)
		if err != nil {
			t.Errorf("Parse(%q): %v", s, err)
			continue
		}
		if v.String() != s {
			t.Errorf("Parse(%q).String() = %q", s, v)
		}
	}
	for _, bad := range []string{
		"", "x", "2", "2.1", "2.1.", "1.2.3.4", "v2.1.37", " 2.1.37", "2.1.37 ",
		"2.01.3", "2.-1.0", "2.+1.0", "2.1.0x", "99999999999999999999.0.0",
		"1.0.0-", "1.0.0-01", "1.0.0-a..b", "1.0.0-a.", "1.0.0-a_b", "1.0.0+build", "1.0.0-beta+build",
		"latest", "^2.1.0", "../2.1.3", "2.1.3;rm -rf /",
	} {
		if v, err := cliversion.Parse(bad); err == nil {
			t.Errorf("Parse(%q) = %v, want an error", bad, v)
		}
	}
}

func TestMustParse(t *testing.T) {
	t.Parallel()
	if got := cliversion.MustParse("2.1.37").String(); got != "2.1.37" {
		t.Errorf("MustParse = %s", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("MustParse of a bad version did not panic")
		}
	}()
	cliversion.MustParse("2.1")
}

func TestCompare(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"2.1.37", "2.1.330", -1},
		{"2.1.330", "2.1.37", 1},
		{"2.1.37", "2.1.37", 0},
		{"2.10.0", "2.9.9", 1},
		{"3.0.0", "2.99.99", 1},
		{"10.0.0", "9.99.99", 1},
		{"2.1.37-beta.1", "2.1.37", -1},
		{"2.1.37", "2.1.37-beta.1", 1},
		{"2.1.37-alpha", "2.1.37-beta", -1},
		{"2.1.37-beta", "2.1.37-beta", 0},
		{"2.1.37-beta.2", "2.1.37-beta.10", -1},
		{"2.1.37-1", "2.1.37-alpha", -1},
		{"2.1.37-alpha", "2.1.37-alpha.0", -1},
		{"2.1.36", "2.1.37-0", -1},
	} {
		a, b := cliversion.MustParse(tc.a), cliversion.MustParse(tc.b)
		if got := a.Compare(b); got != tc.want {
			t.Errorf("%s.Compare(%s) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := a.Less(b); got != (tc.want < 0) {
			t.Errorf("%s.Less(%s) = %t", tc.a, tc.b, got)
		}
		if (a == b) != (tc.want == 0) {
			t.Errorf("%s == %s is %t", tc.a, tc.b, a == b)
		}
	}
}

// TestOrder sorts semantic versioning's example of precedence, shuffled.
func TestOrder(t *testing.T) {
	t.Parallel()
	want := []string{
		"0.0.0-0", "0.0.0", "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta",
		"1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0", "2.0.0", "2.1.0", "2.1.1", "2.1.37", "2.1.330",
	}
	vs := make([]cliversion.Version, len(want))
	for i, s := range want {
		vs[i] = cliversion.MustParse(s)
	}
	rand.Shuffle(len(vs), func(i, j int) { vs[i], vs[j] = vs[j], vs[i] })
	slices.SortFunc(vs, cliversion.Version.Compare)
	for i, v := range vs {
		if v.String() != want[i] {
			t.Fatalf("sorted = %v, want %v", vs, want)
		}
	}
}

func TestCompareStrings(t *testing.T) {
	t.Parallel()
	vs := []string{"2.1.330", "10.0", "2.1.37", "latest", "2.1.4", "2.1.37", "2.1.37-beta"}
	slices.SortFunc(vs, cliversion.CompareStrings)
	if want := []string{"2.1.4", "2.1.37-beta", "2.1.37", "2.1.37", "2.1.330", "10.0", "latest"}; !slices.Equal(vs, want) {
		t.Errorf("sorted = %v, want %v", vs, want)
	}
}
