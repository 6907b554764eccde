package match

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Option changes how patterns are compared.
type Option func(*config)

type config struct {
	ignore []ignorePath
}

func newConfig(opts []Option) *config {
	c := &config{}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Ignore returns an option under which the values at paths, and
// everything below them, are not compared, whatever the pattern says there.
// A path names keys and array indexes joined with dots, "*" standing for any
// single key or index, backslash escaping ".", "*" and "\" in keys:
// Ignore("session_id", "message.content.*.id"). Options accumulate:
// several Ignore options ignore the union of their paths.
//
// An ignored array element is not compared, but the array's length still
// is, since the length belongs to the array's own path. The root cannot be
// ignored: Ignore("") names the key "" of the root object.
func Ignore(paths ...string) Option {
	parsed := make([]ignorePath, len(paths))
	for i, p := range paths {
		parsed[i] = parseIgnorePath(p)
	}
	return func(c *config) { c.ignore = append(c.ignore, parsed...) }
}

// segment is one step of a path: an object key, or an array index when
// index >= 0.
type segment struct {
	key   string
	index int
}

func keySegment(k string) segment { return segment{key: k, index: -1} }
func indexSegment(i int) segment  { return segment{index: i} }
func (s segment) isIndex() bool   { return s.index >= 0 }
func (s segment) text() string {
	if s.isIndex() {
		return strconv.Itoa(s.index)
	}
	return escapeKey(s.key)
}

// escapeKey escapes the characters that have a meaning in paths.
func escapeKey(k string) string {
	if !strings.ContainsAny(k, `.*\`) {
		return k
	}
	var b strings.Builder
	for _, r := range k {
		if r == '.' || r == '*' || r == '\\' {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// formatPath renders a path as Diff.Path does.
func formatPath(path []segment) string {
	var b strings.Builder
	for i, s := range path {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s.text())
	}
	return b.String()
}

// ignorePath is a parsed Ignore path.
type ignorePath []ignoreSegment

type ignoreSegment struct {
	wildcard bool
	key      string
	index    int // the key as an array index, or -1
}

func parseIgnorePath(p string) ignorePath {
	var (
		path    ignorePath
		key     strings.Builder
		escaped bool // the segment so far has an escape
	)
	end := func() {
		k := key.String()
		seg := ignoreSegment{key: k, index: -1}
		if k == "*" && !escaped {
			seg.wildcard = true
		} else if n, err := strconv.Atoi(k); err == nil && n >= 0 && strconv.Itoa(n) == k {
			seg.index = n
		}
		path = append(path, seg)
		key.Reset()
		escaped = false
	}
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '\\' && i+1 < len(p):
			i++
			key.WriteByte(p[i])
			escaped = true
		case c == '.':
			end()
		default:
			key.WriteByte(c)
		}
	}
	end()
	return path
}

func (ip ignorePath) matches(path []segment) bool {
	if len(ip) != len(path) {
		return false
	}
	for i, s := range ip {
		switch {
		case s.wildcard:
		case path[i].isIndex():
			if s.index != path[i].index {
				return false
			}
		case s.key != path[i].key:
			return false
		}
	}
	return true
}

// Diff is one difference between a pattern and an actual value.
type Diff struct {
	// Path names the actual value compared; "" is the root. See the
	// package documentation for the syntax.
	Path string
	// Want is what the pattern expects there, shortened for display.
	Want string
	// Got is the actual value, shortened for display, or "absent".
	Got string
	// Reason says more when Want and Got do not tell the whole story; it
	// is often empty.
	Reason string
}

// String formats d as one line: `path: want W got G (reason)`.
func (d Diff) String() string {
	path := d.Path
	if path == "" {
		path = "(root)"
	}
	s := path + ": want " + d.Want + " got " + d.Got
	if d.Reason != "" {
		s += " (" + d.Reason + ")"
	}
	return s
}

// Mismatch is the list of differences found by [Pattern.Match], in pattern
// order.
type Mismatch struct {
	// Diffs holds at least one difference.
	Diffs []Diff
}

// maxShownDiffs bounds the differences listed by error texts.
const maxShownDiffs = 10

// Error lists the differences, one per line after the first when there are
// several, at most ten.
func (m *Mismatch) Error() string {
	switch len(m.Diffs) {
	case 0:
		return "match: no differences"
	case 1:
		return "match: " + m.Diffs[0].String()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "match: %d differences:", len(m.Diffs))
	writeDiffs(&b, m.Diffs, "\n  ")
	return b.String()
}

// writeDiffs writes at most maxShownDiffs diffs, each after prefix.
func writeDiffs(b *strings.Builder, diffs []Diff, prefix string) {
	for i, d := range diffs {
		if i == maxShownDiffs {
			fmt.Fprintf(b, "%s... and %d more", prefix, len(diffs)-i)
			break
		}
		b.WriteString(prefix)
		b.WriteString(d.String())
	}
}

// Match compares the JSON value actual with p. It returns nil when actual
// matches, else the differences. Invalid JSON in actual is reported as a
// difference at the root.
//
// The result is a *Mismatch so that callers can read its Diffs; compare it
// with nil before storing it in an error variable, since a nil *Mismatch
// in an error is not a nil error.
func (p Pattern) Match(actual []byte, opts ...Option) *Mismatch {
	v, err := decode(actual)
	if err != nil {
		return &Mismatch{Diffs: []Diff{{
			Want:   "a JSON value",
			Got:    truncateText(bytes.TrimSpace(actual)),
			Reason: err.Error(),
		}}}
	}
	w := walker{cfg: newConfig(opts), mode: modeFull}
	if p.compare(&w, v) {
		return nil
	}
	return &Mismatch{Diffs: w.diffs}
}

// compare matches the root of p against a decoded value.
func (p Pattern) compare(w *walker, v any) bool {
	if p.root == nil {
		if w.full() {
			w.add(Diff{Want: "a pattern", Got: render(v), Reason: errZero.Error()})
		}
		return w.fail()
	}
	return p.root.match(w, v, true)
}

// decode decodes one JSON value, numbers as json.Number, rejecting
// trailing data.
func decode(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, errors.New("empty input")
		}
		return nil, err
	}
	end := dec.InputOffset()
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		for end < int64(len(data)) && strings.IndexByte(" \t\r\n", data[end]) >= 0 {
			end++
		}
		return nil, fmt.Errorf("data after the JSON value at byte %d", end)
	}
	return v, nil
}

// mode says how much a walker records.
type mode int

const (
	modeQuick mode = iota // stop at the first difference
	modeCount             // count differences and matched leaves
	modeFull              // also record the differences
)

// walker carries the state of one comparison.
type walker struct {
	cfg    *config
	mode   mode
	path   []segment
	diffs  []Diff
	ndiffs int // differences found
	score  int // leaves (scalars, matchers, lengths, empty containers) that matched
}

func (w *walker) full() bool { return w.mode == modeFull }

// ok counts a matched leaf.
func (w *walker) ok() bool {
	w.score++
	return true
}

// fail counts a difference.
func (w *walker) fail() bool {
	w.ndiffs++
	return false
}

// add records a difference at the current path; callers check full first.
func (w *walker) add(d Diff) {
	d.Path = formatPath(w.path)
	w.diffs = append(w.diffs, d)
}

// differ records that actual (present or not) is not what n wants.
func (w *walker) differ(n node, actual any, present bool, reason string) bool {
	if w.full() {
		got := "absent"
		if present {
			got = render(actual)
		}
		w.add(Diff{Want: n.want(), Got: got, Reason: reason})
	}
	return w.fail()
}

// descend matches n against the value at seg below the current path,
// unless that path is ignored.
func (w *walker) descend(seg segment, n node, actual any, present bool) bool {
	w.path = append(w.path, seg)
	defer func() { w.path = w.path[:len(w.path)-1] }()
	for _, ip := range w.cfg.ignore {
		if ip.matches(w.path) {
			return true
		}
	}
	return n.match(w, actual, present)
}

func (n *objectNode) match(w *walker, actual any, present bool) bool {
	obj, isObject := actual.(map[string]any)
	if !present || !isObject {
		return w.differ(n, actual, present, "")
	}
	if len(n.fields) == 0 {
		return w.ok()
	}
	matched := true
	for _, f := range n.fields {
		v, has := obj[f.key]
		if !w.descend(keySegment(f.key), f.value, v, has) {
			matched = false
			if w.mode == modeQuick {
				return false
			}
		}
	}
	return matched
}

func (n *arrayNode) match(w *walker, actual any, present bool) bool {
	arr, isArray := actual.([]any)
	if !present || !isArray {
		return w.differ(n, actual, present, "")
	}
	matched := true
	if len(arr) == len(n.elems) {
		w.ok()
	} else {
		if w.full() {
			w.add(Diff{Want: elements(len(n.elems)), Got: elements(len(arr)), Reason: "array length"})
		}
		matched = w.fail()
		if w.mode == modeQuick {
			return false
		}
	}
	for i := range min(len(arr), len(n.elems)) {
		if !w.descend(indexSegment(i), n.elems[i], arr[i], true) {
			matched = false
			if w.mode == modeQuick {
				return false
			}
		}
	}
	return matched
}

// elements formats an array length.
func elements(n int) string {
	if n == 1 {
		return "1 element"
	}
	return strconv.Itoa(n) + " elements"
}

func (n stringNode) match(w *walker, actual any, present bool) bool {
	s, isString := actual.(string)
	switch {
	case present && isString && s == n.s:
		return w.ok()
	case present && isString && (len(s) > valueLimit || len(n.s) > valueLimit):
		// Show both strings around their first difference.
		if w.full() {
			at := firstDifference(n.s, s)
			w.add(Diff{
				Want:   quoteWindow(n.s, at),
				Got:    quoteWindow(s, at),
				Reason: "first difference at byte " + strconv.Itoa(at),
			})
		}
		return w.fail()
	default:
		return w.differ(n, actual, present, "")
	}
}

func (n numberNode) match(w *walker, actual any, present bool) bool {
	if a, isNumber := actual.(json.Number); present && isNumber && numbersEqual(n.n, a) {
		return w.ok()
	}
	return w.differ(n, actual, present, "")
}

// numbersEqual compares JSON numbers by value: integers exactly, others as
// float64; numbers out of the float64 range only equal the same text.
func numbersEqual(a, b json.Number) bool {
	if a == b {
		return true
	}
	ai, aInt := canonicalInt(string(a))
	bi, bInt := canonicalInt(string(b))
	if aInt && bInt {
		return ai == bi
	}
	fa, errA := strconv.ParseFloat(string(a), 64)
	fb, errB := strconv.ParseFloat(string(b), 64)
	return errA == nil && errB == nil && fa == fb
}

// canonicalInt reports whether s is a JSON integer and returns it with
// "-0" folded into "0".
func canonicalInt(s string) (string, bool) {
	digits := strings.TrimPrefix(s, "-")
	if digits == "" {
		return "", false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return "", false
		}
	}
	if digits == "0" {
		return "0", true
	}
	return s, true
}

func (n boolNode) match(w *walker, actual any, present bool) bool {
	if b, isBool := actual.(bool); present && isBool && b == n.b {
		return w.ok()
	}
	return w.differ(n, actual, present, "")
}

func (n nullNode) match(w *walker, actual any, present bool) bool {
	if present && actual == nil {
		return w.ok()
	}
	return w.differ(n, actual, present, "")
}

func (n anyNode) match(w *walker, actual any, present bool) bool {
	if present {
		return w.ok()
	}
	return w.differ(n, actual, present, "")
}

func (n absentNode) match(w *walker, actual any, present bool) bool {
	if !present {
		return w.ok()
	}
	return w.differ(n, actual, present, "")
}

func (n nonEmptyNode) match(w *walker, actual any, present bool) bool {
	var nonEmpty bool
	switch x := actual.(type) {
	case string:
		nonEmpty = x != ""
	case []any:
		nonEmpty = len(x) > 0
	case map[string]any:
		nonEmpty = len(x) > 0
	}
	if present && nonEmpty {
		return w.ok()
	}
	return w.differ(n, actual, present, "")
}

func (n typeNode) match(w *walker, actual any, present bool) bool {
	if present && kindOf(actual) == n.kind {
		return w.ok()
	}
	return w.differ(n, actual, present, "")
}

func (n regexpNode) match(w *walker, actual any, present bool) bool {
	if s, isString := actual.(string); present && isString && n.re.MatchString(s) {
		return w.ok()
	}
	return w.differ(n, actual, present, "")
}

// match looks for the elements in order, each at the earliest actual
// element that matches it after the previous one; this finds an embedding
// whenever one exists.
func (n *containsNode) match(w *walker, actual any, present bool) bool {
	arr, isArray := actual.([]any)
	if !present || !isArray {
		return w.differ(n, actual, present, "")
	}
	if len(n.elems) == 0 {
		return w.ok()
	}
	matched := true
	next := 0
	for k, e := range n.elems {
		found := -1
		for i := next; i < len(arr); i++ {
			trial := walker{cfg: w.cfg, mode: modeQuick, path: w.path}
			if trial.descend(indexSegment(i), e, arr[i], true) {
				w.score += trial.score
				found = i
				break
			}
		}
		if found >= 0 {
			next = found + 1
			continue
		}
		if w.full() {
			var got string
			switch {
			case len(arr) == 0:
				got = "an empty array"
			case next == len(arr):
				got = "no elements after element " + strconv.Itoa(next-1)
			case next == len(arr)-1:
				got = "element " + strconv.Itoa(next) + " does not match"
			default:
				got = "none of elements " + strconv.Itoa(next) + ".." + strconv.Itoa(len(arr)-1) + " matches"
			}
			w.add(Diff{
				Want:   "an element matching " + e.want(),
				Got:    got,
				Reason: fmt.Sprintf("%s item %d of %d", opContains, k, len(n.elems)),
			})
		}
		matched = w.fail()
		if w.mode == modeQuick {
			return false
		}
	}
	return matched
}
