package claude_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/stubapi"
)

// TestHistoryCLI runs the real CLI of every pinned version against the
// stub, then reads, forks, renames, tags and deletes what it wrote with
// the session history functions, and resumes the fork with the CLI.
func TestHistoryCLI(t *testing.T) {
	t.Parallel()
	runCLITests(t, []cliTest{{"ListForkResume", testHistoryCLI}})
}

func testHistoryCLI(t *testing.T, bin cliinstall.Binary) {
	ctx := t.Context() // each Query has its own bound, patience(t)
	call := stubapi.Call("Task", map[string]any{"description": "Check readiness", "prompt": "Say you are ready.", "subagent_type": "general-purpose"})
	if bin.Version != cliinstall.SeedVersion { // agents run in the background by default from 2.1.198
		call = stubapi.Call("Agent", map[string]any{"description": "Check readiness", "prompt": "Say you are ready.", "subagent_type": "general-purpose", "run_in_background": false})
	}
	stub := stubapi.NewTest(t, stubapi.NewScript(
		stubapi.ToolUse(call), stubapi.Text("Ready."), stubapi.Text("The subagent is ready."),
		stubapi.Text("Resumed from the fork."), stubapi.Text("Resumed by title."),
	))
	opts := cliOptions(t, bin, stub)
	opts.DangerouslySkipPermissions = true
	opts.ConfigDir = t.TempDir()
	opts.WorkDir = t.TempDir()
	opts.SessionID = "6f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f"
	hist := claude.HistoryOptions{ConfigDir: opts.ConfigDir, Dir: opts.WorkDir}
	first := connectCLI(t, opts)
	if _, err := first.Query(ctxFor(t), "Start a subagent.", nil); err != nil {
		t.Fatalf("first session: %v", err)
	}
	// 2.1.37 writes the subagent's transcript some time after the turn's
	// result, and not at all if the session ends first: wait for it while
	// the CLI runs.
	waitCtx := ctxFor(t)
	for {
		if agents, err := claude.ListSubagents(waitCtx, opts.SessionID, hist); err == nil && len(agents) > 0 {
			break
		}
		select {
		case <-waitCtx.Done():
			t.Fatalf("the CLI wrote no subagent transcript: %v", waitCtx.Err())
		case <-time.After(50 * time.Millisecond):
		}
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}

	// Listed and read back.
	list, err := claude.ListSessions(ctx, claude.ListSessionsOptions{HistoryOptions: hist})
	if err != nil || len(list) != 1 {
		t.Fatalf("ListSessions = %+v, %v", list, err)
	}
	src := list[0]
	if src.SessionID != opts.SessionID || src.FirstPrompt != "Start a subagent." || src.Cwd != opts.WorkDir || src.CreatedAt.IsZero() {
		t.Errorf("listed session %+v", src)
	}
	msgs := collect(t, claude.GetSessionMessages(ctx, src.SessionID, claude.SessionMessagesOptions{HistoryOptions: hist}))
	want := []string{"user:Start a subagent.", "assistant:tool_use:" + call.Name, "user:tool_result", "assistant:The subagent is ready."}
	if got := texts(t, msgs); !slices.Equal(got, want) {
		t.Fatalf("messages %q, want %q", got, want)
	}
	for e, err := range claude.SessionEntries(ctx, src.SessionID, hist) {
		if err != nil {
			t.Fatalf("SessionEntries: %v", err)
		}
		checkMembers(t, e)
	}
	agents, err := claude.ListSubagents(ctx, src.SessionID, hist)
	if err != nil || len(agents) != 1 {
		_ = filepath.WalkDir(opts.ConfigDir, func(p string, d fs.DirEntry, err error) error {
			t.Logf("config folder: %s", p)
			return err
		})
		t.Fatalf("ListSubagents = %q, %v", agents, err)
	}
	sub := texts(t, collect(t, claude.GetSubagentMessages(ctx, src.SessionID, agents[0], claude.SessionMessagesOptions{HistoryOptions: hist})))
	if !slices.Equal(sub, []string{"user:Say you are ready.", "assistant:Ready."}) {
		t.Errorf("subagent messages %q", sub)
	}

	// A fork resumes where the source left off: the CLI sends the source's
	// conversation in the fork's first request.
	forkID, err := claude.ForkSession(ctx, src.SessionID, claude.ForkSessionOptions{HistoryOptions: hist})
	if err != nil {
		t.Fatal(err)
	}
	resume := opts
	resume.SessionID = ""
	resume.Resume = forkID
	turn, err := claude.Query(ctxFor(t), "What did the subagent say?", resume)
	if err != nil {
		t.Fatalf("resuming the fork: %v", err)
	}
	if turn.SessionID() != forkID || turn.Text() != "Resumed from the fork." {
		t.Errorf("resumed fork: session %s, text %q; want session %s", turn.SessionID(), turn.Text(), forkID)
	}
	reqs := stub.MainRequests()
	body := string(reqs[len(reqs)-1].Body)
	for _, s := range []string{"Start a subagent.", stubapi.ToolUseID(0, 0), "The subagent is ready.", "What did the subagent say?"} {
		if !strings.Contains(body, s) {
			t.Errorf("the fork's first request lacks %q", s)
		}
	}
	forkMsgs := texts(t, collect(t, claude.GetSessionMessages(ctx, forkID, claude.SessionMessagesOptions{HistoryOptions: hist})))
	if w := append(slices.Clone(want), "user:What did the subagent say?", "assistant:Resumed from the fork."); !slices.Equal(forkMsgs, w) {
		t.Errorf("the resumed fork's messages %q\nwant %q", forkMsgs, w)
	}

	// A renamed and tagged session shows so in a new listing, and the CLI
	// resumes it by its new title.
	if err := claude.RenameSession(ctx, src.SessionID, "Readiness check", hist); err != nil {
		t.Fatal(err)
	}
	if err := claude.TagSession(ctx, src.SessionID, "ops", hist); err != nil {
		t.Fatal(err)
	}
	info, err := claude.GetSessionInfo(ctx, src.SessionID, hist)
	if err != nil || info.CustomTitle != "Readiness check" || info.Summary != "Readiness check" || info.Tag != "ops" {
		t.Errorf("after rename and tag: %+v, %v", info, err)
	}
	byTitle := opts
	byTitle.SessionID = ""
	byTitle.Resume = "Readiness check"
	turn, err = claude.Query(ctxFor(t), "Which session is this?", byTitle)
	if bin.Version == cliinstall.SeedVersion {
		// 2.1.37 reads custom-title entries (its /resume picker shows
		// them) but does not resume by title in print mode: it exits with
		// status 1 and nothing on stderr.
		var exit *claude.ExitError
		if !errors.As(err, &exit) || exit.ExitCode != 1 {
			t.Errorf("2.1.37 resuming by title: %v, want an exit with status 1", err)
		}
	} else if err != nil {
		t.Fatalf("resuming by title: %v", err)
	} else if turn.SessionID() != src.SessionID || turn.Text() != "Resumed by title." {
		t.Errorf("resumed by title: session %s, text %q; want session %s", turn.SessionID(), turn.Text(), src.SessionID)
	}

	// Delete removes the fork's files; the listing keeps the source.
	if err := claude.DeleteSession(ctx, forkID, hist); err != nil {
		t.Fatal(err)
	}
	list, err = claude.ListSessions(ctx, claude.ListSessionsOptions{HistoryOptions: hist})
	if err != nil || len(list) != 1 || list[0].SessionID != src.SessionID {
		t.Errorf("after delete: %+v, %v", list, err)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(src.Path), forkID+".jsonl")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the fork's transcript is left: %v", err)
	}
}
