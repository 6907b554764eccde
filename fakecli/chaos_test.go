package fakecli_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/fakecli"
	"github.com/ccwire/ccwire/protocol"
)

// chaosOptions are clientOptions with the faults of spec injected
// through the environment, as an SDK's test suite would set them.
func chaosOptions(t *testing.T, id, spec string) claude.Options {
	t.Helper()
	opts := clientOptions(t, "2.1.332", id)
	opts.Env = append(opts.Env, fakecli.EnvChaos+"="+spec)
	return opts
}

// streamTurn streams one turn of c and returns its events and the error
// that ended it; stop, if not nil, is called on each event and ends the
// read when it returns true.
func streamTurn(ctx context.Context, c *claude.Client, prompt string, stop func(claude.Event) bool) ([]claude.Event, error) {
	var events []claude.Event
	for ev, err := range c.Stream(ctx, prompt) {
		if err != nil {
			return events, err
		}
		events = append(events, ev)
		if stop != nil && stop(ev) {
			return events, nil
		}
	}
	return events, nil
}

// has reports whether events hold one of type E.
func has[E claude.Event](events []claude.Event) bool {
	for _, ev := range events {
		if _, ok := ev.(E); ok {
			return true
		}
	}
	return false
}

// isText reports whether ev is an assistant message's text.
func isText(ev claude.Event) bool { _, ok := ev.(*claude.TextEvent); return ok }

// TestChaosClient drives each chaos fault with ccwire's claude client, as
// a program under test would meet it, and checks what the client sees.
func TestChaosClient(t *testing.T) {
	t.Parallel()
	run := func(name string, f func(t *testing.T, ctx context.Context)) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
			defer cancel()
			f(t, ctx)
		})
	}
	run("no-result", func(t *testing.T, ctx context.Context) {
		c, err := claude.Connect(ctx, chaosOptions(t, "text-simple", "no-result"))
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		events, err := streamTurn(ctx, c, "Say hello.", isText)
		if err != nil || !has[*claude.TextEvent](events) {
			t.Fatalf("before the result: %v, %d events; want the answer's text", err, len(events))
		}
		// Every line the fake had to write is written: stdin's end makes
		// it exit, and the turn ends without its result.
		if err := c.CloseInput(); err != nil {
			t.Fatal(err)
		}
		events, err = streamTurn(ctx, c, "", nil)
		var exit *claude.ExitError
		if has[*claude.ResultEvent](events) || !errors.As(err, &exit) || exit.ExitCode != 0 {
			t.Errorf("after stdin's end: %d events, %v; want no result and the CLI's exit with status 0", len(events), err)
		}
	})
	run("huge-line", func(t *testing.T, ctx context.Context) {
		turn, err := claude.Query(ctx, "Say hello.", chaosOptions(t, "text-simple", "huge-line"))
		if err != nil {
			t.Fatal(err)
		}
		// The answer's line carries a second text block of 10 MiB; the
		// result is the recording's.
		var blocks []int
		for _, m := range turn.Messages {
			if a, ok := m.(*protocol.AssistantMessage); ok {
				for _, b := range a.Message.Content {
					if tb, ok := b.(*protocol.TextBlock); ok {
						blocks = append(blocks, len(tb.Text))
					}
				}
			}
		}
		if len(blocks) != 2 || blocks[1] != 10<<20 || turn.Text() != "Hello!" {
			t.Errorf("text blocks of %v bytes, result %q; want Hello! and a block of 10 MiB", blocks, turn.Text())
		}
	})
	run("unknown-kind", func(t *testing.T, ctx context.Context) {
		c, err := claude.Connect(ctx, chaosOptions(t, "text-simple", "unknown-kind"))
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		events, err := streamTurn(ctx, c, "Say hello.", nil)
		if err != nil {
			t.Fatal(err)
		}
		if !has[*claude.UnknownEvent](events) || !has[*claude.ResultEvent](events) {
			t.Errorf("events %T; want an UnknownEvent, then the result", events)
		}
	})
	run("new-member", func(t *testing.T, ctx context.Context) {
		turn, err := claude.Query(ctx, "Say hello.", chaosOptions(t, "text-simple", "new-member"))
		if err != nil {
			t.Fatal(err)
		}
		if turn.Text() != "Hello!" || turn.Result() == nil {
			t.Errorf("text %q, result %v; want Hello! and a result", turn.Text(), turn.Result())
		}
	})
	run("unanswered-control", func(t *testing.T, ctx context.Context) {
		opts := chaosOptions(t, "text-simple", "unanswered-control")
		opts.ControlTimeout = 2 * time.Second // the answer never comes: any bound gives the same verdict
		c, err := claude.Connect(ctx, opts)
		if err == nil {
			c.Close()
			t.Fatal("Connect succeeded without an answer to initialize")
		}
		if !strings.Contains(err.Error(), "initialize") {
			t.Errorf("Connect: %v; want an error about initialize", err)
		}
	})
	for _, tc := range []struct{ fault, stderr string }{{"exit-mid-turn", ""}, {"exit-mid-turn-stderr", "ccwire chaos exit-mid-turn-stderr"}} {
		run(tc.fault, func(t *testing.T, ctx context.Context) {
			_, err := claude.Query(ctx, "Say hello.", chaosOptions(t, "text-simple", tc.fault))
			var exit *claude.ExitError
			if !errors.As(err, &exit) || exit.ExitCode != 1 {
				t.Fatalf("Query: %v; want the CLI's exit with status 1", err)
			}
			if tc.stderr == "" && exit.Stderr != "" || !strings.Contains(exit.Stderr, tc.stderr) {
				t.Errorf("stderr %q, want %q", exit.Stderr, tc.stderr)
			}
		})
	}
	run("stall", func(t *testing.T, ctx context.Context) {
		c, err := claude.Connect(ctx, chaosOptions(t, "text-simple", "stall"))
		if err != nil {
			t.Fatal(err)
		}
		events, err := streamTurn(ctx, c, "Say hello.", isText)
		if err != nil || !has[*claude.TextEvent](events) {
			t.Fatalf("before the stall: %v, %d events; want the answer's text", err, len(events))
		}
		if err := c.CloseInput(); err != nil {
			t.Fatal(err)
		}
		// Stalled, the fake neither writes nor exits at stdin's end: the
		// read ends with its context (a fake that exited would end it
		// sooner, with an ExitError, on any machine).
		short, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		events, err = streamTurn(short, c, "", nil)
		var cerr *claude.ContextError
		if len(events) != 0 || !errors.As(err, &cerr) {
			t.Errorf("after stdin's end: %d events, %v; want nothing until the context ends", len(events), err)
		}
		c.Close() // SIGTERM after CloseTimeout: the stalled fake exits on it
	})
	run("stderr-noise", func(t *testing.T, ctx context.Context) {
		turn, err := claude.Query(ctx, "Say hello.", chaosOptions(t, "text-simple", "stderr-noise"))
		if err != nil {
			t.Fatal(err)
		}
		if turn.Text() != "Hello!" {
			t.Errorf("text %q, want Hello!", turn.Text())
		}
	})
	run("split-line", func(t *testing.T, ctx context.Context) {
		turn, err := claude.Query(ctx, "Say hello.", chaosOptions(t, "text-simple", "split-line"))
		if err != nil {
			t.Fatal(err)
		}
		if turn.Text() != "Hello!" || turn.Result() == nil {
			t.Errorf("text %q, result %v; want Hello! and a result", turn.Text(), turn.Result())
		}
	})
	run("no-result@2", func(t *testing.T, ctx context.Context) {
		c, err := claude.Connect(ctx, chaosOptions(t, "multi-turn", "no-result@2"))
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if _, err := c.Query(ctx, "first", nil); err != nil {
			t.Fatalf("turn 1: %v", err)
		}
		events, err := streamTurn(ctx, c, "second", isText)
		if err != nil || !has[*claude.TextEvent](events) {
			t.Fatalf("turn 2: %v; want its text", err)
		}
		c.CloseInput()
		events, err = streamTurn(ctx, c, "", nil)
		if has[*claude.ResultEvent](events) || err == nil {
			t.Errorf("turn 2 after stdin's end: %d events, %v; want no result", len(events), err)
		}
	})
}

// TestChaosFlag checks --chaos and CCWIRE_FAKE_CHAOS: a bad list is
// refused with the faults named, and --help lists them.
func TestChaosFlag(t *testing.T) {
	t.Parallel()
	stream := []string{"--scenario", "text-simple", "--cli-version", "2.1.332", "--recordings", recordingsDir, "--output-format", "stream-json", "--input-format", "stream-json", "--verbose"}
	for _, tc := range []struct {
		name   string
		args   []string
		env    string
		code   int
		stdout string
		stderr string
	}{
		{"unknown fault", append([]string{"--chaos", "boom"}, stream...), "", 2, "", `unknown fault "boom"; the faults are no-result, huge-line`},
		{"bad turn", append([]string{"--chaos", "stall@0"}, stream...), "", 2, "", "the turn after @ must be a number from 1"},
		{"unknown fault in env", stream, "stall,boom", 2, "", `unknown fault "boom"`},
		{"help", []string{"--help"}, "", 0, "  split-line ", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var stdout, stderr bytes.Buffer
			getenv := func(k string) string {
				if k == fakecli.EnvChaos {
					return tc.env
				}
				return ""
			}
			code := fakecli.Main(t.Context(), tc.args, fakecli.Stdio{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr}, fakecli.Config{Getenv: getenv, Dir: t.TempDir()})
			if code != tc.code || !strings.Contains(stdout.String(), tc.stdout) || !strings.Contains(stderr.String(), tc.stderr) {
				t.Errorf("code %d, stdout %q, stderr %q; want %d, %q, %q", code, abbreviate(stdout.String()), stderr.String(), tc.code, tc.stdout, tc.stderr)
			}
		})
	}
}

func abbreviate(s string) string {
	if len(s) > 200 {
		return s[:200] + "…"
	}
	return s
}

// FuzzParseChaos checks that no --chaos list makes ParseChaos panic, and
// that a list it accepts names known faults only.
func FuzzParseChaos(f *testing.F) {
	for _, s := range []string{"", "stall", "no-result@2,stderr-noise", "huge-line@0", "x@y,", ",,split-line@999999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		c, err := fakecli.ParseChaos(spec)
		if err == nil && c == nil {
			t.Fatal("nil Chaos and no error")
		}
		if err == nil && !c.Empty() {
			_, _ = c.Writer(io.Discard, io.Discard).Write([]byte(`{"type":"result"}` + "\n"))
		}
	})
}

// FuzzChaosWriter checks that no stdout, written in two pieces, makes the
// chaos writer panic, with every fault at once.
func FuzzChaosWriter(f *testing.F) {
	f.Add([]byte(`{"type":"assistant","message":{"content":[]}}`+"\n"+`{"type":"result","result":"x"}`+"\n"), 10)
	f.Add([]byte("not json\n{\"type\":\"control_response\"}\npartial"), 3)
	f.Fuzz(func(t *testing.T, data []byte, cut int) {
		c, err := fakecli.ParseChaos("no-result,unknown-kind,new-member,unanswered-control,split-line,stderr-noise,exit-mid-turn@2,stall@3")
		if err != nil {
			t.Fatal(err)
		}
		w := c.Writer(io.Discard, io.Discard)
		cut = min(max(cut, 0), len(data))
		_, _ = w.Write(data[:cut])
		_, _ = w.Write(data[cut:])
	})
}
