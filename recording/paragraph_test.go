package recording_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/recording"
)

// longRequest returns a recording whose request has a system block of
// many paragraphs (one of them named), and a message whose text member is
// an array already.
func longRequest(name string) string {
	var paras []string
	for i := range 40 {
		paras = append(paras, strings.Repeat("Paragraph "+strconv.Itoa(i)+" of the environment. ", 8))
	}
	paras[3] = "Tools: " + name
	paras[5] = "@text:0123456789abcdef" // looks like a reference
	paras[7] = ""                       // two blank lines in a row
	type block struct {
		Type string `json:"type"`
		Text any    `json:"text"`
	}
	type message struct {
		Role    string  `json:"role"`
		Content []block `json:"content"`
	}
	req := map[string]any{"body": struct {
		System   []block   `json:"system"`
		Messages []message `json:"messages"`
	}{
		System:   []block{{"text", strings.Join(paras, "\n\n") + "\n\n"}},
		Messages: []message{{"user", []block{{"text", []string{"an", "array"}}}}},
	}}
	data, err := json.MarshalIndent(req, "", "  ")
	if err != nil {
		panic(err)
	}
	return "Recording of scenario demo (Demo) against Claude Code 2.1.332.\n-- requests/1.json --\n" + string(data) + "\n"
}

// TestParagraphs checks that a long text is stored as its paragraphs,
// that a second recording differing in one paragraph stores that one
// alone, and that both expand to what was written.
func TestParagraphs(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	texts := func() []string {
		m, _ := filepath.Glob(filepath.Join(root, recording.ObjectsDir, "text", "*.json"))
		return m
	}
	a, b := longRequest("Bash, Read"), longRequest("Bash, Read, Monitor")
	fileA, fileB := filepath.Join(root, "2.1.331", "demo.txtar"), filepath.Join(root, "2.1.332", "demo.txtar")
	if err := recording.WriteFile(t.Context(), fileA, []byte(a)); err != nil {
		t.Fatal(err)
	}
	n := len(texts())
	if n < 30 {
		t.Fatalf("%d paragraphs stored, want the long ones (at least 30)", n)
	}
	if err := recording.WriteFile(t.Context(), fileB, []byte(b)); err != nil {
		t.Fatal(err)
	}
	if got := len(texts()); got != n {
		// "Tools: …" is short: it stays in place.
		t.Errorf("the second recording stored %d more paragraphs, want 0", got-n)
	}
	for file, want := range map[string]string{fileA: a, fileB: b} {
		got, err := recording.ReadFile(file)
		if err != nil || string(got) != want {
			t.Errorf("%s reads back %v:\n%s\nwant\n%s", file, err, got, want)
		}
	}
	// The message whose text was an array is stored whole.
	msgs, _ := filepath.Glob(filepath.Join(root, recording.ObjectsDir, "message", "*.json"))
	if len(msgs) != 1 {
		t.Fatalf("%d message objects", len(msgs))
	}
	if data, _ := os.ReadFile(msgs[0]); !strings.Contains(string(data), `["an","array"]`) {
		t.Errorf("the message object is %s", data)
	}
	// Tidy keeps the paragraphs the objects use.
	rep, err := recording.Tidy(t.Context(), root)
	if err != nil || rep.Removed != 0 {
		t.Fatalf("Tidy = %+v, %v", rep, err)
	}
	// A paragraph missing from the store is an error that says so.
	if err := os.Remove(texts()[0]); err != nil {
		t.Fatal(err)
	}
	if _, err := recording.ReadFile(fileA); !errors.Is(err, recording.ErrMissingObject) {
		t.Errorf("ReadFile without a paragraph = %v, want ErrMissingObject", err)
	}
}

// TestTidyStoresParagraphs checks that Tidy stores as paragraphs an
// object an older ccwire stored whole, and that it reads back the same.
func TestTidyStoresParagraphs(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	file := filepath.Join(root, "2.1.332", "demo.txtar")
	want := longRequest("Bash")
	if err := recording.WriteFile(t.Context(), file, []byte(want)); err != nil {
		t.Fatal(err)
	}
	// Write the system object whole, as an older ccwire did.
	objs, _ := filepath.Glob(filepath.Join(root, recording.ObjectsDir, "system", "*.json"))
	if len(objs) != 1 {
		t.Fatalf("%d system objects", len(objs))
	}
	full, err := recording.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var req struct {
		Body struct {
			System []json.RawMessage `json:"system"`
		} `json:"body"`
	}
	parts := strings.SplitN(string(full), "-- requests/1.json --\n", 2)
	if err := json.Unmarshal([]byte(parts[1]), &req); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(objs[0], append(req.Body.System[0], '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(filepath.Join(root, recording.ObjectsDir, "text")); err != nil {
		t.Fatal(err)
	}
	if got, err := recording.ReadFile(file); err != nil || string(got) != want {
		t.Fatalf("the whole object reads back %v:\n%s", err, got)
	}
	rep, err := recording.Tidy(t.Context(), root)
	if err != nil || rep.Split != 1 {
		t.Fatalf("Tidy = %+v, %v; want one object split", rep, err)
	}
	if got, err := recording.ReadFile(file); err != nil || string(got) != want {
		t.Fatalf("the split object reads back %v", err)
	}
}
