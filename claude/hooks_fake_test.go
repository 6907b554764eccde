package claude_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/protocol"
)

func TestClientHooks(t *testing.T) {
	t.Parallel()
	// hook returns a callback that checks its input and answers out.
	hook := func(out *protocol.HookOutput) claude.HookFunc {
		return func(_ context.Context, in *protocol.HookInput) (*protocol.HookOutput, error) {
			if in.ToolName == "" || in.SessionID == "" || string(in.ToolInput) != `{"command":"rm -rf /"}` {
				return nil, fmt.Errorf("unexpected input %+v", in)
			}
			return out, nil
		}
	}
	rewrite, err := claude.RewriteToolInput(map[string]string{"command": "echo safe"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		hooks  map[protocol.HookEvent][]claude.HookMatcher
		prompt string
		want   string
	}{
		{
			name:   "block",
			hooks:  map[protocol.HookEvent][]claude.HookMatcher{protocol.HookPreToolUse: {{Matcher: "Bash", Hooks: []claude.HookFunc{hook(claude.BlockTool("no rm"))}}}},
			prompt: "hook PreToolUse Bash",
			want:   `hook_0(timeout 0): {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm"}}`,
		},
		{
			name:   "other tool",
			hooks:  map[protocol.HookEvent][]claude.HookMatcher{protocol.HookPreToolUse: {{Matcher: "Bash", Hooks: []claude.HookFunc{hook(claude.BlockTool("no rm"))}}}},
			prompt: "hook PreToolUse Read",
			want:   "",
		},
		{
			name:   "allow",
			hooks:  map[protocol.HookEvent][]claude.HookMatcher{protocol.HookPreToolUse: {{Hooks: []claude.HookFunc{hook(claude.AllowTool("fine"))}}}},
			prompt: "hook PreToolUse Read",
			want:   `hook_0(timeout 0): {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"fine"}}`,
		},
		{
			name:   "rewrite input",
			hooks:  map[protocol.HookEvent][]claude.HookMatcher{protocol.HookPreToolUse: {{Matcher: "Bash", Hooks: []claude.HookFunc{hook(rewrite)}, Timeout: 1500 * time.Millisecond}}},
			prompt: "hook PreToolUse Bash",
			want:   `hook_0(timeout 2): {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"echo safe"}}}`,
		},
		{
			name:   "add context",
			hooks:  map[protocol.HookEvent][]claude.HookMatcher{protocol.HookPostToolUse: {{Hooks: []claude.HookFunc{hook(claude.AddContext(protocol.HookPostToolUse, "checked"))}}}},
			prompt: "hook PostToolUse Bash",
			want:   `hook_0(timeout 0): {"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"checked"}}`,
		},
		{
			name:   "stop",
			hooks:  map[protocol.HookEvent][]claude.HookMatcher{protocol.HookPostToolUse: {{Hooks: []claude.HookFunc{hook(claude.StopSession("enough"))}}}},
			prompt: "hook PostToolUse Bash",
			want:   `hook_0(timeout 0): {"continue":false,"stopReason":"enough"}`,
		},
		{
			name:   "block prompt",
			hooks:  map[protocol.HookEvent][]claude.HookMatcher{protocol.HookUserPromptSubmit: {{Hooks: []claude.HookFunc{hook(claude.BlockPrompt("off topic"))}}}},
			prompt: "hook UserPromptSubmit Bash",
			want:   `hook_0(timeout 0): {"decision":"block","reason":"off topic"}`,
		},
		{
			name:   "nil output",
			hooks:  map[protocol.HookEvent][]claude.HookMatcher{protocol.HookPreToolUse: {{Hooks: []claude.HookFunc{hook(nil)}}}},
			prompt: "hook PreToolUse Bash",
			want:   `hook_0(timeout 0): {}`,
		},
		{
			name: "error",
			hooks: map[protocol.HookEvent][]claude.HookMatcher{protocol.HookPreToolUse: {{Hooks: []claude.HookFunc{
				func(context.Context, *protocol.HookInput) (*protocol.HookOutput, error) {
					return nil, errors.New("boom")
				},
			}}}},
			prompt: "hook PreToolUse Bash",
			want:   `hook_0: error: boom`,
		},
		{
			name: "several events and callbacks",
			hooks: map[protocol.HookEvent][]claude.HookMatcher{
				protocol.HookPreToolUse: {
					{Matcher: "Read", Hooks: []claude.HookFunc{hook(claude.BlockTool("a"))}},
					{Matcher: "Bash", Hooks: []claude.HookFunc{hook(claude.BlockTool("b")), hook(nil)}},
				},
				protocol.HookPostToolUse: {{Hooks: []claude.HookFunc{hook(nil)}}},
			},
			prompt: "hook PreToolUse Bash",
			// Events are numbered in order: PostToolUse's hook_0 first.
			want: `hook_2(timeout 0): {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"b"}}` + "\n" +
				`hook_3(timeout 0): {}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := connectFake(t, func(o *claude.Options) { o.Hooks = tt.hooks })
			turn, err := c.Query(ctxFor(t), tt.prompt, nil)
			if err != nil {
				t.Fatalf("Query: %v", err)
			}
			if got := resultText(t, turn); got != tt.want {
				t.Errorf("the fake CLI got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

func TestHooksRefused(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		hooks map[protocol.HookEvent][]claude.HookMatcher
		want  string
	}{
		{"nil callback", map[protocol.HookEvent][]claude.HookMatcher{protocol.HookStop: {{Hooks: []claude.HookFunc{nil}}}}, "callback 0 is nil"},
		{"negative timeout", map[protocol.HookEvent][]claude.HookMatcher{protocol.HookStop: {{Timeout: -time.Second}}}, "negative timeout"},
		{"no event", map[protocol.HookEvent][]claude.HookMatcher{"": {{}}}, "without a name"},
		{"bad onFailure", map[protocol.HookEvent][]claude.HookMatcher{protocol.HookPreToolUse: {{OnFailure: "ignore"}}}, `onFailure "ignore"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			opts := fakeOptions(t)
			opts.Hooks = tt.hooks
			wantOptionError(t, opts, "Hooks", tt.want)
		})
	}
}

func TestRewriteToolInputRefusesNonObjects(t *testing.T) {
	t.Parallel()
	for _, in := range []any{[]int{1}, "text", nil, make(chan int)} {
		if _, err := claude.RewriteToolInput(in); err == nil {
			t.Errorf("RewriteToolInput(%T) accepted it", in)
		}
	}
}

func TestClientCloseDuringHook(t *testing.T) {
	t.Parallel()
	started := make(chan struct{})
	returned := make(chan error, 1)
	c := connectFake(t, func(o *claude.Options) {
		o.Hooks = map[protocol.HookEvent][]claude.HookMatcher{protocol.HookPreToolUse: {{Hooks: []claude.HookFunc{
			func(ctx context.Context, _ *protocol.HookInput) (*protocol.HookOutput, error) {
				close(started)
				<-ctx.Done()
				returned <- ctx.Err()
				return nil, ctx.Err()
			},
		}}}}
	})
	closeDuringCallback(t, c, "hook PreToolUse Bash", started, returned, "hook")
}

// wantOptionError checks that Connect refuses opts with an *OptionError for
// option whose message says want.
func wantOptionError(t *testing.T, opts claude.Options, option, want string) {
	t.Helper()
	c, err := claude.Connect(ctxFor(t), opts)
	if err == nil {
		c.Close()
		t.Fatalf("Connect accepted the %s", option)
	}
	var oe *claude.OptionError
	if !errors.As(err, &oe) || oe.Option != option || !strings.Contains(err.Error(), want) {
		t.Errorf("Connect: %v, want an OptionError for %s saying %q", err, option, want)
	}
}

// closeDuringCallback sends prompt, which makes the fake CLI call back into
// a Go callback (a hook or a tool, what) that closes started and waits for
// its context; it then closes c and checks that Close waited for the
// callback, ended its context and left no process behind.
func closeDuringCallback(t *testing.T, c *claude.Client, prompt string, started <-chan struct{}, returned <-chan error, what string) {
	t.Helper()
	ctx := ctxFor(t)
	if err := c.Send(ctx, prompt); err != nil {
		t.Fatal(err)
	}
	<-started
	pid := c.Session().PID()
	if err := c.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	select {
	case err := <-returned:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("the %s's context ended with %v", what, err)
		}
	default:
		t.Errorf("Close returned before the %s did", what)
	}
	if err := treeGone(pid); err != nil {
		t.Errorf("after Close: %v", err)
	}
}
