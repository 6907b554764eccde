package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/fakecli"
	"github.com/ccwire/ccwire/webui"
)

func TestWebUsageErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		args []string
		says string
	}{
		{"argument", []string{"now"}, `unexpected arguments ["now"]`},
		{"all interfaces", []string{"-addr", ":0"}, "not loopback"},
		{"remote address", []string{"-addr", "0.0.0.0:8080"}, "not loopback"},
		{"bad address", []string{"-addr", "nonsense"}, "listen address"},
		{"missing folder", []string{"-cwd", filepath.Join(t.TempDir(), "nope")}, "is not a folder"},
		{"bad permission mode", []string{"-permission-mode", "bogus"}, "-permission-mode bogus: not a mode of Claude Code; one of default, acceptEdits, plan"},
		{"missing claude", []string{"-claude", "/nope"}, "-claude /nope: no such file"},
		{"claude a folder", []string{"-claude", t.TempDir()}, "is a folder"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var stdout, stderr bytes.Buffer
			code := run(t.Context(), env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}, append([]string{"web"}, tc.args...))
			if code != 2 || stdout.Len() != 0 || !strings.Contains(stderr.String(), tc.says) || !strings.Contains(stderr.String(), "Usage: ccwire web") {
				t.Errorf("exit %d, stdout %q, stderr %q; want 2 and %q with the usage", code, stdout.String(), stderr.String(), tc.says)
			}
			if m := regexp.MustCompile(`With[A-Z]\w+|Options\.\w+|webui:|cliinstall:`).FindString(stderr.String()); m != "" {
				t.Errorf("stderr names the Go API (%s): %s", m, stderr.String())
			}
		})
	}
}

func TestWebOptions(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tc := range []struct {
		name   string
		f      webFlags
		binary bool // InstallOptions name a binary
	}{
		{"claude on PATH", webFlags{cwd: dir, model: "opus", mode: "plan"}, false},
		{"explicit binary", webFlags{cwd: dir, claude: "/opt/claude"}, true},
		{"pinned version", webFlags{cwd: dir, version: "2.1.37"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			opts, err := webOptions(tc.f)
			if err != nil {
				t.Fatal(err)
			}
			if opts.WorkDir != dir || opts.Model != tc.f.model || string(opts.PermissionMode) != tc.f.mode || opts.Version != tc.f.version {
				t.Errorf("options %+v do not follow the flags %+v", opts, tc.f)
			}
			if (len(opts.InstallOptions) > 0) != tc.binary {
				t.Errorf("%d install options, want a binary: %v", len(opts.InstallOptions), tc.binary)
			}
			if opts.Isolation != nil || opts.BaseURL != "" || opts.APIKey != "" || opts.ConfigDir != "" {
				t.Errorf("options %+v do not leave the user's environment, login and settings alone", opts)
			}
		})
	}
}

// TestWebServes runs ccwire web on a fake claude (a `ccwire fake-cli
// install` script playing text-simple): it prints the URL, the page
// answers, a prompt's turn reaches the event stream, and Ctrl-C ends it
// with status 0.
func TestWebServes(t *testing.T) {
	t.Parallel()
	recs, err := filepath.Abs(filepath.Join("..", "..", "recordings"))
	if err != nil {
		t.Fatal(err)
	}
	script, err := fakecli.Install(t.TempDir(), map[string]string{runAsCCWire: "1",
		fakecli.EnvScenario: "text-simple", fakecli.EnvCLIVersion: "2.1.332", fakecli.EnvRecordings: recs})
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(t.Context())
	defer stop()
	pr, pw := io.Pipe()
	var stderr syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, env{stdin: strings.NewReader(""), stdout: pw, stderr: &stderr}, []string{"web", "-claude", script, "-cwd", t.TempDir()})
		pw.Close()
	}()
	lines := bufio.NewScanner(pr)
	if !lines.Scan() {
		t.Fatalf("no URL on stdout; stderr:\n%s", stderr.String())
	}
	go io.Copy(io.Discard, pr)
	page := lines.Text()
	u, err := url.Parse(page)
	if err != nil || u.Query().Get("token") == "" || !strings.HasPrefix(page, "http://127.0.0.1:") {
		t.Fatalf("first stdout line %q: want the page's URL with its token", page)
	}
	resp, err := http.Get(page)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET the page: %s", resp.Status)
	}
	origin := "http://" + u.Host
	req, _ := http.NewRequestWithContext(ctx, "POST", origin+"/api/prompt", strings.NewReader(`{"text":"Say hello."}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(webui.TokenHeader, u.Query().Get("token"))
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusAccepted {
		t.Fatalf("POST /api/prompt: %v %v", err, resp)
	}
	events, err := http.Get(origin + "/events?token=" + url.QueryEscape(u.Query().Get("token")))
	if err != nil {
		t.Fatal(err)
	}
	defer events.Body.Close()
	sc := bufio.NewScanner(events.Body)
	var answered bool
	for sc.Scan() && !strings.Contains(sc.Text(), `"kind":"result"`) {
		answered = answered || strings.Contains(sc.Text(), `"text":"Hello!"`)
	}
	if !answered {
		t.Errorf("the event stream has no answer Hello! before the result; stderr:\n%s", stderr.String())
	}
	stop()
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("exit %d after Ctrl-C, want 0; stderr:\n%s", code, stderr.String())
		}
	case <-time.After(time.Minute):
		t.Fatal("ccwire web did not stop after Ctrl-C")
	}
}

// TestWebNoClaudeOnPath: without -claude and with no claude on PATH,
// the error names the flags to use, not the Go API's fields.
func TestWebNoClaudeOnPath(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	var stdout, stderr bytes.Buffer
	code := run(t.Context(), env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}, []string{"web", "-cwd", t.TempDir()})
	if code != 1 || !strings.Contains(stderr.String(), "no claude on PATH") || !strings.Contains(stderr.String(), "-claude PATH") || strings.Contains(stderr.String(), "Options.") {
		t.Errorf("exit %d, stderr %q; want 1 and the flags to use", code, stderr.String())
	}
}

// TestWebStartFails: a claude that is not one is reported with status 1.
func TestWebStartFails(t *testing.T) {
	t.Parallel()
	var stdout, stderr bytes.Buffer
	bin := filepath.Join(t.TempDir(), "claude")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\nexit 3\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	code := run(t.Context(), env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}, []string{"web", "-claude", bin})
	if code != 1 || stdout.Len() != 0 || !strings.Contains(stderr.String(), "ccwire web: webui: start the session") {
		t.Errorf("exit %d, stdout %q, stderr %q; want 1 and the reason", code, stdout.String(), stderr.String())
	}
}
