package fakecli_test

import (
	"os"
	"path/filepath"
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

// TestReadLinesWithoutRequestObjects checks that the fake reads a
// recording without the objects only its API requests reference: from a
// recordings folder that holds the recording and the objects of its lines
// alone, DirLookup and the reading of a --recordings folder read what
// fakecli.ParseRecording reads of the whole recording.
func TestReadLinesWithoutRequestObjects(t *testing.T) {
	t.Parallel()
	const version, id = "2.1.332", "permission-prompt-allow"
	src := filepath.Join(recordingsDir, version, id+recording.Ext)
	stored, err := recording.ReadStored(src)
	if err != nil {
		t.Fatal(err)
	}
	full, err := recording.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	want, err := fakecli.ParseRecording(full)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	copyFile := func(rel string) {
		data, err := os.ReadFile(filepath.Join(recordingsDir, rel))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, rel), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	copyFile(filepath.Join(version, id+recording.Ext))
	refs, err := recording.References(stored)
	if err != nil {
		t.Fatal(err)
	}
	store := recording.OpenStore(recordingsDir)
	lines := 0
	for _, r := range refs {
		if r.Kind != recording.KindLine {
			continue
		}
		lines++
		paras, err := store.Paragraphs(r)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range append(paras, r) {
			copyFile(filepath.Join(recording.ObjectsDir, string(o.Kind), o.Hash+".json"))
		}
	}
	if lines == 0 || lines == len(refs) {
		t.Fatalf("%d of the %d references are lines: the test needs both kinds", lines, len(refs))
	}
	got, err := fakecli.DirLookup(filepath.Join(dir, version))(id)
	if err != nil {
		t.Fatalf("DirLookup: %v", err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Error("DirLookup read otherwise than fakecli.ParseRecording")
	}
	got, err = recording.ReadRecordingLinesFS(os.DirFS(dir), version+"/"+id+recording.Ext)
	if err != nil {
		t.Fatalf("ReadRecordingLinesFS: %v", err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Error("ReadRecordingLinesFS read otherwise than fakecli.ParseRecording")
	}
}
