package cliversion

import (
	"cmp"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Version is a Claude Code version: MAJOR.MINOR.PATCH with an optional
// prerelease suffix. The zero Version is 0.0.0. Versions are comparable
// with ==, which agrees with [Version.Compare].
type Version struct {
	major, minor, patch int
	// pre is the prerelease suffix without its '-', "" for a release.
	pre string
}

// Parse parses a version such as "2.1.37", "2.1.330" or "1.0.0-beta.2":
// three dot-separated numbers without leading zeros, then optionally '-'
// and a prerelease of dot-separated identifiers (letters, digits and
// '-'; numeric ones without leading zeros), as semantic versioning
// defines them. Build metadata ("+...") is not accepted: npm versions of
// the CLI have none. [Version.String] gives back s.
func Parse(s string) (Version, error) {
	core, pre, hasPre := strings.Cut(s, "-")
	var v Version
	nums := [3]*int{&v.major, &v.minor, &v.patch}
	for i, n := range nums {
		part, rest, more := strings.Cut(core, ".")
		if more != (i < len(nums)-1) {
			return Version{}, syntaxError(s)
		}
		x, ok := parseNumber(part)
		if !ok {
			return Version{}, syntaxError(s)
		}
		*n, core = x, rest
	}
	if hasPre {
		for id := range strings.SplitSeq(pre, ".") {
			if !validIdentifier(id) {
				return Version{}, syntaxError(s)
			}
		}
		v.pre = pre
	}
	return v, nil
}

// MustParse is [Parse] for versions known to be valid, such as constants;
// it panics on an error.
func MustParse(s string) Version {
	v, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return v
}

func syntaxError(s string) error {
	return fmt.Errorf("invalid version %q: want MAJOR.MINOR.PATCH with an optional -prerelease, like 2.1.37", s)
}

// parseNumber parses a version number: decimal digits without a leading
// zero, small enough for an int.
func parseNumber(s string) (int, bool) {
	if s == "" || (len(s) > 1 && s[0] == '0') || strings.TrimLeft(s, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// validIdentifier reports whether id is a prerelease identifier: letters,
// digits and '-', and no leading zero if all digits.
func validIdentifier(id string) bool {
	if id == "" {
		return false
	}
	for _, c := range []byte(id) {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-') {
			return false
		}
	}
	return !isNumeric(id) || id == "0" || id[0] != '0'
}

// isNumeric reports whether a prerelease identifier is all digits.
func isNumeric(id string) bool { return strings.TrimLeft(id, "0123456789") == "" }

// Compare returns -1, 0 or +1 as v is older than, the same as or newer
// than w: MAJOR, MINOR and PATCH compare as numbers; a prerelease is older
// than its release; two prereleases compare identifier by identifier
// (numeric ones as numbers and before the others, the others as text), a
// shorter one first when one is a prefix of the other.
func (v Version) Compare(w Version) int {
	if c := cmp.Compare(v.major, w.major); c != 0 {
		return c
	}
	if c := cmp.Compare(v.minor, w.minor); c != 0 {
		return c
	}
	if c := cmp.Compare(v.patch, w.patch); c != 0 {
		return c
	}
	return comparePrerelease(v.pre, w.pre)
}

// Less reports whether v is older than w.
func (v Version) Less(w Version) bool { return v.Compare(w) < 0 }

// comparePrerelease orders two prerelease suffixes, "" (a release) last.
func comparePrerelease(a, b string) int {
	switch {
	case a == b:
		return 0
	case a == "":
		return 1
	case b == "":
		return -1
	}
	for {
		x, restA, moreA := strings.Cut(a, ".")
		y, restB, moreB := strings.Cut(b, ".")
		if c := compareIdentifiers(x, y); c != 0 {
			return c
		}
		switch {
		case !moreA && !moreB:
			return 0
		case !moreA:
			return -1
		case !moreB:
			return 1
		}
		a, b = restA, restB
	}
}

// compareIdentifiers orders two prerelease identifiers: numeric ones by
// value (they have no leading zeros, so the shorter is smaller) and before
// the others, which compare as text.
func compareIdentifiers(x, y string) int {
	switch nx, ny := isNumeric(x), isNumeric(y); {
	case nx && ny:
		if c := cmp.Compare(len(x), len(y)); c != 0 {
			return c
		}
	case nx:
		return -1
	case ny:
		return 1
	}
	return strings.Compare(x, y)
}

// String returns the version as [Parse] reads it, e.g. "2.1.37".
func (v Version) String() string {
	s := strconv.Itoa(v.major) + "." + strconv.Itoa(v.minor) + "." + strconv.Itoa(v.patch)
	if v.pre != "" {
		s += "-" + v.pre
	}
	return s
}

// release returns the release of v's prerelease: v without its suffix.
func (v Version) release() Version { return Version{v.major, v.minor, v.patch, ""} }

// next returns the oldest version newer than v: v's prerelease with one
// more identifier, 0; for a release, the first prerelease (-0) of the next
// PATCH. It reports false when there is none (every number at its
// maximum).
func (v Version) next() (Version, bool) {
	switch {
	case v.pre != "":
		return Version{v.major, v.minor, v.patch, v.pre + ".0"}, true
	case v.patch < math.MaxInt:
		return Version{v.major, v.minor, v.patch + 1, "0"}, true
	case v.minor < math.MaxInt:
		return Version{v.major, v.minor + 1, 0, "0"}, true
	case v.major < math.MaxInt:
		return Version{v.major + 1, 0, 0, "0"}, true
	}
	return Version{}, false
}

// CompareStrings orders version strings, for sorting names such as the
// folders of recordings: versions oldest first (as [Version.Compare]),
// then strings that are not versions, by text.
func CompareStrings(a, b string) int {
	va, errA := Parse(a)
	vb, errB := Parse(b)
	switch {
	case errA == nil && errB == nil:
		if c := va.Compare(vb); c != 0 {
			return c
		}
	case errA == nil:
		return -1
	case errB == nil:
		return 1
	}
	return strings.Compare(a, b)
}
