package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ccwire/ccwire/stubapi"
)

func writeScript(t *testing.T, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "script.json")
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

const stubScript = `{"turns": [{"text": "Hello from ccwire stub"}]}`

func TestStubUsageErrors(t *testing.T) {
	t.Parallel()
	good := writeScript(t, stubScript)
	bad := writeScript(t, `{"turns": [{"txt": "typo"}]}`)
	for _, tc := range []struct {
		name      string
		args      []string
		code      int
		stderrHas string
	}{
		{"no script", nil, 2, "--script is required"},
		{"extra argument", []string{"--script", good, "more"}, 2, "unexpected arguments"},
		{"bad flag", []string{"--scrpt", good}, 2, "scrpt"},
		{"all interfaces", []string{"--script", good, "--addr", ":0"}, 2, "not loopback"},
		{"remote address", []string{"--script", good, "--addr", "0.0.0.0:0"}, 2, "--allow-remote"},
		{"bad address", []string{"--script", good, "--addr", "nonsense"}, 2, "listen address"},
		{"missing file", []string{"--script", filepath.Join(t.TempDir(), "nope.json")}, 1, "no such file"},
		{"bad script", []string{"--script", bad}, 1, "turns[0].txt: unknown field"},
		{"unwritable log", []string{"--script", good, "--log", filepath.Join(t.TempDir(), "no", "dir", "log")}, 1, "opening the log"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var stdout, stderr bytes.Buffer
			code := run(t.Context(), env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}, append([]string{"stub"}, tc.args...))
			if code != tc.code {
				t.Errorf("exit code %d, want %d\nstderr: %s", code, tc.code, stderr.String())
			}
			if !strings.Contains(stderr.String(), tc.stderrHas) {
				t.Errorf("stderr = %q, want it to mention %q", stderr.String(), tc.stderrHas)
			}
		})
	}
}

// stubRun is an in-process "ccwire stub" run.
type stubRun struct {
	cancel context.CancelFunc
	lines  chan string
	done   chan int
	stderr *syncBuffer
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func startStub(t *testing.T, stdin string, args ...string) (*stubRun, string) {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	pr, pw := io.Pipe()
	r := &stubRun{cancel: cancel, lines: make(chan string, 100), done: make(chan int, 1), stderr: &syncBuffer{}}
	go func() {
		sc := bufio.NewScanner(pr)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			r.lines <- sc.Text()
		}
		close(r.lines)
	}()
	go func() {
		code := run(ctx, env{stdin: strings.NewReader(stdin), stdout: pw, stderr: r.stderr}, append([]string{"stub"}, args...))
		pw.Close()
		r.done <- code
	}()
	t.Cleanup(cancel)
	select {
	case url := <-r.lines:
		if !strings.HasPrefix(url, "http://127.0.0.1:") {
			t.Fatalf("first stdout line = %q, want the URL", url)
		}
		return r, url
	case code := <-r.done:
		t.Fatalf("ccwire stub exited with %d before printing the URL\nstderr: %s", code, r.stderr.String())
	case <-time.After(10 * time.Second):
		t.Fatal("ccwire stub printed no URL")
	}
	return nil, ""
}

// stop interrupts the run and returns its exit code and remaining stdout.
func (r *stubRun) stop(t *testing.T) (int, []string) {
	t.Helper()
	r.cancel()
	var code int
	select {
	case code = <-r.done:
	case <-time.After(10 * time.Second):
		t.Fatal("ccwire stub did not stop")
	}
	var rest []string
	for l := range r.lines {
		rest = append(rest, l)
	}
	return code, rest
}

func stubPost(t *testing.T, url, body string) string {
	t.Helper()
	resp, err := http.Post(url+"/v1/messages", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return string(data)
}

const mainBody = `{"model":"claude-sonnet-4-5-20250929","max_tokens":100,"tools":[{"name":"Bash","input_schema":{}}],"messages":[{"role":"user","content":"hi"}]}`

func TestStubServesAndLogsToFile(t *testing.T) {
	t.Parallel()
	logPath := filepath.Join(t.TempDir(), "requests.jsonl")
	r, url := startStub(t, "", "--script", writeScript(t, stubScript), "--log", logPath)
	if got := stubPost(t, url, mainBody); !strings.Contains(got, "Hello from ccwire stub") {
		t.Fatalf("main-loop answer = %s", got)
	}
	code, rest := r.stop(t)
	if code != 0 || len(rest) != 0 {
		t.Errorf("exit %d, stdout after the URL %q; want 0 and nothing\nstderr: %s", code, rest, r.stderr.String())
	}
	if !strings.Contains(r.stderr.String(), "1 of 1 turns consumed; 0 overruns") {
		t.Errorf("summary: %s", r.stderr.String())
	}
	if st, err := os.Stat(logPath); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("the request log's mode is %v (%v), want -rw------- (it holds the requests' bodies)", st.Mode().Perm(), err)
	}
	data, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 1 {
		t.Fatalf("log has %d lines, want 1:\n%s", len(lines), data)
	}
	var rec stubapi.Request
	if err := json.Unmarshal([]byte(lines[0]), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Route != stubapi.RouteMain || rec.Outcome != stubapi.OutcomeServed || rec.Turn != 0 {
		t.Errorf("logged request = %+v", rec)
	}
}

func TestStubLogsToStdoutAndReportsOverrun(t *testing.T) {
	t.Parallel()
	r, url := startStub(t, stubScript, "--script", "-", "--log", "-", "--addr", "localhost:0")
	stubPost(t, url, mainBody)
	if got := stubPost(t, url, mainBody); !strings.Contains(got, "script overrun") {
		t.Errorf("second main-loop request got %s, want an overrun error", got)
	}
	code, rest := r.stop(t)
	if code != 1 {
		t.Errorf("exit code %d, want 1 after an overrun\nstderr: %s", code, r.stderr.String())
	}
	if len(rest) != 2 {
		t.Fatalf("stdout after the URL has %d lines, want 2 request records: %q", len(rest), rest)
	}
	var outcomes []stubapi.Outcome
	for _, l := range rest {
		var rec stubapi.Request
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatalf("log line %q: %v", l, err)
		}
		outcomes = append(outcomes, rec.Outcome)
	}
	if outcomes[0] != stubapi.OutcomeServed || outcomes[1] != stubapi.OutcomeOverrun {
		t.Errorf("outcomes = %v", outcomes)
	}
}

// TestStubScriptDocs checks that ccwire stub -h summarizes the script
// format and names its pages, that the pages exist in both languages, and
// that every script they show is valid.
func TestStubScriptDocs(t *testing.T) {
	t.Parallel()
	var stdout, stderr bytes.Buffer
	if code := run(t.Context(), env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}, []string{"stub", "-h"}); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{`{"turns": [TURN, ...]}`, `"tool_use"`, `"fault"`, "docs/stub-script.md", "docs/stub-script.ja.md", "--all-scripted", "-all-scripted\n"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("ccwire stub -h lacks %q", want)
		}
	}
	for _, k := range stubapi.FaultKinds() {
		if !strings.Contains(stdout.String(), "\n  "+string(k.Kind)+" ") {
			t.Errorf("ccwire stub -h does not list fault kind %s", k.Kind)
		}
	}
	for _, page := range []string{"stub-script.md", "stub-script.ja.md"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "docs", page))
		if err != nil {
			t.Fatal(err)
		}
		blocks := 0
		for _, part := range strings.Split(string(data), "```json\n")[1:] {
			block, _, _ := strings.Cut(part, "```")
			blocks++
			if _, err := stubapi.ParseScript([]byte(block)); err != nil {
				t.Errorf("%s: script %d: %v\n%s", page, blocks, err, block)
			}
		}
		if blocks < 3 {
			t.Errorf("%s shows %d scripts, want at least 3", page, blocks)
		}
		for _, want := range []string{"--all-scripted", "stubapi.AllScripted"} {
			if !strings.Contains(string(data), want) {
				t.Errorf("%s does not mention %s", page, want)
			}
		}
	}
}

// TestStubAllowRemote checks that ccwire stub --allow-remote on every
// interface prints a URL a client can use as its first line (it used to
// print http://0.0.0.0:PORT or http://[::]:PORT) and warns on stderr that
// it serves beyond this machine.
func TestStubAllowRemote(t *testing.T) {
	t.Parallel()
	r, url := startStub(t, "", "--script", writeScript(t, stubScript), "--allow-remote", "--addr", "0.0.0.0:0")
	if got := stubPost(t, url, mainBody); !strings.Contains(got, "Hello from ccwire stub") {
		t.Fatalf("main-loop answer = %s", got)
	}
	if code, _ := r.stop(t); code != 0 {
		t.Errorf("exit %d\nstderr: %s", code, r.stderr.String())
	}
	stderr := r.stderr.String()
	if !strings.Contains(stderr, "ccwire stub: warning: listening on 0.0.0.0:0, beyond this machine") ||
		!strings.Contains(stderr, "other machines") {
		t.Errorf("stderr lacks the warning and the URLs for other machines:\n%s", stderr)
	}
}

func TestWarnRemote(t *testing.T) {
	t.Parallel()
	ipNet := func(s string) net.Addr {
		ip, n, err := net.ParseCIDR(s)
		if err != nil {
			t.Fatal(err)
		}
		n.IP = ip
		return n
	}
	machine := func() ([]net.Addr, error) {
		return []net.Addr{ipNet("127.0.0.1/8"), ipNet("192.168.1.5/24"), ipNet("::1/128"), ipNet("fe80::1/64"), ipNet("2001:db8::5/64")}, nil
	}
	loopbackOnly := func() ([]net.Addr, error) { return []net.Addr{ipNet("127.0.0.1/8"), ipNet("::1/128")}, nil }
	broken := func() ([]net.Addr, error) { return nil, errors.New("no netlink") }
	tests := []struct {
		name, addr, url string
		addrs           func() ([]net.Addr, error)
		want            string
	}{
		{"every interface", ":4000", "http://127.0.0.1:4000", machine, "other machines reach it at http://192.168.1.5:4000, http://[2001:db8::5]:4000 ("},
		{"every IPv4 interface", "0.0.0.0:4000", "http://127.0.0.1:4000", machine, "other machines reach it at http://192.168.1.5:4000, http://[2001:db8::5]:4000 ("},
		{"one address", "192.168.1.5:4000", "http://192.168.1.5:4000", machine, "other machines reach it at http://192.168.1.5:4000\n"},
		{"no address", ":4000", "http://127.0.0.1:4000", loopbackOnly, "other machines cannot reach it; http://127.0.0.1:4000 works from this machine"},
		{"no list", "[::]:4000", "http://127.0.0.1:4000", broken, "listing this machine's addresses: no netlink; other machines reach it at http://ADDRESS:4000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var b strings.Builder
			warnRemote(&b, tt.addr, tt.url, tt.addrs)
			if !strings.HasPrefix(b.String(), "ccwire stub: warning: listening on "+tt.addr+", beyond this machine") || !strings.Contains(b.String(), tt.want) {
				t.Errorf("got\n%s\nwant the warning and %q", b.String(), tt.want)
			}
		})
	}
}

// TestStubAllScripted checks that ccwire stub --all-scripted answers a
// request to a Haiku model without tools, as a program on an Anthropic SDK
// sends, from the script; without it the request is taken for one of the
// CLI's helper requests and answered "OK".
func TestStubAllScripted(t *testing.T) {
	t.Parallel()
	haiku := `{"model":"claude-haiku-4-5","max_tokens":100,"messages":[{"role":"user","content":"hi"}]}`
	for _, tc := range []struct {
		name   string
		flags  []string
		answer string
	}{
		{"default", nil, `"text":"OK"`},
		{"all scripted", []string{"--all-scripted"}, "Hello from ccwire stub"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r, url := startStub(t, "", append([]string{"--script", writeScript(t, stubScript)}, tc.flags...)...)
			if got := stubPost(t, url, haiku); !strings.Contains(got, tc.answer) {
				t.Errorf("a Haiku request without tools got %s, want %s", got, tc.answer)
			}
			if code, _ := r.stop(t); code != 0 {
				t.Errorf("exit %d\nstderr: %s", code, r.stderr.String())
			}
		})
	}
}
