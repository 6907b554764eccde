package drift

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"

	"github.com/ccwire/ccwire/cliversion"
)

// FirstsFile is where the module keeps its bisect findings, relative to
// the module root: the reference's changelog names the first version of
// each notable change from it.
const FirstsFile = "drift/firsts.json"

// Firsts are bisect findings: for changes on the wire or in behaviour,
// the first published CLI version that shows them. The file is written
// by hand from the output of `ccwire bisect` (or of one scenario's runs
// over published versions), so that the reference can name the first
// version of a change without running any CLI.
type Firsts struct {
	Findings []First `json:"findings"`
}

// First is one bisect finding.
type First struct {
	// Version is the first published version that shows the change;
	// LastWithout the last one before it that does not.
	Version     string `json:"first"`
	LastWithout string `json:"last_without"`
	// Member is what `ccwire bisect --member` followed, if it did
	// (system/init.capabilities); Scenario the scenario whose runs
	// showed the change.
	Member   string `json:"member,omitempty"`
	Scenario string `json:"scenario,omitempty"`
	// En and Ja say what changed, in English and Japanese.
	En string `json:"en"`
	Ja string `json:"ja"`
	// Probes are the versions the binary search ran, in order.
	Probes []string `json:"probes"`
}

// FirstsError is a malformed bisect findings file.
type FirstsError struct {
	File string
	Err  error
}

func (e *FirstsError) Error() string { return "drift: " + e.File + ": " + e.Err.Error() }

func (e *FirstsError) Unwrap() error { return e.Err }

// ReadFirsts reads a bisect findings file and checks it: every finding
// has a first version after its last version without, both valid, and
// says what changed in both languages. The findings come back ordered by
// first version.
func ReadFirsts(file string) (*Firsts, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("drift: bisect findings: %w", err)
	}
	f, err := ParseFirsts(data)
	if err != nil {
		return nil, &FirstsError{File: file, Err: err}
	}
	return f, nil
}

// ParseFirsts parses and checks the JSON of a bisect findings file (see
// [ReadFirsts]).
func ParseFirsts(data []byte) (*Firsts, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f Firsts
	if err := dec.Decode(&f); err != nil {
		return nil, err
	}
	var errs []error
	for i, x := range f.Findings {
		bad := func(format string, args ...any) {
			errs = append(errs, fmt.Errorf("finding %d: "+format, append([]any{i + 1}, args...)...))
		}
		first, err1 := cliversion.Parse(x.Version)
		last, err2 := cliversion.Parse(x.LastWithout)
		switch {
		case err1 != nil:
			bad("first: %v", err1)
		case err2 != nil:
			bad("last_without: %v", err2)
		case !last.Less(first):
			bad("last_without %s is not before first %s", x.LastWithout, x.Version)
		}
		if x.En == "" || x.Ja == "" {
			bad("en and ja say what changed; one is empty")
		}
		if x.Member == "" && x.Scenario == "" {
			bad("name the member or the scenario bisected")
		}
		if x.Member != "" {
			if _, err := ParseMember(x.Member); err != nil {
				bad("member: %v", err)
			}
		}
		for _, p := range x.Probes {
			if _, err := cliversion.Parse(p); err != nil {
				bad("probes: %v", err)
			}
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	slices.SortStableFunc(f.Findings, func(a, b First) int { return cliversion.CompareStrings(a.Version, b.Version) })
	return &f, nil
}

// Within returns the findings whose first version is after a and at
// most b: the changes that happened from version a to version b.
func (f *Firsts) Within(a, b string) []First {
	var out []First
	for _, x := range f.Findings {
		if cliversion.CompareStrings(x.Version, a) > 0 && cliversion.CompareStrings(x.Version, b) <= 0 {
			out = append(out, x)
		}
	}
	return out
}
