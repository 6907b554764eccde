package claude_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/claude"
)

// FuzzDecodeSessionEntry checks the transcript line decoder: it never
// panics, takes exactly the lines that are JSON objects, gives the line
// back as it was, and keeps every member, typed or in Unknown. The corpus
// starts from every line of the fixtures of both pinned versions.
func FuzzDecodeSessionEntry(f *testing.F) {
	err := filepath.WalkDir(filepath.Join("testdata", "history"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(p, ".jsonl") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			f.Add(bytes.Clone(sc.Bytes()))
		}
		return sc.Err()
	})
	if err != nil {
		f.Fatal(err)
	}
	f.Add([]byte(`{"type":"user","parentUuid":7,"uuid":null,"isSidechain":"yes"}`))
	f.Add([]byte(`{"type":"tag","tag":"a","tag":"b"}`))
	f.Add([]byte(`[1,2]`))
	f.Add([]byte(`{"type":`))
	f.Fuzz(func(t *testing.T, line []byte) {
		e, err := claude.DecodeSessionEntry(line)
		trimmed := bytes.TrimSpace(line)
		var members map[string]json.RawMessage
		isObject := json.Unmarshal(trimmed, &members) == nil && len(trimmed) > 0 && trimmed[0] == '{'
		if err != nil {
			if isObject {
				t.Fatalf("a JSON object refused: %v", err)
			}
			return
		}
		if !isObject {
			t.Fatalf("not a JSON object, decoded: %q", line)
		}
		if got, err := e.MarshalJSON(); err != nil || !bytes.Equal(got, trimmed) {
			t.Fatalf("MarshalJSON = %q, %v; want the line %q", got, err, trimmed)
		}
		for k, raw := range e.Unknown {
			if !bytes.Equal(members[k], raw) {
				t.Fatalf("Unknown[%s] = %s, the line has %s", k, raw, members[k])
			}
		}
		// A member outside Unknown is one a field holds: re-decoding the
		// typed fields' members and Unknown's gives back every key.
		typed := map[string]bool{"type": true, "subtype": true, "uuid": true, "parentUuid": true, "logicalParentUuid": true,
			"sessionId": true, "timestamp": true, "isSidechain": true, "isMeta": true, "isCompactSummary": true, "agentId": true,
			"cwd": true, "gitBranch": true, "version": true, "userType": true, "entrypoint": true, "promptId": true,
			"message": true, "attachment": true, "toolUseResult": true, "customTitle": true, "aiTitle": true, "tag": true,
			"lastPrompt": true, "leafUuid": true, "summary": true}
		for k := range members {
			if _, unknown := e.Unknown[k]; !unknown && !typed[k] {
				t.Fatalf("member %s is neither typed nor in Unknown", k)
			}
		}
	})
}
