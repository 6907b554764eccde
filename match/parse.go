package match

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// maxDepth bounds the nesting of patterns, in text and in Go values.
const maxDepth = 1000

// ParseError reports pattern text that is not valid JSON or not a valid
// pattern.
type ParseError struct {
	// Offset is the byte offset in the pattern text of the value in error
	// (for JSON syntax errors, where the decoder stopped).
	Offset int64
	// Path names the value in error, as Diff.Path does; "" is the root.
	Path string
	// Err says what is wrong.
	Err error
}

// Error formats the error with its path and offset.
func (e *ParseError) Error() string {
	where := fmt.Sprintf("byte %d", e.Offset)
	if e.Path != "" {
		where = e.Path + " (" + where + ")"
	}
	return "match: pattern at " + where + ": " + e.Err.Error()
}

// Unwrap returns the underlying error, such as a *json.SyntaxError or a
// *regexp/syntax.Error.
func (e *ParseError) Unwrap() error { return e.Err }

// Parse parses pattern text: one JSON value with the operators of the
// package documentation. Errors are *ParseError. The label of the result
// is derived from its content (see [Pattern.Label]).
func Parse(text []byte) (Pattern, error) {
	if len(bytes.TrimSpace(text)) == 0 {
		return Pattern{}, &ParseError{Err: errors.New("empty pattern text")}
	}
	p := parser{text: text, dec: json.NewDecoder(bytes.NewReader(text))}
	p.dec.UseNumber()
	root, err := p.value()
	if err != nil {
		return Pattern{}, err
	}
	start := p.next()
	if _, err := p.dec.Token(); !errors.Is(err, io.EOF) {
		return Pattern{}, &ParseError{Offset: start, Err: errors.New("data after the pattern value")}
	}
	return Pattern{root: root}, nil
}

// MustParse is like [Parse] but panics on error; it is meant for pattern
// text written in Go source.
func MustParse(text string) Pattern {
	p, err := Parse([]byte(text))
	if err != nil {
		panic(err)
	}
	return p
}

// parser builds pattern nodes from the tokens of a json.Decoder.
type parser struct {
	text []byte
	dec  *json.Decoder
	path []segment
}

// next returns the offset of the next token: the decoder's offset past
// separators and white space.
func (p *parser) next() int64 {
	i := p.dec.InputOffset()
	for i < int64(len(p.text)) && strings.IndexByte(" \t\r\n,:", p.text[i]) >= 0 {
		i++
	}
	return i
}

func (p *parser) errorAt(offset int64, err error) error {
	return &ParseError{Offset: offset, Path: formatPath(p.path), Err: err}
}

// token reads the next token, turning decoder errors into ParseErrors.
func (p *parser) token() (json.Token, error) {
	start := p.next()
	tok, err := p.dec.Token()
	if err == nil {
		return tok, nil
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, p.errorAt(int64(len(p.text)), errors.New("unexpected end of pattern text"))
	}
	if se, ok := errors.AsType[*json.SyntaxError](err); ok {
		return nil, p.errorAt(se.Offset, err)
	}
	return nil, p.errorAt(start, err)
}

// value parses the next value.
func (p *parser) value() (node, error) {
	start := p.next()
	tok, err := p.token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		if len(p.path) >= maxDepth {
			return nil, p.errorAt(start, fmt.Errorf("nesting deeper than %d", maxDepth))
		}
		switch t {
		case '{':
			return p.object(start)
		case '[':
			return p.array()
		}
		// The decoder only returns opening delimiters where a value starts.
		return nil, p.errorAt(start, fmt.Errorf("unexpected %q", rune(t)))
	case string:
		return stringNode{s: t}, nil
	case json.Number:
		return numberNode{n: t}, nil
	case bool:
		return boolNode{b: t}, nil
	case nil:
		return nullNode{}, nil
	default:
		return nil, p.errorAt(start, fmt.Errorf("unexpected token %v", tok))
	}
}

// object parses the members of an object whose '{' is at start, and the
// closing '}'.
func (p *parser) object(start int64) (node, error) {
	obj := &objectNode{}
	var (
		op      string // operator key, if any
		opValue node
		seen    = map[string]bool{}
	)
	for p.dec.More() {
		keyStart := p.next()
		tok, err := p.token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string) // the decoder only returns strings as keys
		if seen[key] {
			return nil, p.errorAt(keyStart, fmt.Errorf("duplicate key %s", quote(key)))
		}
		seen[key] = true
		isOp := strings.HasPrefix(key, "$") && !strings.HasPrefix(key, "$$")
		if strings.HasPrefix(key, "$$") {
			key = key[1:] // escaped literal key
		}
		if isOp {
			if op == "" {
				op = key
			}
		}
		p.path = append(p.path, keySegment(key))
		v, err := p.value()
		p.path = p.path[:len(p.path)-1]
		if err != nil {
			return nil, err
		}
		if isOp {
			if op == key {
				opValue = v
			}
			continue
		}
		obj.fields = append(obj.fields, field{key: key, value: v})
	}
	if _, err := p.token(); err != nil { // '}'
		return nil, err
	}
	if op == "" {
		return obj, nil
	}
	if len(seen) > 1 {
		return nil, p.errorAt(start, fmt.Errorf(
			"operator %s must be the only key of its object (write %s for a literal key %s)",
			op, quote("$"+op), quote(op)))
	}
	n, err := operator(op, opValue)
	if err != nil {
		return nil, p.errorAt(start, err)
	}
	return n, nil
}

// operator builds the node of operator op with operand v.
func operator(op string, v node) (node, error) {
	wantTrue := func(n node) (node, error) {
		if b, ok := v.(boolNode); ok && b.b {
			return n, nil
		}
		return nil, fmt.Errorf("%s takes true, got %s", op, v.appendText(nil))
	}
	switch op {
	case opAny:
		return wantTrue(anyNode{})
	case opAbsent:
		return wantTrue(absentNode{})
	case opNonEmpty:
		return wantTrue(nonEmptyNode{})
	case opType:
		s, ok := v.(stringNode)
		if !ok {
			return nil, fmt.Errorf("%s takes a string, got %s", op, v.appendText(nil))
		}
		return newTypeNode(s.s)
	case opRegexp:
		s, ok := v.(stringNode)
		if !ok {
			return nil, fmt.Errorf("%s takes a string, got %s", op, v.appendText(nil))
		}
		n, err := newRegexpNode(s.s)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", op, err)
		}
		return n, nil
	case opContains:
		a, ok := v.(*arrayNode)
		if !ok {
			return nil, fmt.Errorf("%s takes an array, got %s", op, truncateText(v.appendText(nil)))
		}
		return &containsNode{elems: a.elems}, nil
	default:
		return nil, fmt.Errorf("unknown operator %s (known: %s; write %s for a literal key %s)",
			quote(op), operators, quote("$"+op), quote(op))
	}
}

// array parses the elements of an array and the closing ']'.
func (p *parser) array() (node, error) {
	arr := &arrayNode{}
	for p.dec.More() {
		start := p.next()
		p.path = append(p.path, indexSegment(len(arr.elems)))
		v, err := p.value()
		if err == nil {
			if err = checkElement(v); err != nil {
				err = p.errorAt(start, err)
			}
		}
		p.path = p.path[:len(p.path)-1]
		if err != nil {
			return nil, err
		}
		arr.elems = append(arr.elems, v)
	}
	if _, err := p.token(); err != nil { // ']'
		return nil, err
	}
	return arr, nil
}
