package recording_test

import (
	"context"

	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/ccwire/ccwire/recording"
)

// writeRec and tidyDir are the writes the tests below make.
func writeRec(file string, data []byte) error {
	return recording.WriteFile(context.Background(), file, data)
}

func tidyDir(dir string) (recording.TidyReport, error) {
	return recording.Tidy(context.Background(), dir)
}

// variant is a recording in full form whose objects (a system block) and
// lines carry tag, with n assistant lines to make it large.
func variant(tag string, n int) string {
	var b strings.Builder
	b.WriteString("Recording of scenario demo (Demo) against Claude Code 2.1.332.\n-- run.json --\n{\n  \"scenario\": \"demo\"\n}\n-- events.jsonl --\n")
	b.WriteString(`{"turn":1,"dir":"stdout","msg":{"type":"system","subtype":"init","cwd":"<cwd>","tools":["` + tag + `"]}}` + "\n")
	for i := range n {
		fmt.Fprintf(&b, `{"turn":1,"dir":"stdout","msg":{"type":"assistant","message":{"content":[{"type":"text","text":"%s line %d of a long turn"}]}}}`+"\n", tag, i)
	}
	b.WriteString("-- requests/1.json --\n{\n  \"method\": \"POST\",\n  \"body\": {\n    \"system\": [\n      {\n        \"type\": \"text\",\n        \"text\": \"System " + tag + ".\"\n      }\n    ]\n  }\n}\n-- side.json --\n[]\n")
	return b.String()
}

// checkWhole fails t unless every recording under root reads back as one
// of the texts want has for its name (its base name), whole.
func checkWhole(t *testing.T, root string, want map[string][]string) (bad int) {
	t.Helper()
	files, err := recording.Files(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		full, err := recording.ReadFile(f)
		if err != nil {
			t.Errorf("%v", err)
			bad++
			continue
		}
		ok := false
		for _, w := range want[filepath.Base(f)] {
			ok = ok || string(full) == w
		}
		if !ok {
			t.Errorf("%s: %d bytes, neither the old nor the new recording", f, len(full))
			bad++
		}
	}
	return bad
}

// TestConcurrentWriteTidy writes recordings while another goroutine tidies
// the same folder: every recording must read back whole.
func TestConcurrentWriteTidy(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	const writes = 60
	want := map[string][]string{}
	for i := range writes {
		want[fmt.Sprintf("r%d.txtar", i)] = []string{variant(fmt.Sprintf("T%d", i), 5)}
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		for {
			select {
			case <-done:
				return
			default:
			}
			if _, err := tidyDir(root); err != nil && !errors.Is(err, os.ErrNotExist) {
				t.Errorf("tidy: %v", err)
			}
		}
	})
	for i := range writes {
		name := fmt.Sprintf("r%d.txtar", i)
		if err := writeRec(filepath.Join(root, "2.1.332", name), []byte(want[name][0])); err != nil {
			t.Errorf("write: %v", err)
		}
	}
	close(done)
	wg.Wait()
	bad := checkWhole(t, root, want)
	t.Logf("%d of %d recordings unreadable", bad, writes)
}

// TestReadDuringWrite reads a recording while it is rewritten: every read
// gets the old or the new text.
func TestReadDuringWrite(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	file := filepath.Join(root, "2.1.332", "r.txtar")
	texts := []string{variant("A", 300), variant("B", 300)}
	if err := writeRec(file, []byte(texts[0])); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	reads, bad := 0, 0
	wg.Go(func() {
		for {
			select {
			case <-done:
				return
			default:
			}
			full, err := recording.ReadFile(file)
			reads++
			if err != nil || (string(full) != texts[0] && string(full) != texts[1]) {
				bad++
			}
		}
	})
	for i := range 100 {
		if err := writeRec(file, []byte(texts[i%2])); err != nil {
			t.Error(err)
		}
	}
	close(done)
	wg.Wait()
	if bad > 0 {
		t.Errorf("%d of %d reads during writes saw a partial or unreadable recording", bad, reads)
	}
}

// objectFiles returns the object files under root.
func objectFiles(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(filepath.Join(root, recording.ObjectsDir), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, p)
		}
		return err
	})
	return out
}

// TestDamagedObject: an object whose content does not match its hash is
// reported by tidy with its file, and writing the recording again repairs
// it.
func TestDamagedObject(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	file := filepath.Join(root, "2.1.332", "demo.txtar")
	text := variant("D", 3)
	if err := writeRec(file, []byte(text)); err != nil {
		t.Fatal(err)
	}
	objs := objectFiles(t, root)
	if len(objs) == 0 {
		t.Fatal("no objects")
	}
	for _, o := range objs {
		if err := os.WriteFile(o, []byte("{\"damaged\":true}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, err := tidyDir(root)
	if err == nil || !strings.Contains(err.Error(), objs[0][len(root)+1:]) {
		t.Errorf("Tidy of a store with %d damaged objects = %v, want an error naming %s", len(objs), err, objs[0])
	}
	if err := writeRec(file, []byte(text)); err != nil {
		t.Fatal(err)
	}
	if full, err := recording.ReadFile(file); err != nil || string(full) != text {
		t.Errorf("after writing the recording again, ReadFile = %v", err)
	}
	if _, err := tidyDir(root); err != nil {
		t.Errorf("Tidy after the repair: %v", err)
	}
}
