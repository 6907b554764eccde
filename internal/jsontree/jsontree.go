// Package jsontree is a JSON value tree that keeps the order of object
// members and the text of the scalars it parsed, so that a message can be
// shown, rewritten and written back the way the CLI wrote it. Package
// scenario builds its recordings with it and package docgen reads them.
package jsontree

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/ccwire/ccwire/internal/jsonwire"
)

// Kind is the JSON type of a value.
type Kind uint8

// The JSON types.
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

// String returns the name of the type as the reference names it: null,
// boolean, number, string, array or object.
func (k Kind) String() string {
	switch k {
	case Bool:
		return "boolean"
	case Number:
		return "number"
	case String:
		return "string"
	case Array:
		return "array"
	case Object:
		return "object"
	}
	return "null"
}

// Value is a JSON value.
type Value struct {
	Kind    Kind
	Members []Member // an object's members, in order
	Elems   []*Value // an array's elements
	// Str is a string's value, or a number's text.
	Str string
	// Bool is a boolean's value.
	Bool bool
	// raw is a parsed string's text as written, quotes included; a value
	// built or changed by the program has none and is written encoded.
	raw string
}

// Member is one member of an object.
type Member struct {
	Key string
	Val *Value
}

// Parse decodes one JSON text.
func Parse(data []byte) (*Value, error) {
	var d jsonwire.Decoder
	d.Reset(data)
	v, err := read(&d)
	if err != nil {
		return nil, err
	}
	if err := d.End(); err != nil {
		return nil, err
	}
	return v, nil
}

func read(d *jsonwire.Decoder) (*Value, error) {
	switch k := d.Peek(); k {
	case jsonwire.Object:
		if err := d.OpenObject(); err != nil {
			return nil, err
		}
		v := &Value{Kind: Object, Members: []Member{}}
		for i := 0; ; i++ {
			key, ok, err := d.ObjectNext(i)
			if err != nil {
				return nil, err
			}
			if !ok {
				return v, nil
			}
			m, err := read(d)
			if err != nil {
				return nil, err
			}
			v.Members = append(v.Members, Member{Key: key, Val: m})
		}
	case jsonwire.Array:
		if err := d.OpenArray(); err != nil {
			return nil, err
		}
		v := &Value{Kind: Array, Elems: []*Value{}}
		for i := 0; ; i++ {
			ok, err := d.ArrayNext(i)
			if err != nil {
				return nil, err
			}
			if !ok {
				return v, nil
			}
			e, err := read(d)
			if err != nil {
				return nil, err
			}
			v.Elems = append(v.Elems, e)
		}
	default:
		raw, err := d.Skip()
		if err != nil {
			return nil, err
		}
		switch k {
		case jsonwire.String:
			s := string(jsonwire.Unquote(nil, raw[1:len(raw)-1]))
			return &Value{Kind: String, Str: s, raw: string(raw)}, nil
		case jsonwire.Number:
			return &Value{Kind: Number, Str: string(raw)}, nil
		case jsonwire.Bool:
			return &Value{Kind: Bool, Bool: raw[0] == 't'}, nil
		case jsonwire.Null:
			return &Value{Kind: Null}, nil
		}
		return nil, fmt.Errorf("unexpected JSON %s", k)
	}
}

// NewString returns a string value.
func NewString(s string) *Value { return &Value{Kind: String, Str: s} }

// NewInt returns a number value.
func NewInt(n int) *Value { return &Value{Kind: Number, Str: strconv.Itoa(n)} }

// NewBool returns a boolean value.
func NewBool(b bool) *Value { return &Value{Kind: Bool, Bool: b} }

// NewObject returns an object with the given members.
func NewObject(members ...Member) *Value {
	return &Value{Kind: Object, Members: append([]Member{}, members...)}
}

// NewArray returns an array of the given elements.
func NewArray(elems ...*Value) *Value {
	return &Value{Kind: Array, Elems: append([]*Value{}, elems...)}
}

// Get returns member key of an object, nil when v is not an object or has
// no such member.
func (v *Value) Get(key string) *Value {
	if v == nil || v.Kind != Object {
		return nil
	}
	for _, m := range v.Members {
		if m.Key == key {
			return m.Val
		}
	}
	return nil
}

// Path returns the value at a path of object keys and array indexes
// ("0"), nil when there is none.
func (v *Value) Path(segs ...string) *Value {
	cur := v
	for _, s := range segs {
		if cur == nil {
			return nil
		}
		if cur.Kind == Array {
			i, err := strconv.Atoi(s)
			if err != nil || i < 0 || i >= len(cur.Elems) {
				return nil
			}
			cur = cur.Elems[i]
			continue
		}
		cur = cur.Get(s)
	}
	return cur
}

// StringAt returns the string at a path, "" when there is none.
func (v *Value) StringAt(segs ...string) string {
	x := v.Path(segs...)
	if x == nil || x.Kind != String {
		return ""
	}
	return x.Str
}

// Keys returns the keys of an object, in order.
func (v *Value) Keys() []string {
	if v == nil || v.Kind != Object {
		return nil
	}
	out := make([]string, len(v.Members))
	for i, m := range v.Members {
		out[i] = m.Key
	}
	return out
}

// Set replaces member key of an object, or appends it, and returns v.
func (v *Value) Set(key string, val *Value) *Value {
	for i, m := range v.Members {
		if m.Key == key {
			v.Members[i].Val = val
			return v
		}
	}
	v.Members = append(v.Members, Member{Key: key, Val: val})
	return v
}

// Walk calls fn for every member and array element below v, depth first,
// with the member's key ("" for elements); fn returns the value to keep
// in its place, which is walked in turn. Only a value fn replaces is
// written: a walk that keeps every value only reads v, so it is safe
// alongside other readers.
func (v *Value) Walk(fn func(key string, val *Value) *Value) {
	switch v.Kind {
	case Object:
		for i, m := range v.Members {
			nv := fn(m.Key, m.Val)
			if nv != m.Val {
				v.Members[i].Val = nv
			}
			nv.Walk(fn)
		}
	case Array:
		for i, e := range v.Elems {
			ne := fn("", e)
			if ne != e {
				v.Elems[i] = ne
			}
			ne.Walk(fn)
		}
	}
}

// Clone returns a deep copy of v.
func (v *Value) Clone() *Value {
	c := *v
	if v.Members != nil {
		c.Members = make([]Member, len(v.Members))
		for i, m := range v.Members {
			c.Members[i] = Member{Key: m.Key, Val: m.Val.Clone()}
		}
	}
	if v.Elems != nil {
		c.Elems = make([]*Value, len(v.Elems))
		for i, e := range v.Elems {
			c.Elems[i] = e.Clone()
		}
	}
	return &c
}

// Equal reports whether v and w write the same compact JSON.
func (v *Value) Equal(w *Value) bool {
	return bytes.Equal(v.AppendCompact(nil), w.AppendCompact(nil))
}

// AppendCompact appends v as compact JSON, written the way the CLI writes
// JSON (no HTML escaping); a parsed string keeps its text as written.
func (v *Value) AppendCompact(dst []byte) []byte {
	switch v.Kind {
	case Object:
		dst = append(dst, '{')
		for i, m := range v.Members {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = jsonwire.AppendString(dst, m.Key)
			dst = append(dst, ':')
			dst = m.Val.AppendCompact(dst)
		}
		return append(dst, '}')
	case Array:
		dst = append(dst, '[')
		for i, e := range v.Elems {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = e.AppendCompact(dst)
		}
		return append(dst, ']')
	case String:
		if v.raw != "" {
			return append(dst, v.raw...)
		}
		return jsonwire.AppendString(dst, v.Str)
	case Number:
		return append(dst, v.Str...)
	case Bool:
		return jsonwire.AppendBool(dst, v.Bool)
	}
	return append(dst, "null"...)
}

// AppendIndent appends v as JSON indented by two spaces a level after
// prefix (the indentation of the line v starts on); empty objects and
// arrays stay on one line.
func (v *Value) AppendIndent(dst []byte, prefix string) []byte {
	inner := prefix + "  "
	switch {
	case v.Kind == Object && len(v.Members) > 0:
		dst = append(dst, "{\n"...)
		for i, m := range v.Members {
			dst = append(dst, inner...)
			dst = jsonwire.AppendString(dst, m.Key)
			dst = append(dst, ": "...)
			dst = m.Val.AppendIndent(dst, inner)
			if i < len(v.Members)-1 {
				dst = append(dst, ',')
			}
			dst = append(dst, '\n')
		}
		dst = append(dst, prefix...)
		return append(dst, '}')
	case v.Kind == Array && len(v.Elems) > 0:
		dst = append(dst, "[\n"...)
		for i, e := range v.Elems {
			dst = append(dst, inner...)
			dst = e.AppendIndent(dst, inner)
			if i < len(v.Elems)-1 {
				dst = append(dst, ',')
			}
			dst = append(dst, '\n')
		}
		dst = append(dst, prefix...)
		return append(dst, ']')
	}
	return v.AppendCompact(dst)
}

// Indent returns v as JSON indented by two spaces a level.
func (v *Value) Indent() string { return string(v.AppendIndent(nil, "")) }

// String returns v as compact JSON.
func (v *Value) String() string { return string(v.AppendCompact(nil)) }
