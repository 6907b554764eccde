package cliinstall

import (
	"strings"
	"testing"

	"github.com/ccwire/ccwire/cliversion"
)

// FuzzNPMOutput checks that npm's output, whatever it is, classifies and
// summarises without panicking, and that the summary only keeps npm's own
// error lines.
func FuzzNPMOutput(f *testing.F) {
	for _, s := range []string{npmETARGET, npmE404, npmRefused, npmOldETARGET, npmEACCES, "", "npm error code \n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, stderr string) {
		code, kind := classifyNPM(stderr)
		if code != "" && !strings.Contains(stderr, code) {
			t.Fatalf("code %q not in the output", code)
		}
		_ = kind
		for line := range strings.Lines(npmSummary(stderr)) {
			line = strings.TrimSuffix(line, "\n")
			if !strings.HasPrefix(line, "npm error") && !strings.HasPrefix(line, "npm ERR!") {
				t.Fatalf("summary line %q is not an npm error line", line)
			}
		}
		_ = (&NPMError{Version: "1.2.3", Code: code, Kind: kind, Stderr: stderr}).Error()
	})
}

// FuzzParseVersionOutput checks that a version found in --version output is
// an exact version that occurs in it.
func FuzzParseVersionOutput(f *testing.F) {
	f.Add("2.1.330 (Claude Code)\n")
	f.Add("warning\n1.0.0-beta.1 (Claude Code)")
	f.Add("")
	f.Fuzz(func(t *testing.T, out string) {
		v, ok := parseVersionOutput(out)
		if !ok {
			return
		}
		if checkVersion(v) != nil || !strings.Contains(out, v) {
			t.Fatalf("parsed %q from %q", v, out)
		}
	})
}

// FuzzVersionList checks that npm view's output, whatever it is, gives
// versions that parse, in order and each once, or an error.
func FuzzVersionList(f *testing.F) {
	for _, s := range []string{`["2.1.37","2.1.330"]`, `"1.0.0"`, `[]`, `null`, `["x",1]`, `{"a":1}`, ``} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		vs, err := parseVersionList([]byte(data))
		if err != nil {
			return
		}
		for i, v := range vs {
			if _, err := cliversion.Parse(v); err != nil {
				t.Fatalf("%q is not a version: %v", v, err)
			}
			if i > 0 && cliversion.CompareStrings(vs[i-1], v) >= 0 {
				t.Fatalf("%q before %q", vs[i-1], v)
			}
		}
	})
}
