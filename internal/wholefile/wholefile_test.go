//go:build unix

package wholefile_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/ccwire/ccwire/internal/wholefile"
)

// entries returns the names in dir.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func TestWriteFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "f.json")
	for _, data := range []string{"old\n", "new, longer\n"} {
		if err := wholefile.WriteFile(file, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := wholefile.ReadFile(file)
		if err != nil || string(got) != data {
			t.Fatalf("ReadFile = %q, %v; want %q", got, err, data)
		}
	}
	if info, err := os.Stat(file); err != nil || info.Mode().Perm()&0o600 != 0o600 {
		t.Errorf("mode %v, %v", info.Mode(), err)
	}
	if names := entries(t, dir); len(names) != 1 {
		t.Errorf("the folder holds %q, want the file alone", names)
	}
	// A write that cannot rename (a folder where the file goes) leaves no
	// temporary file and the folder as it was.
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sub, "x"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := wholefile.WriteFile(sub, []byte("data"), 0o644); err == nil {
		t.Error("WriteFile over a folder worked")
	}
	if names := entries(t, dir); len(names) != 2 {
		t.Errorf("after a failed write the folder holds %q", names)
	}
	// A folder that does not exist is an error.
	if err := wholefile.WriteFile(filepath.Join(dir, "no", "f"), nil, 0o644); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("WriteFile into a missing folder = %v", err)
	}
}

func TestReadFileNotRegular(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	for _, tc := range []struct{ name, kind string }{{fifo, "a named pipe"}, {dir, "a folder"}, {"/dev/null", "a device"}} {
		_, err := wholefile.ReadFile(tc.name)
		if !errors.Is(err, wholefile.ErrNotRegular) {
			t.Errorf("ReadFile(%s) = %v, want ErrNotRegular", tc.name, err)
		} else if want := "not a regular file: it is " + tc.kind; !strings.Contains(err.Error(), want) {
			t.Errorf("ReadFile(%s) = %v, want it to say %q", tc.name, err, want)
		}
	}
}

func TestIsTemp(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]bool{
		".f.json.partial-0011": true,
		"f.json":               false,
		"f.json.partial-0011":  false,
		".ccwire.lock":         false,
	} {
		if got := wholefile.IsTemp(name); got != want {
			t.Errorf("IsTemp(%q) = %v", name, got)
		}
	}
}
