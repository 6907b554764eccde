package match_test

import (
	"bytes"
	"testing"

	"github.com/ccwire/ccwire/match"
)

var fuzzSeeds = []string{
	``,
	`null`,
	`{"type":"assistant","message":{"content":[{"type":"tool_use","name":"AskUserQuestion"}]}}`,
	`{"a":{"$any":true},"b":{"$absent":true},"c":{"$nonempty":true},"d":{"$type":"null"}}`,
	`{"e":{"$regexp":"^a\\.b$"},"f":{"$contains":[1,{"$any":true},[]]}}`,
	`{"$$ref":{"$$$x":[1.5e3,-0,true,false,null,"\u00e9\u2028<>&"]}}`,
	`{"$foo":1}`,
	`{"$any":true,"a":1}`,
	`{"a":1,"a":2}`,
	`[{"$absent":true}]`,
	`{"$regexp":"("}`,
	`[[[[[[[[[[]]]]]]]]]]`,
	`{"a.b":{"*":{"\\":1}}}`,
	`"\ud800"`,
	`1 2`,
	`{"a":[1,2}`,
}

// FuzzParse checks that Parse never panics and that valid patterns round
// trip through MarshalJSON.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := match.Parse(data)
		if err != nil {
			if _, ok := err.(*match.ParseError); !ok {
				t.Fatalf("Parse error %T is not a *ParseError: %v", err, err)
			}
			return
		}
		out, err := p.MarshalJSON()
		if err != nil {
			t.Fatalf("MarshalJSON of parsed %q: %v", data, err)
		}
		q, err := match.Parse(out)
		if err != nil {
			t.Fatalf("Parse(MarshalJSON(%q)) = %v; text %s", data, err, out)
		}
		again, err := q.MarshalJSON()
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("round trip of %q: %s then %s (%v)", data, out, again, err)
		}
		if p.Label() != q.Label() {
			t.Fatalf("label %q became %q", p.Label(), q.Label())
		}
		// Without operators or escapes, a pattern matches its own text.
		if !bytes.Contains(out, []byte("$")) {
			if m := p.Match(out); m != nil {
				t.Fatalf("literal pattern %s does not match itself: %v", out, m)
			}
		}
		_ = p.Match(data)
	})
}

// FuzzMatch checks that matching arbitrary input never panics, that
// Subsequence agrees with Match, and that ignoring the paths of the
// differences leaves only differences at the root.
func FuzzMatch(f *testing.F) {
	for i, s := range fuzzSeeds {
		f.Add(s, fuzzSeeds[(i+2)%len(fuzzSeeds)])
		f.Add(s, s)
	}
	f.Add(`{"message":{"content":{"$contains":[{"type":"text"}]}}}`,
		`{"message":{"content":[{"type":"tool_use"},{"type":"text","text":"x"}]}}`)
	f.Fuzz(func(t *testing.T, pattern, actual string) {
		_ = match.MessageLabel([]byte(actual))
		p, err := match.Parse([]byte(pattern))
		if err != nil {
			return
		}
		m := p.Match([]byte(actual))
		if m != nil {
			_ = m.Error()
		}
		if !jsonValid(actual) {
			return
		}
		serr := match.Subsequence([][]byte{[]byte(actual)}, []match.Pattern{p})
		if (m == nil) != (serr == nil) {
			t.Fatalf("Match = %v but Subsequence = %v", m, serr)
		}
		if m == nil {
			return
		}
		var paths []string
		for _, d := range m.Diffs {
			if d.Path != "" {
				paths = append(paths, d.Path)
			}
		}
		for _, d := range diffsOf(p.Match([]byte(actual), match.Ignore(paths...))) {
			if d.Path != "" {
				t.Fatalf("ignoring %q left %v", paths, d)
			}
		}
	})
}

func diffsOf(m *match.Mismatch) []match.Diff {
	if m == nil {
		return nil
	}
	return m.Diffs
}

// jsonValid reports whether s is one JSON value, as Match decodes it.
func jsonValid(s string) bool {
	return match.MustParse(`{"$any":true}`).Match([]byte(s)) == nil
}
