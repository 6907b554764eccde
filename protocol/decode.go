package protocol

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/ccwire/ccwire/internal/jsonwire"
)

// Decode decodes one line of the protocol. The line must hold one JSON
// object (surrounding whitespace is allowed); anything else is a
// *DecodeError. Types, subtypes and block kinds the model does not know
// decode to *UnknownMessage, *SystemMessage and *UnknownBlock, and members
// it does not know are kept: Decode never fails on valid JSON objects.
//
// Decode copies line; the message's Raw is that copy.
//
// Duplicate members are all kept and written back by [Marshal]; as with
// encoding/json, the typed field holds the last one's value, except for the
// members that choose the kind ("type", "subtype"): the first occurrence
// decides, and a later one with another value is kept raw and listed by
// [UnknownFields].
func Decode(line []byte) (Message, error) {
	var d decoder
	m, err := d.decodeLine(bytes.Clone(line))
	if err != nil {
		return nil, &DecodeError{Err: err, Excerpt: excerpt(line, err)}
	}
	return m, nil
}

// decodeLine decodes a line it may keep references to: strings without
// escapes and raw members are views of line, which must not change.
// A decoder can decode many lines; their messages share its arena.
func (d *decoder) decodeLine(line []byte) (Message, error) {
	if len(line) > maxLineOffset {
		return nil, fmt.Errorf("line of %d bytes, over the %d bytes a message can hold", len(line), maxLineOffset)
	}
	d.Reset(line)
	d.AliasStrings = true
	d.scratch = d.scratch[:0]
	if k := d.Peek(); k != jsonwire.Object {
		if _, err := d.Skip(); err != nil {
			return nil, err
		}
		if err := d.End(); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("line is a JSON %s, want an object", k)
	}
	m, err := pickMessage(d)
	if err != nil {
		return nil, err
	}
	if err := m.decode(d); err != nil {
		return nil, err
	}
	if err := d.End(); err != nil {
		return nil, err
	}
	setRaw(m, line)
	return m, nil
}

// rawSetter is implemented by every message through its envelope.
type rawSetter interface{ setRaw(raw []byte) }

func (e *envelope) setRaw(raw []byte) { e.raw = raw }

func setRaw(m Message, raw []byte) {
	if s, ok := m.(rawSetter); ok {
		s.setRaw(raw)
	}
}

// pickMessage returns an empty message of the kind the object at d names.
func pickMessage(d *decoder) (Message, error) {
	t, _, err := discriminator(d, "type")
	if err != nil {
		return nil, err
	}
	switch Type(t) {
	case TypeAssistant:
		return new(AssistantMessage), nil
	case TypeUser:
		return new(UserMessage), nil
	case TypeResult:
		return new(ResultMessage), nil
	case TypeStreamEvent:
		return new(StreamEvent), nil
	case TypeControlRequest:
		return new(ControlRequest), nil
	case TypeControlResponse:
		return new(ControlResponse), nil
	case TypeControlCancelRequest:
		return new(ControlCancelRequest), nil
	case TypeRateLimitEvent:
		return new(RateLimitEvent), nil
	case TypeSystem:
		s, _, err := discriminator(d, "subtype")
		if err != nil {
			return nil, err
		}
		switch Subtype(s) {
		case SubtypeInit:
			return new(SystemInit), nil
		case SubtypeStatus:
			return new(SystemStatus), nil
		case SubtypeCompactBoundary:
			return new(CompactBoundary), nil
		case SubtypeAPIRetry:
			return new(APIRetry), nil
		case SubtypeHookStarted, SubtypeHookProgress, SubtypeHookResponse:
			return new(HookMessage), nil
		case SubtypeTaskStarted, SubtypeTaskProgress, SubtypeTaskUpdated, SubtypeTaskNotification:
			return new(TaskMessage), nil
		case SubtypeThinkingTokens:
			return new(ThinkingTokens), nil
		}
		if m := pickOtherSystem(Subtype(s)); m != nil {
			return m, nil
		}
		return new(SystemMessage), nil
	}
	if m := pickOtherMessage(Type(t)); m != nil {
		return m, nil
	}
	return new(UnknownMessage), nil
}

// Marshal encodes a message as one line of JSON, without the trailing
// newline. A decoded message that was not modified is written with the same
// members in the same order, the same values and the original text of every
// member whose value did not change. Members set on a decoded message that
// its line did not have are written after the original ones.
func Marshal(m Message) ([]byte, error) {
	if m == nil || isNil(m) {
		return nil, errors.New("protocol: Marshal of a nil message")
	}
	n := len(m.Raw())
	if n == 0 {
		n = 256
	}
	return m.encode(make([]byte, 0, n+n/8)), nil
}

// UnknownFields lists every member of m the model does not know, at any
// depth, as a dotted path from the message's top level with array elements
// and map entries written "*" (e.g. "message.content.*.citations"), in
// document order, each path once. A member whose value has a shape the
// model does not expect (a string where a number belongs) is listed too.
// Messages built in code have none.
func UnknownFields(m Message) []string {
	if m == nil || isNil(m) {
		return nil
	}
	var w unknownWalker
	m.walkUnknown(&w)
	return w.out
}

// excerpt returns the part of line around a syntax error, or its start.
func excerpt(line []byte, err error) string {
	const width = 40
	at := 0
	var se *jsonwire.SyntaxError
	if errors.As(err, &se) {
		at = se.Offset
	}
	start := max(at-width, 0)
	end := min(at+width, len(line))
	if start > end {
		start = end
	}
	s := string(line[start:end])
	if start > 0 {
		s = "…" + s
	}
	if end < len(line) {
		s += "…"
	}
	return s
}
