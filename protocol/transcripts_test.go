package protocol

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the unknown-fields golden files under testdata from the transcripts and captures")

// checkGolden compares got with the golden file at path, or rewrites the
// file with -update.
func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s: unknown members changed; review and run with -update.\n got:\n%s\nwant:\n%s", path, got, want)
	}
}

const unknownGolden = "testdata/unknown-fields.golden"

// kindOf names a message's kind for reports: its type, with the subtype
// when it has one.
func kindOf(m Message) string {
	if s := SubtypeOf(m); s != "" {
		return fmt.Sprintf("%s/%s", m.MessageType(), s)
	}
	return string(m.MessageType())
}

// drift lists what a message holds that the model does not know: unknown
// types, subtypes, block kinds and members.
func drift(m Message) []string {
	var out []string
	switch m := m.(type) {
	case *UnknownMessage:
		out = append(out, "type "+string(m.Type))
	case *SystemMessage:
		out = append(out, "subtype "+string(m.Subtype))
	case *ControlRequest:
		if u, ok := m.Request.(*UnknownControlRequest); ok {
			out = append(out, "control subtype "+string(u.Subtype))
		}
	case *ControlResponse:
		if u, ok := m.Response.(*UnknownControlResponse); ok {
			out = append(out, "control subtype "+string(u.Subtype))
		}
	}
	for _, b := range blocksOf(m) {
		if u, ok := b.(*UnknownBlock); ok {
			out = append(out, "block "+string(u.Type))
		}
	}
	for _, f := range UnknownFields(m) {
		out = append(out, "field "+f)
	}
	return out
}

// blocksOf returns a message's content blocks, with those nested in tool
// results.
func blocksOf(m Message) []ContentBlock {
	var blocks []ContentBlock
	switch m := m.(type) {
	case *AssistantMessage:
		blocks = m.Message.Content
	case *UserMessage:
		blocks = m.Message.Content.Blocks
	}
	var all []ContentBlock
	for _, b := range blocks {
		all = append(all, b)
		if tr, ok := b.(*ToolResultBlock); ok {
			all = append(all, tr.Content.Blocks...)
		}
	}
	return all
}

func TestTranscripts(t *testing.T) {
	t.Parallel()
	dirs, err := filepath.Glob(filepath.Join("testdata", "transcripts", "*"))
	if err != nil {
		t.Fatal(err)
	}
	var report []string
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
		if len(files) == 0 {
			continue
		}
		version := filepath.Base(dir)
		found := map[string]bool{}
		kinds := map[string]int{}
		for _, file := range files {
			checkTranscript(t, version, file, kinds, found)
		}
		t.Logf("CLI %s: %d files, kinds %v", version, len(files), kinds)
		if len(found) == 0 {
			report = append(report, version+" none")
			t.Logf("CLI %s: no unknown types, subtypes, blocks or members", version)
		}
		for d := range found {
			report = append(report, version+" "+d)
			t.Logf("CLI %s: unknown %s", version, d)
		}
	}
	slices.Sort(report)
	got := "# What the protocol model does not know in the transcripts under testdata/transcripts,\n" +
		"# per CLI version: message kinds, block kinds and members (dotted paths, * for array\n" +
		"# elements and map entries). Regenerate with: go test ./protocol -run TestTranscripts -update\n" +
		strings.Join(report, "\n") + "\n"
	checkGolden(t, unknownGolden, got)
}

// checkTranscript reads one transcript, checking that every line decodes,
// re-encodes to the same bytes and has its typed fields filled.
func checkTranscript(t *testing.T, version, file string, kinds map[string]int, found map[string]bool) {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := NewReader(f)
	var session string
	for m, err := range r.All() {
		where := fmt.Sprintf("%s:%d", file, r.Line())
		if err != nil {
			t.Errorf("%s: %v", where, err)
			continue
		}
		kinds[kindOf(m)]++
		for _, d := range drift(m) {
			found[kindOf(m)+" "+d] = true
		}
		out, err := Marshal(m)
		if err != nil || !bytes.Equal(out, m.Raw()) {
			t.Errorf("%s: Marshal does not give the line back (%v):\n got %s\nwant %s", where, err, out, m.Raw())
		}
		if problem := spotCheck(m, version); problem != "" {
			t.Errorf("%s: %s: %s", where, kindOf(m), problem)
		}
		if s := sessionOf(m); s != "" {
			if session == "" {
				session = s
			} else if s != session {
				t.Errorf("%s: session %q, earlier lines had %q", where, s, session)
			}
		}
	}
	if r.Line() == 0 {
		t.Errorf("%s is empty", file)
	}
}

func sessionOf(m Message) string {
	switch m := m.(type) {
	case *SystemInit:
		return m.SessionID
	case *AssistantMessage:
		return m.SessionID
	case *UserMessage:
		return m.SessionID
	case *ResultMessage:
		return m.SessionID
	case *StreamEvent:
		return m.SessionID
	}
	return ""
}

// spotCheck returns what is missing from a decoded message's typed fields.
func spotCheck(m Message, version string) string {
	switch m := m.(type) {
	case *SystemInit:
		if m.ClaudeCodeVersion != version || m.SessionID == "" || m.CWD == "" || m.Model == "" || len(m.Tools) == 0 || m.PermissionMode == "" || m.UUID == "" {
			return fmt.Sprintf("fields not filled: %+v", m)
		}
	case *AssistantMessage:
		if m.Message.ID == "" || m.Message.Model == "" || len(m.Message.Content) == 0 || m.SessionID == "" || m.UUID == "" || !m.Message.Usage.objState().decoded {
			return "fields not filled"
		}
		for _, b := range m.Message.Content {
			switch b := b.(type) {
			case *TextBlock:
				if b.Text == "" {
					return "empty text block"
				}
			case *ToolUseBlock:
				if b.ID == "" || b.Name == "" || len(b.Input) == 0 {
					return "tool_use block not filled"
				}
			case *ThinkingBlock:
				if b.Thinking == "" || b.Signature == "" {
					return "thinking block not filled"
				}
			}
		}
	case *UserMessage:
		if len(m.Message.Content.Blocks) == 0 && m.Message.Content.Text == "" {
			return "no content"
		}
		for _, b := range m.Message.Content.Blocks {
			if tr, ok := b.(*ToolResultBlock); ok && tr.ToolUseID == "" {
				return "tool_result without tool_use_id"
			}
		}
	case *ResultMessage:
		if m.Subtype == "" || m.SessionID == "" || m.UUID == "" || m.DurationMS <= 0 || m.PermissionDenials == nil || !m.Usage.objState().decoded {
			return fmt.Sprintf("fields not filled: %+v", m)
		}
		if m.Subtype == SubtypeSuccess && !m.IsError && m.Result == "" {
			return "success without result"
		}
	case *StreamEvent:
		if m.EventType() == "" || m.UUID == "" || m.Body == nil || len(m.Event) == 0 {
			return "event not filled"
		}
		if _, ok := m.Body.(*UnknownStreamEvent); ok {
			return "event of unknown type " + m.EventType()
		}
	}
	return ""
}
