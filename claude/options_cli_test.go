package claude_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/stubapi"
)

// initOf returns the system/init message of a turn's messages.
func initOf(t *testing.T, msgs []protocol.Message) *protocol.SystemInit {
	t.Helper()
	for _, m := range msgs {
		if in, ok := m.(*protocol.SystemInit); ok {
			return in
		}
	}
	t.Fatal("no system/init message")
	return nil
}

// stderrLines collects the lines an Options.Stderr callback gets.
type stderrLines struct {
	mu    sync.Mutex
	lines []string
}

func (s *stderrLines) add(line string) {
	s.mu.Lock()
	s.lines = append(s.lines, line)
	s.mu.Unlock()
}

func (s *stderrLines) all() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.lines)
}

// testPlugin writes a local plugin named ccwire-probe with a command
// (greet) and an agent (checker), and returns its folder.
func testPlugin(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		".claude-plugin/plugin.json": `{"name": "ccwire-probe", "version": "1.0.0", "description": "A plugin of ccwire's tests"}`,
		"commands/greet.md":          "---\ndescription: Greets the user\n---\nSay hello to the user.\n",
		"agents/checker.md":          "---\nname: checker\ndescription: Checks a file for typos\n---\nYou check files for typos.\n",
	}
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// testClientPluginsCLI loads a local plugin with Options.Plugins
// (--plugin-dir): system/init lists it, with its folder, and its command
// and agent join the session's.
func testClientPluginsCLI(t *testing.T, bin cliinstall.Binary) {
	dir := testPlugin(t)
	stub := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("Hello.")))
	opts := cliOptions(t, bin, stub)
	opts.Plugins = []claude.Plugin{{Path: dir}}
	turn, err := claude.Query(ctxFor(t), "Hi.", opts)
	if err != nil {
		t.Fatalf("Query: %v", err)
	}
	init := initOf(t, turn.Messages)
	if !slices.ContainsFunc(init.Plugins, func(p protocol.PluginInfo) bool { return p.Name == "ccwire-probe" && p.Path == dir }) {
		t.Errorf("init plugins %+v lack ccwire-probe at %s", init.Plugins, dir)
	}
	if !slices.Contains(init.SlashCommands, "ccwire-probe:greet") {
		t.Errorf("init slash commands %q lack the plugin's ccwire-probe:greet", init.SlashCommands)
	}
	if !slices.Contains(init.Agents, "ccwire-probe:checker") {
		t.Errorf("init agents %q lack the plugin's ccwire-probe:checker", init.Agents)
	}
}

// testClientBetasStderrCLI turns a beta on with Options.Betas (--betas):
// the API request's anthropic-beta header carries it and system/init lists
// it. The second beta is one the CLI does not know: it drops it and says
// so on stderr, which reaches Options.Stderr.
func testClientBetasStderrCLI(t *testing.T, bin cliinstall.Binary) {
	const beta, unknown = "context-1m-2025-08-07", "ccwire-unknown-2026-01-01"
	stub := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("Hello.")))
	opts := cliOptions(t, bin, stub)
	opts.Betas = []string{beta, unknown}
	var stderr stderrLines
	opts.Stderr = stderr.add
	turn, err := claude.Query(ctxFor(t), "Hi.", opts)
	if err != nil {
		t.Fatalf("Query: %v", err)
	}
	if init := initOf(t, turn.Messages); !slices.Equal(init.Betas, []string{beta}) {
		t.Errorf("init betas %q, want [%s]", init.Betas, beta)
	}
	main := stub.MainRequests()
	if len(main) == 0 {
		t.Fatal("no main-loop request")
	}
	for _, r := range main {
		header := strings.Split(strings.Join(r.Header.Values("Anthropic-Beta"), ","), ",")
		if !slices.Contains(header, beta) || slices.Contains(header, unknown) {
			t.Errorf("request %d: anthropic-beta %q, want %s and not %s", r.Seq, header, beta, unknown)
		}
	}
	lines := stderr.all()
	if !slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, "Beta header '"+unknown+"' is not allowed") }) {
		t.Errorf("stderr lines %q lack the CLI's warning about %s", lines, unknown)
	}
}

// requireSandboxTools skips the test (fails it in CI) unless bubblewrap
// and socat, which the CLI's sandbox needs on Linux, are installed; on
// other systems it skips it.
func requireSandboxTools(t *testing.T) {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("the sandbox test checks the Linux sandbox (bubblewrap)")
	}
	for _, tool := range []string{"bwrap", "socat"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is not installed: the Makefile's sandbox target installs bubblewrap and socat (make test)", tool)
			}
			t.Skipf("%s is not installed: install Debian's bubblewrap and socat (make sandbox) for the sandbox test", tool)
		}
	}
}

// testClientSandboxCLI sets Options.Sandbox with Options.Settings: the
// client merges both into one --settings JSON. The settings' env reaches
// the Bash command, and the sandbox keeps the command from writing outside
// the working directory: the tool result the API gets says so.
func testClientSandboxCLI(t *testing.T, bin cliinstall.Binary) {
	requireSandboxTools(t)
	work, outside := t.TempDir(), t.TempDir()
	escaped := filepath.Join(outside, "escaped.txt")
	stub := stubapi.NewTest(t, stubapi.NewScript(
		stubapi.ToolUse(stubapi.Call("Bash", map[string]any{"command": `echo "setting=$CCWIRE_FROM_SETTINGS"; echo out > ` + escaped})),
		stubapi.Text("Done."),
	))
	opts := cliOptions(t, bin, stub)
	opts.WorkDir = work
	opts.DangerouslySkipPermissions = true
	opts.Settings = `{"env": {"CCWIRE_FROM_SETTINGS": "merged"}}`
	opts.Sandbox = &claude.SandboxSettings{Enabled: new(true), AllowUnsandboxedCommands: new(false)}
	var rec recorder
	opts.Handler = &rec
	if _, err := claude.Query(ctxFor(t), "Write a file outside.", opts); err != nil {
		t.Fatalf("Query: %v", err)
	}
	var result *claude.ToolResultEvent
	for _, ev := range rec.events {
		if r, ok := ev.(*claude.ToolResultEvent); ok {
			result = r
		}
	}
	if result == nil {
		t.Fatal("no tool result")
	}
	t.Logf("Bash result (error %t): %q", result.IsError, result.Text)
	if !strings.Contains(result.Text, "setting=merged") {
		t.Errorf("Bash result %q lacks the settings' env", result.Text)
	}
	if !strings.Contains(result.Text, "Read-only file system") {
		t.Errorf("Bash result %q, want the sandbox's refusal to write outside", result.Text)
	}
	if _, err := os.Stat(escaped); !os.IsNotExist(err) {
		t.Errorf("the sandboxed command wrote %s (%v)", escaped, err)
	}
	if sent := stub.ToolResults(); len(sent) != 1 || !strings.Contains(string(sent[0].Content), "Read-only file system") {
		t.Errorf("the API got the tool results %+v, want the sandbox's refusal", sent)
	}
}

// testClientFileCheckpointingCLI changes a file and creates another with
// the Edit and Write tools, then rewinds to the user message that started
// the turn: with Options.FileCheckpointing the CLI restores the first and
// removes the second; without it, the dry run says it cannot and the
// rewind is refused.
func testClientFileCheckpointingCLI(t *testing.T, bin cliinstall.Binary) {
	for _, checkpointing := range []bool{true, false} {
		name := map[bool]string{true: "on", false: "off"}[checkpointing]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			work := t.TempDir()
			notes, created := filepath.Join(work, "notes.txt"), filepath.Join(work, "new.txt")
			if err := os.WriteFile(notes, []byte("original\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			stub := stubapi.NewTest(t, stubapi.NewScript(
				stubapi.ToolUse(stubapi.Call("Read", map[string]any{"file_path": notes})),
				stubapi.ToolUse(stubapi.Call("Edit", map[string]any{"file_path": notes, "old_string": "original", "new_string": "changed"})),
				stubapi.ToolUse(stubapi.Call("Write", map[string]any{"file_path": created, "content": "new\n"})),
				stubapi.Text("Done."),
			))
			opts := cliOptions(t, bin, stub)
			opts.WorkDir = work
			opts.DangerouslySkipPermissions = true
			opts.FileCheckpointing = checkpointing
			c := connectCLI(t, opts)
			ctx := ctxFor(t)
			msg := protocol.NewUserText("Change the notes.")
			msg.UUID = "3f1e2d3c-4b5a-4697-8a8b-9c0d1e2f3a4b"
			if err := c.SendMessage(ctx, msg); err != nil {
				t.Fatal(err)
			}
			if _, err := c.ReceiveTurn(ctx, nil); err != nil {
				t.Fatalf("ReceiveTurn: %v", err)
			}
			wantFile(t, notes, "changed\n")
			wantFile(t, created, "new\n")

			dry, err := c.RewindFiles(ctx, msg.UUID, true)
			switch {
			case err != nil:
				t.Fatalf("RewindFiles dry run: %v", err)
			case !checkpointing:
				if dry.CanRewind || dry.Error == "" {
					t.Errorf("RewindFiles dry run without checkpointing = %+v, want CanRewind false with a reason", dry)
				}
			case !dry.CanRewind || !slices.Equal(sorted(dry.FilesChanged), []string{created, notes}):
				t.Errorf("RewindFiles dry run = %+v, want %s and %s", dry, created, notes)
			}
			wantFile(t, notes, "changed\n") // a dry run changes nothing

			rw, err := c.RewindFiles(ctx, msg.UUID, false)
			if !checkpointing {
				var ce *claude.ControlError
				if !errors.As(err, &ce) || !strings.Contains(ce.Message, "not enabled") {
					t.Errorf("RewindFiles without checkpointing = %+v, %v; want a ControlError saying it is not enabled", rw, err)
				}
				wantFile(t, notes, "changed\n")
				return
			}
			if err != nil || !rw.CanRewind {
				t.Fatalf("RewindFiles = %+v, %v", rw, err)
			}
			wantFile(t, notes, "original\n")
			if _, err := os.Stat(created); !os.IsNotExist(err) {
				t.Errorf("after the rewind %s is still there (%v)", created, err)
			}
		})
	}
}

// wantFile checks the text of a file.
func wantFile(t *testing.T, path, want string) {
	t.Helper()
	if b, err := os.ReadFile(path); err != nil || string(b) != want {
		t.Errorf("%s holds %q (%v), want %q", filepath.Base(path), b, err, want)
	}
}

// sorted returns a sorted copy of s.
func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// testClientExtraArgsCLI passes two flags the options have no field for
// with Options.ExtraArgs: one with a value (--append-system-prompt, whose
// text reaches the API's system prompt) and a bare one
// (--disable-slash-commands, which leaves system/init without them).
func testClientExtraArgsCLI(t *testing.T, bin cliinstall.Binary) {
	const appended = "ccwire: the extra arguments reached the CLI."
	stub := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("Hello.")))
	opts := cliOptions(t, bin, stub)
	opts.ExtraArgs = []string{"--append-system-prompt", appended, "--disable-slash-commands"}
	turn, err := claude.Query(ctxFor(t), "Hi.", opts)
	if err != nil {
		t.Fatalf("Query: %v", err)
	}
	if !strings.Contains(stub.SystemPrompt(), appended) {
		t.Errorf("the system prompt lacks the appended text")
	}
	init := initOf(t, turn.Messages)
	t.Logf("slash commands: %q", init.SlashCommands)
	if len(init.SlashCommands) != 0 {
		t.Errorf("init slash commands %q, want none", init.SlashCommands)
	}
}
