package transcript

import (
	"strings"
	"unicode/utf8"
)

// MinComment is the smallest comment size a [Splitter] honors; a smaller
// Max is taken as this.
const MinComment = 256

// Splitter packs Markdown blocks (see [Markdown.Take]) into comments of at
// most Max bytes, the way a bot posts a report as several comments: blocks
// are kept whole and in order, separated by blank lines, and a comment is
// closed when the next block would not fit. A block larger than a comment
// on its own (a long answer of the model) is cut between lines, and never
// inside a code fence or a <details> block unless one of those alone is
// larger than a comment: then the piece closes it and the next reopens it,
// so that every comment is well-formed Markdown. A line longer than a
// comment is cut between characters.
//
// The zero value, with Max 0, never closes a comment.
type Splitter struct {
	// Max is the largest comment in bytes; 0 means no limit.
	Max int
	cur strings.Builder
}

// Add adds a block and returns the comments it completed, if any.
func (s *Splitter) Add(block string) []string {
	block = strings.TrimRight(block, "\n") + "\n"
	max := s.max()
	if max == 0 || s.cur.Len()+1+len(block) <= max {
		s.join(block)
		return nil
	}
	var done []string
	if s.cur.Len() > 0 {
		done = append(done, s.cur.String())
		s.cur.Reset()
	}
	if len(block) <= max {
		s.cur.WriteString(block)
		return done
	}
	pieces := splitBlock(block, max)
	done = append(done, pieces[:len(pieces)-1]...)
	s.cur.WriteString(pieces[len(pieces)-1])
	return done
}

// Flush returns the comment in progress, "" if there is none, and starts
// a new one.
func (s *Splitter) Flush() string {
	c := s.cur.String()
	s.cur.Reset()
	return c
}

// Len returns the size of the comment in progress.
func (s *Splitter) Len() int { return s.cur.Len() }

func (s *Splitter) max() int {
	if s.Max <= 0 {
		return 0
	}
	return max(s.Max, MinComment)
}

func (s *Splitter) join(block string) {
	if s.cur.Len() > 0 {
		s.cur.WriteByte('\n')
	}
	s.cur.WriteString(block)
}

// markup is the code fence and <details> blocks open at a point of a
// block.
type markup struct {
	fence   string // the open fence's opening line, "" for none
	details int    // <details> blocks open
}

// closers returns the lines that close what is open.
func (m markup) closers() string {
	var b strings.Builder
	if m.fence != "" {
		b.WriteString(fenceRun(m.fence) + "\n")
	}
	for range m.details {
		b.WriteString("</details>\n")
	}
	return b.String()
}

// openers returns the lines that reopen what is open.
func (m markup) openers() string {
	var b strings.Builder
	for range m.details {
		b.WriteString("<details><summary>(continued)</summary>\n\n")
	}
	if m.fence != "" {
		b.WriteString(m.fence + "\n")
	}
	return b.String()
}

// fenceRun returns the run of backticks or tildes that starts a fence
// line, "" if the line is not one.
func fenceRun(line string) string {
	t := strings.TrimLeft(line, " ")
	if len(line)-len(t) > 3 || len(t) < 3 || (t[0] != '`' && t[0] != '~') {
		return ""
	}
	n := 0
	for n < len(t) && t[n] == t[0] {
		n++
	}
	if n < 3 {
		return ""
	}
	return t[:n]
}

// step returns the markup open after line.
func (m markup) step(line string) markup {
	if m.fence != "" {
		run := fenceRun(line)
		open := fenceRun(m.fence)
		if run != "" && run[0] == open[0] && len(run) >= len(open) && strings.TrimSpace(line) == run {
			m.fence = ""
		}
		return m
	}
	if run := fenceRun(line); run != "" {
		m.fence = strings.TrimLeft(line, " ")
		return m
	}
	t := strings.TrimSpace(line)
	if strings.HasPrefix(t, "<details") {
		m.details++
	}
	if strings.HasSuffix(t, "</details>") && m.details > 0 {
		m.details--
	}
	return m
}

// splitBlock cuts a block larger than max into pieces of at most max
// bytes, between lines, closing and reopening fences and <details>
// blocks that a cut falls in.
func splitBlock(block string, limit int) []string {
	var pieces []string
	var cur strings.Builder
	var state markup // open at the end of cur
	flush := func() {
		cur.WriteString(state.closers())
		pieces = append(pieces, cur.String())
		cur.Reset()
		cur.WriteString(state.openers())
	}
	// Room left in the piece for line, keeping room to close what would
	// be open after it.
	fits := func(line string, after markup) bool {
		return cur.Len()+len(line)+1+len(after.closers()) <= limit
	}
	rest := strings.TrimSuffix(block, "\n")
	for rest != "" || cur.Len() == 0 {
		line, tail, _ := strings.Cut(rest, "\n")
		rest = tail
		next := state.step(line)
		if !fits(line, next) && cur.Len() > len(state.openers()) {
			flush()
		}
		for !fits(line, next) {
			// A line too long for a piece of its own: cut it.
			room := limit - cur.Len() - 1 - len(next.closers())
			room = max(room, 1) // never stall
			head := cutAt(line, room)
			cur.WriteString(head + "\n")
			line = line[len(head):]
			flush()
		}
		cur.WriteString(line + "\n")
		state = next
		if rest == "" {
			break
		}
	}
	if cur.Len() > 0 {
		pieces = append(pieces, cur.String())
	}
	return pieces
}

// cutAt returns the longest prefix of s of at most n bytes that does not
// cut a UTF-8 sequence, and at least one character.
func cutAt(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	if i == 0 {
		_, size := utf8.DecodeRuneInString(s)
		return s[:size]
	}
	return s[:i]
}
