package claude

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/protocol"
)

func TestLacking(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		needs, want string
	}{
		{">2.1.37", "Claude Code 2.1.37 and older do not have it"},
		{">=2.1.100", "Claude Code older than 2.1.100 do not have it"},
		{"<2.1.330", "Claude Code 2.1.330 and newer do not have it"},
		{"<=2.1.330", "Claude Code newer than 2.1.330 do not have it"},
		{">2.1.37, <3.0.0", "Claude Code 2.1.37 and older, and 3.0.0 and newer, do not have it"},
	} {
		if got := lacking(cliversion.MustParseConstraint(tc.needs)); got != tc.want {
			t.Errorf("lacking(%q) = %q, want %q", tc.needs, got, tc.want)
		}
	}
}

// TestOptionFlags checks the flag table: one row per option and flag, each
// with a way to write it, and choices named.
func TestOptionFlags(t *testing.T) {
	t.Parallel()
	options, flags := map[string]bool{}, map[string]bool{}
	for _, row := range optionFlags {
		if options[row.option] || flags[row.flag] {
			t.Errorf("%s (%s) is in the table twice", row.option, row.flag)
		}
		options[row.option], flags[row.flag] = true, true
		if row.value == nil {
			t.Errorf("%s: no value", row.option)
		}
		if (row.choice == "") != (row.choices == nil) {
			t.Errorf("%s: choices %v named %q", row.option, row.choices, row.choice)
		}
		if occurrences, problem := row.value(&Options{}); occurrences != nil || problem != "" {
			t.Errorf("%s: the zero Options give %q, %q", row.option, occurrences, problem)
		}
	}
}

// TestOptionsEnv checks the environment entries of FileCheckpointing: after
// Env, so that they win, without writing into Env's array.
func TestOptionsEnv(t *testing.T) {
	t.Parallel()
	env := make([]string, 1, 4)
	env[0] = "A=1"
	o := Options{Env: env}
	if got := o.env(); !slices.Equal(got, []string{"A=1"}) {
		t.Errorf("env = %q, want Env", got)
	}
	o.FileCheckpointing = true
	if got := o.env(); !slices.Equal(got, []string{"A=1", "CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING=true"}) {
		t.Errorf("env with FileCheckpointing = %q", got)
	}
	if extra := env[:2][1]; extra != "" {
		t.Errorf("env wrote %q into Env's array", extra)
	}
}

// TestHookRegistryEveryEvent registers a callback for each of the SDK's 34
// hook events, with the matcher's onFailure, and checks the initialize
// request's hooks member.
func TestHookRegistryEveryEvent(t *testing.T) {
	t.Parallel()
	f := func(context.Context, *protocol.HookInput) (*protocol.HookOutput, error) { return nil, nil }
	hooks := map[protocol.HookEvent][]HookMatcher{}
	for _, ev := range protocol.HookEvents() {
		hooks[ev] = []HookMatcher{{Hooks: []HookFunc{f}}}
	}
	hooks[protocol.HookPreToolUse] = []HookMatcher{{Matcher: "Bash", Hooks: []HookFunc{f}, OnFailure: HookFailureBlock}}
	r, err := newHookRegistry(hooks)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string][]map[string]any
	if err := json.Unmarshal(r.config, &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != 34 || len(r.funcs) != 34 {
		t.Fatalf("%d events, %d callbacks registered, want 34", len(got), len(r.funcs))
	}
	if m := got["PreToolUse"][0]; m["onFailure"] != "block" || m["matcher"] != "Bash" {
		t.Errorf("PreToolUse matcher %v", m)
	}
	if _, ok := got["Stop"][0]["onFailure"]; ok {
		t.Errorf("Stop matcher %v has an onFailure it was not given", got["Stop"][0])
	}
}
