package claude

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/ccwire/ccwire/protocol"
)

// Text returns the turn's answer: the result's text when the turn
// completed, else the text blocks of the main thread's assistant messages
// joined by newlines.
func (t Turn) Text() string {
	if r := t.Result(); r != nil && r.Result != "" {
		return r.Result
	}
	var texts []string
	for _, m := range t.Messages {
		a, ok := m.(*protocol.AssistantMessage)
		if !ok || a.ParentToolUseID != "" {
			continue
		}
		for _, b := range a.Message.Content {
			if tb, ok := b.(*protocol.TextBlock); ok {
				texts = append(texts, tb.Text)
			}
		}
	}
	return strings.Join(texts, "\n")
}

// SessionID returns the session's ID, from the result or else from any
// message of the turn that carries it.
func (t Turn) SessionID() string {
	if r := t.Result(); r != nil && r.SessionID != "" {
		return r.SessionID
	}
	for _, m := range t.Messages {
		switch m := m.(type) {
		case *protocol.SystemInit:
			return m.SessionID
		case *protocol.AssistantMessage:
			return m.SessionID
		}
	}
	return ""
}

// Usage returns the token usage the result reports for the turn (the zero
// Usage if the turn did not complete).
func (t Turn) Usage() protocol.Usage {
	if r := t.Result(); r != nil {
		return r.Usage
	}
	return protocol.Usage{}
}

// CostUSD returns the cost in US dollars the result reports. Both pinned
// CLIs report the session's cost so far, not the turn's alone.
func (t Turn) CostUSD() float64 {
	if r := t.Result(); r != nil {
		return r.TotalCostUSD
	}
	return 0
}

// Err returns a *TurnError if the turn's result reports an error, nil if
// it does not or the turn did not complete.
func (t Turn) Err() error { return turnError(t.Result()) }

// ErrNoStructuredOutput is the error of [Turn.DecodeStructuredOutput] for
// a turn whose result carries no structured output.
var ErrNoStructuredOutput = errors.New("claude: the turn's result has no structured output")

// StructuredOutput returns the value the model gave for the output schema
// ([Options.OutputSchema]): the result's structured_output, nil when there
// is none.
func (t Turn) StructuredOutput() json.RawMessage {
	r := t.Result()
	if r == nil || len(r.StructuredOutput) == 0 || string(r.StructuredOutput) == "null" {
		return nil
	}
	return r.StructuredOutput
}

// DecodeStructuredOutput decodes the turn's structured output into v with
// encoding/json; without one it returns [ErrNoStructuredOutput].
func (t Turn) DecodeStructuredOutput(v any) error {
	out := t.StructuredOutput()
	if out == nil {
		return ErrNoStructuredOutput
	}
	if err := json.Unmarshal(out, v); err != nil {
		return fmt.Errorf("claude: structured output: %w", err)
	}
	return nil
}
