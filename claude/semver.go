package claude

import (
	"strconv"
	"strings"
)

// compareVersions compares two versions of the form MAJOR.MINOR.PATCH with
// an optional -prerelease suffix: -1 if a is older than b, +1 if newer, 0
// if equal. A prerelease is older than its release; prereleases compare as
// strings. Parts that are not numbers compare as 0, so malformed versions
// still order deterministically.
func compareVersions(a, b string) int {
	aCore, aPre, _ := strings.Cut(a, "-")
	bCore, bPre, _ := strings.Cut(b, "-")
	for range 3 {
		var x, y string
		x, aCore, _ = strings.Cut(aCore, ".")
		y, bCore, _ = strings.Cut(bCore, ".")
		nx, _ := strconv.Atoi(x)
		ny, _ := strconv.Atoi(y)
		switch {
		case nx < ny:
			return -1
		case nx > ny:
			return 1
		}
	}
	switch {
	case aPre == bPre:
		return 0
	case aPre == "":
		return 1
	case bPre == "":
		return -1
	case aPre < bPre:
		return -1
	}
	return 1
}

// versionBound is one side of the versions a CLI feature is known to be
// missing from: every version up to and including Through, or from Since on.
type versionBound struct {
	Through string // the feature is missing from this version and older ones
	Since   string // the feature is missing from this version and newer ones
}

// excludes reports whether version v is known to lack the feature. An
// unknown version ("") is never excluded.
func (b versionBound) excludes(v string) bool {
	if v == "" {
		return false
	}
	if b.Through != "" && compareVersions(v, b.Through) <= 0 {
		return true
	}
	return b.Since != "" && compareVersions(v, b.Since) >= 0
}

// String describes the versions excluded, for error messages.
func (b versionBound) String() string {
	switch {
	case b.Through != "" && b.Since != "":
		return "Claude Code " + b.Through + " and older, and " + b.Since + " and newer, do not have it"
	case b.Through != "":
		return "Claude Code " + b.Through + " and older do not have it"
	case b.Since != "":
		return "Claude Code " + b.Since + " and newer do not have it"
	}
	return ""
}
