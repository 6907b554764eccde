package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/ccwire/ccwire/internal/mcpecho"
	"github.com/ccwire/ccwire/stubapi"
)

// runAsCCWire is the environment variable that makes the test binary act
// as the ccwire command (see TestMain), so that tests run it as a process
// without building it: a go build of the command, without the test's
// -race and in a fresh clone's empty cache, compiled the module and its
// dependencies again.
const runAsCCWire = "CCWIRE_TEST_RUN_AS_CCWIRE"

func TestMain(m *testing.M) {
	mcpecho.RunIfAsked() // spec, run in-process, starts the test MCP server from this binary
	if os.Getenv(runAsCCWire) == "1" {
		main()
	}
	code := m.Run()
	if built.path != "" {
		os.RemoveAll(filepath.Dir(built.path))
	}
	os.Exit(code)
}

// ccwireCommand returns a command that runs ccwire with args as a
// process: this test binary, which TestMain makes act as the command.
func ccwireCommand(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), runAsCCWire+"=1")
	return cmd
}

// built is the ccwire command built for the tests that run it as a
// process.
var built struct {
	once sync.Once
	path string
	err  error
}

// ccwireBinary builds the ccwire command once for the tests that run it as
// a process, as a release build does: with the commit it is built from
// recorded (-buildvcs=true, whatever GOFLAGS says; go records none in a
// git worktree or outside a clone).
func ccwireBinary(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "ccwire-test-bin-")
		if err != nil {
			built.err = err
			return
		}
		built.path = filepath.Join(dir, "ccwire")
		out, err := exec.Command("go", "build", "-buildvcs=true", "-o", built.path, ".").CombinedOutput()
		if err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.path
}

// signalScript answers one main-loop request, then streams an answer that
// stalls after message_start until its client goes away.
const signalScript = `{"turns": [{"text": "Hello."}, {"text": "Never finished.", "fault": {"kind": "stall", "at": "start"}}]}`

// TestStubStopsOnFirstSIGINT starts the built "ccwire stub" many times, as
// a harness would that reads the URL line and no more of stdout: it logs
// the requests to that stdout (more than a pipe holds), leaves a streaming
// answer open, sends one SIGINT and checks that the process exits
// promptly every time. ccwire stub used to block answering on the log,
// and its shutdown waited for those answers forever.
func TestStubStopsOnFirstSIGINT(t *testing.T) {
	if testing.Short() {
		t.Skip("runs ccwire 20 times")
	}
	if runtime.GOOS == "windows" {
		t.Skip("os.Process.Signal cannot send SIGINT on Windows (a console Ctrl-C reaches ccwire as os.Interrupt)")
	}
	t.Parallel()
	script := writeScript(t, signalScript)
	// Each run waits a second for its log (nobody reads it) before it
	// exits: a few run at once.
	const runs, atOnce = 20, 4
	var (
		mu      sync.Mutex
		slowest time.Duration
		wg      sync.WaitGroup
		slots   = make(chan struct{}, atOnce)
	)
	for i := range runs {
		cmd := ccwireCommand(t, "stub", "--script", script, "--log", "-")
		wg.Go(func() {
			slots <- struct{}{}
			defer func() { <-slots }()
			took, err := stubSIGINT(t.Context(), cmd)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				t.Errorf("run %d of %d: %v", i+1, runs, err)
				return
			}
			slowest = max(slowest, took)
		})
	}
	wg.Wait()
	t.Logf("%d runs; the slowest exited %v after its SIGINT", runs, slowest.Round(time.Millisecond))
}

// stubSIGINT runs cmd, ccwire stub --log -, once as described above and
// returns how long it took to exit after the SIGINT.
func stubSIGINT(ctx context.Context, cmd *exec.Cmd) (time.Duration, error) {
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return 0, err
	}
	var stderr syncBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	exited := make(chan struct{})
	var waitErr error
	go func() {
		waitErr = cmd.Wait()
		close(exited)
	}()
	defer func() {
		select {
		case <-exited:
		default:
			_ = cmd.Process.Kill()
			<-exited
		}
	}()
	url, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		return 0, fmt.Errorf("no URL line: %v (stderr: %s)", err, stderr.String())
	}
	url = strings.TrimSpace(url)
	client := &http.Client{Timeout: 10 * time.Second}

	// Requests whose records fill the stdout pipe nobody reads.
	main := strings.Replace(mainBody, `"content":"hi"`, `"content":"`+strings.Repeat("x", 40<<10)+`"`, 1)
	side := strings.Replace(main, `"claude-sonnet-4-5-20250929"`, `"claude-haiku-4-5"`, 1)
	side = strings.Replace(side, `"tools":[{"name":"Bash","input_schema":{}}],`, "", 1)
	for i, body := range []string{main, side, side} {
		resp, err := client.Post(url+"/v1/messages", "application/json", strings.NewReader(body))
		if err != nil {
			return 0, fmt.Errorf("request %d: %w", i+1, err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}

	// A streaming request that stays open: its answer stalls after
	// message_start.
	reqCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	body := strings.Replace(mainBody, `"max_tokens":100`, `"max_tokens":100,"stream":true`, 1)
	req, err := http.NewRequestWithContext(reqCtx, "POST", url+"/v1/messages", strings.NewReader(body))
	if err != nil {
		return 0, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, fmt.Errorf("streaming request: %w", err)
	}
	defer resp.Body.Close()
	go func() { _, _ = io.Copy(io.Discard, resp.Body) }()

	sent := time.Now()
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		return 0, err
	}
	select {
	case <-exited:
		took := time.Since(sent)
		var ee *exec.ExitError
		if waitErr != nil && !errors.As(waitErr, &ee) {
			return took, waitErr
		}
		// The records stdout could not take are lost: exit status 1
		// says so.
		if code := cmd.ProcessState.ExitCode(); code != 0 && (code != 1 || !strings.Contains(stderr.String(), "not written")) {
			return took, fmt.Errorf("exit status %d after SIGINT (stderr: %s)", code, stderr.String())
		}
		if !strings.Contains(stderr.String(), "4 requests, 2 main-loop") {
			return took, fmt.Errorf("no summary on stderr: %s", stderr.String())
		}
		return took, nil
	case <-time.After(10 * time.Second):
		return 0, fmt.Errorf("still running 10 s after one SIGINT (stderr: %s)", stderr.String())
	}
}

// TestRequestLogNeverBlocks checks that records queue up while the log's
// writer is stuck, and that close gives up after its timeout and says how
// many records were lost.
func TestRequestLogNeverBlocks(t *testing.T) {
	t.Parallel()
	pr, pw := io.Pipe() // never read: every write blocks
	defer pr.Close()
	l := newRequestLog(pw)
	start := time.Now()
	for i := range 100 {
		l.write(stubapi.Request{Seq: i + 1})
	}
	if took := time.Since(start); took > time.Second {
		t.Errorf("100 writes took %v with a stuck writer", took)
	}
	err := l.close(100 * time.Millisecond)
	if err == nil || !strings.Contains(err.Error(), "100 of 100 request records not written") {
		t.Errorf("close = %v, want it to report 100 records lost", err)
	}

	var out strings.Builder
	l = newRequestLog(&out)
	for i := range 3 {
		l.write(stubapi.Request{Seq: i + 1})
	}
	if err := l.close(10 * time.Second); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Count(out.String(), "\n"); lines != 3 || !strings.HasPrefix(out.String(), `{"seq":1,`) {
		t.Errorf("log = %q, want 3 records in order", out.String())
	}
}

// TestRenderFollowFlushesOnSignal follows a CLI's stdout with the built
// command and an interval of an hour, so that what comes after the first
// update waits; on SIGINT or SIGTERM the command prints what waited and
// the summary before it exits (status 1, "interrupted"). It used to exit
// with neither.
func TestRenderFollowFlushesOnSignal(t *testing.T) {
	t.Parallel()
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			t.Parallel()
			cmd := ccwireCommand(t, "render", "-follow", "-interval", "1h", "-")
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			var stderr syncBuffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			var out syncBuffer
			lines := make(chan string, 100)
			readDone := make(chan struct{})
			go func() {
				defer close(readDone)
				sc := bufio.NewScanner(stdout)
				for sc.Scan() {
					out.Write([]byte(sc.Text() + "\n"))
					select {
					case lines <- sc.Text():
					default:
					}
				}
			}()

			write := func(s string) {
				t.Helper()
				if _, err := io.WriteString(stdin, s); err != nil {
					t.Fatal(err)
				}
			}
			write(`{"type":"system","subtype":"init","session_id":"s","model":"m","tools":["Bash"]}` + "\n")
			// The first update goes out at once.
			for seen := false; !seen; {
				select {
				case l := <-lines:
					seen = strings.HasPrefix(l, "_Session `s`")
				case <-time.After(10 * time.Second):
					t.Fatalf("no first update; stdout %q, stderr %q", out.String(), stderr.String())
				}
			}
			// These wait for the interval.
			write(`{"type":"assistant","message":{"id":"a1","role":"assistant","content":[{"type":"text","text":"First step."}]},"session_id":"s"}` + "\n" +
				`{"type":"assistant","message":{"id":"a1","role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"make test"}}]},"session_id":"s"}` + "\n" +
				`{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"ok"}]},"session_id":"s"}` + "\n")
			// A line the CLI is still writing, longer than a pipe holds:
			// once it is written, the command has read the lines before.
			write(`{"type":"assistant","message":{"content":[{"type":"text","text":"` + strings.Repeat("x", 1<<20))

			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			exited := make(chan error, 1)
			go func() {
				<-readDone
				exited <- cmd.Wait()
			}()
			select {
			case err = <-exited:
			case <-time.After(10 * time.Second):
				t.Fatalf("still running 10 s after %v; stdout %q", sig, out.String())
			}
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 1 || !strings.Contains(stderr.String(), "ccwire render: <stdin>: interrupted") {
				t.Errorf("exit %v, stderr %q; want status 1 and interrupted", err, stderr.String())
			}
			got := out.String()
			_, after, _ := strings.Cut(got, "<!-- ccwire: comment 2 -->\n")
			for _, want := range []string{"First step.", "🔧 **Bash** `make test`", "↳ Bash result:", "## Summary", "- Tool calls: 1 — Bash 1"} {
				if !strings.Contains(after, want) {
					t.Errorf("the update after %v lacks %q; stdout:\n%s", sig, want, got)
				}
			}
		})
	}
}
