package platforms

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// targets are the platforms the module builds for: those the Agent SDKs
// (and the Claude Code CLI) run on.
var targets = []string{
	"linux/amd64", "linux/arm64",
	"darwin/amd64", "darwin/arm64",
	"windows/amd64", "windows/arm64",
}

// TestCrossCompile type-checks the module for each target from source
// (./typecheck): every package and test file built there, with the
// standard library and the dependencies as that target builds them, and
// fails naming the target and each error's position. Checking types from
// source finds what fails to build on another platform (a file left out or
// added by a build constraint, a call to a function another platform
// lacks) without compiling the standard library and every dependency for
// each of six platforms: go vet did, which on a fresh clone cost about 500
// CPU-seconds per platform. The checker runs with go run, outside this
// test binary, which make test builds with the race detector. `make vet`
// vets the module for the machine at hand.
func TestCrossCompile(t *testing.T) {
	t.Parallel()
	// go test puts its own toolchain first on the test's PATH.
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to type-check the module: %v", err)
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
	cmd := exec.CommandContext(t.Context(), goTool, append([]string{"run", "./internal/platforms/typecheck", "-dir", root}, targets...)...)
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err = cmd.Output()
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if line != "" {
			t.Error(line)
		}
	}
	var exit *exec.ExitError
	if err != nil && (!errors.As(err, &exit) || len(out) == 0) {
		t.Fatalf("go run ./internal/platforms/typecheck: %v\n%s", err, stderr.Bytes())
	}
}
