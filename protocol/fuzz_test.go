package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
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
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "transcripts", "*", "*.jsonl"))
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
		_ = UnknownFields(m)
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

func FuzzReader(f *testing.F) {
	seeds := seedLines(f)
	f.Add(bytes.Join(seeds[:4], []byte("\n")), uint16(0))
	f.Add(bytes.Join(seeds, []byte("\n")), uint16(40))
	f.Add([]byte("{}\n\nnot json\n{\"type\":\"user\"}"), uint16(3))
	f.Fuzz(func(t *testing.T, data []byte, limit uint16) {
		maxLine := int64(limit)
		if maxLine == 0 {
			maxLine = DefaultMaxLineSize
		}
		r := NewReader(iotest.HalfReader(bytes.NewReader(data)), WithMaxLineSize(maxLine))
		r.slabSize, r.chunkSize = 16, 8 // exercise the long-line paths
		// The reference: split on newlines, skip blank lines.
		var want []string
		for line := range bytes.SplitSeq(data, []byte("\n")) {
			switch {
			case len(bytes.TrimSpace(line)) == 0:
			case int64(len(line)) > maxLine:
				want = append(want, "too long")
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
	})
}
