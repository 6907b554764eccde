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
// it does not know are kept: Decode never fails on valid JSON objects,
// but for one limit: arrays and objects nested deeper than [MaxNesting]
// levels are refused with a *NestingError (inside the *DecodeError), as
// encoding/json refuses them.
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
		err = wireError(err)
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
// model does not expect (a string where a number belongs) is listed too;
// [MistypedFields] and [UnknownKeys] tell the two apart. Messages built in
// code have none.
func UnknownFields(m Message) []string {
	if m == nil || isNil(m) {
		return nil
	}
	var w unknownWalker
	m.walkUnknown(&w)
	return w.out
}

// MistypedField is a member of a decoded message whose key the model knows
// but whose value it cannot hold: a value of another JSON type
// ("is_error": "nope" where a boolean belongs), a number with a fraction
// where an integer belongs, a repeated "type" with another value. The
// value is kept raw and written back by [Marshal]; the typed field is
// zero.
type MistypedField struct {
	// Path is the member's dotted path, written as [UnknownFields] writes
	// it.
	Path string
	// Want names the JSON types the model holds there: "string",
	// "integer", "number", "boolean", "array", "array of strings",
	// "array of objects", "object", or several joined ("string or
	// array"). It is "" where the model holds one fixed value (a message's
	// "type" repeated with another value).
	Want string
	// Got is the JSON type of the value: "string", "number", "boolean",
	// "null", "array" or "object"; for a number where the model holds
	// one, what is wrong with it: "number with a fraction or exponent"
	// (where an integer belongs), "integer out of range" or "number out
	// of range".
	Got string
}

// MistypedFields lists the members of m, at any depth, whose key the model
// knows but whose value it cannot hold, in document order, each path once.
// [UnknownFields] lists them too, among the members the model does not
// know; [UnknownKeys] leaves them out. Messages built in code have none.
func MistypedFields(m Message) []MistypedField {
	if m == nil || isNil(m) {
		return nil
	}
	return mistypedOf(m)
}

// mistypedOf lists the mistyped members of o, a value that is not nil.
func mistypedOf(o interface{ walkUnknown(*unknownWalker) }) []MistypedField {
	var out []MistypedField
	w := unknownWalker{keysOnly: true, mistyped: &out}
	o.walkUnknown(&w)
	return out
}

// UnknownKeys lists the members of m whose key the model does not know, as
// [UnknownFields] does, but without the known members whose value it
// cannot hold ([MistypedFields]). Messages built in code have none.
func UnknownKeys(m Message) []string {
	if m == nil || isNil(m) {
		return nil
	}
	return unknownKeysOf(m)
}

// unknownKeysOf lists the unknown keys of o, a value that is not nil.
func unknownKeysOf(o interface{ walkUnknown(*unknownWalker) }) []string {
	w := unknownWalker{keysOnly: true}
	o.walkUnknown(&w)
	return w.out
}

// excerpt returns the part of line around a syntax error, or its start.
func excerpt(line []byte, err error) string {
	const width = 40
	at := 0
	var se *jsonwire.SyntaxError
	var ne *NestingError
	switch {
	case errors.As(err, &se):
		at = se.Offset
	case errors.As(err, &ne):
		at = ne.Offset
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
