package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
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
		{name: "install bad chaos", args: []string{"install", "--chaos", "boom", installDir}, code: 2, stderrHas: []string{`unknown fault "boom"`}},
		{name: "chaos", args: append([]string{"--chaos", "unknown-kind"}, play()...), stdin: user, code: 0, stdoutHas: []string{`{"type":"ccwire_chaos_unknown"`, `"result":"Hello!"`}},
		{name: "chaos exit", args: append([]string{"--chaos", "exit-mid-turn-stderr"}, play()...), stdin: user, code: 1, stderrHas: []string{"ccwire chaos exit-mid-turn-stderr", "Node.js"}},
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

// TestFakeCLISignals runs the built ccwire as a fake CLI and sends its
// process SIGINT or SIGTERM after the first turn's result, stdin still
// open: it must exit as the recorded CLI does (status 0 on SIGINT, 143 on
// SIGTERM, nothing more on stdout or stderr; the signal-sigint-idle and
// signal-sigterm-idle recordings of the version), and in the middle of a
// permission prompt write what the version writes then.
func TestFakeCLISignals(t *testing.T) {
	t.Parallel()
	bin := ccwireBinary(t)
	const user = `{"type":"user","message":{"role":"user","content":"Say hello."}}` + "\n"
	for _, tc := range []struct {
		version, scenario string
		until             string // the line to read up to before the signal
		sig               syscall.Signal
		code              int
		after             []string // substrings of the lines written after the signal, in order
	}{
		{"2.1.37", "text-simple", `"type":"result"`, syscall.SIGINT, 0, nil},
		{"2.1.37", "text-simple", `"type":"result"`, syscall.SIGTERM, 143, nil},
		{"2.1.332", "text-simple", `"type":"result"`, syscall.SIGINT, 0, nil},
		{"2.1.332", "text-simple", `"type":"result"`, syscall.SIGTERM, 143, nil},
		{"2.1.332", "permission-prompt-allow", `"subtype":"can_use_tool"`, syscall.SIGINT, 0,
			[]string{`"type":"control_cancel_request"`, `"type":"tool_result"`, `[Request interrupted by user for tool use]`, `"subtype":"error_during_execution"`}},
	} {
		t.Run(tc.version+"/"+tc.scenario+"/"+tc.sig.String(), func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
			defer cancel()
			args := []string{"fake-cli", "--scenario", tc.scenario, "--cli-version", tc.version, "--recordings", "../../recordings",
				"--output-format", "stream-json", "--input-format", "stream-json", "--verbose"}
			if tc.until == `"subtype":"can_use_tool"` {
				// The recorded host asked for permission questions on stdio:
				// the fake plays them only to a host that does.
				args = append(args, "--permission-prompt-tool", "stdio")
			}
			cmd := exec.CommandContext(ctx, bin, args...)
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			defer stdin.Close()
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			var stderr syncBuffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			if _, err := io.WriteString(stdin, user); err != nil {
				t.Fatal(err)
			}
			r := bufio.NewReader(stdout)
			for {
				line, err := r.ReadString('\n')
				if err != nil {
					t.Fatalf("stdout ended before %s: %v (stderr %q)", tc.until, err, stderr.String())
				}
				if strings.Contains(line, tc.until) {
					break
				}
			}
			if err := cmd.Process.Signal(tc.sig); err != nil {
				t.Fatal(err)
			}
			rest, _ := io.ReadAll(r)
			err = cmd.Wait()
			if code := cmd.ProcessState.ExitCode(); code != tc.code {
				t.Errorf("exit status %d (%v) after %v, want %d", code, err, tc.sig, tc.code)
			}
			if s := stderr.String(); s != "" {
				t.Errorf("stderr %q, want nothing, as the CLI", s)
			}
			lines := strings.Split(strings.TrimSpace(string(rest)), "\n")
			if len(tc.after) == 0 && len(rest) > 0 {
				t.Errorf("wrote after %v:\n%s", tc.sig, rest)
			}
			if len(tc.after) > 0 && len(lines) != len(tc.after) {
				t.Errorf("%d lines after %v, want %d:\n%s", len(lines), tc.sig, len(tc.after), rest)
			}
			for i, want := range tc.after {
				if i < len(lines) && !strings.Contains(lines[i], want) {
					t.Errorf("line %d after %v lacks %s: %s", i+1, tc.sig, want, lines[i])
				}
			}
		})
	}
}
