package claude

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/ccwire/ccwire/internal/jsontree"
	"github.com/ccwire/ccwire/internal/wholefile"
)

// The CLI may be appending to a transcript while these functions change
// the history. Rename and tag therefore append one line, in one write to a
// file opened for appending, as the CLI and the Agent SDK do: the kernel
// puts it after whatever the CLI wrote, and a rewrite of the file (a
// temporary file renamed over it) would lose the lines the CLI appended
// meanwhile. A fork writes a new file, whole or not at all
// (internal/wholefile).

// RenameSession gives a session a title, as /rename and the Agent SDK's
// renameSession do: it appends a custom-title entry to the transcript,
// which listings show as the session's CustomTitle and Summary and which
// [Options].Resume accepts in place of the ID. The title is trimmed and
// must not be empty.
func RenameSession(ctx context.Context, sessionID, title string, opts HistoryOptions) error {
	title = strings.TrimSpace(title)
	if title == "" {
		return fmt.Errorf("claude: rename session %s: the title is empty", sessionID)
	}
	return appendEntry(ctx, sessionID, opts, map[string]string{"type": "custom-title", "customTitle": title, "sessionId": sessionID})
}

// TagSession tags a session, as the Agent SDK's tagSession does: it
// appends a tag entry to the transcript, which listings show as the
// session's Tag. An empty tag (after trimming) clears it.
func TagSession(ctx context.Context, sessionID, tag string, opts HistoryOptions) error {
	return appendEntry(ctx, sessionID, opts, map[string]string{"type": "tag", "tag": strings.TrimSpace(tag), "sessionId": sessionID})
}

// appendEntry appends one bookkeeping entry to a session's transcript.
func appendEntry(ctx context.Context, sessionID string, opts HistoryOptions, entry map[string]string) error {
	_, sf, err := locate(ctx, sessionID, opts)
	if err != nil {
		return err
	}
	// The keys in the SDK's order: type first, sessionId last.
	line := fmt.Appendf(nil, `{"type":%s`, quoteJSON(entry["type"]))
	for _, k := range []string{"customTitle", "tag"} {
		if v, ok := entry[k]; ok {
			line = fmt.Appendf(line, `,%q:%s`, k, quoteJSON(v))
		}
	}
	line = fmt.Appendf(line, `,"sessionId":%s}`+"\n", quoteJSON(sessionID))
	f, err := os.OpenFile(sf.path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return fmt.Errorf("claude: session %s: %w", sessionID, err)
	}
	if _, err := f.Write(line); err != nil {
		f.Close()
		return fmt.Errorf("claude: session %s: append %s entry: %w", sessionID, entry["type"], err)
	}
	return f.Close()
}

// quoteJSON returns s as a JSON string.
func quoteJSON(s string) []byte {
	b, _ := json.Marshal(s) // a string always marshals
	return b
}

// DeleteSession removes a session: its transcript and the folder beside it
// with its subagents' transcripts, as the Agent SDK's deleteSession does.
// If the folder cannot be removed after the transcript was, the error says
// so, and the folder is left for the caller.
func DeleteSession(ctx context.Context, sessionID string, opts HistoryOptions) error {
	_, sf, err := locate(ctx, sessionID, opts)
	if err != nil {
		return err
	}
	if err := os.Remove(sf.path); err != nil {
		return fmt.Errorf("claude: delete session %s: %w", sessionID, err)
	}
	if err := os.RemoveAll(filepath.Join(sf.projectDir, sessionID)); err != nil {
		return fmt.Errorf("claude: delete session %s: the transcript is removed, its folder is not: %w", sessionID, err)
	}
	return nil
}

// ForkSessionOptions say what [ForkSession] copies.
type ForkSessionOptions struct {
	HistoryOptions
	// UpToMessageID ends the fork with the conversation entry of this UUID
	// (a [SessionEntry].UUID, or the UUID of a user message the client
	// sent), included. Default: the whole conversation.
	UpToMessageID string
	// Title is the fork's title. Default: the source's title (or first
	// prompt) followed by " (fork)".
	Title string
}

// forkCleared are the members a fork drops from every entry, as the SDK
// does: they tie an entry to a subagent, a team or the source's
// bookkeeping.
var forkCleared = []string{"teamName", "agentName", "sessionKind", "slug", "sourceToolAssistantUUID",
	"summarizedTurnPromptUuids", "droppedPromptUuids", "sentAsUuid", "rowsAheadOfPutBack", "turnAttributionKey"}

// ForkSession copies a session into a new one, as the Agent SDK's
// forkSession does, and returns the new session's ID, which
// [Options].Resume resumes. The fork holds the source's conversation
// entries (not its subagents' entries), up to opts.UpToMessageID if set,
// each with a new UUID (ParentUUID links follow them), the new session ID,
// and a forkedFrom member naming the source session and entry; then a
// custom-title entry. Its file is written whole, next to the source's.
// Files the CLI keeps beside the transcript (file-history snapshots for
// rewinds, subagents' transcripts) are not copied.
func ForkSession(ctx context.Context, sessionID string, opts ForkSessionOptions) (string, error) {
	_, sf, err := locate(ctx, sessionID, opts.HistoryOptions)
	if err != nil {
		return "", err
	}
	var (
		entries      []*SessionEntry // the conversation, sidechains left out
		replacements []*jsontree.Value
		title        string
		aiTitle      string
		firsts       []*SessionEntry // user entries, for the first prompt
	)
	for e, err := range readEntries(ctx, sf.path) {
		if err != nil {
			return "", err
		}
		switch {
		case e.IsConversation() && !e.IsSidechain:
			entries = append(entries, e)
			if e.Type == "user" {
				firsts = append(firsts, e)
			}
		case e.Type == "custom-title" && e.CustomTitle != "":
			title = e.CustomTitle
		case e.Type == "ai-title" && e.AITitle != "":
			aiTitle = e.AITitle
		case e.Type == "content-replacement" && e.SessionID == sessionID:
			v, err := jsontree.Parse(e.Line)
			if err == nil && v.Get("replacements") != nil && v.Get("replacements").Kind == jsontree.Array {
				replacements = append(replacements, v.Get("replacements").Elems...)
			}
		}
	}
	if opts.UpToMessageID != "" {
		cut := -1
		for i, e := range entries {
			if e.UUID == opts.UpToMessageID {
				cut = i
			}
		}
		if cut < 0 {
			return "", fmt.Errorf("claude: fork session %s: no message %s in it", sessionID, opts.UpToMessageID)
		}
		// Everything before it in the file, and its ancestors, which the
		// CLI may have written after it.
		ancestors := make(map[string]bool)
		parents := make(map[string]string, len(entries))
		for _, e := range entries {
			parents[e.UUID] = e.ParentUUID
		}
		for p := parents[opts.UpToMessageID]; p != "" && !ancestors[p]; p = parents[p] {
			ancestors[p] = true
		}
		kept := entries[:0]
		for i, e := range entries {
			if i <= cut || ancestors[e.UUID] {
				kept = append(kept, e)
			}
		}
		entries = kept
	}
	entries = parentsFirst(entries)
	byUUID := make(map[string]*SessionEntry, len(entries))
	newUUID := make(map[string]string, len(entries))
	var kept []*SessionEntry
	for _, e := range entries {
		byUUID[e.UUID] = e
		newUUID[e.UUID] = randomUUID()
		if e.Type != "progress" {
			kept = append(kept, e)
		}
	}
	if len(kept) == 0 {
		return "", fmt.Errorf("claude: fork session %s: it has no messages to fork", sessionID)
	}
	forkID := randomUUID()
	now := time.Now().UTC().Format("2006-01-02T15:04:05.000Z")
	var out []byte
	for i, e := range kept {
		v, err := jsontree.Parse(e.Line)
		if err != nil {
			return "", &SessionFileError{Path: sf.path, Line: e.LineNumber, Err: err}
		}
		parent := jsontree.Value{Kind: jsontree.Null}
		// The nearest ancestor that is kept: progress entries are not.
		seen := make(map[string]bool)
		for p := e.ParentUUID; p != "" && !seen[p]; {
			seen[p] = true
			pe, ok := byUUID[p]
			if !ok {
				break
			}
			if pe.Type != "progress" {
				parent = *jsontree.NewString(newUUID[p])
				break
			}
			p = pe.ParentUUID
		}
		timestamp := e.Timestamp
		if i == len(kept)-1 {
			timestamp = now
		}
		v.Set("uuid", jsontree.NewString(newUUID[e.UUID]))
		v.Set("parentUuid", &parent)
		if lp := v.Get("logicalParentUuid"); lp != nil && lp.Kind == jsontree.String {
			if n, ok := newUUID[lp.Str]; ok {
				v.Set("logicalParentUuid", jsontree.NewString(n))
			} else {
				v.Set("logicalParentUuid", &jsontree.Value{Kind: jsontree.Null})
			}
		}
		v.Set("sessionId", jsontree.NewString(forkID))
		v.Set("timestamp", jsontree.NewString(timestamp))
		v.Set("isSidechain", jsontree.NewBool(false))
		v.Members = slices.DeleteFunc(v.Members, func(m jsontree.Member) bool { return slices.Contains(forkCleared, m.Key) })
		v.Set("forkedFrom", jsontree.NewObject(
			jsontree.Member{Key: "sessionId", Val: jsontree.NewString(sessionID)},
			jsontree.Member{Key: "messageUuid", Val: jsontree.NewString(e.UUID)}))
		out = append(v.AppendCompact(out), '\n')
	}
	if len(replacements) > 0 {
		v := jsontree.NewObject(
			jsontree.Member{Key: "type", Val: jsontree.NewString("content-replacement")},
			jsontree.Member{Key: "sessionId", Val: jsontree.NewString(forkID)},
			jsontree.Member{Key: "replacements", Val: jsontree.NewArray(replacements...)},
			jsontree.Member{Key: "uuid", Val: jsontree.NewString(randomUUID())},
			jsontree.Member{Key: "timestamp", Val: jsontree.NewString(now)})
		out = append(v.AppendCompact(out), '\n')
	}
	forkTitle := strings.TrimSpace(opts.Title)
	if forkTitle == "" {
		forkTitle = firstOf(title, aiTitle, firstPrompt(firsts), "Forked session") + " (fork)"
	}
	t := jsontree.NewObject(
		jsontree.Member{Key: "type", Val: jsontree.NewString("custom-title")},
		jsontree.Member{Key: "sessionId", Val: jsontree.NewString(forkID)},
		jsontree.Member{Key: "customTitle", Val: jsontree.NewString(forkTitle)},
		jsontree.Member{Key: "uuid", Val: jsontree.NewString(randomUUID())},
		jsontree.Member{Key: "timestamp", Val: jsontree.NewString(now)})
	out = append(t.AppendCompact(out), '\n')
	if err := ctx.Err(); err != nil {
		return "", err
	}
	if err := wholefile.WriteFile(filepath.Join(sf.projectDir, forkID+".jsonl"), out, 0o600); err != nil {
		return "", fmt.Errorf("claude: fork session %s: %w", sessionID, err)
	}
	return forkID, nil
}

// parentsFirst orders entries so that each comes after the entry it
// follows (ParentUUID), keeping the file's order otherwise. The CLI may
// write an entry after one that follows it; the fork must not: 2.1.37
// resumes a session from its last entry, and a fork whose last entry was
// the first prompt resumed from there ("No response requested.").
func parentsFirst(entries []*SessionEntry) []*SessionEntry {
	byUUID := make(map[string]*SessionEntry, len(entries))
	for _, e := range entries {
		byUUID[e.UUID] = e
	}
	out := make([]*SessionEntry, 0, len(entries))
	done := make(map[string]bool, len(entries))
	for _, e := range entries {
		var pending []*SessionEntry // e and its ancestors not yet out, e first
		for cur := e; cur != nil && !done[cur.UUID]; cur = byUUID[cur.ParentUUID] {
			done[cur.UUID] = true
			pending = append(pending, cur)
		}
		for _, p := range slices.Backward(pending) {
			out = append(out, p)
		}
	}
	return out
}

// randomUUID returns a random (version 4) UUID.
func randomUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
