package cliinstall

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// shimTargetRE matches a path relative to the shim's folder in an npm
// cmd-shim: "%dp0%\..\@anthropic-ai\claude-code\cli.js".
var shimTargetRE = regexp.MustCompile(`"%dp0%\\([^"%]+)"`)

// shimTarget returns the program an npm Windows shim (claude.cmd, which
// `npm install` writes next to the package's bin and into
// node_modules/.bin) runs: cli.js for the versions Node runs, bin/claude.exe
// for the native ones. ok is false when path is no .cmd file. The CLI runs
// its target directly rather than through cmd.exe, which would reparse
// every argument (JSON ones included) by batch-file rules.
func shimTarget(path string) (target string, ok bool, err error) {
	if !strings.EqualFold(filepath.Ext(path), ".cmd") {
		return "", false, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", false, fmt.Errorf("read npm shim: %w", err)
	}
	// The program is the last path the shim names: the IF EXIST line
	// before it names node.exe.
	var rel []byte
	for line := range bytes.Lines(data) {
		if !bytes.Contains(line, []byte("%*")) {
			continue
		}
		if m := shimTargetRE.FindAllSubmatch(line, -1); len(m) > 0 {
			rel = m[len(m)-1][1]
		}
	}
	if rel == nil {
		return "", false, fmt.Errorf("%s is not an npm shim: no %%dp0%% program in its command line; give the CLI's cli.js or claude.exe", path)
	}
	target = filepath.Join(filepath.Dir(path), filepath.FromSlash(strings.ReplaceAll(string(rel), `\`, "/")))
	return target, true, nil
}
