package jsonwire

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestValidAgreesWithEncodingJSON(t *testing.T) {
	t.Parallel()
	deep := strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth)
	tooDeep := strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1)
	tests := []string{
		``, ` `, `null`, `true`, `false`, `nul`, `tru`, `0`, `-0`, `01`, `-`, `1.`, `1.5`, `1e5`, `1E+5`, `1e`, `.5`,
		`-1.5e-10`, `1e999`, `123456789012345678901234567890`,
		`""`, `"a"`, `"\u00e9"`, `"\ud83d\ude00"`, `"\ud83d"`, `"\x"`, `"\u12"`, `"\u12g4"`, "\"\x01\"", "\"\t\"",
		"\"\xff\"", "\"\xc3\xa9\"", `"unterminated`, `"\"`, `"\\"`, `"\/"`,
		`[]`, `[1]`, `[1,]`, `[,1]`, `[1 2]`, `[`, `]`, `[[[]]]`,
		`{}`, `{"a":1}`, `{"a":1,}`, `{"a"}`, `{"a":}`, `{a:1}`, `{"a":1 "b":2}`, `{,}`, `{"a":1}}`, `{"a":[{"b":null}]}`,
		" {\"a\" : [ 1 , 2 ] } \n", `1 2`, `{} {}`, `nulls`, `truex`,
		deep, tooDeep,
	}
	for _, in := range tests {
		want := json.Valid([]byte(in))
		if got := Valid([]byte(in)); got != want {
			t.Errorf("Valid(%.40q) = %v, encoding/json says %v", in, got, want)
		}
	}
}

func TestReadStringAgreesWithEncodingJSON(t *testing.T) {
	t.Parallel()
	tests := []string{
		`""`, `"plain"`, `"tab\there"`, `"\"quoted\" \\ \/ \b\f\n\r\t"`, `"\u0041\u00e9\u4e2d"`,
		`"\ud83d\ude00 smile"`, `"\ud83d alone"`, `"\ude00 low alone"`, `"\ud83d\u0041"`, `"\ud83d\ud83d\ude00"`,
		"\"bad \xff utf8\"", "\"cut \xe4\xb8\"", "\"ok \xe4\xb8\xad\"", `"\u0000"`, "\"\xed\xa0\x80\"",
	}
	// The same strings long enough to be sized exactly before unquoting.
	for _, in := range tests[:len(tests):len(tests)] {
		body := in[1 : len(in)-1]
		tests = append(tests, `"`+strings.Repeat(body+"x", exactSizeFrom/(len(body)+1)+1)+`"`)
	}
	for _, alias := range []bool{false, true} {
		for _, in := range tests {
			var want string
			if err := json.Unmarshal([]byte(in), &want); err != nil {
				t.Fatalf("encoding/json rejects %q: %v", in, err)
			}
			d := Decoder{AliasStrings: alias}
			d.Reset([]byte(in))
			got, err := d.ReadString()
			if err != nil {
				t.Errorf("ReadString(%q): %v", in, err)
				continue
			}
			if got != want {
				t.Errorf("ReadString(%q) = %q, want %q", in, got, want)
			}
		}
	}
}

func TestSyntaxErrorOffset(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in     string
		offset int
		msg    string
	}{
		{`{"a":1,}`, 7, "unexpected '}'"},
		{`{"a" 1}`, 5, "want ':'"},
		{`[1,2`, 4, "unexpected end of input"},
		{`"abc`, 4, "unterminated string"},
		{"\"a\x01\"", 2, "control character"},
		{`"\q"`, 2, "invalid escape"},
		{`-x`, 1, "want digit"},
		{`nulx`, 3, `want "null"`},
	}
	for _, tt := range tests {
		var d Decoder
		d.Reset([]byte(tt.in))
		_, err := d.Skip()
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Skip(%q) = %v, want a *SyntaxError", tt.in, err)
			continue
		}
		if se.Offset != tt.offset || !strings.Contains(se.Msg, tt.msg) {
			t.Errorf("Skip(%q) error = %v (offset %d), want offset %d and %q", tt.in, err, se.Offset, tt.offset, tt.msg)
		}
	}
}

func TestDecoderWalk(t *testing.T) {
	t.Parallel()
	in := []byte(` { "a" : [1, "x", true, null, {"b": -2.5e3}], "c": {} } `)
	var d Decoder
	d.Reset(in)
	if err := d.OpenObject(); err != nil {
		t.Fatal(err)
	}
	key, ok, err := d.ObjectNext(0)
	if err != nil || !ok || key != "a" {
		t.Fatalf("first member = %q %v %v", key, ok, err)
	}
	raw, err := d.Skip()
	if err != nil || string(raw) != `[1, "x", true, null, {"b": -2.5e3}]` {
		t.Fatalf("Skip = %q, %v", raw, err)
	}
	key, ok, err = d.ObjectNext(1)
	if err != nil || !ok || key != "c" {
		t.Fatalf("second member = %q %v %v", key, ok, err)
	}
	if d.Peek() != Object {
		t.Fatalf("Peek = %v, want object", d.Peek())
	}
	if err := d.OpenObject(); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := d.ObjectNext(0); ok || err != nil {
		t.Fatalf("empty object: %v %v", ok, err)
	}
	if _, ok, err := d.ObjectNext(2); ok || err != nil {
		t.Fatalf("end of object: %v %v", ok, err)
	}
	if err := d.End(); err != nil {
		t.Fatal(err)
	}
	if d.Depth() != 0 {
		t.Fatalf("depth %d after the end", d.Depth())
	}
}

func TestAppendStringRoundTrips(t *testing.T) {
	t.Parallel()
	tests := []string{"", "plain", "quote \" backslash \\ slash /", "ctl \x00\x01\x1f\x7f", "\n\r\t\b\f",
		"é中😀", "bad \xff utf8", "<html>&amp;", "\u2028\u2029"}
	for _, s := range tests {
		b := AppendString(nil, s)
		if !json.Valid(b) {
			t.Errorf("AppendString(%q) = %s, not valid JSON", s, b)
			continue
		}
		var got string
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatal(err)
		}
		want := strings.ToValidUTF8(s, "\uFFFD")
		if got != want {
			t.Errorf("AppendString(%q) reads back as %q", s, got)
		}
	}
	if got := string(AppendString(nil, "a<b>\n")); got != `"a<b>\n"` {
		t.Errorf("AppendString escapes like encoding/json's HTML mode: %s", got)
	}
}

func TestAppendFloat(t *testing.T) {
	t.Parallel()
	tests := []struct {
		f    float64
		want string
	}{
		{0, "0"}, {1, "1"}, {-1.5, "-1.5"}, {0.1, "0.1"}, {1.6043104499999998, "1.6043104499999998"},
		{1e-7, "1e-7"}, {1.5e-7, "1.5e-7"}, {0.000001, "0.000001"}, {1e20, "100000000000000000000"},
		{1e21, "1e+21"}, {123456789, "123456789"}, {math.NaN(), "null"}, {math.Inf(1), "null"},
	}
	for _, tt := range tests {
		got := string(AppendFloat(nil, tt.f))
		if got != tt.want {
			t.Errorf("AppendFloat(%v) = %s, want %s", tt.f, got, tt.want)
		}
		if !math.IsNaN(tt.f) && !math.IsInf(tt.f, 0) {
			back, err := strconv.ParseFloat(got, 64)
			if err != nil || back != tt.f {
				t.Errorf("AppendFloat(%v) = %s reads back as %v, %v", tt.f, got, back, err)
			}
		}
	}
}

func TestUnquotedLen(t *testing.T) {
	t.Parallel()
	tests := []string{
		``, `plain`, `tab\there`, `\"quoted\" \\ \/ \b\f\n\r\t`, `\u0041\u00e9\u4e2d\u0000\u07ff\u0800\uffff`,
		`\ud83d\ude00 smile`, `\ud83d alone`, `\ude00 low alone`, `\ud83d\u0041`, `\ud83d\ud83d\ude00`, `\ud83d`, `\ud83d\n`, `\ud83d\\u0041`,
		"ok \xe4\xb8\xad \\n", `\\\\`, `a\u00e9b\nc`,
	}
	for _, body := range tests {
		if got, want := unquotedLen([]byte(body)), len(Unquote(nil, []byte(body))); got != want {
			t.Errorf("unquotedLen(%q) = %d, Unquote gives %d bytes", body, got, want)
		}
	}
}

func FuzzValid(f *testing.F) {
	for _, s := range []string{`{"a":[1,2,{"b":"c\u00e9"}]}`, `"\ud83d\ude00"`, `[1e5,-0.5,true,false,null]`, "\"\xff\"", `{"a":1,}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if got, want := Valid(data), json.Valid(data); got != want {
			t.Fatalf("Valid(%q) = %v, encoding/json says %v", data, got, want)
		}
	})
}

func FuzzReadString(f *testing.F) {
	for _, s := range []string{`"plain"`, `"\ud83d\ude00"`, `"\ud83d"`, "\"\xff\xfe\"", `"\n\t\\"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var want string
		wantErr := json.Unmarshal(data, &want)
		d := Decoder{AliasStrings: true}
		d.Reset(data)
		got, err := d.ReadString()
		if err == nil {
			err = d.End()
		}
		if (err == nil) != (wantErr == nil) {
			if wantErr != nil && !json.Valid(data) {
				t.Fatalf("ReadString(%q) accepted what encoding/json rejects: %v", data, wantErr)
			}
			if wantErr == nil {
				t.Fatalf("ReadString(%q) = %v, encoding/json accepts it", data, err)
			}
			return
		}
		if err == nil && got != want {
			t.Fatalf("ReadString(%q) = %q, encoding/json reads %q", data, got, want)
		}
		if body := bytes.TrimSpace(data); err == nil && utf8.Valid(body) {
			body = body[1 : len(body)-1]
			if n := unquotedLen(body); n != len(got) {
				t.Fatalf("unquotedLen(%q) = %d, the value has %d bytes", body, n, len(got))
			}
		}
		if err == nil {
			var back string
			if err := json.Unmarshal(AppendString(nil, got), &back); err != nil || back != got {
				t.Fatalf("AppendString(%q) does not round-trip: %q, %v", got, back, err)
			}
		}
	})
}
