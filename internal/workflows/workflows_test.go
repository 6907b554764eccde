package workflows

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// EnvActionlint and EnvGoreleaser name the actionlint and goreleaser
// binaries to run; the Makefile sets them to the ones it installs.
const (
	EnvActionlint = "CCWIRE_ACTIONLINT"
	EnvGoreleaser = "CCWIRE_GORELEASER"
)

// tool returns the binary $env names, or name on PATH. Without one the
// test is skipped, except in CI (CI=true), where it fails: make test
// installs it.
func tool(t *testing.T, env, name string) string {
	t.Helper()
	bin := os.Getenv(env)
	if bin == "" {
		bin = name
	}
	path, err := exec.LookPath(bin)
	if err == nil {
		return path
	}
	msg := name + " not found (" + err.Error() + "); run `make test`, which installs it and sets " + env
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
	bin := tool(t, EnvActionlint, "actionlint")
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

// TestDriftTrack checks that drift.yml runs ccwire track on its schedule
// and opens a pull request with what it wrote.
func TestDriftTrack(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join("..", "..", ".github", "workflows", "drift.yml"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, want := range []string{"  schedule:\n", "go run ./cmd/ccwire track", "uses: peter-evans/create-pull-request@v7\n", "drift/firsts.json", "pull-requests: write"} {
		if !strings.Contains(text, want) {
			t.Errorf("drift.yml lacks %q", want)
		}
	}
}

// TestGoreleaserCheck checks the release configuration, .goreleaser.yaml,
// with goreleaser check: its schema, deprecated fields and templates,
// building nothing.
func TestGoreleaserCheck(t *testing.T) {
	t.Parallel()
	bin := tool(t, EnvGoreleaser, "goreleaser")
	config, err := filepath.Abs(filepath.Join("..", "..", ".goreleaser.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "check", "--config", config)
	cmd.Dir = t.TempDir() // the configuration names its repository: no git remote needed
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("goreleaser check: %v\n%s", err, out)
	}
}

// TestReleaseGoreleaserVersion checks that the release workflow runs the
// goreleaser version the Makefile installs for TestGoreleaserCheck.
func TestReleaseGoreleaserVersion(t *testing.T) {
	t.Parallel()
	makefile, err := os.ReadFile(filepath.Join("..", "..", "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^GORELEASER_VERSION = (\S+)$`).FindSubmatch(makefile)
	if m == nil {
		t.Fatal("the Makefile sets no GORELEASER_VERSION")
	}
	release, err := os.ReadFile(filepath.Join("..", "..", ".github", "workflows", "release.yml"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "          version: " + string(m[1]) + "\n"; !strings.Contains(string(release), want) {
		t.Errorf("release.yml does not run goreleaser %s, the Makefile's GORELEASER_VERSION: it lacks %q", m[1], want)
	}
}

// TestCIRunsMakeTest checks that ci.yml runs make test, the README's test
// command, on pull requests and on pushes to main, with CI set so that
// missing tools fail the tests instead of skipping them.
func TestCIRunsMakeTest(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join("..", "..", ".github", "workflows", "ci.yml"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, want := range []string{"  pull_request:\n", "  push:\n    branches: [main]\n", "run: make test\n", `CI: "true"`, "path: ~/.cache/ccwire\n", "go-version-file: go.mod\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("ci.yml lacks %q", want)
		}
	}
}
