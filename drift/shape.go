package drift

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/ccwire/ccwire/internal/jsontree"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

// typeSet is a set of JSON types, a bit per jsontree.Kind.
type typeSet uint8

func typeOf(k jsontree.Kind) typeSet { return 1 << k }

// names returns the types' names in a fixed order: array, boolean, null,
// number, object, string.
func (t typeSet) names() []string {
	var out []string
	for _, k := range []jsontree.Kind{jsontree.Array, jsontree.Bool, jsontree.Null, jsontree.Number, jsontree.Object, jsontree.String} {
		if t&typeOf(k) != 0 {
			out = append(out, k.String())
		}
	}
	return out
}

// wrapping is a text wrapped in a tag: "<tag>\ninner\n</tag>".
type wrapping struct{ tag, inner string }

// shape is what recordings show of the wire, for comparison: kinds of
// messages, their members and the JSON types each had, the items of lists
// of names, texts, and the order of kinds turn by turn. A shape is built
// from one recording and shapes are merged for totals.
type shape struct {
	kinds map[Kind]int
	// members maps a kind to the paths of its members (see walk) and
	// the types their values had.
	members map[Kind]map[string]typeSet
	// items maps a kind to lists compared as sets: the path of an array
	// of strings or of objects with a name, and the strings or names.
	items map[Kind]map[string]map[string]bool
	// texts holds every string value of a kind; wraps the ones that are
	// a text wrapped in a tag, and a path where each was seen.
	texts map[Kind]map[string]bool
	wraps map[Kind]map[wrapping]string
	// turns holds, per scenario turn, the kinds of the stdout lines in
	// order, a repeated kind once.
	turns [][]string
}

func newShape() *shape {
	return &shape{
		kinds:   map[Kind]int{},
		members: map[Kind]map[string]typeSet{},
		items:   map[Kind]map[string]map[string]bool{},
		texts:   map[Kind]map[string]bool{},
		wraps:   map[Kind]map[wrapping]string{},
	}
}

// merge adds o's kinds, members, items and texts to s (not its turns).
func (s *shape) merge(o *shape) {
	for k, n := range o.kinds {
		s.kinds[k] += n
	}
	for k, m := range o.members {
		dst := inner(s.members, k)
		for p, t := range m {
			dst[p] |= t
		}
	}
	for k, m := range o.items {
		dst := inner(s.items, k)
		for p, set := range m {
			d := dst[p]
			if d == nil {
				d = map[string]bool{}
				dst[p] = d
			}
			maps.Copy(d, set)
		}
	}
	for k, m := range o.texts {
		maps.Copy(inner(s.texts, k), m)
	}
	for k, m := range o.wraps {
		dst := inner(s.wraps, k)
		for w, p := range m {
			if _, ok := dst[w]; !ok {
				dst[w] = p
			}
		}
	}
}

// without returns s without the kinds and members ms name (a member's
// path with everything under it), s itself when ms is empty. The turns
// lose the kinds.
func (s *shape) without(ms []Member) *shape {
	if len(ms) == 0 {
		return s
	}
	out := newShape()
	out.merge(s)
	under := func(p, m string) bool {
		return p == m || strings.HasPrefix(p, m+".") || strings.HasPrefix(p, m+"[")
	}
	drop := map[string]bool{} // stdout kinds dropped from the turns
	for _, m := range ms {
		if m.Path == "" {
			delete(out.kinds, m.Kind)
			delete(out.members, m.Kind)
			delete(out.items, m.Kind)
			delete(out.texts, m.Kind)
			delete(out.wraps, m.Kind)
			if m.Kind.Channel == Stdout {
				drop[m.Kind.Name] = true
			}
			continue
		}
		for p := range out.members[m.Kind] {
			if under(p, m.Path) {
				delete(out.members[m.Kind], p)
			}
		}
		for p := range out.items[m.Kind] {
			if under(p, m.Path) {
				delete(out.items[m.Kind], p)
			}
		}
		for w, p := range out.wraps[m.Kind] {
			if under(p, m.Path) {
				delete(out.wraps[m.Kind], w)
			}
		}
	}
	for _, t := range s.turns {
		var kept []string
		for _, n := range t {
			if !drop[n] {
				kept = append(kept, n)
			}
		}
		out.turns = append(out.turns, kept)
	}
	return out
}

// inner returns m[k], making it if needed.
func inner[K comparable, K2 comparable, V any](m map[K]map[K2]V, k K) map[K2]V {
	x := m[k]
	if x == nil {
		x = map[K2]V{}
		m[k] = x
	}
	return x
}

// observer builds the shape of one recording.
type observer struct {
	s *shape
	// norm turns the CLI version in a string into a placeholder.
	norm func(string) string
}

// observe returns the shape of a recording. versions are the CLI versions
// the recording may name (its own, and the one its folder is named
// after): every occurrence in a string becomes the placeholder
// <cli-version>, so that two versions' recordings compare equal where
// only the version differs.
func observe(rec *recording.Recording, versions ...string) (*shape, error) {
	o := &observer{s: newShape(), norm: versionNormalizer(versions...)}
	for st, err := range recording.Walk(rec.Events) {
		if err != nil {
			return nil, fmt.Errorf("drift: %w", err)
		}
		ev := st.Event
		if st.Msg == nil {
			continue
		}
		// The members are compared as recorded, placeholders and all.
		v, err := jsontree.Parse(ev.Msg)
		if err != nil {
			return nil, fmt.Errorf("drift: event %d: %w", st.Num, err)
		}
		name := st.Kind.String()
		k := Kind{Channel(ev.Kind), name}
		o.s.kinds[k]++
		for _, n := range st.Kind.Blocks {
			o.s.kinds[Kind{k.Channel, n}]++
		}
		o.walk(k, "", v)
		if ev.Kind == recording.EventStdout && ev.Turn > 0 {
			for len(o.s.turns) < ev.Turn {
				o.s.turns = append(o.s.turns, nil)
			}
			t := &o.s.turns[ev.Turn-1]
			if n := len(*t); n == 0 || (*t)[n-1] != name {
				*t = append(*t, name)
			}
		}
	}
	var bodies []*jsontree.Value // the requests' bodies, members copied from earlier ones resolved
	for i, q := range rec.Requests {
		name := q.Method + " " + q.Path
		if q.Query != "" {
			name += "?" + q.Query
		}
		k := Kind{API, name}
		o.s.kinds[k]++
		req := jsontree.NewObject()
		h := jsontree.NewObject()
		for _, key := range slices.Sorted(maps.Keys(q.Header)) {
			vals := q.Header[key]
			if len(vals) == 1 {
				h.Set(key, jsontree.NewString(vals[0]))
			} else {
				a := jsontree.NewArray()
				for _, v := range vals {
					a.Elems = append(a.Elems, jsontree.NewString(v))
				}
				h.Set(key, a)
			}
		}
		req.Set("header", h)
		var body *jsontree.Value
		switch {
		case q.Body != nil:
			var err error
			if body, err = jsontree.Parse(q.Body); err != nil {
				return nil, fmt.Errorf("drift: request %d: body: %w", i+1, err)
			}
			resolveSame(body, bodies)
			req.Set("body", body)
		case q.BodyText != "":
			req.Set("body_text", jsontree.NewString(q.BodyText))
		}
		bodies = append(bodies, body)
		o.walk(k, "", req)
		// The betas are a list in a header.
		for _, v := range q.Header["anthropic-beta"] {
			for beta := range strings.SplitSeq(v, ",") {
				if beta = strings.TrimSpace(beta); beta != "" {
					o.item(k, "header.anthropic-beta", o.norm(beta))
				}
			}
		}
	}
	for _, sr := range rec.Side {
		name := sr.Method + " " + sr.Path
		if sr.Reason != "" {
			name += " (" + o.norm(sr.Reason) + ")"
		}
		o.s.kinds[Kind{SideAPI, name}] += sr.Count
	}
	return o.s, nil
}

// sameAs matches the string a recording writes for a request's member
// equal to an earlier request's.
var sameAs = regexp.MustCompile(`^<same as requests/([0-9]+)\.json>$`)

// resolveSame replaces the top-level members of body that say they are
// the same as an earlier request's with that request's member.
func resolveSame(body *jsontree.Value, earlier []*jsontree.Value) {
	if body == nil || body.Kind != jsontree.Object {
		return
	}
	for i, m := range body.Members {
		if m.Val.Kind != jsontree.String {
			continue
		}
		sm := sameAs.FindStringSubmatch(m.Val.Str)
		if sm == nil {
			continue
		}
		n, err := strconv.Atoi(sm[1])
		if err != nil || n < 1 || n > len(earlier) || earlier[n-1] == nil {
			continue
		}
		if v := earlier[n-1].Get(m.Key); v != nil {
			body.Members[i].Val = v
		}
	}
}

// walk records the members under v, a value of kind k at path. A member's
// path is its keys from the message's top level joined with dots; an
// element of an array adds "[]", or "[name]" in a list of named objects
// (every element an object with a string member "name", as tools,
// mcp_servers, plugins and commands are; content blocks are not, their
// list is "content").
func (o *observer) walk(k Kind, path string, v *jsontree.Value) {
	t := v.Kind
	if t == jsontree.String && recording.IsNumberPlaceholder(v.Str) {
		t = jsontree.Number
	}
	if path != "" {
		inner(o.s.members, k)[path] |= typeOf(t)
	}
	switch v.Kind {
	case jsontree.String:
		o.text(k, path, o.norm(v.Str))
	case jsontree.Object:
		for _, m := range v.Members {
			key := o.norm(m.Key)
			if path != "" {
				key = path + "." + key
			}
			o.walk(k, key, m.Val)
		}
	case jsontree.Array:
		switch {
		case allStrings(v.Elems):
			for _, e := range v.Elems {
				o.item(k, path, o.norm(e.Str))
			}
		case named(path, v.Elems):
			for _, e := range v.Elems {
				n := o.norm(e.Get("name").Str)
				o.item(k, path, n)
				o.walk(k, path+"["+n+"]", e)
			}
			return
		}
		if len(v.Elems) == 0 {
			// An empty list is still a list compared as a set.
			if _, ok := inner(o.s.items, k)[path]; !ok && path != "" {
				inner(o.s.items, k)[path] = map[string]bool{}
			}
		}
		for _, e := range v.Elems {
			o.walk(k, path+"[]", e)
		}
	}
}

// item records an element of a list compared as a set.
func (o *observer) item(k Kind, path, item string) {
	m := inner(o.s.items, k)
	set := m[path]
	if set == nil {
		set = map[string]bool{}
		m[path] = set
	}
	set[item] = true
}

// text records a string value, and the text it wraps if it is one
// wrapped in a tag.
func (o *observer) text(k Kind, path, s string) {
	inner(o.s.texts, k)[s] = true
	if w, ok := wrapped(s); ok {
		m := inner(o.s.wraps, k)
		if _, seen := m[w]; !seen {
			m[w] = path
		}
	}
}

// wrapped reports whether s, spaces around it aside, is a text in a tag,
// "<tag>text</tag>", and returns the tag and the text without the spaces
// around it.
func wrapped(s string) (wrapping, bool) {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "<") {
		return wrapping{}, false
	}
	end := strings.IndexByte(s, '>')
	if end < 2 {
		return wrapping{}, false
	}
	tag := s[1:end]
	for i, r := range tag {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && (r >= '0' && r <= '9' || r == '-' || r == '_')) {
			return wrapping{}, false
		}
	}
	closing := "</" + tag + ">"
	if !strings.HasSuffix(s, closing) || len(s) < end+1+len(closing) {
		return wrapping{}, false
	}
	return wrapping{tag, strings.TrimSpace(s[end+1 : len(s)-len(closing)])}, true
}

func allStrings(vs []*jsontree.Value) bool {
	for _, v := range vs {
		if v.Kind != jsontree.String {
			return false
		}
	}
	return len(vs) > 0
}

// named reports whether elems, the elements of the array at path, are
// objects with a string member "name" each: a list of named things, not
// of content blocks.
func named(path string, elems []*jsontree.Value) bool {
	if len(elems) == 0 || path == "content" || strings.HasSuffix(path, ".content") || strings.HasSuffix(path, "]") {
		return false
	}
	for _, e := range elems {
		if n := e.Get("name"); n == nil || n.Kind != jsontree.String {
			return false
		}
	}
	return true
}

// Placeholder is what a CLI version becomes in the strings compared, as in
// the recordings: two versions' recordings compare equal where only the
// version differs.
const Placeholder = scenario.VersionPlaceholder

// versionNormalizer returns a function that replaces each of versions in
// a string with Placeholder where it stands alone, as the recordings do
// ([scenario.ReplaceVersion]).
func versionNormalizer(versions ...string) func(string) string {
	var vs []string
	for _, v := range versions {
		if v != "" && v != Placeholder && !slices.Contains(vs, v) {
			vs = append(vs, v)
		}
	}
	// Longer versions first, so that 2.1.330-beta.1 wins over 2.1.330.
	slices.SortFunc(vs, func(a, b string) int { return len(b) - len(a) })
	return func(s string) string {
		for _, v := range vs {
			if strings.Contains(s, v) {
				s = scenario.ReplaceVersion(s, v)
			}
		}
		return s
	}
}
