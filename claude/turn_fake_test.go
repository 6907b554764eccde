package claude_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
)

// abandonWays are the ways of leaving a turn before its result: each
// starts the turn of prompt on c and stops reading it after its first
// event or two.
var abandonWays = []struct {
	name    string
	abandon func(t *testing.T, ctx context.Context, c *claude.Client, prompt string)
}{
	{"BreakOutOfStream", func(t *testing.T, ctx context.Context, c *claude.Client, prompt string) {
		for ev, err := range c.Stream(ctx, prompt) {
			if err != nil {
				t.Fatalf("Stream: %v", err)
			}
			if _, ok := ev.(*claude.InitEvent); !ok {
				t.Fatalf("first event %T, want the turn's init", ev)
			}
			break
		}
	}},
	{"ReceiveTurnContextEnds", func(t *testing.T, ctx context.Context, c *claude.Client, prompt string) {
		if err := c.Send(ctx, prompt); err != nil {
			t.Fatal(err)
		}
		rctx, cancel := context.WithCancel(ctx)
		defer cancel()
		_, err := c.ReceiveTurn(rctx, &cancelOnInit{cancel: cancel})
		if ce := (*claude.ContextError)(nil); !errors.As(err, &ce) {
			t.Fatalf("ReceiveTurn = %v, want a ContextError", err)
		}
	}},
	{"QueryContextEnds", func(t *testing.T, ctx context.Context, c *claude.Client, prompt string) {
		qctx, cancel := context.WithCancel(ctx)
		defer cancel()
		_, err := c.Query(qctx, prompt, &cancelOnInit{cancel: cancel})
		if ce := (*claude.ContextError)(nil); !errors.As(err, &ce) {
			t.Fatalf("Query = %v, want a ContextError", err)
		}
	}},
	{"StreamContextEnds", func(t *testing.T, ctx context.Context, c *claude.Client, prompt string) {
		sctx, cancel := context.WithCancel(ctx)
		defer cancel()
		var final error
		for ev, err := range c.Stream(sctx, prompt) {
			if err != nil {
				final = err
				break
			}
			if _, ok := ev.(*claude.InitEvent); ok {
				cancel()
			}
		}
		if ce := (*claude.ContextError)(nil); !errors.As(final, &ce) {
			t.Fatalf("Stream ended with %v, want a ContextError", final)
		}
	}},
	{"BreakOutOfEvents", func(t *testing.T, ctx context.Context, c *claude.Client, prompt string) {
		if err := c.Send(ctx, prompt); err != nil {
			t.Fatal(err)
		}
		for _, err := range c.Events(ctx) {
			if err != nil {
				t.Fatal(err)
			}
			break
		}
	}},
}

// askAfterAbandoning abandons the turn of first in way, then asks second
// and checks that the answer is want, second's own.
func askAfterAbandoning(t *testing.T, ctx context.Context, c *claude.Client, abandon func(*testing.T, context.Context, *claude.Client, string), first, second, want string) {
	t.Helper()
	abandon(t, ctx, c, first)
	var rec recorder
	turn, err := c.Query(ctx, second, &rec)
	if err != nil {
		t.Fatalf("Query after the abandoned turn: %v", err)
	}
	if turn.Text() != want || strings.Count(rec.joined(), "init") != 1 {
		t.Errorf("Query after the abandoned turn = %q (events %s), want %q alone", turn.Text(), rec.joined(), want)
	}
}

// cancelOnInit is a handler that ends a read's context at the turn's
// init.
type cancelOnInit struct {
	claude.BaseHandler
	cancel context.CancelFunc
}

func (h *cancelOnInit) OnInit(*claude.InitEvent) { h.cancel() }

// TestTurnIntegrity abandons a turn in each way a caller can, then sends
// the next prompt: its read gets its own turn, never the rest of the
// abandoned one.
func TestTurnIntegrity(t *testing.T) {
	t.Parallel()
	for _, way := range abandonWays {
		t.Run(way.name, func(t *testing.T) {
			t.Parallel()
			c := connectFake(t, nil)
			ctx := ctxFor(t)
			askAfterAbandoning(t, ctx, c, way.abandon, "slow 300", "hello", "Hello!")
			// And the session goes on turn by turn.
			if turn, err := c.Query(ctx, "tool", nil); err != nil || turn.Text() != "Done." {
				t.Errorf("next Query = %q, %v", turn.Text(), err)
			}
		})
	}
}

// TestTurnIntegrityRecording does the same on the fake CLI playing the
// pinned versions' recordings of multi-turn.
func TestTurnIntegrityRecording(t *testing.T) {
	t.Parallel()
	for _, version := range []string{"2.1.37", "2.1.332"} {
		for _, way := range abandonWays {
			t.Run(version+"/"+way.name, func(t *testing.T) {
				t.Parallel()
				c := connectWith(t, recordingOptions(t, version, "multi-turn"))
				askAfterAbandoning(t, ctxFor(t), c, way.abandon, "First question.", "Second question.", "Second answer.")
			})
		}
	}
}

// TestTurnIntegrityNothingAbandoned checks that a read that found no turn
// to read abandons nothing: the next prompt is sent at once.
func TestTurnIntegrityNothingAbandoned(t *testing.T) {
	t.Parallel()
	c := connectFake(t, nil)
	ctx := ctxFor(t)
	// A prompt that was not sent owes no turn.
	canceled, cancelNow := context.WithCancel(ctx)
	cancelNow()
	if err := c.Send(canceled, "hello"); !errors.Is(err, context.Canceled) {
		t.Fatalf("Send with a canceled context = %v", err)
	}
	short, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
	defer cancel()
	if _, err := c.ReceiveTurn(short, nil); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("ReceiveTurn with nothing sent = %v, want its context's end", err)
	}
	// A completed turn abandons nothing either.
	for range 2 {
		if turn, err := c.Query(ctx, "hello", nil); err != nil || turn.Text() != "Hello!" {
			t.Fatalf("Query = %q, %v", turn.Text(), err)
		}
	}
}

// TestTurnIntegrityContinue checks that a read that stopped inside a turn
// is continued by the next read when no prompt is sent in between.
func TestTurnIntegrityContinue(t *testing.T) {
	t.Parallel()
	ctx := ctxFor(t)
	text := newFirstText()
	c := connectFake(t, func(o *claude.Options) { o.Observer = text })
	if err := c.Send(ctx, "held"); err != nil {
		t.Fatal(err)
	}
	// The deadline passes once the turn's text has arrived (an event, not
	// raced by the timer) and while the fake holds the turn.
	text.wait(ctx, t)
	short, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	first, err := c.ReceiveTurn(short, nil)
	if !errors.Is(err, context.DeadlineExceeded) || len(first.Messages) != 2 {
		t.Fatalf("ReceiveTurn = %d messages, %v; want init and text, then the deadline", len(first.Messages), err)
	}
	if err := c.SetModel(ctx, "release"); err != nil {
		t.Fatal(err)
	}
	rest, err := c.ReceiveTurn(ctx, nil)
	if err != nil || len(rest.Messages) != 1 || rest.Text() != "Slow." {
		t.Fatalf("the continued read = %d messages %q, %v; want the result", len(rest.Messages), rest.Text(), err)
	}
}

// TestTurnIntegrityDrainContext checks that a prompt whose wait for the
// abandoned turn outlasts its context is not sent, and that the next one
// still gets its own turn.
func TestTurnIntegrityDrainContext(t *testing.T) {
	t.Parallel()
	c := connectFake(t, nil)
	ctx := ctxFor(t)
	for range c.Stream(ctx, "held") {
		break
	}
	// The fake holds the abandoned turn until released: the short
	// context is certain to end first.
	short, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
	defer cancel()
	err := c.Send(short, "hello")
	var ce *claude.ContextError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "abandoned turn") {
		t.Fatalf("Send while the abandoned turn runs, with a short context = %v, want a ContextError naming the abandoned turn", err)
	}
	if err := c.SetModel(ctx, "release"); err != nil {
		t.Fatal(err)
	}
	turn, err := c.Query(ctx, "tool", nil)
	if err != nil || turn.Text() != "Done." {
		t.Fatalf("Query = %q, %v; want the tool turn's Done.", turn.Text(), err)
	}
	// The prompt of the failed Send never reached the CLI.
	for _, l := range c.Session().Transcript() {
		if l.Direction == claude.Stdin && strings.Contains(string(l.Line), `"hello"`) {
			t.Errorf("the prompt of the failed Send was sent: %s", l.Line)
		}
	}
}

// TestQueryLineErrors documents what Query returns for a turn that is
// complete but for a line that could not be decoded: the whole turn, its
// result included, and a *LineErrors; the turn itself reports no error.
func TestQueryLineErrors(t *testing.T) {
	t.Parallel()
	c := connectFake(t, nil)
	turn, err := c.Query(ctxFor(t), "garbage", nil)
	var le *claude.LineErrors
	if !errors.As(err, &le) || len(le.Errs) != 1 {
		t.Fatalf("Query error = %v, want LineErrors with one line", err)
	}
	var te *claude.TurnError
	if errors.As(err, &te) || turn.Err() != nil {
		t.Errorf("a line error made the turn an error: %v, %v", err, turn.Err())
	}
	if turn.Result() == nil || turn.Text() != "Still here." {
		t.Errorf("turn = %q, result %v; want the complete turn", turn.Text(), turn.Result())
	}
	// The next turn starts clean.
	if turn, err := c.Query(ctxFor(t), "hello", nil); err != nil || turn.Text() != "Hello!" {
		t.Errorf("next Query = %q, %v", turn.Text(), err)
	}
}
