package fakecli_test

import (
	"reflect"
	"testing"

	"github.com/ccwire/ccwire/fakecli"
	"github.com/ccwire/ccwire/recording"
)

// TestParseRecordingLean checks that the fake's reading of every
// recording has what recording.ParseRecording reads, but the requests.
func TestParseRecordingLean(t *testing.T) {
	t.Parallel()
	for _, file := range recordingFiles(t) {
		data, err := recording.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		full, err := recording.ParseRecording(data)
		if err != nil {
			t.Fatal(err)
		}
		lean, err := fakecli.ParseRecording(data)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		var events []recording.Event
		for _, ev := range full.Events {
			if ev.Kind != recording.EventRequest {
				events = append(events, ev)
			}
		}
		if !reflect.DeepEqual(lean.Events, events) || lean.Scenario != full.Scenario || lean.Version != full.Version ||
			lean.ExitCode != full.ExitCode || !reflect.DeepEqual(lean.Args, full.Args) || len(lean.Requests) != 0 {
			t.Errorf("%s: the lean reading differs from the full one", file)
		}
	}
}

// FuzzParseRecording checks that the lean reader accepts what the full
// one accepts and never panics.
func FuzzParseRecording(f *testing.F) {
	for _, file := range []string{"../recordings/2.1.37/text-simple.txtar", "../recordings/2.1.330/permission-prompt-deny.txtar"} {
		data, err := recording.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := fakecli.ParseRecording(data)
		if _, ferr := recording.ParseRecording(data); ferr == nil && err != nil {
			t.Fatalf("the full reader accepts what the lean one refuses: %v", err)
		}
	})
}
