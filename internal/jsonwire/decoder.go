// Package jsonwire reads and writes JSON text for the stream-json wire
// protocol without reflection.
//
// A [Decoder] walks one JSON text held in memory, validating it as it goes
// with the rules of RFC 8259 and the choices encoding/json makes where the RFC
// leaves room: invalid UTF-8 inside strings is accepted and read as U+FFFD,
// lone surrogate escapes are read as U+FFFD, nesting deeper than [MaxDepth]
// is an error. The Append functions write JSON the way the Claude Code CLI's
// JavaScript runtime does (no HTML escaping, shortest round-trip numbers).
package jsonwire

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/bits"
	"unicode/utf8"
	"unsafe"
)

// MaxDepth is the deepest nesting of arrays and objects a Decoder accepts,
// the same limit encoding/json applies.
const MaxDepth = 10000

// Kind is the kind of a JSON value, known from its first byte.
type Kind uint8

// The kinds of JSON values.
const (
	Invalid Kind = iota // not the start of a JSON value
	Null                // null
	Bool                // true or false
	Number              // a number
	String              // a string
	Array               // an array
	Object              // an object
)

// String returns the kind's name as JSON documentation spells it.
func (k Kind) String() string {
	switch k {
	case Null:
		return "null"
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
	return "invalid"
}

// SyntaxError describes malformed JSON and where it was found.
type SyntaxError struct {
	Offset int    // byte offset in the input where the problem was found
	Msg    string // what was wrong
}

// Error implements error.
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("invalid JSON at offset %d: %s", e.Offset, e.Msg)
}

// DepthError reports arrays and objects nested deeper than [MaxDepth]:
// JSON that RFC 8259 allows but a Decoder refuses, as encoding/json does.
type DepthError struct {
	Offset int // byte offset in the input of the array or object too deep
}

// Error implements error.
func (e *DepthError) Error() string {
	return fmt.Sprintf("JSON nested deeper than %d levels at offset %d", MaxDepth, e.Offset)
}

// Decoder reads one JSON text from a byte slice. The zero value reads an
// empty input; use [Decoder.Reset] to point it at data.
//
// When AliasStrings is set, strings that need no unescaping are returned as
// views of the input without copying; the caller then promises never to
// modify the input while such strings are in use.
type Decoder struct {
	data  []byte
	pos   int
	depth int

	// AliasStrings makes ReadString return views of the input where it can.
	AliasStrings bool
}

// Reset makes the decoder read data from its start.
func (d *Decoder) Reset(data []byte) {
	d.data = data
	d.pos = 0
	d.depth = 0
}

// Data returns the input the decoder reads.
func (d *Decoder) Data() []byte { return d.data }

// Pos returns the offset of the next unread byte.
func (d *Decoder) Pos() int { return d.pos }

// Depth returns the current nesting depth of arrays and objects.
func (d *Decoder) Depth() int { return d.depth }

// Rewind moves the decoder back to an offset and depth it reported earlier.
func (d *Decoder) Rewind(pos, depth int) {
	d.pos = pos
	d.depth = depth
}

func (d *Decoder) errorf(format string, args ...any) error {
	return &SyntaxError{Offset: d.pos, Msg: fmt.Sprintf(format, args...)}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func (d *Decoder) skipSpace() {
	for d.pos < len(d.data) && isSpace(d.data[d.pos]) {
		d.pos++
	}
}

// Peek skips whitespace and returns the kind of the next value without
// consuming it. It returns Invalid at the end of the input or before a byte
// that cannot start a value.
func (d *Decoder) Peek() Kind {
	d.skipSpace()
	if d.pos >= len(d.data) {
		return Invalid
	}
	switch c := d.data[d.pos]; c {
	case '{':
		return Object
	case '[':
		return Array
	case '"':
		return String
	case 't', 'f':
		return Bool
	case 'n':
		return Null
	default:
		if c == '-' || (c >= '0' && c <= '9') {
			return Number
		}
	}
	return Invalid
}

func (d *Decoder) unexpected(what string) error {
	if d.pos >= len(d.data) {
		return d.errorf("unexpected end of input, want %s", what)
	}
	return d.errorf("unexpected %s, want %s", quoteByte(d.data[d.pos]), what)
}

func quoteByte(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return fmt.Sprintf("%q", rune(c))
	}
	return fmt.Sprintf("byte 0x%02x", c)
}

func (d *Decoder) literal(lit string) error {
	if len(d.data)-d.pos >= len(lit) && string(d.data[d.pos:d.pos+len(lit)]) == lit {
		d.pos += len(lit)
		return nil
	}
	// Report the first byte that differs.
	for i := 0; i < len(lit); i++ {
		if d.pos+i >= len(d.data) || d.data[d.pos+i] != lit[i] {
			d.pos += i
			return d.unexpected(fmt.Sprintf("%q", lit))
		}
	}
	return nil
}

// ReadNull consumes a null.
func (d *Decoder) ReadNull() error {
	d.skipSpace()
	return d.literal("null")
}

// ReadBool consumes true or false.
func (d *Decoder) ReadBool() (bool, error) {
	d.skipSpace()
	if d.pos < len(d.data) && d.data[d.pos] == 't' {
		return true, d.literal("true")
	}
	if d.pos < len(d.data) && d.data[d.pos] == 'f' {
		return false, d.literal("false")
	}
	return false, d.unexpected("true or false")
}

// ReadNumber consumes a number and returns its literal text, a view of the
// input.
func (d *Decoder) ReadNumber() ([]byte, error) {
	d.skipSpace()
	start := d.pos
	data := d.data
	i := d.pos
	if i < len(data) && data[i] == '-' {
		i++
	}
	switch {
	case i < len(data) && data[i] == '0':
		i++
	case i < len(data) && data[i] >= '1' && data[i] <= '9':
		i++
		for i < len(data) && data[i] >= '0' && data[i] <= '9' {
			i++
		}
	default:
		d.pos = i
		return nil, d.unexpected("digit")
	}
	if i < len(data) && data[i] == '.' {
		i++
		if i >= len(data) || data[i] < '0' || data[i] > '9' {
			d.pos = i
			return nil, d.unexpected("digit after decimal point")
		}
		for i < len(data) && data[i] >= '0' && data[i] <= '9' {
			i++
		}
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if i >= len(data) || data[i] < '0' || data[i] > '9' {
			d.pos = i
			return nil, d.unexpected("digit in exponent")
		}
		for i < len(data) && data[i] >= '0' && data[i] <= '9' {
			i++
		}
	}
	d.pos = i
	return data[start:i], nil
}

// stringFlags tells what a string's body holds.
type stringFlags uint8

const (
	hasEscape   stringFlags = 1 << iota // a backslash escape
	hasNonASCII                         // a byte >= 0x80
)

// special marks the bytes the string scanner must stop at: the quote, the
// backslash, control characters and non-ASCII bytes.
var special = func() (t [256]bool) {
	for c := 0; c < 0x20; c++ {
		t[c] = true
	}
	t['"'] = true
	t['\\'] = true
	for c := 0x80; c < 0x100; c++ {
		t[c] = true
	}
	return t
}()

// scanString consumes a string and returns its body (between the quotes) and
// what it holds. Escapes are validated but not decoded.
func (d *Decoder) scanString() ([]byte, stringFlags, error) {
	d.skipSpace()
	data := d.data
	if d.pos >= len(data) || data[d.pos] != '"' {
		return nil, 0, d.unexpected("string")
	}
	start := d.pos + 1
	i := start
	var flags stringFlags
	for {
		// Skip ordinary bytes eight at a time, up to the first special one.
		for i+8 <= len(data) {
			if m := specialMask(binary.LittleEndian.Uint64(data[i:])); m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				break
			}
			i += 8
		}
		for i < len(data) && !special[data[i]] {
			i++
		}
		if i >= len(data) {
			d.pos = i
			return nil, 0, d.errorf("unterminated string")
		}
		switch c := data[i]; {
		case c == '"':
			d.pos = i + 1
			return data[start:i], flags, nil
		case c == '\\':
			flags |= hasEscape
			i++
			if i >= len(data) {
				d.pos = i
				return nil, 0, d.errorf("unterminated string")
			}
			switch data[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i++
			case 'u':
				i++
				for k := 0; k < 4; k++ {
					if i >= len(data) || !isHex(data[i]) {
						d.pos = i
						return nil, 0, d.unexpected("hexadecimal digit in \\u escape")
					}
					i++
				}
			default:
				d.pos = i
				return nil, 0, d.errorf("invalid escape %s in string", quoteByte(data[i]))
			}
		case c < 0x20:
			d.pos = i
			return nil, 0, d.errorf("control character %s in string", quoteByte(c))
		default:
			flags |= hasNonASCII
			i++
		}
	}
}

// hasSpecial reports whether one of the eight bytes in x is special: a
// quote, a backslash, a control character or a non-ASCII byte.
func hasSpecial(x uint64) bool { return specialMask(x) != 0 }

// specialMask returns the high bits of the bytes of x (little-endian, the
// first byte lowest) that may be special. The lowest bit set always marks
// the first special byte; bits above it may be false alarms, which come
// from borrows out of that byte.
func specialMask(x uint64) uint64 {
	const (
		ones  = 0x0101010101010101
		highs = 0x8080808080808080
	)
	quote := x ^ (ones * '"')
	backslash := x ^ (ones * '\\')
	// A byte is zero in v exactly when (v - 1) sets its high bit and v does
	// not have it; bytes >= 0x80 are caught by x&highs directly.
	return ((x - ones*0x20) | (quote - ones) | (backslash - ones) | x) & highs
}

// hasBackslashOrHigh reports whether one of the eight bytes in x is a
// backslash or a non-ASCII byte.
func hasBackslashOrHigh(x uint64) bool {
	const (
		ones  = 0x0101010101010101
		highs = 0x8080808080808080
	)
	return (((x^(ones*'\\'))-ones)|x)&highs != 0
}

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

// ReadString consumes a string and returns its value with escapes decoded,
// invalid UTF-8 and lone surrogates replaced by U+FFFD.
func (d *Decoder) ReadString() (string, error) {
	body, flags, err := d.scanString()
	if err != nil {
		return "", err
	}
	return d.stringValue(body, flags), nil
}

// ReadStringRaw consumes a string and returns its body between the quotes,
// undecoded, as a view of the input.
func (d *Decoder) ReadStringRaw() ([]byte, error) {
	body, _, err := d.scanString()
	return body, err
}

func (d *Decoder) stringValue(body []byte, flags stringFlags) string {
	if flags&hasEscape == 0 && (flags&hasNonASCII == 0 || utf8.Valid(body)) {
		if len(body) == 0 {
			return ""
		}
		if d.AliasStrings {
			return unsafe.String(unsafe.SliceData(body), len(body))
		}
		return string(body)
	}
	size := len(body) // escapes only shorten the text; invalid UTF-8 may grow it
	if len(body) >= exactSizeFrom && (flags&hasNonASCII == 0 || utf8.Valid(body)) {
		// A long string is unquoted into a buffer of its exact size, so
		// that it and the line it comes from take no more than twice the
		// line together.
		size = unquotedLen(body)
	}
	buf := Unquote(make([]byte, 0, size), body)
	return unsafe.String(unsafe.SliceData(buf), len(buf))
}

// exactSizeFrom is the length of string body from which ReadString sizes
// the value exactly (unquotedLen) before unquoting it, one more pass
// over the body; a shorter one gets a buffer of the body's size.
const exactSizeFrom = 32 << 10

// unquotedLen returns the length of the value of a string body (the text
// between the quotes, already validated) that is valid UTF-8 outside its
// escapes: the length of what [Unquote] appends. It looks at the escapes
// only; on a body with invalid UTF-8, which Unquote replaces by U+FFFD,
// it returns less than that.
func unquotedLen(body []byte) int {
	n := len(body)
	for i := 0; ; {
		j := bytes.IndexByte(body[i:], '\\')
		if j < 0 {
			return n
		}
		i += j + 1
		if body[i] != 'u' {
			n-- // a two-byte escape gives one byte
			i++
			continue
		}
		r := hex4(body[i+1:])
		i += 5
		if utf16IsSurrogate(r) {
			r2 := rune(-1)
			if i+6 <= len(body) && body[i] == '\\' && body[i+1] == 'u' {
				r2 = hex4(body[i+2:])
			}
			if utf16Decode(r, r2) != utf8.RuneError {
				i += 6
				n -= 12 - 4 // a surrogate pair gives a four-byte rune
				continue
			}
			r = utf8.RuneError
		}
		n -= 6 - utf8.RuneLen(r)
	}
}

// Unquote appends the value of a string body (the text between the quotes,
// already validated) to dst, decoding escapes and replacing invalid UTF-8 and
// lone surrogates with U+FFFD as encoding/json does.
func Unquote(dst, body []byte) []byte {
	for i := 0; i < len(body); {
		c := body[i]
		switch {
		case c == '\\':
			i++
			switch body[i] {
			case 'b':
				dst = append(dst, '\b')
			case 'f':
				dst = append(dst, '\f')
			case 'n':
				dst = append(dst, '\n')
			case 'r':
				dst = append(dst, '\r')
			case 't':
				dst = append(dst, '\t')
			case 'u':
				r := hex4(body[i+1:])
				i += 5
				if utf16IsSurrogate(r) {
					r2 := rune(-1)
					if i+6 <= len(body) && body[i] == '\\' && body[i+1] == 'u' {
						r2 = hex4(body[i+2:])
					}
					if dec := utf16Decode(r, r2); dec != utf8.RuneError {
						i += 6
						dst = utf8.AppendRune(dst, dec)
						continue
					}
					r = utf8.RuneError
				}
				dst = utf8.AppendRune(dst, r)
				continue
			default: // '"', '\\', '/'
				dst = append(dst, body[i])
			}
			i++
		case c < utf8.RuneSelf:
			// Copy a run of plain ASCII at once.
			j := i + 1
			for j+8 <= len(body) && !hasBackslashOrHigh(binary.LittleEndian.Uint64(body[j:])) {
				j += 8
			}
			for j < len(body) && body[j] != '\\' && body[j] < utf8.RuneSelf {
				j++
			}
			dst = append(dst, body[i:j]...)
			i = j
		default:
			r, size := utf8.DecodeRune(body[i:])
			if r == utf8.RuneError && size == 1 {
				dst = append(dst, "\uFFFD"...)
			} else {
				dst = append(dst, body[i:i+size]...)
			}
			i += size
		}
	}
	return dst
}

func hex4(b []byte) rune {
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			c = c - 'A' + 10
		default:
			return -1
		}
		r = r<<4 | rune(c)
	}
	return r
}

func utf16IsSurrogate(r rune) bool { return r >= 0xd800 && r < 0xe000 }

func utf16Decode(r1, r2 rune) rune {
	if r1 >= 0xd800 && r1 < 0xdc00 && r2 >= 0xdc00 && r2 < 0xe000 {
		return (r1-0xd800)<<10 | (r2 - 0xdc00) + 0x10000
	}
	return utf8.RuneError
}

// OpenObject consumes the '{' that starts an object.
func (d *Decoder) OpenObject() error {
	d.skipSpace()
	if d.pos >= len(d.data) || d.data[d.pos] != '{' {
		return d.unexpected("object")
	}
	if d.depth >= MaxDepth {
		return &DepthError{Offset: d.pos}
	}
	d.pos++
	d.depth++
	return nil
}

// ObjectNext moves to the object's next member and returns its key, leaving
// the decoder before the member's value. index counts the members already
// read (0 for the first call after OpenObject). ok is false, and the closing
// '}' consumed, when the object has no more members.
func (d *Decoder) ObjectNext(index int) (key string, ok bool, err error) {
	d.skipSpace()
	if d.pos >= len(d.data) {
		return "", false, d.unexpected("object member or '}'")
	}
	if d.data[d.pos] == '}' && index == 0 {
		d.pos++
		d.depth--
		return "", false, nil
	}
	if index > 0 {
		switch d.data[d.pos] {
		case '}':
			d.pos++
			d.depth--
			return "", false, nil
		case ',':
			d.pos++
		default:
			return "", false, d.unexpected("',' or '}' after object member")
		}
	}
	key, err = d.ReadString()
	if err != nil {
		return "", false, err
	}
	d.skipSpace()
	if d.pos >= len(d.data) || d.data[d.pos] != ':' {
		return "", false, d.unexpected("':' after object key")
	}
	d.pos++
	return key, true, nil
}

// OpenArray consumes the '[' that starts an array.
func (d *Decoder) OpenArray() error {
	d.skipSpace()
	if d.pos >= len(d.data) || d.data[d.pos] != '[' {
		return d.unexpected("array")
	}
	if d.depth >= MaxDepth {
		return &DepthError{Offset: d.pos}
	}
	d.pos++
	d.depth++
	return nil
}

// ArrayNext moves to the array's next element, leaving the decoder before
// it. index counts the elements already read. ok is false, and the closing
// ']' consumed, when the array has no more elements.
func (d *Decoder) ArrayNext(index int) (ok bool, err error) {
	d.skipSpace()
	if d.pos >= len(d.data) {
		return false, d.unexpected("array element or ']'")
	}
	if d.data[d.pos] == ']' {
		if index == 0 {
			d.pos++
			d.depth--
			return false, nil
		}
		d.pos++
		d.depth--
		return false, nil
	}
	if index > 0 {
		if d.data[d.pos] != ',' {
			return false, d.unexpected("',' or ']' after array element")
		}
		d.pos++
		d.skipSpace()
		if d.pos < len(d.data) && d.data[d.pos] == ']' {
			return false, d.unexpected("array element")
		}
	}
	return true, nil
}

// Skip consumes one value of any kind, validating it, and returns its text
// as a view of the input (without surrounding whitespace).
func (d *Decoder) Skip() ([]byte, error) {
	d.skipSpace()
	start := d.pos
	base := d.depth
	// stack records, per open container above base, whether it is an
	// object (true) or an array (false); index counts its members so far.
	var stackBuf [64]bool
	var countBuf [64]int
	stack := stackBuf[:0]
	counts := countBuf[:0]
	for {
		// Read one value, opening containers as needed.
		switch d.Peek() {
		case Object:
			if err := d.OpenObject(); err != nil {
				return nil, err
			}
			stack = append(stack, true)
			counts = append(counts, 0)
		case Array:
			if err := d.OpenArray(); err != nil {
				return nil, err
			}
			stack = append(stack, false)
			counts = append(counts, 0)
		case String:
			if _, _, err := d.scanString(); err != nil {
				return nil, err
			}
		case Number:
			if _, err := d.ReadNumber(); err != nil {
				return nil, err
			}
		case Bool:
			if _, err := d.ReadBool(); err != nil {
				return nil, err
			}
		case Null:
			if err := d.ReadNull(); err != nil {
				return nil, err
			}
		default:
			return nil, d.unexpected("value")
		}
		// Move to the next value, closing finished containers.
		for {
			if len(stack) == 0 {
				return d.data[start:d.pos], nil
			}
			top := len(stack) - 1
			n := counts[top]
			var more bool
			var err error
			if stack[top] {
				_, _, more, err = d.ObjectNextRaw(n)
			} else {
				more, err = d.ArrayNext(n)
			}
			if err != nil {
				return nil, err
			}
			if more {
				counts[top]++
				break
			}
			stack = stack[:top]
			counts = counts[:top]
			_ = base
		}
	}
}

// ObjectNextRaw is ObjectNext returning the key undecoded: its body
// between the quotes, a view of the input, and whether it holds escapes or
// non-ASCII bytes (and so may differ from its decoded value).
func (d *Decoder) ObjectNextRaw(index int) (key []byte, escaped bool, ok bool, err error) {
	d.skipSpace()
	if d.pos >= len(d.data) {
		return nil, false, false, d.unexpected("object member or '}'")
	}
	if d.data[d.pos] == '}' && index == 0 {
		d.pos++
		d.depth--
		return nil, false, false, nil
	}
	if index > 0 {
		switch d.data[d.pos] {
		case '}':
			d.pos++
			d.depth--
			return nil, false, false, nil
		case ',':
			d.pos++
		default:
			return nil, false, false, d.unexpected("',' or '}' after object member")
		}
	}
	key, flags, err := d.scanString()
	if err != nil {
		return nil, false, false, err
	}
	d.skipSpace()
	if d.pos >= len(d.data) || d.data[d.pos] != ':' {
		return nil, false, false, d.unexpected("':' after object key")
	}
	d.pos++
	return key, flags != 0, true, nil
}

// End reports an error unless only whitespace is left in the input.
func (d *Decoder) End() error {
	d.skipSpace()
	if d.pos < len(d.data) {
		return d.errorf("unexpected %s after top-level value", quoteByte(d.data[d.pos]))
	}
	return nil
}

// Valid reports whether data is exactly one valid JSON text.
func Valid(data []byte) bool {
	var d Decoder
	d.Reset(data)
	if _, err := d.Skip(); err != nil {
		return false
	}
	return d.End() == nil
}
