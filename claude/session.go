package claude

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"iter"
	"log/slog"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/protocol"
)

// SessionConfig configures a CLI process started by [Start]. The zero value
// of each field chooses its default, which is what the Agent SDKs do: the
// CLI runs in the caller's working directory with the caller's
// environment, so the user's login, settings, CLAUDE.md and proxies apply.
// Tests set Isolation to seal the CLI off instead.
type SessionConfig struct {
	// BaseURL, when set, is the Anthropic API base URL the CLI talks to
	// (ANTHROPIC_BASE_URL): a fake such as a stubapi server, a gateway. By
	// default the CLI uses what the environment and its settings say.
	// Required with Isolation.
	BaseURL string
	// APIKey, when set, is the API key the CLI sends (ANTHROPIC_API_KEY).
	// By default the CLI uses the user's login: the environment
	// (ANTHROPIC_API_KEY, CLAUDE_CODE_OAUTH_TOKEN, Bedrock and Vertex
	// variables) or the credentials it keeps. With Isolation the default is
	// [DummyAPIKey].
	APIKey string
	// Isolation, when set, seals the CLI off for a test: see [Isolation].
	Isolation *Isolation
	// Args are command-line flags added after the stream-json ones, such as
	// "--model", "--max-turns" or "--dangerously-skip-permissions".
	Args []string
	// Env are environment entries ("KEY=VALUE") applied last, over the
	// session's own; use them to set or override single variables.
	Env []string
	// WorkDir is the CLI's working directory. Default: the caller's; with
	// Isolation, a temporary folder the session owns and removes on Close.
	// A given folder is left alone.
	WorkDir string
	// ConfigDir is the CLI's config folder (CLAUDE_CONFIG_DIR), where it
	// keeps settings and session transcripts. Default: the user's (the
	// environment's CLAUDE_CONFIG_DIR, or ~/.claude); with Isolation, .claude
	// in the session's HOME, removed on Close. A given folder is left
	// alone, so a later session can resume the sessions kept there.
	ConfigDir string
	// CloseTimeout is how long Close waits for the CLI to exit after closing
	// its stdin before it kills the process group. Default 5s.
	CloseTimeout time.Duration
	// StderrTail is how many bytes of the CLI's stderr the session keeps (the
	// last ones). Default 64 KiB.
	StderrTail int
	// Stderr, when set, receives each line of the CLI's stderr (without its
	// newline) as it comes, on the goroutine that reads stderr; the tail is
	// kept all the same.
	Stderr func(line string)
	// ReaderOptions configure the decoder of the CLI's stdout.
	ReaderOptions []protocol.ReaderOption
	// TranscriptLines is how many lines the transcript keeps (the last
	// ones; see [Session.Transcript]). Default 0: every line, for the
	// session's life, which suits tests and one-shot runs; a long-lived
	// session, such as a bot's, should set a bound (a [Client] sets
	// [DefaultTranscriptLines] unless told otherwise). Negative keeps
	// none; [TranscriptUnbounded] is the same as 0.
	// The lines of the CLI's stdout cost no copy: they are the bytes of the
	// decoded messages.
	TranscriptLines int
	// Logger receives the session's lifecycle events. Default: discard.
	Logger *slog.Logger

	// route, when set, sees the session's stdout events first, as they are
	// decoded, on the reading goroutine; the events it takes (returns true
	// for) are not queued for the session's readers. A Client routes a
	// session's stdout this way, without a goroutine hop.
	route func(event) bool
	// files, when set, are configuration files the CLI reads at start;
	// the session removes them once the CLI has ended.
	files *configFiles
}

// DummyAPIKey is the API key a session gives the CLI unless told otherwise.
const DummyAPIKey = "sk-ant-api03-ccwire-dummy-key-0000000000000000000000000000000000000000000000000000000000000000-AAAAAAAA"

// SessionMarkerEnv is the environment variable every session sets to a
// value of its own in its CLI's environment. The CLI's descendants inherit
// it, which is how Close finds processes that left the process group.
const SessionMarkerEnv = "CCWIRE_SESSION"

// StreamJSONArgs are the flags every session passes first: print mode with
// stream-json input and output.
func StreamJSONArgs() []string {
	return []string{"-p", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose"}
}

// Session is one running CLI process in stream-json mode. Send writes stdin
// messages; ReadTurn, ReadUntil and Messages read stdout messages, which a
// goroutine of the session collects as they come so none is lost however
// slowly they are consumed. Several turns can run in one session.
//
// Send may be called concurrently with reads. Reads should come from one
// goroutine at a time: each message goes to exactly one read.
//
// Close ends the process and removes the session's temporary folders; call
// it always (t.Cleanup(func() { s.Close() }) in tests).
type Session struct {
	bin     cliinstall.Binary
	argv    []string
	env     []string
	logger  *slog.Logger
	timeout time.Duration

	root      string // the session's temporary folder ("" if none)
	home      string
	configDir string
	workDir   string
	marker    string // SessionMarkerEnv=value

	cmd  *exec.Cmd
	pgid int
	tree *processTree // the CLI and what it starts: its process group, or job object on Windows

	stdinMu     sync.Mutex
	stdin       *os.File
	stdinClosed bool

	stdout *os.File // read end
	stderr *os.File // read end

	queue      *fifo[event, *ExitError] // stdout events route did not take
	route      func(event) bool
	files      *configFiles // removed once the CLI has ended
	stderrTail *tailBuffer
	stderrLine func(string) // SessionConfig.Stderr
	transcript transcript

	exited     chan struct{} // closed once the process was waited for
	stderrDone chan struct{} // closed once stderr reached EOF
	readerDone chan struct{} // closed once the stdout goroutine finished
	state      *os.ProcessState
	waitErr    error

	stopMu  sync.Mutex
	stopped bool // the session killed the process itself

	stopCtx   func() bool   // unregisters the start context's watcher
	hurried   chan struct{} // closed to cut the close grace period short
	hurryOnce sync.Once
	closeOnce sync.Once
	closeErr  error
}

// Start runs the CLI in stream-json mode as cfg says.
//
// By default it runs as the Agent SDKs run it: in the caller's working
// directory (or cfg.WorkDir) with the caller's environment, less
// CLAUDECODE, plus CLAUDE_CODE_ENTRYPOINT=sdk-go, cfg.BaseURL and
// cfg.APIKey when given, then cfg.Env. The user's HOME, config folder,
// settings, CLAUDE.md, login and proxies are left alone.
//
// With cfg.Isolation it is sealed off for a test instead (see
// [Isolation]): its own HOME, config folder, temporary folder and, unless
// cfg.WorkDir is given, working directory, all in a temporary folder the
// session removes on Close; a clean environment pointing it at cfg.BaseURL
// with a dummy key; and no network but loopback and BaseURL's host.
//
// The process runs in a process group of its own. When ctx ends, the session
// is closed at once: the process group is killed and the folders removed.
func Start(ctx context.Context, bin cliinstall.Binary, cfg SessionConfig) (*Session, error) {
	return start(ctx, bin, cfg)
}

func start(ctx context.Context, bin cliinstall.Binary, cfg SessionConfig) (_ *Session, err error) {
	if cfg.Isolation != nil && cfg.BaseURL == "" {
		return nil, errors.New("claude: SessionConfig.Isolation needs SessionConfig.BaseURL: the URL of the API the CLI should use (a stubapi server)")
	}
	if bin.Path == "" {
		return nil, errors.New("claude: no CLI binary; find one with cliinstall.Install or cliinstall.LookPath")
	}
	if err := ctx.Err(); err != nil {
		return nil, contextError(ctx, err, "starting the CLI")
	}
	s := &Session{
		bin:        bin,
		logger:     cfg.Logger,
		timeout:    cfg.CloseTimeout,
		queue:      newFIFO[event, *ExitError](),
		route:      cfg.route,
		exited:     make(chan struct{}),
		stderrDone: make(chan struct{}),
		readerDone: make(chan struct{}),
		hurried:    make(chan struct{}),
	}
	s.transcript.max = cfg.TranscriptLines
	if s.logger == nil {
		s.logger = slog.New(slog.DiscardHandler)
	}
	if s.timeout <= 0 {
		s.timeout = 5 * time.Second
	}
	tail := cfg.StderrTail
	if tail <= 0 {
		tail = 64 << 10
	}
	s.stderrTail = newTailBuffer(tail)
	s.stderrLine = cfg.Stderr

	s.files = cfg.files
	var cleanup []func()
	defer func() {
		if err != nil {
			for _, f := range slices.Backward(cleanup) {
				f()
			}
		}
	}()
	id := make([]byte, 8)
	_, _ = rand.Read(id)
	s.marker = SessionMarkerEnv + "=" + strconv.Itoa(os.Getpid()) + "-" + hex.EncodeToString(id)
	own := []string{s.marker}
	if cfg.BaseURL != "" {
		own = append(own, "ANTHROPIC_BASE_URL="+cfg.BaseURL)
	}
	if cfg.APIKey != "" {
		own = append(own, "ANTHROPIC_API_KEY="+cfg.APIKey)
	}
	var se sessionEnv
	if cfg.Isolation != nil {
		se, err = isolatedEnv(&cfg, own)
		if se.root != "" {
			cleanup = append(cleanup, func() { os.RemoveAll(se.root) })
		}
	} else {
		se, err = userEnv(&cfg, own)
	}
	if err != nil {
		return nil, fmt.Errorf("claude: session folders: %w", err)
	}
	s.env, s.root, s.home, s.configDir, s.workDir = se.env, se.root, se.home, se.configDir, se.workDir
	if s.workDir == "" {
		s.workDir, _ = os.Getwd()
	}
	s.argv = bin.Argv(append(StreamJSONArgs(), cfg.Args...)...)

	// Pipes of our own rather than exec's: the stdin end supports write
	// deadlines, and no exec goroutine copies anything.
	var childIn, childOut, childErr *os.File
	if childIn, s.stdin, err = os.Pipe(); err != nil {
		return nil, fmt.Errorf("claude: %w", err)
	}
	cleanup = append(cleanup, func() { childIn.Close(); s.stdin.Close() })
	if s.stdout, childOut, err = os.Pipe(); err != nil {
		return nil, fmt.Errorf("claude: %w", err)
	}
	cleanup = append(cleanup, func() { childOut.Close(); s.stdout.Close() })
	if s.stderr, childErr, err = os.Pipe(); err != nil {
		return nil, fmt.Errorf("claude: %w", err)
	}
	cleanup = append(cleanup, func() { childErr.Close(); s.stderr.Close() })

	s.cmd = exec.Command(s.argv[0], s.argv[1:]...)
	s.cmd.Dir = se.workDir
	s.cmd.Env = s.env
	s.cmd.Stdin, s.cmd.Stdout, s.cmd.Stderr = childIn, childOut, childErr
	s.cmd.SysProcAttr = procAttr()
	if err := s.cmd.Start(); err != nil {
		return nil, fmt.Errorf("claude: start %s: %w", bin, err)
	}
	s.pgid = s.cmd.Process.Pid
	if s.tree, err = newProcessTree(s.cmd.Process); err != nil {
		_ = s.cmd.Wait()
		return nil, fmt.Errorf("claude: start %s: %w", bin, err)
	}
	childIn.Close()
	childOut.Close()
	childErr.Close()
	s.logger.Debug("claude: started CLI", "pid", s.pgid, "version", bin.Version, "args", cfg.Args, "dir", s.workDir, "isolated", cfg.Isolation != nil)

	go s.wait()
	go s.readStderr()
	go s.readStdout(cfg.ReaderOptions)
	s.stopCtx = context.AfterFunc(ctx, func() {
		s.hurry()
		s.closeOnce.Do(func() { s.closeErr = s.shutdown(0) })
	})
	return s, nil
}

// bypassesPermissions reports whether args turn permission checks off,
// which the CLI refuses as root outside a sandbox.
func bypassesPermissions(args []string) bool {
	for i, a := range args {
		switch a {
		case "--dangerously-skip-permissions", "--allow-dangerously-skip-permissions",
			"--permission-mode=bypassPermissions":
			return true
		case "--permission-mode":
			if i+1 < len(args) && args[i+1] == "bypassPermissions" {
				return true
			}
		}
	}
	return false
}

// wait waits for the process, then kills what it left behind so the pipes
// close.
func (s *Session) wait() {
	err := s.cmd.Wait()
	s.state, s.waitErr = s.cmd.ProcessState, err
	s.killAll()
	close(s.exited)
	s.logger.Debug("claude: CLI exited", "pid", s.pgid, "state", s.state.String())
}

func (s *Session) readStderr() {
	var w io.Writer = s.stderrTail
	var lines *lineWriter
	if s.stderrLine != nil {
		lines = &lineWriter{fn: s.stderrLine, max: len(s.stderrTail.buf)}
		w = io.MultiWriter(s.stderrTail, lines)
	}
	_, _ = io.Copy(w, s.stderr)
	if lines != nil {
		lines.flush()
	}
	s.stderr.Close()
	close(s.stderrDone)
}

func (s *Session) readStdout(opts []protocol.ReaderOption) {
	defer close(s.readerDone)
	readErr := pump(s.stdout, &s.transcript, s.deliver, opts, s.logger)
	s.stdout.Close()
	<-s.exited
	<-s.stderrDone
	s.stopMu.Lock()
	stopped := s.stopped
	s.stopMu.Unlock()
	if stopped {
		readErr = nil // the session closed the pipe itself
	}
	s.queue.finish(exitErrorOf(s.state, s.waitErr, readErr, stopped, s.stderrTail.String()))
}

// deliver hands one stdout event to the session's route, and queues it for
// the session's readers unless the route takes it.
func (s *Session) deliver(ev event) {
	if s.route == nil || !s.route(ev) {
		s.queue.push(ev)
	}
}

// pump decodes messages from r and delivers them until r ends, recording
// every line in tr (without copying: a line is the bytes its message
// holds). Lines that fail to decode are delivered as errors and skipped.
// It returns the error that ended reading, nil at EOF.
func pump(r io.Reader, tr *transcript, deliver func(event), opts []protocol.ReaderOption, logger *slog.Logger) error {
	opts = append(slices.Clip(opts), protocol.WithLineFunc(func(line []byte, size int64) {
		tr.add(Stdout, line, size)
	}))
	rd := protocol.NewReader(r, opts...)
	for {
		m, err := rd.Next()
		switch {
		case err == nil:
			deliver(event{msg: m})
		case errors.Is(err, io.EOF):
			return nil
		case isLineError(err):
			logger.Debug("claude: undecodable stdout line", "err", err)
			deliver(event{err: err})
		default:
			return err
		}
	}
}

// killAll kills the process group and every process carrying the session's
// marker, until two scans in a row find none (bounded): a process caught in
// the middle of an exec can show an empty environment to one scan.
func (s *Session) killAll() {
	s.tree.kill()
	empty := 0
	for range 50 {
		pids := markedProcesses(s.marker)
		if len(pids) == 0 {
			if empty++; empty == 2 {
				return
			}
		} else {
			empty = 0
		}
		for _, pid := range pids {
			killProcess(pid)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// Send writes one message to the CLI's stdin as a line of JSON.
func (s *Session) Send(ctx context.Context, msg protocol.Message) error {
	line, err := protocol.Marshal(msg)
	if err != nil {
		return fmt.Errorf("claude: send: %w", err)
	}
	return s.SendRaw(ctx, append(line, '\n'))
}

// SendText sends a user message with text as its content: a prompt.
func (s *Session) SendText(ctx context.Context, text string) error {
	return s.Send(ctx, protocol.NewUserText(text))
}

// SendRaw writes data to the CLI's stdin exactly as given; the caller
// supplies the newlines. Use it to send what Send cannot build, such as
// malformed lines. The transcript records data split at its newlines.
func (s *Session) SendRaw(ctx context.Context, data []byte) error {
	const op = "writing to the CLI's stdin"
	s.stdinMu.Lock()
	defer s.stdinMu.Unlock()
	if s.stdinClosed {
		return errors.New("claude: send: stdin is closed")
	}
	if err := ctx.Err(); err != nil {
		return contextError(ctx, err, op)
	}
	d, hasDeadline := ctx.Deadline()
	if hasDeadline {
		_ = s.stdin.SetWriteDeadline(d)
	}
	stop := context.AfterFunc(ctx, func() { _ = s.stdin.SetWriteDeadline(time.Unix(1, 0)) })
	s.transcript.addLines(Stdin, data)
	_, err := s.stdin.Write(data)
	stop()
	_ = s.stdin.SetWriteDeadline(time.Time{})
	switch {
	case err == nil:
		return nil
	case ctx.Err() != nil:
		return contextError(ctx, ctx.Err(), op)
	case hasDeadline && errors.Is(err, os.ErrDeadlineExceeded):
		// The write deadline is ctx's, which the poller can meet a moment
		// before ctx's own timer ends it: the CLI did not read in time.
		return contextError(ctx, context.DeadlineExceeded, op)
	case isBrokenPipe(err):
		// The CLI has gone; say how, if it is known soon.
		select {
		case <-s.exited:
			<-s.stderrDone
			return wrapError("send: stdin closed by the CLI", s.exitError())
		case <-time.After(time.Second):
		case <-ctx.Done():
		}
	}
	return fmt.Errorf("claude: send: %w", err)
}

// exitError returns how the process ended; the process must have exited.
func (s *Session) exitError() *ExitError {
	s.stopMu.Lock()
	stopped := s.stopped
	s.stopMu.Unlock()
	return exitErrorOf(s.state, s.waitErr, nil, stopped, s.stderrTail.String())
}

// CloseInput closes the CLI's stdin: the CLI finishes the turn in progress
// and exits. It is idempotent.
func (s *Session) CloseInput() error {
	s.stdinMu.Lock()
	defer s.stdinMu.Unlock()
	if s.stdinClosed {
		return nil
	}
	s.stdinClosed = true
	return s.stdin.Close()
}

// Turn is what the CLI wrote for one turn.
type Turn struct {
	// Messages are the messages of the turn in order, the result last when
	// the turn completed.
	Messages []protocol.Message
}

// Result returns the turn's result message, or nil if the turn did not
// complete.
func (t Turn) Result() *protocol.ResultMessage {
	if len(t.Messages) == 0 {
		return nil
	}
	r, _ := t.Messages[len(t.Messages)-1].(*protocol.ResultMessage)
	return r
}

// ReadTurn reads every message up to and including the next result message,
// which ends a turn. On error the turn holds the messages read so far, and
// the error is:
//   - *ExitError if the CLI's output ended first (it exited or was killed);
//   - *ContextError (wrapping ctx.Err()) if ctx ended first; the session
//     goes on and a later read continues where this one stopped;
//   - *LineErrors if stdout lines could not be decoded; the turn is complete
//     otherwise and the session goes on.
//
// A turn cut short by an error can hold both: test with errors.As.
func (s *Session) ReadTurn(ctx context.Context) (Turn, error) {
	msgs, err := s.ReadUntil(ctx, func(m protocol.Message) bool {
		_, ok := m.(*protocol.ResultMessage)
		return ok
	})
	return Turn{Messages: msgs}, err
}

// ReadUntil reads messages until one satisfies stop, and returns them all,
// that one last. Errors are those of [Session.ReadTurn].
func (s *Session) ReadUntil(ctx context.Context, stop func(protocol.Message) bool) ([]protocol.Message, error) {
	var msgs []protocol.Message
	var lineErrs []error
	for {
		ev, end, err := s.nextEvent(ctx)
		switch {
		case err != nil:
			ce := contextError(ctx, err, "")
			ce.Messages = msgs
			return msgs, withLineErrors(ce, lineErrs)
		case end != nil:
			return msgs, withLineErrors(end, lineErrs)
		case ev.err != nil:
			lineErrs = append(lineErrs, ev.err)
			continue
		}
		msgs = append(msgs, ev.msg)
		if stop(ev.msg) {
			return msgs, withLineErrors(nil, lineErrs)
		}
	}
}

// Messages returns an iterator over the CLI's messages as they come. A line
// that could not be decoded is yielded as (nil, *protocol.DecodeError or
// *protocol.LineTooLongError) and iteration goes on. The iteration ends when
// the CLI's output ends: silently after a clean exit (status 0), with a
// final (nil, *ExitError) otherwise; or with (nil, *ContextError) when ctx
// ends. Breaking out of the loop loses nothing: the next read continues
// after the last message yielded.
func (s *Session) Messages(ctx context.Context) iter.Seq2[protocol.Message, error] {
	return func(yield func(protocol.Message, error) bool) {
		for {
			ev, end, err := s.nextEvent(ctx)
			switch {
			case err != nil:
				yield(nil, contextError(ctx, err, ""))
				return
			case end != nil:
				if !end.clean() {
					yield(nil, end)
				}
				return
			}
			if !yield(ev.msg, ev.err) {
				return
			}
		}
	}
}

// Wait waits for the CLI to exit (after CloseInput, for example) and
// returns nil for a clean exit with status 0, an *ExitError otherwise, or
// a *ContextError when ctx ends first.
func (s *Session) Wait(ctx context.Context) error {
	select {
	case <-s.exited:
	case <-ctx.Done():
		return contextError(ctx, ctx.Err(), "waiting for the CLI to exit")
	}
	select {
	case <-s.stderrDone:
	case <-ctx.Done():
		return contextError(ctx, ctx.Err(), "waiting for the CLI to exit")
	}
	if e := s.exitError(); !e.clean() {
		return e
	}
	return nil
}

// Close ends the session: it closes the CLI's stdin, waits up to
// CloseTimeout for the CLI to exit (less if the context given to [Start]
// ends meanwhile), then kills its process group and every
// process that inherited the session's marker, waits for the session's
// goroutines and removes its temporary folders. It is idempotent and safe
// to call concurrently; every call returns the first one's result, which
// reports only failures to clean up (how the CLI exited is for Wait and the
// reads).
func (s *Session) Close() error {
	s.closeOnce.Do(func() { s.closeErr = s.shutdown(s.timeout) })
	return s.closeErr
}

// hurry makes a Close under way or to come kill the CLI at once rather than
// wait out the grace period; Close still cleans up as usual. It does not
// block.
func (s *Session) hurry() { s.hurryOnce.Do(func() { close(s.hurried) }) }

// shutdown ends the process, giving it grace to exit after its stdin closes
// (none: kill at once), unless hurry cuts the grace short.
func (s *Session) shutdown(grace time.Duration) error {
	_ = s.CloseInput()
	if grace > 0 {
		// The start context's watcher stays registered meanwhile: its end
		// hurries the grace.
		timer := time.NewTimer(grace)
		select {
		case <-s.exited:
		case <-timer.C:
		case <-s.hurried:
		}
		timer.Stop()
	}
	s.stopCtx()
	select {
	case <-s.exited:
	default:
		s.stopMu.Lock()
		s.stopped = true
		s.stopMu.Unlock()
		s.logger.Debug("claude: killing CLI", "pid", s.pgid)
		s.killAll()
	}
	var errs []error
	// After SIGKILL the process ends at once unless the kernel holds it.
	if !waitFor(s.exited, 10*time.Second) {
		errs = append(errs, fmt.Errorf("claude: CLI process %d did not end after SIGKILL", s.pgid))
	}
	s.killAll()
	// The reading goroutines end when every writer of the pipes is gone; if a
	// process escaped both the group and the marker, cut the pipes.
	if !waitFor(s.readerDone, 2*time.Second) {
		s.stopMu.Lock()
		s.stopped = true
		s.stopMu.Unlock()
		s.stdout.Close()
		s.stderr.Close()
		if !waitFor(s.readerDone, 2*time.Second) {
			errs = append(errs, errors.New("claude: the stdout reader did not stop"))
		}
	}
	if s.root != "" { // an isolated session's folders
		if err := os.RemoveAll(s.root); err != nil {
			errs = append(errs, fmt.Errorf("claude: remove session folder: %w", err))
		}
	}
	if err := s.files.remove(); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

func waitFor(ch <-chan struct{}, d time.Duration) bool {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ch:
		return true
	case <-timer.C:
		return false
	}
}

// Isolated reports whether the session runs sealed off in folders of its
// own ([SessionConfig].Isolation).
func (s *Session) Isolated() bool { return s.root != "" }

// Binary returns the CLI the session runs.
func (s *Session) Binary() cliinstall.Binary { return s.bin }

// Args returns the CLI's full command line.
func (s *Session) Args() []string { return slices.Clone(s.argv) }

// Env returns the CLI's environment.
func (s *Session) Env() []string { return slices.Clone(s.env) }

// PID returns the CLI's process ID, which on Unix is also its process
// group ID.
func (s *Session) PID() int { return s.pgid }

// Marker returns the "KEY=VALUE" environment entry that marks the CLI and
// its descendants.
func (s *Session) Marker() string { return s.marker }

// HomeDir returns the CLI's HOME.
func (s *Session) HomeDir() string { return s.home }

// ConfigDir returns the CLI's config folder (CLAUDE_CONFIG_DIR).
func (s *Session) ConfigDir() string { return s.configDir }

// WorkDir returns the CLI's working directory.
func (s *Session) WorkDir() string { return s.workDir }

// Stderr returns the tail of what the CLI wrote to stderr so far.
func (s *Session) Stderr() string { return s.stderrTail.String() }

// Transcript returns the lines written to the CLI's stdin and read from its
// stdout so far, in the order the session saw them: all of them, or the
// last SessionConfig.TranscriptLines.
func (s *Session) Transcript() []TranscriptLine {
	lines, _ := s.transcript.snapshot()
	return lines
}

// TranscriptDropped returns how many lines the transcript no longer holds
// because of SessionConfig.TranscriptLines: the first line Transcript
// returns is the line numbered TranscriptDropped()+1 of the whole
// transcript.
func (s *Session) TranscriptDropped() int { return s.transcript.droppedLines() }

// Exited returns a channel closed once the CLI process has exited.
func (s *Session) Exited() <-chan struct{} { return s.exited }
