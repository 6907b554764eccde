package claude_test

import (
	"errors"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/protocol"
)

func TestClientRefusesUnknownRequests(t *testing.T) {
	t.Parallel()
	// The fake CLI is version 0.0.1, of the era that never answers a
	// request it does not know.
	c := connectFake(t, func(o *claude.Options) { o.ControlTimeout = 5 * time.Second })
	ctx := ctxFor(t, 30*time.Second)
	tests := []struct {
		name string
		call func() error
		want protocol.ControlSubtype
	}{
		{"ContextUsage", func() error { _, err := c.ContextUsage(ctx); return err }, "get_context_usage"},
		{"StopTask", func() error { return c.StopTask(ctx, "t1") }, "stop_task"},
		{"Control", func() error {
			_, err := c.Control(ctx, &protocol.UnknownControlRequest{Subtype: "from_the_future"})
			return err
		}, "from_the_future"},
	}
	for _, tt := range tests {
		start := time.Now()
		err := tt.call()
		var ue *claude.UnsupportedRequestError
		if !errors.As(err, &ue) || ue.Subtype != tt.want || ue.Version != "0.0.1" || !errors.Is(err, errors.ErrUnsupported) {
			t.Errorf("%s: %v, want an UnsupportedRequestError for %s", tt.name, err, tt.want)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("%s took %s: it waited for an answer", tt.name, d)
		}
	}
	// mcp_status is of 2.1.37's era: it is sent (and the fake refuses it).
	var ue *claude.UnsupportedRequestError
	if _, err := c.MCPStatus(ctx); err == nil || errors.As(err, &ue) {
		t.Errorf("MCPStatus: %v, want the fake's error answer", err)
	}
}

func TestControlErrorIsUnsupported(t *testing.T) {
	t.Parallel()
	tests := []struct {
		code string
		want bool
	}{{"unsupported_request", true}, {"invalid_mode", false}, {"", false}}
	for _, tt := range tests {
		err := error(&claude.ControlError{Subtype: "x", Code: tt.code})
		if got := errors.Is(err, errors.ErrUnsupported); got != tt.want {
			t.Errorf("code %q: errors.Is(ErrUnsupported) = %t", tt.code, got)
		}
	}
}

func TestOutputSchemaRefused(t *testing.T) {
	t.Parallel()
	for _, schema := range []string{`[1]`, `{"type":`, `"x"`} {
		opts := fakeOptions(t)
		opts.OutputSchema = []byte(schema)
		c, err := claude.Connect(ctxFor(t, 30*time.Second), opts)
		if err == nil {
			c.Close()
			t.Fatalf("Connect accepted the output schema %s", schema)
		}
		var oe *claude.OptionError
		if !errors.As(err, &oe) || oe.Option != "OutputSchema" {
			t.Errorf("schema %s: %v, want an OptionError for OutputSchema", schema, err)
		}
	}
}

func TestTurnWithoutStructuredOutput(t *testing.T) {
	t.Parallel()
	var turn claude.Turn
	var v any
	if err := turn.DecodeStructuredOutput(&v); !errors.Is(err, claude.ErrNoStructuredOutput) {
		t.Errorf("DecodeStructuredOutput of an empty turn = %v", err)
	}
}
