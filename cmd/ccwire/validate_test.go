package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/recording"
)

// runValidateCmd runs "ccwire validate args..." in-process.
func runValidateCmd(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(t.Context(), env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errOut}, append([]string{"validate"}, args...))
	return code, out.String(), errOut.String()
}

func writeTranscript(t *testing.T, lines ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t.jsonl")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

const (
	initLine    = `{"type":"system","subtype":"init","cwd":"/w","session_id":"s","tools":["Bash"],"uuid":"u"}`
	resultLine  = `{"type":"result","subtype":"success","is_error":false,"result":"ok","session_id":"s"}`
	driftedLine = `{"type":"assistant","message":{"content":[{"type":"text","text":"x","new_block_member":1},{"type":"mystery_block"}],"new_msg_member":true},"session_id":"s","new_top":2}`
)

func TestValidateRealTranscripts(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("..", "..", "protocol", "testdata", "transcripts", "*", "*.jsonl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no transcripts: %v", err)
	}
	code, out, errOut := runValidateCmd(t, "", files...)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	for _, want := range []string{"system/init", "result/success", "assistant", "0 bad lines"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
}

func TestValidateReportsDriftAndBadLines(t *testing.T) {
	t.Parallel()
	path := writeTranscript(t,
		initLine,
		driftedLine,
		`{"type":"system","subtype":"brand_new","uuid":"u"}`,
		`{"type":"tool_telepathy","tool_use_id":"t"}`,
		`not json at all`,
		driftedLine,
		`{"type":"control_request","request_id":"r","request":{"subtype":"new_control"}}`,
		strings.Repeat("x", 200),
		resultLine,
	)
	code, out, errOut := runValidateCmd(t, "", "-max-line-size", "190", path)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(out, "1 files, 9 lines, 7 messages, 2 bad lines") {
		t.Errorf("summary missing:\n%s", out)
	}
	// Each finding is one line holding these words.
	for _, want := range [][]string{
		{"field", "assistant", "new_top", "2", path + ":2"},
		{"field", "assistant", "message.content.*.new_block_member", "2", path + ":2"},
		{"field", "assistant", "message.new_msg_member", "2"},
		{"block", "assistant", "mystery_block", "2"},
		{"subtype", "system/brand_new", "brand_new", "1", path + ":3"},
		{"type", "tool_telepathy", "1", path + ":4"},
		{"field", "tool_telepathy", "tool_use_id"},
		{"control_subtype", "control_request/new_control", "new_control", path + ":7"},
		{path + ":5:", "invalid JSON"},
		{path + ":8:", "200 bytes, over the limit of 190"},
	} {
		if !hasLineWith(out, want...) {
			t.Errorf("report has no line with %q:\n%s", want, out)
		}
	}
}

// hasLineWith reports whether a line of out holds every word.
func hasLineWith(out string, words ...string) bool {
	for line := range strings.Lines(out) {
		fields := strings.Fields(line)
		all := true
		for _, w := range words {
			if !strings.Contains(line, w) {
				all = false
				break
			}
		}
		if all && len(fields) > 0 {
			return true
		}
	}
	return false
}

func TestValidateJSON(t *testing.T) {
	t.Parallel()
	code, out, errOut := runValidateCmd(t, initLine+"\n"+driftedLine+"\n{\n"+resultLine+"\n", "-json", "-")
	if code != 1 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	var rep jsonValidateReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if rep.OK || rep.Lines != 4 || rep.Messages != 3 || rep.Kinds["assistant/text"] != 1 || len(rep.Errors) != 1 ||
		rep.Errors[0].Line != 3 || rep.Errors[0].File != "<stdin>" {
		t.Errorf("report %+v", rep)
	}
	var fields []string
	for _, f := range rep.Unknown {
		fields = append(fields, f.What+" "+f.Name+" "+f.First)
	}
	want := "field new_top <stdin>:2|field message.new_msg_member <stdin>:2|field message.content.*.new_block_member <stdin>:2|block mystery_block <stdin>:2"
	got := strings.Join(fields, "|")
	for _, w := range strings.Split(want, "|") {
		if !strings.Contains(got, w) {
			t.Errorf("unknown %q lacks %q", got, w)
		}
	}
}

func TestValidateCleanStdin(t *testing.T) {
	t.Parallel()
	code, out, _ := runValidateCmd(t, initLine+"\n"+resultLine+"\n", "-")
	if code != 0 || !strings.Contains(out, "nothing unknown") {
		t.Fatalf("exit %d\n%s", code, out)
	}
}

func TestValidateUsageAndFileErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		args []string
		code int
		has  string
	}{
		{"no files", nil, 2, "no files given"},
		{"bad flag", []string{"-nope", "x"}, 2, "flag provided but not defined"},
		{"bad size", []string{"-max-line-size", "lots", "x"}, 2, "not a size"},
		{"zero size", []string{"-max-line-size", "0", "x"}, 2, "must be positive"},
		{"help", []string{"-h"}, 0, "Usage: ccwire validate"},
		{"missing file", []string{filepath.Join(t.TempDir(), "absent.jsonl")}, 1, "no such file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			code, out, errOut := runValidateCmd(t, "", tc.args...)
			if code != tc.code || !strings.Contains(out+errOut, tc.has) {
				t.Errorf("exit %d, want %d; output lacks %q?\n%s\n%s", code, tc.code, tc.has, out, errOut)
			}
		})
	}
}

func TestByteSize(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]int64{"10": 10, "4KiB": 4096, "2MiB": 2 << 20, "1GiB": 1 << 30} {
		var s byteSize
		if err := s.Set(in); err != nil || int64(s) != want {
			t.Errorf("Set(%q) = %d, %v; want %d", in, s, err, want)
		}
	}
}

// failingReader reads its lines, then fails.
type failingReader struct {
	r   io.Reader
	err error
}

func (f *failingReader) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if err == io.EOF {
		return n, f.err
	}
	return n, err
}

func TestValidateFileErrors(t *testing.T) {
	t.Parallel()
	good := writeTranscript(t, initLine, resultLine)
	missing := filepath.Join(t.TempDir(), "absent.jsonl")
	stdin := &failingReader{r: strings.NewReader(initLine + "\n" + driftedLine + "\n" + resultLine + "\n"), err: errors.New("disk on fire")}
	var out, errOut bytes.Buffer
	code := run(t.Context(), env{stdin: stdin, stdout: &out, stderr: &errOut}, []string{"validate", good, "-", missing})
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s\n%s", code, out.String(), errOut.String())
	}
	// The lines read before the failure count; a missing file is no bad line.
	for _, want := range []string{
		"3 files, 5 lines, 5 messages, 0 bad lines, 2 unreadable files\n",
		"unreadable files:\n",
		"  <stdin>: after line 3: ",
		"disk on fire",
		"  " + missing + ": open " + missing + ": no such file or directory\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "bad lines:") {
		t.Errorf("unreadable files reported as bad lines:\n%s", out.String())
	}

	out.Reset()
	stdin = &failingReader{r: strings.NewReader(initLine + "\n"), err: errors.New("disk on fire")}
	run(t.Context(), env{stdin: stdin, stdout: &out, stderr: &errOut}, []string{"validate", "-json", "-", missing})
	var rep jsonValidateReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.OK || rep.Lines != 1 || rep.Messages != 1 || len(rep.Errors) != 0 || len(rep.FileErrors) != 2 ||
		rep.FileErrors[0] != (fileError{File: "<stdin>", Line: 1, Error: rep.FileErrors[0].Error}) || rep.FileErrors[1].File != missing {
		t.Errorf("report %+v", rep)
	}
}

func TestValidateMistypedAndStrict(t *testing.T) {
	t.Parallel()
	mistypedLine := `{"type":"result","subtype":"success","is_error":"nope","result":"ok","session_id":"s"}`
	oddType := `{"type":5,"uuid":"u"}`
	noType := `{"uuid":"u"}`
	oddSubtype := `{"type":"system","subtype":{"v":2},"uuid":"u"}`
	path := writeTranscript(t, initLine, mistypedLine, oddType, noType, oddSubtype)
	for _, strict := range []bool{false, true} {
		args := []string{path}
		wantCode := 0
		if strict {
			args = []string{"--strict", path}
			wantCode = 1
		}
		code, out, errOut := runValidateCmd(t, "", args...)
		if code != wantCode {
			t.Errorf("strict %t: exit %d, want %d\n%s\n%s", strict, code, wantCode, out, errOut)
		}
		for _, want := range [][]string{
			{"result/success", "is_error", "boolean", "string", "1", path + ":2"},
			{"type", "(type not a string)", "5", path + ":3"},
			{"(type not a string)", "type", "string", "number"},
			{"type", "(no type)", "(missing)", path + ":4"},
			{"subtype", `{"v":2}`, path + ":5"},
		} {
			if !hasLineWith(out, want...) {
				t.Errorf("strict %t: report has no line with %q:\n%s", strict, want, out)
			}
		}
		// The mistyped member is not reported as unknown.
		if hasLineWith(out, "field", "result/success", "is_error") {
			t.Errorf("is_error reported as an unknown field:\n%s", out)
		}
	}
	// A clean transcript passes --strict.
	if code, out, _ := runValidateCmd(t, "", "--strict", writeTranscript(t, initLine, resultLine)); code != 0 {
		t.Errorf("--strict on a clean transcript: exit %d\n%s", code, out)
	}
	code, out, _ := runValidateCmd(t, "", "--strict", "-json", path)
	var rep jsonValidateReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if code != 1 || rep.OK || !rep.Strict || len(rep.Mistyped) == 0 || rep.Mistyped[0] != (mistyped{Kind: "result/success", Name: "is_error", Want: "boolean", Got: "string", Count: 1, First: path + ":2"}) {
		t.Errorf("exit %d, report %+v", code, rep)
	}
}

// TestValidateDamagedRecordings: an empty recording, a torn one and one
// whose object does not match its hash are unreadable files, each named.
func TestValidateDamagedRecordings(t *testing.T) {
	t.Parallel()
	src := filepath.Join("..", "..", "recordings", "2.1.330", "bash-single.txtar")
	full, err := recording.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	file := func(name string) string { return filepath.Join(root, "2.1.330", name+".txtar") }
	for _, name := range []string{"sound", "empty", "torn", "damaged"} {
		if err := recording.WriteFile(t.Context(), file(name), full); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(file("empty"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	stored, err := os.ReadFile(file("torn"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file("torn"), stored[:len(stored)*2/3], 0o644); err != nil {
		t.Fatal(err)
	}
	// "damaged" alone gets a result line of its own, then damaged.
	damaged := strings.Replace(string(full), `"subtype":"success"`, `"subtype":"success","x_damaged":1`, 1)
	if damaged == string(full) {
		t.Fatal("no result line to damage")
	}
	if err := recording.WriteFile(t.Context(), file("damaged"), []byte(damaged)); err != nil {
		t.Fatal(err)
	}
	var de *recording.DamageError
	other := []string{}
	// The objects "damaged" has and "sound" has not.
	soundData, _ := os.ReadFile(file("sound"))
	soundRefs, _ := recording.References(soundData)
	damagedData, _ := os.ReadFile(file("damaged"))
	damagedRefs, _ := recording.References(damagedData)
	for _, r := range damagedRefs {
		if !slices.Contains(soundRefs, r) {
			p := filepath.Join(root, recording.ObjectsDir, string(r.Kind), r.Hash+".json")
			other = append(other, p)
			if err := os.WriteFile(p, []byte("{\"type\":\"result\"}\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(other) == 0 || !errors.As(recording.Check(root), &de) {
		t.Fatalf("damaging %d objects made no damage", len(other))
	}
	var out, errOut bytes.Buffer
	code := run(t.Context(), env{stdout: &out, stderr: &errOut}, []string{"validate", file("sound"), file("empty"), file("torn"), file("damaged")})
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s\n%s", code, out.String(), errOut.String())
	}
	for _, want := range []string{
		"3 unreadable files",
		file("empty") + ": recording: " + file("empty") + ": the recording is torn (a write that did not finish): it is empty",
		file("torn") + ": recording: " + file("torn") + ": the recording is torn",
		file("damaged") + ": ",
		"the store is damaged",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), file("sound")+": ") {
		t.Errorf("the sound recording is reported:\n%s", out.String())
	}
}
