package drift

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/internal/wholefile"
)

// ReleasesFile is where the module keeps the snapshot of the published
// CLI releases the recordings are checked against, relative to the
// module root: one version a line, oldest first. `ccwire track` rewrites
// it.
const ReleasesFile = "drift/releases.txt"

// Matrix is the policy of which published CLI releases the recordings
// hold in full: every release from DenseFrom on, and before it at least
// every Step-th published release counted from From, the oldest recorded
// one, so that no more than Step-1 published releases lie unrecorded
// between two recorded ones. Prereleases and releases older than From
// are outside it.
type Matrix struct {
	From      string `json:"from"`
	DenseFrom string `json:"dense_from"`
	Step      int    `json:"step"`
}

// DefaultMatrix is the policy of the recordings committed to the module.
func DefaultMatrix() Matrix {
	return Matrix{From: "2.1.29", DenseFrom: "2.1.300", Step: 10}
}

// Check reports what is wrong with the policy itself: a version that
// does not parse, a step below 1.
func (m Matrix) Check() error {
	if _, err := cliversion.Parse(m.From); err != nil {
		return fmt.Errorf("drift: matrix: from: %w", err)
	}
	if _, err := cliversion.Parse(m.DenseFrom); err != nil {
		return fmt.Errorf("drift: matrix: dense from: %w", err)
	}
	if m.Step < 1 {
		return fmt.Errorf("drift: matrix: step %d, want at least 1", m.Step)
	}
	return nil
}

// Missing returns the published releases the policy wants recorded and
// recorded lacks, oldest first. Walking the releases from From on, the
// unrecorded ones are counted since the last recorded (or wanted) one:
// the Step-th is wanted, and so is every release from DenseFrom on.
func (m Matrix) Missing(published, recorded []string) ([]string, error) {
	if err := m.Check(); err != nil {
		return nil, err
	}
	from, _ := cliversion.Parse(m.From)
	dense, _ := cliversion.Parse(m.DenseFrom)
	have := map[string]bool{}
	for _, v := range recorded {
		have[v] = true
	}
	var missing []string
	count := 0
	for _, v := range parseReleases(published) {
		s := v.String()
		switch {
		case v.Less(from):
			continue
		case have[s]:
			count = 0
		case !v.Less(dense):
			missing = append(missing, s)
		default:
			count++
			if count == m.Step {
				missing = append(missing, s)
				count = 0
			}
		}
	}
	return missing, nil
}

// releases returns the published versions that are releases (no
// prerelease), sorted and without repeats.
func (m Matrix) releases(published []string) []string {
	vs := parseReleases(published)
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.String()
	}
	return out
}

// parseReleases returns the published versions that are releases (no
// prerelease), parsed once, sorted and without repeats.
func parseReleases(published []string) []cliversion.Version {
	out := make([]cliversion.Version, 0, len(published))
	for _, s := range published {
		if v, err := cliversion.Parse(s); err == nil && !isPrerelease(s) {
			out = append(out, v)
		}
	}
	slices.SortFunc(out, cliversion.Version.Compare)
	return slices.Compact(out)
}

// Neighbours returns the recorded versions next to version: the newest
// older one and the oldest newer one ("" for none), and the published
// releases strictly between each of them and version.
func Neighbours(published, recorded []string, version string) (older, newer string, before, after []string) {
	s := NewTrackIndex(published, recorded).Step(version, "")
	return s.Older, s.Newer, s.Before, s.After
}

// ReadReleases reads a releases snapshot (see [ReleasesFile] and
// [ParseReleases]).
func ReadReleases(file string) ([]string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("drift: releases: %w", err)
	}
	vs, err := ParseReleases(data)
	if err != nil {
		return nil, fmt.Errorf("drift: %s%w", file, err)
	}
	return vs, nil
}

// ParseReleases parses a releases snapshot: one version a line; blank
// lines and lines starting with # are left out. An error names the line
// (":N: …").
func ParseReleases(data []byte) ([]string, error) {
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, len(data)+1)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if _, err := cliversion.Parse(line); err != nil {
			return nil, fmt.Errorf(":%d: %w", n, err)
		}
		out = append(out, line)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// WriteReleases writes the releases of published (the versions npm
// lists, prereleases left out) to file as [ReadReleases] reads them.
func WriteReleases(file string, published []string) error {
	var b strings.Builder
	b.WriteString("# The published Claude Code releases the recordings are checked against (ccwire track rewrites it).\n")
	for _, v := range (Matrix{}).releases(published) {
		b.WriteString(v)
		b.WriteByte('\n')
	}
	if err := wholefile.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("drift: releases: %w", err)
	}
	return nil
}
