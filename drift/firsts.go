package drift

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"

	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/internal/wholefile"
)

// FirstsFile is where the module keeps its bisect findings, relative to
// the module root: the reference's changelog names the first version of
// each notable change from it.
const FirstsFile = "drift/firsts.json"

// Firsts are bisect findings: for changes on the wire or in behaviour,
// the first published CLI version that shows them, kept so that the
// reference can name the first version of a change without running any
// CLI. `ccwire bisect --firsts` adds what it finds (see [Firsts.Add]); a
// finding from one scenario's runs over chosen versions is added by hand.
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
		if err := x.check(); err != nil {
			errs = append(errs, fmt.Errorf("finding %d: %w", i+1, err))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	slices.SortStableFunc(f.Findings, func(a, b First) int { return cliversion.CompareStrings(a.Version, b.Version) })
	return &f, nil
}

// check reports what is wrong with a finding: versions that do not
// parse or are out of order, a missing text or subject, a bad member or
// probe.
func (x First) check() error {
	var errs []error
	first, err1 := cliversion.Parse(x.Version)
	last, err2 := cliversion.Parse(x.LastWithout)
	switch {
	case err1 != nil:
		errs = append(errs, fmt.Errorf("first: %w", err1))
	case err2 != nil:
		errs = append(errs, fmt.Errorf("last_without: %w", err2))
	case !last.Less(first):
		errs = append(errs, fmt.Errorf("last_without %s is not before first %s", x.LastWithout, x.Version))
	}
	if x.En == "" || x.Ja == "" {
		errs = append(errs, errors.New("en and ja say what changed; one is empty"))
	}
	if x.Member == "" && x.Scenario == "" {
		errs = append(errs, errors.New("name the member or the scenario bisected"))
	}
	if x.Member != "" {
		if _, err := ParseMember(x.Member); err != nil {
			errs = append(errs, fmt.Errorf("member: %w", err))
		}
	}
	for _, p := range x.Probes {
		if _, err := cliversion.Parse(p); err != nil {
			errs = append(errs, fmt.Errorf("probes: %w", err))
		}
	}
	return errors.Join(errs...)
}

// Add puts a checked finding into f, in order of first version. A
// finding of the same scenario and member that says the same in English
// is the same change bisected again: x replaces it, and Add reports
// true.
func (f *Firsts) Add(x First) (replaced bool, err error) {
	if err := x.check(); err != nil {
		return false, fmt.Errorf("drift: bisect finding: %w", err)
	}
	i := slices.IndexFunc(f.Findings, func(y First) bool {
		return y.Scenario == x.Scenario && y.Member == x.Member && y.En == x.En
	})
	if i >= 0 {
		f.Findings = slices.Delete(f.Findings, i, i+1)
	}
	f.Findings = append(f.Findings, x)
	slices.SortStableFunc(f.Findings, func(a, b First) int { return cliversion.CompareStrings(a.Version, b.Version) })
	return i >= 0, nil
}

// WriteFirsts writes f to file as ReadFirsts reads it, indented.
func WriteFirsts(file string, f *Firsts) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // texts quote tags such as <system-reminder>
	enc.SetIndent("", "  ")
	if err := enc.Encode(f); err != nil {
		return fmt.Errorf("drift: bisect findings: %w", err)
	}
	if err := wholefile.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("drift: bisect findings: %w", err)
	}
	return nil
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
