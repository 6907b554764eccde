package match

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Limits of the text shown in diffs and descriptions.
const (
	valueLimit  = 64 // runes of a rendered value
	detailLimit = 40 // runes of the quoted text in a description
	windowLead  = 24 // runes shown before the first difference of long strings
)

// appendText methods write pattern text; see Pattern.MarshalJSON.

func (n *objectNode) appendText(b []byte) []byte {
	b = append(b, '{')
	for i, f := range n.fields {
		if i > 0 {
			b = append(b, ',')
		}
		key := f.key
		if strings.HasPrefix(key, "$") {
			key = "$" + key
		}
		b = appendString(b, key)
		b = append(b, ':')
		b = f.value.appendText(b)
	}
	return append(b, '}')
}

func (n *arrayNode) appendText(b []byte) []byte { return appendNodes(b, n.elems) }

func appendNodes(b []byte, elems []node) []byte {
	b = append(b, '[')
	for i, e := range elems {
		if i > 0 {
			b = append(b, ',')
		}
		b = e.appendText(b)
	}
	return append(b, ']')
}

func (n stringNode) appendText(b []byte) []byte { return appendString(b, n.s) }
func (n numberNode) appendText(b []byte) []byte { return append(b, n.n...) }
func (n boolNode) appendText(b []byte) []byte   { return strconv.AppendBool(b, n.b) }
func (nullNode) appendText(b []byte) []byte     { return append(b, "null"...) }
func (anyNode) appendText(b []byte) []byte      { return appendOp(b, opAny, "true") }
func (absentNode) appendText(b []byte) []byte   { return appendOp(b, opAbsent, "true") }
func (nonEmptyNode) appendText(b []byte) []byte { return appendOp(b, opNonEmpty, "true") }
func (n typeNode) appendText(b []byte) []byte {
	return appendOp(b, opType, string(appendString(nil, n.kind)))
}
func (n regexpNode) appendText(b []byte) []byte {
	return appendOp(b, opRegexp, string(appendString(nil, n.re.String())))
}
func (n *containsNode) appendText(b []byte) []byte {
	return appendOp(b, opContains, string(appendNodes(nil, n.elems)))
}

func appendOp(b []byte, op, operand string) []byte {
	b = append(b, `{"`...)
	b = append(b, op...)
	b = append(b, `":`...)
	b = append(b, operand...)
	return append(b, '}')
}

// appendString appends s as a JSON string. Unlike encoding/json it does not
// escape <, > and &, so that pattern text stays readable; invalid UTF-8
// becomes U+FFFD.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b = append(b, '\\', byte(r))
		case r == '\n':
			b = append(b, `\n`...)
		case r == '\r':
			b = append(b, `\r`...)
		case r == '\t':
			b = append(b, `\t`...)
		case r < 0x20:
			b = append(b, '\\', 'u', '0', '0', hex[r>>4], hex[r&0xf])
		case r == '\u2028' || r == '\u2029':
			b = append(b, `\u202`...)
			b = append(b, hex[r&0xf])
		default:
			b = utf8.AppendRune(b, r)
		}
	}
	return append(b, '"')
}

func quote(s string) string { return string(appendString(nil, s)) }

func itoa(i int) string { return strconv.Itoa(i) }

// want methods describe expectations in diffs.

func (n *objectNode) want() string { return truncateText(n.appendText(nil)) }
func (n *arrayNode) want() string  { return truncateText(n.appendText(nil)) }
func (n stringNode) want() string  { return quoteTruncated(n.s, valueLimit) }
func (n numberNode) want() string  { return truncateText([]byte(n.n)) }
func (n boolNode) want() string    { return strconv.FormatBool(n.b) }
func (nullNode) want() string      { return "null" }
func (anyNode) want() string       { return "any value" }
func (absentNode) want() string    { return "absent" }
func (nonEmptyNode) want() string  { return "non-empty string, array or object" }
func (n typeNode) want() string {
	switch n.kind {
	case "null":
		return "null"
	case "array", "object":
		return "an " + n.kind
	}
	return "a " + n.kind
}
func (n regexpNode) want() string {
	return "string matching " + quoteTruncated(n.re.String(), valueLimit)
}
func (n *containsNode) want() string {
	return "array containing " + truncateText(appendNodes(nil, n.elems))
}

// truncateText shortens compact JSON text to about valueLimit runes.
func truncateText(text []byte) string {
	if utf8.RuneCount(text) <= valueLimit {
		return string(text)
	}
	return truncateRunes(string(text), valueLimit) + "… (" + itoa(len(text)) + " bytes)"
}

// truncateRunes returns the first n runes of s.
func truncateRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// quoteTruncated quotes s, keeping its first limit runes and noting the
// full length of longer strings.
func quoteTruncated(s string, limit int) string {
	if utf8.RuneCountInString(s) <= limit {
		return quote(s)
	}
	return quote(truncateRunes(s, limit)+"…") + " (" + itoa(len(s)) + " bytes)"
}

// quoteWindow quotes the part of s around byte offset at, for strings that
// differ far from their start.
func quoteWindow(s string, at int) string {
	if utf8.RuneCountInString(s) <= valueLimit {
		return quote(s)
	}
	start := at
	for n := 0; n < windowLead && start > 0; n++ {
		_, size := utf8.DecodeLastRuneInString(s[:start])
		start -= size
	}
	rest := s[start:]
	shown := truncateRunes(rest, valueLimit)
	var b strings.Builder
	if start > 0 {
		b.WriteString("…")
	}
	b.WriteString(shown)
	if len(shown) < len(rest) {
		b.WriteString("…")
	}
	return quote(b.String()) + " (" + itoa(len(s)) + " bytes)"
}

// firstDifference returns the byte offset of the first rune where a and b
// differ.
func firstDifference(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) {
		ra, sa := utf8.DecodeRuneInString(a[i:])
		rb, _ := utf8.DecodeRuneInString(b[i:])
		if ra != rb {
			return i
		}
		i += sa
	}
	return i
}

// render describes an actual (decoded) value in a diff: compact JSON,
// shortened to about valueLimit runes.
func render(v any) string {
	if s, ok := v.(string); ok {
		return quoteTruncated(s, valueLimit)
	}
	// Encode at most a little more than needed: the limit is in runes.
	b, complete := appendValue(nil, v, 4*valueLimit+8)
	if complete && utf8.RuneCount(b) <= valueLimit {
		return string(b)
	}
	return truncateRunes(string(b), valueLimit) + "…"
}

// appendValue appends v as compact JSON with sorted object keys (like
// encoding/json), stopping once b holds more than limit bytes; complete
// reports whether it wrote all of v.
func appendValue(b []byte, v any, limit int) (_ []byte, complete bool) {
	if len(b) > limit {
		return b, false
	}
	switch x := v.(type) {
	case nil:
		return append(b, "null"...), true
	case bool:
		return strconv.AppendBool(b, x), true
	case json.Number:
		return append(b, x...), true
	case string:
		if len(x) > limit-len(b) {
			return appendString(b, truncateRunes(x, limit-len(b))), false
		}
		return appendString(b, x), true
	case []any:
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			if b, complete = appendValue(b, e, limit); !complete {
				return b, false
			}
		}
		return append(b, ']'), true
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, k)
			b = append(b, ':')
			if b, complete = appendValue(b, x[k], limit); !complete {
				return b, false
			}
		}
		return append(b, '}'), true
	default:
		// Decoded JSON holds only the types above.
		return append(b, "?"...), true
	}
}

// kindOf returns the JSON type name of a decoded value, as $type names it.
func kindOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case json.Number:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	default:
		return "unknown"
	}
}
