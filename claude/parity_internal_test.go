package claude

import (
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var updateParity = flag.Bool("update-parity", false, "write the parity table into ../README.md")

// TestParityTableFresh checks that the README's parity section is the
// rendering of parityTable; with -update-parity (go generate ./claude) it
// writes it.
func TestParityTableFresh(t *testing.T) {
	path := filepath.Join("..", "README.md")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	start, end := strings.Index(readme, parityBegin), strings.Index(readme, parityEnd)
	if start < 0 || end < start {
		t.Fatalf("%s has no section between %q and %q", path, parityBegin, parityEnd)
	}
	end += len(parityEnd) + 1
	want := renderParityTable(parityTable)
	if readme[start:end] == want {
		return
	}
	if !*updateParity {
		t.Fatalf("%s's parity table is stale: run go generate ./claude", path)
	}
	if err := os.WriteFile(path, []byte(readme[:start]+want+readme[end:]), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestParityTableNames checks the table: each item once, every
// Options.Name it gives a field of Options, a missing item with no Go
// name and a reason, and no item both SDKs have that ccwire lacks without
// saying why.
func TestParityTableNames(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	field := regexp.MustCompile(`Options\.([A-Za-z]+)`)
	opts := reflect.TypeFor[Options]()
	for _, it := range parityTable {
		if seen[it.kind+" "+it.ts] {
			t.Errorf("%s %s is in the table twice", it.kind, it.ts)
		}
		seen[it.kind+" "+it.ts] = true
		for _, m := range field.FindAllStringSubmatch(it.goName, -1) {
			if _, ok := opts.FieldByName(m[1]); !ok {
				t.Errorf("%s: Options has no field %s", it.ts, m[1])
			}
		}
		if (it.support == missing) != (it.goName == "") {
			t.Errorf("%s: %s with Go name %q", it.ts, it.support, it.goName)
		}
		if it.support != firstClass && it.note == "" {
			t.Errorf("%s: %s without a note saying why", it.ts, it.support)
		}
	}
}

// TestParityTableCoversSDK checks that the table lists every member of the
// TS Agent SDK 0.3.332's Options type, every method of its Query, every
// function it exports and every hook event, read from the SDK that ccwire's
// tests install (~/.cache/ccwire/npm-agent-sdk-newest).
func TestParityTableCoversSDK(t *testing.T) {
	t.Parallel()
	home, err := os.UserHomeDir()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(home, ".cache", "ccwire", "npm-agent-sdk-newest", "node_modules", "@anthropic-ai", "claude-agent-sdk", "sdk.d.ts")
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		t.Skipf("no Agent SDK at %s", path)
	}
	if err != nil {
		t.Fatal(err)
	}
	text := strings.ReplaceAll(string(b), "\r\n", "\n") // the SDK's files have CRLF lines in places
	_, options, ok := strings.Cut(text, "\nexport declare type Options = {\n")
	_, query, ok2 := strings.Cut(text, "\nexport declare interface Query ")
	_, hooks, ok3 := strings.Cut(text, "\nexport declare const HOOK_EVENTS: readonly [")
	if !ok || !ok2 || !ok3 {
		t.Fatalf("%s declares no Options type, Query interface or HOOK_EVENTS", path)
	}
	options, _, _ = strings.Cut(options, "\n};\n")
	query, _, _ = strings.Cut(query, "\n}\n")
	hooks, _, _ = strings.Cut(hooks, "]")
	sdk := map[string][]string{
		"option":   names(options, `(?m)^    ([A-Za-z]+)\??:`),
		"method":   names(query, `(?m)^    ([A-Za-z]+)\(`),
		"function": names(text, `(?m)^export declare function ([A-Za-z]+)`),
		"hook":     names(hooks, `'([A-Za-z]+)'`),
	}
	for kind, want := range sdk {
		var table []string
		for _, it := range parityTable {
			if it.kind == kind {
				table = append(table, it.ts)
			}
		}
		slices.Sort(table)
		if !slices.Equal(want, table) {
			t.Errorf("the SDK's %ss:\n%q\nthe table's:\n%q", kind, want, table)
		}
	}
}

// names returns the first submatches of pattern in text, sorted, each once.
func names(text, pattern string) []string {
	var out []string
	for _, m := range regexp.MustCompile(pattern).FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	slices.Sort(out)
	return slices.Compact(out)
}
