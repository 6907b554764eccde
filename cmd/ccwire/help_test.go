package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestHelpOnStdout checks that help asked for goes to stdout with exit
// status 0 ("ccwire stub -h | less" shows it), and that a usage error
// goes to stderr with exit status 2, for ccwire and every subcommand but
// fake-cli, which answers an unknown flag as the real CLI does (exit 1; see
// its own tests).
func TestHelpOnStdout(t *testing.T) {
	t.Parallel()
	helps := [][]string{{"-h"}, {"--help"}, {"help"}, {"cli", "-h"}, {"cli", "help"}}
	usageErrors := [][]string{{}, {"frob"}, {"cli"}}
	for _, c := range commands() {
		helps = append(helps, []string{c.name, "-h"}, []string{c.name, "--help"})
		if c.name != "fake-cli" {
			usageErrors = append(usageErrors, []string{c.name, "--no-such-flag"})
		}
	}
	helps = append(helps, []string{"cli", "install", "-h"}, []string{"cli", "path", "-h"})
	usageErrors = append(usageErrors, []string{"cli", "install", "--no-such-flag"})
	for _, args := range helps {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			t.Parallel()
			var stdout, stderr bytes.Buffer
			code := run(t.Context(), env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}, args)
			if code != 0 || !strings.Contains(stdout.String(), "Usage") || stderr.Len() != 0 {
				t.Errorf("ccwire %s: exit %d, stdout %q, stderr %q; want 0, the usage on stdout, nothing on stderr",
					strings.Join(args, " "), code, stdout.String(), stderr.String())
			}
		})
	}
	for _, args := range usageErrors {
		t.Run(strings.Join(append([]string{"error"}, args...), " "), func(t *testing.T) {
			t.Parallel()
			var stdout, stderr bytes.Buffer
			code := run(t.Context(), env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}, args)
			if code != 2 || stdout.Len() != 0 || !strings.Contains(stderr.String(), "Usage") {
				t.Errorf("ccwire %s: exit %d, stdout %q, stderr %q; want 2, nothing on stdout, the usage on stderr",
					strings.Join(args, " "), code, stdout.String(), stderr.String())
			}
		})
	}
}

// TestHelpCommand checks that "ccwire help COMMAND" prints the command's
// own help, as "ccwire COMMAND -h" does (it used to print the list of
// commands), and that an unknown command is a usage error.
func TestHelpCommand(t *testing.T) {
	t.Parallel()
	runArgs := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		code := run(t.Context(), env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}, args)
		return code, stdout.String(), stderr.String()
	}
	cases := [][]string{{"cli", "install"}, {"cli", "path"}}
	for _, c := range commands() {
		cases = append(cases, []string{c.name})
	}
	for _, args := range cases {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			t.Parallel()
			wantCode, want, _ := runArgs(append(args, "-h")...)
			code, got, stderr := runArgs(append([]string{"help"}, args...)...)
			if code != wantCode || got != want || stderr != "" {
				t.Errorf("ccwire help %s: exit %d, stdout\n%s\nstderr %q\nwant exit %d and what ccwire %s -h prints:\n%s",
					strings.Join(args, " "), code, got, stderr, wantCode, strings.Join(args, " "), want)
			}
			if strings.Contains(got, "Commands:") || !strings.Contains(got, "Usage") {
				t.Errorf("ccwire help %s: stdout\n%s\nwant the command's usage, not the list of commands", strings.Join(args, " "), got)
			}
		})
	}
	if code, stdout, stderr := runArgs("help", "frob"); code != 2 || stdout != "" || !strings.Contains(stderr, `ccwire help: unknown command "frob"`) {
		t.Errorf("ccwire help frob: exit %d, stdout %q, stderr %q; want 2 and the unknown command on stderr", code, stdout, stderr)
	}
}
