package claude_test

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/protocol"
)

// The fixtures in testdata/history/<version> are what the real CLI of each
// pinned version wrote against the stub (TestHistoryCLI runs the same): a
// session 6f0c1d2e-… that starts a subagent and is resumed once, and its
// fork by --resume --fork-session. Lines longer than 1500 bytes were
// shortened (long strings cut, long lists to 3 items) and the working
// directory replaced by /work/project.
const (
	fixtureSession = "6f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f"
	fixtureProject = "/work/project"
)

// fixtureFork is the session --fork-session made, by version.
var fixtureFork = map[string]string{
	"2.1.37":  "367c2423-4d4e-4aca-b92e-acc2348955dd",
	"2.1.332": "441f5f55-a11c-4380-bbf2-1495fb94ca77",
}

// fixtureSubagent is the subagent of fixtureSession, by version.
var fixtureSubagent = map[string]string{
	"2.1.37":  "a0c752f",
	"2.1.332": "abc3b81db3d25c832",
}

// historyFixture copies the fixture of version into a fresh config folder,
// the source session older than its fork.
func historyFixture(t testing.TB, version string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "history", version))); err != nil {
		t.Fatal(err)
	}
	project := filepath.Join(dir, "projects", "-work-project")
	base := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)
	for i, id := range []string{fixtureSession, fixtureFork[version]} {
		at := base.Add(time.Duration(i) * time.Minute)
		if err := os.Chtimes(filepath.Join(project, id+".jsonl"), at, at); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// collect gathers a sequence of entries, failing t on an error.
func collect(t testing.TB, seq func(func(*claude.SessionEntry, error) bool)) []*claude.SessionEntry {
	t.Helper()
	var out []*claude.SessionEntry
	for e, err := range seq {
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, e)
	}
	return out
}

// messageText describes a user or assistant entry: its type and texts,
// tool calls and tool results.
func messageText(t testing.TB, e *claude.SessionEntry) string {
	t.Helper()
	var parts []string
	switch e.Type {
	case "user":
		b, err := e.UserBody()
		if err != nil {
			t.Fatal(err)
		}
		if b.Content.Blocks == nil {
			parts = append(parts, b.Content.Text)
		}
		for _, blk := range b.Content.Blocks {
			switch blk := blk.(type) {
			case *protocol.TextBlock:
				parts = append(parts, blk.Text)
			case *protocol.ToolResultBlock:
				parts = append(parts, "tool_result")
			}
		}
	case "assistant":
		b, err := e.AssistantBody()
		if err != nil {
			t.Fatal(err)
		}
		for _, blk := range b.Content {
			switch blk := blk.(type) {
			case *protocol.TextBlock:
				parts = append(parts, blk.Text)
			case *protocol.ToolUseBlock:
				parts = append(parts, "tool_use:"+blk.Name)
			}
		}
	default:
		parts = append(parts, e.Type)
	}
	return e.Type + ":" + strings.Join(parts, "|")
}

// wantMessages are the messages of the fixture session, and of its fork
// by the CLI, which goes on with "Fork.".
var wantMessages = map[string][]string{
	"2.1.37": {"user:Start a subagent.", "assistant:tool_use:Task", "user:tool_result", "assistant:The subagent is ready.",
		"user:Again.", "assistant:Second."},
	"2.1.332": {"user:Start a subagent.", "assistant:tool_use:Agent", "user:tool_result", "assistant:The subagent is ready.",
		"user:Again.", "assistant:Second."},
}

// historyVersions are the versions of the fixtures.
var historyVersions = []string{"2.1.37", "2.1.332"}

// forEachVersion runs a parallel subtest for the fixture of each version.
func forEachVersion(t *testing.T, run func(t *testing.T, version string)) {
	for _, v := range historyVersions {
		t.Run(v, func(t *testing.T) {
			t.Parallel()
			run(t, v)
		})
	}
}

func texts(t testing.TB, es []*claude.SessionEntry) []string {
	t.Helper()
	var out []string
	for _, e := range es {
		out = append(out, messageText(t, e))
	}
	return out
}

func TestListSessionsFixtures(t *testing.T) {
	t.Parallel()
	forEachVersion(t, func(t *testing.T, v string) {
		cfg := historyFixture(t, v)
		ctx := context.Background()
		list, err := claude.ListSessions(ctx, claude.ListSessionsOptions{HistoryOptions: claude.HistoryOptions{ConfigDir: cfg}})
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 2 || list[0].SessionID != fixtureFork[v] || list[1].SessionID != fixtureSession {
			t.Fatalf("sessions %+v, want the fork and then the source", list)
		}
		src := list[1]
		wantSummary := "Start a subagent."
		if v == "2.1.332" {
			wantSummary = "Again." // 2.1.332 writes last-prompt entries, which the summary prefers
		}
		if src.Summary != wantSummary || src.FirstPrompt != "Start a subagent." || src.Cwd != fixtureProject ||
			src.GitBranch != "HEAD" || src.CustomTitle != "" || src.Tag != "" || src.CreatedAt.IsZero() ||
			src.FileSize == 0 || !src.LastModified.Equal(time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)) {
			t.Errorf("source session %+v", src)
		}
		// The project by its folder, the same list; another project, none.
		byDir, err := claude.ListSessions(ctx, claude.ListSessionsOptions{HistoryOptions: claude.HistoryOptions{ConfigDir: cfg, Dir: fixtureProject}})
		if err != nil || len(byDir) != 2 {
			t.Errorf("by project folder: %d sessions, %v", len(byDir), err)
		}
		other, err := claude.ListSessions(ctx, claude.ListSessionsOptions{HistoryOptions: claude.HistoryOptions{ConfigDir: cfg, Dir: "/work/other"}})
		if err != nil || len(other) != 0 {
			t.Errorf("another project: %d sessions, %v", len(other), err)
		}
		page, err := claude.ListSessions(ctx, claude.ListSessionsOptions{HistoryOptions: claude.HistoryOptions{ConfigDir: cfg}, Offset: 1, Limit: 1})
		if err != nil || len(page) != 1 || page[0].SessionID != fixtureSession {
			t.Errorf("offset 1, limit 1: %+v, %v", page, err)
		}
		info, err := claude.GetSessionInfo(ctx, fixtureSession, claude.HistoryOptions{ConfigDir: cfg})
		if err != nil || info != src {
			t.Errorf("GetSessionInfo = %+v, %v; want %+v", info, err, src)
		}
	})
}

func TestGetSessionMessagesFixtures(t *testing.T) {
	t.Parallel()
	forEachVersion(t, func(t *testing.T, v string) {
		opts := claude.SessionMessagesOptions{HistoryOptions: claude.HistoryOptions{ConfigDir: historyFixture(t, v)}}
		ctx := context.Background()
		got := texts(t, collect(t, claude.GetSessionMessages(ctx, fixtureSession, opts)))
		if !slices.Equal(got, wantMessages[v]) {
			t.Errorf("messages %q\nwant %q", got, wantMessages[v])
		}
		fork := texts(t, collect(t, claude.GetSessionMessages(ctx, fixtureFork[v], opts)))
		if want := append(slices.Clone(wantMessages[v]), "user:Fork.", "assistant:Forked."); !slices.Equal(fork, want) {
			t.Errorf("fork's messages %q\nwant %q", fork, want)
		}
		opts.Offset, opts.Limit = 1, 2
		if page := texts(t, collect(t, claude.GetSessionMessages(ctx, fixtureSession, opts))); !slices.Equal(page, wantMessages[v][1:3]) {
			t.Errorf("offset 1, limit 2: %q", page)
		}
	})
}

// TestSessionEntriesLossless reads every line of every fixture transcript:
// each entry's Line is the line, and every member is typed or in Unknown.
func TestSessionEntriesLossless(t *testing.T) {
	t.Parallel()
	forEachVersion(t, func(t *testing.T, v string) {
		cfg := historyFixture(t, v)
		for _, id := range []string{fixtureSession, fixtureFork[v]} {
			data, err := os.ReadFile(filepath.Join(cfg, "projects", "-work-project", id+".jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
			es := collect(t, claude.SessionEntries(context.Background(), id, claude.HistoryOptions{ConfigDir: cfg}))
			if len(es) != len(lines) {
				t.Fatalf("%s: %d entries for %d lines", id, len(es), len(lines))
			}
			for i, e := range es {
				if string(e.Line) != lines[i] || e.LineNumber != i+1 {
					t.Errorf("%s entry %d: line %d %q", id, i, e.LineNumber, e.Line)
				}
				checkMembers(t, e)
			}
			if v == "2.1.37" && es[0].Unknown["permissionMode"] == nil && es[1].Unknown["permissionMode"] == nil {
				t.Errorf("permissionMode is in no entry's Unknown")
			}
		}
	})
}

// checkMembers checks that every member of e's line is typed or in
// Unknown, and that a typed field's value is the member's.
func checkMembers(t testing.TB, e *claude.SessionEntry) {
	t.Helper()
	var members map[string]json.RawMessage
	if err := json.Unmarshal(e.Line, &members); err != nil {
		t.Fatal(err)
	}
	typed := map[string]string{"type": e.Type, "uuid": e.UUID, "sessionId": e.SessionID, "timestamp": e.Timestamp, "cwd": e.Cwd}
	for k, raw := range members {
		if _, ok := e.Unknown[k]; ok {
			continue
		}
		want, ok := typed[k]
		if !ok {
			continue
		}
		var got string
		if json.Unmarshal(raw, &got) != nil || got != want {
			t.Errorf("line %d: member %s = %s, field %q", e.LineNumber, k, raw, want)
		}
	}
	for k := range e.Unknown {
		if _, ok := members[k]; !ok {
			t.Errorf("line %d: Unknown has %s, which the line lacks", e.LineNumber, k)
		}
	}
}

// editedFixture returns the config folder of the 2.1.37 fixture with the
// source session's lines (each with its newline) changed by edit, and the
// session's file.
func editedFixture(t *testing.T, edit func(lines []string) []string) (cfg, path string) {
	t.Helper()
	cfg = historyFixture(t, "2.1.37")
	path = filepath.Join(cfg, "projects", "-work-project", fixtureSession+".jsonl")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := edit(strings.SplitAfter(string(data), "\n"))
	if err := os.WriteFile(path, []byte(strings.Join(lines, "")), 0o600); err != nil {
		t.Fatal(err)
	}
	return cfg, path
}

func TestSessionEntriesBadLine(t *testing.T) {
	t.Parallel()
	cfg, path := editedFixture(t, func(lines []string) []string {
		return slices.Concat(lines[:3], []string{"{\"type\":\"user\",\"message\":\n"}, lines[3:])
	})
	ctx := context.Background()
	for name, seq := range map[string]func(func(*claude.SessionEntry, error) bool){
		"SessionEntries":     claude.SessionEntries(ctx, fixtureSession, claude.HistoryOptions{ConfigDir: cfg}),
		"GetSessionMessages": claude.GetSessionMessages(ctx, fixtureSession, claude.SessionMessagesOptions{HistoryOptions: claude.HistoryOptions{ConfigDir: cfg}}),
	} {
		n := 0
		var last error
		for _, err := range seq {
			if err != nil {
				last = err
				break
			}
			n++
		}
		var fe *claude.SessionFileError
		if !errors.As(last, &fe) || fe.Path != path || fe.Line != 4 || !strings.Contains(last.Error(), path+":4:") {
			t.Errorf("%s: error %v after %d entries, want a *SessionFileError at %s:4", name, last, n, path)
		}
		if name == "SessionEntries" && n != 3 {
			t.Errorf("SessionEntries yielded %d entries before the bad line, want 3", n)
		}
	}
}

func TestHistoryNotFound(t *testing.T) {
	t.Parallel()
	cfg := historyFixture(t, "2.1.37")
	ctx := context.Background()
	missing := "00000000-0000-4000-8000-000000000000"
	opts := claude.HistoryOptions{ConfigDir: cfg}
	errs := map[string]error{}
	_, errs["GetSessionInfo"] = claude.GetSessionInfo(ctx, missing, opts)
	_, errs["ListSubagents"] = claude.ListSubagents(ctx, missing, opts)
	errs["RenameSession"] = claude.RenameSession(ctx, missing, "x", opts)
	errs["TagSession"] = claude.TagSession(ctx, missing, "x", opts)
	errs["DeleteSession"] = claude.DeleteSession(ctx, missing, opts)
	_, errs["ForkSession"] = claude.ForkSession(ctx, missing, claude.ForkSessionOptions{HistoryOptions: opts})
	for _, err := range claude.GetSessionMessages(ctx, missing, claude.SessionMessagesOptions{HistoryOptions: opts}) {
		errs["GetSessionMessages"] = err
	}
	_, errs["other project"] = claude.GetSessionInfo(ctx, fixtureSession, claude.HistoryOptions{ConfigDir: cfg, Dir: "/work/other"})
	for name, err := range errs {
		var nf *claude.SessionNotFoundError
		if !errors.As(err, &nf) || !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s: %v, want a *SessionNotFoundError", name, err)
		}
	}
	if _, err := claude.GetSessionInfo(ctx, "../../etc/passwd", opts); !errors.Is(err, claude.ErrInvalidSessionID) {
		t.Errorf("a path as session ID: %v", err)
	}
	if list, err := claude.ListSessions(ctx, claude.ListSessionsOptions{HistoryOptions: claude.HistoryOptions{ConfigDir: t.TempDir()}}); err != nil || len(list) != 0 {
		t.Errorf("empty config folder: %v, %v", list, err)
	}
}

func TestSubagentsFixtures(t *testing.T) {
	t.Parallel()
	forEachVersion(t, func(t *testing.T, v string) {
		opts := claude.HistoryOptions{ConfigDir: historyFixture(t, v)}
		ctx := context.Background()
		ids, err := claude.ListSubagents(ctx, fixtureSession, opts)
		if err != nil || !slices.Equal(ids, []string{fixtureSubagent[v]}) {
			t.Fatalf("ListSubagents = %q, %v", ids, err)
		}
		got := texts(t, collect(t, claude.GetSubagentMessages(ctx, fixtureSession, ids[0], claude.SessionMessagesOptions{HistoryOptions: opts})))
		if want := []string{"user:Say you are ready.", "assistant:Ready."}; !slices.Equal(got, want) {
			t.Errorf("subagent messages %q, want %q", got, want)
		}
		if ids, err := claude.ListSubagents(ctx, fixtureFork[v], opts); err != nil || len(ids) != 0 {
			t.Errorf("the fork's subagents: %q, %v", ids, err)
		}
		for _, err := range claude.GetSubagentMessages(ctx, fixtureSession, "nosuch", claude.SessionMessagesOptions{HistoryOptions: opts}) {
			if !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("unknown subagent: %v", err)
			}
		}
	})
}

func TestRenameTagDeleteFixtures(t *testing.T) {
	t.Parallel()
	forEachVersion(t, func(t *testing.T, v string) {
		opts := claude.HistoryOptions{ConfigDir: historyFixture(t, v)}
		ctx := context.Background()
		if err := claude.RenameSession(ctx, fixtureSession, "  Readiness check  ", opts); err != nil {
			t.Fatal(err)
		}
		if err := claude.TagSession(ctx, fixtureSession, "review", opts); err != nil {
			t.Fatal(err)
		}
		info, err := claude.GetSessionInfo(ctx, fixtureSession, opts)
		if err != nil || info.CustomTitle != "Readiness check" || info.Summary != "Readiness check" || info.Tag != "review" {
			t.Errorf("after rename and tag: %+v, %v", info, err)
		}
		if err := claude.TagSession(ctx, fixtureSession, "", opts); err != nil {
			t.Fatal(err)
		}
		if info, err := claude.GetSessionInfo(ctx, fixtureSession, opts); err != nil || info.Tag != "" {
			t.Errorf("after clearing the tag: %+v, %v", info, err)
		}
		if err := claude.RenameSession(ctx, fixtureSession, " ", opts); err == nil {
			t.Error("an empty title was taken")
		}
		// The appended entries are whole lines the reader takes.
		es := collect(t, claude.SessionEntries(ctx, fixtureSession, opts))
		if last := es[len(es)-1]; last.Type != "tag" || last.Tag != "" || last.SessionID != fixtureSession {
			t.Errorf("last entry %s", last.Line)
		}
		if err := claude.DeleteSession(ctx, fixtureSession, opts); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(filepath.Join(opts.ConfigDir, "projects", "-work-project", fixtureSession)); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("the session's folder is left: %v", err)
		}
		list, err := claude.ListSessions(ctx, claude.ListSessionsOptions{HistoryOptions: opts})
		if err != nil || len(list) != 1 || list[0].SessionID != fixtureFork[v] {
			t.Errorf("after delete: %+v, %v", list, err)
		}
	})
}

func TestForkSessionFixtures(t *testing.T) {
	t.Parallel()
	forEachVersion(t, func(t *testing.T, v string) {
		opts := claude.HistoryOptions{ConfigDir: historyFixture(t, v)}
		ctx := context.Background()
		src := collect(t, claude.GetSessionMessages(ctx, fixtureSession, claude.SessionMessagesOptions{HistoryOptions: opts}))
		id, err := claude.ForkSession(ctx, fixtureSession, claude.ForkSessionOptions{HistoryOptions: opts})
		if err != nil {
			t.Fatal(err)
		}
		fork := collect(t, claude.GetSessionMessages(ctx, id, claude.SessionMessagesOptions{HistoryOptions: opts}))
		if got := texts(t, fork); !slices.Equal(got, wantMessages[v]) {
			t.Errorf("fork's messages %q", got)
		}
		for i, e := range fork {
			var from struct{ SessionID, MessageUUID string }
			_ = json.Unmarshal(e.Unknown["forkedFrom"], &struct {
				SessionID   *string `json:"sessionId"`
				MessageUUID *string `json:"messageUuid"`
			}{&from.SessionID, &from.MessageUUID})
			if e.SessionID != id || e.UUID == src[i].UUID || from.SessionID != fixtureSession || from.MessageUUID != src[i].UUID {
				t.Errorf("fork entry %d: session %s, uuid %s, forkedFrom %s", i, e.SessionID, e.UUID, e.Unknown["forkedFrom"])
			}
		}
		info, err := claude.GetSessionInfo(ctx, id, opts)
		if err != nil || info.CustomTitle != "Start a subagent. (fork)" {
			t.Errorf("fork's info %+v, %v", info, err)
		}
		// Up to the first answer, with a title.
		id2, err := claude.ForkSession(ctx, fixtureSession, claude.ForkSessionOptions{HistoryOptions: opts, UpToMessageID: src[3].UUID, Title: "Early"})
		if err != nil {
			t.Fatal(err)
		}
		if got := texts(t, collect(t, claude.GetSessionMessages(ctx, id2, claude.SessionMessagesOptions{HistoryOptions: opts}))); !slices.Equal(got, wantMessages[v][:4]) {
			t.Errorf("fork up to the first answer: %q", got)
		}
		if info, err := claude.GetSessionInfo(ctx, id2, opts); err != nil || info.Summary != "Early" {
			t.Errorf("titled fork: %+v, %v", info, err)
		}
		if _, err := claude.ForkSession(ctx, fixtureSession, claude.ForkSessionOptions{HistoryOptions: opts, UpToMessageID: "nosuch"}); err == nil {
			t.Error("a fork up to a missing message succeeded")
		}
	})
}

func TestProjectDirName(t *testing.T) {
	t.Parallel()
	long := "/" + strings.Repeat("a", 250)
	for _, tc := range []struct{ dir, want string }{
		{"/work/project", "-work-project"},
		{"/tmp/Test.2_1-x/002", "-tmp-Test-2-1-x-002"},
		{"/tmp/é", "-tmp--"},
		{"/tmp/😀", "-tmp---"}, // two UTF-16 units
		{`C:\Users\me`, "C--Users-me"},
		// The hash as the CLI computes it (node: Math.abs(h).toString(36)).
		{long, "-" + strings.Repeat("a", 199) + "-" + longHash},
	} {
		if got := claude.ProjectDirName(tc.dir); got != tc.want {
			t.Errorf("ProjectDirName(%q) = %q, want %q", tc.dir, got, tc.want)
		}
	}
}

// longHash is the CLI's hash of "/" followed by 250 "a"s.
const longHash = "feo44x"

// TestGetSessionMessagesChainOrder reads a transcript whose first prompt
// the CLI wrote after the entries that follow it, as 2.1.37 did in a run
// of TestHistoryCLI: the messages come in the chain's order.
func TestGetSessionMessagesChainOrder(t *testing.T) {
	t.Parallel()
	// Line 1 is the first prompt, line 4 the tool result: move the prompt
	// after it.
	cfg, _ := editedFixture(t, func(lines []string) []string {
		return slices.Concat(lines[1:4], lines[:1], lines[4:])
	})
	opts := claude.SessionMessagesOptions{HistoryOptions: claude.HistoryOptions{ConfigDir: cfg}}
	ctx := context.Background()
	msgs := collect(t, claude.GetSessionMessages(ctx, fixtureSession, opts))
	if got := texts(t, msgs); !slices.Equal(got, wantMessages["2.1.37"]) {
		t.Errorf("messages %q\nwant %q", got, wantMessages["2.1.37"])
	}
	// A fork up to the first answer keeps the prompt written after it.
	id, err := claude.ForkSession(ctx, fixtureSession, claude.ForkSessionOptions{HistoryOptions: opts.HistoryOptions, UpToMessageID: msgs[1].UUID})
	if err != nil {
		t.Fatal(err)
	}
	if got := texts(t, collect(t, claude.GetSessionMessages(ctx, id, opts))); !slices.Equal(got, wantMessages["2.1.37"][:2]) {
		t.Errorf("fork up to the tool call: %q", got)
	}
	// A whole fork is written parents first, so that its last entry is
	// the last message, where the CLI resumes.
	whole, err := claude.ForkSession(ctx, fixtureSession, claude.ForkSessionOptions{HistoryOptions: opts.HistoryOptions})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{"": true}
	var last *claude.SessionEntry
	for e, err := range claude.SessionEntries(ctx, whole, opts.HistoryOptions) {
		if err != nil {
			t.Fatal(err)
		}
		if !e.IsConversation() {
			continue
		}
		if !seen[e.ParentUUID] {
			t.Errorf("fork line %d comes before its parent", e.LineNumber)
		}
		seen[e.UUID] = true
		last = e
	}
	if last == nil || messageText(t, last) != "assistant:Second." {
		t.Errorf("the fork's last entry is not the last message")
	}
}
