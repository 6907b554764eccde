package docgen

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// page is a Markdown document being written. It tracks the anchors of its
// headings the way GitHub computes them.
type page struct {
	b     strings.Builder
	slugs slugger
}

// heading writes a heading of the given level whose text is plain text (no
// Markdown), and returns its anchor.
func (p *page) heading(level int, text string) string {
	p.blank()
	p.b.WriteString(strings.Repeat("#", level))
	p.b.WriteByte(' ')
	p.b.WriteString(escapeText(text))
	p.b.WriteString("\n\n")
	return p.slugs.slug(text)
}

// para writes a paragraph of Markdown text.
func (p *page) para(md string) {
	if md == "" {
		return
	}
	p.blank()
	p.b.WriteString(md)
	p.b.WriteString("\n\n")
}

// list writes a bulleted list of Markdown items.
func (p *page) list(items []string) {
	if len(items) == 0 {
		return
	}
	p.blank()
	for _, it := range items {
		p.b.WriteString("- ")
		p.b.WriteString(it)
		p.b.WriteByte('\n')
	}
	p.b.WriteByte('\n')
}

// table writes a table; cells are Markdown and must not hold newlines.
func (p *page) table(header []string, rows [][]string) {
	p.blank()
	row := func(cells []string) {
		p.b.WriteString("|")
		for _, c := range cells {
			p.b.WriteByte(' ')
			p.b.WriteString(c)
			p.b.WriteString(" |")
		}
		p.b.WriteByte('\n')
	}
	row(header)
	sep := make([]string, len(header))
	for i := range sep {
		sep[i] = "---"
	}
	row(sep)
	for _, r := range rows {
		row(r)
	}
	p.b.WriteByte('\n')
}

// fenced writes a fenced code block.
func (p *page) fenced(lang, body string) {
	p.blank()
	fence := "```"
	for strings.Contains(body, fence) {
		fence += "`"
	}
	p.b.WriteString(fence + lang + "\n")
	p.b.WriteString(strings.TrimSuffix(body, "\n"))
	p.b.WriteString("\n" + fence + "\n\n")
}

// blank makes sure what follows starts a new block.
func (p *page) blank() {
	s := p.b.String()
	if s != "" && !strings.HasSuffix(s, "\n\n") {
		if strings.HasSuffix(s, "\n") {
			p.b.WriteByte('\n')
		} else {
			p.b.WriteString("\n\n")
		}
	}
}

// String returns the document, ending with exactly one newline.
func (p *page) String() string {
	return strings.TrimRight(p.b.String(), "\n") + "\n"
}

// code returns s as a code span, safe in a table cell.
func code(s string) string {
	longest, run := 0, 0
	for _, r := range s {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	s = strings.ReplaceAll(s, "|", `\|`)
	if longest > 0 || strings.HasPrefix(s, " ") && strings.HasSuffix(s, " ") && strings.TrimSpace(s) != "" {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// link returns a Markdown link with plain text.
func link(text, target string) string {
	return "[" + escapeText(text) + "](" + target + ")"
}

// escapeText escapes plain text so Markdown shows it as it is.
func escapeText(s string) string {
	var b strings.Builder
	for i, r := range s {
		switch r {
		case '\\', '*', '[', ']', '<', '>', '|', '`', '#':
			b.WriteByte('\\')
		case '_':
			before, _ := utf8.DecodeLastRuneInString(s[:i])
			after, _ := utf8.DecodeRuneInString(s[i+1:])
			if !isWordRune(before) || !isWordRune(after) {
				b.WriteByte('\\')
			}
		}
		b.WriteRune(r)
	}
	return b.String()
}

func isWordRune(r rune) bool {
	return r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// inlineMarkdown turns text whose only markup is `code` spans (as the doc
// comments of package protocol render) into Markdown: the spans are kept
// and everything else is escaped.
func inlineMarkdown(s string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '`')
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i+1:], '`')
		if j < 0 {
			break
		}
		b.WriteString(escapeText(s[:i]))
		b.WriteString(code(s[i+1 : i+1+j]))
		s = s[i+2+j:]
	}
	b.WriteString(escapeText(s))
	return b.String()
}
