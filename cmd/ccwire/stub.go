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
	"sync"

	"github.com/ccwire/ccwire/stubapi"
)

// runStub serves a script file as a fake Anthropic Messages API until ctx
// ends (SIGINT or SIGTERM).
//
//	ccwire stub --script FILE [--addr 127.0.0.1:0] [--log FILE|-] [--allow-remote]
//
// It prints the base URL as its first stdout line, logs every request as a
// JSON line (to --log), and exits 0, or 1 if a main-loop request overran
// the script or the script or address is unusable; 2 for usage errors.
func runStub(ctx context.Context, e env, args []string) int {
	fs := flag.NewFlagSet("ccwire stub", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	script := fs.String("script", "", "script file to serve (JSON, see the stubapi package doc); - reads stdin")
	addr := fs.String("addr", "127.0.0.1:0", "listen address")
	logTo := fs.String("log", "", "write each request as a JSON line to this file; - is stdout (after the URL line)")
	allowRemote := fs.Bool("allow-remote", false, "allow a listen address that is not loopback")
	fs.Usage = func() {
		fmt.Fprint(e.stderr, `Usage: ccwire stub --script FILE [flags]

Serves FILE as a scripted fake Anthropic Messages API for Claude Code
(ANTHROPIC_BASE_URL=<url> ANTHROPIC_API_KEY=anything). Prints the base URL as
the first line on stdout, then serves until interrupted. Exits 1 if a
main-loop request came after the script was used up.

Flags:
`)
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
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
	if !*allowRemote {
		if err := checkLoopback(*addr); err != nil {
			fmt.Fprintf(e.stderr, "ccwire stub: %v (pass --allow-remote to serve beyond this machine)\n", err)
			return 2
		}
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
		f, err := os.OpenFile(*logTo, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
		if err != nil {
			fmt.Fprintf(e.stderr, "ccwire stub: opening the log: %v\n", err)
			return 1
		}
		defer f.Close()
		logw = f
	}
	out := &lockedWriter{w: e.stdout}
	opts := []stubapi.Option{
		stubapi.WithAddr(*addr),
		stubapi.WithLogger(slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))),
	}
	var reqLog *requestLog
	if logw != nil {
		reqLog = &requestLog{w: out}
		if logw != e.stdout {
			reqLog.w = &lockedWriter{w: logw}
		}
		opts = append(opts, stubapi.OnRequest(reqLog.write))
	}
	s, err := stubapi.Start(sc, opts...)
	if err != nil {
		fmt.Fprintf(e.stderr, "ccwire stub: %v\n", err)
		return 1
	}
	fmt.Fprintln(out, s.URL())
	<-ctx.Done()
	s.Close()

	overruns := s.Overruns()
	main := s.MainRequests()
	fmt.Fprintf(e.stderr, "ccwire stub: %d requests, %d main-loop; %d of %d turns consumed; %d overruns\n",
		len(s.Requests()), len(main), len(sc.Turns)-s.Remaining(), len(sc.Turns), len(overruns))
	if reqLog != nil {
		if err := reqLog.error(); err != nil {
			fmt.Fprintf(e.stderr, "ccwire stub: writing the request log: %v\n", err)
			return 1
		}
	}
	if len(overruns) > 0 {
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

// requestLog writes request records as JSON lines and keeps the first
// write error.
type requestLog struct {
	w   io.Writer
	mu  sync.Mutex
	err error
}

func (l *requestLog) write(r stubapi.Request) {
	line, err := json.Marshal(r)
	if err == nil {
		_, err = l.w.Write(append(line, '\n'))
	}
	if err != nil {
		l.mu.Lock()
		if l.err == nil {
			l.err = err
		}
		l.mu.Unlock()
	}
}

func (l *requestLog) error() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.err
}

// lockedWriter serializes writes from concurrent requests.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
