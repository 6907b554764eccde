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
// is the order of the recording. In a .jsonl file, the entries the CLI
// writes when a timer fires (timingEntries), whose number and place among
// the others vary from run to run, are moved to the end of the file, each
// distinct one (once normalized) once, in the order they first appear;
// the others are in the order of canonicalOrder. A .jsonl file's JSON lines are
// normalized as stdout lines are, compact, with sessionEntry's members
// besides; other lines and files as text. A file that does not end with
// a newline gets one: a recording's files end with one.
func normalizeSessionFiles(files []sessionFile, n *normalizer) []recording.SessionFile {
	if len(files) == 0 {
		return nil
	}
	type line struct {
		v      *jsontree.Value // nil for a line normalized as text
		text   string
		timing bool // an entry of one of timingEntries
	}
	parsed := make([][]line, len(files))
	out := make([]recording.SessionFile, len(files))
	for i, f := range files {
		jsonl := strings.HasSuffix(f.rel, ".jsonl")
		for l := range bytes.Lines(f.data) {
			l = bytes.TrimSuffix(l, []byte("\n"))
			if v, err := jsontree.Parse(l); jsonl && err == nil {
				n.learn(v)
				parsed[i] = append(parsed[i], line{v: v, timing: slices.Contains(timingEntries, v.StringAt("type"))})
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
		lines := parsed[i]
		if strings.HasSuffix(sf.Path, ".jsonl") {
			lines = canonicalOrder(lines, func(l line) (bool, *jsontree.Value) { return l.timing, l.v })
		}
		seen := map[string]bool{} // the timing entries written, normalized
		for _, l := range lines {
			if l.timing {
				entry := string(n.value(sessionEntry(l.v)).AppendCompact(nil))
				if !seen[entry] {
					seen[entry] = true
					sf.Data = append(append(sf.Data, entry...), '\n')
				}
				continue
			}
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

// canonicalOrder returns the lines of a .jsonl file in the order a
// recording writes them, which the order the CLI wrote them in does not
// change: the conversation entries (those with a uuid) in the order of
// their chain, each after its parent (preorder, children in file order;
// first the entries without a parent, then those whose parent the file
// lacks), each followed by the other entries that followed it in the
// file (and the entries before the first conversation entry first); the
// timing entries last, in file order. Measured on 2.1.37
// (hook-subagent-start-stop): a subagent's first entry was written before
// the entries after it in one run and after them in the next.
func canonicalOrder[L any](lines []L, is func(L) (timing bool, v *jsontree.Value)) []L {
	type group struct {
		lines    []L
		uuid     string
		parent   *jsontree.Value // the parentUuid member, nil for none
		children []int
	}
	groups := []group{{}} // groups[0]: the lines before the first conversation entry
	var timing []L
	for _, l := range lines {
		t, v := is(l)
		switch {
		case t:
			timing = append(timing, l)
		case v != nil && v.Kind == jsontree.Object && v.StringAt("uuid") != "":
			groups = append(groups, group{lines: []L{l}, uuid: v.StringAt("uuid"), parent: v.Get("parentUuid")})
		default:
			last := &groups[len(groups)-1]
			last.lines = append(last.lines, l)
		}
	}
	byUUID := map[string]int{}
	for i := 1; i < len(groups); i++ {
		if _, dup := byUUID[groups[i].uuid]; !dup {
			byUUID[groups[i].uuid] = i
		}
	}
	var noParent, lostParent []int
	for i := 1; i < len(groups); i++ {
		p := groups[i].parent
		switch {
		case p == nil || p.Kind != jsontree.String || p.Str == "":
			noParent = append(noParent, i)
		default:
			if j, ok := byUUID[p.Str]; ok && j != i {
				groups[j].children = append(groups[j].children, i)
			} else {
				lostParent = append(lostParent, i)
			}
		}
	}
	out := slices.Clone(groups[0].lines)
	visited := make([]bool, len(groups))
	var stack []int
	for _, root := range slices.Concat(noParent, lostParent) {
		stack = append(stack[:0], root)
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if visited[i] {
				continue
			}
			visited[i] = true
			out = append(out, groups[i].lines...)
			for c := len(groups[i].children) - 1; c >= 0; c-- {
				stack = append(stack, groups[i].children[c])
			}
		}
	}
	for i := 1; i < len(groups); i++ { // a cycle of parents: in file order
		if !visited[i] {
			out = append(out, groups[i].lines...)
		}
	}
	return append(out, timing...)
}

// timingEntries are the types of the session entries the CLI writes when
// a timer fires rather than as the conversation goes: the latest prompt
// (last-prompt) and atis-latch. How many a run writes, and where among
// the other entries, depends on timing (measured on 2.1.332:
// hook-subagent-start-stop wrote 4 last-prompt entries in one run, 3 in
// the next, in other places).
// 2.1.37 wrote its queue-operation entries before a prompt's entry in
// one run, after its answer in the next.
var timingEntries = []string{"last-prompt", "atis-latch", "queue-operation"}

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
