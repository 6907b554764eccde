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
	uuidRE      = regexp.MustCompile(`(?i)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)
	hexRE       = regexp.MustCompile(`(?i)[0-9a-f]{32,}`)
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
	s = timestampRE.ReplaceAllString(s, "<timestamp>")
	s = n.replaceTokens(s, uuidRE, "uuid")
	s = n.replaceTokens(s, hexRE, "hex")
	// The fake API numbers its request ids by arrival, side requests
	// included, whose timing varies.
	s = stubReqRE.ReplaceAllStringFunc(s, func(id string) string { return n.number("api_request_id", id) })
	s = osVersionRE.ReplaceAllString(s, "${1}<os-version>")
	for _, l := range n.literals {
		if l.to == "<pid>" {
			s = replaceNumber(s, l.from, l.to)
			continue
		}
		s = strings.ReplaceAll(s, l.from, l.to)
	}
	return s
}

// replaceTokens replaces the matches of re in s that no other hex digit
// touches (an underscore or a letter beyond f may: user_<hex>_account)
// with numbered placeholders of kind.
func (n *normalizer) replaceTokens(s string, re *regexp.Regexp, kind string) string {
	locs := re.FindAllStringIndex(s, -1)
	if locs == nil {
		return s
	}
	var b strings.Builder
	prev := 0
	for _, l := range locs {
		if (l[0] > 0 && isHex(s[l[0]-1])) || (l[1] < len(s) && isHex(s[l[1]])) {
			continue
		}
		b.WriteString(s[prev:l[0]])
		b.WriteString(n.number(kind, s[l[0]:l[1]]))
		prev = l[1]
	}
	b.WriteString(s[prev:])
	return b.String()
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
