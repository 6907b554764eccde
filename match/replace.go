package match

import (
	"fmt"
	"regexp"
	"strings"
)

// Replace returns a copy of p in which every occurrence of old in a
// literal string is replaced by new, and every occurrence of old in the
// expression of a $regexp by new quoted ([regexp.QuoteMeta]), so that it
// matches new literally. Object keys and operator names stay as they are.
// It lets pattern text hold a placeholder for a value known only when
// matching starts, such as the version of the program that writes the
// messages. p itself is unchanged; a label set with [Pattern.WithLabel]
// is kept.
//
// It fails if old is empty or a $regexp no longer compiles.
func (p Pattern) Replace(old, new string) (Pattern, error) {
	if old == "" {
		return Pattern{}, fmt.Errorf("match: Replace of an empty string")
	}
	if p.root == nil {
		return Pattern{}, errZero
	}
	root, err := replaceNode(p.root, old, new)
	if err != nil {
		return Pattern{}, err
	}
	p.root = root
	return p, nil
}

// replaceNode returns n with old replaced by new in its literal strings
// and regular expressions; nodes without old are returned as they are.
func replaceNode(n node, old, new string) (node, error) {
	switch n := n.(type) {
	case stringNode:
		if strings.Contains(n.s, old) {
			return stringNode{s: strings.ReplaceAll(n.s, old, new)}, nil
		}
	case regexpNode:
		expr := n.re.String()
		if strings.Contains(expr, old) {
			r, err := newRegexpNode(strings.ReplaceAll(expr, old, regexp.QuoteMeta(new)))
			if err != nil {
				return nil, fmt.Errorf("match: %s %q with %q for %q: %w", opRegexp, expr, new, old, err)
			}
			return r, nil
		}
	case *objectNode:
		out := &objectNode{fields: make([]field, len(n.fields))}
		for i, f := range n.fields {
			v, err := replaceNode(f.value, old, new)
			if err != nil {
				return nil, err
			}
			out.fields[i] = field{key: f.key, value: v}
		}
		return out, nil
	case *arrayNode:
		elems, err := replaceNodes(n.elems, old, new)
		if err != nil {
			return nil, err
		}
		return &arrayNode{elems: elems}, nil
	case *containsNode:
		elems, err := replaceNodes(n.elems, old, new)
		if err != nil {
			return nil, err
		}
		return &containsNode{elems: elems}, nil
	}
	return n, nil
}

func replaceNodes(ns []node, old, new string) ([]node, error) {
	out := make([]node, len(ns))
	for i, e := range ns {
		var err error
		if out[i], err = replaceNode(e, old, new); err != nil {
			return nil, err
		}
	}
	return out, nil
}
