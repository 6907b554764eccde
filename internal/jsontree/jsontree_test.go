package jsontree

import (
	"encoding/json"
	"slices"
	"testing"
)

func mustParse(t *testing.T, s string) *Value {
	t.Helper()
	v, err := Parse([]byte(s))
	if err != nil {
		t.Fatalf("Parse(%s): %v", s, err)
	}
	return v
}

func TestRoundTrip(t *testing.T) {
	t.Parallel()
	for _, in := range []string{
		`{"b":1,"a":[true,false,null,1.50,"x\u00e9\n"],"c":{}}`,
		`{"b":1,"a":[true,false,null,"x<y>&z",1.5e3,{}],"c":{"z":[]}}`,
		`{"a":1,"a":2}`,
		`"<synthetic>"`, `"plain"`, `[]`, `-0.0`,
	} {
		v := mustParse(t, in)
		if got := v.String(); got != in {
			t.Errorf("String of %s = %s", in, got)
		}
		w, err := Parse([]byte(v.Indent()))
		if err != nil || !v.Equal(w) {
			t.Errorf("Indent of %s does not parse back to it: %v", in, err)
		}
	}
	for _, bad := range []string{``, `{`, `{"a":1} x`, `{"a":1}x`, `[1,]`, `nul`} {
		if _, err := Parse([]byte(bad)); err == nil {
			t.Errorf("Parse(%q) succeeded", bad)
		}
	}
}

func TestIndent(t *testing.T) {
	t.Parallel()
	got := mustParse(t, `{"a":[1,{"b":null}],"e":{},"f":[]}`).Indent()
	want := "{\n  \"a\": [\n    1,\n    {\n      \"b\": null\n    }\n  ],\n  \"e\": {},\n  \"f\": []\n}"
	if got != want {
		t.Errorf("Indent =\n%s\nwant\n%s", got, want)
	}
}

func TestAccessors(t *testing.T) {
	t.Parallel()
	v := mustParse(t, `{"a":{"b":["x",{"c":"d"}]},"n":12,"t":true}`)
	if got := v.StringAt("a", "b", "1", "c"); got != "d" {
		t.Errorf("StringAt = %q", got)
	}
	for _, path := range [][]string{{"a", "b", "2"}, {"a", "b", "-1"}, {"a", "b", "x"}, {"n", "x"}, {"missing"}} {
		if x := v.Path(path...); x != nil {
			t.Errorf("Path(%q) = %s, want nil", path, x)
		}
	}
	if n := v.Get("n"); n.Kind != Number || n.Str != "12" || !v.Get("t").Bool {
		t.Errorf("scalars: %+v %+v", n, v.Get("t"))
	}
	if got := v.Keys(); len(got) != 3 || got[0] != "a" || got[2] != "t" {
		t.Errorf("Keys = %q", got)
	}
	if Object.String() != "object" || Bool.String() != "boolean" || Null.String() != "null" {
		t.Error("Kind names")
	}
}

func TestChanges(t *testing.T) {
	t.Parallel()
	v := mustParse(t, `{"s":"caf\u00e9","n":5,"list":["a",{"s":"b"}]}`)
	c := v.Clone()
	// A parsed string keeps its text; a value the program sets is encoded.
	v.Walk(func(key string, val *Value) *Value {
		if key == "n" {
			return NewString("<n>")
		}
		return val
	})
	v.Set("new", NewArray(NewInt(1), NewBool(false), NewObject(Member{Key: "k", Val: NewString("é")})))
	want := `{"s":"caf\u00e9","n":"<n>","list":["a",{"s":"b"}],"new":[1,false,{"k":"é"}]}`
	if got := v.String(); got != want {
		t.Errorf("after the changes\n got %s\nwant %s", got, want)
	}
	if got := c.String(); got != `{"s":"caf\u00e9","n":5,"list":["a",{"s":"b"}]}` {
		t.Errorf("the clone changed too: %s", got)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{`{"a":[1,2,{"b":null}]}`, `"x"`, `[[]]`, `{"":""}`, `1e9`, `{"a":"\ud83d\ude00"}`, `{"a":1,"a":[]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Parse(data)
		if err != nil {
			return
		}
		out := v.String()
		if !json.Valid([]byte(out)) {
			t.Fatalf("String of %q is not valid JSON: %q", data, out)
		}
		w, err := Parse([]byte(out))
		if err != nil {
			t.Fatalf("reparse of %q: %v", out, err)
		}
		if again := w.String(); again != out {
			t.Fatalf("not stable: %q then %q", out, again)
		}
		if x, err := Parse([]byte(v.Indent())); err != nil || !x.Equal(v) {
			t.Fatalf("Indent of %q does not parse back to it (%v)", data, err)
		}
	})
}

// TestWalkKeepingReadsOnly checks that a walk whose fn keeps every value
// writes nothing: run with -race, it reads a tree alongside another reader
// (protocol/schema walks its definitions for $ref while they are written
// out).
func TestWalkKeepingReadsOnly(t *testing.T) {
	t.Parallel()
	v, err := Parse([]byte(`{"a":{"$ref":"#/$defs/X"},"b":[{"$ref":"#/$defs/Y"},1]}`))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan []byte)
	go func() { done <- v.AppendIndent(nil, "") }()
	var refs []string
	v.Walk(func(key string, val *Value) *Value {
		if key == "$ref" {
			refs = append(refs, val.Str)
		}
		return val
	})
	<-done
	if want := []string{"#/$defs/X", "#/$defs/Y"}; !slices.Equal(refs, want) {
		t.Errorf("refs %q, want %q", refs, want)
	}
}
