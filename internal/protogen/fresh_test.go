package main

import (
	"bytes"
	"os"
	"path/filepath"
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
