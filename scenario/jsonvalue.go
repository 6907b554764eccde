package scenario

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/ccwire/ccwire/internal/jsonwire"
)

// value is a JSON value that keeps the order of object members, so a
// recording shows a message's members as the CLI wrote them.
type value struct {
	kind    byte // 'o' object, 'a' array, 's' string, 'n' number, 'b' bool, 'z' null
	str     string
	boolean bool
	members []member
	elems   []*value
}

type member struct {
	key string
	val *value
}

// parseValue decodes one JSON text into a value.
func parseValue(data []byte) (*value, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := decodeValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("trailing data after the JSON value")
	}
	return v, nil
}

func decodeValue(dec *json.Decoder) (*value, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			v := &value{kind: 'o'}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				mv, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				v.members = append(v.members, member{kt.(string), mv})
			}
			_, err := dec.Token()
			return v, err
		case '[':
			v := &value{kind: 'a', elems: []*value{}}
			for dec.More() {
				ev, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				v.elems = append(v.elems, ev)
			}
			_, err := dec.Token()
			return v, err
		}
	case string:
		return &value{kind: 's', str: t}, nil
	case json.Number:
		return &value{kind: 'n', str: t.String()}, nil
	case bool:
		return &value{kind: 'b', boolean: t}, nil
	case nil:
		return &value{kind: 'z'}, nil
	}
	return nil, fmt.Errorf("unexpected JSON token %v", tok)
}

func stringValue(s string) *value { return &value{kind: 's', str: s} }

func numberValue(n int) *value { return &value{kind: 'n', str: fmt.Sprint(n)} }

func boolValue(b bool) *value { return &value{kind: 'b', boolean: b} }

// object builds an object value from key/value pairs in order.
func object(pairs ...any) *value {
	v := &value{kind: 'o'}
	for i := 0; i+1 < len(pairs); i += 2 {
		v.members = append(v.members, member{pairs[i].(string), pairs[i+1].(*value)})
	}
	return v
}

// get returns the member key of an object, or nil.
func (v *value) get(key string) *value {
	if v == nil || v.kind != 'o' {
		return nil
	}
	for _, m := range v.members {
		if m.key == key {
			return m.val
		}
	}
	return nil
}

// set replaces member key of an object, or appends it.
func (v *value) set(key string, val *value) {
	for i, m := range v.members {
		if m.key == key {
			v.members[i].val = val
			return
		}
	}
	v.members = append(v.members, member{key, val})
}

// remove deletes member key of an object.
func (v *value) remove(key string) {
	for i, m := range v.members {
		if m.key == key {
			v.members = append(v.members[:i], v.members[i+1:]...)
			return
		}
	}
}

// equal reports whether v and w are the same JSON text.
func (v *value) equal(w *value) bool {
	return bytes.Equal(v.appendCompact(nil), w.appendCompact(nil))
}

// appendCompact appends v as compact JSON, written the way the CLI writes
// JSON (no HTML escaping).
func (v *value) appendCompact(dst []byte) []byte {
	switch v.kind {
	case 'o':
		dst = append(dst, '{')
		for i, m := range v.members {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = jsonwire.AppendString(dst, m.key)
			dst = append(dst, ':')
			dst = m.val.appendCompact(dst)
		}
		return append(dst, '}')
	case 'a':
		dst = append(dst, '[')
		for i, e := range v.elems {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = e.appendCompact(dst)
		}
		return append(dst, ']')
	case 's':
		return jsonwire.AppendString(dst, v.str)
	case 'n':
		return append(dst, v.str...)
	case 'b':
		return jsonwire.AppendBool(dst, v.boolean)
	}
	return append(dst, "null"...)
}

// appendIndent appends v as JSON indented by two spaces a level; empty
// objects and arrays stay on one line.
func (v *value) appendIndent(dst []byte, indent string) []byte {
	switch v.kind {
	case 'o':
		if len(v.members) == 0 {
			return append(dst, "{}"...)
		}
		dst = append(dst, "{\n"...)
		for i, m := range v.members {
			dst = append(dst, indent+"  "...)
			dst = jsonwire.AppendString(dst, m.key)
			dst = append(dst, ": "...)
			dst = m.val.appendIndent(dst, indent+"  ")
			if i < len(v.members)-1 {
				dst = append(dst, ',')
			}
			dst = append(dst, '\n')
		}
		return append(dst, indent+"}"...)
	case 'a':
		if len(v.elems) == 0 {
			return append(dst, "[]"...)
		}
		dst = append(dst, "[\n"...)
		for i, e := range v.elems {
			dst = append(dst, indent+"  "...)
			dst = e.appendIndent(dst, indent+"  ")
			if i < len(v.elems)-1 {
				dst = append(dst, ',')
			}
			dst = append(dst, '\n')
		}
		return append(dst, indent+"]"...)
	}
	return v.appendCompact(dst)
}

// walk calls fn for every member and array element below v, depth first,
// with the member's key ("" for elements); fn returns the value to keep,
// which is walked in turn.
func (v *value) walk(fn func(key string, val *value) *value) {
	switch v.kind {
	case 'o':
		for i, m := range v.members {
			nv := fn(m.key, m.val)
			v.members[i].val = nv
			nv.walk(fn)
		}
	case 'a':
		for i, e := range v.elems {
			ne := fn("", e)
			v.elems[i] = ne
			ne.walk(fn)
		}
	}
}

// String returns v as compact JSON.
func (v *value) String() string { return string(v.appendCompact(nil)) }
