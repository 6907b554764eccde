package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/ccwire/ccwire/stubapi"
)

// runStub serves a script file as a fake Anthropic Messages API until ctx
// ends (SIGINT or SIGTERM).
//
//	ccwire stub --script FILE [--addr 127.0.0.1:0] [--log FILE|-] [--allow-remote]
//	            [--all-scripted] [--read-timeout D] [--idle-timeout D]
//
// It prints the base URL as its first stdout line (http://127.0.0.1:PORT
// when it listens on every interface; with --allow-remote it warns on
// stderr and lists the URLs other machines can use), logs every request as
// a JSON line (to --log, a file it creates readable by its owner only),
// and exits 0, or 1 if a main-loop request overran
// the script, the script or address is unusable or the request log could
// not be written (its records are written by a goroutine of their own, so
// a log nobody reads holds up neither the answers nor the exit); 2 for
// usage errors.
func runStub(ctx context.Context, e env, args []string) int {
	fs := flag.NewFlagSet("ccwire stub", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	script := fs.String("script", "", "script file to serve (JSON, see below); - reads stdin")
	addr := fs.String("addr", "127.0.0.1:0", "listen address")
	logTo := fs.String("log", "", "write each request as a JSON line to this file; - is stdout (after the URL line)")
	allowRemote := fs.Bool("allow-remote", false, "allow a listen address that is not loopback (warns, and lists the URLs other machines can use)")
	readTimeout := fs.Duration("read-timeout", stubapi.DefaultReadTimeout, "how long a client may take to send a request (0: no bound)")
	allScripted := fs.Bool("all-scripted", false, "answer every POST /v1/messages from the script, whatever it asks (for programs that call the API directly; see above)")
	idleTimeout := fs.Duration("idle-timeout", stubapi.DefaultIdleTimeout, "how long a keep-alive connection may wait for its next request (0: no bound)")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `Usage: ccwire stub --script FILE [flags]

Serves FILE as a scripted fake Anthropic Messages API for Claude Code
(ANTHROPIC_BASE_URL=<url> ANTHROPIC_API_KEY=anything). Prints the base URL as
the first line on stdout, then serves until interrupted. Exits 1 if a
main-loop request came after the script was used up. Listening beyond
loopback takes --allow-remote; the stub then warns on stderr and lists the
URLs other machines can use (the first line stays a URL for this machine).
A --log file is created readable by its owner only (0600): it holds the
requests' bodies. Credential-like headers and query parameters are logged
as "[redacted]".

The script is {"turns": [TURN, ...]}: each main-loop request of the CLI gets
the next TURN, in order; other requests get automatic answers. The CLI's
helper requests (to a Haiku model without tools, max_tokens 1 probes,
requests for structured output) are not main-loop requests: a program that
calls the API directly, on an Anthropic SDK, passes --all-scripted so that
every POST /v1/messages gets the next TURN. A TURN is
  {"text": "Hi"}                          a text block ("text": ["a", "b"]: two)
  {"text": "Let me look.", "tool_use": [{"name": "Bash", "input": {"command": "ls"}}]}
  {"thinking": "Hmm.", "text": "Yes."}    a thinking block, then text
  {"content": [{"type": "text", "text": "Hi"}]}   blocks as the API writes them
with optional "stop_reason", "stop_sequence", "usage", and "fault" (or an
array "faults") to make attempts fail or lag; the CLI retries:
  {"kind": "overloaded", "times": 2}
  {"kind": "drop", "at": "mid_block", "block": 0}
  {"kind": "stall", "duration": "2s"}     a stall without duration lasts
                                          until the client gives up
`+faultKindsHelp()+`The full format: docs/stub-script.md (日本語: docs/stub-script.ja.md).

Flags:
`)
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args, e); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "ccwire stub: unexpected arguments %q\n", fs.Args())
		return 2
	}
	if *script == "" {
		fmt.Fprintln(e.stderr, "ccwire stub: --script is required")
		fs.Usage()
		return 2
	}
	remote := false
	if err := checkLoopback(*addr); err != nil {
		if !*allowRemote {
			fmt.Fprintf(e.stderr, "ccwire stub: %v (pass --allow-remote to serve beyond this machine)\n", err)
			return 2
		}
		remote = true
	}
	sc, err := loadScriptFile(*script, e.stdin)
	if err != nil {
		fmt.Fprintf(e.stderr, "ccwire stub: %s: %v\n", *script, err)
		return 1
	}

	var logw io.Writer
	switch *logTo {
	case "":
	case "-":
		logw = e.stdout
	default:
		// The log holds the requests' bodies: prompts, files, tool
		// output. A new one is for its owner's eyes only.
		f, err := os.OpenFile(*logTo, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o600)
		if err != nil {
			fmt.Fprintf(e.stderr, "ccwire stub: opening the log: %v\n", err)
			return 1
		}
		defer f.Close()
		logw = f
	}
	opts := []stubapi.Option{
		stubapi.WithAddr(*addr),
		stubapi.WithReadTimeout(*readTimeout),
		stubapi.WithIdleTimeout(*idleTimeout),
		stubapi.WithLogger(slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))),
	}
	if *allScripted {
		opts = append(opts, stubapi.AllScripted())
	}
	var reqLog *requestLog
	if logw != nil {
		reqLog = newRequestLog(logw)
		opts = append(opts, stubapi.OnRequest(reqLog.write))
	}
	s, err := stubapi.Start(sc, opts...)
	if err != nil {
		fmt.Fprintf(e.stderr, "ccwire stub: %v\n", err)
		return 1
	}
	fmt.Fprintln(e.stdout, s.URL())
	if remote {
		warnRemote(e.stderr, *addr, s.URL(), net.InterfaceAddrs)
	}
	<-ctx.Done()
	s.Close()
	var logErr error
	if reqLog != nil {
		logErr = reqLog.close(logFlushTimeout)
	}

	overruns := s.Overruns()
	main := s.MainRequests()
	fmt.Fprintf(e.stderr, "ccwire stub: %d requests, %d main-loop; %d of %d turns consumed; %d overruns\n",
		len(s.Requests()), len(main), len(sc.Turns)-s.Remaining(), len(sc.Turns), len(overruns))
	if logErr != nil {
		fmt.Fprintf(e.stderr, "ccwire stub: writing the request log: %v\n", logErr)
		return 1
	}
	for _, r := range s.Unresolved() {
		fmt.Fprintf(e.stderr, "ccwire stub: main-loop request %d: %s\n", r.Seq, r.Detail)
	}
	if len(overruns) > 0 || len(s.Unresolved()) > 0 {
		return 1
	}
	return 0
}

func loadScriptFile(path string, stdin io.Reader) (stubapi.Script, error) {
	if path == "-" {
		return stubapi.LoadScript(stdin)
	}
	f, err := os.Open(path)
	if err != nil {
		return stubapi.Script{}, err
	}
	defer f.Close()
	return stubapi.LoadScript(f)
}

// checkLoopback reports an error unless addr's host is a loopback address.
func checkLoopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("listen address %q: %w", addr, err)
	}
	if host == "localhost" {
		return nil
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("listen address %q is not loopback", addr)
	}
	return nil
}

// warnRemote warns on w that the stub, listening on addr (not loopback)
// at url, serves beyond this machine, and says at which URLs other
// machines reach it: for a listener on every interface, one per address
// of this machine that addrs lists (not loopback, not link-local; Go
// listens on 0.0.0.0 as on [::], dual stack, so IPv6 ones too).
func warnRemote(w io.Writer, addr, url string, addrs func() ([]net.Addr, error)) {
	fmt.Fprintf(w, "ccwire stub: warning: listening on %s, beyond this machine: anyone who can reach it can use the fake API (it takes any API key), and what they send goes to the request log\n", addr)
	host, _, _ := net.SplitHostPort(addr)
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(url, "http://"))
	ip := net.ParseIP(host)
	if host != "" && (ip == nil || !ip.IsUnspecified()) {
		fmt.Fprintf(w, "ccwire stub: other machines reach it at %s\n", url)
		return
	}
	var urls []string
	list, err := addrs()
	if err != nil {
		fmt.Fprintf(w, "ccwire stub: listing this machine's addresses: %v; other machines reach it at http://ADDRESS:%s with one of them\n", err, port)
		return
	}
	for _, a := range list {
		n, ok := a.(*net.IPNet)
		if !ok || n.IP.IsLoopback() || n.IP.IsLinkLocalUnicast() || n.IP.IsUnspecified() {
			continue
		}
		urls = append(urls, "http://"+net.JoinHostPort(n.IP.String(), port))
	}
	if len(urls) == 0 {
		fmt.Fprintf(w, "ccwire stub: this machine has no network address but loopback and link-local ones: other machines cannot reach it; %s works from this machine\n", url)
		return
	}
	fmt.Fprintf(w, "ccwire stub: other machines reach it at %s (the addresses of this machine's interfaces; one behind NAT or a firewall may not be reachable)\n", strings.Join(urls, ", "))
}

// logFlushTimeout bounds how long ccwire stub waits at exit for the
// request records still queued to be written.
const logFlushTimeout = time.Second

// requestLog writes request records as JSON lines, in order, from a
// goroutine of its own: a log nobody reads (stdout piped to a harness that
// read the URL line only) never holds up answering a request or shutting
// down. It keeps the first write error.
type requestLog struct {
	w       io.Writer
	mu      sync.Mutex
	queue   [][]byte
	closed  bool
	wake    chan struct{} // signalled when the queue grows or the log closes
	done    chan struct{} // closed once the writer has stopped
	queued  int
	written int
	err     error
}

// newRequestLog starts a log writing to w.
func newRequestLog(w io.Writer) *requestLog {
	l := &requestLog{w: w, wake: make(chan struct{}, 1), done: make(chan struct{})}
	go l.run()
	return l
}

// write queues r's record; it never blocks on the writer.
func (l *requestLog) write(r stubapi.Request) {
	line, err := json.Marshal(r)
	l.mu.Lock()
	switch {
	case err != nil:
		if l.err == nil {
			l.err = fmt.Errorf("encoding request %d: %w", r.Seq, err)
		}
	case !l.closed:
		l.queue = append(l.queue, append(line, '\n'))
		l.queued++
	}
	l.mu.Unlock()
	l.signal()
}

func (l *requestLog) signal() {
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// run writes the queued records until the log is closed and drained.
func (l *requestLog) run() {
	defer close(l.done)
	for range l.wake {
		for {
			l.mu.Lock()
			batch := l.queue
			l.queue = nil
			closed, failed := l.closed, l.err != nil
			l.mu.Unlock()
			if len(batch) == 0 {
				if closed {
					return
				}
				break
			}
			for _, line := range batch {
				if failed {
					break
				}
				_, err := l.w.Write(line)
				l.mu.Lock()
				if err != nil && l.err == nil {
					l.err = err
				}
				failed = l.err != nil
				if err == nil {
					l.written++
				}
				l.mu.Unlock()
			}
		}
	}
}

// close stops taking records and waits up to timeout for the queued ones
// to be written. It returns the first write error, or says how many
// records could not be written in time.
func (l *requestLog) close(timeout time.Duration) error {
	l.mu.Lock()
	l.closed = true
	l.mu.Unlock()
	l.signal()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case <-l.done:
	case <-timer.C:
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.err != nil {
		return l.err
	}
	select {
	case <-l.done:
		return nil
	default:
		return fmt.Errorf("%d of %d request records not written within %s of the end (is the log being read?)", l.queued-l.written, l.queued, timeout)
	}
}

// faultKindsHelp lists the fault kinds and the members each takes, from
// stubapi's table of fault kinds.
func faultKindsHelp() string {
	var b strings.Builder
	b.WriteString("Fault kinds, with the members they take besides \"times\":\n")
	for _, k := range stubapi.FaultKinds() {
		params := make([]string, len(k.Params))
		for i, p := range k.Params {
			params[i] = string(p)
		}
		fmt.Fprintf(&b, "  %-14s%s\n", k.Kind, strings.Join(params, ", "))
	}
	for _, sh := range stubapi.FaultShorthands() {
		fmt.Fprintf(&b, "  %-14shttp_error %d %s\n", sh.Name, sh.Status, sh.ErrorType())
	}
	b.WriteString("\"at\" is first_byte, start, mid_block (with \"block\": N) or end.\n")
	return b.String()
}
