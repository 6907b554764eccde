package fakecli_test

import (
	"cmp"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/fakecli"
)

func TestParseArgs(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		version string // default 2.1.37
		args    []string
		options map[string][]string
		prompt  string
		fake    fakecli.Args
		err     string
	}{
		{
			name: "sdk",
			args: []string{"--output-format", "stream-json", "--verbose", "--input-format", "stream-json", "--max-turns", "3", "--model", "m", "--permission-prompt-tool", "stdio", "--setting-sources", "", "--allowedTools", "Read,Bash", "--disallowedTools", "Write", "--mcp-config", `{"mcpServers":{}}`, "--permission-mode", "default", "--resume", "abc", "--include-partial-messages", "--system-prompt", "-be terse", "--append-system-prompt=x"},
			options: map[string][]string{
				"--output-format": {"stream-json"}, "--verbose": {}, "--input-format": {"stream-json"}, "--max-turns": {"3"}, "--model": {"m"},
				"--permission-prompt-tool": {"stdio"}, "--setting-sources": {""}, "--allowedTools": {"Read,Bash"}, "--disallowedTools": {"Write"},
				"--mcp-config": {`{"mcpServers":{}}`}, "--permission-mode": {"default"}, "--resume": {"abc"}, "--include-partial-messages": {},
				"--system-prompt": {"-be terse"}, "--append-system-prompt": {"x"},
			},
		},
		{name: "prompt and short flags", args: []string{"-p", "hello", "-r", "-v"}, options: map[string][]string{"--print": {}, "--resume": {}, "--version": {}}, prompt: "hello"},
		{name: "variadic", args: []string{"--allowed-tools", "Read", "Bash", "--", "-prompt"}, options: map[string][]string{"--allowedTools": {"Read", "Bash"}}, prompt: "-prompt"},
		{name: "fake flags", args: []string{"--scenario", "s", "--cli-version=2.1.37", "--recordings", "d", "--embedded"}, options: map[string][]string{}, fake: fakecli.Args{Scenario: "s", CLIVersion: "2.1.37", Recordings: "d", Embedded: true}},
		{name: "unknown", args: []string{"--nope"}, err: "error: unknown option '--nope'"},
		{name: "unknown newer", version: "2.1.330", args: []string{"--nope"}, err: "error: unknown option '--nope'\n(Did you mean --name?)"},
		{name: "suggestion", args: []string{"--verbos"}, err: "error: unknown option '--verbos'\n(Did you mean --verbose?)"},
		{name: "suggestion model", version: "2.1.330", args: []string{"--mode"}, err: "error: unknown option '--mode'\n(Did you mean --model?)"},
		{name: "no suggestion of hidden options", args: []string{"--permission-prompt-tol"}, err: "error: unknown option '--permission-prompt-tol'"},
		{name: "too far to suggest", args: []string{"--allowed"}, err: "error: unknown option '--allowed'"},
		{name: "newer option on an older version", args: []string{"--bare"}, err: "error: unknown option '--bare'"},
		{name: "newer option", version: "2.1.330", args: []string{"--bare"}, options: map[string][]string{"--bare": {}}},
		{name: "older option on a newer version", version: "2.1.330", args: []string{"--mcp-debug"}, err: "error: unknown option '--mcp-debug'"},
		{name: "unknown short", args: []string{"-x"}, err: "error: unknown option '-x'"},
		{name: "switch with value", args: []string{"--verbose=1"}, err: "error: unknown option '--verbose=1'\n(Did you mean --verbose?)"},
		{name: "missing", args: []string{"--max-turns"}, err: "error: option '--max-turns <turns>' argument missing"},
		{name: "missing variadic", args: []string{"--tools", "--verbose"}, err: "error: option '--tools <tools...>' argument missing"},
		{name: "choice", args: []string{"--input-format", "yaml"}, err: "error: option '--input-format <format>' argument 'yaml' is invalid. Allowed choices are text, stream-json."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			a, err := fakecli.ParseArgs(cmp.Or(tc.version, "2.1.37"), tc.args)
			if tc.err != "" {
				var ue *fakecli.UsageError
				if !errors.As(err, &ue) || ue.Msg != tc.err {
					t.Fatalf("error %v, want UsageError %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(a.Options, tc.options) {
				t.Errorf("options %q, want %q", a.Options, tc.options)
			}
			if a.Prompt != tc.prompt {
				t.Errorf("prompt %q, want %q", a.Prompt, tc.prompt)
			}
			if a.Scenario != tc.fake.Scenario || a.CLIVersion != tc.fake.CLIVersion || a.Recordings != tc.fake.Recordings || a.Embedded != tc.fake.Embedded {
				t.Errorf("fake options %+v, want %+v", a, tc.fake)
			}
		})
	}
}

// FuzzParseArgs checks that any command line parses or fails with the
// CLI's kind of message, never panicking.
func FuzzParseArgs(f *testing.F) {
	f.Add("--model\x00m\x00-p\x00hi")
	f.Add("--allowedTools\x00a\x00b\x00--\x00x")
	f.Add("--output-format=stream-json\x00--nope")
	f.Fuzz(func(t *testing.T, joined string) {
		a, err := fakecli.ParseArgs("2.1.330", strings.Split(joined, "\x00"))
		if err != nil {
			var ue *fakecli.UsageError
			if !errors.As(err, &ue) || !strings.HasPrefix(ue.Msg, "error: ") {
				t.Fatalf("error %v is not a UsageError of the CLI's form", err)
			}
			return
		}
		for name := range a.Options {
			if !strings.HasPrefix(name, "--") {
				t.Errorf("option %q not by its long name", name)
			}
		}
	})
}
