package match_test

import (
	"encoding/json"
	"errors"
	"regexp/syntax"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/match"
)

func TestParseErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		text   string
		offset int64
		path   string
		msg    string // substring of the error text
	}{
		{"empty", ``, 0, "", "empty pattern text"},
		{"blank", " \n", 0, "", "empty pattern text"},
		{"truncated object", `{"a":[1,2]`, 10, "", "unexpected end of pattern text"},
		{"truncated key", `{"a`, 3, "", "unexpected end of pattern text"},
		{"syntax", `{"a":[1,2}`, 9, "a", "invalid character '}' after array element"},
		{"bad literal", `{"a":tru}`, 7, "a", "invalid character '}' in literal true"},
		{"trailing data", `{} {}`, 3, "", "data after the pattern value"},
		{"trailing garbage", `1 x`, 2, "", "data after the pattern value"},
		{"duplicate key", `{"a":1,"a":2}`, 7, "", `duplicate key "a"`},
		{"duplicate escaped key", `{"$$a":1,"$$a":2}`, 9, "", `duplicate key "$$a"`},
		{"unknown operator", `{"m":{"$foo":1}}`, 5, "m",
			`unknown operator "$foo" (known: $absent, $any, $contains, $nonempty, $regexp, $type; write "$$foo" for a literal key "$foo")`},
		{"bare dollar", `{"$":1}`, 0, "", `unknown operator "$"`},
		{"operator with other keys", `{"$any":true,"a":1}`, 0, "",
			`operator $any must be the only key of its object (write "$$any" for a literal key "$any")`},
		{"operator after other keys", `{"a":1,"$type":"string"}`, 0, "", `operator $type must be the only key`},
		{"operator with escaped twin", `{"$any":true,"$$any":1}`, 0, "", `operator $any must be the only key`},
		{"two operators", `{"$any":true,"$absent":true}`, 0, "", `operator $any must be the only key`},
		{"any false", `{"$any":false}`, 0, "", `$any takes true, got false`},
		{"absent string", `[0,{"a":{"$absent":"yes"}}]`, 8, "1.a", `$absent takes true, got "yes"`},
		{"nonempty number", `{"$nonempty":1}`, 0, "", `$nonempty takes true, got 1`},
		{"type unknown", `{"$type":"integer"}`, 0, "",
			`$type wants one of "string", "number", "boolean", "null", "object", "array", got "integer"`},
		{"type not string", `{"$type":["string"]}`, 0, "", `$type takes a string, got ["string"]`},
		{"regexp invalid", `{"id":{"$regexp":"a("}}`, 6, "id", "$regexp: error parsing regexp: missing closing )"},
		{"regexp not string", `{"$regexp":{"$any":true}}`, 0, "", `$regexp takes a string, got {"$any":true}`},
		{"contains not array", `{"$contains":{"a":1}}`, 0, "", `$contains takes an array, got {"a":1}`},
		{"absent in array", `{"a":[1,{"$absent":true}]}`, 8, "a.1", "$absent cannot be an array element"},
		{"absent in contains", `{"$contains":[{"$absent":true}]}`, 14, "$contains.0", "$absent cannot be an array element"},
		{"error inside contains", `{"$contains":[{"$nope":1}]}`, 14, "$contains.0", `unknown operator "$nope"`},
		{"too deep", strings.Repeat("[", 1001) + strings.Repeat("]", 1001), 1000,
			strings.TrimSuffix(strings.Repeat("0.", 1000), "."), "nesting deeper than 1000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p, err := match.Parse([]byte(tt.text))
			if err == nil {
				t.Fatalf("Parse(%s) = %v, want an error", tt.text, p)
			}
			pe, ok := errors.AsType[*match.ParseError](err)
			if !ok {
				t.Fatalf("Parse(%s) error %T is not a *ParseError: %v", tt.text, err, err)
			}
			if pe.Offset != tt.offset || pe.Path != tt.path {
				t.Errorf("Parse(%s) error at offset %d path %q, want %d %q (%v)", tt.text, pe.Offset, pe.Path, tt.offset, tt.path, err)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("Parse(%s) error %q does not contain %q", tt.text, err, tt.msg)
			}
		})
	}
}

func TestParseErrorText(t *testing.T) {
	t.Parallel()
	_, err := match.Parse([]byte(`{"message":{"content":[{"$foo":1}]}}`))
	want := `match: pattern at message.content.0 (byte 23): unknown operator "$foo" (known: $absent, $any, $contains, $nonempty, $regexp, $type; write "$$foo" for a literal key "$foo")`
	if err == nil || err.Error() != want {
		t.Errorf("error =\n%v\nwant\n%s", err, want)
	}
	_, err = match.Parse([]byte(`[`))
	if want := "match: pattern at byte 1: unexpected end of pattern text"; err == nil || err.Error() != want {
		t.Errorf("error = %v, want %s", err, want)
	}
}

func TestParseErrorUnwrap(t *testing.T) {
	t.Parallel()
	_, err := match.Parse([]byte(`{"$regexp":"("}`))
	if _, ok := errors.AsType[*syntax.Error](err); !ok {
		t.Errorf("regexp error %v does not unwrap to *syntax.Error", err)
	}
	_, err = match.Parse([]byte(`{"a":}`))
	if _, ok := errors.AsType[*json.SyntaxError](err); !ok {
		t.Errorf("syntax error %v does not unwrap to *json.SyntaxError", err)
	}
}

func TestMarshalJSON(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, text, want string
	}{
		{"compacts, keeps key order", "{ \"type\" : \"x\",\n \"a\": [1, 2.50, -3e2] }", `{"type":"x","a":[1,2.50,-3e2]}`},
		{"scalars", `[true,false,null,"s",0]`, `[true,false,null,"s",0]`},
		{"operators", `{"a":{"$any":true},"b":{"$absent":true},"c":{"$nonempty":true},"d":{"$type":"null"},"e":{"$regexp":"^a\\.b$"},"f":{"$contains":[1,{"$any":true}]}}`,
			`{"a":{"$any":true},"b":{"$absent":true},"c":{"$nonempty":true},"d":{"$type":"null"},"e":{"$regexp":"^a\\.b$"},"f":{"$contains":[1,{"$any":true}]}}`},
		{"escaped keys stay escaped", `{"$$ref":{"$$$x":1}}`, `{"$$ref":{"$$$x":1}}`},
		{"no HTML escaping", `"<a&b>"`, `"<a&b>"`},
		{"string escapes", `"\u0001\n\t\r\"\\\/é\u2028"`, `"\u0001\n\t\r\"\\/é\u2028"`},
		{"empty containers", `{"a":{},"b":[],"c":{"$contains":[]}}`, `{"a":{},"b":[],"c":{"$contains":[]}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := match.MustParse(tt.text)
			got, err := p.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("MarshalJSON() = %s, want %s", got, tt.want)
			}
			if p.String() != tt.want {
				t.Errorf("String() = %s, want %s", p, tt.want)
			}
			again, err := match.MustParse(string(got)).MarshalJSON()
			if err != nil || string(again) != tt.want {
				t.Errorf("round trip = %s, %v; want %s", again, err, tt.want)
			}
		})
	}
}

func TestUnmarshalJSON(t *testing.T) {
	t.Parallel()
	var scenario struct {
		Expect []match.Pattern `json:"expect"`
	}
	text := `{"expect":[{"type":"system","subtype":"init"},{"type":"result","result":{"$regexp":"^Done"}}]}`
	if err := json.Unmarshal([]byte(text), &scenario); err != nil {
		t.Fatal(err)
	}
	if len(scenario.Expect) != 2 || scenario.Expect[0].Label() != "system/init" || scenario.Expect[1].Label() != "result" {
		t.Fatalf("decoded %v", scenario.Expect)
	}
	if m := scenario.Expect[1].Match([]byte(`{"type":"result","result":"Done."}`)); m != nil {
		t.Error(m)
	}
	err := json.Unmarshal([]byte(`{"expect":[{"$bad":1}]}`), &scenario)
	if _, ok := errors.AsType[*match.ParseError](err); !ok {
		t.Errorf("bad pattern in a file: error %v is not a *ParseError", err)
	}
	out, err := json.Marshal(struct {
		P match.Pattern `json:"p"`
	}{match.AssistantText("hi")})
	if want := `{"p":{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"hi"}]}}}`; err != nil || string(out) != want {
		t.Errorf("json.Marshal = %s, %v; want %s", out, err, want)
	}
}

func TestMustParsePanics(t *testing.T) {
	t.Parallel()
	defer func() {
		r := recover()
		if _, ok := r.(*match.ParseError); !ok {
			t.Errorf("MustParse panicked with %v, want a *ParseError", r)
		}
	}()
	match.MustParse(`{"$any":1}`)
}
