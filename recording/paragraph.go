package recording

import (
	"fmt"
	"strings"

	"github.com/ccwire/ccwire/internal/jsontree"
)

// Long texts in objects. A system prompt block or a message of a request
// holds texts of many kilobytes (the environment, the instructions, the
// list of deferred tools and agent types) that differ from one scenario
// or CLI version to the next in a paragraph or two. An object keeps such a
// text as its paragraphs: the member "text" holds an array in place of the
// string, each element a paragraph written out (a short one) or a
// reference to one stored as an object of its own, objects/text/<hash>.json:
//
//	{"type":"text","text":["# Environment","@text:3c5d…","@text:9e01…"]}
//
// The paragraphs are the string split at each blank line ("\n\n"), and
// joined by it again when the object is read, so a paragraph that changes
// is stored again and the others are not. The object's hash, the one its
// references name, is that of the value with the text whole: the stored
// form of an object changes nothing in the recordings.
const (
	// splitMin is the length from which a text is stored as paragraphs.
	splitMin = 2048
	// inlineMax is the length up to which a paragraph stays in place: a
	// reference would take as much room.
	inlineMax = 128
	// paragraphSep separates paragraphs.
	paragraphSep = "\n\n"
	// textKey is the member whose long string values are split.
	textKey = "text"
)

// splitTexts returns v with its long texts as paragraphs, each paragraph
// longer than inlineMax put into s, and whether it split any. A value
// that already has an array at a member "text" is not split: reading it
// back could not tell the two apart.
func splitTexts(v *jsontree.Value, s *Store) (*jsontree.Value, bool, error) {
	if hasTextArray(v) {
		return v, false, nil
	}
	out := v.Clone()
	split := false
	var err error
	var walk func(*jsontree.Value)
	walk = func(x *jsontree.Value) {
		switch x.Kind {
		case jsontree.Object:
			for i, m := range x.Members {
				if m.Key == textKey && m.Val.Kind == jsontree.String && len(m.Val.Str) >= splitMin && strings.Contains(m.Val.Str, paragraphSep) {
					var elems []*jsontree.Value
					for p := range strings.SplitSeq(m.Val.Str, paragraphSep) {
						if len(p) <= inlineMax && !isTextRef(p) {
							elems = append(elems, jsontree.NewString(p))
							continue
						}
						r, perr := s.Put(KindText, "", jsontree.NewString(p))
						if perr != nil && err == nil {
							err = perr
						}
						elems = append(elems, jsontree.NewString(r.String()))
					}
					x.Members[i].Val = jsontree.NewArray(elems...)
					split = true
					continue
				}
				walk(m.Val)
			}
		case jsontree.Array:
			for _, e := range x.Elems {
				walk(e)
			}
		}
	}
	walk(out)
	if err != nil {
		return nil, false, err
	}
	return out, split, nil
}

// hasTextArray reports whether v has an array at a member "text".
func hasTextArray(v *jsontree.Value) bool {
	found := false
	var walk func(*jsontree.Value)
	walk = func(x *jsontree.Value) {
		switch x.Kind {
		case jsontree.Object:
			for _, m := range x.Members {
				if m.Key == textKey && m.Val.Kind == jsontree.Array {
					found = true
				}
				walk(m.Val)
			}
		case jsontree.Array:
			for _, e := range x.Elems {
				walk(e)
			}
		}
	}
	walk(v)
	return found
}

// isTextRef reports whether s is a reference to a paragraph.
func isTextRef(s string) bool {
	r, ok := ParseRef(s)
	return ok && r.Kind == KindText
}

// joinTexts returns v (an object as stored) with the paragraphs of its
// texts joined back into strings, reading the stored ones from s, and
// the references to paragraphs it holds.
func joinTexts(v *jsontree.Value, s *Store) (*jsontree.Value, []Ref, error) {
	var refs []Ref
	var err error
	var walk func(*jsontree.Value)
	walk = func(x *jsontree.Value) {
		switch x.Kind {
		case jsontree.Object:
			for i, m := range x.Members {
				if m.Key != textKey || m.Val.Kind != jsontree.Array {
					walk(m.Val)
					continue
				}
				parts := make([]string, len(m.Val.Elems))
				for j, e := range m.Val.Elems {
					if e.Kind != jsontree.String {
						if err == nil {
							err = fmt.Errorf("a paragraph that is not a string: %s", e)
						}
						return
					}
					if !isTextRef(e.Str) {
						parts[j] = e.Str
						continue
					}
					r, _ := ParseRef(e.Str)
					refs = append(refs, r)
					p, gerr := s.getRaw(r)
					if gerr == nil && p.Kind != jsontree.String {
						gerr = fmt.Errorf("object %s is not a string", r)
					}
					if gerr != nil {
						if err == nil {
							err = gerr
						}
						return
					}
					parts[j] = p.Str
				}
				x.Members[i].Val = jsontree.NewString(strings.Join(parts, paragraphSep))
			}
		case jsontree.Array:
			for _, e := range x.Elems {
				walk(e)
			}
		}
	}
	walk(v)
	return v, refs, err
}
