package fakecli

import (
	"io/fs"
	"os"
	"path"
	"reflect"
	"testing"

	"github.com/ccwire/ccwire/corpus"
	"github.com/ccwire/ccwire/recording"
)

// TestReadRecordingFSLean checks that reading a recording for playing,
// from the recordings folder or the built-in pack, gives what
// ParseRecording gives of the whole recording, though it never expands
// the requests.
func TestReadRecordingFSLean(t *testing.T) {
	t.Parallel()
	pack, err := corpus.Recordings()
	if err != nil {
		t.Fatal(err)
	}
	dir := os.DirFS("../recordings")
	for _, name := range []string{"2.1.37/text-simple.txtar", "2.1.332/permission-prompt-allow.txtar", "2.1.332/sdk-mcp-tool-call.txtar", "2.1.330/multi-turn.txtar"} {
		data, err := recording.ReadFile(path.Join("../recordings", name))
		if err != nil {
			t.Fatal(err)
		}
		want, err := ParseRecording(data)
		if err != nil {
			t.Fatal(err)
		}
		for from, fsys := range map[string]fs.FS{"folder": dir, "pack": pack} {
			got, err := recording.ReadRecordingLinesFS(fsys, name)
			if err != nil {
				t.Fatalf("%s, %s: %v", name, from, err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s, %s: the lean reading differs from ParseRecording's", name, from)
			}
		}
	}
}
