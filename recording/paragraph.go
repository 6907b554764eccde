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

// get returns the value a reference names as [Store.Get] does, what it
// read (the object as stored and each of its paragraphs once) and the
// length of the value's compact JSON.
func (s *Store) get(r Ref) (v *jsontree.Value, read, size int64, err error) {
	v, err = s.getRaw(r)
	if err != nil {
		return nil, 0, 0, err
	}
	compact := v.AppendCompact(nil)
	if hashOf(compact) == r.Hash {
		return v, int64(len(compact)), int64(len(compact)), nil // stored whole
	}
	g := &growth{what: "an object's texts", read: int64(len(compact))}
	whole, _, err := joinTextsIn(v, s, g)
	if err != nil {
		return nil, 0, 0, fmt.Errorf("object %s: %w", r, err)
	}
	compact = whole.AppendCompact(compact[:0])
	if got := hashOf(compact); got != r.Hash {
		return nil, 0, 0, fmt.Errorf("object %s (%s) holds a value of hash %s: %w", r, r.file(), got, ErrDamagedObject)
	}
	return whole, g.read, int64(len(compact)), nil
}

// joinTexts returns v (an object as stored) with the paragraphs of its
// texts joined back into strings, reading the stored ones from s, and
// the references to paragraphs it holds. Each paragraph is read once
// however often the object names it, and the texts are joined only if
// they stay within the bounds of expansion (see expandFloor): past them
// it returns an *ExpansionError before building them.
func joinTexts(v *jsontree.Value, s *Store) (*jsontree.Value, []Ref, error) {
	return joinTextsIn(v, s, &growth{what: "an object's texts", read: int64(len(v.AppendCompact(nil)))})
}

// joinTextsIn is joinTexts counting in g, which has counted the object
// as stored: it counts each paragraph it reads and the texts it joins.
func joinTextsIn(v *jsontree.Value, s *Store, g *growth) (*jsontree.Value, []Ref, error) {
	var refs []Ref
	paras := map[Ref]string{}
	var err error
	var walk func(*jsontree.Value)
	walk = func(x *jsontree.Value) {
		switch x.Kind {
		case jsontree.Object:
			for i, m := range x.Members {
				if err != nil {
					return
				}
				if m.Key != textKey || m.Val.Kind != jsontree.Array {
					walk(m.Val)
					continue
				}
				parts := make([]string, len(m.Val.Elems))
				for j, e := range m.Val.Elems {
					if e.Kind != jsontree.String {
						err = fmt.Errorf("a paragraph that is not a string: %s", e)
						return
					}
					g.read += int64(len(e.Str))
					if parts[j], err = paragraph(e.Str, s, paras, g, &refs); err != nil {
						return
					}
					if err = g.produce(int64(len(parts[j]) + len(paragraphSep))); err != nil {
						return
					}
				}
				x.Members[i].Val = jsontree.NewString(strings.Join(parts, paragraphSep))
			}
		case jsontree.Array:
			for _, e := range x.Elems {
				if err != nil {
					return
				}
				walk(e)
			}
		}
	}
	walk(v)
	return v, refs, err
}

// paragraph returns the paragraph an element of a text's array stands
// for: the element itself, or the paragraph it references, read from s
// the first time (counted in g) and from paras after, its reference
// appended to refs.
func paragraph(elem string, s *Store, paras map[Ref]string, g *growth, refs *[]Ref) (string, error) {
	if !isTextRef(elem) {
		return elem, nil
	}
	r, _ := ParseRef(elem)
	*refs = append(*refs, r)
	if p, ok := paras[r]; ok {
		return p, nil
	}
	p, err := s.getRaw(r)
	if err != nil {
		return "", err
	}
	if p.Kind != jsontree.String {
		return "", fmt.Errorf("object %s is not a string", r)
	}
	paras[r] = p.Str
	g.read += int64(len(p.Str))
	return p.Str, nil
}
