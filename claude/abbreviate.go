package claude

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Abbreviate shortens s for display to about max characters (runes): if s
// has more, it keeps the first and last max/2 of them around a marker line
// saying how many were left out:
//
//	first lines…
//	[… 12345 characters omitted …]
//	…last lines
//
// It never cuts a UTF-8 sequence in half; bytes that are not valid UTF-8
// count as one character each. A max below 2 keeps nothing but the marker.
// Tool results come whole in [ToolResultEvent]; this is for showing them,
// in a log or a comment, without flooding it.
func Abbreviate(s string, max int) string {
	n := utf8.RuneCountInString(s)
	if n <= max {
		return s
	}
	headRunes := max / 2
	tailRunes := max / 2
	if headRunes < 0 {
		headRunes, tailRunes = 0, 0
	}
	head := 0 // byte offset after the head runes
	for i := 0; i < headRunes; i++ {
		_, size := utf8.DecodeRuneInString(s[head:])
		head += size
	}
	tail := len(s) // byte offset of the tail runes
	for i := 0; i < tailRunes; i++ {
		_, size := utf8.DecodeLastRuneInString(s[:tail])
		tail -= size
	}
	omitted := n - headRunes - tailRunes
	marker := "[… " + strconv.Itoa(omitted) + " characters omitted …]"
	out := make([]byte, 0, head+len(marker)+2+len(s)-tail)
	out = append(out, s[:head]...)
	if head > 0 && s[head-1] != '\n' {
		out = append(out, '\n')
	}
	out = append(out, marker...)
	if tail < len(s) {
		out = append(out, '\n')
	}
	out = append(out, s[tail:]...)
	return string(out)
}

// AbbreviateLines shortens s for display to about max lines: if s has
// more, it keeps the first and last max/2 lines around a marker line
// saying how many were left out. A final newline does not start a line of
// its own. Lines can still be long; follow with [Abbreviate] to bound the
// characters too.
func AbbreviateLines(s string, max int) string {
	body := strings.TrimSuffix(s, "\n")
	n := strings.Count(body, "\n") + 1
	if n <= max {
		return s
	}
	keep := max / 2
	if keep < 0 {
		keep = 0
	}
	head := 0 // byte offset after the head lines
	for range keep {
		head += strings.IndexByte(body[head:], '\n') + 1
	}
	tail := len(body) + 1 // byte offset of the tail lines, as if body ended with "\n"
	for range keep {
		tail = strings.LastIndexByte(body[:tail-1], '\n') + 1
	}
	marker := "[… " + strconv.Itoa(n-2*keep) + " lines omitted …]"
	if keep == 0 {
		return marker + s[len(body):]
	}
	return body[:head] + marker + "\n" + s[tail:]
}
