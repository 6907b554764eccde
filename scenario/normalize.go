package scenario

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
)

// normalizer replaces the values of a recording that change from run to
// run, or from machine to machine, with stable placeholders. One
// normalizer serves one recording, in the order the recording is written,
// so numbered placeholders ("<uuid:1>", "<uuid:2>", …) follow first
// appearance and a value keeps its placeholder wherever it recurs.
type normalizer struct {
	literals []literal         // exact texts, longest first
	numbered map[string]string // volatile token -> placeholder
	counts   map[string]int    // placeholder kind -> last number
}

type literal struct{ from, to string }

var (
	timestampRE = regexp.MustCompile(`\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?`)
	stubReqRE   = regexp.MustCompile(`req_stub[0-9]+`)
	osVersionRE = regexp.MustCompile(`(OS Version: )[^\n"\\]*`)
	// Numeric members that hold timings or clock readings, by name:
	// duration_ms, durationMs, ttft_ms, time_to_request_ms, timestamp,
	// resetsAt, created_at, …
	durationKey = regexp.MustCompile(`(?i:(^|_)(duration|ttft|elapsed|latency)|_ms$|^time_to_)|[a-z](Ms|Duration)$`)
	clockKey    = regexp.MustCompile(`(?i:^(time|timestamp|[amc]time|birthtime)$|_(time|timestamp|at)$)|[a-z](At|Time|Timestamp)$`)
)

// newNormalizer returns a normalizer for a run around time now whose CLI
// had process ID pid. paths maps folders of the run (working folder,
// HOME, …) to placeholder names; literals maps other texts of the run
// (the fake API's address) to their placeholders.
func newNormalizer(now time.Time, pid int, paths, literals map[string]string) *normalizer {
	n := &normalizer{numbered: map[string]string{}, counts: map[string]int{}}
	add := func(from, to string) {
		if from != "" && !slices.ContainsFunc(n.literals, func(l literal) bool { return l.from == from }) {
			n.literals = append(n.literals, literal{from, to})
		}
	}
	for p, name := range paths {
		if p == "" {
			continue
		}
		variants := []string{p}
		if real, err := filepath.EvalSymlinks(p); err == nil && real != p {
			variants = append(variants, real)
		}
		for _, v := range variants {
			add(v, "<"+name+">")
			// The CLI names per-project folders after the path with every
			// character but letters and digits turned into "-".
			add(slug(v), "<"+name+"-slug>")
		}
	}
	for from, to := range literals {
		add(from, to)
	}
	// Dates the run can have seen, local and UTC, either side of midnight.
	for _, d := range []time.Duration{-24 * time.Hour, 0, 24 * time.Hour} {
		for _, t := range []time.Time{now.Add(d), now.UTC().Add(d)} {
			add(t.Format("2006-01-02"), "<date>")
			add(t.Format("2006/01/02"), "<date>")
			add(t.Format("1/2/2006"), "<date>")
		}
	}
	if pid > 0 {
		n.literals = append(n.literals, literal{fmt.Sprint(pid), "<pid>"})
	}
	slices.SortStableFunc(n.literals, func(a, b literal) int { return len(b.from) - len(a.from) })
	return n
}

func slug(p string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '-'
	}, p)
}

// number returns the placeholder of a volatile token of a kind, numbering
// tokens by first appearance.
func (n *normalizer) number(kind, token string) string {
	key := kind + "\x00" + strings.ToLower(token)
	if p, ok := n.numbered[key]; ok {
		return p
	}
	n.counts[kind]++
	p := fmt.Sprintf("<%s:%d>", kind, n.counts[kind])
	n.numbered[key] = p
	return p
}

// text normalizes one string.
func (n *normalizer) text(s string) string {
	if hasTimestamp(s) {
		s = timestampRE.ReplaceAllString(s, "<timestamp>")
	}
	s = n.ids(s)
	if strings.Contains(s, "req_stub") {
		// The fake API numbers its request ids by arrival, side requests
		// included, whose timing varies.
		s = stubReqRE.ReplaceAllStringFunc(s, func(id string) string { return n.number("api_request_id", id) })
	}
	if strings.Contains(s, "OS Version: ") {
		s = osVersionRE.ReplaceAllString(s, "${1}<os-version>")
	}
	for _, l := range n.literals {
		if l.to == "<pid>" {
			s = replaceNumber(s, l.from, l.to)
			continue
		}
		s = strings.ReplaceAll(s, l.from, l.to)
	}
	return s
}

// hasTimestamp reports whether s may hold a timestamp: a colon preceded by
// "dddd-dd-ddTdd" (or a space for the T). It spares the regular expression
// the long texts (system prompts, tool descriptions) that have none.
func hasTimestamp(s string) bool {
	for i := 0; ; {
		j := strings.IndexByte(s[i:], ':')
		if j < 0 {
			return false
		}
		i += j
		if k := i - 13; k >= 0 && isDigits(s[k:k+4]) && s[k+4] == '-' && isDigits(s[k+5:k+7]) && s[k+7] == '-' &&
			isDigits(s[k+8:k+10]) && (s[k+10] == 'T' || s[k+10] == ' ') && isDigits(s[k+11:k+13]) {
			return true
		}
		i++
	}
}

func isDigits(s string) bool {
	for i := range len(s) {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// ids replaces UUIDs with "<uuid:N>" and runs of 32 or more hex digits
// with "<hex:N>", where no other hex digit touches them (an underscore or
// a letter beyond f may: user_<hex>_account).
func (n *normalizer) ids(s string) string {
	var b strings.Builder
	prev := 0
	for i := 0; i < len(s); {
		if !isHex(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isHex(s[j]) {
			j++
		}
		switch {
		case j-i == 8 && isUUIDAt(s, i):
			b.WriteString(s[prev:i])
			b.WriteString(n.number("uuid", s[i:i+36]))
			prev, j = i+36, i+36
		case j-i >= 32:
			b.WriteString(s[prev:i])
			b.WriteString(n.number("hex", s[i:j]))
			prev = j
		}
		i = j
	}
	if prev == 0 {
		return s
	}
	b.WriteString(s[prev:])
	return b.String()
}

// isUUIDAt reports whether s holds a UUID (8-4-4-4-12 hex digits) at i,
// not followed by another hex digit.
func isUUIDAt(s string, i int) bool {
	if len(s) < i+36 || (len(s) > i+36 && isHex(s[i+36])) {
		return false
	}
	for k := i; k < i+36; k++ {
		switch k - i {
		case 8, 13, 18, 23:
			if s[k] != '-' {
				return false
			}
		default:
			if !isHex(s[k]) {
				return false
			}
		}
	}
	return true
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// replaceNumber replaces the digits num in s where no other digit touches
// them.
func replaceNumber(s, num, with string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, num)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		end := i + len(num)
		if (i > 0 && isDigit(s[i-1])) || (end < len(s) && isDigit(s[end])) {
			b.WriteString(s[:end])
		} else {
			b.WriteString(s[:i])
			b.WriteString(with)
		}
		s = s[end:]
	}
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// value normalizes v in place and returns it: every string, timing
// members by name, control request ids.
func (n *normalizer) value(v *value) *value {
	fix := func(key string, val *value) *value {
		switch {
		case val.kind == 'n' && key != "" && durationKey.MatchString(key):
			return stringValue("<duration>")
		case val.kind == 'n' && key != "" && clockKey.MatchString(key):
			return stringValue("<time>")
		case val.kind == 's' && key == "request_id" && !stubReqRE.MatchString(val.str):
			// A control request's id, made up by whoever sends the request.
			return stringValue(n.number("request_id", val.str))
		case val.kind == 's':
			return stringValue(n.text(val.str))
		}
		return val
	}
	root := fix("", v)
	root.walk(fix)
	return root
}
