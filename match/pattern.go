package match

import (
	"encoding/json"
	"errors"
	"regexp"
	"strings"
)

// Pattern is a partial description of a JSON value; see the package
// documentation for the rules. Build one with [Parse], [MustParse], [Value]
// or a constructor. The zero Pattern matches nothing: [Pattern.Match]
// reports it as a difference and [Pattern.MarshalJSON] fails.
//
// A Pattern is immutable and safe for concurrent use.
type Pattern struct {
	root  node
	label string
}

// node is one value of a pattern tree.
type node interface {
	// match compares the actual value (present is false for a missing
	// object member) and reports into w; it returns whether it matched.
	match(w *walker, actual any, present bool) bool
	// appendText appends the pattern text of the node.
	appendText(b []byte) []byte
	// want describes what the node expects, for a Diff.
	want() string
}

type (
	objectNode struct{ fields []field }
	field      struct {
		key   string // literal key, unescaped
		value node
	}
	arrayNode    struct{ elems []node }
	stringNode   struct{ s string }
	numberNode   struct{ n json.Number }
	boolNode     struct{ b bool }
	nullNode     struct{}
	anyNode      struct{}
	absentNode   struct{}
	nonEmptyNode struct{}
	typeNode     struct{ kind string }
	regexpNode   struct{ re *regexp.Regexp }
	containsNode struct{ elems []node }
)

// Operator names, as written in pattern text.
const (
	opAny      = "$any"
	opAbsent   = "$absent"
	opType     = "$type"
	opRegexp   = "$regexp"
	opNonEmpty = "$nonempty"
	opContains = "$contains"
)

// operators lists the operator names for error messages.
const operators = "$absent, $any, $contains, $nonempty, $regexp, $type"

// JSON type names accepted by $type, as returned by kindOf.
var kinds = []string{"string", "number", "boolean", "null", "object", "array"}

// errZero is the error of operations on the zero Pattern.
var errZero = errors.New("match: zero Pattern (build patterns with Parse, MustParse, Value or a constructor)")

// Label returns a short description of the message kind the pattern
// matches, like the message column of the protocol reference:
// "system/init", "assistant(text)", "assistant(tool_use:Bash)",
// "user(tool_result:error)", "result/success(is_error:true)". Unless set
// with [Pattern.WithLabel], it is derived from the literal values of the
// pattern's type, subtype and first content block, as [MessageLabel] does
// for actual messages. It is "" when the pattern names no literal "type".
func (p Pattern) Label() string {
	if p.label != "" {
		return p.label
	}
	if p.root == nil {
		return ""
	}
	return label(patternView{p.root})
}

// WithLabel returns a copy of p whose [Pattern.Label] is label. An empty
// label restores the derived one.
func (p Pattern) WithLabel(label string) Pattern {
	p.label = label
	return p
}

// MarshalJSON returns the pattern text of p, compact, with object keys in
// the order they were given (sorted for Go maps). [Parse] of the result
// gives an equivalent Pattern. It fails for the zero Pattern.
func (p Pattern) MarshalJSON() ([]byte, error) {
	if p.root == nil {
		return nil, errZero
	}
	return p.root.appendText(nil), nil
}

// UnmarshalJSON sets p to the pattern that data describes, as [Parse]
// does, so that patterns can be fields of a scenario file decoded with
// encoding/json. It keeps no label set with [Pattern.WithLabel].
func (p *Pattern) UnmarshalJSON(data []byte) error {
	q, err := Parse(data)
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// LiteralString returns the string p requires at path, a list of object
// keys ("response", "request_id"), when the pattern gives a literal string
// there; ok is false for any other pattern (an operator, a number, a
// missing key) and for the zero Pattern.
func (p Pattern) LiteralString(path ...string) (s string, ok bool) {
	if p.root == nil {
		return "", false
	}
	return patternView{p.root}.str(path...)
}

// String returns the pattern text of p, or "<zero Pattern>".
func (p Pattern) String() string {
	if p.root == nil {
		return "<zero Pattern>"
	}
	return string(p.root.appendText(nil))
}

// describe returns the label of p followed by the literal text it expects,
// if any ("assistant(text) \"Done.\""), or its truncated pattern text when
// it has no label.
func (p Pattern) describe() string {
	if p.root == nil {
		return "<zero Pattern>"
	}
	v := patternView{p.root}
	l := p.Label()
	if l == "" {
		return truncateText(p.root.appendText(nil))
	}
	if d, ok := detail(v); ok {
		return l + " " + quoteTruncated(d, detailLimit)
	}
	return l
}

// Any returns a pattern matching any value that is present, null included:
// {"$any":true}.
func Any() Pattern { return Pattern{root: anyNode{}} }

// Absent returns a pattern matching a missing object member:
// {"$absent":true}. Use it as the value of a map given to [Value]; it
// cannot be an array element ([Value] and [Contains] panic).
func Absent() Pattern { return Pattern{root: absentNode{}} }

// NonEmpty returns a pattern matching a non-empty string, array or object:
// {"$nonempty":true}.
func NonEmpty() Pattern { return Pattern{root: nonEmptyNode{}} }

// Type returns a pattern matching any value of the JSON type kind:
// {"$type":kind}. Kind is one of "string", "number", "boolean", "null",
// "object", "array"; Type panics for anything else.
func Type(kind string) Pattern {
	n, err := newTypeNode(kind)
	if err != nil {
		panic("match.Type: " + err.Error())
	}
	return Pattern{root: n}
}

// Regexp returns a pattern matching strings that the RE2 expression expr
// matches (unanchored, like [regexp.Regexp.MatchString]): {"$regexp":expr}.
// It panics if expr does not compile, like [regexp.MustCompile]; pattern
// text given to [Parse] reports the error instead.
func Regexp(expr string) Pattern {
	n, err := newRegexpNode(expr)
	if err != nil {
		panic("match.Regexp: " + err.Error())
	}
	return Pattern{root: n}
}

// Contains returns a pattern matching an array that has elements matching
// elems, in this order, with any other elements before, between and after:
// {"$contains":[...]}. Each element is converted as by [Value], which
// panics on values it cannot convert; Contains panics as well for an
// [Absent] element.
func Contains(elems ...any) Pattern {
	c := &containsNode{elems: make([]node, len(elems))}
	for i, e := range elems {
		n, err := fromGo(e, 1)
		if err == nil {
			err = checkElement(n)
		}
		if err != nil {
			panic("match.Contains: element " + itoa(i) + ": " + err.Error())
		}
		c.elems[i] = n
	}
	return Pattern{root: c}
}

// checkElement rejects nodes that cannot be array elements.
func checkElement(n node) error {
	if _, ok := n.(absentNode); ok {
		return errors.New(opAbsent + " cannot be an array element: it only matches a missing object member")
	}
	return nil
}

func newTypeNode(kind string) (node, error) {
	for _, k := range kinds {
		if k == kind {
			return typeNode{kind: kind}, nil
		}
	}
	return nil, errors.New(opType + ` wants one of "` + strings.Join(kinds, `", "`) + `", got ` + quote(kind))
}

func newRegexpNode(expr string) (node, error) {
	re, err := regexp.Compile(expr)
	if err != nil {
		return nil, err
	}
	return regexpNode{re: re}, nil
}
