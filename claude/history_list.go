package claude

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf16"
)

// SessionInfo describes a session of the history, as the TypeScript Agent
// SDK's SDKSessionInfo does.
type SessionInfo struct {
	SessionID string
	// Summary is what to show for the session: its custom title, else the
	// title the model gave it, else its latest prompt, else its first
	// prompt.
	Summary string
	// LastModified is when the transcript was last written.
	LastModified time.Time
	// FileSize is the transcript's size in bytes.
	FileSize int64
	// CustomTitle is the title given with /rename or [RenameSession], else
	// the title the model gave the session; empty if none.
	CustomTitle string
	// FirstPrompt is the first prompt a user typed (not a command, a tool
	// result or a message the CLI made), shortened to 200 characters.
	FirstPrompt string
	// GitBranch is the git branch at the end of the session.
	GitBranch string
	// Cwd is the session's working directory.
	Cwd string
	// Tag is the tag given with [TagSession]; empty if none.
	Tag string
	// CreatedAt is the time of the transcript's first entry; zero if it
	// has none.
	CreatedAt time.Time
	// Path is the transcript file.
	Path string
}

// ListSessionsOptions say which sessions [ListSessions] lists.
type ListSessionsOptions struct {
	HistoryOptions
	// Limit is the most sessions to return; 0 for all.
	Limit int
	// Offset is how many sessions of the sorted list to skip.
	Offset int
}

// headTailSize is how much of the start and of the end of a transcript the
// listing reads, as the SDK does: the metadata it shows is near one end or
// the other.
const headTailSize = 64 << 10

// ListSessions lists the sessions of a project (opts.Dir), or of every
// project of the config folder, newest first (by LastModified, then by
// session ID), as the Agent SDK's listSessions does: a subagent's
// transcript is not a session, and one with nothing to show (no title and
// no prompt) is left out. It reads the first and last 64 KiB of each
// transcript, so it is as fast for long sessions as for short ones.
func ListSessions(ctx context.Context, opts ListSessionsOptions) ([]SessionInfo, error) {
	h, err := opts.resolve()
	if err != nil {
		return nil, err
	}
	dirs, err := h.projectDirs()
	if err != nil {
		return nil, err
	}
	byID := make(map[string]SessionInfo)
	for _, d := range dirs {
		ents, err := os.ReadDir(d)
		if err != nil {
			continue // a project folder removed meanwhile
		}
		for _, e := range ents {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			id, ok := strings.CutSuffix(e.Name(), ".jsonl")
			if !ok || !uuidPattern.MatchString(id) || !e.Type().IsRegular() {
				continue
			}
			info, ok, err := readSessionInfo(id, filepath.Join(d, e.Name()), h.dir)
			if err != nil {
				return nil, err
			}
			if prev, dup := byID[id]; ok && (!dup || info.LastModified.After(prev.LastModified)) {
				byID[id] = info
			}
		}
	}
	list := make([]SessionInfo, 0, len(byID))
	for _, info := range byID {
		list = append(list, info)
	}
	slices.SortFunc(list, func(a, b SessionInfo) int {
		if c := b.LastModified.Compare(a.LastModified); c != 0 {
			return c
		}
		return strings.Compare(b.SessionID, a.SessionID)
	})
	list = list[min(max(opts.Offset, 0), len(list)):]
	if opts.Limit > 0 && len(list) > opts.Limit {
		list = list[:opts.Limit]
	}
	return list, nil
}

// GetSessionInfo describes one session (see [ListSessions]), reading only
// its transcript. A session that is not there, is a subagent's or has
// nothing to show is a [*SessionNotFoundError].
func GetSessionInfo(ctx context.Context, sessionID string, opts HistoryOptions) (SessionInfo, error) {
	h, sf, err := locate(ctx, sessionID, opts)
	if err != nil {
		return SessionInfo{}, err
	}
	info, ok, err := readSessionInfo(sessionID, sf.path, h.dir)
	if err != nil {
		return SessionInfo{}, err
	}
	if !ok {
		return SessionInfo{}, h.notFound(sessionID)
	}
	return info, nil
}

// readSessionInfo reads the head and tail of a transcript and describes
// the session, or reports false for a transcript that is not a session to
// list. An error is one of reading the file; its content cannot fail.
func readSessionInfo(id, path, projectPath string) (SessionInfo, bool, error) {
	f, err := os.Open(path)
	if err != nil {
		if os.IsNotExist(err) {
			return SessionInfo{}, false, nil
		}
		return SessionInfo{}, false, fmt.Errorf("claude: session history: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || fi.Size() == 0 {
		return SessionInfo{}, false, err
	}
	head, tail, err := readHeadTail(f, fi.Size())
	if err != nil {
		return SessionInfo{}, false, fmt.Errorf("claude: session history: read %s: %w", path, err)
	}
	if first := head.entries(); len(first) > 0 && first[0].IsSidechain {
		return SessionInfo{}, false, nil
	}
	info := SessionInfo{SessionID: id, LastModified: fi.ModTime(), FileSize: fi.Size(), Path: path}
	hs, ts := head.entries(), tail.entries()
	info.CustomTitle = firstOf(
		lastValue(ts, "custom-title", func(e *SessionEntry) string { return e.CustomTitle }),
		sidecarTitle(path, id),
		lastValue(hs, "custom-title", func(e *SessionEntry) string { return e.CustomTitle }),
		lastValue(ts, "ai-title", func(e *SessionEntry) string { return e.AITitle }),
		lastValue(hs, "ai-title", func(e *SessionEntry) string { return e.AITitle }),
	)
	info.FirstPrompt = firstPrompt(hs)
	for _, e := range hs {
		if t, ok := e.Time(); ok {
			info.CreatedAt = t
			break
		}
	}
	info.Summary = firstOf(info.CustomTitle,
		lastValue(ts, "", func(e *SessionEntry) string { return e.LastPrompt }),
		lastValue(ts, "", func(e *SessionEntry) string { return e.Summary }),
		info.FirstPrompt, attachedKind(hs))
	if info.Summary == "" {
		return SessionInfo{}, false, nil
	}
	info.GitBranch = firstOf(lastValue(ts, "", func(e *SessionEntry) string { return e.GitBranch }),
		firstValue(hs, func(e *SessionEntry) string { return e.GitBranch }))
	info.Cwd = firstOf(lastValue(ts, "relocated", func(e *SessionEntry) string { return stringMember(e, "relocatedCwd") }),
		firstValue(hs, func(e *SessionEntry) string { return e.Cwd }), projectPath)
	// The last tag entry holds the tag; an empty one cleared it.
	for _, e := range slices.Backward(ts) {
		if e.Type == "tag" {
			info.Tag = e.Tag
			break
		}
	}
	return info, true, nil
}

// sidecarTitle returns the title that newer CLIs keep beside the
// transcript, in <session ID>/custom-title.json; "" if there is none.
func sidecarTitle(path, id string) string {
	data, err := os.ReadFile(filepath.Join(filepath.Dir(path), id, "custom-title.json"))
	if err != nil || len(data) > headTailSize {
		return ""
	}
	var v struct {
		CustomTitle string `json:"customTitle"`
	}
	if json.Unmarshal(data, &v) != nil {
		return ""
	}
	return strings.TrimSpace(v.CustomTitle)
}

// chunk is the start or end of a transcript: whole lines only.
type chunk []byte

// entries decodes the chunk's lines, passing over those that do not
// decode (a listing describes what it can; reading a session reports bad
// lines).
func (c chunk) entries() []*SessionEntry {
	var out []*SessionEntry
	for line := range bytes.SplitSeq(c, []byte("\n")) {
		if e, err := DecodeSessionEntry(line); err == nil {
			out = append(out, e)
		}
	}
	return out
}

// readHeadTail reads the first and last headTailSize bytes of f, each cut
// to whole lines.
func readHeadTail(f *os.File, size int64) (head, tail chunk, err error) {
	n := min(size, headTailSize)
	buf := make([]byte, n)
	if _, err := io.ReadFull(f, buf); err != nil {
		return nil, nil, err
	}
	head = buf
	if size > n {
		if i := bytes.LastIndexByte(head, '\n'); i >= 0 {
			head = head[:i]
		}
	}
	if size <= headTailSize {
		return head, head, nil
	}
	tb := make([]byte, headTailSize)
	if _, err := f.ReadAt(tb, size-headTailSize); err != nil && err != io.EOF {
		return nil, nil, err
	}
	if i := bytes.IndexByte(tb, '\n'); i >= 0 {
		tb = tb[i+1:]
	}
	return head, tb, nil
}

// lastValue returns the last non-empty value of get over the entries of
// type typ (any type if typ is empty).
func lastValue(es []*SessionEntry, typ string, get func(*SessionEntry) string) string {
	for _, e := range slices.Backward(es) {
		if typ != "" && e.Type != typ {
			continue
		}
		if v := get(e); v != "" {
			return v
		}
	}
	return ""
}

// firstValue returns the first non-empty value of get over the entries.
func firstValue(es []*SessionEntry, get func(*SessionEntry) string) string {
	for _, e := range es {
		if v := get(e); v != "" {
			return v
		}
	}
	return ""
}

// firstOf returns the first non-empty string.
func firstOf(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

// stringMember returns an unknown member of e as a string, "" if it is
// not one.
func stringMember(e *SessionEntry, key string) string {
	var s string
	if raw, ok := e.Unknown[key]; ok && json.Unmarshal(raw, &s) == nil {
		return s
	}
	return ""
}

var (
	// commandName finds the slash command of a prompt the CLI made for one.
	commandName = regexp.MustCompile(`<command-name>(.*?)</command-name>`)
	// bashInput finds the command of a "!" prompt.
	bashInput = regexp.MustCompile(`<bash-input>([\s\S]*?)</bash-input>`)
	// notAPrompt matches text that opens with a tag or an interruption
	// notice: the CLI's, not the user's.
	notAPrompt = regexp.MustCompile(`^(?:\s*<[a-z][\w-]*[\s>]|\[Request interrupted by user[^\]]*\])`)
)

// maxPromptUnits is how long a first prompt is shown, in UTF-16 units.
const maxPromptUnits = 200

// firstPrompt returns the first prompt of the entries a user typed, as the
// SDK finds it: the first text of a user entry that is not meta, a
// compact summary or a tool result, skipping the CLI's own texts; a slash
// command's name if nothing else is found.
func firstPrompt(es []*SessionEntry) string {
	command := ""
	for _, e := range es {
		if e.Type != "user" || e.IsMeta || e.IsCompactSummary || len(e.Message) == 0 {
			continue
		}
		texts, isResult := userTexts(e.Message)
		if isResult {
			continue
		}
		for _, t := range texts {
			t = strings.TrimSpace(strings.ReplaceAll(t, "\n", " "))
			if t == "" {
				continue
			}
			if m := commandName.FindStringSubmatch(t); m != nil {
				if command == "" {
					command = m[1]
				}
				continue
			}
			if m := bashInput.FindStringSubmatch(t); m != nil {
				return "! " + strings.TrimSpace(m[1])
			}
			if notAPrompt.MatchString(t) {
				continue
			}
			if u := utf16.Encode([]rune(t)); len(u) > maxPromptUnits {
				t = strings.TrimSpace(string(utf16.Decode(u[:maxPromptUnits]))) + "…"
			}
			return t
		}
	}
	return command
}

// userTexts returns the texts of a user message's content, and whether it
// holds a tool result.
func userTexts(message json.RawMessage) (texts []string, isResult bool) {
	var m struct {
		Content json.RawMessage `json:"content"`
	}
	if json.Unmarshal(message, &m) != nil {
		return nil, false
	}
	var s string
	if json.Unmarshal(m.Content, &s) == nil {
		return []string{s}, false
	}
	var blocks []struct {
		Type string  `json:"type"`
		Text *string `json:"text"`
	}
	if json.Unmarshal(m.Content, &blocks) != nil {
		return nil, false
	}
	for _, b := range blocks {
		if b.Type == "tool_result" {
			return nil, true
		}
		if b.Type == "text" && b.Text != nil {
			texts = append(texts, *b.Text)
		}
	}
	return texts, false
}

// attachedKind returns "Image" or "Document" for a session whose first
// prompt is one, as the SDK summarizes it.
func attachedKind(es []*SessionEntry) string {
	for _, e := range es {
		if e.Type != "user" || e.IsMeta || bytes.Contains(e.Message, []byte(`"tool_result"`)) {
			continue
		}
		switch {
		case bytes.Contains(e.Message, []byte(`"type":"image"`)):
			return "Image"
		case bytes.Contains(e.Message, []byte(`"type":"document"`)):
			return "Document"
		}
	}
	return ""
}
