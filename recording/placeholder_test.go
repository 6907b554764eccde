package recording_test

import (
	"os"
	"regexp"
	"slices"
	"testing"

	"github.com/ccwire/ccwire/recording"
)

func TestIsNumberPlaceholder(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]bool{
		"<duration>": true, "<time>": true, "<pid>": true, "<pid:2>": true, "<pid:12>": true,
		"<pid:>": false, "<pid:x>": false, "<uuid:1>": false, "<cwd>": false, "<timestamp>": false,
		"<duration": false, "duration>": false, "<>": false, "": false, "<duration:1>": false, " <time>": false,
	} {
		if got := recording.IsNumberPlaceholder(s); got != want {
			t.Errorf("IsNumberPlaceholder(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestPlaceholderPattern(t *testing.T) {
	t.Parallel()
	re := recording.PlaceholderPattern()
	for s, want := range map[string][]string{
		"<uuid:3>":             {"<uuid:3>", "uuid", "3", ""},
		"x <cwd-slug>/y":       {"<cwd-slug>", "", "", "cwd-slug"},
		"<fingerprint>":        {"<fingerprint>", "", "", "fingerprint"},
		"<pid>.sock":           {"<pid>", "", "", "pid"},
		"<pid:2>":              {"<pid:2>", "pid", "2", ""},
		"<system-reminder>":    nil,
		"<pid-slug> <uuid>":    nil,
		"<mcp-bin-slug>/s.mjs": {"<mcp-bin-slug>", "", "", "mcp-bin-slug"},
	} {
		if got := re.FindStringSubmatch(s); !slices.Equal(got, want) {
			t.Errorf("PlaceholderPattern().FindStringSubmatch(%q) = %q, want %q", s, got, want)
		}
	}
	ps := recording.Placeholders()
	ps[0].Name = "changed"
	if recording.Placeholders()[0].Name == "changed" {
		t.Error("Placeholders returns the table itself")
	}
}

// TestRecordedPlaceholders checks that every numbered placeholder of the
// committed recordings is one of Placeholders.
func TestRecordedPlaceholders(t *testing.T) {
	t.Parallel()
	numbered := regexp.MustCompile(`<([a-z_]+):[0-9]+>`)
	known := map[string]bool{}
	for _, p := range recording.Placeholders() {
		if p.Numbered {
			known[p.Name] = true
		}
	}
	seen := map[string]bool{}
	for _, path := range committedRecordings(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range numbered.FindAllSubmatch(data, -1) {
			name := string(m[1])
			if !known[name] && !seen[name] {
				t.Errorf("%s: numbered placeholder <%s:N> is not in Placeholders", path, name)
			}
			seen[name] = true
		}
	}
	if !seen["uuid"] {
		t.Error("no <uuid:N> in the recordings")
	}
}
