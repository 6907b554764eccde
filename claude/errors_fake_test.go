package claude_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/cliinstall"
)

// repeatedPrefix returns the first prefix that an error message says
// twice in a chain ("claude: initialize: claude: initialize request"), or
// "". A prefix is what comes before ": "; two prefixes repeat when they are
// equal or start with the same word (articles aside). The CLI's stderr,
// quoted after "; stderr:", is not the client's.
func repeatedPrefix(msg string) string {
	if i := strings.Index(msg, "; stderr:"); i >= 0 {
		msg = msg[:i]
	}
	for line := range strings.SplitSeq(msg, "\n") {
		parts := strings.Split(strings.TrimSpace(line), ": ")
		seen := map[string]bool{}
		for _, p := range parts[:len(parts)-1] {
			words := strings.Fields(p)
			for len(words) > 1 && (words[0] == "the" || words[0] == "a" || words[0] == "an" || words[0] == "no") {
				words = words[1:]
			}
			if len(words) == 0 {
				continue
			}
			if seen[words[0]] {
				return words[0]
			}
			seen[words[0]] = true
		}
	}
	return ""
}

func TestRepeatedPrefix(t *testing.T) {
	t.Parallel()
	for msg, want := range map[string]string{
		"claude: initialize: claude: initialize request req_1: claude: the CLI exited":                "claude",
		"claude: initialize: initialize request req_1: the CLI exited":                                "initialize",
		"claude: send: send: stdin is closed":                                                         "send",
		"claude: initialize request req_1: the CLI exited with status 1; stderr:\nError: x: Error: y": "",
		"claude: the turn failed with HTTP 500 (api_error): API Error: 500":                           "",
		"claude: the turn ended with error_max_turns\nclaude: 1 stdout line(s) could not be decoded":  "",
	} {
		if got := repeatedPrefix(msg); got != want {
			t.Errorf("repeatedPrefix(%q) = %q, want %q", msg, got, want)
		}
	}
}

// TestErrorPrefixesOnce walks the client's main failure paths and checks
// that each error says each prefix once.
func TestErrorPrefixesOnce(t *testing.T) {
	t.Parallel()
	connectErr := func(configure func(*claude.Options)) func(t *testing.T) error {
		return func(t *testing.T) error {
			opts := fakeOptions(t)
			configure(&opts)
			c, err := claude.Connect(ctxFor(t), opts)
			if err == nil {
				c.Close()
				t.Fatal("Connect succeeded")
			}
			return err
		}
	}
	afterTurn := func(prompt string, then func(ctx context.Context, c *claude.Client) error) func(t *testing.T) error {
		return func(t *testing.T) error {
			c := connectFake(t, nil)
			ctx := ctxFor(t)
			if prompt != "" {
				c.Query(ctx, prompt, nil)
			}
			return then(ctx, c)
		}
	}
	for _, tt := range []struct {
		name string
		err  func(t *testing.T) error
		as   any // the type errors.As must find
	}{
		{"InitializeCLIExits", connectErr(func(o *claude.Options) { o.Env = []string{fakeCLIEnv + "=" + fakeCLIFail} }), new(*claude.ExitError)},
		{"InitializeNoAnswer", connectErr(func(o *claude.Options) {
			o.Env = []string{fakeCLIEnv + "=" + fakeCLIDeaf}
			o.ControlTimeout = 200 * time.Millisecond
			o.CloseTimeout = 200 * time.Millisecond
		}), new(*claude.ContextError)},
		{"OptionRefused", connectErr(func(o *claude.Options) { o.Version = "2.1.332" }), new(*claude.OptionError)},
		{"CLIBinaryMissing", connectErr(func(o *claude.Options) {
			o.Binary = cliinstall.Binary{}
			o.InstallOptions = []cliinstall.Option{cliinstall.WithBinaryPath("/nonexistent/claude")}
		}), nil},
		{"ControlRefused", afterTurn("", func(ctx context.Context, c *claude.Client) error {
			return c.SetPermissionMode(ctx, "bogus")
		}), new(*claude.ControlError)},
		{"ControlNoAnswer", afterTurn("", func(ctx context.Context, c *claude.Client) error {
			// The fake never answers it. The bound is the request's own:
			// Options.ControlTimeout would also bound initialize (its own
			// case is InitializeNoAnswer, against a deaf fake).
			short, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
			defer cancel()
			return c.SetMaxThinkingTokens(short, 999)
		}), new(*claude.ContextError)},
		{"ControlAfterExit", afterTurn("exit", func(ctx context.Context, c *claude.Client) error {
			return c.SetModel(ctx, "x")
		}), new(*claude.ExitError)},
		{"CLIExitsMidTurn", afterTurn("", func(ctx context.Context, c *claude.Client) error {
			_, err := c.Query(ctx, "exit", nil)
			return err
		}), new(*claude.ExitError)},
		{"SendAfterExit", afterTurn("exit", func(ctx context.Context, c *claude.Client) error {
			return c.Send(ctx, "hello")
		}), nil},
		{"SendAfterClose", afterTurn("", func(ctx context.Context, c *claude.Client) error {
			c.Close()
			return c.Send(ctx, "hello")
		}), nil},
		{"ReadAfterClose", afterTurn("", func(ctx context.Context, c *claude.Client) error {
			c.Close()
			_, err := c.ReceiveTurn(ctx, nil)
			return err
		}), new(*claude.ExitError)},
		{"SendAbandonedTurnContext", afterTurn("", func(ctx context.Context, c *claude.Client) error {
			for range c.Stream(ctx, "held") { // held until stdin closes
				break
			}
			short, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
			defer cancel()
			return c.Send(short, "hello")
		}), new(*claude.ContextError)},
		{"TurnErrorMaxTurns", afterTurn("", func(ctx context.Context, c *claude.Client) error {
			_, err := c.Query(ctx, "maxturns", nil)
			return err
		}), new(*claude.TurnError)},
		{"TurnErrorAPI", afterTurn("", func(ctx context.Context, c *claude.Client) error {
			_, err := c.Query(ctx, "apierror", nil)
			return err
		}), new(*claude.TurnError)},
		{"TurnLineErrors", afterTurn("", func(ctx context.Context, c *claude.Client) error {
			_, err := c.Query(ctx, "garbage", nil)
			return err
		}), new(*claude.LineErrors)},
		{"NewToolSchema", func(t *testing.T) error {
			_, err := claude.NewTool("bad", "", func(context.Context, chan int) (*claude.ToolResult, error) { return nil, nil })
			return err
		}, new(*claude.SchemaError)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := tt.err(t)
			if err == nil {
				t.Fatal("no error")
			}
			t.Log(err)
			if tt.as != nil && !errors.As(err, tt.as) {
				t.Errorf("error %q is not a %T", err, tt.as)
			}
			if p := repeatedPrefix(err.Error()); p != "" {
				t.Errorf("the prefix %q repeats in %q", p, err)
			}
		})
	}
}

// checkAPIErrorTurn checks the error of a turn ended by an HTTP 500 from
// the API: a *TurnError that says the turn failed, with the status, and
// never "success" (the result's subtype).
func checkAPIErrorTurn(t *testing.T, version string, err error) {
	t.Helper()
	var te *claude.TurnError
	if !errors.As(err, &te) {
		t.Fatalf("error %v, want a TurnError", err)
	}
	msg := te.Error()
	if strings.Contains(msg, "success") || !strings.HasPrefix(msg, "claude: the turn failed") || !strings.Contains(msg, "500") {
		t.Errorf("TurnError says %q, want that the turn failed, with status 500", msg)
	}
	if !te.IsError || te.Subtype != "success" {
		t.Errorf("TurnError subtype %q, is_error %t; want the result's success and true", te.Subtype, te.IsError)
	}
	if version != "2.1.37" && (te.APIErrorStatus != 500 || !strings.HasPrefix(msg, "claude: the turn failed with HTTP 500 (api_error): ")) {
		t.Errorf("TurnError %q, status %d; want HTTP 500 (api_error) from the result", msg, te.APIErrorStatus)
	}
}

// TestTurnErrorWording checks the words of a turn ended by an API error on
// the fake CLI and the recordings of the pinned versions.
func TestTurnErrorWording(t *testing.T) {
	t.Parallel()
	t.Run("fake", func(t *testing.T) {
		t.Parallel()
		c := connectFake(t, nil)
		_, err := c.Query(ctxFor(t), "apierror", nil)
		checkAPIErrorTurn(t, "0.0.1", err)
	})
	for _, version := range []string{"2.1.37", "2.1.332"} {
		t.Run("recording/"+version, func(t *testing.T) {
			t.Parallel()
			_, err := claude.Query(ctxFor(t), "Say hello.", recordingOptions(t, version, "api-server-error-500"))
			checkAPIErrorTurn(t, version, err)
		})
	}
	for _, tt := range []struct {
		err  *claude.TurnError
		want string
	}{
		{&claude.TurnError{Subtype: "error_max_turns", TerminalReason: "max_turns", Errors: []string{"Reached maximum number of turns (1)"}},
			"claude: the turn ended with error_max_turns (max_turns): Reached maximum number of turns (1)"},
		{&claude.TurnError{Subtype: "error_during_execution"}, "claude: the turn ended with error_during_execution"},
		{&claude.TurnError{Subtype: "success", IsError: true, Result: "API Error: 500 {}"}, "claude: the turn failed: API Error: 500 {}"},
		{&claude.TurnError{Subtype: "success", IsError: true, APIError: "max_output_tokens", Result: "API Error: too long"},
			"claude: the turn failed with max_output_tokens: API Error: too long"},
		{&claude.TurnError{Subtype: "success", IsError: true, APIErrorStatus: 429, APIErrorType: "rate_limit_error", APIError: "usage_limit_reached", Result: "You've hit your limit"},
			"claude: the turn failed with HTTP 429 (rate_limit_error, usage_limit_reached): You've hit your limit"},
	} {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
	}
}
