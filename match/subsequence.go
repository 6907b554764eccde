package match

import (
	"fmt"
	"slices"
	"strings"
)

// Subsequence checks that patterns match an ordered subsequence of the
// actual messages (one JSON value each, typically the lines of the CLI's
// stdout): pattern i matches some message m(i), with m(0) < m(1) < ..., so
// each message matches at most one pattern and messages between them are
// not checked. Each pattern takes the earliest message that matches it
// after the previous pattern's message; this finds a subsequence whenever
// one exists.
//
// It returns nil on success, a *SubsequenceError naming the first pattern
// that has no match and the closest candidate, or an error naming the first
// message that is not valid JSON (every message is decoded once, first).
func Subsequence(actual [][]byte, patterns []Pattern, opts ...Option) error {
	messages := make([]any, len(actual))
	for i, a := range actual {
		v, err := decode(a)
		if err != nil {
			return fmt.Errorf("match: message %d is not valid JSON: %w", i+1, err)
		}
		messages[i] = v
	}
	cfg := newConfig(opts)
	matched := make([]int, 0, len(patterns))
	next := 0
	for pi, p := range patterns {
		found := -1
		for i := next; i < len(messages); i++ {
			w := walker{cfg: cfg, mode: modeQuick}
			if p.compare(&w, messages[i]) {
				found = i
				break
			}
		}
		if found < 0 {
			return newSubsequenceError(messages, patterns, pi, matched, cfg)
		}
		matched = append(matched, found)
		next = found + 1
	}
	return nil
}

// SubsequenceError reports a pattern that [Subsequence] could not match.
// Indexes are 0-based; its text numbers patterns and messages from 1 (so
// "message 7" is actual[6], line 7 when actual holds one line each).
type SubsequenceError struct {
	// Pattern is the index of the pattern not matched; Patterns is the
	// number of patterns.
	Pattern, Patterns int
	// Messages is the number of actual messages.
	Messages int
	// Matched holds the indexes of the messages matched by the patterns
	// before Pattern; the search started after the last of them.
	Matched []int
	// Closest is the index of the message after the last matched one that
	// comes closest to the pattern (most matching leaves, then fewest
	// differences, then earliest), or -1 when no message is left.
	Closest int
	// Diff holds the differences between the pattern and message Closest;
	// nil when Closest is -1.
	Diff *Mismatch
	// EarlierMatch is the index of a message that matches the pattern but
	// comes at or before the last matched message, a sign of unexpected
	// order; -1 if there is none.
	EarlierMatch int

	text string
}

// Error describes the failure on several lines: the pattern not found,
// where the search started, the closest candidate and its differences.
func (e *SubsequenceError) Error() string { return e.text }

func newSubsequenceError(messages []any, patterns []Pattern, pi int, matched []int, cfg *config) *SubsequenceError {
	e := &SubsequenceError{
		Pattern:      pi,
		Patterns:     len(patterns),
		Messages:     len(messages),
		Matched:      matched,
		Closest:      -1,
		EarlierMatch: -1,
	}
	p := patterns[pi]
	after := -1
	if len(matched) > 0 {
		after = matched[len(matched)-1]
	}

	// Rank the remaining messages without rendering differences.
	bestScore, bestDiffs := -1, 0
	for i := after + 1; i < len(messages); i++ {
		w := walker{cfg: cfg, mode: modeCount}
		p.compare(&w, messages[i])
		if w.score > bestScore || w.score == bestScore && w.ndiffs < bestDiffs {
			e.Closest, bestScore, bestDiffs = i, w.score, w.ndiffs
		}
	}
	if e.Closest >= 0 {
		w := walker{cfg: cfg, mode: modeFull}
		p.compare(&w, messages[e.Closest])
		e.Diff = &Mismatch{Diffs: w.diffs}
	}
	for i := 0; i <= after; i++ {
		w := walker{cfg: cfg, mode: modeQuick}
		if p.compare(&w, messages[i]) {
			e.EarlierMatch = i
			break
		}
	}

	var b strings.Builder
	fmt.Fprintf(&b, "pattern %d of %d %s not found", pi+1, len(patterns), p.describe())
	switch {
	case len(messages) == 0:
		b.WriteString(": no messages")
	case after < 0:
		fmt.Fprintf(&b, " in %s", plural(len(messages), "message"))
	default:
		fmt.Fprintf(&b, " after message %d %s (matched by pattern %d)",
			after+1, describeValue(messages[after]), pi)
		if e.Closest < 0 {
			b.WriteString(", the last message")
		}
	}
	if e.Closest >= 0 {
		fmt.Fprintf(&b, "\nclosest: message %d %s", e.Closest+1, describeValue(messages[e.Closest]))
		writeDiffs(&b, e.Diff.Diffs, "\n  ")
	}
	if e.EarlierMatch >= 0 {
		fmt.Fprintf(&b, "\nnote: message %d %s matches it", e.EarlierMatch+1, describeValue(messages[e.EarlierMatch]))
		if j := slices.Index(matched, e.EarlierMatch); j >= 0 {
			fmt.Fprintf(&b, ", but pattern %d matched it first", j+1)
		} else {
			fmt.Fprintf(&b, ", but comes before message %d", after+1)
		}
	}
	e.text = b.String()
	return e
}

// plural formats a count of things.
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
