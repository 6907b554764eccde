package claude

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"path/filepath"
	"slices"
	"strings"
)

// SessionMessagesOptions say which messages [GetSessionMessages] and
// [GetSubagentMessages] yield.
type SessionMessagesOptions struct {
	HistoryOptions
	// IncludeSystem adds the system entries of the conversation (compact
	// boundaries, informational notices) to the user and assistant ones.
	IncludeSystem bool
	// Offset is how many messages to skip from the start.
	Offset int
	// Limit is the most messages to yield; 0 for all.
	Limit int
}

// GetSessionMessages yields the messages of a session's conversation in
// order, as the Agent SDK's getSessionMessages returns them: the chain of
// entries that leads to the latest message, following ParentUUID links
// (so a branch the user rewound away from is left out), keeping the user
// and assistant entries (and system ones with IncludeSystem) that are not
// meta messages. Each entry is whole ([SessionEntry]); [SessionEntries]
// yields every line instead.
//
// It reads the transcript twice: first for the UUID links, then for the
// messages on the chain, which it holds to yield them in the chain's order
// (the CLI may write an entry after one that follows it); the bookkeeping
// entries, most of a newer CLI's transcript, are never held. A line
// that is not a JSON object ends the sequence with a [*SessionFileError];
// a session that is not there, with a [*SessionNotFoundError].
func GetSessionMessages(ctx context.Context, sessionID string, opts SessionMessagesOptions) iter.Seq2[*SessionEntry, error] {
	return func(yield func(*SessionEntry, error) bool) {
		_, sf, err := locate(ctx, sessionID, opts.HistoryOptions)
		if err != nil {
			yield(nil, err)
			return
		}
		chainMessages(ctx, sf.path, false, opts, yield)
	}
}

// ListSubagents returns the IDs of the subagents of a session that have a
// transcript (<session ID>/subagents/agent-<ID>.jsonl beside the
// session's), sorted. A session without subagents has none; one that is
// not there is a [*SessionNotFoundError].
func ListSubagents(ctx context.Context, sessionID string, opts HistoryOptions) ([]string, error) {
	_, sf, err := locate(ctx, sessionID, opts)
	if err != nil {
		return nil, err
	}
	files, err := subagentFiles(sf, sessionID)
	if err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(files))
	for id := range files {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids, nil
}

// GetSubagentMessages yields the messages of a subagent of a session, as
// [GetSessionMessages] does for the session. A subagent without a
// transcript is a [*SessionNotFoundError] naming the session.
func GetSubagentMessages(ctx context.Context, sessionID, agentID string, opts SessionMessagesOptions) iter.Seq2[*SessionEntry, error] {
	return func(yield func(*SessionEntry, error) bool) {
		h, sf, err := locate(ctx, sessionID, opts.HistoryOptions)
		if err != nil {
			yield(nil, err)
			return
		}
		files, err := subagentFiles(sf, sessionID)
		if err != nil {
			yield(nil, err)
			return
		}
		path, ok := files[agentID]
		if !ok {
			yield(nil, fmt.Errorf("claude: subagent %q of session %s: %w", agentID, sessionID, h.notFound(sessionID)))
			return
		}
		chainMessages(ctx, path, true, opts, yield)
	}
}

// subagentFiles returns the transcripts under a session's subagents
// folder (nested folders included, as the SDK walks them), by agent ID.
func subagentFiles(sf sessionFile, sessionID string) (map[string]string, error) {
	root := filepath.Join(sf.projectDir, sessionID, "subagents")
	files := make(map[string]string)
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && p == root {
				return fs.SkipAll
			}
			return err
		}
		name := d.Name()
		if d.Type().IsRegular() && strings.HasPrefix(name, "agent-") && strings.HasSuffix(name, ".jsonl") {
			files[strings.TrimSuffix(strings.TrimPrefix(name, "agent-"), ".jsonl")] = p
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("claude: session history: subagents of %s: %w", sessionID, err)
	}
	return files, nil
}

// link is what the first pass keeps of a conversation entry.
type link struct {
	parent string
	line   int
	typ    string
	side   bool // a sidechain entry
}

// chainMessages yields the messages on the chain to the latest message of
// the transcript at path: a first pass links the entries, a second yields
// those on the chain. sidechain says the transcript is a subagent's, whose
// entries are all sidechain entries.
func chainMessages(ctx context.Context, path string, sidechain bool, opts SessionMessagesOptions, yield func(*SessionEntry, error) bool) {
	links := make(map[string]link)
	var order []string // conversation UUIDs by their last line
	for e, err := range readEntries(ctx, path) {
		if err != nil {
			yield(nil, err)
			return
		}
		if e.IsConversation() {
			links[e.UUID] = link{parent: e.ParentUUID, line: e.LineNumber, typ: e.Type, side: e.IsSidechain}
			order = append(order, e.UUID)
		}
	}
	chain := chainLines(links, order, sidechain) // root first
	onChain := make(map[int]*SessionEntry, len(chain))
	for _, n := range chain {
		onChain[n] = nil
	}
	for e, err := range readEntries(ctx, path) {
		if err != nil {
			yield(nil, err)
			return
		}
		if _, ok := onChain[e.LineNumber]; !ok || e.IsMeta {
			continue
		}
		if e.Type == "user" || e.Type == "assistant" || e.Type == "system" && opts.IncludeSystem {
			onChain[e.LineNumber] = e
		}
	}
	// The chain's order, which is not always the file's: the CLI may write
	// an entry after one that follows it.
	skip, left := max(opts.Offset, 0), opts.Limit
	for _, n := range chain {
		e := onChain[n]
		if e == nil {
			continue
		}
		if skip > 0 {
			skip--
			continue
		}
		if !yield(e, nil) {
			return
		}
		if left--; left == 0 {
			return
		}
	}
}

// chainLines returns the lines of the chain that ends at the latest
// message: of the entries no other entry follows (leaves), the one last
// in the file that leads up to a user or assistant entry, and that entry's
// ancestors. Progress entries and (in a session) sidechain entries are not
// messages of the conversation and end no chain.
func chainLines(links map[string]link, order []string, sidechain bool) []int {
	counts := func(l link) bool { return (sidechain || !l.side) && l.typ != "progress" }
	hasChild := make(map[string]bool)
	for _, l := range links {
		if l.parent != "" && counts(l) {
			hasChild[l.parent] = true
		}
	}
	var start string
	seen := make(map[string]bool)
	for _, id := range slices.Backward(order) {
		l := links[id]
		if !counts(l) || hasChild[id] {
			continue
		}
		for cur, ok := id, true; ok && !seen[cur]; {
			c := links[cur]
			if c.typ == "user" || c.typ == "assistant" {
				start = cur
				break
			}
			seen[cur] = true
			cur = c.parent
			_, ok = links[cur]
		}
		if start != "" {
			break
		}
	}
	var lines []int
	onChain := make(map[int]bool)
	for cur := start; cur != ""; {
		l, ok := links[cur]
		if !ok || onChain[l.line] {
			break
		}
		onChain[l.line] = true
		lines = append(lines, l.line)
		cur = l.parent
	}
	slices.Reverse(lines)
	return lines
}
