package platforms

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// targets are the platforms the module builds for: those the Agent SDKs
// (and the Claude Code CLI) run on.
var targets = []struct{ goos, goarch string }{
	{"linux", "amd64"},
	{"linux", "arm64"},
	{"darwin", "amd64"},
	{"darwin", "arm64"},
	{"windows", "amd64"},
	{"windows", "arm64"},
}

// TestCrossCompile runs `go vet ./...` on the module for each target, which
// type-checks every package and test file built there (compiling their
// dependencies) and runs vet's checks, and fails naming the target with
// the compiler's or vet's report. The build cache makes a run after the
// first one quick.
func TestCrossCompile(t *testing.T) {
	t.Parallel()
	// go test puts its own toolchain first on the test's PATH.
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to cross-compile: %v", err)
	}
	out, err := exec.Command(goTool, "env", "GOMOD").Output()
	if err != nil {
		t.Fatalf("go env GOMOD: %v", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		t.Fatalf("go env GOMOD = %q: not in the module", gomod)
	}
	root := filepath.Dir(gomod)
	for _, tg := range targets {
		t.Run(tg.goos+"-"+tg.goarch, func(t *testing.T) {
			t.Parallel()
			cmd := exec.CommandContext(t.Context(), goTool, "vet", "./...")
			cmd.Dir = root
			cmd.Env = append(os.Environ(), "GOOS="+tg.goos, "GOARCH="+tg.goarch)
			if tg.goos != runtime.GOOS || tg.goarch != runtime.GOARCH {
				// No C cross-compiler needed; the host's own target keeps
				// cgo as `make vet` has it, and shares its build cache.
				cmd.Env = append(cmd.Env, "CGO_ENABLED=0")
			}
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("GOOS=%s GOARCH=%s go vet ./... failed (%v):\n%s", tg.goos, tg.goarch, err, out)
			}
		})
	}
}
