package claude_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/claude/claudetest"
	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/protocol"
)

// fakeScript is a stand-in CLI: it answers each stdin line with a result
// message, and acts on a few words in the line.
const fakeScript = `#!/bin/sh
env > "$PWD/env.txt"
echo "fake starting" >&2
n=0
while IFS= read -r line; do
  n=$((n+1))
  case "$line" in
    *exit*) echo "fake: told to exit" >&2; exit 3;;
    *garbage*) echo 'this is not json';;
    *flood*) i=0; while [ $i -lt 3000 ]; do echo "{\"type\":\"flood\",\"i\":$i}"; i=$((i+1)); done;;
    *hang*) echo '{"type":"system","subtype":"status"}'; exec sleep 300;;
    *spawn*) setsid sleep 300 & ;;
  esac
  echo "{\"type\":\"result\",\"subtype\":\"success\",\"is_error\":false,\"result\":\"turn $n\"}"
done
echo "fake done" >&2
`

// fakeBinary writes the fake CLI and returns it as a Binary.
func fakeBinary(t *testing.T) cliinstall.Binary {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fake CLI of these tests is a /bin/sh script; the client tests' fake (fakeCLIBinary) runs on Windows")
	}
	path := filepath.Join(t.TempDir(), "fake-claude")
	if err := os.WriteFile(path, []byte(fakeScript), 0o755); err != nil {
		t.Fatal(err)
	}
	return cliinstall.Binary{Version: "0.0.0", Path: path}
}

// startFake starts a session of the fake CLI.
func startFake(t *testing.T, cfg claude.SessionConfig) *claude.Session {
	t.Helper()
	if cfg.BaseURL == "" {
		cfg.BaseURL = "http://127.0.0.1:9"
	}
	if cfg.CloseTimeout == 0 {
		cfg.CloseTimeout = 2 * time.Second
	}
	s := claudetest.Start(t, fakeBinary(t), cfg)
	track(s)
	return s
}

func resultText(t *testing.T, turn claude.Turn) string {
	t.Helper()
	r := turn.Result()
	if r == nil {
		t.Fatalf("turn has no result: %d messages", len(turn.Messages))
	}
	return r.Result
}

func TestFakeSessionBoundedTranscript(t *testing.T) {
	t.Parallel()
	ctx := ctxFor(t)
	s := startFake(t, claude.SessionConfig{TranscriptLines: 2})
	for range 2 {
		if err := s.SendText(ctx, "prompt"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ReadTurn(ctx); err != nil {
			t.Fatal(err)
		}
	}
	// Two turns of a prompt and a result: the last two lines are kept.
	tr := s.Transcript()
	if len(tr) != 2 || tr[0].Direction != claude.Stdin || tr[1].Direction != claude.Stdout ||
		!strings.Contains(string(tr[1].Line), `"turn 2"`) {
		t.Errorf("transcript %+v, want the second prompt and result", tr)
	}
	if got := s.TranscriptDropped(); got != 2 {
		t.Errorf("TranscriptDropped() = %d, want 2", got)
	}
}

func TestFakeSessionTurnsAndTranscript(t *testing.T) {
	t.Parallel()
	ctx := ctxFor(t)
	s := startFake(t, claude.SessionConfig{})
	for i, want := range []string{"turn 1", "turn 2"} {
		if err := s.SendText(ctx, "prompt"); err != nil {
			t.Fatal(err)
		}
		turn, err := s.ReadTurn(ctx)
		if err != nil {
			t.Fatalf("turn %d: %v", i+1, err)
		}
		if got := resultText(t, turn); got != want {
			t.Errorf("turn %d result %q, want %q", i+1, got, want)
		}
	}
	if err := s.CloseInput(); err != nil {
		t.Fatal(err)
	}
	if err := s.Wait(ctx); err != nil {
		t.Fatalf("Wait after a clean exit = %v", err)
	}
	for m, err := range s.Messages(ctx) {
		t.Errorf("message after the end: %v, %v", m, err)
	}
	var dirs []claude.Direction
	for _, l := range s.Transcript() {
		dirs = append(dirs, l.Direction)
	}
	want := []claude.Direction{claude.Stdin, claude.Stdout, claude.Stdin, claude.Stdout}
	if !equalDirs(dirs, want) {
		t.Errorf("transcript directions %v, want %v", dirs, want)
	}
	tr := s.Transcript()
	if !strings.Contains(string(tr[0].Line), `"content":"prompt"`) || !strings.Contains(string(tr[3].Line), `"turn 2"`) {
		t.Errorf("transcript lines: %+v", tr)
	}
	if !strings.Contains(s.Stderr(), "fake starting") || !strings.Contains(s.Stderr(), "fake done") {
		t.Errorf("stderr = %q", s.Stderr())
	}
	if _, err := s.ReadTurn(ctx); !isExit(err) {
		t.Errorf("ReadTurn after exit = %v, want *ExitError", err)
	}
	if err := s.SendText(ctx, "late"); err == nil {
		t.Error("Send after CloseInput succeeded")
	}
}

func equalDirs(a, b []claude.Direction) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func isExit(err error) bool {
	var e *claude.ExitError
	return errors.As(err, &e)
}

func TestFakeSessionUndecodableLine(t *testing.T) {
	t.Parallel()
	ctx := ctxFor(t)
	s := startFake(t, claude.SessionConfig{})
	if err := s.SendText(ctx, "garbage please"); err != nil {
		t.Fatal(err)
	}
	turn, err := s.ReadTurn(ctx)
	var lineErrs *claude.LineErrors
	var decodeErr *protocol.DecodeError
	if !errors.As(err, &lineErrs) || !errors.As(err, &decodeErr) || len(lineErrs.Errs) != 1 {
		t.Fatalf("ReadTurn = %v, want LineErrors with one DecodeError", err)
	}
	if got := resultText(t, turn); got != "turn 1" {
		t.Errorf("result %q", got)
	}
	// The session goes on, and the bad line is in the transcript.
	if err := s.SendText(ctx, "again"); err != nil {
		t.Fatal(err)
	}
	if turn, err := s.ReadTurn(ctx); err != nil || resultText(t, turn) != "turn 2" {
		t.Fatalf("next turn = %v, %v", turn, err)
	}
	found := false
	for _, l := range s.Transcript() {
		if l.Direction == claude.Stdout && string(l.Line) == "this is not json" {
			found = true
		}
	}
	if !found {
		t.Error("the undecodable line is not in the transcript")
	}
}

func TestFakeSessionSlowConsumerLosesNothing(t *testing.T) {
	t.Parallel()
	ctx := ctxFor(t)
	s := startFake(t, claude.SessionConfig{})
	if err := s.SendText(ctx, "flood"); err != nil {
		t.Fatal(err)
	}
	if err := s.CloseInput(); err != nil {
		t.Fatal(err)
	}
	// Read nothing until the CLI has written everything and exited.
	if err := s.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	n, results := 0, 0
	for m, err := range s.Messages(ctx) {
		if err != nil {
			t.Fatal(err)
		}
		switch m.(type) {
		case *protocol.UnknownMessage:
			n++
		case *protocol.ResultMessage:
			results++
		}
	}
	if n != 3000 || results != 1 {
		t.Errorf("read %d flood lines and %d results, want 3000 and 1", n, results)
	}
}

func TestFakeSessionExitError(t *testing.T) {
	t.Parallel()
	ctx := ctxFor(t)
	s := startFake(t, claude.SessionConfig{})
	if err := s.SendText(ctx, "exit now"); err != nil {
		t.Fatal(err)
	}
	turn, err := s.ReadTurn(ctx)
	var exit *claude.ExitError
	if !errors.As(err, &exit) {
		t.Fatalf("ReadTurn = %v, want *ExitError", err)
	}
	if exit.ExitCode != 3 || exit.Stopped || exit.Signal != 0 || !strings.Contains(exit.Stderr, "fake: told to exit") {
		t.Errorf("ExitError = %+v", exit)
	}
	if !strings.Contains(err.Error(), "status 3") || !strings.Contains(err.Error(), "told to exit") {
		t.Errorf("message %q", err)
	}
	if len(turn.Messages) != 0 {
		t.Errorf("turn = %v", turn.Messages)
	}
	if err := s.Wait(ctx); !errors.As(err, &exit) {
		t.Errorf("Wait = %v", err)
	}
	var last error
	for _, err := range s.Messages(ctx) {
		last = err
	}
	if !isExit(last) {
		t.Errorf("Messages ended with %v, want *ExitError", last)
	}
}

func TestFakeSessionContextDeadline(t *testing.T) {
	t.Parallel()
	s := startFake(t, claude.SessionConfig{CloseTimeout: 100 * time.Millisecond})
	ctx := ctxFor(t)
	if err := s.SendText(ctx, "hang"); err != nil {
		t.Fatal(err)
	}
	// The deadline must pass after the turn's one message arrived (an
	// event awaited here, not raced by the timer) and while the CLI hangs,
	// so that it is certain to be what ends ReadTurn.
	waitForStdoutLines(ctx, t, s, 1)
	short, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	turn, err := s.ReadTurn(short)
	var ce *claude.ContextError
	if !errors.As(err, &ce) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("ReadTurn = %v, want *ContextError wrapping DeadlineExceeded", err)
	}
	if len(turn.Messages) != 1 || len(ce.Messages) != 1 {
		t.Fatalf("messages so far: turn %d, error %d; want 1", len(turn.Messages), len(ce.Messages))
	}
	// Close kills the hanging CLI; reads then report that the session stopped it.
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	_, err = s.ReadTurn(ctx)
	var exit *claude.ExitError
	if !errors.As(err, &exit) || !exit.Stopped {
		t.Fatalf("ReadTurn after Close = %v, want *ExitError with Stopped", err)
	}
	if err := treeGone(s.PID()); err != nil {
		t.Error(err)
	}
	if _, err := os.Stat(s.HomeDir()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("session folder not removed: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("second Close = %v", err)
	}
}

func TestFakeSessionCloseKillsEscapedDescendants(t *testing.T) {
	t.Parallel()
	if runtime.GOOS != "linux" {
		t.Skip("only on linux: the fake CLI detaches its child with setsid(1), a util-linux command")
	}
	ctx := ctxFor(t)
	s := startFake(t, claude.SessionConfig{})
	if err := s.SendText(ctx, "spawn"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ReadTurn(ctx); err != nil {
		t.Fatal(err)
	}
	// The detached sleep left the process group but carries the marker (it
	// may still be starting).
	for pids := claude.MarkedProcesses(s.Marker()); len(pids) < 2; pids = claude.MarkedProcesses(s.Marker()) {
		if ctx.Err() != nil {
			t.Fatalf("marked processes %v, want the CLI and its detached child", pids)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if pids := claude.MarkedProcesses(s.Marker()); len(pids) != 0 {
		t.Errorf("processes left after Close: %v", pids)
	}
}

func TestFakeSessionStartContextKills(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(t.Context())
	s, err := claude.Start(ctx, fakeBinary(t), claude.SessionConfig{BaseURL: "http://127.0.0.1:9", Isolation: &claude.Isolation{}})
	if err != nil {
		t.Fatal(err)
	}
	track(s)
	if err := s.SendText(t.Context(), "hang"); err != nil {
		t.Fatal(err)
	}
	cancel()
	<-s.Exited()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	var exit *claude.ExitError
	if _, err := s.ReadTurn(t.Context()); !errors.As(err, &exit) || !exit.Stopped {
		t.Errorf("ReadTurn after cancel = %v, want *ExitError with Stopped", err)
	}
	if _, err := os.Stat(s.HomeDir()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("session folder not removed: %v", err)
	}
}

func TestFakeSessionEnvironment(t *testing.T) {
	t.Parallel()
	parent := map[string]string{
		"PATH":               os.Getenv("PATH"),
		"LANG":               "C.UTF-8",
		"ANTHROPIC_API_KEY":  "sk-real-key",
		"ANTHROPIC_BASE_URL": "https://api.anthropic.com",
		"CLAUDE_CONFIG_DIR":  "/root/.claude",
		"IS_SANDBOX":         "1",
		"HTTPS_PROXY":        "http://corporate:3128",
	}
	lookup := func(k string) (string, bool) { v, ok := parent[k]; return v, ok }
	root := os.Geteuid() == 0
	for _, tc := range []struct {
		name    string
		args    []string
		env     []string
		sandbox bool
		network bool
	}{
		{"plain", nil, nil, false, false},
		{"skip permissions", []string{"--dangerously-skip-permissions"}, nil, root, false},
		{"bypass mode", []string{"--permission-mode", "bypassPermissions"}, nil, root, false},
		{"other mode", []string{"--permission-mode", "acceptEdits"}, nil, false, false},
		{"extra env", nil, []string{"FOO=bar", "DISABLE_TELEMETRY=0"}, false, false},
		{"network allowed", nil, nil, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ctx := ctxFor(t)
			work := t.TempDir()
			s := startFake(t, claude.SessionConfig{BaseURL: "http://127.0.0.1:1234", Args: tc.args, Env: tc.env, WorkDir: work, Isolation: &claude.Isolation{LookupEnv: lookup, AllowNetwork: tc.network}})
			if err := s.CloseInput(); err != nil {
				t.Fatal(err)
			}
			if err := s.Wait(ctx); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(filepath.Join(work, "env.txt"))
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for line := range strings.Lines(string(data)) {
				k, v, _ := strings.Cut(strings.TrimSuffix(line, "\n"), "=")
				got[k] = v
			}
			want := map[string]string{
				"HOME":                s.HomeDir(),
				"CLAUDE_CONFIG_DIR":   s.ConfigDir(),
				"ANTHROPIC_BASE_URL":  "http://127.0.0.1:1234",
				"ANTHROPIC_API_KEY":   claude.DummyAPIKey,
				"LANG":                "C.UTF-8",
				"DISABLE_AUTOUPDATER": "1",
				"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
				"DISABLE_ERROR_REPORTING":                  "1",
				"DISABLE_TELEMETRY":                        "1",
			}
			for _, kv := range tc.env {
				k, v, _ := strings.Cut(kv, "=")
				want[k] = v
			}
			for k, v := range want {
				if got[k] != v {
					t.Errorf("%s = %q, want %q", k, got[k], v)
				}
			}
			if proxy, ok := got["HTTPS_PROXY"]; ok == tc.network || (ok && !strings.HasPrefix(proxy, "http://127.0.0.1:")) {
				t.Errorf("HTTPS_PROXY = %q (set %v), want a dead loopback proxy unless the network is allowed", proxy, ok)
			}
			if _, ok := got["IS_SANDBOX"]; ok != tc.sandbox {
				t.Errorf("IS_SANDBOX set = %v, want %v", ok, tc.sandbox)
			}
			if !strings.HasPrefix(got["TMPDIR"], filepath.Dir(s.HomeDir())) {
				t.Errorf("TMPDIR = %q, not the session's", got["TMPDIR"])
			}
			if s.WorkDir() != work {
				t.Errorf("WorkDir = %q, want %q", s.WorkDir(), work)
			}
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(filepath.Join(work, "env.txt")); err != nil {
				t.Errorf("the caller's working directory was touched: %v", err)
			}
		})
	}
}

func TestFakeSessionSendRaw(t *testing.T) {
	t.Parallel()
	ctx := ctxFor(t)
	s := startFake(t, claude.SessionConfig{})
	if err := s.SendRaw(ctx, []byte("one\ntwo\n")); err != nil {
		t.Fatal(err)
	}
	msgs, err := s.ReadUntil(ctx, func(m protocol.Message) bool {
		r, ok := m.(*protocol.ResultMessage)
		return ok && r.Result == "turn 2"
	})
	if err != nil || len(msgs) != 2 {
		t.Fatalf("ReadUntil = %d messages, %v", len(msgs), err)
	}
	var in []string
	for _, l := range s.Transcript() {
		if l.Direction == claude.Stdin {
			in = append(in, string(l.Line))
		}
	}
	if strings.Join(in, "|") != "one|two" {
		t.Errorf("stdin transcript %q", in)
	}
}

func TestStartRefusals(t *testing.T) {
	t.Parallel()
	fake := fakeBinary(t)
	canceled, cancel := context.WithCancel(t.Context())
	cancel()
	for _, tc := range []struct {
		name string
		ctx  context.Context
		bin  cliinstall.Binary
		cfg  claude.SessionConfig
		want string
	}{
		{"isolated without base URL", t.Context(), fake, claude.SessionConfig{Isolation: &claude.Isolation{}}, "SessionConfig.Isolation needs SessionConfig.BaseURL"},
		{"no binary", t.Context(), cliinstall.Binary{}, claude.SessionConfig{BaseURL: "http://x", Isolation: &claude.Isolation{}}, "no CLI binary"},
		{"missing binary", t.Context(), cliinstall.Binary{Path: "/nonexistent/claude"}, claude.SessionConfig{BaseURL: "http://x", Isolation: &claude.Isolation{}}, "no such file"},
		{"canceled", canceled, fake, claude.SessionConfig{BaseURL: "http://x", Isolation: &claude.Isolation{}}, "context canceled"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := claude.Start(tc.ctx, tc.bin, tc.cfg)
			if err == nil {
				s.Close()
				t.Fatal("Start succeeded")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Start = %v, want %q", err, tc.want)
			}
		})
	}
}

// TestUserEnvironment checks the environment of a session that is not
// isolated: the caller's, login and proxies kept, less CLAUDECODE, with the
// entry-point marker, in the caller's folder; Env has the last word. It
// sets the process environment, so it does not run in parallel.
func TestUserEnvironment(t *testing.T) {
	work := t.TempDir()
	t.Chdir(work)
	home := t.TempDir()
	for k, v := range map[string]string{
		"HOME":                    home,
		"CLAUDECODE":              "1",
		"CLAUDE_CODE_OAUTH_TOKEN": "sk-ant-oat01-user",
		"HTTPS_PROXY":             "http://corporate:3128",
		"CLAUDE_CODE_USE_BEDROCK": "1",
		"CLAUDE_CODE_ENTRYPOINT":  "cli", // as inside a Claude Code tool
	} {
		t.Setenv(k, v)
	}
	for _, k := range []string{"CLAUDE_CONFIG_DIR", "ANTHROPIC_BASE_URL", "ANTHROPIC_API_KEY", "FOO"} {
		t.Setenv(k, "")
		os.Unsetenv(k)
	}
	for _, tc := range []struct {
		name string
		cfg  claude.SessionConfig
		want map[string]string // "" for absent
	}{
		{"defaults", claude.SessionConfig{}, map[string]string{
			"HOME": home, "CLAUDECODE": "", "CLAUDE_CODE_OAUTH_TOKEN": "sk-ant-oat01-user",
			"HTTPS_PROXY": "http://corporate:3128", "CLAUDE_CODE_USE_BEDROCK": "1",
			"CLAUDE_CODE_ENTRYPOINT": claude.Entrypoint, "CLAUDE_CONFIG_DIR": "", "ANTHROPIC_BASE_URL": "",
			"ANTHROPIC_API_KEY": "", "DISABLE_TELEMETRY": "",
		}},
		{"base URL, key and env", claude.SessionConfig{BaseURL: "http://gateway:8080", APIKey: "sk-ant-api03-x",
			Env: []string{"CLAUDE_CODE_ENTRYPOINT=my-bot", "HTTPS_PROXY=", "FOO=bar"}, ConfigDir: filepath.Join(work, "cfg")}, map[string]string{
			"ANTHROPIC_BASE_URL": "http://gateway:8080", "ANTHROPIC_API_KEY": "sk-ant-api03-x",
			"CLAUDE_CODE_ENTRYPOINT": "my-bot", "HTTPS_PROXY": "", "FOO": "bar", "CLAUDE_CONFIG_DIR": filepath.Join(work, "cfg"),
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := claude.Start(ctxFor(t), fakeBinary(t), tc.cfg)
			if err != nil {
				t.Fatal(err)
			}
			track(s)
			defer s.Close()
			if err := s.CloseInput(); err != nil {
				t.Fatal(err)
			}
			if err := s.Wait(ctxFor(t)); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(filepath.Join(work, "env.txt"))
			if err != nil {
				t.Fatalf("the CLI did not run in the caller's folder: %v", err)
			}
			got := map[string]string{}
			for line := range strings.Lines(string(data)) {
				k, v, _ := strings.Cut(strings.TrimSuffix(line, "\n"), "=")
				got[k] = v
			}
			for k, v := range tc.want {
				if got[k] != v {
					t.Errorf("%s = %q, want %q", k, got[k], v)
				}
			}
			if s.Isolated() || s.WorkDir() != work || s.HomeDir() != home {
				t.Errorf("isolated %v, work %q, home %q; want the caller's %q and %q", s.Isolated(), s.WorkDir(), s.HomeDir(), work, home)
			}
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(work); err != nil {
				t.Errorf("the caller's folder: %v", err)
			}
		})
	}
}

// waitForStdoutLines waits until s has read n lines from the CLI's
// stdout (its transcript shows them), before ctx ends.
func waitForStdoutLines(ctx context.Context, t *testing.T, s *claude.Session, n int) {
	t.Helper()
	count := func() int {
		c := 0
		for _, l := range s.Transcript() {
			if l.Direction == claude.Stdout {
				c++
			}
		}
		return c
	}
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for count() < n {
		select {
		case <-ctx.Done():
			t.Fatalf("the CLI wrote %d lines, want %d: %v", count(), n, ctx.Err())
		case <-tick.C:
		}
	}
}
