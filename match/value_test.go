package match_test

import (
	"encoding/json"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ccwire/ccwire/match"
)

type mode string

type block struct {
	Type string        `json:"type"`
	Text string        `json:"text,omitempty"`
	ID   match.Pattern `json:"id"`
}

func TestValue(t *testing.T) {
	t.Parallel()
	one := 1
	var nilPtr *int
	tests := []struct {
		name string
		v    any
		want string
	}{
		{"nil", nil, `null`},
		{"string", "x", `"x"`},
		{"named string", mode("plan"), `"plan"`},
		{"bool", true, `true`},
		{"ints", []any{int8(-1), uint16(2), int64(math.MaxInt64), uint64(math.MaxUint64)},
			`[-1,2,9223372036854775807,18446744073709551615]`},
		{"floats", []any{1.5, float32(0.1), 1e21}, `[1.5,0.1,1e+21]`},
		{"json.Number", json.Number("1.50"), `1.50`},
		{"pointer", &one, `1`},
		{"nil pointer", nilPtr, `null`},
		{"map sorted, keys literal", map[string]any{"b": 1, "$ref": "x", "a": nil}, `{"$$ref":"x","a":null,"b":1}`},
		{"typed map", map[string]int{"z": 1, "y": 2}, `{"y":2,"z":1}`},
		{"int-keyed map via encoding/json", map[int]string{2: "b", 1: "a"}, `{"1":"a","2":"b"}`},
		{"nil map", map[string]any(nil), `null`},
		{"slice", []string{"a", "b"}, `["a","b"]`},
		{"array", [2]bool{true, false}, `[true,false]`},
		{"nil slice", []int(nil), `null`},
		{"matchers inside", map[string]any{
			"id":      match.Regexp("^msg_"),
			"gone":    match.Absent(),
			"any":     match.Any(),
			"list":    match.Contains("a", map[string]any{"n": match.Type("number")}),
			"content": []any{match.NonEmpty()},
		}, `{"any":{"$any":true},"content":[{"$nonempty":true}],"gone":{"$absent":true},"id":{"$regexp":"^msg_"},"list":{"$contains":["a",{"n":{"$type":"number"}}]}}`},
		{"pattern", match.SystemInit(), `{"type":"system","subtype":"init"}`},
		{"pattern pointer", new(match.MustParse(`[1]`)), `[1]`},
		{"raw message", json.RawMessage(`{"a": {"$any": true}}`), `{"a":{"$any":true}}`},
		{"struct via encoding/json", block{Type: "text", ID: match.Regexp("^t")}, `{"type":"text","id":{"$regexp":"^t"}}`},
		{"json.Marshaler", time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC), `"2025-01-02T03:04:05Z"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := match.Value(tt.v).String()
			if got != tt.want {
				t.Errorf("Value(%#v) = %s, want %s", tt.v, got, tt.want)
			}
		})
	}
}

func TestValueCopies(t *testing.T) {
	t.Parallel()
	m := map[string]any{"a": 1}
	p := match.Value(m)
	m["a"] = 2
	m["b"] = 3
	if got := p.String(); got != `{"a":1}` {
		t.Errorf("pattern changed with its source map: %s", got)
	}
}

func TestValuePanics(t *testing.T) {
	t.Parallel()
	cyclic := map[string]any{}
	cyclic["self"] = cyclic
	tests := []struct {
		name string
		f    func()
		msg  string
	}{
		{"channel", func() { match.Value(make(chan int)) }, "match.Value: cannot make a pattern of a chan int"},
		{"func", func() { match.Value(map[string]any{"f": func() {}}) }, `match.Value: key "f": cannot make a pattern of a func()`},
		{"NaN", func() { match.Value(math.NaN()) }, "match.Value: NaN is not a JSON number"},
		{"Inf", func() { match.Value([]float64{math.Inf(1)}) }, "match.Value: element 0: +Inf is not a JSON number"},
		{"bytes", func() { match.Value([]byte("{}")) }, "match.Value: []byte is ambiguous"},
		{"bad raw", func() { match.Value(json.RawMessage(`{"$x":1}`)) }, `unknown operator "$x"`},
		{"bad number", func() { match.Value(json.Number("1x")) }, `invalid json.Number "1x"`},
		{"zero pattern", func() { match.Value(map[string]any{"a": match.Pattern{}}) }, "zero Pattern"},
		{"absent element", func() { match.Value([]any{match.Absent()}) }, "element 0: $absent cannot be an array element"},
		{"cycle", func() { match.Value(cyclic) }, "nesting deeper than 1000"},
		{"Contains absent", func() { match.Contains(1, match.Absent()) }, "match.Contains: element 1: $absent cannot be an array element"},
		{"Contains bad", func() { match.Contains(make(chan int)) }, "match.Contains: element 0"},
		{"Regexp", func() { match.Regexp("(") }, "match.Regexp: error parsing regexp"},
		{"Type", func() { match.Type("int") }, `match.Type: $type wants one of`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			defer func() {
				r := recover()
				s, _ := r.(string)
				if !strings.Contains(s, tt.msg) {
					t.Errorf("panic %v, want one containing %q", r, tt.msg)
				}
			}()
			tt.f()
		})
	}
}

func TestWithLabel(t *testing.T) {
	t.Parallel()
	p := match.AssistantText("hi")
	q := p.WithLabel("greeting")
	if p.Label() != "assistant(text)" || q.Label() != "greeting" || q.WithLabel("").Label() != "assistant(text)" {
		t.Errorf("labels %q %q", p.Label(), q.Label())
	}
	if p.String() != q.String() {
		t.Errorf("WithLabel changed the pattern: %s", q)
	}
}

// TestConcurrentUse checks that one Pattern serves concurrent matches
// (run with -race).
func TestConcurrentUse(t *testing.T) {
	t.Parallel()
	p := match.MustParse(`{"type":"assistant","message":{"content":{"$contains":[{"type":"text","text":{"$regexp":"^D"}}]}}}`)
	msg := []byte(`{"type":"assistant","message":{"content":[{"type":"text","text":"Done"}]}}`)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 100 {
				if m := p.Match(msg, match.Ignore("x")); m != nil {
					t.Error(m)
					return
				}
				_ = p.Label()
				_ = p.String()
			}
		})
	}
	wg.Wait()
}
