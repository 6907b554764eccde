package match_test

import (
	"strings"
	"testing"

	"github.com/ccwire/ccwire/match"
	"github.com/google/go-cmp/cmp"
)

// diffStrings returns the diffs of m as strings, nil for no mismatch.
func diffStrings(m *match.Mismatch) []string {
	if m == nil {
		return nil
	}
	out := make([]string, len(m.Diffs))
	for i, d := range m.Diffs {
		out[i] = d.String()
	}
	return out
}

func TestMatchRules(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("abcdefghij", 10)
	tests := []struct {
		name    string
		pattern string
		actual  string
		want    []string // Diff strings; nil when actual matches
	}{
		// Objects.
		{"object extra keys allowed", `{"a":1}`, `{"a":1,"b":2}`, nil},
		{"empty object matches any object", `{}`, `{"a":1}`, nil},
		{"empty object wants an object", `{}`, `[]`, []string{`(root): want {} got []`}},
		{"missing key", `{"a":1,"b":2}`, `{"a":1}`, []string{`b: want 2 got absent`}},
		{"nested", `{"a":{"b":"x"}}`, `{"a":{"b":"y","c":1}}`, []string{`a.b: want "x" got "y"`}},
		{"all differences in pattern order", `{"b":1,"a":2}`, `{"a":3,"b":4}`,
			[]string{`b: want 1 got 4`, `a: want 2 got 3`}},
		{"object vs scalar", `{"a":{"b":1}}`, `{"a":"s"}`, []string{`a: want {"b":1} got "s"`}},
		{"missing subtree is one diff", `{"m":{"c":[{"t":"x"}]}}`, `{}`,
			[]string{`m: want {"c":[{"t":"x"}]} got absent`}},

		// Scalars.
		{"string equal", `"x"`, `"x"`, nil},
		{"string differs", `"x"`, `"y"`, []string{`(root): want "x" got "y"`}},
		{"string vs number", `"1"`, `1`, []string{`(root): want "1" got 1`}},
		{"bool", `true`, `true`, nil},
		{"bool differs", `{"e":false}`, `{"e":true}`, []string{`e: want false got true`}},
		{"null matches null", `{"a":null}`, `{"a":null}`, nil},
		{"null is not absent", `{"a":null}`, `{}`, []string{`a: want null got absent`}},
		{"null is not false", `null`, `false`, []string{`(root): want null got false`}},
		{"absent is not null", `{"a":1}`, `{"a":null}`, []string{`a: want 1 got null`}},

		// Numbers compare by value.
		{"int equal", `42`, `42`, nil},
		{"int vs float", `1`, `1.0`, nil},
		{"exponent", `1e3`, `1000`, nil},
		{"negative zero", `0`, `-0`, nil},
		{"fraction", `0.5`, `5e-1`, nil},
		{"big ints exact", `12345678901234567890`, `12345678901234567891`,
			[]string{`(root): want 12345678901234567890 got 12345678901234567891`}},
		{"big ints equal", `12345678901234567890`, `12345678901234567890`, nil},
		{"number differs", `{"n":1}`, `{"n":2}`, []string{`n: want 1 got 2`}},
		{"number vs string", `1`, `"1"`, []string{`(root): want 1 got "1"`}},
		{"out of range numbers only equal by text", `1e999`, `1e999`, nil},
		{"out of range numbers differ", `1e999`, `2e999`, []string{`(root): want 1e999 got 2e999`}},

		// Arrays: element-wise, same length.
		{"array equal", `[1,"a"]`, `[1,"a"]`, nil},
		{"array element partial", `[{"t":"x"}]`, `[{"t":"x","id":1}]`, nil},
		{"array element differs", `[1,2]`, `[1,3]`, []string{`1: want 2 got 3`}},
		{"array longer", `[1]`, `[1,2]`, []string{`(root): want 1 element got 2 elements (array length)`}},
		{"array shorter, prefix compared", `[1,2,3]`, `[9]`, []string{
			`(root): want 3 elements got 1 element (array length)`,
			`0: want 1 got 9`,
		}},
		{"empty array", `[]`, `[]`, nil},
		{"empty array wants empty", `{"a":[]}`, `{"a":[1]}`, []string{`a: want 0 elements got 1 element (array length)`}},
		{"array vs object", `[1]`, `{"0":1}`, []string{`(root): want [1] got {"0":1}`}},
		{"order matters", `[1,2]`, `[2,1]`, []string{`0: want 1 got 2`, `1: want 2 got 1`}},

		// $any.
		{"any present", `{"a":{"$any":true}}`, `{"a":[1]}`, nil},
		{"any null", `{"a":{"$any":true}}`, `{"a":null}`, nil},
		{"any missing", `{"a":{"$any":true}}`, `{}`, []string{`a: want any value got absent`}},
		{"any as array element", `[{"$any":true},2]`, `["x",2]`, nil},

		// $absent.
		{"absent missing", `{"a":{"$absent":true}}`, `{"b":1}`, nil},
		{"absent present", `{"a":{"$absent":true}}`, `{"a":null}`, []string{`a: want absent got null`}},
		{"absent at root", `{"$absent":true}`, `{}`, []string{`(root): want absent got {}`}},

		// $type.
		{"type string", `{"$type":"string"}`, `""`, nil},
		{"type number", `{"$type":"number"}`, `1.5`, nil},
		{"type boolean", `{"$type":"boolean"}`, `false`, nil},
		{"type null", `{"$type":"null"}`, `null`, nil},
		{"type object", `{"$type":"object"}`, `{}`, nil},
		{"type array", `{"$type":"array"}`, `[]`, nil},
		{"type mismatch", `{"a":{"$type":"string"}}`, `{"a":1}`, []string{`a: want a string got 1`}},
		{"type array mismatch", `{"a":{"$type":"array"}}`, `{"a":{}}`, []string{`a: want an array got {}`}},
		{"type missing", `{"a":{"$type":"null"}}`, `{}`, []string{`a: want null got absent`}},

		// $regexp.
		{"regexp", `{"id":{"$regexp":"^msg_"}}`, `{"id":"msg_01"}`, nil},
		{"regexp unanchored", `{"$regexp":"b"}`, `"abc"`, nil},
		{"regexp no match", `{"id":{"$regexp":"^msg_"}}`, `{"id":"toolu_1"}`,
			[]string{`id: want string matching "^msg_" got "toolu_1"`}},
		{"regexp non-string", `{"$regexp":"1"}`, `1`, []string{`(root): want string matching "1" got 1`}},

		// $nonempty.
		{"nonempty string", `{"$nonempty":true}`, `"x"`, nil},
		{"nonempty array", `{"$nonempty":true}`, `[0]`, nil},
		{"nonempty object", `{"$nonempty":true}`, `{"a":1}`, nil},
		{"nonempty empty string", `{"$nonempty":true}`, `""`,
			[]string{`(root): want non-empty string, array or object got ""`}},
		{"nonempty empty array", `{"a":{"$nonempty":true}}`, `{"a":[]}`,
			[]string{`a: want non-empty string, array or object got []`}},
		{"nonempty number", `{"$nonempty":true}`, `1`,
			[]string{`(root): want non-empty string, array or object got 1`}},
		{"nonempty missing", `{"a":{"$nonempty":true}}`, `{}`,
			[]string{`a: want non-empty string, array or object got absent`}},

		// $contains.
		{"contains in order with others", `{"$contains":[1,3]}`, `[0,1,2,3,4]`, nil},
		{"contains partial elements", `{"$contains":[{"t":"b"}]}`, `[{"t":"a"},{"t":"b","x":1}]`, nil},
		{"contains empty matches any array", `{"$contains":[]}`, `[]`, nil},
		{"contains wrong order", `{"$contains":[3,1]}`, `[1,2,3]`,
			[]string{`(root): want an element matching 1 got no elements after element 2 ($contains item 1 of 2)`}},
		{"contains missing", `{"$contains":[5]}`, `[1,2,3]`,
			[]string{`(root): want an element matching 5 got none of elements 0..2 matches ($contains item 0 of 1)`}},
		{"contains last element", `{"$contains":[1,5]}`, `[1,2]`,
			[]string{`(root): want an element matching 5 got element 1 does not match ($contains item 1 of 2)`}},
		{"contains empty actual", `{"$contains":[1]}`, `[]`,
			[]string{`(root): want an element matching 1 got an empty array ($contains item 0 of 1)`}},
		{"contains each element once", `{"$contains":[1,1]}`, `[1,2]`,
			[]string{`(root): want an element matching 1 got element 1 does not match ($contains item 1 of 2)`}},
		{"contains repeated", `{"$contains":[1,1]}`, `[1,2,1]`, nil},
		{"contains non-array", `{"$contains":[1]}`, `{"a":1}`, []string{`(root): want array containing [1] got {"a":1}`}},
		{"contains greedy finds embedding", `{"$contains":[{"a":1},{"a":1,"b":2}]}`, `[{"a":1,"b":2},{"a":1,"b":2}]`, nil},

		// Escaped keys.
		{"literal dollar key", `{"$$ref":"x"}`, `{"$ref":"x"}`, nil},
		{"literal dollar key differs", `{"$$ref":"x"}`, `{"ref":"x"}`, []string{`$ref: want "x" got absent`}},
		{"literal operator-looking object", `{"a":{"$$any":true}}`, `{"a":{"$any":true}}`, nil},
		{"double escaped", `{"$$$x":1}`, `{"$$x":1}`, nil},

		// Long values are shortened.
		{"long strings shown around the difference", `"` + long + `X"`, `"` + long + `Y"`, []string{
			`(root): want "…ghijabcdefghijabcdefghijX" (101 bytes) got "…ghijabcdefghijabcdefghijY" (101 bytes) (first difference at byte 100)`,
		}},
		{"long actual string", `"a"`, `"` + long + `"`, []string{
			`(root): want "a" got "` + long[:64] + `…" (100 bytes) (first difference at byte 1)`,
		}},
		{"long actual object", `{"a":1}`, `{"a":"` + long + `"}`, []string{
			`a: want 1 got "` + long[:64] + `…" (100 bytes)`,
		}},
		{"long actual array", `"x"`, `[` + strings.Repeat(`1,`, 50) + `1]`, []string{
			`(root): want "x" got [` + strings.Repeat(`1,`, 31) + `1…`,
		}},

		// Invalid actual JSON.
		{"invalid actual", `{}`, `{"a":`, []string{`(root): want a JSON value got {"a": (unexpected EOF)`}},
		{"empty actual", `{}`, ``, []string{`(root): want a JSON value got  (empty input)`}},
		{"trailing actual", `{}`, `{} {}`, []string{`(root): want a JSON value got {} {} (data after the JSON value at byte 3)`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p, err := match.Parse([]byte(tt.pattern))
			if err != nil {
				t.Fatalf("Parse(%s): %v", tt.pattern, err)
			}
			got := diffStrings(p.Match([]byte(tt.actual)))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Match(%s, %s) diffs (-want +got):\n%s", tt.pattern, tt.actual, diff)
			}
		})
	}
}

func TestMismatchError(t *testing.T) {
	t.Parallel()
	many := make([]match.Diff, 12)
	for i := range many {
		many[i] = match.Diff{Path: "a", Want: "1", Got: "2"}
	}
	tests := []struct {
		name string
		m    *match.Mismatch
		want string
	}{
		{"none", &match.Mismatch{}, "match: no differences"},
		{"one", &match.Mismatch{Diffs: []match.Diff{{Path: "a.b", Want: `"x"`, Got: `"y"`}}},
			`match: a.b: want "x" got "y"`},
		{"two", &match.Mismatch{Diffs: []match.Diff{
			{Path: "a", Want: "1", Got: "2"},
			{Path: "", Want: "absent", Got: "{}", Reason: "why"},
		}}, "match: 2 differences:\n  a: want 1 got 2\n  (root): want absent got {} (why)"},
		{"capped", &match.Mismatch{Diffs: many},
			"match: 12 differences:" + strings.Repeat("\n  a: want 1 got 2", 10) + "\n  ... and 2 more"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := tt.m.Error(); got != tt.want {
				t.Errorf("Error() =\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

func TestZeroPattern(t *testing.T) {
	t.Parallel()
	var p match.Pattern
	m := p.Match([]byte(`{}`))
	if m == nil || !strings.Contains(m.Error(), "zero Pattern") {
		t.Errorf("zero Pattern Match = %v, want a zero Pattern difference", m)
	}
	if _, err := p.MarshalJSON(); err == nil {
		t.Error("zero Pattern MarshalJSON succeeded")
	}
	if got := p.String(); got != "<zero Pattern>" {
		t.Errorf("String() = %q", got)
	}
	if got := p.Label(); got != "" {
		t.Errorf("Label() = %q", got)
	}
	err := match.Subsequence([][]byte{[]byte(`{}`)}, []match.Pattern{p})
	if err == nil || !strings.Contains(err.Error(), "zero Pattern") {
		t.Errorf("Subsequence with zero Pattern = %v", err)
	}
}

func TestIgnore(t *testing.T) {
	t.Parallel()
	msg := `{"type":"assistant","session_id":"s1","message":{"id":"m1","content":[{"type":"tool_use","id":"t1","name":"Bash"},{"type":"tool_use","id":"t2","name":"Read"}]},"a.b":{"*":1},"k":[1,2]}`
	tests := []struct {
		name    string
		pattern string
		ignore  []string
		want    []string
	}{
		{"no ignore", `{"session_id":"s2"}`, nil, []string{`session_id: want "s2" got "s1"`}},
		{"top-level key", `{"session_id":"s2"}`, []string{"session_id"}, nil},
		{"ignored key may be absent", `{"uuid":"u"}`, []string{"uuid"}, nil},
		{"wildcard index", `{"message":{"content":[{"id":"x"},{"id":"y"}]}}`,
			[]string{"message.content.*.id"}, nil},
		{"wildcard leaves siblings compared", `{"message":{"content":[{"id":"x","name":"Bash"},{"id":"y","name":"Bash"}]}}`,
			[]string{"message.content.*.id"}, []string{`message.content.1.name: want "Bash" got "Read"`}},
		{"index", `{"message":{"content":[{"id":"x"},{"id":"t2"}]}}`,
			[]string{"message.content.0.id"}, nil},
		{"other index still compared", `{"message":{"content":[{"id":"t1"},{"id":"y"}]}}`,
			[]string{"message.content.0.id"}, []string{`message.content.1.id: want "y" got "t2"`}},
		{"wildcard key", `{"message":{"id":"x"},"session_id":"y"}`, []string{"*"}, nil},
		{"prefix ignores subtree", `{"message":{"id":"x","content":[]}}`, []string{"message"}, nil},
		{"longer path does not ignore parent", `{"k":[1]}`, []string{"k.0"},
			[]string{`k: want 1 element got 2 elements (array length)`}},
		{"escaped dot and star", `{"a.b":{"*":2}}`, []string{`a\.b.\*`}, nil},
		{"unescaped dot is a separator", `{"a.b":{"*":2}}`, []string{`a.b.*`}, []string{`a\.b.\*: want 2 got 1`}},
		{"ignore under $contains", `{"message":{"content":{"$contains":[{"type":"tool_use","id":"zz"}]}}}`,
			[]string{"message.content.*.id"}, nil},
		{"several options accumulate", `{"session_id":"x","message":{"id":"y"}}`, []string{"session_id", "message.id"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var opts []match.Option
			for _, p := range tt.ignore {
				opts = append(opts, match.Ignore(p))
			}
			got := diffStrings(match.MustParse(tt.pattern).Match([]byte(msg), opts...))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("diffs (-want +got):\n%s", diff)
			}
		})
	}
}
