package recording_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/recording"
)

// sample is a recording's text in full form, as package scenario writes it.
const sample = `Recording of scenario demo (Demo) against Claude Code 2.1.332.
-- run.json --
{
  "scenario": "demo"
}
-- events.jsonl --
{"turn":1,"dir":"stdin","msg":{"type":"user","message":{"role":"user","content":"Hi."}}}
{"turn":1,"dir":"stdout","expect":1,"msg":{"type":"system","subtype":"init","cwd":"<cwd>","tools":["Bash"]}}
{"turn":1,"dir":"api","request":1}
{"turn":1,"dir":"stdout","msg":{"type":"assistant","message":{"content":[{"type":"text","text":"Hello \u00e9!"}]}}}
{"turn":1,"dir":"stdout","text":"not json"}
{"turn":1,"dir":"stdout","msg":{"type":"result","subtype":"success","usage":{"input_tokens":1.0e1}}}
-- requests/1.json --
{
  "method": "POST",
  "header": {
    "x-api-key": "[redacted]"
  },
  "body": {
    "model": "m",
    "system": [
      {
        "type": "text",
        "text": "You are \"Claude\".\n"
      }
    ],
    "messages": [
      {
        "role": "user",
        "content": "Hi."
      }
    ],
    "tools": [
      {
        "name": "Bash",
        "input_schema": {}
      },
      {
        "name": "Odd:name\nhere",
        "input_schema": {}
      }
    ]
  }
}
-- side.json --
[]
`

func TestCompactExpand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := recording.OpenStore(dir)
	stored, err := recording.Compact([]byte(sample), s)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"header": "@header:`, `"@tool:Bash:`, `"@tool:Odd_name_here:`, `"@system:`, `"@message:user:`,
		`"msg":"@line:system/init:`, `"msg":"@line:result/success:`, `{"type":"assistant"`, `"text":"not json"`, `"content":"Hi."}}}`} {
		if !strings.Contains(string(stored), want) {
			t.Errorf("stored form lacks %s:\n%s", want, stored)
		}
	}
	if !recording.HasReferences(stored) || recording.HasReferences([]byte(sample)) {
		t.Error("HasReferences is wrong")
	}
	again, err := recording.Compact(stored, s)
	if err != nil || !bytes.Equal(again, stored) {
		t.Errorf("compacting twice changed the text (%v)", err)
	}
	full, err := recording.Expand(stored, recording.StoreFS(os.DirFS(dir)))
	if err != nil {
		t.Fatal(err)
	}
	if string(full) != sample {
		t.Errorf("Expand(Compact(x)) != x:\n%s", full)
	}
	refs, err := recording.References(stored)
	if err != nil || len(refs) != 7 {
		t.Errorf("References = %v (%v), want 7", refs, err)
	}
	if same, err := recording.Expand([]byte(sample), s); err != nil || string(same) != sample {
		t.Errorf("Expand of a full text changed it (%v)", err)
	}
}

func TestExpandErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, dir string, stored []byte, refs []recording.Ref) []byte
		want  string
		is    error
	}{
		{"missing object", func(t *testing.T, dir string, stored []byte, refs []recording.Ref) []byte {
			os.Remove(filepath.Join(dir, recording.ObjectsDir, string(refs[0].Kind), refs[0].Hash+".json"))
			return stored
		}, "not in the store", recording.ErrMissingObject},
		{"damaged object", func(t *testing.T, dir string, stored []byte, refs []recording.Ref) []byte {
			tool := refs[len(refs)-1]
			if err := os.WriteFile(filepath.Join(dir, recording.ObjectsDir, string(tool.Kind), tool.Hash+".json"), []byte(`{"name":"x"}`+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			return stored
		}, "the store is damaged", nil},
		{"not a reference", func(t *testing.T, dir string, stored []byte, refs []recording.Ref) []byte {
			return bytes.Replace(stored, []byte(`"@system:`), []byte(`"@nothing:`), 1)
		}, "where a system or a reference to one belongs", nil},
		{"kind mismatch", func(t *testing.T, dir string, stored []byte, refs []recording.Ref) []byte {
			return bytes.Replace(stored, []byte(`"@system:`), []byte(`"@tool:`), 1)
		}, "where a system or a reference to one belongs", nil},
		{"bad request JSON", func(t *testing.T, dir string, stored []byte, refs []recording.Ref) []byte {
			return bytes.Replace(stored, []byte(`"method": "POST",`), []byte(`"method": "POST",,`), 1)
		}, "requests/1.json", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			s := recording.OpenStore(dir)
			stored, err := recording.Compact([]byte(sample), s)
			if err != nil {
				t.Fatal(err)
			}
			refs, _ := recording.References(stored)
			data := tc.setup(t, dir, stored, refs)
			_, err = recording.Expand(data, s)
			if err == nil || !strings.Contains(err.Error(), tc.want) || (tc.is != nil && !errors.Is(err, tc.is)) || strings.Count(err.Error(), "recording:") != 1 {
				t.Errorf("Expand = %v, want %q", err, tc.want)
			}
		})
	}
}

func TestReadOnlyStore(t *testing.T) {
	t.Parallel()
	_, err := recording.Compact([]byte(sample), recording.StoreFS(os.DirFS(t.TempDir())))
	if err == nil || !strings.Contains(err.Error(), "read-only") {
		t.Errorf("Compact into a read-only store = %v", err)
	}
}

func TestParseRef(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in string
		ok bool
		r  recording.Ref
	}{
		{"@tool:Bash:0123456789abcdef", true, recording.Ref{Kind: recording.KindTool, Hint: "Bash", Hash: "0123456789abcdef"}},
		{"@header:0123456789abcdef", true, recording.Ref{Kind: recording.KindHeader, Hash: "0123456789abcdef"}},
		{"@line:system/init:0123456789abcdef", true, recording.Ref{Kind: recording.KindLine, Hint: "system/init", Hash: "0123456789abcdef"}},
		{"@tool:Bash:0123456789ABCDEF", false, recording.Ref{}},
		{"@tool:Bash:0123", false, recording.Ref{}},
		{"@blob:0123456789abcdef", false, recording.Ref{}},
		{"tool:0123456789abcdef", false, recording.Ref{}},
	} {
		r, ok := recording.ParseRef(tc.in)
		if ok != tc.ok || r != tc.r || (ok && r.String() != tc.in) {
			t.Errorf("ParseRef(%q) = %+v, %v", tc.in, r, ok)
		}
	}
}

func TestWriteReadTidy(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	file := filepath.Join(root, "2.1.332", "demo.txtar")
	if err := recording.WriteFile(t.Context(), file, []byte(sample)); err != nil {
		t.Fatal(err)
	}
	full, err := recording.ReadFile(file)
	if err != nil || string(full) != sample {
		t.Fatalf("ReadFile = %v", err)
	}
	viaFS, err := recording.ReadFileFS(os.DirFS(root), "2.1.332/demo.txtar")
	if err != nil || string(viaFS) != sample {
		t.Fatalf("ReadFileFS = %v", err)
	}
	// A recording in full form and an object nobody uses.
	other := filepath.Join(root, "2.1.331", "demo.txtar")
	if err := os.MkdirAll(filepath.Dir(other), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(other, []byte(strings.Replace(sample, "Hello", "Hi", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	stray := filepath.Join(root, recording.ObjectsDir, "tool", "00000000000000aa.json")
	if err := os.WriteFile(stray, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := recording.Tidy(t.Context(), root)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Recordings != 2 || rep.Compacted != 1 || rep.Removed != 1 || rep.Objects != 7 {
		t.Errorf("Tidy = %+v", rep)
	}
	if _, err := os.Stat(stray); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the stray object is still there: %v", err)
	}
	if full, err := recording.ReadFile(other); err != nil || !strings.Contains(string(full), "Hi \\u00e9!") {
		t.Errorf("the tidied recording reads %v", err)
	}
}

func FuzzExpand(f *testing.F) {
	dir := f.TempDir()
	s := recording.OpenStore(dir)
	stored, err := recording.Compact([]byte(sample), s)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(stored)
	f.Add([]byte(sample))
	f.Add([]byte("-- requests/1.json --\n\"@x\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		full, err := recording.Expand(data, s)
		if err != nil {
			return
		}
		if recording.HasReferences(full) {
			t.Errorf("Expand left references")
		}
	})
}
