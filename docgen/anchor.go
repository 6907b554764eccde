package docgen

import (
	"strconv"
	"strings"
	"unicode"
)

// slugger computes the anchors GitHub gives the headings of one Markdown
// document: the heading's text in lower case, without punctuation, spaces
// turned into hyphens, and "-1", "-2"... appended to repeats.
type slugger struct {
	seen map[string]int
}

// slug returns the anchor of the next heading whose text (as rendered,
// without Markdown syntax) is text.
func (s *slugger) slug(text string) string {
	if s.seen == nil {
		s.seen = map[string]int{}
	}
	base := anchorOf(text)
	slug := base
	for {
		if _, dup := s.seen[slug]; !dup {
			break
		}
		s.seen[base]++
		slug = base + "-" + strconv.Itoa(s.seen[base])
	}
	s.seen[slug] = 0
	return slug
}

// anchorOf returns the anchor of a heading text before de-duplication, as
// GitHub's slugger computes it: letters, marks, digits, connector
// punctuation, hyphens and spaces are kept, spaces become hyphens.
func anchorOf(text string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(text) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.Pc):
			b.WriteRune(r)
		}
	}
	return b.String()
}
