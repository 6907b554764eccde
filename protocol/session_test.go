package protocol_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/internal/corpustest"
	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/recording"
)

// recordedSessionEntries returns the session entries of the recordings
// that hold session files (see recording.SessionFile), of the versions
// corpustest gives, by "version/scenario/path:line".
func recordedSessionEntries(t testing.TB) map[string][]byte {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "recordings", "*", "*"+recording.Ext))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, p := range corpustest.Paths(t, files) {
		r, err := recording.ReadRecordingLines(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range r.SessionFiles {
			for n, line := range f.Entries() {
				out[r.Version+"/"+r.Scenario+"/"+f.Path+":"+strconv.Itoa(n)] = line
			}
		}
	}
	return out
}

// TestSessionEntriesRecorded decodes every recorded session entry: each
// decodes, gives its line back, and keeps every member, typed or in
// Unknown. The members the model does not type yet are logged by entry
// type, with the versions that write them.
func TestSessionEntriesRecorded(t *testing.T) {
	t.Parallel()
	entries := recordedSessionEntries(t)
	untyped := map[string][]string{} // type.member -> versions
	for where, line := range entries {
		e, err := protocol.DecodeSessionEntry(line)
		if err != nil {
			t.Errorf("%s: %v", where, err)
			continue
		}
		if got, err := e.MarshalJSON(); err != nil || !bytes.Equal(got, line) {
			t.Errorf("%s: MarshalJSON gave %q, %v", where, got, err)
		}
		version, _, _ := strings.Cut(where, "/")
		for k := range e.Unknown {
			key := e.Type + "." + k
			if !slices.Contains(untyped[key], version) {
				untyped[key] = append(untyped[key], version)
			}
		}
	}
	keys := make([]string, 0, len(untyped))
	for k := range untyped {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("session entry member %s: in Unknown (CLI %d versions)", k, len(untyped[k]))
	}
	t.Logf("%d recorded session entries, %d members in Unknown", len(entries), len(keys))
}

// FuzzDecodeSessionEntry checks the session entry decoder from the
// recorded entries: it never panics, takes exactly the JSON objects, gives
// the line back and keeps every member, typed or in Unknown.
func FuzzDecodeSessionEntry(f *testing.F) {
	for _, line := range recordedSessionEntries(f) {
		f.Add(line)
	}
	f.Add([]byte(`{"type":"user","parentUuid":7,"uuid":null,"isSidechain":"yes"}`))
	f.Add([]byte(`{"type":"custom-title","customTitle":"a"}`))
	f.Add([]byte(`[1]`))
	f.Fuzz(func(t *testing.T, line []byte) {
		e, err := protocol.DecodeSessionEntry(line)
		trimmed := bytes.TrimSpace(line)
		var members map[string]json.RawMessage
		isObject := len(trimmed) > 0 && trimmed[0] == '{' && json.Unmarshal(trimmed, &members) == nil
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
			t.Fatalf("MarshalJSON = %q, %v; want %q", got, err, trimmed)
		}
		for k, raw := range e.Unknown {
			if !bytes.Equal(members[k], raw) {
				t.Fatalf("Unknown[%s] = %s, the line has %s", k, raw, members[k])
			}
		}
	})
}
