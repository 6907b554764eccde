// Command typecheck type-checks a module from source for other platforms:
// every package and test file built for each GOOS/GOARCH it is given, with
// the standard library and the dependencies as that platform builds them.
// It prints each error as "GOOS/GOARCH: package: position: message" and
// exits 1 if there was one. The test of package platforms runs it with go
// run, so that the type-checking runs outside the test binary, which the
// race detector instruments in make test.
//
//	go run ./internal/platforms/typecheck -dir . linux/arm64 windows/amd64
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"

	"golang.org/x/tools/go/packages"
)

func main() {
	dir := flag.String("dir", ".", "the module's `folder`")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "Usage: typecheck [-dir FOLDER] GOOS/GOARCH...\n\nType-checks the module's packages and tests for each platform from source.")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	failed := false
	for _, target := range flag.Args() {
		goos, goarch, ok := strings.Cut(target, "/")
		if !ok || goos == "" || goarch == "" {
			fmt.Fprintf(os.Stderr, "typecheck: %q is not GOOS/GOARCH\n", target)
			os.Exit(2)
		}
		errs, err := typeCheck(context.Background(), *dir, goos, goarch)
		if err != nil {
			fmt.Fprintf(os.Stderr, "typecheck: %s: loading the module: %v\n", target, err)
			os.Exit(1)
		}
		for _, e := range errs {
			fmt.Printf("%s: %s\n", target, e)
			failed = true
		}
	}
	if failed {
		os.Exit(1)
	}
}

// typeCheck loads the module's packages and tests in dir for goos/goarch
// from source and returns every error of them or their dependencies.
func typeCheck(ctx context.Context, dir, goos, goarch string) ([]string, error) {
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedDeps |
			packages.NeedTypes | packages.NeedSyntax,
		Context: ctx,
		Dir:     dir,
		Tests:   true,
		// No C compiler for another platform: the module is pure Go.
		Env: append(os.Environ(), "GOOS="+goos, "GOARCH="+goarch, "CGO_ENABLED=0"),
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		return nil, err
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("./... matched no package")
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
	return errs, nil
}
