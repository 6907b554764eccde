package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"testing/iotest"
)

// seedLines returns lines for fuzz seed corpora: every transcript line and
// a few crafted ones.
func seedLines(tb testing.TB) [][]byte {
	lines := [][]byte{
		[]byte(`{"type":"system","subtype":"init","cwd":"/w","session_id":"s","tools":["Bash"],"mcp_servers":[{"name":"a","status":"ok"}],"plugins":[]}`),
		[]byte(`{"type":"assistant","message":{"content":[{"type":"text","text":"a\u00e9\ud83d\ude00"},{"type":"tool_use","id":"t","name":"Bash","input":{"c":[1,{"d":null}]}}],"usage":{"input_tokens":1}},"parent_tool_use_id":null}`),
		[]byte(`{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":[{"type":"text","text":"x"}],"is_error":true}]}}`),
		[]byte(`{"type":"result","subtype":"success","num_turns":1,"num_turns":2,"total_cost_usd":1e400,"modelUsage":{"m":{"costUSD":0.5},"m":{}},"permission_denials":[]}`),
		[]byte(`{"type":"control_request","request_id":"r","request":{"subtype":"can_use_tool","tool_name":"B","input":{}}}`),
		[]byte(`{"type":"control_response","response":{"subtype":"success","request_id":"r","response":{"behavior":"allow"}}}`),
		[]byte(`{"type":"stream_event","event":{"type":"message_stop"},"parent_tool_use_id":null}`),
		[]byte(`{"subtype":"status","type":"system","status":null}`),
		[]byte(`{"type":"x","a":"\xff"}`),
		[]byte(`{"type":"result","usage":[],"errors":[{"type":"e"}]}`),
		[]byte(`{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"a\""}}}`),
		[]byte(`{"type":"stream_event","event":{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"t","name":"B","input":{}}},"event":{"type":"ping"}}`),
		[]byte(`{"type":"stream_event","event":{"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":1}}}`),
		[]byte(`{"type":"stream_event","event":{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}}`),
		[]byte(`{"type":"stream_event","event":[1],"uuid":"u"}`),
		[]byte(`{"type":"keep_alive"}`),
		[]byte(`{"type":"result","num_turns":1,"num_turns":null,"usage":{"input_tokens":1},"usage":null}`),
		[]byte(`{"type":"user","message":{"content":"a","content":[{"type":"text","text":"b"}],"content":null}}`),
		[]byte(`{"type":"tool_progress","tool_use_id":"t","tool_name":"Bash","parent_tool_use_id":null,"elapsed_time_seconds":1.5}`),
		[]byte(`{"type":"auth_status","isAuthenticating":false,"output":[],"error":"x"}`),
		[]byte(`{"type":"tool_use_summary","summary":"s","preceding_tool_use_ids":["a"]}`),
		[]byte(`{"type":"system","subtype":"files_persisted","files":[{"filename":"a","file_id":"f"}],"failed":[]}`),
		[]byte(`{"type":"system","subtype":"task_updated","task_id":"t","patch":{"status":"killed"}}`),
		[]byte(`{"type":"system","subtype":"model_refusal_fallback","request_id":null,"retracted_message_uuids":[]}`),
		[]byte(`{"type":"system","subtype":"background_tasks_changed","tasks":[{"task_id":"t","ambient":true}]}`),
		[]byte(`{"type":"control_request","request_id":"r","request":{"subtype":"elicitation","mcp_server_name":"s","requested_schema":{},"property_order":[]}}`),
		[]byte(`{"type":"control_request","request_id":"r","request":{"subtype":"rewind_files","user_message_id":"u","dry_run":true}}`),
		[]byte(`{"type":"control_request","request_id":"r","request":{"subtype":"mcp_call","tool":"t","arguments":{"a":"{{in:x}}"},"timeout_ms":1.5,"input_files":[{"name":"x","lane_path":"/l"},null],"output_files":null}}`),
		[]byte(`{"type":"control_request","request_id":"r","request":{"subtype":"seed_read_state","path":"p","mtime":1e3,"mtime":null}}`),
		[]byte(`{"type":"control_request","request_id":"r","request":{"subtype":"set_has_subscribers","has_subscribers":null}}`),
		[]byte(`{"type":"control_request","request_id":"r","request":{"subtype":"read_file","path":"a","max_bytes":-1,"encoding":"base64"}}`),
		[]byte(`{"type":"control_request","request_id":"r","request":{"subtype":"update_settings","source":"userSettings","settings":{"effortLevel":"high"}}}`),
		[]byte(`{"type":"control_request","request_id":"r","request":{"subtype":"register_repo_root","directory":"d","reload_skills":true}}`),
		[]byte(`{"type":"control_request","request_id":"r","request":{"subtype":"reload_plugins","add_plugins":[],"hold_on_cache_impact":"x"}}`),
		[]byte(`{"type":"control_request","request_id":"r","request":{"subtype":"mcp_read_resource","serverName":"s","uri":"ui://s/v"}}`),
		[]byte(`{"type":"control_request","request_id":"r","request":{"subtype":"list_models","extra":[1]}}`),
		[]byte(`{"type":"control_response","response":{"subtype":"success","request_id":"r","response":{},"pending_permission_requests":[{"type":"control_request","request_id":"q","request":{"subtype":"can_use_tool"}}]}}`),
		[]byte(`{"type":"control_response","response":{"subtype":"error","request_id":"r","error":"e","error_code":"unsupported_request"}}`),
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "transcripts", "*", "*.jsonl"))
	control, _ := filepath.Glob(filepath.Join("testdata", "control", "*.jsonl"))
	host, _ := filepath.Glob(filepath.Join("testdata", "control", "host", "*.jsonl"))
	control = append(control, host...)
	files = append(files, control...)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		for line := range bytes.SplitSeq(data, []byte("\n")) {
			if len(line) > 0 && len(line) < 64<<10 {
				lines = append(lines, line)
			}
		}
	}
	return lines
}

// isObject reports whether data is a valid JSON text holding an object.
func isObject(data []byte) bool {
	t := bytes.TrimLeft(data, " \t\r\n")
	return json.Valid(data) && len(t) > 0 && t[0] == '{'
}

func FuzzDecode(f *testing.F) {
	for _, l := range seedLines(f) {
		f.Add(l)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Decode(data)
		valid := isObject(data)
		if err != nil {
			var de *DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("Decode error %T %v is not a *DecodeError", err, err)
			}
			if valid {
				t.Fatalf("Decode(%q) = %v, but encoding/json accepts it", data, err)
			}
			return
		}
		if !valid {
			t.Fatalf("Decode(%q) succeeded, but encoding/json rejects it", data)
		}
		// UnknownFields lists the unknown keys and the mistyped members.
		all := UnknownFields(m)
		split := map[string]bool{}
		for _, k := range UnknownKeys(m) {
			split[k] = true
		}
		for _, mf := range MistypedFields(m) {
			split[mf.Path] = true
			if mf.Got == "" || mf.Got == mf.Want {
				t.Fatalf("mistyped %+v in %q", mf, data)
			}
		}
		if len(split) != len(all) {
			t.Fatalf("UnknownFields %q, but UnknownKeys and MistypedFields give %v", all, split)
		}
		for _, k := range all {
			if !split[k] {
				t.Fatalf("UnknownFields %q, but UnknownKeys and MistypedFields give %v", all, split)
			}
		}
		_ = SubtypeOf(m)
		out, err := Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		want, err1 := unmarshalNumbers(data)
		got, err2 := unmarshalNumbers(out)
		if err1 != nil || err2 != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("Marshal changed the value:\n  in %q\n out %q\n%v %v", data, out, err1, err2)
		}
		m2, err := Decode(out)
		if err != nil {
			t.Fatalf("Decode of Marshal output %q: %v", out, err)
		}
		out2, _ := Marshal(m2)
		if !bytes.Equal(out, out2) {
			t.Fatalf("Marshal is not stable:\n%q\n%q", out, out2)
		}
	})
}

// maxReaderInput bounds the input of one FuzzReader run. A few short
// lines reach every path of the reader (the test makes its slabs and
// chunks tiny); a large input costs much per run and far more to minimize
// once it turns up something new, which the fuzzer does before it goes
// on. With every transcript joined as a seed (177 kB) and a mapping per
// 8-byte chunk, it ran 877 inputs in 46 s, nearly all in the first
// seconds, then minimized.
const maxReaderInput = 1 << 10

func FuzzReader(f *testing.F) {
	seeds := seedLines(f)
	f.Add(bytes.Join(seeds[:4], []byte("\n")), uint16(0))
	f.Add(bytes.Join(seeds[4:8], []byte("\n")), uint16(40))
	f.Add([]byte("{}\n\nnot json\n{\"type\":\"user\"}"), uint16(3))
	f.Add([]byte("{\"type\":\"keep_alive\"}\r\n  \n{\"a\":1}\n\n"), uint16(12))
	f.Add([]byte("{\"type\":\"x\",\"pad\":\"0123456789abcdef0123456789abcdef\"}\n{}"), uint16(16))
	f.Fuzz(func(t *testing.T, data []byte, limit uint16) {
		if len(data) > maxReaderInput {
			return
		}
		maxLine := int64(limit)
		if maxLine == 0 {
			maxLine = DefaultMaxLineSize
		}
		var seen []string // the lines the line func saw
		r := NewReader(iotest.HalfReader(bytes.NewReader(data)), WithMaxLineSize(maxLine),
			WithLineFunc(func(line []byte, size int64) {
				if line == nil {
					seen = append(seen, fmt.Sprintf("too long %d", size))
				} else {
					seen = append(seen, string(line))
				}
			}))
		// Exercise the long-line paths: a line over 8 bytes is long, and
		// over 16 takes several chunks, from the heap (a mapping each would
		// cost the run most of its time).
		r.slabSize, r.chunkSize = 16, 8
		r.allocChunk, r.freeChunk = func(n int) []byte { return make([]byte, n) }, func([]byte) {}
		// The reference: split on newlines, skip blank lines.
		var want, wantSeen []string
		for line := range bytes.SplitSeq(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) {
			if len(data) == 0 {
				break
			}
			if int64(len(line)) > maxLine {
				wantSeen = append(wantSeen, fmt.Sprintf("too long %d", len(line)))
			} else {
				wantSeen = append(wantSeen, string(line))
			}
			switch {
			case int64(len(line)) > maxLine:
				// Even a blank one: the reader does not keep it to look.
				want = append(want, "too long")
			case len(bytes.TrimSpace(line)) == 0:
			case isObject(line):
				want = append(want, string(line))
			default:
				want = append(want, "error")
			}
		}
		var got []string
		for {
			m, err := r.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			var de *DecodeError
			var le *LineTooLongError
			switch {
			case err == nil:
				got = append(got, string(m.Raw()))
			case errors.As(err, &le):
				got = append(got, "too long")
			case errors.As(err, &de):
				got = append(got, "error")
			default:
				t.Fatalf("final error %v", err)
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("reader gives %q\nsplitting gives %q", got, want)
		}
		if !reflect.DeepEqual(seen, wantSeen) {
			t.Fatalf("the line func saw %q\nsplitting gives %q", seen, wantSeen)
		}
	})
}

// payloadSeeds returns payloads for the FuzzPayload seed corpus: those of
// the control captures and a few crafted ones.
func payloadSeeds(tb testing.TB) [][]byte {
	seeds := [][]byte{
		[]byte(`{"behavior":"allow","updatedInput":{"a":[1,{"b":null}]},"updatedPermissions":[{"type":"addRules","rules":[{"toolName":"Bash"}],"behavior":"allow","destination":"session"}]}`),
		[]byte(`{"behavior":"deny","message":"","interrupt":true,"message":"x"}`),
		[]byte(`{"mcpServers":[{"name":"a","status":"connected","serverInfo":{"name":"a","version":"1"},"tools":[]}]}`),
		[]byte(`{"added":["second","broken"],"removed":[],"errors":{"broken":"Connection closed"}}`),
		[]byte(`{"canRewind":false,"error":"\u00e9","insertions":1e3}`),
		[]byte(`{"commands":[],"models":[{"value":"v","supportedEffortLevels":["low"]}],"account":null}`),
		[]byte(`{"action":"accept","content":{"k":"v"}}`),
		[]byte(`{"mcp_response":{"jsonrpc":"2.0","id":1,"result":{}}}`),
		[]byte(`[]`),
		[]byte(`{"session":{"total_cost_usd":0.5,"model_usage":{"m":{"inputTokens":1}}},"subscription_type":null,"rate_limits_available":true,"rate_limits":{"five_hour":{"utilization":null,"resets_at":null},"seven_day":null,"model_scoped":[{"display_name":"F","utilization":1.5}]},"behaviors":null}`),
		[]byte(`{"contents":"a\ufffd","absPath":"/a","truncated":true,"encoding":"base64","lossy":false}`),
		[]byte(`{"output":"","total_bytes":1e2,"truncated":false}`),
		[]byte(`{"state":{"rules":[{"behavior":"deny","source":"policySettings","rule":"*(withheld)","description":{"prefix":"p"},"editability":"readonly"}],"workspaceDirectories":[{"path":"/d","source":"session"}],"originalCwd":"","managedOnly":false,"errors":[{"path":"","message":"m"}],"withheld":true}}`),
		[]byte(`{"contents":[{"uri":"ui://a","blob":"AA==","_meta":null}]}`),
		[]byte(`{"commands":[],"agents":[],"plugins":[{"name":"p","path":"/p"}],"mcpServers":[],"error_count":1,"held":false,"cache_impact":{"mcp_servers_added":[],"mcp_servers_removed":["x"],"lsp_tool_change":"may-add"}}`),
		[]byte(`{"events":[],"hooks":[{"event":"Stop","matcher":"","source":"sessionHook","sourceLabel":"Session","type":"prompt","displayText":"d","commandText":"c","contentLabel":"Prompt","disabled":true}],"eventCatalog":[],"policy":{"policyUnreadable":true},"bareMode":{"exitHint":"h"}}`),
		[]byte(`{"backgrounded":true,"cancelled":null,"available_output_styles":["default"],"skills":[]}`),
	}
	for _, in := range sdkHookInputs() {
		seeds = append(seeds, []byte(in))
	}
	for _, line := range seedLines(tb) {
		m, err := Decode(line)
		if err != nil {
			continue
		}
		if c, ok := m.(*ControlResponse); ok {
			if s, ok := c.Response.(*SuccessResponse); ok && len(s.Response) > 0 {
				seeds = append(seeds, s.Response)
			}
		}
	}
	return seeds
}

// FuzzPayload decodes data as every payload type: valid objects must
// decode and write back as the same value, the same way twice.
func FuzzPayload(f *testing.F) {
	for _, s := range payloadSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		valid := isObject(data)
		for _, p := range []Payload{new(InitializeResponse), new(PermissionResult), new(MCPStatusResponse), new(MCPSetServersResponse), new(RewindFilesResponse),
			new(ContextUsageResponse), new(ElicitationResponse), new(UserDialogResponse), new(MCPMessageResponse),
			new(GetUsageResponse), new(ReadFileResponse), new(GetTaskOutputResponse), new(ListPermissionRulesResponse),
			new(MCPReadResourceResponse), new(ReloadPluginsResponse), new(ReloadSkillsResponse), new(ReloadOutputStylesResponse),
			new(GetHooksListingResponse), new(BackgroundTasksResponse), new(CancelAsyncMessageResponse),
			new(ListModelsResponse), new(GetSessionCostResponse), new(GetBinaryVersionResponse), new(GetSettingsResponse),
			new(FileSuggestionsResponse), new(RegisterRepoRootResponse), new(HookInput), new(HookOutput)} {
			err := json.Unmarshal(data, p)
			if (err == nil) != valid {
				t.Fatalf("%T: Unmarshal(%q) = %v, valid object %v", p, data, err, valid)
			}
			if err != nil {
				continue
			}
			_ = UnknownPayloadFields(p)
			out, err := MarshalPayload(p)
			if err != nil {
				t.Fatal(err)
			}
			want, err1 := unmarshalNumbers(data)
			got, err2 := unmarshalNumbers(out)
			if err1 != nil || err2 != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("%T: MarshalPayload changed the value:\n  in %q\n out %q", p, data, out)
			}
			again := reflect.New(reflect.TypeOf(p).Elem()).Interface().(Payload)
			if err := json.Unmarshal(out, again); err != nil {
				t.Fatalf("%T: Unmarshal of MarshalPayload output %q: %v", p, out, err)
			}
			if out2, _ := MarshalPayload(again); !bytes.Equal(out, out2) {
				t.Fatalf("%T: MarshalPayload is not stable:\n%q\n%q", p, out, out2)
			}
		}
	})
}
