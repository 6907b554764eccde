package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// protocolDir is package protocol, whose generated files the tests check.
const protocolDir = "../../protocol"

// TestGeneratedFilesAreFresh fails when a generated file of package
// protocol differs from what its types generate now: run go generate
// ./protocol after changing them.
func TestGeneratedFilesAreFresh(t *testing.T) {
	t.Parallel()
	files, err := generate(protocolDir)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("nothing generated")
	}
	for name, want := range files {
		got, err := os.ReadFile(filepath.Join(protocolDir, name))
		if err != nil {
			t.Fatalf("%v (run go generate ./protocol)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: run go generate ./protocol", name)
		}
	}
}

// TestGenerateErrors checks that tags the generator cannot follow are
// reported with the type and field they are on.
func TestGenerateErrors(t *testing.T) {
	t.Parallel()
	const prelude = "package protocol\n\ntype objectState struct{}\ntype envelope struct{ objectState }\n"
	for _, tc := range []struct{ name, src, want string }{
		{"no json tag", "type T struct {\n\tA string\n\tobjectState\n}\n", "T.A: no json tag"},
		{"unknown field option", "type T struct {\n\tA string `json:\"a\" wire:\"sometimes\"`\n\tobjectState\n}\n", `T.A: unknown wire option "sometimes"`},
		{"unknown struct option", "type T struct {\n\tobjectState `wire:\"loud\"`\n}\n", `T: unknown wire option "loud"`},
		{"no shape", "type T struct {\n\tA chan int `json:\"a\"`\n\tobjectState\n}\n", "T.A: type chan int has no JSON shape"},
		{"nullable bool", "type T struct {\n\tA bool `json:\"a\" wire:\"nullable\"`\n\tobjectState\n}\n", "T.A: nullable boolean member"},
		{"input not raw", "type T struct {\n\tA string `json:\"a\" wire:\"input\"`\n\tobjectState\n}\n", "T.A: input member of type string"},
		{"unknown union", "type T struct {\n\tobjectState `wire:\"union=Nope,type=t\"`\n}\n", "T: union Nope is not an interface"},
		{"no fallback", "type Kind string\ntype U interface{ K() Kind }\ntype T struct {\n\tobjectState `wire:\"union=U,type=t\"`\n}\n", "U has no fallback variant"},
		{"keys disagree", "type Kind string\ntype U interface{ K() Kind }\ntype T struct {\n\tobjectState `wire:\"union=U,type=t\"`\n}\ntype S struct {\n\tobjectState `wire:\"union=U,kind=s\"`\n}\n", `S: no "type" member for K`},
		{"syntax", "type T struct {\n", "p.go"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(prelude+tc.src), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := generate(dir)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("generate error = %v, want one containing %q", err, tc.want)
			}
		})
	}
}
