// Package recorded reads the protocol lines of the recordings
// (recordings/<version>/<scenario>.txtar): every stdin and stdout message
// of their events, for [schema.JSONSchema].
//
// It is the one place that knows the recording format for that purpose,
// so that it can move to a typed reader of package scenario.
package recorded

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"iter"
	"path"
	"path/filepath"
	"slices"

	"github.com/ccwire/ccwire/internal/jsontree"
	"github.com/ccwire/ccwire/protocol/schema"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

// Versions returns the CLI versions dir (the recordings folder) holds
// recordings of, oldest first.
func Versions(dir string) ([]string, error) {
	vs, err := recording.Versions(dir)
	if err != nil {
		return nil, fmt.Errorf("recorded: %w", err)
	}
	return vs, nil
}

// VersionsFS is [Versions] for a recordings folder at the root of fsys,
// such as the recordings built into ccwire (package corpus).
func VersionsFS(fsys fs.FS) ([]string, error) {
	vs, err := recording.VersionsFS(fsys)
	if err != nil {
		return nil, fmt.Errorf("recorded: %w", err)
	}
	return vs, nil
}

// Lines yields the protocol lines of every recording of CLI version under
// dir (the recordings folder), file by file in name order, each file's in
// order. A line the CLI wrote that was not JSON (recorded as text) is no
// message and is left out. The placeholders a recording puts for the
// numbers of members that change from run to run ("duration_ms":
// "<duration>", "<time>", "<pid>", "<pid:N>") are turned back into a
// number, 0, so that the line has the JSON types the CLI wrote. An error (a file that cannot be read, a
// malformed record) names the file and line and ends the sequence.
func Lines(dir, version string) iter.Seq2[schema.Line, error] {
	files, err := filepath.Glob(filepath.Join(dir, version, "*"+scenario.RecordingExt))
	return lines(files, err, dir, version, scenario.ReadEvents)
}

// LinesFS is [Lines] for a recordings folder at the root of fsys, such as
// the recordings built into ccwire (package corpus); the lines' File
// is a name in fsys.
func LinesFS(fsys fs.FS, version string) iter.Seq2[schema.Line, error] {
	files, err := fs.Glob(fsys, path.Join(version, "*"+scenario.RecordingExt))
	return lines(files, err, "the recordings", version, func(name string) ([]scenario.Event, error) {
		rec, err := scenario.ReadRecordingFS(fsys, name)
		if err != nil {
			return nil, err
		}
		return rec.Events, nil
	})
}

// lines yields the protocol lines of the recordings files of version
// (globErr the error listing them), whose events read reads; where names the
// recordings folder in errors.
func lines(files []string, globErr error, where, version string, read func(string) ([]scenario.Event, error)) iter.Seq2[schema.Line, error] {
	return func(yield func(schema.Line, error) bool) {
		err := globErr
		if err == nil && len(files) == 0 {
			err = fmt.Errorf("no recordings of CLI %s in %s: %w", version, where, fs.ErrNotExist)
		}
		if err != nil {
			yield(schema.Line{}, fmt.Errorf("recorded: %w", err))
			return
		}
		slices.Sort(files)
		for _, f := range files {
			for l, err := range fileLines(f, read) {
				if !yield(l, err) || err != nil {
					return
				}
			}
		}
	}
}

// fileLines yields the protocol lines of one recording, whose events read reads:
// its stdin and stdout events that hold a message.
func fileLines(file string, read func(string) ([]scenario.Event, error)) iter.Seq2[schema.Line, error] {
	return func(yield func(schema.Line, error) bool) {
		events, err := read(file)
		if err != nil {
			yield(schema.Line{}, fmt.Errorf("recorded: %w", err))
			return
		}
		for i, ev := range events {
			if ev.Kind == scenario.EventRequest || ev.Msg == nil {
				continue
			}
			l, err := line(ev)
			if err != nil {
				yield(schema.Line{}, fmt.Errorf("recorded: %s: event %d: %w", file, i+1, err))
				return
			}
			l.File, l.Num = file, i+1
			if !yield(l, nil) {
				return
			}
		}
	}
}

// hasNumberPlaceholder reports whether msg holds a string that is a
// number's placeholder ([scenario.IsNumberPlaceholder]): it spares the
// parsing and writing of the lines that hold none, most of them.
func hasNumberPlaceholder(msg []byte) bool {
	for rest := msg; ; {
		i := bytes.Index(rest, []byte(`"<`))
		if i < 0 {
			return false
		}
		rest = rest[i+1:]
		end := bytes.IndexByte(rest, '"')
		if end < 0 {
			return false
		}
		if scenario.IsNumberPlaceholder(string(rest[:end])) {
			return true
		}
		rest = rest[end:]
	}
}

// line turns a recorded stdin or stdout message into a protocol line.
func line(ev scenario.Event) (schema.Line, error) {
	if !hasNumberPlaceholder(ev.Msg) {
		if !json.Valid(ev.Msg) {
			_, err := jsontree.Parse(ev.Msg)
			return schema.Line{}, err
		}
		return schema.Line{Dir: string(ev.Kind), Msg: ev.Msg}, nil
	}
	msg, err := jsontree.Parse(ev.Msg)
	if err != nil {
		return schema.Line{}, err
	}
	// The recording puts them for the values of members only.
	msg.Walk(func(key string, v *jsontree.Value) *jsontree.Value {
		if key != "" && v.Kind == jsontree.String && scenario.IsNumberPlaceholder(v.Str) {
			return jsontree.NewInt(0)
		}
		return v
	})
	return schema.Line{Dir: string(ev.Kind), Msg: msg.AppendCompact(nil)}, nil
}
