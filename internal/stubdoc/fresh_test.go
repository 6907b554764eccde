package main

import (
	"bytes"
	"testing"
)

// TestDocsAreFresh fails when the fault tables of the stub script format's
// documentation differ from what stubapi's table of fault kinds writes
// now: run go generate ./stubapi after changing it.
func TestDocsAreFresh(t *testing.T) {
	t.Parallel()
	part.CheckFresh(t, "../..", docs, "go generate ./stubapi")
}

// TestRewriteKeepsTheRest checks that only the part between the markers
// changes, and that a file without them is an error.
func TestRewriteKeepsTheRest(t *testing.T) {
	t.Parallel()
	doc := "# Title\n\nBefore.\n\n" + beginMarker + "stale\n" + endMarker + "\nAfter.\n"
	out, err := rewrite([]byte(doc), "en")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(out, []byte("# Title\n\nBefore.\n\n"+beginMarker+"\n| kind |")) || !bytes.HasSuffix(out, []byte(endMarker+"\nAfter.\n")) || bytes.Contains(out, []byte("stale")) {
		t.Errorf("rewrite =\n%s", out)
	}
	if _, err := rewrite([]byte("# No markers\n"), "en"); err == nil {
		t.Error("rewrite of a file without markers succeeded")
	}
}
