package scenario

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/ccwire/ccwire/internal/jsontree"
	"github.com/ccwire/ccwire/recording"
)

// sessionFile is a file the CLI wrote under its config folder's projects/
// folder, as read after the run.
type sessionFile struct {
	rel  string // its path in the config folder, slash-separated
	data []byte
}

// readSessionFiles reads the regular files under configDir's projects/
// folder, in the order of their paths; none when the folder is missing.
func readSessionFiles(configDir string) ([]sessionFile, error) {
	root := filepath.Join(configDir, recording.SessionDir)
	var out []sessionFile
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		switch {
		case errors.Is(err, fs.ErrNotExist) && p == root:
			return fs.SkipAll
		case err != nil:
			return err
		case !d.Type().IsRegular():
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(configDir, p)
		if err != nil {
			return err
		}
		out = append(out, sessionFile{rel: filepath.ToSlash(rel), data: data})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("the session files under %s: %w", root, err)
	}
	return out, nil
}

// normalizeSessionFiles normalizes the session files with n, after the
// rest of the recording: first the random ids their entries hold under
// the members that name one (an agentId, which names a subagent's file)
// are learned, then their paths are normalized, in the order of the raw
// paths (the session ids in them are numbered by then, from the stdout
// lines), then their content in the order of the normalized paths, which
// is the order of the recording. A .jsonl file's JSON lines are
// normalized as stdout lines are, compact, with sessionEntry's members
// besides; other lines and files as text. A file that does not end with
// a newline gets one: a recording's files end with one.
func normalizeSessionFiles(files []sessionFile, n *normalizer) []recording.SessionFile {
	if len(files) == 0 {
		return nil
	}
	type line struct {
		v    *jsontree.Value // nil for a line normalized as text
		text string
	}
	parsed := make([][]line, len(files))
	out := make([]recording.SessionFile, len(files))
	for i, f := range files {
		jsonl := strings.HasSuffix(f.rel, ".jsonl")
		for l := range bytes.Lines(f.data) {
			l = bytes.TrimSuffix(l, []byte("\n"))
			if v, err := jsontree.Parse(l); jsonl && err == nil {
				n.learn(v)
				parsed[i] = append(parsed[i], line{v: v})
			} else {
				parsed[i] = append(parsed[i], line{text: string(l)})
			}
		}
	}
	for i, f := range files {
		out[i].Path = n.text(f.rel)
	}
	order := make([]int, len(files))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return strings.Compare(out[a].Path, out[b].Path) })
	sorted := make([]recording.SessionFile, 0, len(files))
	for _, i := range order {
		sf := out[i]
		for _, l := range parsed[i] {
			if l.v != nil {
				sf.Data = n.value(sessionEntry(l.v)).AppendCompact(sf.Data)
			} else {
				sf.Data = append(sf.Data, n.text(l.text)...)
			}
			sf.Data = append(sf.Data, '\n')
		}
		sorted = append(sorted, sf)
	}
	return sorted
}

// sessionDurationKey names the numeric members of session entries that
// hold timings the stdout lines do not have, beyond durationKey's:
// cost-state's totalAPIDuration and totalAPIDurationWithoutRetries.
var sessionDurationKey = regexp.MustCompile(`Duration`)

// leafPlaceholder stands for the leafUuid of a session entry (of a
// last-prompt or summary entry): the conversation entry that was the
// latest when the CLI wrote it, which depends on when it wrote it.
const leafPlaceholder = "<leaf>" // recording.Placeholders' "leaf"

// sessionEntry replaces, in place, what a session entry holds beyond a
// stdout line's volatile values, before the normalizer's value: the
// timings sessionDurationKey names, the machine's OS version
// (osVersion) and the leafUuid, which points at whichever entry was
// the latest when the CLI wrote it (leafPlaceholder), so that it takes
// no number of its own.
func sessionEntry(v *jsontree.Value) *jsontree.Value {
	v.Walk(func(key string, val *jsontree.Value) *jsontree.Value {
		switch {
		case key == "":
		case val.Kind == jsontree.Number && sessionDurationKey.MatchString(key):
			return jsontree.NewString("<duration>")
		case val.Kind == jsontree.String && key == "osVersion":
			return jsontree.NewString("<os-version>")
		case val.Kind == jsontree.String && key == "leafUuid" && val.Str != "":
			return jsontree.NewString(leafPlaceholder)
		}
		return val
	})
	return v
}
