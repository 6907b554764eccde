package claude_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// footprintProgram is a program that imports only package claude: the
// README's, which makes one Query.
const footprintProgram = "./testdata/userprogram"

// footprintModules are the modules a program importing only package claude
// may link: this one, and the JSON Schema library of the MCP SDK (SchemaOf).
var footprintModules = []string{"github.com/ccwire/ccwire", "github.com/google/jsonschema-go"}

// footprintBanned are packages such a program must not link, each with
// why: the recordings and scenarios are the ccwire command's (tens of
// megabytes), and the MCP SDK brings net/http, crypto/tls, OAuth and, by
// way of package net, cgo (see MCPServer).
var footprintBanned = map[string]string{
	"github.com/ccwire/ccwire/recordings":        "the recorded corpus",
	"github.com/ccwire/ccwire/scenarios":         "the scenario corpus",
	"github.com/modelcontextprotocol/go-sdk/mcp": "the MCP SDK",
	"net/http": "the MCP SDK's HTTP transports",
	"net":      "cgo on Linux",
}

// goTool returns the go command the test runs with.
func goTool(tb testing.TB) string {
	tb.Helper()
	// go test puts its own toolchain first on the test's PATH.
	p, err := exec.LookPath("go")
	if err != nil {
		tb.Fatalf("the go command is needed: %v", err)
	}
	return p
}

// deps returns the packages and modules the program in dir links.
func deps(tb testing.TB, dir string) (pkgs, mods []string) {
	tb.Helper()
	out, err := exec.Command(goTool(tb), "list", "-deps", "-f", "{{.ImportPath}} {{with .Module}}{{.Path}}{{end}}", dir).Output()
	if err != nil {
		tb.Fatalf("go list -deps %s: %v", dir, err)
	}
	for line := range strings.Lines(string(out)) {
		pkg, mod, _ := strings.Cut(strings.TrimSpace(line), " ")
		pkgs = append(pkgs, pkg)
		if mod != "" && !slices.Contains(mods, mod) {
			mods = append(mods, mod)
		}
	}
	return pkgs, mods
}

// TestFootprint checks what a program importing only package claude
// links: no recordings, no scenarios, no MCP SDK, no networking, and no
// module but those footprintModules names.
func TestFootprint(t *testing.T) {
	t.Parallel()
	pkgs, mods := deps(t, footprintProgram)
	for _, p := range pkgs {
		if why, ok := footprintBanned[p]; ok {
			t.Errorf("a program importing only claude links %s (%s)", p, why)
		}
	}
	for _, m := range mods {
		if !slices.Contains(footprintModules, m) {
			t.Errorf("a program importing only claude links module %s", m)
		}
	}
}

// BenchmarkFootprint reports what a program importing only package claude
// costs its author: the binary's size (bytes, and stripped with -s -w),
// the packages and modules it links. Each iteration builds it, so run it
// with -benchtime 1x.
func BenchmarkFootprint(b *testing.B) {
	dir := b.TempDir()
	var size, stripped int64
	for b.Loop() {
		size = buildSize(b, filepath.Join(dir, "footprint"))
		stripped = buildSize(b, filepath.Join(dir, "footprint-stripped"), "-ldflags=-s -w")
	}
	pkgs, mods := deps(b, footprintProgram)
	b.ReportMetric(float64(size), "bytes")
	b.ReportMetric(float64(stripped), "stripped-bytes")
	b.ReportMetric(float64(len(pkgs)), "packages")
	b.ReportMetric(float64(len(mods)), "modules")
}

// buildSize builds the footprint program into out and returns its size.
func buildSize(b *testing.B, out string, flags ...string) int64 {
	b.Helper()
	args := append(append([]string{"build", "-o", out}, flags...), footprintProgram)
	if msg, err := exec.Command(goTool(b), args...).CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, msg)
	}
	st, err := os.Stat(out)
	if err != nil {
		b.Fatal(err)
	}
	return st.Size()
}
