package recording

import (
	"bytes"
	"errors"
	"fmt"
	"iter"
	"path"
	"strings"

	"github.com/ccwire/ccwire/internal/jsontree"
)

// SessionDir is the folder of the CLI's config folder whose files a
// recording keeps (see [SessionFile]): the session transcripts, one folder
// a project, named after its working folder.
const SessionDir = "projects"

// SessionFile is a file the CLI wrote under its config folder's projects/
// folder during the run, in a recording of a scenario that asks for them
// ("session_files" in its scenario.json): the session transcript
// projects/<project>/<session ID>.jsonl, a subagent's
// projects/<project>/<session ID>/subagents/agent-<agent ID>.jsonl and
// whatever else the CLI keeps beside them. It is an archive file of the
// recording named by its Path, after side.json, in the order of the paths.
type SessionFile struct {
	// Path is the file's path in the config folder, slash-separated and
	// normalized with the recording's placeholders:
	// "projects/<cwd-slug>/<uuid:1>.jsonl".
	Path string
	// Data is the file's content, normalized: in a .jsonl file each line
	// that is JSON is written compact with its values normalized as a
	// stdout line's are, any other line normalized as text. It is empty
	// or ends with a newline.
	Data []byte
}

// IsJSONL reports whether the file is a JSON Lines file (a transcript),
// by its name.
func (f SessionFile) IsJSONL() bool { return strings.HasSuffix(f.Path, ".jsonl") }

// Entries returns the lines of a .jsonl file with their numbers from 1:
// each a JSON text (an entry of a session transcript). It gives nothing
// for a file that is not JSON Lines.
func (f SessionFile) Entries() iter.Seq2[int, []byte] {
	return func(yield func(int, []byte) bool) {
		if !f.IsJSONL() {
			return
		}
		n := 0
		for line := range bytes.Lines(f.Data) {
			n++
			if !yield(n, bytes.TrimSuffix(line, []byte("\n"))) {
				return
			}
		}
	}
}

// check reports what makes f a file a recording cannot hold as it is: a
// path outside projects/ or not clean, data without a final newline, a
// line the archive would take for a file's name, a .jsonl line that is
// not JSON.
func (f SessionFile) check() error {
	switch {
	case !strings.HasPrefix(f.Path, SessionDir+"/") || path.Clean(f.Path) != f.Path || strings.ContainsAny(f.Path, "\r\n"):
		return fmt.Errorf("session file %q: not a clean path under %s/", f.Path, SessionDir)
	case len(f.Data) > 0 && f.Data[len(f.Data)-1] != '\n':
		return fmt.Errorf("session file %s does not end with a newline", f.Path)
	}
	n := 0
	for line := range bytes.Lines(f.Data) {
		n++
		l := bytes.TrimSuffix(line, []byte("\n"))
		if bytes.HasPrefix(l, []byte("-- ")) && bytes.HasSuffix(l, []byte(" --")) {
			return fmt.Errorf("session file %s line %d looks like an archive file's name", f.Path, n)
		}
		if f.IsJSONL() {
			if _, err := jsontree.Parse(l); err != nil {
				return fmt.Errorf("session file %s line %d: %w", f.Path, n, err)
			}
		}
	}
	return nil
}

// checkSessionFiles checks each file and that their paths are in order,
// each once.
func checkSessionFiles(files []SessionFile) error {
	for i, f := range files {
		if i > 0 && files[i-1].Path >= f.Path {
			return fmt.Errorf("session file %s after %s: the paths must be in order, each once", f.Path, files[i-1].Path)
		}
		if err := f.check(); err != nil {
			return err
		}
	}
	return nil
}

// errNotSessionFile is the error of an archive file after side.json that
// is not under projects/.
var errNotSessionFile = errors.New("only session files (" + SessionDir + "/…) follow " + sideFile)
