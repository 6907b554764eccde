package recording_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/internal/wholefile"
	"github.com/ccwire/ccwire/recording"
)

// cancelled returns a context that has ended.
func cancelled() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}

// TestWriterLock: a second writer of a folder waits for the first, and one
// whose context ends first gets a *LockedError naming the holder.
func TestWriterLock(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	w, err := recording.OpenWriter(t.Context(), dir)
	if err != nil {
		t.Fatal(err)
	}
	_, err = recording.OpenWriter(cancelled(), dir)
	var le *recording.LockedError
	if !errors.As(err, &le) || le.PID != os.Getpid() || !errors.Is(err, context.Canceled) {
		t.Fatalf("OpenWriter of a locked folder = %v, want a *LockedError naming pid %d", err, os.Getpid())
	}
	if !strings.Contains(err.Error(), fmt.Sprintf("process %d", os.Getpid())) {
		t.Errorf("the error does not name the holder: %v", err)
	}
	// Tidy and WriteFile wait too.
	if _, err := recording.Tidy(cancelled(), dir); !errors.As(err, &le) {
		t.Errorf("Tidy of a locked folder = %v, want a *LockedError", err)
	}
	if err := recording.WriteFile(cancelled(), filepath.Join(dir, "2.1.332", "demo.txtar"), []byte(sample)); !errors.As(err, &le) {
		t.Errorf("WriteFile into a locked folder = %v, want a *LockedError", err)
	}
	done := make(chan error)
	go func() {
		done <- recording.WriteFile(context.Background(), filepath.Join(dir, "2.1.332", "demo.txtar"), []byte(sample))
	}()
	select {
	case err := <-done:
		t.Fatalf("WriteFile wrote while another writer held the lock (%v)", err)
	default:
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatalf("WriteFile after the lock was released: %v", err)
	}
	if full, err := recording.ReadFile(filepath.Join(dir, "2.1.332", "demo.txtar")); err != nil || string(full) != sample {
		t.Errorf("ReadFile = %v", err)
	}
}

// TestWriterLockProcesses: the lock excludes another process, is named by
// its pid, and is free once that process ends.
func TestWriterLockProcesses(t *testing.T) {
	if dir := os.Getenv("RECORDING_LOCK_CHILD"); dir != "" {
		w, err := recording.OpenWriter(context.Background(), dir)
		if err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		fmt.Println("locked")
		io.Copy(io.Discard, os.Stdin) // hold it until stdin closes
		w.Close()
		os.Exit(0)
	}
	t.Parallel()
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestWriterLockProcesses$")
	cmd.Env = append(os.Environ(), "RECORDING_LOCK_CHILD="+dir)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stdout)
	if !sc.Scan() || sc.Text() != "locked" {
		t.Fatalf("child: %q", sc.Text())
	}
	_, err = recording.Tidy(cancelled(), dir)
	var le *recording.LockedError
	if !errors.As(err, &le) || le.PID != cmd.Process.Pid {
		t.Fatalf("Tidy while process %d writes = %v, want a *LockedError naming it", cmd.Process.Pid, err)
	}
	t.Logf("%v", err)
	stdin.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	if _, err := recording.Tidy(t.Context(), dir); err != nil {
		t.Fatalf("Tidy once the other writer ended: %v", err)
	}
}

// TestCheckDamage: Check and Tidy report an empty recording, a torn one,
// a missing object and a damaged one, each with its file; Tidy removes
// nothing then; writing the recordings again repairs all.
func TestCheckDamage(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	texts := map[string]string{}
	for _, name := range []string{"empty", "torn", "missing", "damaged", "sound"} {
		texts[name] = variant(name, 3)
		if err := writeRec(filepath.Join(root, "2.1.332", name+".txtar"), []byte(texts[name])); err != nil {
			t.Fatal(err)
		}
	}
	if err := recording.Check(root); err != nil {
		t.Fatalf("Check of a sound folder: %v", err)
	}
	file := func(name string) string { return filepath.Join(root, "2.1.332", name+".txtar") }
	if err := os.WriteFile(file("empty"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(file("torn"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file("torn"), data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	// The system block of "missing" is removed, that of "damaged" holds
	// another value.
	objectOf := func(name string) string {
		data, err := os.ReadFile(file(name))
		if err != nil {
			t.Fatal(err)
		}
		refs, err := recording.References(data)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range refs {
			if r.Kind == recording.KindSystem {
				return filepath.Join(recording.ObjectsDir, string(r.Kind), r.Hash+".json")
			}
		}
		t.Fatalf("%s has no system block", name)
		return ""
	}
	missing, damaged := objectOf("missing"), objectOf("damaged")
	if err := os.Remove(filepath.Join(root, missing)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, damaged), []byte(`{"type":"text","text":"System other."}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	before := objectFiles(t, root)
	wantFiles := []string{"2.1.332/empty.txtar", "2.1.332/torn.txtar", filepath.ToSlash(missing), filepath.ToSlash(damaged)}
	for _, check := range []struct {
		name string
		run  func() error
	}{
		{"Check", func() error { return recording.Check(root) }},
		{"Tidy", func() error { _, err := tidyDir(root); return err }},
	} {
		err := check.run()
		var de *recording.DamageError
		if !errors.As(err, &de) {
			t.Fatalf("%s = %v, want a *DamageError", check.name, err)
		}
		var got []string
		for _, p := range de.Problems {
			got = append(got, p.File)
		}
		slices.Sort(got)
		slices.Sort(wantFiles)
		if !slices.Equal(got, wantFiles) {
			t.Errorf("%s reports %q, want %q\n%v", check.name, got, wantFiles, err)
		}
		if !errors.Is(err, recording.ErrTorn) || !errors.Is(err, recording.ErrMissingObject) || !errors.Is(err, recording.ErrDamagedObject) {
			t.Errorf("%s = %v, want it to match ErrTorn, ErrMissingObject and ErrDamagedObject", check.name, err)
		}
	}
	if after := objectFiles(t, root); !slices.Equal(before, after) {
		t.Errorf("Tidy of a damaged folder changed the store: %d objects, then %d", len(before), len(after))
	}
	for name, text := range texts {
		if err := writeRec(file(name), []byte(text)); err != nil {
			t.Fatal(err)
		}
	}
	if err := recording.Check(root); err != nil {
		t.Errorf("Check after writing the recordings again: %v", err)
	}
	if _, err := tidyDir(root); err != nil {
		t.Errorf("Tidy after writing the recordings again: %v", err)
	}
}

// TestTidyRemovesTemps: the temporary files of writes that never finished
// go at the next tidy, and readers never list them.
func TestTidyRemovesTemps(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	file := filepath.Join(root, "2.1.332", "demo.txtar")
	if err := writeRec(file, []byte(sample)); err != nil {
		t.Fatal(err)
	}
	temps := []string{
		filepath.Join(root, "2.1.332", ".demo.txtar.partial-0011223344556677"),
		filepath.Join(root, recording.ObjectsDir, "tool", ".0123456789abcdef.json.partial-0011223344556677"),
	}
	for _, p := range temps {
		if !wholefile.IsTemp(filepath.Base(p)) {
			t.Fatalf("%s is not a temporary file's name", p)
		}
		if err := os.WriteFile(p, []byte("half"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if files, err := recording.Files(root); err != nil || len(files) != 1 {
		t.Errorf("Files = %q, %v", files, err)
	}
	rep, err := tidyDir(root)
	if err != nil || rep.Temps != 2 || rep.Removed != 0 {
		t.Errorf("Tidy = %+v, %v; want 2 temporary files removed", rep, err)
	}
	for _, p := range temps {
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s is still there", p)
		}
	}
}

// FuzzTidy tidies a folder holding a recording of any text: Tidy either
// reports it damaged or leaves it readable, and Check then agrees.
func FuzzTidy(f *testing.F) {
	dir := f.TempDir()
	s := recording.OpenStore(dir)
	stored, err := recording.Compact([]byte(sample), s)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(stored)
	f.Add([]byte(sample))
	f.Add([]byte{})
	f.Add(stored[:len(stored)/2])
	f.Add([]byte("-- requests/1.json --\n\"@tool:Bash:0123456789abcdef\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		root := t.TempDir()
		if err := os.CopyFS(filepath.Join(root, recording.ObjectsDir), os.DirFS(filepath.Join(dir, recording.ObjectsDir))); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(root, "2.1.332", "f.txtar")
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := tidyDir(root); err != nil {
			var de *recording.DamageError
			if errors.As(err, &de) && len(de.Problems) == 0 {
				t.Errorf("a DamageError with no problem: %v", err)
			}
			return
		}
		if _, err := recording.ReadFile(file); err != nil {
			t.Errorf("Tidy passed a recording ReadFile refuses: %v", err)
		}
		if err := recording.Check(root); err != nil {
			t.Errorf("Tidy passed a recording Check refuses: %v", err)
		}
	})
}
