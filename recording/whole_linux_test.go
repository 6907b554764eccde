//go:build linux

package recording_test

import (
	"bufio"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/ccwire/ccwire/recording"
)

// TestKillDuringWrite kills, with SIGKILL, a child process that rewrites
// recordings without end, at random points, and checks that every
// recording is then whole: the old or the new text, never a part.
func TestKillDuringWrite(t *testing.T) {
	const files = 4
	texts := func(i int) []string {
		return []string{variant(fmt.Sprintf("A%d", i), 3000), variant(fmt.Sprintf("B%d", i), 3000)}
	}
	if dir := os.Getenv("RECORDING_KILL_CHILD"); dir != "" {
		for n := 0; ; n++ {
			i := n % files
			if err := writeRec(filepath.Join(dir, "2.1.332", fmt.Sprintf("r%d.txtar", i)), []byte(texts(i)[(n/files)%2])); err != nil {
				fmt.Println("error:", err)
				os.Exit(1)
			}
			fmt.Println("wrote")
		}
	}
	t.Parallel()
	want := map[string][]string{}
	for i := range files {
		want[fmt.Sprintf("r%d.txtar", i)] = texts(i)
	}
	const rounds = 12
	bad := 0
	for round := range rounds {
		dir := t.TempDir()
		cmd := exec.Command(os.Args[0], "-test.run=^TestKillDuringWrite$")
		cmd.Env = append(os.Environ(), "RECORDING_KILL_CHILD="+dir)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Kill the child when a file of the version folder is empty (made
		// or truncated, not yet written) or, every other round, after a
		// random number of writes.
		var wrote atomic.Int64
		go func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				if sc.Text() != "wrote" {
					t.Errorf("child: %s", sc.Text())
				}
				wrote.Add(1)
			}
		}()
		after := int64(files + rand.IntN(3*files))
		if round%2 == 0 {
			after = 1000 // a fallback
		}
		vdir := filepath.Join(dir, "2.1.332")
		for wrote.Load() < after && !emptyFileIn(vdir) {
		}
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		// The next tidy finds every object sound and removes the
		// temporary file of the write that was killed.
		if _, err := tidyDir(dir); err != nil {
			t.Errorf("round %d: Tidy after the kill: %v", round, err)
		}
		if b := checkWhole(t, dir, want); b > 0 {
			t.Logf("round %d: %d of %d recordings not whole", round, b, files)
			bad += b
		}
	}
	t.Logf("%d of %d recordings not whole after %d kills", bad, rounds*files, rounds)
}

// TestFullDisk writes recordings into a small tmpfs until it is full: a
// write that fails leaves the recording as it was (or absent), never
// empty or cut.
func TestFullDisk(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	if err := syscall.Mount("tmpfs", root, "tmpfs", 0, "size=256k"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("mount a tmpfs: %v", err)
		}
		t.Skipf("mount a tmpfs: %v", err)
	}
	t.Cleanup(func() { syscall.Unmount(root, 0) })
	want := map[string][]string{}
	failed := 0
	for i := 0; failed < 5 && i < 1000; i++ {
		name := fmt.Sprintf("r%d.txtar", i%8)
		text := variant(fmt.Sprintf("S%d", i), 50+10*i) // each larger than the last
		want[name] = append(want[name], text)
		if err := writeRec(filepath.Join(root, "2.1.332", name), []byte(text)); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Errorf("a write on a full disk: %v, want an error matching ENOSPC", err)
			}
			failed++
			want[name] = want[name][:len(want[name])-1]
		}
	}
	if failed == 0 {
		t.Fatal("the disk never filled")
	}
	if bad := checkWhole(t, root, want); bad > 0 {
		t.Errorf("%d recordings not whole after %d writes failed on a full disk", bad, failed)
	}
}

// TestFIFOObject: a named pipe in place of an object is refused, not
// waited on.
func TestFIFOObject(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	file := filepath.Join(root, "2.1.332", "demo.txtar")
	if err := writeRec(file, []byte(variant("F", 1))); err != nil {
		t.Fatal(err)
	}
	o := objectFiles(t, root)[0]
	if err := os.Remove(o); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(o, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	if _, err := recording.ReadFile(file); err == nil || !strings.Contains(err.Error(), "named pipe") {
		t.Errorf("ReadFile with a named pipe for an object = %v, want an error saying so", err)
	}
	if _, err := tidyDir(root); err == nil || !strings.Contains(err.Error(), "named pipe") {
		t.Errorf("Tidy with a named pipe for an object = %v, want an error saying so", err)
	}
}

// emptyFileIn reports whether dir holds an empty file.
func emptyFileIn(dir string) bool {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if info, err := e.Info(); err == nil && info.Size() == 0 {
			return true
		}
	}
	return false
}
