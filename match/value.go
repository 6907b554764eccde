package match

import (
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
)

// Value returns the pattern that a Go value describes:
//
//   - nil and nil pointers: null; other pointers and interfaces: the value
//     they point to.
//   - A Pattern (including [Any], [Absent], [Type], [Regexp], [NonEmpty],
//     [Contains] and the message constructors): itself, so matchers can be
//     placed anywhere in a tree of maps and slices.
//   - Strings, booleans, integers and floats, and named types of those
//     kinds: the scalar. [json.Number]: that number.
//   - Maps with string keys: an object pattern with the map's keys,
//     literally (a "$" at the start of a key has no meaning here), in
//     sorted order.
//   - Slices and arrays: an array pattern (element-wise, same length).
//   - [json.RawMessage]: parsed as pattern text, as by [Parse].
//   - Anything else (structs, values implementing [json.Marshaler] or
//     [encoding.TextMarshaler], maps with other keys): encoded with
//     encoding/json and parsed as pattern text, so a Pattern field of a
//     struct keeps its meaning and omitempty fields make partial patterns;
//     keys starting with "$" in that encoding are read as operators.
//
// Value copies what it needs: changing v afterwards does not change the
// pattern. It panics on values it cannot convert (channels, functions,
// NaN, cycles, []byte which is ambiguous, invalid json.RawMessage, Absent
// as an array element), as patterns in Go are written by programmers;
// pattern text from files goes through [Parse], which returns errors.
func Value(v any) Pattern {
	n, err := fromGo(v, 0)
	if err != nil {
		panic("match.Value: " + err.Error())
	}
	return Pattern{root: n}
}

var (
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	jsonMarshalerType = reflect.TypeFor[json.Marshaler]()
)

// fromGo converts a Go value to a pattern node; depth counts the
// containers above it.
func fromGo(v any, depth int) (node, error) {
	if depth > maxDepth {
		return nil, fmt.Errorf("nesting deeper than %d (is the value cyclic?)", maxDepth)
	}
	switch x := v.(type) {
	case nil:
		return nullNode{}, nil
	case Pattern:
		if x.root == nil {
			return nil, errZero
		}
		return x.root, nil
	case *Pattern:
		if x == nil {
			return nullNode{}, nil
		}
		return fromGo(*x, depth)
	case json.RawMessage:
		return fromJSON(x)
	case json.Number:
		if !isJSONNumber(string(x)) {
			return nil, fmt.Errorf("invalid json.Number %s", quote(string(x)))
		}
		return numberNode{n: x}, nil
	case string:
		return stringNode{s: x}, nil
	case bool:
		return boolNode{b: x}, nil
	}
	rv := reflect.ValueOf(v)
	t := rv.Type()
	if t.Implements(jsonMarshalerType) || t.Implements(textMarshalerType) {
		return fromMarshal(v)
	}
	switch rv.Kind() {
	case reflect.Pointer, reflect.Interface:
		if rv.IsNil() {
			return nullNode{}, nil
		}
		return fromGo(rv.Elem().Interface(), depth+1)
	case reflect.String:
		return stringNode{s: rv.String()}, nil
	case reflect.Bool:
		return boolNode{b: rv.Bool()}, nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return numberNode{n: json.Number(strconv.FormatInt(rv.Int(), 10))}, nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return numberNode{n: json.Number(strconv.FormatUint(rv.Uint(), 10))}, nil
	case reflect.Float32, reflect.Float64:
		f := rv.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, fmt.Errorf("%v is not a JSON number", f)
		}
		bits := 64
		if rv.Kind() == reflect.Float32 {
			bits = 32
		}
		return numberNode{n: json.Number(strconv.FormatFloat(f, 'g', -1, bits))}, nil
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return fromMarshal(v)
		}
		if rv.IsNil() {
			return nullNode{}, nil
		}
		keys := rv.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int {
			switch {
			case a.String() < b.String():
				return -1
			case a.String() > b.String():
				return 1
			}
			return 0
		})
		obj := &objectNode{fields: make([]field, len(keys))}
		for i, k := range keys {
			n, err := fromGo(rv.MapIndex(k).Interface(), depth+1)
			if err != nil {
				return nil, fmt.Errorf("key %s: %w", quote(k.String()), err)
			}
			obj.fields[i] = field{key: k.String(), value: n}
		}
		return obj, nil
	case reflect.Slice, reflect.Array:
		if rv.Kind() == reflect.Slice {
			if t.Elem().Kind() == reflect.Uint8 {
				return nil, errors.New("[]byte is ambiguous: use json.RawMessage for pattern text, or a string")
			}
			if rv.IsNil() {
				return nullNode{}, nil
			}
		}
		arr := &arrayNode{elems: make([]node, rv.Len())}
		for i := range rv.Len() {
			n, err := fromGo(rv.Index(i).Interface(), depth+1)
			if err == nil {
				err = checkElement(n)
			}
			if err != nil {
				return nil, fmt.Errorf("element %d: %w", i, err)
			}
			arr.elems[i] = n
		}
		return arr, nil
	case reflect.Struct:
		return fromMarshal(v)
	default:
		return nil, fmt.Errorf("cannot make a pattern of a %s", t)
	}
}

// fromMarshal encodes v with encoding/json and parses the result.
func fromMarshal(v any) (node, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return fromJSON(data)
}

func fromJSON(text []byte) (node, error) {
	p, err := Parse(text)
	if err != nil {
		return nil, err
	}
	return p.root, nil
}

// isJSONNumber reports whether s follows the JSON number grammar.
func isJSONNumber(s string) bool {
	i := 0
	digits := func() int {
		n := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case digits() == 0:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}
