package claude

import (
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
