package schema_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"iter"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/protocol/schema"
)

// linesOf yields lines of file a.txtar, each "FILE|DIR|JSON" or just JSON
// (file a.txtar, stdout), with the request a control response answers
// among the earlier lines of its file, as recording.Walk matches them.
func linesOf(lines ...string) iter.Seq2[schema.Line, error] {
	return func(yield func(schema.Line, error) bool) {
		requests := map[string]*protocol.Requests{} // by file
		for i, s := range lines {
			l := schema.Line{File: "a.txtar", Num: i + 1, Dir: "stdout", Msg: []byte(s)}
			if parts := strings.SplitN(s, "|", 3); len(parts) == 3 {
				l.File, l.Dir, l.Msg = parts[0], parts[1], []byte(parts[2])
			}
			if m, err := protocol.Decode(l.Msg); err == nil {
				if requests[l.File] == nil {
					requests[l.File] = &protocol.Requests{}
				}
				l.Answers = string(requests[l.File].KindOf(m).Answers)
			}
			if !yield(l, nil) {
				return
			}
		}
	}
}

// at returns the value at a slash-separated path of the bundle's JSON,
// nil when there is none.
func at(t *testing.T, doc any, path string) any {
	t.Helper()
	cur := doc
	for _, seg := range strings.Split(path, "/") {
		switch c := cur.(type) {
		case map[string]any:
			cur = c[seg]
		case []any:
			i, err := strconv.Atoi(seg)
			if err != nil || i >= len(c) {
				return nil
			}
			cur = c[i]
		default:
			return nil
		}
	}
	return cur
}

const (
	initLine   = `{"type":"system","subtype":"init","cwd":"/w","session_id":"s","tools":["Bash"],"permissionMode":"default","uuid":"u"}`
	resultLine = `{"type":"result","subtype":"success","is_error":false,"duration_ms":1,"num_turns":1,"result":"ok","session_id":"s"}`
	initReq    = `{"type":"control_request","request_id":"r1","request":{"subtype":"initialize"}}`
	initResp   = `{"type":"control_response","response":{"subtype":"success","request_id":"r1","response":{"commands":[],"models":[],"account":{},"pid":7}}}`
)

func TestJSONSchemaDefinitions(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		lines []string
		want  map[string]any // path in the bundle -> value (nil: absent)
		kinds []string
	}{
		{
			name:  "required are the members every object has",
			lines: []string{resultLine, `{"type":"result","subtype":"success","is_error":true,"duration_ms":2,"num_turns":1,"session_id":"s"}`},
			want: map[string]any{
				"$defs/ResultMessage/required":                  []any{"type", "subtype", "is_error", "duration_ms", "num_turns", "session_id"},
				"$defs/ResultMessage/properties/result/type":    "string",
				"$defs/ResultMessage/properties/duration_ms":    map[string]any{"description": "wall time of the turn", "type": "integer"},
				"$defs/ResultMessage/properties/total_cost_usd": nil,
				"$defs/ResultMessage/additionalProperties":      true,
			},
			kinds: []string{"ResultMessage"},
		},
		{
			name:  "members the model lacks are typed from their values",
			lines: []string{`{"type":"result","novel":"x","count":1,"list":[1,"a"]}`, `{"type":"result","novel":null,"count":1.5}`},
			want: map[string]any{
				"$defs/ResultMessage/properties/novel/type":        []any{"null", "string"},
				"$defs/ResultMessage/properties/count/type":        "number",
				"$defs/ResultMessage/properties/list/type":         "array",
				"$defs/ResultMessage/properties/list/items/type":   []any{"integer", "string"},
				"$defs/ResultMessage/properties/novel/description": "Not in package protocol's model: typed from the values the recordings show.",
				"$defs/ResultMessage/required":                     []any{"type", "count", "novel"},
			},
		},
		{
			name:  "nullable members and members seen null take null",
			lines: []string{`{"type":"assistant","message":{"content":[]},"parent_tool_use_id":"p","error":null}`},
			want: map[string]any{
				"$defs/AssistantMessage/properties/parent_tool_use_id/type": []any{"string", "null"},
				"$defs/AssistantMessage/properties/error/type":              []any{"string", "null"},
				"$defs/AssistantMessage/properties/message/$ref":            "#/$defs/AssistantBody",
				"$defs/AssistantBody/properties/content/items/$ref":         "#/$defs/ContentBlock",
			},
		},
		{
			name:  "an object member seen null",
			lines: []string{`{"type":"assistant","message":null}`},
			want: map[string]any{
				"$defs/AssistantMessage/properties/message/anyOf": []any{map[string]any{"$ref": "#/$defs/AssistantBody"}, map[string]any{"type": "null"}},
				"$defs/AssistantBody/type":                        "object",
			},
		},
		{
			name:  "an enum holds the values declared and those seen",
			lines: []string{strings.Replace(initLine, `"default"`, `"brandNewMode"`, 1)},
			want: map[string]any{
				"$defs/SystemInit/properties/permissionMode/enum": []any{"default", "acceptEdits", "bypassPermissions", "plan", "delegate", "dontAsk", "auto", "brandNewMode"},
			},
		},
		{
			name:  "the fallbacks take the values no kind seen takes",
			lines: []string{initLine, resultLine},
			want: map[string]any{
				"oneOf": []any{map[string]any{"$ref": "#/$defs/SystemInit"}, map[string]any{"$ref": "#/$defs/ResultMessage"},
					map[string]any{"$ref": "#/$defs/SystemMessage"}, map[string]any{"$ref": "#/$defs/UnknownMessage"}},
				"$defs/SystemMessage/not":                       map[string]any{"required": []any{"subtype"}, "properties": map[string]any{"subtype": map[string]any{"enum": []any{"init"}}}},
				"$defs/SystemMessage/required":                  []any{"type"},
				"$defs/UnknownMessage/not/properties/type/enum": []any{"result", "system"},
			},
			kinds: []string{"ResultMessage", "SystemInit"},
		},
		{
			name:  "a member with several values takes those seen",
			lines: []string{`{"type":"system","subtype":"task_started","task_id":"t"}`},
			want: map[string]any{
				"$defs/TaskMessage/properties/subtype/enum":        []any{"task_started"},
				"$defs/SystemMessage/not/properties/subtype/enum":  []any{"task_started"},
				"$defs/TaskMessage/properties/subtype/description": "SubtypeTaskStarted, SubtypeTaskProgress or SubtypeTaskNotification",
				"$defs/TaskMessage/properties/task_id/type":        "string",
				"$defs/TaskMessage/required":                       []any{"type", "subtype", "task_id"},
				"$defs/TaskMessage/properties/subtype/enum/1":      nil,
			},
		},
		{
			name:  "a success answer's payload is typed by the request of the same file",
			lines: []string{initReq, initResp, "b.txtar|stdout|" + initResp},
			want: map[string]any{
				"$defs/InitializeResponse/properties/pid/type":          "integer",
				"$defs/InitializeResponse/required":                     []any{"commands", "models", "account", "pid"},
				"$defs/AccountInfo/type":                                "object",
				"$defs/SuccessResponse/properties/response/description": "the payload, a JSON object; empty when none. Its type depends on the request answered: initialize: InitializeResponse.",
			},
			kinds: []string{"ControlRequest", "ControlResponse"},
		},
		{
			name:  "an answer to a request of another file is not typed",
			lines: []string{initReq, "b.txtar|stdout|" + initResp},
			want: map[string]any{
				"$defs/InitializeResponse":                  nil,
				"$defs/SuccessResponse/properties/response": map[string]any{"description": "the payload, a JSON object; empty when none"},
			},
		},
		{
			name:  "directions",
			lines: []string{"a.txtar|stdin|" + initReq, `{"type":"control_request","request_id":"r9","request":{"subtype":"can_use_tool","tool_name":"Bash","input":{}}}`},
			want: map[string]any{
				"$defs/ControlRequest/description":              "ControlRequest asks the other end of the pipe to do something and expects a ControlResponse with the same request ID. The SDK host sends initialize, interrupt, set_permission_mode... on the CLI's stdin; the CLI sends can_use_tool, hook_callback and mcp_message on its stdout.\n\nRecorded on stdin and stdout.",
				"$defs/ControlRequestBody/oneOf/0/$ref":         "#/$defs/InitializeRequest",
				"$defs/ControlRequestBody/oneOf/1/$ref":         "#/$defs/CanUseToolRequest",
				"$defs/ControlRequestBody/oneOf/2/$ref":         "#/$defs/UnknownControlRequest",
				"$defs/CanUseToolRequest/properties/input/type": "object",
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			b, err := schema.JSONSchema(schema.Protocol(), "9.9.9", linesOf(tc.lines...))
			if err != nil {
				t.Fatal(err)
			}
			if b.Lines != len(tc.lines) {
				t.Errorf("Lines = %d, want %d", b.Lines, len(tc.lines))
			}
			var doc any
			if err := json.Unmarshal(b.JSON(), &doc); err != nil {
				t.Fatal(err)
			}
			for path, want := range tc.want {
				if got := at(t, doc, path); !reflect.DeepEqual(got, want) {
					g, _ := json.Marshal(got)
					w, _ := json.Marshal(want)
					t.Errorf("%s = %s, want %s", path, g, w)
				}
			}
			if tc.kinds != nil && !reflect.DeepEqual(b.Kinds, tc.kinds) {
				t.Errorf("Kinds = %v, want %v", b.Kinds, tc.kinds)
			}
			checkRefs(t, b)
		})
	}
}

// checkRefs checks that every $ref of the bundle and of its kind files
// names a definition they hold.
func checkRefs(t *testing.T, b *schema.Bundle) {
	t.Helper()
	for _, f := range b.Files() {
		var doc struct {
			Defs map[string]json.RawMessage `json:"$defs"`
		}
		if err := json.Unmarshal(f.Data, &doc); err != nil {
			t.Fatalf("%s: %v", f.Path, err)
		}
		for _, m := range refRE(f.Data) {
			if _, ok := doc.Defs[m]; !ok {
				t.Errorf("%s refers to %s, which it does not define", f.Path, m)
			}
		}
	}
}

// refRE returns the definitions data refers to.
func refRE(data []byte) []string {
	var out []string
	for rest := data; ; {
		i := bytes.Index(rest, []byte(`"$ref": "#/$defs/`))
		if i < 0 {
			return out
		}
		rest = rest[i+len(`"$ref": "#/$defs/`):]
		out = append(out, string(rest[:bytes.IndexByte(rest, '"')]))
	}
}

func TestJSONSchemaKindFiles(t *testing.T) {
	t.Parallel()
	b, err := schema.JSONSchema(schema.Protocol(), "9.9.9", linesOf(initLine, resultLine))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range b.Files() {
		names = append(names, f.Path)
	}
	if want := []string{"ResultMessage.schema.json", "SystemInit.schema.json", schema.BundleFile}; !reflect.DeepEqual(names, want) {
		t.Errorf("files %v, want %v", names, want)
	}
	data, ok := b.Kind("ResultMessage")
	if !ok {
		t.Fatal("no ResultMessage kind")
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]any{
		"$schema":                  schema.Draft2020,
		"$id":                      schema.IDBase + "9.9.9/ResultMessage.schema.json",
		"$ref":                     "#/$defs/ResultMessage",
		"$defs/ResultMessage/type": "object",
		"$defs/SystemInit":         nil,
	} {
		if got := at(t, doc, path); !reflect.DeepEqual(got, want) {
			t.Errorf("%s = %v, want %v", path, got, want)
		}
	}
	answers, err := schema.JSONSchema(schema.Protocol(), "9.9.9", linesOf(initReq, initResp))
	if err != nil {
		t.Fatal(err)
	}
	if data, _ := answers.Kind("ControlResponse"); !bytes.Contains(data, []byte(`"InitializeResponse": {`)) {
		t.Error("the ControlResponse kind file lacks the payload definitions its description names")
	}
	if _, ok := b.Kind("SystemMessage"); ok {
		t.Error("Kind(SystemMessage) ok, but no line is one")
	}
	if !bytes.HasSuffix(data, []byte("}\n")) || !bytes.HasSuffix(b.JSON(), []byte("}\n")) {
		t.Error("a file does not end with a newline")
	}
}

func TestJSONSchemaErrors(t *testing.T) {
	t.Parallel()
	broken := errors.New("disk on fire")
	for _, tc := range []struct {
		name  string
		lines iter.Seq2[schema.Line, error]
		want  []string
	}{
		{name: "not an object", lines: linesOf(`[1]`), want: []string{"CLI 9.9.9", "a.txtar:1", "not a JSON object"}},
		{name: "not JSON", lines: linesOf(initLine, `{"type":`), want: []string{"a.txtar:2"}},
		{name: "a member of another type", lines: linesOf(resultLine, `{"type":"result","is_error":"nope"}`), want: []string{"a.txtar:2", "ResultMessage.is_error is JSON string", "boolean"}},
		{name: "an element of another type", lines: linesOf(`{"type":"system","subtype":"init","tools":["Bash",1]}`), want: []string{"a.txtar:1", "SystemInit.tools[1] is JSON integer"}},
		{name: "a nested fixed member of another value", lines: linesOf(`{"type":"control_response","response":{"subtype":"success","request_id":"r","pending_permission_requests":[{"type":"user"}]}}`), want: []string{"pending_permission_requests[0].type is \"user\""}},
		{name: "no lines", lines: linesOf(), want: []string{"CLI 9.9.9: no lines"}},
		{name: "reading fails", lines: func(yield func(schema.Line, error) bool) { yield(schema.Line{}, broken) }, want: []string{"CLI 9.9.9", "disk on fire"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := schema.JSONSchema(schema.Protocol(), "9.9.9", tc.lines)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

// FuzzJSONSchema builds the schema of two lines and checks that it is a
// valid JSON Schema whose references resolve and that both lines validate
// against it.
func FuzzJSONSchema(f *testing.F) {
	for _, seed := range [][2]string{
		{initLine, resultLine},
		{initReq, initResp},
		{`{"type":"assistant","message":{"content":[{"type":"text","text":"x"},{"type":"tool_use","id":"t","name":"Bash","input":{}}]},"parent_tool_use_id":null}`, `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":[{"type":"text","text":"x"}]}]}}`},
		{`{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"x"}}}`, `{"type":"brand_new","x":[1,"a",null]}`},
		{`{"type":"system","subtype":"task_started","task_id":"t","usage":{"total_tokens":1}}`, `{"type":"system","subtype":"brand_new"}`},
	} {
		f.Add([]byte(seed[0]), []byte(seed[1]))
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		lines := func(yield func(schema.Line, error) bool) {
			_ = yield(schema.Line{File: "f", Num: 1, Dir: "stdout", Msg: a}, nil) &&
				yield(schema.Line{File: "f", Num: 2, Dir: "stdin", Msg: b}, nil)
		}
		bu, err := schema.JSONSchema(schema.Protocol(), "0.0.1", lines)
		if err != nil {
			return
		}
		c := jsonschema.NewCompiler()
		for _, file := range bu.Files() {
			doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(file.Data))
			if err != nil {
				t.Fatalf("%s is not JSON: %v", file.Path, err)
			}
			if err := c.AddResource(schema.IDBase+"0.0.1/"+file.Path, doc); err != nil {
				t.Fatal(err)
			}
		}
		s, err := c.Compile(schema.IDBase + "0.0.1/" + schema.BundleFile)
		if err != nil {
			t.Fatalf("the bundle does not compile: %v\n%s", err, bu.JSON())
		}
		for _, line := range [][]byte{a, b} {
			if hasDuplicateKeys(line) {
				// JSON Schema validators keep the last of repeated
				// members; package protocol and the schema the first.
				continue
			}
			inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(line))
			if err != nil {
				continue
			}
			if err := s.Validate(inst); err != nil {
				t.Errorf("%s does not validate against its own schema: %v", line, err)
			}
		}
	})
}

// hasDuplicateKeys reports whether an object of the JSON text data has a
// member twice.
func hasDuplicateKeys(data []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
	var walk func() bool
	walk = func() bool {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		switch tok {
		case json.Delim('{'):
			seen := map[string]bool{}
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return false
				}
				key, _ := k.(string)
				if seen[key] {
					return true
				}
				seen[key] = true
				if walk() {
					return true
				}
			}
			_, _ = dec.Token()
		case json.Delim('['):
			for dec.More() {
				if walk() {
					return true
				}
			}
			_, _ = dec.Token()
		}
		return false
	}
	return walk()
}
