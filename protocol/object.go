package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/ccwire/ccwire/internal/jsonwire"
)

// This file holds the machinery every typed JSON object of the protocol
// shares: a table of the members a type knows, a decoder that fills the
// typed fields and remembers everything else, an encoder that writes the
// members back in their original order, and a walk that lists the members
// the model does not know.

// objectState records what decoding saw of one JSON object: every member in
// document order with its raw value. Known members are written back from
// the typed fields; unknown ones from their raw value. A constructed value
// has no state and is written in table order.
type objectState struct {
	src     []byte   // the line the object was decoded from
	members []member // members in document order, as offsets into src
	decoded bool
}

// member is one member of a decoded object. It holds offsets into the
// line rather than slices, so member lists hold no pointers: the garbage
// collector need not scan them and copying them needs no write barriers.
type member struct {
	keyStart, keyEnd uint32 // the key's text between its quotes
	rawStart, rawEnd uint32 // the value's JSON text
	// field is the member's index in its type's table, or -1 when the type
	// does not know the key.
	field int16
	flags memberFlags
}

type memberFlags uint8

const (
	// mismatch marks a known key whose value has a shape the model does
	// not expect (a string where a number belongs, a fraction in a
	// count...). Its raw value is kept and written back; the typed field
	// stays zero.
	mismatch memberFlags = 1 << iota
	// shadowed marks a known member repeated later in the object: the
	// typed field holds the last value, this one is written back as it was.
	shadowed
	// escapedKey marks a key whose text has escapes or non-ASCII bytes.
	escapedKey
)

// unknown reports whether the member is one the model does not know.
func (m *member) unknown() bool { return m.field < 0 || m.flags&mismatch != 0 }

// raw returns the member's value text.
func (m *member) raw(src []byte) []byte { return src[m.rawStart:m.rawEnd:m.rawEnd] }

// keyText returns the member's key text between the quotes.
func (m *member) keyText(src []byte) []byte { return src[m.keyStart:m.keyEnd:m.keyEnd] }

// key returns the member's decoded key.
func (m *member) key(src []byte) string {
	k := m.keyText(src)
	if m.flags&escapedKey == 0 {
		return string(k)
	}
	return string(jsonwire.Unquote(nil, k))
}

// maxLineOffset is the longest line member offsets can address.
const maxLineOffset = 1<<32 - 1

// stateful is implemented by every typed object through its embedded
// objectState.
type stateful interface{ objState() *objectState }

func (s *objectState) objState() *objectState { return s }

// errMismatch is returned by field decoders when the value's kind is not the
// one the field holds. The decoder then keeps the value raw.
var errMismatch = errors.New("protocol: value of unexpected shape")

// decoder is the state of one decode.
type decoder struct {
	jsonwire.Decoder
	// scratch holds the members of the objects being decoded, innermost
	// last; an object's members move to the arena when it ends.
	scratch []member
	// arena is spare room that objects' member lists are carved from, so a
	// message's lists share a few allocations.
	arena []member
	// strs holds the elements of a string array being read.
	strs []string
	// strArena is spare room that string arrays are carved from, as arena
	// is for member lists.
	strArena []string
}

// Member arenas start small, for a line decoded alone ([Decode]), and
// grow up to maxArena members as a reader's decoder reads on.
const (
	minArena = 16
	maxArena = 128
)

// keep moves an object's members from scratch into the arena.
func (d *decoder) keep(ms []member) []member {
	n := len(ms)
	if n == 0 {
		return nil
	}
	if cap(d.arena)-len(d.arena) < n {
		d.arena = make([]member, 0, max(n, min(2*cap(d.arena), maxArena), minArena))
	}
	start := len(d.arena)
	d.arena = append(d.arena, ms...)
	return d.arena[start:len(d.arena):len(d.arena)]
}

// String arenas start small, for a line decoded alone, and grow up to
// maxStrArena strings as a reader's decoder reads on.
const (
	minStrArena = 16
	maxStrArena = 128
)

// keepStrings copies a string array read into scratch to the string arena.
// The result is never nil: an empty array stays distinct from null.
func (d *decoder) keepStrings(v []string) []string {
	n := len(v)
	if n == 0 {
		return []string{}
	}
	if cap(d.strArena)-len(d.strArena) < n {
		if n > maxStrArena/4 {
			// A long array gets its own room; the arena's stays for the
			// short ones.
			return append(make([]string, 0, n), v...)
		}
		d.strArena = make([]string, 0, max(min(2*cap(d.strArena), maxStrArena), minStrArena))
	}
	start := len(d.strArena)
	d.strArena = append(d.strArena, v...)
	return d.strArena[start:len(d.strArena):len(d.strArena)]
}

// field describes one member a type knows.
type field[T any] struct {
	key string
	// decode reads the member's value into *p. It returns errMismatch,
	// leaving the field zero, when the value has another shape.
	decode func(p *T, d *decoder) error
	// encode appends the field's current value. raw is the member's
	// original value, nil when the member is new.
	encode func(p *T, b, raw []byte) []byte
	// same reports whether raw still holds the field's current value, so
	// the original text can be written back. Nil for composite fields,
	// which are written from their parts.
	same func(p *T, raw []byte) bool
	// nonzero reports whether the field holds a value worth writing: a
	// member the original did not have is written when nonzero.
	nonzero func(p *T) bool
	// always makes a value built in code write the member even when zero
	// (required members of the protocol).
	always bool
	// walk lists the unknown members below a composite field, whose
	// original value is raw; nil for leaves.
	walk func(p *T, w *unknownWalker, raw []byte)
}

// table lists the members a type T knows.
type table[T any] struct {
	fields []field[T]
	index  map[string]int32
	// byLen lists, per key length, the fields whose key has that length:
	// finding a key takes a few short comparisons instead of hashing it.
	byLen [][]int16
}

func newTable[T any](fields ...field[T]) *table[T] {
	t := &table[T]{fields: fields, index: make(map[string]int32, len(fields))}
	for i, f := range fields {
		if _, dup := t.index[f.key]; dup {
			panic("protocol: duplicate field " + f.key)
		}
		t.index[f.key] = int32(i)
		for len(t.byLen) <= len(f.key) {
			t.byLen = append(t.byLen, nil)
		}
		t.byLen[len(f.key)] = append(t.byLen[len(f.key)], int16(i))
	}
	if len(fields) > 128 {
		panic("protocol: table too large")
	}
	return t
}

// lookup returns the index of the field whose key is key. Members usually
// come in the order of the table, so the field after the previous member's,
// next, is tried first.
func (t *table[T]) lookup(key []byte, next int) (int32, bool) {
	if next < len(t.fields) && t.fields[next].key == string(key) {
		return int32(next), true
	}
	if len(key) >= len(t.byLen) {
		return 0, false
	}
	for _, i := range t.byLen[len(key)] {
		if t.fields[i].key == string(key) {
			return int32(i), true
		}
	}
	return 0, false
}

// decodeObject reads an object into p, recording its members in st.
func decodeObject[T any](d *decoder, t *table[T], p *T, st *objectState) error {
	if err := d.OpenObject(); err != nil {
		return err
	}
	st.decoded = true
	st.src = d.Data()
	base := len(d.scratch)
	var seen [2]uint64
	var unescaped []byte
	next := 0 // the field expected next
	for i := 0; ; i++ {
		keyText, escaped, ok, err := d.ObjectNextRaw(i)
		if err != nil {
			return err
		}
		if !ok {
			st.members = d.keep(d.scratch[base:])
			d.scratch = d.scratch[:base]
			return nil
		}
		m := member{field: -1}
		d.Peek() // move to the value's first byte
		start, depth := d.Pos(), d.Depth()
		m.keyStart, m.keyEnd = offsetsOf(d.Data(), keyText)
		var idx int32
		var known bool
		if escaped {
			unescaped = jsonwire.Unquote(unescaped[:0], keyText)
			idx, known = t.lookup(unescaped, next)
			m.flags |= escapedKey
		} else {
			idx, known = t.lookup(keyText, next)
		}
		if known {
			next = int(idx) + 1
			m.field = int16(idx)
			if seen[idx/64]&(1<<(idx%64)) != 0 {
				shadow(d.scratch[base:], int16(idx))
			}
			seen[idx/64] |= 1 << (idx % 64)
			err := t.fields[idx].decode(p, d)
			if err == nil {
				m.rawStart, m.rawEnd = uint32(start), uint32(d.Pos())
				d.scratch = append(d.scratch, m)
				continue
			}
			if !errors.Is(err, errMismatch) {
				return err
			}
			d.Rewind(start, depth)
			m.flags |= mismatch
		}
		if _, err := d.Skip(); err != nil {
			return err
		}
		m.rawStart, m.rawEnd = uint32(start), uint32(d.Pos())
		d.scratch = append(d.scratch, m)
	}
}

// offsetsOf returns the offsets of sub, a slice of data, within data.
func offsetsOf(data, sub []byte) (uint32, uint32) {
	if len(sub) == 0 {
		// An empty key: its position does not matter.
		return 0, 0
	}
	start := uint32(cap(data) - cap(sub))
	return start, start + uint32(len(sub))
}

// shadow marks the earlier members of field idx as shadowed by a later one.
func shadow(members []member, idx int16) {
	for i := range members {
		if members[i].field == idx {
			members[i].flags |= shadowed
		}
	}
}

// encodeObject appends p as a JSON object.
func encodeObject[T any](b []byte, t *table[T], p *T, st *objectState) []byte {
	b = append(b, '{')
	first := true
	sep := func() {
		if !first {
			b = append(b, ',')
		}
		first = false
	}
	if st.decoded {
		var seen [2]uint64
		src := st.src
		for i := range st.members {
			m := &st.members[i]
			sep()
			b = append(b, '"')
			b = append(b, m.keyText(src)...)
			b = append(b, '"', ':')
			if m.field >= 0 {
				seen[m.field/64] |= 1 << (m.field % 64)
			}
			raw := m.raw(src)
			if m.unknown() || m.flags&shadowed != 0 {
				b = append(b, raw...)
				continue
			}
			f := &t.fields[m.field]
			if f.same != nil && f.same(p, raw) {
				b = append(b, raw...)
			} else {
				b = f.encode(p, b, raw)
			}
		}
		for i := range t.fields {
			if seen[i/64]&(1<<(i%64)) != 0 {
				continue
			}
			f := &t.fields[i]
			if f.nonzero(p) {
				sep()
				b = jsonwire.AppendString(b, f.key)
				b = append(b, ':')
				b = f.encode(p, b, nil)
			}
		}
	} else {
		for i := range t.fields {
			f := &t.fields[i]
			if f.always || f.nonzero(p) {
				sep()
				b = jsonwire.AppendString(b, f.key)
				b = append(b, ':')
				b = f.encode(p, b, nil)
			}
		}
	}
	return append(b, '}')
}

// objectPresent reports whether an object field should be written: it was
// decoded, or one of its fields is set.
func objectPresent[T any](t *table[T], p *T, st *objectState) bool {
	if st.decoded {
		return true
	}
	for i := range t.fields {
		if t.fields[i].nonzero(p) {
			return true
		}
	}
	return false
}

// unknownWalker collects unknown member paths: those whose key the model
// does not know, and, unless keysOnly, those whose value it cannot hold
// (mismatches). With mistyped set, it also describes the mismatches there.
type unknownWalker struct {
	path     []byte
	seen     map[string]struct{}
	out      []string
	keysOnly bool
	mistyped *[]MistypedField
}

// reportMistyped records member m of type T, a mismatch, at key.
func reportMistyped[T any](w *unknownWalker, f *field[T], key string, raw []byte) {
	n := w.push(key)
	path := string(w.path)
	w.pop(n)
	for _, mf := range *w.mistyped {
		if mf.Path == path {
			return
		}
	}
	want, got := wantOf(f), jsonTypeOf(raw)
	if got == "number" {
		// A number where the model holds one: say what is wrong with it.
		switch {
		case strings.Contains(want, "integer") && bytes.ContainsAny(raw, ".eE"):
			got = "number with a fraction or exponent"
		case strings.Contains(want, "integer"):
			got = "integer out of range"
		case strings.Contains(want, "number"):
			got = "number out of range"
		}
	}
	*w.mistyped = append(*w.mistyped, MistypedField{Path: path, Want: want, Got: got})
}

// typeProbes are values of each JSON type, to find by trial which ones a
// field holds.
var typeProbes = []struct{ name, value string }{
	{"string", `"s"`},
	{"integer", `1`},
	{"number", `1.5`},
	{"boolean", `true`},
	{"array of strings", `["s"]`},
	{"array of objects", `[{}]`},
	{"array", `[]`},
	{"object", `{}`},
}

// wantOf names the JSON types field f holds, found by decoding a value of
// each type into a zero T: "boolean", "string or array"... It is "" when f
// holds none of them (the fixed "type" of a kind: another value of it is a
// mismatch).
func wantOf[T any](f *field[T]) string {
	ok := map[string]bool{}
	var d decoder
	for _, probe := range typeProbes {
		var zero T
		d.Reset([]byte(probe.value))
		d.AliasStrings = true
		if f.decode(&zero, &d) == nil {
			ok[probe.name] = true
		}
	}
	var names []string
	add := func(name string) { names = append(names, name) }
	if ok["string"] {
		add("string")
	}
	switch {
	case ok["integer"] && !ok["number"]:
		add("integer")
	case ok["number"]:
		add("number")
	}
	if ok["boolean"] {
		add("boolean")
	}
	switch {
	case ok["array of strings"] && !ok["array of objects"]:
		add("array of strings")
	case ok["array of objects"] && !ok["array of strings"]:
		add("array of objects")
	case ok["array"] || ok["array of strings"]:
		add("array")
	}
	if ok["object"] {
		add("object")
	}
	if len(names) > 2 {
		return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
	}
	return strings.Join(names, " or ")
}

// jsonTypeOf names the JSON type of raw, a JSON value.
func jsonTypeOf(raw []byte) string {
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	case '[':
		return "array"
	case '{':
		return "object"
	}
	return "number"
}

func (w *unknownWalker) report(key string) {
	n := len(w.path)
	if n > 0 {
		w.path = append(w.path, '.')
	}
	w.path = append(w.path, key...)
	if _, ok := w.seen[string(w.path)]; !ok {
		s := string(w.path)
		if w.seen == nil {
			w.seen = make(map[string]struct{})
		}
		w.seen[s] = struct{}{}
		w.out = append(w.out, s)
	}
	w.path = w.path[:n]
}

// push descends into key and returns the length to pop back to.
func (w *unknownWalker) push(key string) int {
	n := len(w.path)
	if n > 0 {
		w.path = append(w.path, '.')
	}
	w.path = append(w.path, key...)
	return n
}

func (w *unknownWalker) pop(n int) { w.path = w.path[:n] }

// walkObject lists the unknown members of p and below.
func walkObject[T any](w *unknownWalker, t *table[T], p *T, st *objectState) {
	for i := range st.members {
		m := &st.members[i]
		if m.unknown() {
			if m.flags&mismatch != 0 {
				if w.mistyped != nil {
					reportMistyped(w, &t.fields[m.field], m.key(st.src), m.raw(st.src))
				}
				if w.keysOnly {
					continue
				}
			}
			w.report(m.key(st.src))
			continue
		}
		if f := &t.fields[m.field]; f.walk != nil && m.flags&shadowed == 0 {
			n := w.push(m.key(st.src))
			f.walk(p, w, m.raw(st.src))
			w.pop(n)
		}
	}
}

// Field constructors. Each takes the member's key and a function returning
// a pointer to the field in the containing struct. A JSON null is accepted
// for every field: the field is zero and the null is written back as long
// as the field is still zero.

func isNull(raw []byte) bool { return len(raw) == 4 && string(raw) == "null" }

// stringField is a string member, written when not empty.
func stringField[T any, S ~string](key string, get func(*T) *S) field[T] {
	return field[T]{
		key: key,
		decode: func(p *T, d *decoder) error {
			switch d.Peek() {
			case jsonwire.String:
				s, err := d.ReadString()
				*get(p) = S(s)
				return err
			case jsonwire.Null:
				// A repeated member's null overrides the value before it.
				*get(p) = ""
				return d.ReadNull()
			}
			return errMismatch
		},
		encode: func(p *T, b, _ []byte) []byte { return jsonwire.AppendString(b, string(*get(p))) },
		same: func(p *T, raw []byte) bool {
			v := string(*get(p))
			if isNull(raw) {
				return v == ""
			}
			return rawStringEqual(raw, v)
		},
		nonzero: func(p *T) bool { return *get(p) != "" },
	}
}

// nullableStringField is a string member the protocol always carries, null
// when empty (parent_tool_use_id, stop_reason...).
func nullableStringField[T any, S ~string](key string, get func(*T) *S) field[T] {
	f := stringField(key, get)
	f.encode = func(p *T, b, _ []byte) []byte {
		if *get(p) == "" {
			return append(b, "null"...)
		}
		return jsonwire.AppendString(b, string(*get(p)))
	}
	f.always = true
	return f
}

// constField is the discriminating "type" or "subtype" member of a type
// that has one value for it. When the member is repeated, dispatch follows
// the first occurrence, and a later one with another value is kept raw as a
// mismatch.
func constField[T any](key, value string) field[T] {
	return field[T]{
		key: key,
		decode: func(p *T, d *decoder) error {
			if d.Peek() != jsonwire.String {
				return errMismatch
			}
			// Dispatch read the first occurrence; a repeated member with
			// another value is kept raw.
			start, depth := d.Pos(), d.Depth()
			s, err := d.ReadString()
			if err == nil && s != value {
				d.Rewind(start, depth)
				return errMismatch
			}
			return err
		},
		encode:  func(p *T, b, _ []byte) []byte { return jsonwire.AppendString(b, value) },
		same:    func(p *T, raw []byte) bool { return rawStringEqual(raw, value) },
		nonzero: func(*T) bool { return false },
		always:  true,
	}
}

// rawStringEqual reports whether raw, a JSON string, holds s.
func rawStringEqual(raw []byte, s string) bool {
	if len(raw) < 2 || raw[0] != '"' {
		return false
	}
	body := raw[1 : len(raw)-1]
	if bytes.IndexByte(body, '\\') < 0 && string(body) == s {
		return true
	}
	var d jsonwire.Decoder
	d.Reset(raw)
	d.AliasStrings = true
	v, err := d.ReadString()
	return err == nil && v == s
}

// intField is an integer member, written when not zero. Numbers with a
// fraction or exponent, or beyond int64, are kept raw as a mismatch.
func intField[T any](key string, get func(*T) *int64) field[T] {
	return numberField(key, get, parseInt, jsonwire.AppendInt)
}

// numberField is a number member held as N, written when not zero. A number
// parse rejects (out of range, or not an integer for int64) is kept raw as a
// mismatch; a null sets the field to zero.
func numberField[T any, N int64 | float64](key string, get func(*T) *N, parse func([]byte) (N, bool), write func([]byte, N) []byte) field[T] {
	return field[T]{
		key: key,
		decode: func(p *T, d *decoder) error {
			switch d.Peek() {
			case jsonwire.Number:
				start, depth := d.Pos(), d.Depth()
				lit, err := d.ReadNumber()
				if err != nil {
					return err
				}
				n, ok := parse(lit)
				if !ok {
					d.Rewind(start, depth)
					return errMismatch
				}
				*get(p) = n
				return nil
			case jsonwire.Null:
				// A repeated member's null overrides the value before it.
				*get(p) = 0
				return d.ReadNull()
			}
			return errMismatch
		},
		encode: func(p *T, b, _ []byte) []byte { return write(b, *get(p)) },
		same: func(p *T, raw []byte) bool {
			if isNull(raw) {
				return *get(p) == 0
			}
			n, ok := parse(raw)
			return ok && n == *get(p)
		},
		nonzero: func(p *T) bool { return *get(p) != 0 },
	}
}

// nullableIntField is an integer member the protocol always carries, null
// when zero.
func nullableIntField[T any](key string, get func(*T) *int64) field[T] {
	f := intField(key, get)
	f.encode = func(p *T, b, _ []byte) []byte {
		if *get(p) == 0 {
			return append(b, "null"...)
		}
		return jsonwire.AppendInt(b, *get(p))
	}
	f.always = true
	return f
}

func parseInt(lit []byte) (int64, bool) {
	if len(lit) == 0 || len(lit) > 20 {
		return 0, false
	}
	// Fast path for small non-negative integers.
	if len(lit) <= 18 {
		var n int64
		neg := lit[0] == '-'
		digits := lit
		if neg {
			digits = lit[1:]
		}
		if len(digits) == 0 {
			return 0, false
		}
		for _, c := range digits {
			if c < '0' || c > '9' {
				return 0, false
			}
			n = n*10 + int64(c-'0')
		}
		if neg {
			n = -n
		}
		return n, true
	}
	n, err := strconv.ParseInt(string(lit), 10, 64)
	return n, err == nil
}

// floatField is a number member held as float64, written when not zero.
func floatField[T any](key string, get func(*T) *float64) field[T] {
	return numberField(key, get, parseFloat, jsonwire.AppendFloat)
}

// parseFloat parses a JSON number as float64; false when it is out of range.
func parseFloat(lit []byte) (float64, bool) {
	f, err := strconv.ParseFloat(string(lit), 64)
	return f, err == nil
}

// boolField is a boolean member, written when true.
func boolField[T any](key string, get func(*T) *bool) field[T] {
	return field[T]{
		key: key,
		decode: func(p *T, d *decoder) error {
			switch d.Peek() {
			case jsonwire.Bool:
				v, err := d.ReadBool()
				*get(p) = v
				return err
			case jsonwire.Null:
				// A repeated member's null overrides the value before it.
				*get(p) = false
				return d.ReadNull()
			}
			return errMismatch
		},
		encode: func(p *T, b, _ []byte) []byte { return jsonwire.AppendBool(b, *get(p)) },
		same: func(p *T, raw []byte) bool {
			switch string(raw) {
			case "true":
				return *get(p)
			case "false", "null":
				return !*get(p)
			}
			return false
		},
		nonzero: func(p *T) bool { return *get(p) },
	}
}

// stringsField is an array of strings, written when not nil.
func stringsField[T any](key string, get func(*T) *[]string) field[T] {
	return field[T]{
		key: key,
		decode: func(p *T, d *decoder) error {
			switch d.Peek() {
			case jsonwire.Array:
				v, err := readStrings(d)
				*get(p) = v
				return err
			case jsonwire.Null:
				// A repeated member's null overrides the value before it.
				*get(p) = nil
				return d.ReadNull()
			}
			return errMismatch
		},
		encode: func(p *T, b, _ []byte) []byte {
			v := *get(p)
			if v == nil {
				return append(b, "null"...)
			}
			b = append(b, '[')
			for i, s := range v {
				if i > 0 {
					b = append(b, ',')
				}
				b = jsonwire.AppendString(b, s)
			}
			return append(b, ']')
		},
		same: func(p *T, raw []byte) bool {
			if isNull(raw) {
				return *get(p) == nil
			}
			var d decoder
			d.Reset(raw)
			d.AliasStrings = true
			v, err := scanStrings(&d)
			return err == nil && slices.Equal(v, *get(p)) && *get(p) != nil
		},
		nonzero: func(p *T) bool { return *get(p) != nil },
	}
}

// readStrings reads an array of strings; any other element is a mismatch.
func readStrings(d *decoder) ([]string, error) {
	v, err := scanStrings(d)
	if err != nil {
		return nil, err
	}
	return d.keepStrings(v), nil
}

// scanStrings reads an array of strings into the decoder's scratch, valid
// until the next array is read; any other element is a mismatch.
func scanStrings(d *decoder) ([]string, error) {
	start, depth := d.Pos(), d.Depth()
	if err := d.OpenArray(); err != nil {
		return nil, err
	}
	v := d.strs[:0]
	for i := 0; ; i++ {
		ok, err := d.ArrayNext(i)
		if err != nil {
			return nil, err
		}
		if !ok {
			d.strs = v[:0]
			return v, nil
		}
		if d.Peek() != jsonwire.String {
			d.Rewind(start, depth)
			return nil, errMismatch
		}
		s, err := d.ReadString()
		if err != nil {
			return nil, err
		}
		v = append(v, s)
	}
}

// rawField is a member of any shape kept as its JSON text (tool inputs,
// structured output...). The decoded text is a view of the message's Raw.
func rawField[T any](key string, get func(*T) *json.RawMessage) field[T] {
	return field[T]{
		key: key,
		decode: func(p *T, d *decoder) error {
			raw, err := d.Skip()
			*get(p) = raw
			return err
		},
		encode: func(p *T, b, _ []byte) []byte {
			if len(*get(p)) == 0 {
				return append(b, "null"...)
			}
			return append(b, *get(p)...)
		},
		same:    func(p *T, raw []byte) bool { return bytes.Equal(raw, *get(p)) },
		nonzero: func(p *T) bool { return len(*get(p)) > 0 },
	}
}

// objectField is a member holding a typed object.
func objectField[T, U any, PU interface {
	*U
	stateful
}](key string, t **table[U], get func(*T) *U) field[T] {
	return field[T]{
		key: key,
		decode: func(p *T, d *decoder) error {
			switch d.Peek() {
			case jsonwire.Object:
				u := get(p)
				*u = *new(U) // a repeated member's object replaces the one before it
				return decodeObject(d, *t, u, PU(u).objState())
			case jsonwire.Null:
				// A repeated member's null overrides the value before it.
				*get(p) = *new(U)
				return d.ReadNull()
			}
			return errMismatch
		},
		encode: func(p *T, b, _ []byte) []byte {
			u := get(p)
			return encodeObject(b, *t, u, PU(u).objState())
		},
		same: func(p *T, raw []byte) bool {
			// A null stays null while the object is untouched.
			u := get(p)
			return isNull(raw) && !objectPresent(*t, u, PU(u).objState())
		},
		nonzero: func(p *T) bool {
			u := get(p)
			return objectPresent(*t, u, PU(u).objState())
		},
		walk: func(p *T, w *unknownWalker, _ []byte) {
			u := get(p)
			walkObject(w, *t, u, PU(u).objState())
		},
	}
}

// objectsField is a member holding an array of typed objects.
func objectsField[T, U any, PU interface {
	*U
	stateful
}](key string, t **table[U], get func(*T) *[]U) field[T] {
	return field[T]{
		key: key,
		decode: func(p *T, d *decoder) error {
			switch d.Peek() {
			case jsonwire.Array:
			case jsonwire.Null:
				// A repeated member's null overrides the value before it.
				*get(p) = nil
				return d.ReadNull()
			default:
				return errMismatch
			}
			start, depth := d.Pos(), d.Depth()
			if err := d.OpenArray(); err != nil {
				return err
			}
			v := []U{}
			for i := 0; ; i++ {
				ok, err := d.ArrayNext(i)
				if err != nil {
					return err
				}
				if !ok {
					break
				}
				if d.Peek() != jsonwire.Object {
					d.Rewind(start, depth)
					return errMismatch
				}
				v = append(v, *new(U))
				u := &v[len(v)-1]
				if err := decodeObject(d, *t, u, PU(u).objState()); err != nil {
					return err
				}
			}
			*get(p) = v
			return nil
		},
		encode: func(p *T, b, _ []byte) []byte {
			v := *get(p)
			if v == nil {
				return append(b, "null"...)
			}
			b = append(b, '[')
			for i := range v {
				if i > 0 {
					b = append(b, ',')
				}
				b = encodeObject(b, *t, &v[i], PU(&v[i]).objState())
			}
			return append(b, ']')
		},
		same:    func(p *T, raw []byte) bool { return isNull(raw) && *get(p) == nil },
		nonzero: func(p *T) bool { return *get(p) != nil },
		walk: func(p *T, w *unknownWalker, _ []byte) {
			v := *get(p)
			n := w.push("*")
			for i := range v {
				walkObject(w, *t, &v[i], PU(&v[i]).objState())
			}
			w.pop(n)
		},
	}
}

// requiredObjectsField is an array of objects always written, [] when nil.
func requiredObjectsField[T, U any, PU interface {
	*U
	stateful
}](key string, t **table[U], get func(*T) *[]U) field[T] {
	f := objectsField[T, U, PU](key, t, get)
	enc := f.encode
	f.encode = func(p *T, b, raw []byte) []byte {
		if *get(p) == nil {
			return append(b, "[]"...)
		}
		return enc(p, b, raw)
	}
	f.always = true
	return f
}

// objectMapField is a member holding an object whose members are all typed
// objects of one kind, keyed by data (model names...). Members are written
// back in their original order, new keys after them in sorted order.
func objectMapField[T, U any, PU interface {
	*U
	stateful
}](key string, t **table[U], get func(*T) *map[string]U) field[T] {
	return field[T]{
		key: key,
		decode: func(p *T, d *decoder) error {
			switch d.Peek() {
			case jsonwire.Object:
			case jsonwire.Null:
				// A repeated member's null overrides the value before it.
				*get(p) = nil
				return d.ReadNull()
			default:
				return errMismatch
			}
			start, depth := d.Pos(), d.Depth()
			if err := d.OpenObject(); err != nil {
				return err
			}
			v := map[string]U{}
			for i := 0; ; i++ {
				k, ok, err := d.ObjectNext(i)
				if err != nil {
					return err
				}
				if !ok {
					break
				}
				if d.Peek() != jsonwire.Object {
					d.Rewind(start, depth)
					return errMismatch
				}
				var u U
				if err := decodeObject(d, *t, &u, PU(&u).objState()); err != nil {
					return err
				}
				v[k] = u
			}
			*get(p) = v
			return nil
		},
		encode: func(p *T, b, raw []byte) []byte {
			v := *get(p)
			if v == nil {
				return append(b, "null"...)
			}
			b = append(b, '{')
			for i, k := range mapKeys(v, raw) {
				if i > 0 {
					b = append(b, ',')
				}
				b = jsonwire.AppendString(b, k)
				b = append(b, ':')
				u := v[k]
				b = encodeObject(b, *t, &u, PU(&u).objState())
			}
			return append(b, '}')
		},
		same:    func(p *T, raw []byte) bool { return isNull(raw) && *get(p) == nil },
		nonzero: func(p *T) bool { return *get(p) != nil },
		walk: func(p *T, w *unknownWalker, raw []byte) {
			v := *get(p)
			n := w.push("*")
			for _, k := range mapKeys(v, raw) {
				u := v[k]
				walkObject(w, *t, &u, PU(&u).objState())
			}
			w.pop(n)
		},
	}
}

// mapKeys returns a map's keys in the order of raw, the object the map was
// decoded from, then the keys raw does not have, sorted.
func mapKeys[U any](v map[string]U, raw []byte) []string {
	keys := make([]string, 0, len(v))
	var d decoder
	d.Reset(raw)
	d.AliasStrings = true
	if d.Peek() == jsonwire.Object && d.OpenObject() == nil {
		for i := 0; ; i++ {
			k, ok, err := d.ObjectNext(i)
			if err != nil || !ok {
				break
			}
			if _, in := v[k]; in && !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
			if _, err := d.Skip(); err != nil {
				break
			}
		}
	}
	n := len(keys)
	for k := range v {
		if !slices.Contains(keys[:n], k) {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys[n:])
	return keys
}

// rawJSON is the type of members kept as JSON text.
type rawJSON = json.RawMessage

// required makes a value built in code always write the field.
func required[T any](f field[T]) field[T] {
	f.always = true
	return f
}
