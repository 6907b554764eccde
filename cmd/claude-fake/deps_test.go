package main

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// maxFakeDeps bounds the packages the fake CLI links (go list -deps,
// standard library included): 131 when it was set, 232 when the fake read
// recordings through the scenario runner.
const maxFakeDeps = 150

// TestFakeLinksNoRunner checks that the fake CLI, the command and the
// package other projects import, links what reading and playing
// recordings needs and nothing of running the real CLI: neither the
// scenario runner, the fake API (stubapi), the client (claude) nor
// net/http, and at most maxFakeDeps packages. A failure names the package
// that imports the unwanted one.
func TestFakeLinksNoRunner(t *testing.T) {
	t.Parallel()
	unwanted := []string{
		"github.com/ccwire/ccwire/scenario",
		"github.com/ccwire/ccwire/stubapi",
		"github.com/ccwire/ccwire/claude",
		"net/http",
	}
	for _, pkg := range []string{"github.com/ccwire/ccwire/cmd/claude-fake", "github.com/ccwire/ccwire/fakecli"} {
		t.Run(pkg, func(t *testing.T) {
			t.Parallel()
			out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", pkg).Output()
			if err != nil {
				t.Fatalf("go list -deps %s: %v", pkg, err)
			}
			importers := map[string][]string{} // package -> the packages that import it
			var deps []string
			for line := range strings.Lines(string(out)) {
				fields := strings.Fields(line)
				if len(fields) == 0 {
					continue
				}
				deps = append(deps, fields[0])
				for _, imp := range fields[1:] {
					importers[imp] = append(importers[imp], fields[0])
				}
			}
			if len(deps) < 2 {
				t.Fatalf("go list -deps listed %q", deps)
			}
			if len(deps) > maxFakeDeps {
				t.Errorf("%s links %d packages, more than %d", pkg, len(deps), maxFakeDeps)
			}
			for _, u := range unwanted {
				if slices.Contains(deps, u) {
					t.Errorf("%s links %s, imported by %s", pkg, u, strings.Join(importers[u], ", "))
				}
			}
		})
	}
}
