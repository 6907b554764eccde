package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRunFakeCLI(t *testing.T) {
	t.Parallel()
	const user = `{"type":"user","message":{"role":"user","content":"Say hello."}}` + "\n"
	stream := []string{"--output-format", "stream-json", "--input-format", "stream-json", "--verbose"}
	play := func(extra ...string) []string {
		return append(append([]string{"--scenario", "text-simple", "--cli-version", "2.1.37", "--recordings", "../../recordings"}, extra...), stream...)
	}
	installDir := t.TempDir()
	for _, tc := range []struct {
		name      string
		args      []string
		stdin     string
		code      int
		stdoutHas []string
		stderrHas []string
	}{
		{name: "unknown flag", args: []string{"--nope"}, code: 1, stderrHas: []string{"error: unknown option '--nope'"}},
		{name: "missing value", args: []string{"--model"}, code: 1, stderrHas: []string{"error: option '--model <model>' argument missing"}},
		{name: "bad choice", args: []string{"--output-format", "xml"}, code: 1, stderrHas: []string{"argument 'xml' is invalid. Allowed choices are text, json, stream-json."}},
		{name: "version", args: []string{"--cli-version", "2.1.37", "--version"}, code: 0, stdoutHas: []string{"2.1.37 (Claude Code)\n"}},
		{name: "embedded version", args: []string{"--embedded", "-v"}, code: 0, stdoutHas: []string{"(Claude Code)\n"}},
		{name: "help on stdout", args: []string{"--help"}, code: 0, stdoutHas: []string{"--scenario <id>", "CCWIRE_FAKE_SCENARIO"}},
		{name: "stream-json needs verbose", args: []string{"-p", "--output-format", "stream-json"}, code: 1, stderrHas: []string{"requires --verbose"}},
		{name: "no scenario", args: stream, code: 2, stderrHas: []string{"no scenario to play"}},
		{name: "unknown scenario", args: append([]string{"--scenario", "nope", "--recordings", "../../recordings"}, stream...), code: 2, stderrHas: []string{"no recording of scenario nope"}},
		{name: "plays", args: play("--model", "claude-sonnet-4-5", "--permission-prompt-tool", "stdio", "--setting-sources", "", "--allowedTools", "Read", "Bash", "--max-turns", "3"), stdin: user, code: 0,
			stdoutHas: []string{`"subtype":"init"`, `"claude_code_version":"2.1.37"`, `"result":"Hello!"`}},
		{name: "plays embedded", args: append([]string{"--scenario", "text-simple", "--cli-version", "2.1.330", "--embedded"}, stream...), stdin: user, code: 0, stdoutHas: []string{`"type":"result"`}},
		{name: "prompt argument", args: []string{"-p", "Say hello.", "--scenario", "text-simple", "--cli-version", "2.1.37", "--recordings", "../../recordings", "--output-format", "stream-json", "--verbose"}, code: 0, stdoutHas: []string{`"result":"Hello!"`}},
		{name: "bad stdin", args: play(), stdin: "not json\n", code: 1, stderrHas: []string{"Error parsing streaming input line"}},
		{name: "install help", args: []string{"install", "-h"}, code: 0, stdoutHas: []string{"Usage: ccwire fake-cli install"}},
		{name: "install no dir", args: []string{"install"}, code: 2, stderrHas: []string{"want one folder"}},
		{name: "install", args: []string{"install", "--scenario", "multi-turn", "--recordings", "../../recordings", installDir}, code: 0, stdoutHas: []string{filepath.Join(installDir, "claude")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var stdout, stderr bytes.Buffer
			code := run(t.Context(), env{stdin: strings.NewReader(tc.stdin), stdout: &stdout, stderr: &stderr}, append([]string{"fake-cli"}, tc.args...))
			if code != tc.code {
				t.Errorf("exit code %d, want %d\nstderr: %s", code, tc.code, stderr.String())
			}
			for _, s := range tc.stdoutHas {
				if !strings.Contains(stdout.String(), s) {
					t.Errorf("stdout lacks %q:\n%s", s, stdout.String())
				}
			}
			for _, s := range tc.stderrHas {
				if !strings.Contains(stderr.String(), s) {
					t.Errorf("stderr lacks %q:\n%s", s, stderr.String())
				}
			}
		})
	}
	t.Run("install script", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		var stdout, stderr bytes.Buffer
		if code := run(t.Context(), env{stdout: &stdout, stderr: &stderr}, []string{"fake-cli", "install", "--scenario", "multi-turn", "--cli-version", "2.1.37", "--recordings", "../../recordings", dir}); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
		script, err := os.ReadFile(filepath.Join(dir, "claude"))
		if err != nil {
			t.Fatal(err)
		}
		abs, _ := filepath.Abs("../../recordings")
		for _, want := range []string{`[ -n "$CCWIRE_FAKE_SCENARIO" ] || CCWIRE_FAKE_SCENARIO='multi-turn'; export CCWIRE_FAKE_SCENARIO`, `CCWIRE_FAKE_CLI_VERSION='2.1.37'`, `CCWIRE_FAKE_RECORDINGS='` + abs + `'`, `exec '` + filepath.Join(dir, "ccwire") + `' fake-cli "$@"`} {
			if !strings.Contains(string(script), want) {
				t.Errorf("script lacks %q:\n%s", want, script)
			}
		}
		if st, err := os.Stat(filepath.Join(dir, "ccwire")); err != nil || st.Mode()&0o111 == 0 {
			t.Errorf("no executable copy of the binary: %v", err)
		}
	})
}
