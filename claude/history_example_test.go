package claude_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"time"

	"github.com/ccwire/ccwire/claude"
)

// exampleConfigDir returns a config folder holding what Claude Code 2.1.332
// wrote for two sessions in /work/project (the fixtures of the tests),
// where a program uses the user's (HistoryOptions{}).
func exampleConfigDir() string {
	dir, err := os.MkdirTemp("", "ccwire-history-example-")
	if err != nil {
		log.Fatal(err)
	}
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "history", "2.1.332"))); err != nil {
		log.Fatal(err)
	}
	base := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)
	for i, id := range []string{fixtureSession, fixtureFork["2.1.332"]} {
		at := base.Add(time.Duration(i) * time.Minute)
		if err := os.Chtimes(filepath.Join(dir, "projects", "-work-project", id+".jsonl"), at, at); err != nil {
			log.Fatal(err)
		}
	}
	return dir
}

// List the sessions Claude Code ran in a folder, newest first, as a
// session picker shows them.
func ExampleListSessions() {
	configDir := exampleConfigDir() // "" in a program: the user's config folder
	defer os.RemoveAll(configDir)

	sessions, err := claude.ListSessions(context.Background(), claude.ListSessionsOptions{
		HistoryOptions: claude.HistoryOptions{ConfigDir: configDir, Dir: "/work/project"},
		Limit:          20,
	})
	if err != nil {
		log.Fatal(err)
	}
	for _, s := range sessions {
		fmt.Printf("%s  %.8s  %-18q first prompt %q\n", s.LastModified.UTC().Format(time.DateTime), s.SessionID, s.Summary, s.FirstPrompt)
	}
	// Output:
	// 2026-11-29 10:01:00  441f5f55  "Start a subagent." first prompt "Start a subagent."
	// 2026-11-29 10:00:00  6f0c1d2e  "Again."           first prompt "Start a subagent."
}

// Fork a session at one of its messages and read the fork back. The fork
// is a session of its own: Options.Resume resumes it (see the next
// example).
func ExampleForkSession() {
	configDir := exampleConfigDir()
	defer os.RemoveAll(configDir)
	ctx := context.Background()
	hist := claude.HistoryOptions{ConfigDir: configDir, Dir: "/work/project"}
	session := "6f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f"

	// The message to fork at: the first answer.
	var upTo string
	for m, err := range claude.GetSessionMessages(ctx, session, claude.SessionMessagesOptions{HistoryOptions: hist}) {
		if err != nil {
			log.Fatal(err)
		}
		if body, err := m.AssistantBody(); err == nil && body.StopReason == "end_turn" {
			upTo = m.UUID
			break
		}
	}
	fork, err := claude.ForkSession(ctx, session, claude.ForkSessionOptions{HistoryOptions: hist, UpToMessageID: upTo})
	if err != nil {
		log.Fatal(err)
	}
	info, err := claude.GetSessionInfo(ctx, fork, hist)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(info.CustomTitle)
	for m, err := range claude.GetSessionMessages(ctx, fork, claude.SessionMessagesOptions{HistoryOptions: hist}) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(m.Type, m.ParentUUID != "")
	}
	// Output:
	// Start a subagent. (fork)
	// user false
	// assistant true
	// user true
	// assistant true
}

// Resume a fork with Claude Code: the CLI takes the conversation up to
// where the fork ends and goes on from there. The client runs in the
// project's folder with the config folder the fork is in.
func ExampleForkSession_resume() {
	ctx := context.Background()
	project, _ := os.Getwd()
	fork, err := claude.ForkSession(ctx, "6f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f", claude.ForkSessionOptions{
		HistoryOptions: claude.HistoryOptions{Dir: project}, // the user's config folder
	})
	if err != nil {
		log.Fatal(err)
	}
	turn, err := claude.Query(ctx, "Go on from here.", claude.Options{WorkDir: project, Resume: fork})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(turn.SessionID() == fork, turn.Text())
}
