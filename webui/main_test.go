package webui_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/fakecli"
	"github.com/ccwire/ccwire/webui"
)

// asCLIEnv makes the test binary act as a fake Claude Code CLI (package
// fakecli) when set in its environment.
const asCLIEnv = "CCWIRE_WEBUI_TEST_AS_CLI"

func TestMain(m *testing.M) {
	if os.Getenv(asCLIEnv) != "" {
		os.Exit(fakecli.Main(context.Background(), os.Args[1:], fakecli.Stdio{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}, fakecli.Config{}))
	}
	os.Exit(m.Run())
}

// The pinned CLI versions, whose recordings the fake plays.
var versions = []string{"2.1.37", "2.1.332"}

// fakeOptions are the session options of the tests: the test binary as a
// fake CLI playing scenario of version from the module's recordings.
func fakeOptions(t testing.TB, version, scenario string) claude.Options {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	recs, err := filepath.Abs(filepath.Join("..", "recordings"))
	if err != nil {
		t.Fatal(err)
	}
	return claude.Options{
		Binary:    cliinstall.Binary{Version: version, Path: exe},
		BaseURL:   "http://127.0.0.1:9", // never called: the fake has no API
		Isolation: &claude.Isolation{},
		Env: []string{asCLIEnv + "=1", fakecli.EnvScenario + "=" + scenario,
			fakecli.EnvCLIVersion + "=" + version, fakecli.EnvRecordings + "=" + recs},
		CloseTimeout:   5 * time.Second,
		ControlTimeout: 10 * time.Second,
	}
}

// startServer starts a server playing scenario of version, listening on
// loopback, closed when the test ends.
func startServer(t testing.TB, version, scenario string) *webui.Server {
	t.Helper()
	return startWith(t, fakeOptions(t, version, scenario), webui.Limits{})
}

// startWith starts a server for a session of opts with limits lim,
// listening on loopback, closed when the test ends.
func startWith(t testing.TB, opts claude.Options, lim webui.Limits) *webui.Server {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute) // a loaded machine starts the real CLI slowly
	defer cancel()
	s, err := webui.New(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	s.Limits = lim
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	if err := s.Start("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	return s
}

// base returns the server's origin, http://127.0.0.1:PORT.
func base(t testing.TB, s *webui.Server) string {
	t.Helper()
	u, err := url.Parse(s.URL)
	if err != nil {
		t.Fatal(err)
	}
	return "http://" + u.Host
}

// event is a page event as the tests read it.
type event struct {
	Seq        int64  `json:"-"`
	Kind       string `json:"kind"`
	ID         string `json:"id"`
	Name       string `json:"name"`
	Text       string `json:"text"`
	Summary    string `json:"summary"`
	Input      string `json:"input"`
	IsError    bool   `json:"is_error"`
	Running    bool   `json:"running"`
	Permission *struct {
		Tool  string `json:"tool"`
		Input string `json:"input"`
	} `json:"permission"`
	Result *struct {
		Subtype     string   `json:"subtype"`
		IsError     bool     `json:"is_error"`
		Interrupted bool     `json:"interrupted"`
		Denials     int      `json:"denials"`
		Errors      []string `json:"errors"`
		CostUSD     float64  `json:"cost_usd"`
		TurnCostUSD float64  `json:"turn_cost_usd"`
		Tokens      struct {
			Input, Output int64
		} `json:"tokens"`
	} `json:"result"`
}

// stream reads a server's event stream.
type stream struct {
	events chan event
	resp   *http.Response
}

// subscribe opens the server's event stream after event number last, as
// a page would; it closes when the test ends.
func subscribe(t testing.TB, s *webui.Server, last int64) *stream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, err := http.NewRequestWithContext(ctx, "GET", base(t, s)+"/events?token="+s.Token, nil)
	if err != nil {
		t.Fatal(err)
	}
	if last > 0 {
		req.Header.Set("Last-Event-ID", strconv.FormatInt(last, 10))
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/event-stream" {
		body, _ := io.ReadAll(resp.Body)
		t.Fatalf("GET /events: %s, %s: %s", resp.Status, resp.Header.Get("Content-Type"), body)
	}
	st := &stream{events: make(chan event, 1024), resp: resp}
	go func() {
		defer close(st.events)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<24)
		var seq int64
		var data string
		for sc.Scan() {
			// An event is dispatched at the blank line that ends it, as
			// a browser does: one cut off by the stream's end is not.
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "id: "):
				seq, _ = strconv.ParseInt(line[4:], 10, 64)
			case strings.HasPrefix(line, "data: "):
				data = line[6:]
			case line == "" && data != "":
				var ev event
				if err := json.Unmarshal([]byte(data), &ev); err != nil {
					panic(err)
				}
				ev.Seq, data = seq, ""
				st.events <- ev
			}
		}
	}()
	return st
}

// next returns the next event of kind, failing the test if the stream
// ends or none comes within 30 seconds; seen gets the events passed over.
func (st *stream) next(t testing.TB, kind string, seen *[]event) event {
	t.Helper()
	timeout := time.After(30 * time.Second)
	for {
		select {
		case ev, ok := <-st.events:
			if !ok {
				t.Fatalf("the event stream ended before a %s event", kind)
			}
			if ev.Kind == kind {
				return ev
			}
			if seen != nil {
				*seen = append(*seen, ev)
			}
		case <-timeout:
			t.Fatalf("no %s event within 30 s", kind)
		}
	}
}

// post sends a JSON body to path with the token header and returns the
// status and the body of the answer.
func post(t testing.TB, s *webui.Server, path, body string) (int, string) {
	t.Helper()
	return do(t, s, "POST", path, body, map[string]string{"Content-Type": "application/json", webui.TokenHeader: s.Token})
}

// do sends a request with headers (a "Host" one sets the request's host).
func do(t testing.TB, s *webui.Server, method, path, body string, headers map[string]string) (int, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), method, base(t, s)+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range headers {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(data)
}
