package claude

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ccwire/ccwire/protocol"
)

// FuzzAbbreviate checks that Abbreviate keeps at most max characters of
// its input around the marker and never splits a UTF-8 sequence, and that
// AbbreviateLines keeps at most max lines and the marker.
func FuzzAbbreviate(f *testing.F) {
	f.Add("hello, world", 5)
	f.Add("ééééé日本語", 3)
	f.Add("a\xff\xfe\xe2\x82b", 2)
	f.Add("", 0)
	f.Fuzz(func(t *testing.T, s string, limit int) {
		limit %= 1 << 16
		if lines := AbbreviateLines(s, limit); lines != s {
			if n := strings.Count(strings.TrimSuffix(lines, "\n"), "\n") + 1; n > max(limit, 0)+1 || !strings.Contains(lines, " lines omitted …]") {
				t.Fatalf("AbbreviateLines(%q, %d) = %q has %d lines", s, limit, lines, n)
			}
		}
		got := Abbreviate(s, limit)
		n := utf8.RuneCountInString(s)
		if n <= limit {
			if got != s {
				t.Fatalf("Abbreviate changed a short string: %q -> %q", s, got)
			}
			return
		}
		if utf8.ValidString(s) && !utf8.ValidString(got) {
			t.Fatalf("Abbreviate(%q, %d) = %q is not valid UTF-8", s, limit, got)
		}
		if !strings.Contains(got, " characters omitted …]") {
			t.Fatalf("Abbreviate(%q, %d) = %q has no marker", s, limit, got)
		}
		head := got[:strings.Index(got, "[… ")]
		if kept := utf8.RuneCountInString(head); kept > max(limit/2, 0)+1 {
			t.Fatalf("Abbreviate(%q, %d) kept %d characters before the marker", s, limit, kept)
		}
	})
}

// FuzzTranslate feeds decoded lines to the event translator: it must not
// panic, must give an event for every message but empty ones, and must
// assemble deltas into their blocks' text.
func FuzzTranslate(f *testing.F) {
	for _, l := range []string{
		`{"type":"assistant","message":{"content":[{"type":"text","text":"hi"},{"type":"tool_use","id":"t1","name":"Bash","input":{}}]}}`,
		`{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"out"},{"type":"text","text":"x"}]}}`,
		`{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a"}}}`,
		`{"type":"stream_event","event":{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"t2","name":"X","input":{}}}}`,
		`{"type":"stream_event","event":{"type":"message_start","message":{"content":[]}}}`,
		`{"type":"control_request","request_id":"r","request":{"subtype":"can_use_tool","tool_name":"Bash","input":{},"tool_use_id":"t1"}}`,
		`{"type":"system","subtype":"whatever"}`,
		`{"type":"result","subtype":"success"}`,
		`{"type":"brand_new"}`,
	} {
		f.Add(l, l)
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		tr := newTranslator()
		for _, line := range []string{a, b, a} {
			m, err := protocol.Decode([]byte(line))
			if err != nil {
				continue
			}
			evs := tr.events(nil, m)
			for _, ev := range evs {
				if ev.Source() != m {
					t.Fatalf("event %T of %s has another source", ev, line)
				}
				if d, ok := ev.(*TextDeltaEvent); ok && !strings.HasSuffix(d.Text, d.Delta) {
					t.Fatalf("text %q does not end with its delta %q", d.Text, d.Delta)
				}
			}
		}
	})
}

// FuzzQuestions feeds AskUserQuestion inputs to Questions and
// AnswerQuestions: no panic, and an answered input is a JSON object that
// keeps the input's members and carries the answers.
func FuzzQuestions(f *testing.F) {
	f.Add(`{"questions":[{"question":"Q?","header":"H","options":[{"label":"A","description":"a"}],"multiSelect":false}]}`, "Q?", "A")
	f.Add(`{"questions":[],"answers":{"x":"y"}}`, "x", "z")
	f.Add(`null`, "", "")
	f.Add(`[]`, "q", "a")
	f.Fuzz(func(t *testing.T, input, question, label string) {
		_, _ = Questions(json.RawMessage(input))
		d, err := AnswerQuestions(json.RawMessage(input), map[string]string{question: label})
		if err != nil {
			return
		}
		var out map[string]json.RawMessage
		if err := json.Unmarshal(d.Input, &out); err != nil || out == nil {
			t.Fatalf("answered input %q is not an object: %v", d.Input, err)
		}
		// encoding/json turns invalid UTF-8 into U+FFFD: compare after the
		// same round trip.
		roundTrip := func(s string) string {
			b, _ := json.Marshal(s)
			_ = json.Unmarshal(b, &s)
			return s
		}
		var answers map[string]string
		if err := json.Unmarshal(out["answers"], &answers); err != nil || answers[roundTrip(question)] != roundTrip(label) {
			t.Fatalf("answers %s lack %q=%q", out["answers"], question, label)
		}
		if _, err := d.result("t", nil); err != nil {
			t.Fatalf("answered input refused: %v", err)
		}
	})
}
