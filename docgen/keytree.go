package docgen

import (
	"slices"
	"strings"

	"github.com/ccwire/ccwire/internal/jsontree"
)

// keyTree is the set of object keys a pattern names, nested: the keys of an
// object pattern in the pattern's order, and below each key the keys its
// value names. Array elements share the tree of the key holding the array.
type keyTree struct {
	order []string
	sub   map[string]*keyTree
}

// child returns the tree below key, adding key.
func (t *keyTree) child(key string) *keyTree {
	if t.sub == nil {
		t.sub = map[string]*keyTree{}
	}
	c, ok := t.sub[key]
	if !ok {
		c = &keyTree{}
		t.sub[key] = c
		t.order = append(t.order, key)
	}
	return c
}

// patternKeys returns the keys a match pattern (as JSON text) names. The
// operators of package match ($any, $contains...) name no key themselves;
// the elements of a $contains name keys like array elements do.
func patternKeys(p *jsontree.Value) *keyTree {
	t := &keyTree{}
	t.add(p)
	return t
}

// add adds the keys a pattern names.
func (t *keyTree) add(p *jsontree.Value) {
	switch p.Kind {
	case jsontree.Object:
		if len(p.Members) == 1 && isOperator(p.Members[0].Key) {
			if p.Members[0].Key == "$contains" {
				t.add(p.Members[0].Val)
			}
			return
		}
		for _, m := range p.Members {
			key := m.Key
			if strings.HasPrefix(key, "$$") {
				key = key[1:]
			}
			t.child(key).add(m.Val)
		}
	case jsontree.Array:
		for _, e := range p.Elems {
			t.add(e)
		}
	}
}

// isOperator reports whether an object key is a match operator.
func isOperator(key string) bool {
	return strings.HasPrefix(key, "$") && !strings.HasPrefix(key, "$$")
}

// merge adds the keys of o to t.
func (t *keyTree) merge(o *keyTree) {
	for _, k := range o.order {
		t.child(k).merge(o.sub[k])
	}
}

// assertedFirst returns a copy of v whose object members named by t come
// first, in the pattern's order, at every depth t reaches; the other
// members follow in their original order.
func assertedFirst(v *jsontree.Value, t *keyTree) *jsontree.Value {
	if t == nil || len(t.order) == 0 {
		return v
	}
	switch v.Kind {
	case jsontree.Object:
		c := &jsontree.Value{Kind: jsontree.Object, Members: make([]jsontree.Member, 0, len(v.Members))}
		for _, k := range t.order {
			if m := v.Get(k); m != nil {
				c.Members = append(c.Members, jsontree.Member{Key: k, Val: assertedFirst(m, t.sub[k])})
			}
		}
		for _, m := range v.Members {
			if _, ok := t.sub[m.Key]; !ok {
				c.Members = append(c.Members, m)
			}
		}
		return c
	case jsontree.Array:
		c := &jsontree.Value{Kind: jsontree.Array, Elems: make([]*jsontree.Value, len(v.Elems))}
		for i, e := range v.Elems {
			c.Elems[i] = assertedFirst(e, t)
		}
		return c
	}
	return v
}

// sortedKeys returns the keys of a map in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
