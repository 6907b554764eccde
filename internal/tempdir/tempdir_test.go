package tempdir

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestMake(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	seen := map[string]bool{}
	for range 20 {
		p, err := Make(dir, "ccwire-x-")
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(p)
		if filepath.Dir(p) != dir || !strings.HasPrefix(name, "ccwire-x-") || len(name) != len("ccwire-x-")+16 {
			t.Errorf("Make = %s, want %s/ccwire-x- and 16 hex digits", p, dir)
		}
		if seen[p] {
			t.Errorf("Make gave %s twice", p)
		}
		seen[p] = true
		if fi, err := os.Stat(p); err != nil || !fi.IsDir() || fi.Mode().Perm() != 0o700 {
			t.Errorf("Make: %s is not a private folder: %v %v", p, fi, err)
		}
	}
}

func TestMakeError(t *testing.T) {
	t.Parallel()
	if _, err := Make(filepath.Join(t.TempDir(), "missing"), "x-"); err == nil || !strings.HasPrefix(err.Error(), "tempdir: ") {
		t.Errorf("Make in a missing folder: %v, want a tempdir error", err)
	}
}

// helperDir, set, makes TestSweepHelper make a folder there, print its
// path and wait to be killed.
const helperDir = "CCWIRE_TEMPDIR_HELPER_DIR"

// TestSweepHelper is the process TestSweep kills: not a test of its own.
func TestSweepHelper(t *testing.T) {
	dir := os.Getenv(helperDir)
	if dir == "" {
		t.Skip("the process TestSweep starts and kills")
	}
	p, err := Make(dir, "ccwire-scenario-")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(p, "file"), make([]byte, 1000), 0o644); err != nil {
		t.Fatal(err)
	}
	fmt.Println(p)
	io.Copy(io.Discard, os.Stdin) // until killed
	os.Exit(0)                    // never removes p
}

func TestSweep(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	// A process killed with SIGKILL leaves its folder.
	cmd := exec.Command(os.Args[0], "-test.run=^TestSweepHelper$")
	cmd.Env = append(os.Environ(), helperDir+"="+dir)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	killed := strings.TrimSpace(line)
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	if pid, ok := Owner(filepath.Base(killed)); !ok || pid != cmd.Process.Pid {
		t.Fatalf("Owner(%s) = %d, %v; want %d", killed, pid, ok, cmd.Process.Pid)
	}
	// A folder of this process, folders Make did not make, and a file.
	mine, err := Make(dir, "ccwire-claude-")
	if err != nil {
		t.Fatal(err)
	}
	others := []string{"ccwire-scenario-0123456789abcdef", "ccwire-claude-1", "other"}
	for _, name := range others {
		if err := os.Mkdir(filepath.Join(dir, name), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	file := filepath.Base(killed[:len(killed)-1]) + "x"
	if err := os.WriteFile(filepath.Join(dir, file), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(killed); err != nil {
		t.Fatalf("the killed process's folder: %v", err)
	}

	s, err := Sweep(dir)
	if err != nil {
		t.Fatal(err)
	}
	if s.Folders != 1 || s.Bytes != 1000 {
		t.Errorf("Sweep = %+v, want 1 folder of 1000 bytes", s)
	}
	if _, err := os.Stat(killed); !os.IsNotExist(err) {
		t.Errorf("the killed process's folder is still there: %v", err)
	}
	for _, p := range append([]string{mine, file}, others...) {
		if _, err := os.Stat(filepath.Join(dir, filepath.Base(p))); err != nil {
			t.Errorf("Sweep removed %s: %v", p, err)
		}
	}
}

func TestOwner(t *testing.T) {
	t.Parallel()
	for _, pid := range []int{1, 4194304, maxPID} {
		p, err := makeFor(t.TempDir(), "ccwire-x-", pid)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := Owner(filepath.Base(p)); !ok || got != pid {
			t.Errorf("Owner(%s) = %d, %v; want %d", p, got, ok, pid)
		}
	}
	// An owner the name cannot hold is none: never swept.
	p, err := makeFor(t.TempDir(), "ccwire-x-", maxPID+1)
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := Owner(filepath.Base(p)); ok {
		t.Errorf("Owner(%s) = %d, want none", p, got)
	}
	for _, name := range []string{"", "x", "ccwire-x-0123456789abcdef", "ccwire-x-zz23456789abcdef"} {
		if got, ok := Owner(name); ok {
			t.Errorf("Owner(%q) = %d, want none", name, got)
		}
	}
}

func FuzzOwner(f *testing.F) {
	f.Add("ccwire-scenario-0123456789abcdef")
	f.Add("ccwire-x-00000a1234abcdef")
	f.Add("")
	f.Fuzz(func(t *testing.T, name string) {
		if pid, ok := Owner(name); ok && (pid < 1 || pid > maxPID) {
			t.Errorf("Owner(%q) = %d", name, pid)
		}
	})
}

// TestSweepBusy: a folder whose owner is gone is kept while a process
// (the CLI the owner started, say) works in it.
func TestSweepBusy(t *testing.T) {
	t.Parallel()
	if runtime.GOOS != "linux" {
		t.Skip("busy folders are found through /proc")
	}
	gone := exec.Command("true")
	if err := gone.Run(); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	work, err := makeFor(dir, "ccwire-scenario-", gone.Process.Pid)
	if err != nil {
		t.Fatal(err)
	}
	home, err := makeFor(dir, "ccwire-claude-", gone.Process.Pid)
	if err != nil {
		t.Fatal(err)
	}
	orphan := exec.Command("cat")
	orphan.Dir = work
	orphan.Env = append(os.Environ(), "HOME="+filepath.Join(home, "home"))
	stdin, err := orphan.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := orphan.Start(); err != nil {
		t.Fatal(err)
	}
	if s, err := Sweep(dir); err != nil || s.Folders != 0 {
		t.Errorf("Sweep while a process works in the folders = %+v, %v; want none removed", s, err)
	}
	stdin.Close()
	if err := orphan.Wait(); err != nil {
		t.Fatal(err)
	}
	if s, err := Sweep(dir); err != nil || s.Folders != 2 {
		t.Errorf("Sweep once it is gone = %+v, %v; want 2 folders removed", s, err)
	}
}
