package stubapi

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"
)

// TestOldAndNewDecoderAgree checks that the decoder from struct tags reads
// every stub.json section of scenarios/ (each version variant) to the
// same script as the hand-written reader, and writes it back the same.
func TestOldAndNewDecoderAgree(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("../scenarios/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	n := 0
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			if f.Name != "stub.json" && !strings.HasPrefix(f.Name, "stub.json ") {
				continue
			}
			n++
			name := filepath.Base(file) + ":" + f.Name
			old, oldErr := oldParseScript(f.Data)
			got, err := ParseScript(f.Data)
			if err != nil || oldErr != nil {
				t.Errorf("%s: new %v, old %v", name, err, oldErr)
				continue
			}
			if diff := cmp.Diff(old, got); diff != "" {
				t.Errorf("%s: (-old +new):\n%s", name, diff)
			}
			oldJSON, err1 := old.oldMarshal()
			newJSON, err2 := got.MarshalJSON()
			if err1 != nil || err2 != nil || string(oldJSON) != string(newJSON) {
				t.Errorf("%s: written differently:\nold %s (%v)\nnew %s (%v)", name, oldJSON, err1, newJSON, err2)
			}
		}
	}
	t.Logf("%d stub.json sections of %d scenarios", n, len(files))
}

// TestOldAndNewDecoderErrors checks that the decoders fail on the same
// files at the same paths.
func TestOldAndNewDecoderErrors(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("scriptjson_test.go")
	if err != nil {
		t.Fatal(err)
	}
	// The files of TestParseScriptErrors, one a line.
	for _, line := range strings.Split(string(data), "\n") {
		_, rest, ok := strings.Cut(line, "{\"")
		if !ok || !strings.Contains(line, "\", `") {
			continue
		}
		name, rest, _ := strings.Cut(rest, "\", `")
		file, _, ok := strings.Cut(rest, "`, ")
		if !ok {
			continue
		}
		_, oldErr := oldParseScript([]byte(file))
		_, newErr := ParseScript([]byte(file))
		var oe, ne *ScriptError
		if !errors.As(oldErr, &oe) || !errors.As(newErr, &ne) {
			t.Errorf("%s: old %v, new %v", name, oldErr, newErr)
			continue
		}
		if ne.Line == 0 {
			t.Errorf("%s: %v has no line", name, newErr)
		}
		if oe.Path != ne.Path {
			t.Logf("%s: path %q, was %q", name, ne.Path, oe.Path)
		}
		t.Logf("%s:\n\told %v\n\tnew %v", name, oldErr, newErr)
	}
}

// FuzzOldAndNewDecoder checks that the decoders accept the same files,
// read them to the same scripts, and fail at the same paths.
func FuzzOldAndNewDecoder(f *testing.F) {
	for _, seed := range []string{
		`{"turns":[{"text":"Hello!"},{"tool_use":[{"name":"Bash","input":{"command":"echo hi"}}]},{"fault":{"kind":"overloaded","times":"always"}}]}`,
		`{"turns":[{"thinking":"t","text":["a","b"],"tool_use":[{"id":"x","name":"n","input":{}}],"stop_reason":"tool_use","usage":{"input_tokens":1,"output_tokens":2}}]}`,
		`{"turns":[{"content":[{"type":"redacted_thinking","data":"d"},{"type":"thinking","thinking":"t","signature":"s"}]}]}`,
		`{"turns":[{"text":"a","faults":[{"kind":"stream_error","at":"mid_block","block":0,"times":2},{"kind":"stall","duration":"1s"}]}]}`,
		`{"turns":[{"fault":{"kind":"http_error","status":429,"retry_after":"1s","message":"m","error_type":"e","headers":{"x-a":["1","2"]}}}]}`,
		`{"turns":[]}`, `{}`, `[]`, `null`, `{"turns":[{"text":"a","text":"b"}]}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		old, oldErr := oldParseScript(data)
		got, err := ParseScript(data)
		if (oldErr == nil) != (err == nil) {
			t.Fatalf("old %v, new %v", oldErr, err)
		}
		if err == nil {
			if diff := cmp.Diff(old, got); diff != "" {
				t.Fatalf("(-old +new):\n%s", diff)
			}
		}
	})
}
