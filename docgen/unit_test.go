package docgen

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/internal/jsontree"
	"github.com/ccwire/ccwire/protocol"
	protomodel "github.com/ccwire/ccwire/protocol/schema"
	"github.com/ccwire/ccwire/recording"
)

func TestSlugger(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		headings []string
		want     []string
	}{
		{[]string{"system/init"}, []string{"systeminit"}},
		{[]string{"result/success, is_error=true"}, []string{"resultsuccess-is_errortrue"}},
		{[]string{"CLI 2.1.37", "CLI 2.1.330", "CLI 2.1.37"}, []string{"cli-2137", "cli-21330", "cli-2137-1"}},
		{[]string{"foo", "foo", "foo-1"}, []string{"foo", "foo-1", "foo-1-1"}},
		{[]string{"Changes between versions", "Changes between versions"}, []string{"changes-between-versions", "changes-between-versions-1"}},
		{[]string{"拡張思考（extended thinking）ブロックを含む応答"}, []string{"拡張思考extended-thinkingブロックを含む応答"}},
		{[]string{"Read → Edit → Bashの複数ステップ"}, []string{"read--edit--bashの複数ステップ"}},
		{[]string{"max_tokensで応答が打ち切られた場合の挙動"}, []string{"max_tokensで応答が打ち切られた場合の挙動"}},
	} {
		var s slugger
		var got []string
		for _, h := range tc.headings {
			got = append(got, s.slug(h))
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("slugs of %q = %q, want %q", tc.headings, got, tc.want)
		}
	}
}

func TestCode(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{`{"a":1}`, "`{\"a\":1}`"},
		{"a|b", "`a\\|b`"},
		{"x`y", "`` x`y ``"},
		{"``", "``` `` ```"},
		{" padded ", "`  padded  `"},
	} {
		if got := code(tc.in); got != tc.want {
			t.Errorf("code(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestEscapeText(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"tool_use and is_error", "tool_use and is_error"},
		{"_private_", `\_private\_`},
		{"model <synthetic>", `model \<synthetic\>`},
		{"a|b *c* [d]", `a\|b \*c\* \[d\]`},
		{"日本語_テキスト", "日本語_テキスト"},
	} {
		if got := escapeText(tc.in); got != tc.want {
			t.Errorf("escapeText(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got, want := inlineMarkdown("see `a|b` and <x>"), "see `a\\|b` and \\<x\\>"; got != want {
		t.Errorf("inlineMarkdown = %q, want %q", got, want)
	}
}

func TestDiffLines(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		a, b, want []string
	}{
		{[]string{"x", "y"}, []string{"x", "y"}, []string{"  x", "  y"}},
		{[]string{"init", "a", "r"}, []string{"init", "a", "u", "a", "r"}, []string{"  init", "  a", "+ u", "+ a", "  r"}},
		{[]string{"a", "b"}, []string{"b"}, []string{"- a", "  b"}},
		{nil, []string{"a"}, []string{"+ a"}},
	} {
		if got := diffLines(tc.a, tc.b); !slices.Equal(got, tc.want) {
			t.Errorf("diffLines(%q, %q) = %q, want %q", tc.a, tc.b, got, tc.want)
		}
	}
}

func mustValue(t *testing.T, s string) *jsontree.Value {
	t.Helper()
	v, err := jsontree.Parse([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestAssertedFirst(t *testing.T) {
	t.Parallel()
	msg := mustValue(t, `{"uuid":"u","message":{"usage":{},"content":[{"text":"hi","type":"text"}],"id":"m"},"type":"assistant"}`)
	pat := mustValue(t, `{"type":"assistant","message":{"content":[{"type":"text","text":{"$regexp":"h"}}]},"$$odd":{"$any":true}}`)
	got := assertedFirst(msg, patternKeys(pat)).String()
	want := `{"type":"assistant","message":{"content":[{"type":"text","text":"hi"}],"usage":{},"id":"m"},"uuid":"u"}`
	if got != want {
		t.Errorf("assertedFirst =\n %s\nwant\n %s", got, want)
	}
	if got := msg.String(); got != `{"uuid":"u","message":{"usage":{},"content":[{"text":"hi","type":"text"}],"id":"m"},"type":"assistant"}` {
		t.Errorf("assertedFirst changed its input: %s", got)
	}
	contains := patternKeys(mustValue(t, `{"tools":{"$contains":["Bash"]},"list":{"$contains":[{"name":"x"}]}}`))
	if !slices.Equal(contains.order, []string{"tools", "list"}) || !slices.Equal(contains.sub["list"].order, []string{"name"}) {
		t.Errorf("patternKeys of $contains = %+v", contains)
	}
}

func TestClassify(t *testing.T) {
	t.Parallel()
	s := loadSchema()
	var requests protocol.Requests
	requests.Note(mustDecode(t, `{"type":"control_request","request_id":"init","request":{"subtype":"initialize"}}`))
	requests.Note(mustDecode(t, `{"type":"control_request","request_id":"perm","request":{"subtype":"can_use_tool","tool_name":"Bash"}}`))
	requests.Note(mustDecode(t, `{"type":"control_request","request_id":"mode","request":{"subtype":"set_model"}}`))
	for _, tc := range []struct{ line, key, goType, detail, inner string }{
		{`{"type":"system","subtype":"init","tools":[]}`, "system/init", "SystemInit", "", ""},
		{`{"type":"system","subtype":"hook_started"}`, "system/hook_started", "HookMessage", "", ""},
		{`{"type":"system","subtype":"brand_new"}`, "system/brand_new", "SystemMessage", "", ""},
		{`{"type":"assistant","message":{"content":[{"type":"tool_use","id":"t","name":"Bash","input":{}}]}}`, "assistant/tool_use", "AssistantMessage", "ToolUseBlock", ""},
		{`{"type":"user","message":{"role":"user","content":"hi"}}`, "user", "UserMessage", "", ""},
		{`{"type":"user","message":{"role":"user","content":[{"type":"text","text":"hi"}]}}`, "user/text", "UserMessage", "TextBlock", ""},
		{`{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"t","is_error":true}]}}`, "user/tool_result, is_error=true", "UserMessage", "ToolResultBlock", ""},
		{`{"type":"result","subtype":"success","is_error":true}`, "result/success, is_error=true", "ResultMessage", "", ""},
		{`{"type":"result","subtype":"success","permission_denials":[{"tool_name":"X"}]}`, "result/success, permission_denials", "ResultMessage", "", ""},
		{`{"type":"result","subtype":"error_during_execution"}`, "result/error_during_execution", "ResultMessage", "", ""},
		{`{"type":"control_request","request_id":"r","request":{"subtype":"can_use_tool","tool_name":"Bash"}}`, "control_request/can_use_tool", "ControlRequest", "CanUseToolRequest", ""},
		{`{"type":"control_response","response":{"subtype":"success","request_id":"r"}}`, "control_response/success", "ControlResponse", "SuccessResponse", ""},
		{`{"type":"control_response","response":{"subtype":"success","request_id":"mode"}}`, "control_response/success", "ControlResponse", "SuccessResponse", ""},
		{`{"type":"control_response","response":{"subtype":"success","request_id":"mode","response":{"model":"claude-haiku-4-5"}}}`, "control_response/success (set_model)", "ControlResponse", "SuccessResponse", "SetModelResponse"},
		{`{"type":"control_response","response":{"subtype":"success","request_id":"init","response":{"commands":[]}}}`, "control_response/success (initialize)", "ControlResponse", "SuccessResponse", "InitializeResponse"},
		{`{"type":"control_response","response":{"subtype":"success","request_id":"perm","response":{"behavior":"deny","message":"no"}}}`, "control_response/success (can_use_tool)", "ControlResponse", "SuccessResponse", "PermissionResult"},
		{`{"type":"control_response","response":{"subtype":"error","request_id":"init","error":"x"}}`, "control_response/error", "ControlResponse", "ErrorResponse", ""},
		{`{"type":"stream_event","event":{"type":"message_start","message":{}}}`, "stream_event/message_start", "StreamEvent", "MessageStartEvent", ""},
		{`{"type":"stream_event","event":{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t","name":"Bash","input":{}}}}`, "stream_event/content_block_start/tool_use", "StreamEvent", "ContentBlockStartEvent", "ToolUseBlock"},
		{`{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"hm"}}}`, "stream_event/content_block_delta/thinking_delta", "StreamEvent", "ContentBlockDeltaEvent", "ThinkingDelta"},
		{`{"type":"stream_event","event":{"type":"brand_new"}}`, "stream_event/brand_new", "StreamEvent", "UnknownStreamEvent", ""},
		{`{"type":"stream_event"}`, "stream_event", "StreamEvent", "", ""},
		{`{"type":"keep_alive"}`, "keep_alive", "KeepAlive", "", ""},
		{`{"type":"brand_new"}`, "brand_new", "UnknownMessage", "", ""},
	} {
		m := mustDecode(t, tc.line)
		d := classify(s, m, requests.KindOf(m))
		if d.key != tc.key || d.goType != tc.goType || d.detail != tc.detail || d.inner != tc.inner {
			t.Errorf("classify(%s) = %q %q %q %q, want %q %q %q %q", tc.line, d.key, d.goType, d.detail, d.inner, tc.key, tc.goType, tc.detail, tc.inner)
		}
	}
}

// mustDecode decodes one line of the protocol.
func mustDecode(t *testing.T, line string) protocol.Message {
	t.Helper()
	m, err := protocol.Decode([]byte(line))
	if err != nil {
		t.Fatalf("decode %s: %v", line, err)
	}
	return m
}

func TestKindDefs(t *testing.T) {
	t.Parallel()
	s := loadSchema()
	defs, err := kindDefs(s)
	if err != nil {
		t.Fatal(err)
	}
	byKey := map[string]kindDef{}
	for _, d := range defs {
		if _, dup := byKey[d.key]; dup {
			t.Errorf("kind %s twice", d.key)
		}
		byKey[d.key] = d
		for _, typ := range []string{d.goType, d.detail, d.inner} {
			if typ != "" && s.typeOf(typ) == nil {
				t.Errorf("kind %s: protocol type %s has no source", d.key, typ)
			}
		}
	}
	for _, want := range []kindDef{
		{key: "system/init", goType: "SystemInit", constName: "SubtypeInit"},
		{key: "system/hook_started", goType: "HookMessage", constName: "SubtypeHookStarted"},
		{key: "assistant/tool_use", goType: "AssistantMessage", detail: "ToolUseBlock", constName: "BlockToolUse"},
		{key: "user/tool_result, is_error=true", goType: "UserMessage", detail: "ToolResultBlock", constName: "BlockToolResult"},
		{key: "result/success, permission_denials", goType: "ResultMessage", constName: "SubtypeSuccess"},
		{key: "control_request/can_use_tool", goType: "ControlRequest", detail: "CanUseToolRequest", constName: "ControlCanUseTool"},
		{key: "control_response/error", goType: "ControlResponse", detail: "ErrorResponse", constName: "ControlError"},
		{key: "stream_event/message_delta", goType: "StreamEvent", detail: "MessageDeltaEvent", constName: "EventMessageDelta"},
		{key: "stream_event/content_block_start/thinking", goType: "StreamEvent", detail: "ContentBlockStartEvent", inner: "ThinkingBlock", constName: "EventContentBlockStart"},
		{key: "stream_event/content_block_delta/input_json_delta", goType: "StreamEvent", detail: "ContentBlockDeltaEvent", inner: "InputJSONDelta", constName: "EventContentBlockDelta"},
		{key: "control_response/success (initialize)", goType: "ControlResponse", detail: "SuccessResponse", inner: "InitializeResponse", constName: "ControlSuccess"},
		{key: "control_response/success (can_use_tool)", goType: "ControlResponse", detail: "SuccessResponse", inner: "PermissionResult", constName: "ControlSuccess"},
		{key: "control_response/success (mcp_status)", goType: "ControlResponse", detail: "SuccessResponse", inner: "MCPStatusResponse", constName: "ControlSuccess"},
	} {
		got, ok := byKey[want.key]
		if !ok {
			t.Errorf("no kind %s", want.key)
			continue
		}
		if got.goType != want.goType || got.detail != want.detail || got.inner != want.inner || got.constName != want.constName {
			t.Errorf("kind %s = %s %s %s %s, want %s %s %s %s", want.key, got.goType, got.detail, got.inner, got.constName, want.goType, want.detail, want.inner, want.constName)
		}
	}
	for _, c := range s.enum("Subtype").Values {
		if !slices.ContainsFunc(defs, func(d kindDef) bool { return d.constName == c.Name }) {
			t.Errorf("no kind for subtype %s", c.Name)
		}
	}
}

func TestLoadSchema(t *testing.T) {
	t.Parallel()
	s := loadSchema()
	init := s.typeOf("SystemInit")
	if init == nil || len(init.Members) == 0 {
		t.Fatal("no SystemInit with a member table")
	}
	if f := init.Member("cwd"); f == nil || f.Field != "CWD" || f.Doc == "" || f.Shape != protomodel.ShapeString {
		t.Errorf("SystemInit cwd = %+v", f)
	}
	if f := init.Member("type"); f == nil || f.Shape != protomodel.ShapeConst || f.Const != "system" {
		t.Errorf("SystemInit type = %+v", f)
	}
	body := s.typeOf("AssistantBody")
	if f := body.Member("content"); f == nil || f.Shape != protomodel.ShapeBlocks || f.Elem != "ContentBlock" {
		t.Errorf("AssistantBody content = %+v", f)
	}
	if f := body.Member("usage"); f == nil || f.Shape != protomodel.ShapeObject || f.Elem != "Usage" {
		t.Errorf("AssistantBody usage = %+v", f)
	}
	if f := s.typeOf("ResultMessage").Member("modelUsage"); f == nil || f.Shape != protomodel.ShapeObjectMap || f.Elem != "ModelUsage" {
		t.Errorf("ResultMessage modelUsage = %+v", f)
	}
	if f := s.typeOf("ControlRequest").Member("request"); f == nil || f.Shape != protomodel.ShapeVariant || f.Elem != "ControlRequestBody" {
		t.Errorf("ControlRequest request = %+v", f)
	}
	if got := s.variantFor("ContentBlock", "type", "tool_use"); got != "ToolUseBlock" {
		t.Errorf("variantFor tool_use = %q", got)
	}
	if got := s.variantFor("ControlRequestBody", "subtype", "can_use_tool"); got != "CanUseToolRequest" {
		t.Errorf("variantFor can_use_tool = %q", got)
	}
	if got := s.discriminatorKey("ControlRequestBody"); got != "subtype" {
		t.Errorf("discriminatorKey = %q", got)
	}
	e := s.enum("Type")
	if e == nil || len(e.Values) == 0 || e.Values[0].Name != "TypeSystem" || e.Values[0].Value != "system" || e.Values[0].Doc == "" {
		t.Errorf("enum Type = %+v", e)
	}
}

func TestCompareVersions(t *testing.T) {
	t.Parallel()
	vs := []string{"2.1.330", "10.0", "2.1.37", "2.1.4", "2.1.37"}
	sortVersions(vs)
	if want := []string{"2.1.4", "2.1.37", "2.1.37", "2.1.330", "10.0"}; !slices.Equal(vs, want) {
		t.Errorf("sorted = %v, want %v", vs, want)
	}
}

func TestFindModuleRoot(t *testing.T) {
	t.Parallel()
	root := moduleRoot(t)
	got, err := FindModuleRoot(filepath.Join(root, "docgen"))
	if err != nil || got != root {
		t.Errorf("FindModuleRoot(docgen) = %q, %v; want %q", got, err, root)
	}
	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, "go.mod"), []byte("module example.com/other\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := FindModuleRoot(other); err == nil || !strings.Contains(err.Error(), modulePath) {
		t.Errorf("FindModuleRoot of another module: %v", err)
	}
}

// TestLoadErrors checks that inconsistent inputs are reported.
func TestLoadErrors(t *testing.T) {
	t.Parallel()
	src := moduleRoot(t)
	scenarioFile, err := os.ReadFile(filepath.Join(src, scenariosDir, "text-simple.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	data, err := recording.ReadFile(filepath.Join(src, recordingsDir, "2.1.37", "text-simple.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	recording := string(data)
	setup := func(t *testing.T, recordings map[string]string) string {
		root := t.TempDir()
		write := func(rel string, data []byte) {
			p := filepath.Join(root, filepath.FromSlash(rel))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		write("scenarios/text-simple.txtar", scenarioFile)
		for p, data := range recordings {
			write(p, []byte(data))
		}
		return root
	}
	for _, tc := range []struct {
		name       string
		recordings map[string]string
		want       string
	}{
		{"no scenario", map[string]string{"recordings/2.1.37/gone.txtar": "-- run.json --\n{}\n"}, "has no scenario file"},
		{"bad version dir", map[string]string{"recordings/latest/text-simple.txtar": ""}, "named after a CLI version"},
		{"version mismatch", map[string]string{"recordings/2.1.37/text-simple.txtar": strings.NewReplacer(
			`"cli_version": "2.1.37"`, `"cli_version": "9.9.9"`, "against Claude Code 2.1.37.", "against Claude Code 9.9.9.").Replace(recording)}, `says CLI "9.9.9"`},
		{"not a recording", map[string]string{"recordings/2.1.37/text-simple.txtar": "-- run.json --\n{}\n"}, `no member "scenario"`},
		{"stale match", map[string]string{"recordings/2.1.37/text-simple.txtar": strings.Replace(recording, `"expect":1,`, `"expect":9,`, 1)}, "no expectation 9 in turn 1"},
		{"bad event", map[string]string{"recordings/2.1.37/text-simple.txtar": strings.Replace(recording, `"dir":"stdin"`, `"dir":"sideways"`, 1)}, `dir "sideways" is neither`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := Render(t.Context(), setup(t, tc.recordings))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Render error = %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestVersionRanges(t *testing.T) {
	t.Parallel()
	all := []string{"2.1.29", "2.1.37", "2.1.110", "2.1.197", "2.1.205", "2.1.332"}
	for _, tc := range []struct {
		vs   []string
		want string
	}{
		{[]string{"2.1.29", "2.1.37", "2.1.110", "2.1.197", "2.1.205", "2.1.332"}, "2.1.29–"},
		{[]string{"2.1.205", "2.1.332"}, "2.1.205–"},
		{[]string{"2.1.332"}, "2.1.332–"},
		{[]string{"2.1.29", "2.1.37", "2.1.110"}, "2.1.29–2.1.110"},
		{[]string{"2.1.37"}, "2.1.37"},
		{[]string{"2.1.29", "2.1.110", "2.1.197", "2.1.332"}, "2.1.29, 2.1.110–2.1.197, 2.1.332–"},
		{[]string{"2.1.37", "2.1.50"}, "2.1.37, 2.1.50"},
		{nil, ""},
	} {
		if got := versionRanges(tc.vs, all); got != tc.want {
			t.Errorf("versionRanges(%q) = %q, want %q", tc.vs, got, tc.want)
		}
	}
}

// TestObservedKind reads the placeholders recordings put for numbers as
// numbers: the initialize answer's pid, "<pid>", is a number.
func TestObservedKind(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		v    *jsontree.Value
		want jsontree.Kind
	}{
		{jsontree.NewString("<duration>"), jsontree.Number},
		{jsontree.NewString("<time>"), jsontree.Number},
		{jsontree.NewString("<pid>"), jsontree.Number},
		{jsontree.NewString("<pid:2>"), jsontree.Number},
		{jsontree.NewString("<uuid:1>"), jsontree.String},
		{jsontree.NewString("<pid>.sock"), jsontree.String},
		{jsontree.NewInt(3), jsontree.Number},
	} {
		if got := observedKind(tc.v); got != tc.want {
			t.Errorf("observedKind(%s) = %v, want %v", tc.v, got, tc.want)
		}
	}
}
