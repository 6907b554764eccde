package stubapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/anthropics/anthropic-sdk-go"
	"github.com/anthropics/anthropic-sdk-go/option"
	"github.com/google/go-cmp/cmp"

	"github.com/ccwire/ccwire/stubapi"
)

// The tests in this file drive the server with the official Go client and
// check that what it accumulates is what the script says.

func client(s *stubapi.Server, opts ...option.RequestOption) anthropic.Client {
	base := []option.RequestOption{
		option.WithBaseURL(s.URL()),
		option.WithAPIKey("dummy"),
		option.WithMaxRetries(0),
		option.WithRequestTimeout(10 * time.Second),
	}
	return anthropic.NewClient(append(base, opts...)...)
}

// toolParams makes a request a main-loop request by the default rule.
var toolParams = []anthropic.ToolUnionParam{{OfTool: &anthropic.ToolParam{
	Name:        "Bash",
	InputSchema: anthropic.ToolInputSchemaParam{Properties: map[string]any{"command": map[string]any{"type": "string"}}},
}}}

func mainParams() anthropic.MessageNewParams {
	return anthropic.MessageNewParams{
		Model:     "claude-sonnet-4-5-20250929",
		MaxTokens: 1024,
		Messages:  []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("hi"))},
		Tools:     toolParams,
	}
}

// msg is the comparable projection of a message.
type msg struct {
	ID, Model, Role, StopReason, StopSequence string
	Input, Output, CacheCreate, CacheRead     int64
	Content                                   []block
}

type block struct {
	Type, Text, Thinking, Signature, Data, ID, Name, Input string
}

func project(m anthropic.Message) msg {
	out := msg{
		ID: m.ID, Model: string(m.Model), Role: string(m.Role), StopReason: string(m.StopReason), StopSequence: m.StopSequence,
		Input: m.Usage.InputTokens, Output: m.Usage.OutputTokens,
		CacheCreate: m.Usage.CacheCreationInputTokens, CacheRead: m.Usage.CacheReadInputTokens,
	}
	for _, b := range m.Content {
		pb := block{Type: b.Type, Text: b.Text, Thinking: b.Thinking, Signature: b.Signature, Data: b.Data, ID: b.ID, Name: b.Name}
		if b.Type == "tool_use" {
			pb.Input = normJSON(b.Input)
		}
		out.Content = append(out.Content, pb)
	}
	return out
}

func normJSON(raw json.RawMessage) string {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return "invalid: " + string(raw)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// want is what the server should answer for turn t at index i.
func want(t stubapi.Turn, i int, model string) msg {
	out := msg{ID: stubapi.MessageID(i), Model: model, Role: "assistant", StopSequence: t.StopSequence}
	textLen := 0
	hasTool := false
	for j, b := range t.Content {
		pb := block{Type: string(b.Type), Text: b.Text, Thinking: b.Thinking, Signature: b.Signature, Data: b.Data, ID: b.ID, Name: b.Name}
		switch b.Type {
		case stubapi.BlockToolUse:
			hasTool = true
			if pb.ID == "" {
				pb.ID = stubapi.ToolUseID(i, j)
			}
			pb.Input = normJSON(b.Input)
		case stubapi.BlockThinking:
			if pb.Signature == "" {
				pb.Signature = stubapi.ThinkingSignature(i, j)
			}
		}
		textLen += len(b.Text) + len(b.Thinking) + len(b.Data) + len(b.Name) + len(b.Input)
		out.Content = append(out.Content, pb)
	}
	switch {
	case t.StopReason != "":
		out.StopReason = t.StopReason
	case t.StopSequence != "":
		out.StopReason = "stop_sequence"
	case hasTool:
		out.StopReason = "tool_use"
	default:
		out.StopReason = "end_turn"
	}
	if t.Usage != nil {
		out.Input, out.Output = int64(t.Usage.InputTokens), int64(t.Usage.OutputTokens)
		out.CacheCreate, out.CacheRead = int64(t.Usage.CacheCreationInputTokens), int64(t.Usage.CacheReadInputTokens)
	} else {
		out.Input, out.Output = 100, int64(max(1, (textLen+3)/4))
	}
	return out
}

func streamOnce(ctx context.Context, c anthropic.Client, params anthropic.MessageNewParams) (anthropic.Message, []string, error) {
	stream := c.Messages.NewStreaming(ctx, params)
	defer stream.Close()
	var acc anthropic.Message
	var types []string
	for stream.Next() {
		ev := stream.Current()
		types = append(types, ev.Type)
		if err := acc.Accumulate(ev); err != nil {
			return acc, types, err
		}
	}
	return acc, types, stream.Err()
}

func TestTurnsStreamAndNonStream(t *testing.T) {
	t.Parallel()
	turns := map[string]stubapi.Turn{
		"text":            stubapi.Text("Hello!"),
		"long text":       stubapi.Text("The quick brown fox jumps over the lazy dog, twice: the quick brown fox jumps over the lazy dog. Ünïcödé ✓ 日本語テキスト"),
		"two text blocks": stubapi.Text("First block.", "Second block."),
		"empty text":      stubapi.Text(""),
		"tool use":        stubapi.ToolUse(stubapi.Call("Bash", map[string]any{"command": "echo hi"})),
		"text then tools": stubapi.ToolUse(stubapi.Say("Let me look."), stubapi.Call("Bash", map[string]any{"command": "ls -la"}), stubapi.Call("Read", map[string]any{"file_path": "/tmp/x", "limit": 10})),
		"tool explicit id": stubapi.ToolUse(stubapi.Block{Type: stubapi.BlockToolUse, ID: "toolu_custom", Name: "Bash",
			Input: json.RawMessage(`{"command":"echo \"quoted\" and \\backslash","nested":{"a":[1,2,3]}}`)}),
		"tool nil input":      stubapi.ToolUse(stubapi.Call("TodoRead", nil)),
		"thinking then text":  stubapi.Thinking("Let me think about this carefully.", stubapi.Text("Answer.")),
		"thinking then tool":  stubapi.Thinking("I should run a command.", stubapi.ToolUse(stubapi.Call("Bash", map[string]any{"command": "pwd"}))),
		"explicit signature":  stubapi.Reply(stubapi.Block{Type: stubapi.BlockThinking, Thinking: "hmm", Signature: "c2lnbmF0dXJl"}, stubapi.Say("ok")),
		"redacted thinking":   stubapi.Reply(stubapi.RedactedThinking("EmwKAhgBEgy3va3pzix"), stubapi.Say("done")),
		"max tokens":          stubapi.Text("This answer is cut").WithStop(stubapi.StopMaxTokens),
		"stop sequence":       stubapi.Text("Counting: 1, 2, 3").WithStopSequence("4"),
		"usage":               stubapi.Text("Counted.").WithUsage(stubapi.Usage{InputTokens: 1234, OutputTokens: 56, CacheCreationInputTokens: 7, CacheReadInputTokens: 890}),
		"refusal":             stubapi.Text("I can't help with that.").WithStop(stubapi.StopRefusal),
		"tool with stop seq":  stubapi.ToolUse(stubapi.Call("Bash", map[string]any{"command": "true"})).WithStop(stubapi.StopPauseTurn),
		"thinking only block": stubapi.Reply(stubapi.Think("")),
		"empty":               stubapi.Empty(),
		"text of many writes": stubapi.Text(strings.Repeat("A text long enough to be streamed in several writes. ", 700)),
		"empty max tokens":    stubapi.Empty().WithStop(stubapi.StopMaxTokens),
	}
	for name, turn := range turns {
		for _, stream := range []bool{true, false} {
			name := name
			if stream {
				name += "/stream"
			} else {
				name += "/message"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				s := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("warm-up"), turn))
				c := client(s)
				ctx := context.Background()
				// Turn 0 first, so the turn under test has index 1.
				if _, err := c.Messages.New(ctx, mainParams()); err != nil {
					t.Fatalf("warm-up turn: %v", err)
				}
				var got anthropic.Message
				var err error
				if stream {
					var types []string
					got, types, err = streamOnce(ctx, c, mainParams())
					if err == nil {
						checkEventOrder(t, types)
					}
				} else {
					var m *anthropic.Message
					m, err = c.Messages.New(ctx, mainParams())
					if m != nil {
						got = *m
					}
				}
				if err != nil {
					t.Fatalf("request: %v", err)
				}
				if diff := cmp.Diff(want(turn, 1, "claude-sonnet-4-5-20250929"), project(got)); diff != "" {
					t.Errorf("message differs from the script (-want +got):\n%s", diff)
				}
				if n := s.Remaining(); n != 0 {
					t.Errorf("Remaining() = %d after serving both turns, want 0", n)
				}
			})
		}
	}
}

// checkEventOrder checks the event grammar of a stream: message_start,
// blocks of start/deltas/stop, message_delta, message_stop.
func checkEventOrder(t *testing.T, types []string) {
	t.Helper()
	if len(types) < 3 || types[0] != "message_start" || types[len(types)-1] != "message_stop" || types[len(types)-2] != "message_delta" {
		t.Fatalf("event order %v: want message_start … message_delta message_stop", types)
	}
	open := false
	for _, ty := range types[1 : len(types)-2] {
		switch ty {
		case "content_block_start":
			if open {
				t.Fatalf("event order %v: block started inside a block", types)
			}
			open = true
		case "content_block_delta":
			if !open {
				t.Fatalf("event order %v: delta outside a block", types)
			}
		case "content_block_stop":
			if !open {
				t.Fatalf("event order %v: stop outside a block", types)
			}
			open = false
		default:
			t.Fatalf("event order %v: unexpected %s", types, ty)
		}
	}
	if open {
		t.Fatalf("event order %v: block never stopped", types)
	}
}

func TestScriptOverrun(t *testing.T) {
	t.Parallel()
	s := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("only one")), stubapi.AllowOverrun())
	c := client(s)
	ctx := context.Background()
	if _, err := c.Messages.New(ctx, mainParams()); err != nil {
		t.Fatal(err)
	}
	_, err := c.Messages.New(ctx, mainParams())
	var apiErr *anthropic.Error
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusBadRequest {
		t.Fatalf("request after the script: err = %v, want a 400 *anthropic.Error", err)
	}
	if got := len(s.Overruns()); got != 1 {
		t.Errorf("Overruns() has %d requests, want 1", got)
	}
}

// TestAllScripted drives the server as a program on the official Go SDK
// would: requests to a Haiku model without tools, streaming and not, a
// max_tokens 1 request and one for structured output. Under AllScripted
// each gets the next scripted turn, in order; by default the Haiku
// request is classed as one of the CLI's helper requests and answered
// "OK", leaving the script alone.
func TestAllScripted(t *testing.T) {
	t.Parallel()
	turns := []stubapi.Turn{stubapi.Text("First, for Haiku."), stubapi.Text("Second, streamed."), stubapi.Text("Third: a probe."), stubapi.Text(`{"title": "Fourth"}`)}
	haiku := func(maxTokens int64) anthropic.MessageNewParams {
		return anthropic.MessageNewParams{
			Model:     anthropic.ModelClaudeHaiku4_5,
			MaxTokens: maxTokens,
			Messages:  []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("hi"))},
		}
	}
	structured := haiku(256)
	structured.OutputConfig = anthropic.OutputConfigParam{Format: anthropic.JSONOutputFormatParam{Schema: map[string]any{
		"type": "object", "properties": map[string]any{"title": map[string]any{"type": "string"}}, "required": []string{"title"},
	}}}

	t.Run("default", func(t *testing.T) {
		t.Parallel()
		s := stubapi.NewTest(t, stubapi.NewScript(turns...), stubapi.AllowOverrun())
		c := client(s)
		m, err := c.Messages.New(t.Context(), haiku(256))
		if err != nil {
			t.Fatal(err)
		}
		if got := project(*m); len(got.Content) != 1 || got.Content[0].Text != "OK" || s.Remaining() != len(turns) {
			t.Errorf("a Haiku request without tools got %+v, %d turns left; want the side answer OK, all %d turns left", got, s.Remaining(), len(turns))
		}
	})
	t.Run("all scripted", func(t *testing.T) {
		t.Parallel()
		s := stubapi.NewTest(t, stubapi.NewScript(turns...), stubapi.AllScripted())
		c := client(s)
		ctx := t.Context()
		var got []msg
		m, err := c.Messages.New(ctx, haiku(256))
		if err != nil {
			t.Fatalf("Haiku request: %v", err)
		}
		got = append(got, project(*m))
		streamed, _, err := streamOnce(ctx, c, haiku(256))
		if err != nil {
			t.Fatalf("streamed Haiku request: %v", err)
		}
		got = append(got, project(streamed))
		if m, err = c.Messages.New(ctx, haiku(1)); err != nil {
			t.Fatalf("max_tokens 1 request: %v", err)
		}
		got = append(got, project(*m))
		if m, err = c.Messages.New(ctx, structured); err != nil {
			t.Fatalf("structured output request: %v", err)
		}
		got = append(got, project(*m))
		var wanted []msg
		for i, turn := range turns {
			wanted = append(wanted, want(turn, i, string(anthropic.ModelClaudeHaiku4_5)))
		}
		if diff := cmp.Diff(wanted, got); diff != "" {
			t.Errorf("answers differ from the script's turns (-want +got):\n%s", diff)
		}
		for _, r := range s.Requests() {
			if r.Route != stubapi.RouteMain || r.Reason != "all scripted" || r.Outcome != stubapi.OutcomeServed {
				t.Errorf("request #%d recorded as %s (%s), %s; want main (all scripted), served", r.Seq, r.Route, r.Reason, r.Outcome)
			}
		}
		// Other endpoints keep their automatic answers; a malformed
		// body is still rejected.
		if _, err := c.Messages.CountTokens(ctx, anthropic.MessageCountTokensParams{Model: anthropic.ModelClaudeHaiku4_5,
			Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("hi"))}}); err != nil {
			t.Errorf("count_tokens: %v", err)
		}
		if resp, _ := post(t, s, "POST", "/v1/messages", `{"model":"claude-haiku-4-5","messages":[]}`, nil); resp.StatusCode != http.StatusBadRequest {
			t.Errorf("malformed request: status %d, want 400", resp.StatusCode)
		}
	})
}
