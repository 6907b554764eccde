package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/scenario"
)

// smallModuleScenarios are the scenarios smallModule copies: a text turn
// and a tool call, recorded on both pinned CLIs.
var smallModuleScenarios = []string{"text-simple", "bash-single"}

// smallModule copies a small part of this module into a temporary folder
// and returns it: the scenarios smallModuleScenarios and their recordings
// on the two pinned CLI versions, what ccwire docs and ccwire schema read
// (--root). The commands' tests run on it: the whole module's reference
// and schemas take half a minute each to render, and the packages that
// make them check those against the committed ones (docgen's
// TestDocsUpToDate, TestSchemaUpToDate).
func smallModule(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	module := filepath.Join("..", "..")
	copyTo := func(rel string) {
		t.Helper()
		if err := copyFile(filepath.Join(module, rel), filepath.Join(root, rel)); err != nil {
			t.Fatal(err)
		}
	}
	for _, id := range smallModuleScenarios {
		copyTo(filepath.Join("scenarios", id+scenario.Ext))
		for _, v := range []string{"2.1.37", cliinstall.DefaultVersion} {
			copyTo(filepath.Join("recordings", v, id+scenario.RecordingExt))
		}
	}
	if _, err := os.Stat(filepath.Join(root, "recordings", "2.1.37")); err != nil {
		t.Fatal(err)
	}
	return root
}
