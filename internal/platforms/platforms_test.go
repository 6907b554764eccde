package platforms

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
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

// TestCrossCompile type-checks the module for each target from source:
// every package and test file built there, with the standard library and
// the dependencies as that target builds them, and fails naming the target
// and each error's position. Checking types from source finds what fails to
// build on another platform (a file left out or added by a build
// constraint, a call to a function another platform lacks) without
// compiling the standard library and every dependency for each of six
// platforms, which on a fresh clone cost more CPU than the rest of make test's
// compilation; `make vet` vets the module for the machine at hand.
func TestCrossCompile(t *testing.T) {
	t.Parallel()
	root := moduleRoot(t)
	for _, tg := range targets {
		t.Run(tg.goos+"-"+tg.goarch, func(t *testing.T) {
			// The subtests run one at a time: each holds the type
			// information of the whole dependency graph.
			errs, err := typeCheck(t, root, tg.goos, tg.goarch)
			if err != nil {
				t.Fatalf("GOOS=%s GOARCH=%s: loading the module: %v", tg.goos, tg.goarch, err)
			}
			for _, e := range errs {
				t.Errorf("GOOS=%s GOARCH=%s: %s", tg.goos, tg.goarch, e)
			}
		})
	}
}

// typeCheck loads the module's packages and tests at root for goos/goarch
// from source and returns every error of them or their dependencies.
func typeCheck(t *testing.T, root, goos, goarch string) ([]string, error) {
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedDeps |
			packages.NeedTypes | packages.NeedSyntax,
		Context: t.Context(),
		Dir:     root,
		Tests:   true,
		// No C compiler for another platform: the module is pure Go.
		Env: append(os.Environ(), "GOOS="+goos, "GOARCH="+goarch, "CGO_ENABLED=0"),
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		return nil, err
	}
	var errs []string
	seen := map[string]bool{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			s := fmt.Sprintf("%s: %s", p.PkgPath, e)
			if !seen[s] {
				seen[s] = true
				errs = append(errs, s)
			}
		}
	})
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("./... matched no package")
	}
	return errs, nil
}

// moduleRoot returns the folder of the module's go.mod.
func moduleRoot(t *testing.T) string {
	t.Helper()
	// go test puts its own toolchain first on the test's PATH.
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to load the module: %v", err)
	}
	out, err := exec.Command(goTool, "env", "GOMOD").Output()
	if err != nil {
		t.Fatalf("go env GOMOD: %v", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		t.Fatalf("go env GOMOD = %q: not in the module", gomod)
	}
	return filepath.Dir(gomod)
}
