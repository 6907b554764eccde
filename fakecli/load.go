package fakecli

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"regexp"

	"golang.org/x/tools/txtar"

	"github.com/ccwire/ccwire/internal/jsontree"
	"github.com/ccwire/ccwire/recording"
)

// ParseRecording reads a recording for playing: what recording.ParseRecording
// reads, but without the API requests and side requests, which a fake CLI
// has no use for and which make up most of a recording's bytes (the
// system prompt and tool definitions the CLI sent). It reads the
// recording in full if it cannot leave them out (a format it does not
// know), so it accepts what recording.ParseRecording accepts.
func ParseRecording(data []byte) (*recording.Recording, error) {
	if lean, ok := withoutRequests(data); ok {
		if rec, err := recording.ParseRecording(lean); err == nil {
			return rec, nil
		}
	}
	rec, err := recording.ParseRecording(data)
	if err != nil {
		return nil, fmt.Errorf("fakecli: %w", err)
	}
	return rec, nil
}

// readRecordingFS reads the recording name of the recordings folder fsys
// for playing, as ParseRecording does, leaving out the requests before it
// expands the recording's references from the folder's store: the objects
// the requests reference (most of a recording's) are never read. A
// recording it cannot leave them out of is read in full. An error wraps
// fs.ErrNotExist when there is no such recording.
func readRecordingFS(fsys fs.FS, name string) (*recording.Recording, error) {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, fmt.Errorf("recording: %w", err)
	}
	lean, ok := withoutRequests(data)
	if !ok {
		if data, err = recording.ReadFileFS(fsys, name); err != nil {
			return nil, err // names the file already
		}
		return ParseRecording(data)
	}
	sub, err := fs.Sub(fsys, path.Dir(path.Dir(name)))
	if err != nil {
		return nil, fmt.Errorf("recording: %w", err)
	}
	full, err := recording.Expand(lean, recording.StoreFS(sub))
	if err != nil {
		return nil, err
	}
	return ParseRecording(full)
}

// requestLine is the line of events.jsonl that places a main-loop request.
var requestLine = regexp.MustCompile(`^\{"turn":[0-9]+,"dir":"api","request":[0-9]+\}\n?$`)

// withoutRequests returns the recording with no requests: run.json counting
// none, events.jsonl without the requests' lines, no requests/N.json and an
// empty side.json.
func withoutRequests(data []byte) ([]byte, bool) {
	ar := txtar.Parse(data)
	out := &txtar.Archive{Comment: ar.Comment}
	for _, f := range ar.Files {
		switch {
		case f.Name == "run.json":
			v, err := jsontree.Parse(f.Data)
			if err != nil || v.Kind != jsontree.Object || v.Get("main_requests") == nil || v.Get("side_requests") == nil {
				return nil, false
			}
			v.Set("main_requests", jsontree.NewInt(0))
			v.Set("side_requests", jsontree.NewInt(0))
			out.Files = append(out.Files, txtar.File{Name: f.Name, Data: append(v.AppendIndent(nil, ""), '\n')})
		case f.Name == "events.jsonl":
			var kept []byte
			for line := range bytes.Lines(f.Data) {
				if !requestLine.Match(line) {
					kept = append(kept, line...)
				}
			}
			out.Files = append(out.Files, txtar.File{Name: f.Name, Data: kept})
		case f.Name == "side.json":
			out.Files = append(out.Files, txtar.File{Name: f.Name, Data: []byte("[]\n")})
		case bytes.HasPrefix([]byte(f.Name), []byte("requests/")):
		default:
			return nil, false
		}
	}
	return txtar.Format(out), true
}
