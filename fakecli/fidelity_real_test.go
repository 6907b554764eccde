package fakecli_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/scenario"
	"github.com/ccwire/ccwire/stubapi"
)

// fidelityCase is one case of TestFidelity: a client session against a
// CLI (real or fake) set up by opts for scenario, whose verdict is the
// error run returns (nil: pass) and whose message kinds it collects.
type fidelityCase struct {
	name, scenario string
	// setup adds the scenario's flags to the client's options.
	setup func(o *claude.Options)
	// run drives the session; kinds receives the messages the client got.
	run func(ctx context.Context, opts claude.Options, kinds *[]string) error
}

// turnKinds appends the kinds of a turn's messages to kinds.
func turnKinds(kinds *[]string, turn claude.Turn) {
	for _, m := range turn.Messages {
		*kinds = append(*kinds, protocol.KindOf(m, "").Name)
	}
}

// query runs one-shot turns on one connection and checks each turn's text.
func query(texts ...string) func(context.Context, claude.Options, *[]string) error {
	return func(ctx context.Context, opts claude.Options, kinds *[]string) error {
		c, err := claude.Connect(ctx, opts)
		if err != nil {
			return err
		}
		defer c.Close()
		for i, want := range texts {
			turn, err := c.Query(ctx, fmt.Sprintf("prompt %d", i+1), nil)
			turnKinds(kinds, turn)
			if err != nil {
				return err
			}
			if want != "" && turn.Text() != want {
				return fmt.Errorf("turn %d: text %q, want %q", i+1, turn.Text(), want)
			}
		}
		return c.Close()
	}
}

var fidelityCases = []fidelityCase{
	{name: "text", scenario: "text-simple", run: query("Hello!")},
	{name: "multi-turn", scenario: "multi-turn", run: query("", "")},
	{name: "allow", scenario: "permission-prompt-allow", setup: permission(claude.Allow()), run: permissionRun(0)},
	{name: "deny", scenario: "permission-prompt-deny", setup: permission(claude.Deny("Not in tests.")), run: permissionRun(1)},
	{name: "interrupt", scenario: "interrupt-stalled-stream", setup: func(o *claude.Options) { o.IncludePartialMessages = true }, run: interruptRun},
	{name: "mode-and-model", scenario: "set-mode-and-model", run: modeModelRun},
	{name: "structured-output", scenario: "flag-json-schema", setup: func(o *claude.Options) {
		o.DangerouslySkipPermissions = true
		o.ExtraArgs = []string{"--json-schema", `{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}`}
	}, run: structuredRun},
	{name: "resume", scenario: "flag-resume", setup: func(o *claude.Options) { o.DangerouslySkipPermissions = true }, run: resumeRun},
}

func permission(d claude.PermissionDecision) func(*claude.Options) {
	return func(o *claude.Options) {
		o.PermissionMode = "default"
		o.CanUseTool = func(context.Context, *claude.PermissionRequest) (claude.PermissionDecision, error) { return d, nil }
	}
}

func permissionRun(denials int) func(context.Context, claude.Options, *[]string) error {
	return func(ctx context.Context, opts claude.Options, kinds *[]string) error {
		asked := 0
		inner := opts.CanUseTool
		opts.CanUseTool = func(ctx context.Context, req *claude.PermissionRequest) (claude.PermissionDecision, error) {
			asked++
			return inner(ctx, req)
		}
		turn, err := claude.Query(ctx, "Run the command.", opts)
		turnKinds(kinds, turn)
		if err != nil {
			return err
		}
		if asked != 1 {
			return fmt.Errorf("asked %d times, want 1", asked)
		}
		if r := turn.Result(); r == nil || len(r.PermissionDenials) != denials {
			return fmt.Errorf("result %+v, want %d permission denials", r, denials)
		}
		return nil
	}
}

func interruptRun(ctx context.Context, opts claude.Options, kinds *[]string) error {
	c, err := claude.Connect(ctx, opts)
	if err != nil {
		return err
	}
	defer c.Close()
	interrupted := false
	var turnErr *claude.TurnError
	for ev, err := range c.Stream(ctx, "Tell me something long.") {
		if errors.As(err, &turnErr) {
			continue
		}
		if err != nil {
			return err
		}
		switch ev := ev.(type) {
		case *claude.TextDeltaEvent:
			if !interrupted {
				interrupted = true
				if err := c.Interrupt(ctx); err != nil {
					return fmt.Errorf("interrupt: %w", err)
				}
			}
		case *claude.ResultEvent:
			*kinds = append(*kinds, protocol.KindOf(ev.Result, "").Name)
		}
	}
	if !interrupted || turnErr == nil {
		return fmt.Errorf("interrupted %v, turn error %v: want an interrupted turn", interrupted, turnErr)
	}
	again, err := c.Query(ctx, "Try again.", nil)
	turnKinds(kinds, again)
	if err != nil {
		return err
	}
	if again.Text() != "This is a long answer that stalls." {
		return fmt.Errorf("after the interrupt: %q", again.Text())
	}
	return c.Close()
}

func modeModelRun(ctx context.Context, opts claude.Options, kinds *[]string) error {
	c, err := claude.Connect(ctx, opts)
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SetPermissionMode(ctx, "acceptEdits"); err != nil {
		return fmt.Errorf("set_permission_mode: %w", err)
	}
	if err := c.SetModel(ctx, "claude-haiku-4-5"); err != nil {
		return fmt.Errorf("set_model: %w", err)
	}
	turn, err := c.Query(ctx, "Say hi.", nil)
	turnKinds(kinds, turn)
	if err != nil {
		return err
	}
	return c.Close()
}

func structuredRun(ctx context.Context, opts claude.Options, kinds *[]string) error {
	turn, err := claude.Query(ctx, "What is the capital of France?", opts)
	turnKinds(kinds, turn)
	if err != nil {
		return err
	}
	var out struct{ City string }
	if err := turn.DecodeStructuredOutput(&out); err != nil || out.City == "" {
		return fmt.Errorf("structured output %s: %v", turn.StructuredOutput(), err)
	}
	return nil
}

func resumeRun(ctx context.Context, opts claude.Options, kinds *[]string) error {
	const id = "5d1c7a2e-8f4b-4c3a-9e6d-1a2b3c4d5e6f"
	first := opts
	first.SessionID = id
	turn, err := claude.Query(ctx, "Remember 42.", first)
	turnKinds(kinds, turn)
	if err != nil {
		return fmt.Errorf("first process: %w", err)
	}
	second := opts
	second.Resume = id
	turn, err = claude.Query(ctx, "What was the number?", second)
	turnKinds(kinds, turn)
	if err != nil {
		return fmt.Errorf("resumed process: %w", err)
	}
	if turn.Text() != "You told me 42." {
		return fmt.Errorf("resumed: text %q, want %q", turn.Text(), "You told me 42.")
	}
	return nil
}

// realCLI returns the installed pinned CLI of version, skipping the test
// (failing it in CI) when it is missing.
func realCLI(t *testing.T, version string) cliinstall.Binary {
	t.Helper()
	b, err := cliinstall.Locate(t.Context(), version)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("Claude Code %s is not installed: %v; make test installs it", version, err)
		}
		t.Skipf("Claude Code %s is not installed (%v): run `go run ./cmd/ccwire cli install`", version, err)
	}
	return b
}

// realOptions are options for ccwire's client that run the real CLI b on
// a fake API serving scenario id's script, in a working folder holding
// the scenario's files and with a config folder of its own (shared by the
// processes of one case, as a resumed session needs).
func realOptions(t *testing.T, b cliinstall.Binary, id string) claude.Options {
	t.Helper()
	sc, err := scenario.Load(filepath.Join("..", "scenarios", id+".txtar"))
	if err != nil {
		t.Fatal(err)
	}
	pl, err := sc.Plan(b.Version)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := stubapi.Start(pl.Script)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	work := t.TempDir()
	for _, f := range pl.Files {
		p := filepath.Join(work, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return claude.Options{
		Binary:         b,
		BaseURL:        srv.URL(),
		Isolation:      &claude.Isolation{},
		WorkDir:        work,
		ConfigDir:      t.TempDir(),
		Env:            append(scenario.DefaultEnv(), "IS_SANDBOX=1"),
		CloseTimeout:   10 * time.Second,
		ControlTimeout: 60 * time.Second,
	}
}

// realSlots bounds the real CLIs TestFidelity runs at a time.
var realSlots = make(chan struct{}, 2)

// fidelityResult is a case's outcome on one CLI.
type fidelityResult struct {
	err   error
	kinds []string
}

func (r fidelityResult) verdict() string {
	if r.err != nil {
		return "fail"
	}
	return "pass"
}

// TestFidelity runs the same cases with ccwire's client on the fake and
// on the real pinned CLIs (2.1.37, 2.1.332) started against the fake API
// with each scenario's script: each case must pass on the real CLI, give
// the same verdict on the fake, and the same sequence of message kinds
// (protocol.KindOf). The fake also runs the cases at two other recorded
// versions, where they must pass. It logs the table case x CLI.
func TestFidelity(t *testing.T) {
	t.Parallel()
	type key struct{ version, target, name string }
	var mu sync.Mutex
	results := map[key]fidelityResult{}
	t.Run("cases", func(t *testing.T) {
		for _, version := range []string{"2.1.37", "2.1.332", "2.1.219", "2.1.330"} {
			targets := []string{"fake"}
			if slices.Contains(pinnedVersions, version) {
				targets = append(targets, "real")
			}
			for _, target := range targets {
				for _, tc := range fidelityCases {
					if _, err := os.Stat(filepath.Join(recordingsDir, version, tc.scenario+scenario.RecordingExt)); err != nil {
						continue // the version has no such scenario
					}
					t.Run(version+"/"+target+"/"+tc.name, func(t *testing.T) {
						t.Parallel()
						ctx, cancel := context.WithTimeout(t.Context(), 4*time.Minute)
						defer cancel()
						var opts claude.Options
						if target == "real" {
							// Two real CLIs at a time: more, on a loaded
							// machine, take longer to start than the
							// client waits for initialize's answer.
							select {
							case realSlots <- struct{}{}:
							case <-ctx.Done():
								t.Fatal(ctx.Err())
							}
							defer func() { <-realSlots }()
							opts = realOptions(t, realCLI(t, version), tc.scenario)
						} else {
							opts = clientOptions(t, version, tc.scenario)
						}
						if tc.setup != nil {
							tc.setup(&opts)
						}
						var kinds []string
						err := tc.run(ctx, opts, &kinds)
						mu.Lock()
						results[key{version, target, tc.name}] = fidelityResult{err, kinds}
						mu.Unlock()
						if err != nil {
							t.Logf("%s on the %s %s: %v", tc.name, target, version, err)
						}
					})
				}
			}
		}
	})
	var table strings.Builder
	fmt.Fprintf(&table, "%-18s %-8s %-5s %-5s %s\n", "case", "version", "fake", "real", "kinds")
	for _, version := range []string{"2.1.37", "2.1.332", "2.1.219", "2.1.330"} {
		for _, tc := range fidelityCases {
			fake, ok := results[key{version, "fake", tc.name}]
			if !ok {
				continue
			}
			real, hasReal := results[key{version, "real", tc.name}]
			realVerdict := "-"
			if hasReal {
				realVerdict = real.verdict()
			}
			fmt.Fprintf(&table, "%-18s %-8s %-5s %-5s %s\n", tc.name, version, fake.verdict(), realVerdict, strings.Join(fake.kinds, " "))
			switch {
			case !hasReal && fake.err != nil:
				t.Errorf("%s on the fake %s: %v", tc.name, version, fake.err)
			case !hasReal:
			case real.err != nil:
				t.Errorf("%s fails on the real CLI %s: %v", tc.name, version, real.err)
			case fake.err != nil:
				t.Errorf("%s passes on the real CLI %s and fails on the fake: %v", tc.name, version, fake.err)
			case !slices.Equal(fake.kinds, real.kinds):
				t.Errorf("%s on %s: message kinds differ:\nfake %v\nreal %v", tc.name, version, fake.kinds, real.kinds)
			}
		}
	}
	t.Logf("ccwire's client, case x CLI:\n%s", table.String())
}
