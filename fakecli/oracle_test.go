package fakecli_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ccwire/ccwire/internal/corpustest"

	"github.com/ccwire/ccwire/fakecli"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

const recordingsDir = "../recordings"

// signalsByName are the signals recordings send, by their names there.
var signalsByName = map[string]os.Signal{"SIGINT": os.Interrupt, "SIGTERM": syscall.SIGTERM}

// recordingFiles returns every recording of every recorded version.
func recordingFiles(t testing.TB) []string {
	t.Helper()
	// recordings/<version>/<scenario>.txtar, or version-free
	// recordings/<scenario>.txtar.
	var files []string
	for _, pattern := range []string{filepath.Join(recordingsDir, "*", "*"+scenario.RecordingExt), filepath.Join(recordingsDir, "*"+scenario.RecordingExt)} {
		more, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, more...)
	}
	if len(files) == 0 {
		t.Fatalf("no recordings in %s", recordingsDir)
	}
	return corpustest.Paths(t, files)
}

// lines are the stdin and stdout events as comparable text.
func lines(events []recording.Event) []string {
	var out []string
	for _, ev := range events {
		switch {
		case ev.Kind == recording.EventRequest:
		case ev.Kind == recording.EventSignal:
			out = append(out, "signal "+ev.Signal)
		case ev.Msg != nil:
			out = append(out, string(ev.Kind)+" "+string(ev.Msg))
		default:
			out = append(out, string(ev.Kind)+" text "+ev.Text)
		}
	}
	return out
}

// hostReplay plays rec through a fake as a host that writes the
// recording's stdin lines where the recording has them, and returns the
// normalized lines of both directions and the fake's exit status.
func hostReplay(t *testing.T, rec *recording.Recording, versionDir string) ([]string, int) {
	t.Helper()
	session := t.TempDir()
	env := fakecli.Env{
		Cwd: filepath.Join(session, "work"), Home: filepath.Join(session, "home"), Session: session, PID: os.Getpid(), APIURL: "http://127.0.0.1:4111",
		Config: filepath.Join(session, "config"), MCPBin: filepath.Join(session, "bin"),
	}
	events, code := playAsHost(t, rec, versionDir, env)
	norm := scenario.NormalizeEvents(time.Now(), env.PID, rec.Version, map[string]string{env.Cwd: "cwd", env.Home: "home", session: "session", env.Config: "config", env.MCPBin: "mcp-bin"}, map[string]string{env.APIURL: "<api-url>", "127.0.0.1:4111": "<api-host>"}, events)
	return lines(norm), code
}

// playAsHost plays rec through a fake with env as hostReplay does and
// returns the lines of both directions, raw, and the fake's exit status.
func playAsHost(t *testing.T, rec *recording.Recording, versionDir string, env fakecli.Env) ([]recording.Event, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	signals := make(chan os.Signal, 1)
	p := &fakecli.Player{
		Recording: rec,
		Lookup:    fakecli.DirLookup(versionDir),
		Env:       env,
		Signals:   signals,
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	type result struct {
		code int
		err  error
	}
	done := make(chan result, 1)
	go func() {
		code, err := p.Run(ctx, inR, outW)
		outW.Close()
		inR.Close()
		done <- result{code, err}
	}()
	events, err := drive(ctx, rec, env, inW, outR, func(sig os.Signal) error { signals <- sig; return nil })
	if err != nil {
		cancel()
		r := <-done
		t.Fatalf("%v (fake: exit %d, %v)", err, r.code, r.err)
	}
	r := <-done
	if r.err != nil {
		t.Errorf("Run: %v", r.err)
	}
	return events, r.code
}

// drive plays the host's side of rec against a CLI (real or fake) whose
// stdin is in and stdout out: it writes the recording's stdin lines, and
// sends its signal with signal, where the recording has them, reading the
// stdout lines the recording has before each, then closes stdin and reads
// stdout to its end. It returns the lines of both directions, raw, and
// the signal, in order.
func drive(ctx context.Context, rec *recording.Recording, env fakecli.Env, in io.WriteCloser, out io.Reader, signal func(os.Signal) error) ([]recording.Event, error) {
	stdout := bufio.NewReaderSize(out, 64<<10)
	readLine := make(chan string)
	go func() {
		defer close(readLine)
		for {
			l, err := stdout.ReadString('\n')
			if l != "" {
				select {
				case readLine <- strings.TrimSuffix(l, "\n"):
				case <-ctx.Done():
					return
				}
			}
			if err != nil {
				return
			}
		}
	}()
	host := fakecli.NewHost(env)
	var events []recording.Event
	for _, ev := range rec.Events {
		switch ev.Kind {
		case recording.EventStdin:
			l, err := host.Line(ev)
			if err != nil {
				return events, err
			}
			events = append(events, recording.Event{Kind: recording.EventStdin, Msg: json.RawMessage(l)})
			if _, err := in.Write(append(l, '\n')); err != nil {
				return events, fmt.Errorf("writing stdin: %w", err)
			}
		case recording.EventSignal:
			sig, ok := signalsByName[ev.Signal]
			if !ok || signal == nil {
				return events, fmt.Errorf("cannot send signal %s", ev.Signal)
			}
			events = append(events, ev)
			if err := signal(sig); err != nil {
				return events, fmt.Errorf("sending %s: %w", ev.Signal, err)
			}
		case recording.EventStdout:
			select {
			case l, ok := <-readLine:
				if !ok {
					return events, fmt.Errorf("stdout ended before %s", ev.Msg)
				}
				events = append(events, recording.Event{Kind: recording.EventStdout, Msg: json.RawMessage(l)})
				host.Saw(ev, []byte(l))
			case <-ctx.Done():
				return events, fmt.Errorf("no stdout line where the recording has %s: %w", ev.Msg, ctx.Err())
			}
		}
	}
	// After a signal the CLI ends by itself, its stdin open: close stdin
	// only once its stdout has ended, lest the end of stdin end it first.
	signalled := slices.ContainsFunc(rec.Events, func(ev recording.Event) bool { return ev.Kind == recording.EventSignal })
	if !signalled {
		in.Close()
	}
	for l := range readLine {
		events = append(events, recording.Event{Kind: recording.EventStdout, Msg: json.RawMessage(l)})
	}
	in.Close()
	return events, ctx.Err()
}
