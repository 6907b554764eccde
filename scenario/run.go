package scenario

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/internal/tempdir"
	"github.com/ccwire/ccwire/match"
	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/stubapi"
)

// Status is the outcome of running a scenario against one CLI version.
type Status string

// The statuses.
const (
	Passed  Status = "pass"
	Failed  Status = "fail"
	Skipped Status = "skip" // the scenario does not apply to the version
)

// Result is the outcome of running one scenario against one CLI version.
type Result struct {
	// Scenario is the scenario run.
	Scenario *Scenario
	// Version is the CLI version it ran against.
	Version string
	// Status says whether it passed, failed or was skipped.
	Status Status
	// Reason says why a skipped scenario does not apply (see
	// Scenario.SkipReason).
	Reason Text
	// Err is a *Failure for a failed run, listing every problem found.
	Err error
	// Recording is the normalized recording of the run (see the package
	// documentation); nil for a skipped run or one that could not start.
	Recording *recording.Recording
	// Elapsed is the wall time of the run.
	Elapsed time.Duration
	// CPU is the CPU time of the run's CLI process, user plus system, the
	// commands it ran and waited for included (see claude.Session.CPUTime);
	// 0 for a run that did not start the CLI or whose CLI did not exit.
	CPU time.Duration
}

// Failure lists what went wrong in a failed run.
type Failure struct {
	// Scenario is the scenario's ID and Version the CLI version.
	Scenario, Version string
	// Problems are the failed checks, in the order found.
	Problems []error
}

// Error names the scenario and version and lists the problems, one a
// paragraph.
func (f *Failure) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "scenario %s, Claude Code %s:", f.Scenario, f.Version)
	for _, p := range f.Problems {
		b.WriteString("\n  ")
		b.WriteString(strings.ReplaceAll(p.Error(), "\n", "\n    "))
	}
	return b.String()
}

// Unwrap returns the problems.
func (f *Failure) Unwrap() []error { return f.Problems }

// Runner runs scenarios against one CLI binary. Its zero value is not
// usable: set Binary. A Runner is safe for concurrent use; every run has
// its own fake API, CLI process, HOME and working folder.
type Runner struct {
	// Binary is the CLI to run.
	Binary cliinstall.Binary
	// Logger receives the runs' lifecycle events; nil discards them.
	Logger *slog.Logger
	// Quiet is how long a turn waits on a CLI that has gone quiet before
	// it fails with its patterns unmet (an error wrapping [ErrQuiet]):
	// after its last line the CLI wrote nothing, had no API request in
	// flight, ran no command and did next to no work for that long. Such a
	// CLI waits for input the scenario does not give, as after a drifted
	// answer, so the turn need not wait for the scenario's timeout. 0
	// means [DefaultQuiet]; a negative Quiet turns the check off.
	Quiet time.Duration
	// MCPTestServer is the command (program and arguments) that serves the
	// test MCP server of package internal/mcpecho on its stdin and stdout:
	// "ccwire mcp-test-server", or a test binary that runs mcpecho.Main.
	// A scenario whose args name [MCPTestServerPlaceholder] needs it; the
	// others run without it.
	MCPTestServer []string
}

// MCPTestServerPlaceholder, in a scenario's args, stands for the path of
// an executable that runs [Runner.MCPTestServer] with the arguments it is
// given, e.g. in an --mcp-config server's "command"; in a stdin.jsonl line,
// the JSON string "<mcp-test-server>" does (in an mcp_set_servers
// request's server configuration).
const MCPTestServerPlaceholder = "<mcp-test-server>"

// ErrNoMCPTestServer reports a scenario that needs the test MCP server run
// by a Runner without [Runner.MCPTestServer].
var ErrNoMCPTestServer = errors.New("the scenario's args name " + MCPTestServerPlaceholder + " but the runner has no MCPTestServer command")

// usesMCPTestServer reports whether the plan's args or stdin.jsonl lines
// name the placeholder.
func usesMCPTestServer(pl *Plan) bool {
	if slices.ContainsFunc(pl.Scenario.Args, func(a string) bool { return strings.Contains(a, MCPTestServerPlaceholder) }) {
		return true
	}
	for _, t := range pl.Turns {
		for _, l := range t.Stdin {
			if !t.Raw && bytes.Contains(l.Data, []byte(`"`+MCPTestServerPlaceholder+`"`)) {
				return true
			}
		}
	}
	return false
}

// mcpTestServerScript writes into dir a shell script that runs command
// with the script's own arguments after it, and returns its path.
func mcpTestServerScript(dir string, command []string) (string, error) {
	var b strings.Builder
	b.WriteString("#!/bin/sh\nexec")
	for _, a := range command {
		b.WriteString(" '" + strings.ReplaceAll(a, "'", `'\''`) + "'")
	}
	b.WriteString(` "$@"` + "\n")
	p := filepath.Join(dir, "mcp-test-server")
	if err := os.WriteFile(p, []byte(b.String()), 0o755); err != nil {
		return "", fmt.Errorf("the test MCP server's script: %w", err)
	}
	return p, nil
}

// failedTurnGrace is how long the CLI may take to exit after a failed
// turn, when its stdin closes.
const failedTurnGrace = 10 * time.Second

// DefaultEnv are environment variables every run sets unless the scenario
// sets them: the CLI gives up on a failed API request at once instead of
// retrying with backoff (minutes).
func DefaultEnv() []string { return []string{"CLAUDE_CODE_MAX_RETRIES=0"} }

// Run runs sc against the runner's CLI: a fresh fake API serving the
// scenario's script, a fresh working folder with its files and a CLI
// process of its own, turn by turn; then the checks. It never returns an
// error: problems, including a CLI that cannot start, make a failed
// Result.
func (r *Runner) Run(ctx context.Context, sc *Scenario) Result {
	start := time.Now()
	res := Result{Scenario: sc, Version: r.Binary.Version}
	v, err := cliversion.Parse(r.Binary.Version)
	if err != nil {
		return r.fail(res, start, fmt.Errorf("CLI version: %w", err))
	}
	if !sc.AppliesTo(v) {
		res.Status, res.Reason = Skipped, sc.SkipReason(v)
		return res
	}
	pl, err := sc.Plan(r.Binary.Version)
	if err != nil {
		return r.fail(res, start, err)
	}
	var problems []error
	run := &run{runner: r, plan: pl, logger: r.Logger}
	if run.logger == nil {
		run.logger = slog.New(slog.DiscardHandler)
	}
	res.Recording, problems = run.do(ctx)
	res.Elapsed, res.CPU = time.Since(start), run.cpu
	if len(problems) > 0 {
		res.Status, res.Err = Failed, &Failure{Scenario: sc.ID, Version: res.Version, Problems: problems}
		return res
	}
	res.Status = Passed
	return res
}

// quiet returns the runner's quiet period: Quiet, or DefaultQuiet for 0;
// 0 when the check is off.
func (r *Runner) quiet() time.Duration {
	switch {
	case r.Quiet < 0:
		return 0
	case r.Quiet == 0:
		return DefaultQuiet
	}
	return r.Quiet
}

func (r *Runner) fail(res Result, start time.Time, err error) Result {
	res.Status, res.Elapsed = Failed, time.Since(start)
	res.Err = &Failure{Scenario: res.Scenario.ID, Version: res.Version, Problems: []error{err}}
	return res
}

// run is one scenario run in progress.
type run struct {
	runner *Runner
	plan   *Plan
	logger *slog.Logger

	stdio     []stdioLine
	watch     *quietWatch // nil when Runner.Quiet turns the check off
	requestID string      // request_id of the last control_request the CLI sent
	sessionID string      // session_id of system/init
	// mcpTestServer is the script standing for MCPTestServerPlaceholder,
	// "" when the scenario names none.
	mcpTestServer string
	cpu           time.Duration // the CLI process's CPU time, once it exited
}

func (x *run) do(ctx context.Context) (rec *recording.Recording, problems []error) {
	pl, sc := x.plan, x.plan.Scenario
	ctx, cancel := context.WithTimeout(ctx, sc.Timeout)
	defer cancel()

	work, err := tempdir.Make("", "ccwire-scenario-")
	if err != nil {
		return nil, []error{fmt.Errorf("working folder: %w", err)}
	}
	defer os.RemoveAll(work)
	for _, f := range pl.Files {
		p := filepath.Join(work, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, []error{fmt.Errorf("file %s: %w", f.Path, err)}
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			return nil, []error{fmt.Errorf("file %s: %w", f.Path, err)}
		}
	}

	args, paths := sc.Args, map[string]string{}
	if usesMCPTestServer(pl) {
		if len(x.runner.MCPTestServer) == 0 {
			return nil, []error{ErrNoMCPTestServer}
		}
		bin, err := tempdir.Make("", "ccwire-mcp-")
		if err != nil {
			return nil, []error{fmt.Errorf("the test MCP server's folder: %w", err)}
		}
		defer os.RemoveAll(bin)
		script, err := mcpTestServerScript(bin, x.runner.MCPTestServer)
		if err != nil {
			return nil, []error{err}
		}
		args = make([]string, len(sc.Args))
		for i, a := range sc.Args {
			args[i] = strings.ReplaceAll(a, MCPTestServerPlaceholder, script)
		}
		paths[bin] = "mcp-bin"
		x.mcpTestServer = script
	}

	srv, err := stubapi.Start(pl.Script, stubapi.WithLogger(x.logger))
	if err != nil {
		return nil, []error{fmt.Errorf("fake API: %w", err)}
	}
	defer srv.Close()

	env := mergeEnv(mergeEnv(DefaultEnv(), sc.Env), sc.Auth.env())
	paths[work] = "cwd"
	paths[cliDir(x.runner.Binary)] = "cli"
	configDir := "" // the session's own unless the scenario restarts the CLI
	if sc.Restart != nil {
		if configDir, err = tempdir.Make("", "ccwire-config-"); err != nil {
			return nil, []error{fmt.Errorf("config folder: %w", err)}
		}
		defer os.RemoveAll(configDir)
		paths[configDir] = "config"
	}
	var pids []int
	var stderr strings.Builder
	start := func(args []string) (*claude.Session, error) {
		sess, err := claude.Start(ctx, x.runner.Binary, claude.SessionConfig{
			BaseURL:   srv.URL(),
			Isolation: &claude.Isolation{},
			Args:      args,
			Env:       env,
			WorkDir:   work,
			ConfigDir: configDir,
			Logger:    x.logger,
		})
		if err != nil {
			return nil, fmt.Errorf("start the CLI: %w", err)
		}
		pids = append(pids, sess.PID())
		paths[sess.HomeDir()] = "home"
		paths[filepath.Dir(sess.HomeDir())] = "session"
		if q := x.runner.quiet(); q > 0 {
			var server []string
			if x.mcpTestServer != "" {
				server = x.runner.MCPTestServer
			}
			x.watch = newQuietWatch(q, sess.PID(), srv, server)
		}
		return sess, nil
	}
	sess, err := start(args)
	if err != nil {
		return nil, []error{err}
	}
	defer func() { sess.Close() }()
	started := time.Now()
	log := x.logger.With("scenario", sc.ID, "version", pl.Version)
	log.Debug("scenario: CLI started", "pid", sess.PID())

	last, from := 0, 0 // the last turn run; the first stdio line of the process
	for i := range pl.Turns {
		t := &pl.Turns[i]
		if sc.Restart != nil && t.N == sc.Restart.Turn {
			code, probs := x.finish(ctx, sess, last, false)
			problems = append(problems, probs...)
			if code != 0 && len(probs) == 0 {
				problems = append(problems, fmt.Errorf("the CLI exited with status %d before the restart at turn %d, want 0", code, t.N))
			}
			stderr.WriteString(sess.Stderr())
			x.fillBadLines(sess.Transcript(), from)
			from = len(x.stdio)
			sess.Close()
			if len(problems) > 0 {
				break
			}
			args := make([]string, len(sc.Restart.Args))
			for i, a := range sc.Restart.Args {
				a = strings.ReplaceAll(a, "<session_id>", x.sessionID)
				if x.mcpTestServer != "" {
					a = strings.ReplaceAll(a, MCPTestServerPlaceholder, x.mcpTestServer)
				}
				args[i] = a
			}
			next, err := start(args)
			if err != nil {
				problems = append(problems, fmt.Errorf("restart at turn %d: %w", t.N, err))
				break // the first process, which has exited, is finished again below
			}
			sess = next
			log.Debug("scenario: CLI restarted", "turn", t.N, "pid", sess.PID())
		}
		last = t.N
		if err := x.turn(ctx, sess, t); err != nil {
			problems = append(problems, err)
			break
		}
		log.Debug("scenario: turn done", "turn", t.N, "elapsed", time.Since(started))
	}

	if t := pl.Turns[len(pl.Turns)-1]; t.Signal != "" && len(problems) == 0 {
		problems = append(problems, x.awaitExit(ctx, sess, t.N, t.Signal)...)
	}
	exitCode, probs := x.finish(ctx, sess, last, len(problems) > 0)
	problems = append(problems, probs...)
	log.Debug("scenario: CLI exited", "code", exitCode, "elapsed", time.Since(started), "cpu", x.cpu)
	if err := srv.WaitIdle(ctx); err != nil {
		problems = append(problems, fmt.Errorf("fake API still answering: %w", err))
	}
	srv.Close()
	requests := srv.Requests()
	var sessionFiles []sessionFile
	if sc.SessionFiles {
		// The CLI has exited: what it wrote is all there, and its folders
		// stay until sess.Close.
		if sessionFiles, err = readSessionFiles(sess.ConfigDir()); err != nil {
			problems = append(problems, err)
		}
	}
	stderr.WriteString(sess.Stderr())
	x.fillBadLines(sess.Transcript(), from)

	problems = append(problems, x.check(work, exitCode, stderr.String(), srv, requests)...)
	if len(problems) > 0 && strings.TrimSpace(stderr.String()) != "" {
		problems = append(problems, fmt.Errorf("the CLI's stderr (tail):\n%s", tail(stderr.String(), 2000)))
	}

	n := newNormalizer(started, pids[0], paths, map[string]string{
		srv.URL():                                "<api-url>",
		strings.TrimPrefix(srv.URL(), "http://"): "<api-host>",
	})
	for _, pid := range pids[1:] {
		n.addPID(pid)
	}
	n.version = pl.Version
	r := &runLog{
		scenario: sc,
		version:  pl.Version,
		args:     sc.Args,
		restart:  sc.Restart,
		env:      env,
		stdio:    x.stdio,
		exitCode: exitCode,
		requests: requests,
		unused:   srv.Remaining(),

		sessionFiles: sessionFiles,
	}
	return r.encode(n), problems
}

// cliDir is the folder the CLI is installed in: its version folder in the
// cache, or the folder of an explicit binary.
func cliDir(b cliinstall.Binary) string {
	if b.Dir != "" {
		return b.Dir
	}
	return filepath.Dir(b.Path)
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}

func isLineError(err error) bool {
	var de *protocol.DecodeError
	var le *protocol.LineTooLongError
	return errors.As(err, &de) || errors.As(err, &le)
}

// finish closes the stdin of sess, whose last turn was n, keeps what the
// CLI still writes and waits for it to exit; it returns the exit status (-1
// when the CLI did not exit by itself) and the problems found. After a
// failed turn (failed) the CLI gets a short grace only: it may be waiting
// for something that will not come. It adds the process's CPU time to the
// run's.
func (x *run) finish(ctx context.Context, sess *claude.Session, n int, failed bool) (int, []error) {
	var problems []error
	drainCtx, stopDrain := ctx, context.CancelFunc(func() {})
	limit := x.plan.Scenario.Timeout
	if failed {
		limit = failedTurnGrace
		drainCtx, stopDrain = context.WithTimeout(ctx, limit)
	}
	defer stopDrain()
	_ = sess.CloseInput()
	for msg, err := range sess.Messages(drainCtx) {
		if msg == nil && !isLineError(err) {
			if ce := (*claude.ContextError)(nil); errors.As(err, &ce) {
				if errors.Is(ce.Err, context.Canceled) {
					problems = append(problems, errors.New("the run was canceled"))
				} else {
					problems = append(problems, fmt.Errorf("the CLI did not exit within %s after its stdin closed", limit))
				}
			}
			break
		}
		x.keep(n, msg, err)
	}
	exitCode := -1
	switch err := sess.Wait(drainCtx); {
	case err == nil:
		exitCode = 0
	default:
		var ee *claude.ExitError
		if errors.As(err, &ee) && !ee.Stopped {
			exitCode = ee.ExitCode
		} else {
			problems = append(problems, fmt.Errorf("the CLI did not exit by itself: %v", err))
		}
	}
	cpu, _ := sess.CPUTime()
	x.cpu += cpu
	return exitCode, problems
}

// signalExitGrace bounds the wait for a CLI to exit on the signal of
// its last turn, its stdin still open.
const signalExitGrace = 15 * time.Second

// awaitExit waits for the CLI, sent sig in its last turn n, to exit by
// itself with its stdin open (a CLI that exits only once its stdin closes
// did not exit on the signal), keeping what it still writes.
func (x *run) awaitExit(ctx context.Context, sess *claude.Session, n int, sig string) []error {
	start := time.Now()
	waitCtx, cancel := context.WithTimeout(ctx, signalExitGrace)
	defer cancel()
	notExited := func() []error {
		if errors.Is(context.Cause(ctx), context.Canceled) {
			return []error{errors.New("the run was canceled")}
		}
		return []error{fmt.Errorf("the CLI did not exit within %s of %s with its stdin open", time.Since(start).Round(time.Second), sig)}
	}
	for msg, err := range sess.Messages(waitCtx) {
		if msg == nil && !isLineError(err) {
			if ce := (*claude.ContextError)(nil); errors.As(err, &ce) {
				return notExited()
			}
			break // the output ended: the CLI exited
		}
		x.keep(n, msg, err)
	}
	select {
	case <-sess.Exited():
		return nil
	case <-waitCtx.Done():
		return notExited()
	}
}

// fillBadLines puts the text of stdout lines that could not be decoded into
// their records, from the transcript of the session whose lines start at
// x.stdio[from].
func (x *run) fillBadLines(transcript []claude.TranscriptLine, from int) {
	var stdout [][]byte
	for _, l := range transcript {
		if l.Direction == claude.Stdout {
			stdout = append(stdout, l.Line)
		}
	}
	for i, l := range x.stdio[from:] {
		if l.note != "" && l.stdoutLine > 0 && l.stdoutLine <= len(stdout) {
			x.stdio[from+i].data = stdout[l.stdoutLine-1]
		}
	}
}

// keep records one stdout item read in turn n.
func (x *run) keep(n int, msg protocol.Message, err error) {
	if msg == nil {
		l := stdioLine{turn: n, dir: "stdout", note: err.Error()}
		var de *protocol.DecodeError
		var le *protocol.LineTooLongError
		switch {
		case errors.As(err, &de):
			l.stdoutLine = de.Line
		case errors.As(err, &le):
			l.stdoutLine = le.Line
		}
		x.stdio = append(x.stdio, l)
		return
	}
	raw := msg.Raw()
	x.stdio = append(x.stdio, stdioLine{turn: n, dir: "stdout", data: raw})
	var head struct {
		Type      string `json:"type"`
		Subtype   string `json:"subtype"`
		SessionID string `json:"session_id"`
		RequestID string `json:"request_id"`
	}
	if json.Unmarshal(raw, &head) != nil {
		return
	}
	switch {
	case head.Type == "control_request" && head.RequestID != "":
		x.requestID = head.RequestID
	case head.Type == "system" && head.Subtype == "init" && head.SessionID != "":
		x.sessionID = head.SessionID
	}
}

// turn runs one exchange: write the turn's stdin lines, then read until the
// expected messages have been seen in order.
func (x *run) turn(ctx context.Context, sess *claude.Session, t *TurnPlan) error {
	for _, l := range t.Stdin {
		data := l.Data
		if !t.Raw {
			data = x.substitute(data)
		}
		at := time.Now()
		if err := sess.SendRaw(ctx, append(slices.Clip(data), '\n')); err != nil {
			return fmt.Errorf("turn %d: write %s to the CLI's stdin: %w", t.N, l.Source, err)
		}
		x.stdio = append(x.stdio, stdioLine{turn: t.N, dir: "stdin", data: data, at: at})
	}
	if t.Signal != "" {
		at := time.Now()
		// The process, not its group: as a program that runs the CLI
		// signals it (os.Process.Signal).
		p, err := os.FindProcess(sess.PID())
		if err == nil {
			err = p.Signal(signalNumbers[t.Signal]) // on Windows: not supported, an error
		}
		if err != nil {
			return fmt.Errorf("turn %d: send %s to the CLI: %w", t.N, t.Signal, err)
		}
		x.stdio = append(x.stdio, stdioLine{turn: t.N, dir: "signal", data: []byte(t.Signal), at: at})
	}
	if len(t.Expect) == 0 {
		return nil
	}
	opts := []match.Option{match.Ignore(x.plan.Scenario.Ignore...)}
	results, controls := 0, 0
	for _, e := range t.Expect {
		switch label := e.Pattern.Label(); {
		case strings.HasPrefix(label, "result"):
			results++
		case strings.HasPrefix(label, "control_request"):
			controls++
		}
	}
	first := len(x.stdio)
	next := 0 // the pattern awaited
	seenResults, seenControls := 0, 0
	var end error
	readCtx := ctx
	if x.watch != nil {
		// The watch ends the read when the CLI goes quiet.
		var cancel context.CancelCauseFunc
		readCtx, cancel = context.WithCancelCause(ctx)
		x.watch.touch(time.Now())
		done := make(chan struct{})
		go func() { defer close(done); x.watch.watch(readCtx, cancel) }()
		defer func() { cancel(nil); <-done }()
	}
	if x.watch != nil {
		x.watch.owes.Store(awaitsAnswer(t.Expect))
		defer x.watch.owes.Store(false)
	}
	for msg, err := range sess.Messages(readCtx) {
		if msg == nil && !isLineError(err) {
			end = err
			break
		}
		if x.watch != nil {
			x.watch.line(time.Now())
		}
		x.keep(t.N, msg, err)
		if msg == nil {
			continue
		}
		raw := msg.Raw()
		matched := t.Expect[next].Pattern.Match(raw, opts...) == nil
		if cr, ok := msg.(*protocol.ControlResponse); ok && cr.Response != nil && !matched && lastAnswer(t, next, cr.Response.ControlRequestID()) {
			// The one answer the turn expects to the request came, and
			// not as expected: no later line can make up for it.
			end = fmt.Errorf("the CLI answered control request %q, and not as the pattern at %s expects", cr.Response.ControlRequestID(), t.Expect[next].Source)
		}
		if matched {
			x.stdio[len(x.stdio)-1].expect = next + 1
			next++
			if next == len(t.Expect) {
				return nil
			}
			if x.watch != nil {
				x.watch.owes.Store(awaitsAnswer(t.Expect[next:]))
			}
		}
		switch msg.MessageType() {
		case protocol.TypeResult:
			seenResults++
			if seenResults >= max(results, 1) {
				end = fmt.Errorf("the turn ended (result message) before every expected message was seen")
			}
		case protocol.TypeControlRequest:
			seenControls++
			if !matched && seenControls > controls {
				end = fmt.Errorf("the CLI sent a control request the turn does not expect, and waits for an answer")
			}
		}
		if end != nil {
			break
		}
	}
	return x.turnFailure(t, first, opts, end)
}

// awaitsAnswer reports whether the expectations left include the CLI's
// answer to a control request of the host (a control_response pattern
// naming its request_id): until it comes the CLI works on the request,
// however quiet it is (an mcp_call whose tool runs for a minute).
func awaitsAnswer(left []Expectation) bool {
	for _, e := range left {
		if _, ok := e.Pattern.LiteralString("response", "request_id"); ok && strings.HasPrefix(e.Pattern.Label(), "control_response") {
			return true
		}
	}
	return false
}

// lastAnswer reports whether the awaited pattern of turn t is the turn's
// one pattern left for the answer to control request id: the CLI answers
// a request once (2.1.37 answers set_permission_mode twice, and a turn
// then has two patterns for it), so a mismatching answer then fails the
// turn at once, without waiting for the CLI to go quiet.
func lastAnswer(t *TurnPlan, awaited int, id string) bool {
	n := 0
	for _, e := range t.Expect[awaited:] {
		if want, ok := e.Pattern.LiteralString("response", "request_id"); ok && want == id {
			n++
		}
	}
	want, ok := t.Expect[awaited].Pattern.LiteralString("response", "request_id")
	return ok && want == id && n == 1
}

// turnFailure explains why turn t did not see its expected messages, with
// match's closest-candidate differences.
func (x *run) turnFailure(t *TurnPlan, first int, opts []match.Option, end error) error {
	var lines [][]byte
	for _, l := range x.stdio[first:] {
		if l.dir == "stdout" && l.data != nil {
			lines = append(lines, l.data)
		}
	}
	pats := make([]match.Pattern, len(t.Expect))
	for i, e := range t.Expect {
		pats[i] = e.Pattern
	}
	var b strings.Builder
	fmt.Fprintf(&b, "turn %d: expected messages not seen", t.N)
	var ce *claude.ContextError
	var ee *claude.ExitError
	switch {
	case errors.Is(end, ErrQuiet):
		fmt.Fprintf(&b, " before the CLI went quiet (no stdout line, API request in flight, command or CPU use for %s)", x.watch.quiet)
	case errors.As(end, &ce) && errors.Is(ce.Err, context.Canceled):
		b.WriteString(" before the run was canceled")
	case errors.As(end, &ce):
		fmt.Fprintf(&b, " within the scenario's timeout (%s)", x.plan.Scenario.Timeout)
	case errors.As(end, &ee):
		fmt.Fprintf(&b, " before the CLI's output ended (%v)", ee)
	case end == nil:
		b.WriteString(" before the CLI's output ended")
	default:
		fmt.Fprintf(&b, ": %v", end)
	}
	err := match.Subsequence(lines, pats, opts...)
	var se *match.SubsequenceError
	if errors.As(err, &se) {
		fmt.Fprintf(&b, "\npattern at %s:\n%v", t.Expect[se.Pattern].Source, se)
	} else if err != nil {
		fmt.Fprintf(&b, "\n%v", err)
	}
	b.WriteString("\nmessages read in this turn:")
	for i, l := range lines {
		fmt.Fprintf(&b, "\n  %d. %s", i+1, match.MessageLabel(l))
	}
	return &turnError{text: b.String(), end: end}
}

// turnError is the failure of a turn: its text explains it; it wraps how
// the turn's reading ended (ErrQuiet, a *claude.ExitError, a
// *claude.ContextError, …), if it did.
type turnError struct {
	text string
	end  error
}

func (e *turnError) Error() string { return e.text }

// Unwrap returns how the turn's reading ended, or nil.
func (e *turnError) Unwrap() error { return e.end }

// substitute replaces the placeholders of a stdin line.
func (x *run) substitute(line []byte) []byte {
	quote := func(s string) []byte { b, _ := json.Marshal(s); return b }
	if x.requestID != "" {
		line = bytes.ReplaceAll(line, []byte(`"<request_id>"`), quote(x.requestID))
	}
	if x.sessionID != "" {
		line = bytes.ReplaceAll(line, []byte(`"<session_id>"`), quote(x.sessionID))
	}
	if x.mcpTestServer != "" {
		line = bytes.ReplaceAll(line, []byte(`"`+MCPTestServerPlaceholder+`"`), quote(x.mcpTestServer))
	}
	return line
}

// check runs the checks after the conversation.
func (x *run) check(work string, exitCode int, stderr string, srv *stubapi.Server, requests []stubapi.Request) []error {
	pl := x.plan
	var problems []error
	if exitCode >= 0 && exitCode != pl.Want.ExitCode {
		problems = append(problems, fmt.Errorf("the CLI exited with status %d, want %d (want.json exit_code)", exitCode, pl.Want.ExitCode))
	}
	if w := pl.Want.Stderr; w != nil && strings.TrimSpace(stderr) != strings.TrimSpace(*w) {
		problems = append(problems, fmt.Errorf("the CLI wrote on its stderr:\n  got  %q\n  want %q (want.json stderr)", tail(stderr, 2000), *w))
	}
	if o := srv.Overruns(); len(o) > 0 && !pl.Want.AllowOverrun {
		problems = append(problems, fmt.Errorf("the CLI made %d main-loop request(s) after the stub script was used up (first: request %d); script more turns or set want.json allow_overrun", len(o), o[0].Seq))
	}
	for _, r := range srv.Unresolved() {
		problems = append(problems, fmt.Errorf("main-loop request %d: the stub could not fill in its turn's tool input: %s", r.Seq, r.Detail))
	}
	if rem := srv.Remaining(); rem != pl.Want.UnusedTurns {
		problems = append(problems, fmt.Errorf("%d turn(s) of the stub script left unused, want %d (want.json unused_turns)", rem, pl.Want.UnusedTurns))
	}
	var main [][]byte
	for _, r := range requests {
		if r.IsMain() {
			b, err := json.Marshal(r)
			if err != nil {
				problems = append(problems, fmt.Errorf("encode request %d: %w", r.Seq, err))
				continue
			}
			main = append(main, b)
		}
	}
	if w := pl.Want.MainRequests; w != nil && len(main) != *w {
		problems = append(problems, fmt.Errorf("the CLI made %d main-loop request(s), want %d (want.json main_requests)", len(main), *w))
	}
	if err := subsequence("main-loop requests (want/requests.jsonl)", main, pl.WantRequests); err != nil {
		problems = append(problems, err)
	}
	var results [][]byte
	for _, tr := range srv.ToolResults() {
		b, err := json.Marshal(tr)
		if err != nil {
			problems = append(problems, fmt.Errorf("encode tool result: %w", err))
			continue
		}
		results = append(results, b)
	}
	if err := subsequence("tool results sent to the API (want/tool_results.jsonl)", results, pl.WantToolResults); err != nil {
		problems = append(problems, err)
	}
	for _, f := range pl.WantFiles {
		got, err := os.ReadFile(filepath.Join(work, filepath.FromSlash(f.Path)))
		switch {
		case err != nil:
			problems = append(problems, fmt.Errorf("file %s after the run: %w", f.Path, err))
		case !bytes.Equal(got, f.Data):
			problems = append(problems, fmt.Errorf("file %s after the run:\n  got  %q\n  want %q", f.Path, got, f.Data))
		}
	}
	return problems
}

func subsequence(what string, actual [][]byte, want []Expectation) error {
	if len(want) == 0 {
		return nil
	}
	pats := make([]match.Pattern, len(want))
	for i, e := range want {
		pats[i] = e.Pattern
	}
	err := match.Subsequence(actual, pats)
	if err == nil {
		return nil
	}
	var se *match.SubsequenceError
	if errors.As(err, &se) {
		return fmt.Errorf("%s: pattern at %s not matched:\n%v", what, want[se.Pattern].Source, se)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// mergeEnv returns base with the entries of over added, replacing entries
// of the same name.
func mergeEnv(base, over []string) []string {
	out := slices.Clone(base)
	for _, kv := range over {
		k, _, _ := strings.Cut(kv, "=")
		out = slices.DeleteFunc(out, func(e string) bool { ek, _, _ := strings.Cut(e, "="); return ek == k })
		out = append(out, kv)
	}
	return out
}
