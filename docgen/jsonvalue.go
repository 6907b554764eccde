package docgen

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ccwire/ccwire/internal/jsonwire"
)

// jsonKind is the JSON type of a value, as the reference names it.
type jsonKind string

// The JSON types.
const (
	kindObject  jsonKind = "object"
	kindArray   jsonKind = "array"
	kindString  jsonKind = "string"
	kindNumber  jsonKind = "number"
	kindBoolean jsonKind = "boolean"
	kindNull    jsonKind = "null"
)

// value is a decoded JSON value that keeps the order of object members and
// the exact text of every scalar, so that a recorded message is shown as
// the CLI wrote it.
type value struct {
	kind    jsonKind
	members []member // object members, in document order
	elems   []*value // array elements
	raw     string   // scalar text as written (strings quoted)
	str     string   // the string, for kind string
}

// member is one member of a JSON object.
type member struct {
	key string
	val *value
}

// parseValue decodes one JSON value.
func parseValue(data []byte) (*value, error) {
	var d jsonwire.Decoder
	d.Reset(data)
	v, err := readValue(&d)
	if err != nil {
		return nil, err
	}
	if err := d.End(); err != nil {
		return nil, err
	}
	return v, nil
}

func readValue(d *jsonwire.Decoder) (*value, error) {
	switch k := d.Peek(); k {
	case jsonwire.Object:
		if err := d.OpenObject(); err != nil {
			return nil, err
		}
		v := &value{kind: kindObject, members: []member{}}
		for i := 0; ; i++ {
			key, ok, err := d.ObjectNext(i)
			if err != nil {
				return nil, err
			}
			if !ok {
				return v, nil
			}
			m, err := readValue(d)
			if err != nil {
				return nil, err
			}
			v.members = append(v.members, member{key: key, val: m})
		}
	case jsonwire.Array:
		if err := d.OpenArray(); err != nil {
			return nil, err
		}
		v := &value{kind: kindArray, elems: []*value{}}
		for i := 0; ; i++ {
			ok, err := d.ArrayNext(i)
			if err != nil {
				return nil, err
			}
			if !ok {
				return v, nil
			}
			e, err := readValue(d)
			if err != nil {
				return nil, err
			}
			v.elems = append(v.elems, e)
		}
	case jsonwire.String:
		raw, err := d.Skip()
		if err != nil {
			return nil, err
		}
		s := string(jsonwire.Unquote(nil, raw[1:len(raw)-1]))
		return &value{kind: kindString, raw: string(raw), str: s}, nil
	default:
		raw, err := d.Skip()
		if err != nil {
			return nil, err
		}
		v := &value{raw: string(raw)}
		switch k {
		case jsonwire.Number:
			v.kind = kindNumber
		case jsonwire.Bool:
			v.kind = kindBoolean
		case jsonwire.Null:
			v.kind = kindNull
		default:
			return nil, fmt.Errorf("unexpected JSON %s", k)
		}
		return v, nil
	}
}

// stringValue returns a JSON string value.
func stringValue(s string) *value {
	return &value{kind: kindString, raw: string(jsonwire.AppendString(nil, s)), str: s}
}

// get returns the member key of an object, nil when v is not an object or
// has no such member.
func (v *value) get(key string) *value {
	if v == nil || v.kind != kindObject {
		return nil
	}
	for _, m := range v.members {
		if m.key == key {
			return m.val
		}
	}
	return nil
}

// path returns the value at a path of object keys and array indexes ("0").
func (v *value) path(segs ...string) *value {
	cur := v
	for _, s := range segs {
		if cur == nil {
			return nil
		}
		if cur.kind == kindArray {
			i := 0
			if _, err := fmt.Sscanf(s, "%d", &i); err != nil || i < 0 || i >= len(cur.elems) {
				return nil
			}
			cur = cur.elems[i]
			continue
		}
		cur = cur.get(s)
	}
	return cur
}

// getString returns the string at a path, "" when there is none.
func (v *value) getString(segs ...string) string {
	x := v.path(segs...)
	if x == nil || x.kind != kindString {
		return ""
	}
	return x.str
}

// keys returns the keys of an object in document order.
func (v *value) keys() []string {
	if v == nil || v.kind != kindObject {
		return nil
	}
	out := make([]string, len(v.members))
	for i, m := range v.members {
		out[i] = m.key
	}
	return out
}

// appendTo appends v as compact JSON.
func (v *value) appendTo(b []byte) []byte {
	switch v.kind {
	case kindObject:
		b = append(b, '{')
		for i, m := range v.members {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonwire.AppendString(b, m.key)
			b = append(b, ':')
			b = m.val.appendTo(b)
		}
		return append(b, '}')
	case kindArray:
		b = append(b, '[')
		for i, e := range v.elems {
			if i > 0 {
				b = append(b, ',')
			}
			b = e.appendTo(b)
		}
		return append(b, ']')
	default:
		return append(b, v.raw...)
	}
}

// String returns v as compact JSON.
func (v *value) String() string { return string(v.appendTo(nil)) }

// clone returns a deep copy of v.
func (v *value) clone() *value {
	c := *v
	if v.members != nil {
		c.members = make([]member, len(v.members))
		for i, m := range v.members {
			c.members[i] = member{key: m.key, val: m.val.clone()}
		}
	}
	if v.elems != nil {
		c.elems = make([]*value, len(v.elems))
		for i, e := range v.elems {
			c.elems[i] = e.clone()
		}
	}
	return &c
}

// keyTree is the set of object keys a pattern names, nested: the keys of an
// object pattern in the pattern's order, and below each key the keys its
// value names. Array elements share the tree of the key holding the array.
type keyTree struct {
	order []string
	sub   map[string]*keyTree
}

// child returns the tree below key, adding key.
func (t *keyTree) child(key string) *keyTree {
	if t.sub == nil {
		t.sub = map[string]*keyTree{}
	}
	c, ok := t.sub[key]
	if !ok {
		c = &keyTree{}
		t.sub[key] = c
		t.order = append(t.order, key)
	}
	return c
}

// patternKeys returns the keys a match pattern (as JSON text) names. The
// operators of package match ($any, $contains...) name no key themselves;
// the elements of a $contains name keys like array elements do.
func patternKeys(p *value) *keyTree {
	t := &keyTree{}
	t.add(p)
	return t
}

// add adds the keys a pattern names.
func (t *keyTree) add(p *value) {
	switch p.kind {
	case kindObject:
		if len(p.members) == 1 && isOperator(p.members[0].key) {
			if p.members[0].key == "$contains" {
				t.add(p.members[0].val)
			}
			return
		}
		for _, m := range p.members {
			key := m.key
			if strings.HasPrefix(key, "$$") {
				key = key[1:]
			}
			t.child(key).add(m.val)
		}
	case kindArray:
		for _, e := range p.elems {
			t.add(e)
		}
	}
}

// isOperator reports whether an object key is a match operator.
func isOperator(key string) bool {
	return strings.HasPrefix(key, "$") && !strings.HasPrefix(key, "$$")
}

// merge adds the keys of o to t.
func (t *keyTree) merge(o *keyTree) {
	for _, k := range o.order {
		t.child(k).merge(o.sub[k])
	}
}

// assertedFirst returns a copy of v whose object members named by t come
// first, in the pattern's order, at every depth t reaches; the other
// members follow in their original order.
func assertedFirst(v *value, t *keyTree) *value {
	if t == nil || len(t.order) == 0 {
		return v
	}
	switch v.kind {
	case kindObject:
		c := &value{kind: kindObject, members: make([]member, 0, len(v.members))}
		for _, k := range t.order {
			if m := v.get(k); m != nil {
				c.members = append(c.members, member{key: k, val: assertedFirst(m, t.sub[k])})
			}
		}
		for _, m := range v.members {
			if _, ok := t.sub[m.key]; !ok {
				c.members = append(c.members, m)
			}
		}
		return c
	case kindArray:
		c := &value{kind: kindArray, elems: make([]*value, len(v.elems))}
		for i, e := range v.elems {
			c.elems[i] = assertedFirst(e, t)
		}
		return c
	}
	return v
}

// sortedKeys returns the keys of a map in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// indent returns v as JSON indented by two spaces, members in their order.
func (v *value) indent() string {
	var b []byte
	b = v.appendIndent(b, "")
	return string(b)
}

func (v *value) appendIndent(b []byte, prefix string) []byte {
	inner := prefix + "  "
	switch {
	case v.kind == kindObject && len(v.members) > 0:
		b = append(b, "{\n"...)
		for i, m := range v.members {
			b = append(b, inner...)
			b = jsonwire.AppendString(b, m.key)
			b = append(b, ": "...)
			b = m.val.appendIndent(b, inner)
			if i < len(v.members)-1 {
				b = append(b, ',')
			}
			b = append(b, '\n')
		}
		b = append(b, prefix...)
		return append(b, '}')
	case v.kind == kindArray && len(v.elems) > 0:
		b = append(b, "[\n"...)
		for i, e := range v.elems {
			b = append(b, inner...)
			b = e.appendIndent(b, inner)
			if i < len(v.elems)-1 {
				b = append(b, ',')
			}
			b = append(b, '\n')
		}
		b = append(b, prefix...)
		return append(b, ']')
	}
	return v.appendTo(b)
}
