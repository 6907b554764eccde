package recording

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/txtar"

	"github.com/ccwire/ccwire/internal/jsontree"
)

// requestPrefix starts the names of a recording's request files.
const requestPrefix = "requests/"

// Compact returns the stored form of a recording's text: every unit (see
// the package documentation) put into s and replaced by its reference.
// Units already replaced stay as they are, so compacting twice changes
// nothing.
func Compact(data []byte, s *Store) ([]byte, error) {
	return rewrite(data, func(kind Kind, hint string, v *jsontree.Value) (*jsontree.Value, error) {
		if v.Kind == jsontree.String {
			return v, nil // a reference already
		}
		r, err := s.Put(kind, hint, v)
		if err != nil {
			return nil, err
		}
		return jsontree.NewString(r.String()), nil
	})
}

// Expand returns the full text of a recording in stored form, every
// reference replaced by its unit from s: byte for byte what was compacted.
// A recording with no references comes back as it is. A reference s lacks
// is an error wrapping [ErrMissingObject]; a recording or object that
// would expand past the bounds of expansion (see [ExpansionError]) is an
// *ExpansionError, returned before the text is built.
func Expand(data []byte, s *Store) ([]byte, error) {
	if !bytes.Contains(data, []byte(`"@`)) {
		return data, nil
	}
	return rewrite(data, expandUnit(s, &growth{what: "a recording's units", read: int64(len(data))}))
}

// ExpandEvents returns a recording's events.jsonl with its references
// replaced by their units from s: for readers that need the lines and not
// the requests. It is bounded as [Expand] is.
func ExpandEvents(events []byte, s *Store) ([]byte, error) {
	if !bytes.Contains(events, []byte(`"@`)) {
		return events, nil
	}
	out, err := rewriteEvents(events, expandUnit(s, &growth{what: "a recording's units", read: int64(len(events))}))
	if err != nil {
		return nil, fmt.Errorf("recording: %s: %w", eventsFile, err)
	}
	if out == nil {
		return events, nil
	}
	return out, nil
}

// expandUnit is the unitFunc of Expand, counting in g: a reference
// becomes its unit. Each unit is read from s once, the first time it is
// named, and given again after (the rewrite only writes units out, so one
// value can stand in many places); what the units add up to is bounded by
// what was read, the text and each object as stored once (see
// expandFloor).
func expandUnit(s *Store, g *growth) unitFunc {
	type unit struct {
		v    *jsontree.Value
		size int64
	}
	got := map[Ref]unit{}
	return func(kind Kind, _ string, v *jsontree.Value) (*jsontree.Value, error) {
		if v.Kind != jsontree.String {
			return v, nil
		}
		r, err := refAt(kind, v)
		if err != nil {
			return nil, err
		}
		u, ok := got[r]
		if !ok {
			var read int64
			if u.v, read, u.size, err = s.get(r); err != nil {
				return nil, err
			}
			got[r] = u
			g.read += read
		}
		if err := g.produce(u.size); err != nil {
			return nil, fmt.Errorf("%s: %w", r, err)
		}
		return u.v, nil
	}
}

// refAt parses the reference v, which stands where a unit of kind
// belongs.
func refAt(kind Kind, v *jsontree.Value) (Ref, error) {
	r, ok := ParseRef(v.Str)
	if !ok || r.Kind != kind {
		return Ref{}, fmt.Errorf("%q where a %s or a reference to one belongs", v.Str, kind)
	}
	return r, nil
}

// HasReferences reports whether a recording's text is in stored form: it
// needs a store to be read. A text that is not a recording has none.
func HasReferences(data []byte) bool {
	if !bytes.Contains(data, []byte(`"@`)) {
		return false
	}
	refs, err := References(data)
	return err == nil && len(refs) > 0
}

// rewrite applies fn to each unit of a recording (see units and
// lineUnits) and writes back the files it changed as package scenario
// writes them: requests indented with a final newline, event lines
// compact.
func rewrite(data []byte, fn unitFunc) ([]byte, error) {
	ar := txtar.Parse(data)
	changed := false
	for i, f := range ar.Files {
		var out []byte
		var err error
		switch {
		case f.Name == eventsFile:
			out, err = rewriteEvents(f.Data, fn)
		case strings.HasPrefix(f.Name, requestPrefix):
			out, err = rewriteRequest(f.Data, fn)
		default:
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("recording: %s: %w", f.Name, err)
		}
		if out != nil {
			ar.Files[i].Data = out
			changed = true
		}
	}
	if !changed {
		return data, nil
	}
	return txtar.Format(ar), nil
}

// unitFunc sees one unit and returns what goes in its place.
type unitFunc func(kind Kind, hint string, v *jsontree.Value) (*jsontree.Value, error)

// rewriteRequest applies fn to the units of a request file; nil if none
// changed.
func rewriteRequest(data []byte, fn unitFunc) ([]byte, error) {
	req, err := jsontree.Parse(data)
	if err != nil {
		return nil, err
	}
	before := req.AppendCompact(nil)
	if err := units(req, fn); err != nil {
		return nil, err
	}
	if bytes.Equal(before, req.AppendCompact(nil)) {
		return nil, nil
	}
	return append(req.AppendIndent(nil, ""), '\n'), nil
}

// rewriteEvents applies fn to the units of the events file; nil if none
// changed.
func rewriteEvents(data []byte, fn unitFunc) ([]byte, error) {
	var out []byte
	changed := false
	for n, line := range bytes.SplitAfter(data, []byte("\n")) {
		body := bytes.TrimSuffix(line, []byte("\n"))
		if !bytes.Contains(body, []byte(`"dir":"stdout"`)) {
			out = append(out, line...)
			continue
		}
		ev, err := jsontree.Parse(body)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n+1, err)
		}
		before := ev.AppendCompact(nil)
		if err := lineUnits(ev, fn); err != nil {
			return nil, fmt.Errorf("line %d: %w", n+1, err)
		}
		after := ev.AppendCompact(nil)
		if !bytes.Equal(before, after) {
			changed = true
		}
		out = append(out, after...)
		if len(body) < len(line) {
			out = append(out, '\n')
		}
	}
	if !changed {
		return nil, nil
	}
	return out, nil
}

// lineKinds are the stdout messages stored as units, by type and subtype
// ("" for any): the large ones that recur across the scenarios of a
// version (the session's init, the answers to initialize and the other
// control requests, the results with their usage). Assistant, user and
// stream lines, what a reader of a recording looks at, stay in place.
var lineKinds = []struct{ typ, subtype string }{{"system", "init"}, {"control_response", ""}, {"result", ""}}

// lineUnits calls fn on the unit of an event line, if it has one: the
// message of a stdout line of one of lineKinds (or a reference to one).
func lineUnits(ev *jsontree.Value, fn unitFunc) error {
	if ev.Kind != jsontree.Object || ev.StringAt("dir") != "stdout" {
		return nil
	}
	for i, m := range ev.Members {
		if m.Key != "msg" {
			continue
		}
		hint := ""
		switch m.Val.Kind {
		case jsontree.String: // a reference
		case jsontree.Object:
			typ, sub := m.Val.StringAt("type"), m.Val.StringAt("subtype")
			if !slices.ContainsFunc(lineKinds, func(k struct{ typ, subtype string }) bool {
				return k.typ == typ && (k.subtype == "" || k.subtype == sub)
			}) {
				return nil
			}
			hint = typ
			if sub != "" {
				hint += "/" + sub
			}
		default:
			return nil
		}
		v, err := fn(KindLine, hint, m.Val)
		if err != nil {
			return err
		}
		ev.Members[i].Val = v
	}
	return nil
}

// units calls fn on each unit of a request (its header; the tools, system
// blocks and messages of its body) and puts what fn returns in its place.
func units(req *jsontree.Value, fn unitFunc) error {
	if req.Kind != jsontree.Object {
		return fmt.Errorf("a request that is not an object")
	}
	for i, m := range req.Members {
		if m.Key != "header" {
			continue
		}
		v, err := fn(KindHeader, "", m.Val)
		if err != nil {
			return err
		}
		req.Members[i].Val = v
	}
	body := req.Get("body")
	if body == nil || body.Kind != jsontree.Object {
		return nil
	}
	for _, f := range []struct {
		key  string
		kind Kind
		hint string // the member of a unit that hints at it
	}{{"tools", KindTool, "name"}, {"system", KindSystem, ""}, {"messages", KindMessage, "role"}} {
		arr := body.Get(f.key)
		if arr == nil || arr.Kind != jsontree.Array {
			continue
		}
		for i, e := range arr.Elems {
			hint := ""
			if f.hint != "" && e.Kind == jsontree.Object {
				hint = e.StringAt(f.hint)
			}
			v, err := fn(f.kind, hint, e)
			if err != nil {
				return fmt.Errorf("body.%s[%d]: %w", f.key, i, err)
			}
			arr.Elems[i] = v
		}
	}
	return nil
}
