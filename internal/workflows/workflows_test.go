package workflows

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// EnvActionlint names the actionlint binary to run; the Makefile sets it
// to the one it installs.
const EnvActionlint = "CCWIRE_ACTIONLINT"

// actionlint returns the actionlint binary: $CCWIRE_ACTIONLINT, or
// actionlint on PATH. Without one the test is skipped, except in CI
// (CI=true), where it fails: make test installs it.
func actionlint(t *testing.T) string {
	t.Helper()
	bin := os.Getenv(EnvActionlint)
	if bin == "" {
		bin = "actionlint"
	}
	path, err := exec.LookPath(bin)
	if err == nil {
		return path
	}
	msg := "actionlint not found (" + err.Error() + "); run `make test`, which installs it and sets " + EnvActionlint
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// workflowFiles returns the workflow files of the module.
func workflowFiles(t *testing.T) []string {
	t.Helper()
	dir := filepath.Join("..", "..", ".github", "workflows")
	var files []string
	for _, pattern := range []string{"*.yml", "*.yaml"} {
		m, err := filepath.Glob(filepath.Join(dir, pattern))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatalf("no workflow in %s", dir)
	}
	slices.Sort(files)
	return files
}

func TestActionlint(t *testing.T) {
	t.Parallel()
	bin := actionlint(t)
	files := workflowFiles(t)
	cmd := exec.Command(bin, append([]string{"-no-color"}, files...)...)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit) && exit.ExitCode() == 1:
		t.Errorf("actionlint found problems in the workflows:\n%s", out)
	case err != nil:
		t.Fatalf("actionlint %s: %v\n%s", strings.Join(files, " "), err, out)
	}
}

// TestDriftShards checks that drift.yml's matrix lists the shards 1 to
// SHARDS, the count its spec runs pass to --shard.
func TestDriftShards(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join("..", "..", ".github", "workflows", "drift.yml"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, want := range []string{"  SHARDS: 4\n", "        shard: [1, 2, 3, 4]\n", `--shard "$SHARD/$SHARDS"`} {
		if !strings.Contains(text, want) {
			t.Errorf("drift.yml lacks %q", want)
		}
	}
}
