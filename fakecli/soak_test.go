package fakecli_test

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

var soakSessions = flag.Int("soak", 100, "how many sessions TestSoak runs through the claude client against the fake CLI (1000 for the long run)")

// soakParallel is how many soak sessions run at once.
const soakParallel = 8

// soakHeapSlack is how much more live heap than at the start the soak
// test accepts at the end: caches warmed by the first sessions.
const soakHeapSlack = 4 << 20

// soakKind is one kind of soak session.
type soakKind struct {
	name     string
	scenario string
	// run drives a connected session (nil for kinds that connect
	// themselves) and returns the turns' messages; cancelled reports a
	// session ended on purpose, whose messages are not checked.
	run func(ctx context.Context, t *testing.T, opts claude.Options) (msgs []protocol.Message, cancelled bool, err error)
}

// soakKinds are the sessions the soak test mixes: plain turns, an
// interrupt, permission round trips, contexts cancelled mid-turn, before
// or during the handshake, and a client closed while a turn is read.
var soakKinds = []soakKind{
	{"query", "text-simple", soakQueries},
	{"multi-turn", "multi-turn", soakQueries},
	{"tool", "bash-single", soakQueries},
	{"parallel-tools", "parallel-tools", soakQueries},
	{"interrupt", "interrupt-stalled-stream", soakInterrupt},
	{"permission-allow", "permission-prompt-allow", soakPermission(claude.Allow())},
	{"permission-deny", "permission-prompt-allow", soakPermission(claude.Deny("Not in the soak test."))},
	{"cancel-mid-turn", "interrupt-stalled-stream", soakCancelMidTurn},
	{"cancel-before-connect", "text-simple", soakCancelBeforeConnect},
	{"cancel-during-connect", "text-simple", soakCancelDuringConnect},
	{"close-mid-turn", "interrupt-stalled-stream", soakCloseMidTurn},
}

// TestSoak runs -soak sessions (100 by default; 1000 for the long run,
// go test ./fakecli -run TestSoak -soak 1000), soakParallel at a time,
// through ccwire's claude client against the fake CLI, in the kinds of
// soakKinds over the recorded versions. Every session that was not
// cancelled must hand its caller every stdout message of the recording
// but the control protocol's, in order; at the end the goroutines, open
// files, child processes and session folders must be back to what they
// were, and the live heap within soakHeapSlack. It logs sessions/s, the
// peak of goroutines, and the counts before and after.
//
// It is not parallel, so that what it counts is its own: Go starts the
// parallel tests of the package only after it.
func TestSoak(t *testing.T) {
	n := *soakSessions
	if n <= 0 {
		t.Fatalf("-soak %d: want a positive number of sessions", n)
	}
	versions := []string{"2.1.37", "2.1.330", "2.1.332"}
	recs := map[string][]string{} // version/scenario: the keys of its stdout
	for _, v := range versions {
		for _, k := range soakKinds {
			id := v + "/" + k.scenario
			if _, ok := recs[id]; ok {
				continue
			}
			rec, err := recording.ReadRecording(filepath.Join(recordingsDir, v, k.scenario+scenario.RecordingExt))
			if err != nil {
				t.Fatal(err)
			}
			var keys []string
			for _, ev := range rec.Events {
				if ev.Kind == recording.EventStdout && ev.Msg != nil {
					if key := soakKey(ev.Msg); key != "" {
						keys = append(keys, key)
					}
				}
			}
			recs[id] = keys
		}
	}
	// The sessions' folders go to a folder of their own, to be counted.
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)

	before := soakCount(t, tmp)
	peak := atomic.Int64{}
	stopSampling := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			if g := int64(runtime.NumGoroutine()); g > peak.Load() {
				peak.Store(g)
			}
			select {
			case <-tick.C:
			case <-stopSampling:
				return
			}
		}
	}()

	start := time.Now()
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	perKind := map[string]int{}
	for range soakParallel {
		wg.Go(func() {
			for i := range jobs {
				kind := soakKinds[i%len(soakKinds)]
				version := versions[(i/len(soakKinds))%len(versions)]
				if err := soakSession(t, kind, version, recs[version+"/"+kind.scenario]); err != nil {
					t.Errorf("session %d (%s, %s on %s): %v", i, kind.name, kind.scenario, version, err)
				}
				mu.Lock()
				perKind[kind.name]++
				mu.Unlock()
			}
		})
	}
	for i := range n {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	elapsed := time.Since(start)
	close(stopSampling)
	<-sampled

	// What the sessions left must be gone once Close has returned; give
	// the runtime a moment to retire exiting goroutines.
	var after soakCounts
	for range 50 {
		if after = soakCount(t, tmp); after.settled(before) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("%d sessions (%v) in %s: %.1f sessions/s, %d at a time", n, perKind, elapsed.Round(time.Millisecond), float64(n)/elapsed.Seconds(), soakParallel)
	t.Logf("goroutines %d before, peak %d, %d after", before.goroutines, peak.Load(), after.goroutines)
	t.Logf("open files %d before, %d after; child processes %d before, %d after; session folders %d before, %d after",
		before.fds, after.fds, before.children, after.children, before.folders, after.folders)
	t.Logf("live heap %.2f MiB before, %.2f MiB after", float64(before.heap)/(1<<20), float64(after.heap)/(1<<20))
	if after.goroutines > before.goroutines {
		buf := make([]byte, 1<<20)
		t.Errorf("%d goroutines left over; stacks:\n%s", after.goroutines-before.goroutines, buf[:runtime.Stack(buf, true)])
	}
	if after.fds > before.fds {
		t.Errorf("%d open files left over: %v", after.fds-before.fds, soakFDs())
	}
	if after.children > before.children {
		t.Errorf("%d child processes left over", after.children-before.children)
	}
	if after.folders > before.folders {
		t.Errorf("%d session folders left over in %s", after.folders-before.folders, tmp)
	}
	if after.heap > before.heap+soakHeapSlack {
		t.Errorf("live heap grew by %d bytes, more than the %d allowed", after.heap-before.heap, soakHeapSlack)
	}
}

// soakSession runs one session of kind on version and checks that the
// messages it got are the recording's (keys want).
func soakSession(t *testing.T, kind soakKind, version string, want []string) error {
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	msgs, cancelled, err := kind.run(ctx, t, clientOptions(t, version, kind.scenario))
	if err != nil || cancelled {
		return err
	}
	var got []string
	for _, m := range msgs {
		if key := soakKey(m.Raw()); key != "" {
			got = append(got, key)
		}
	}
	if !slices.Equal(got, want) {
		return fmt.Errorf("messages lost or out of order:\n got %s\nwant %s", strings.Join(got, " "), strings.Join(want, " "))
	}
	return nil
}

// soakKey names a stdout line for the comparison: its type, subtype,
// stream event type and content block types; "" for the control
// protocol's lines, which the client answers or routes and does not hand
// over as turn messages.
func soakKey(raw []byte) string {
	var m struct {
		Type    string `json:"type"`
		Subtype string `json:"subtype"`
		Event   struct {
			Type string `json:"type"`
		} `json:"event"`
		Message struct {
			Content json.RawMessage `json:"content"`
		} `json:"message"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		return "undecodable"
	}
	if m.Type == "control_request" || m.Type == "control_response" || m.Type == "control_cancel_request" {
		return ""
	}
	key := m.Type
	if m.Subtype != "" {
		key += "/" + m.Subtype
	}
	if m.Event.Type != "" {
		key += ":" + m.Event.Type
	}
	var blocks []struct {
		Type string `json:"type"`
	}
	if json.Unmarshal(m.Message.Content, &blocks) == nil {
		for _, b := range blocks {
			key += "+" + b.Type
		}
	}
	return key
}

// soakConnect connects a client, closing it when the session ends.
func soakConnect(ctx context.Context, opts claude.Options) (*claude.Client, error) {
	c, err := claude.Connect(ctx, opts)
	if err != nil {
		return nil, fmt.Errorf("Connect: %w", err)
	}
	return c, nil
}

// closeSoak closes c, adding a failure to err.
func closeSoak(c *claude.Client, err error) error {
	if cerr := c.Close(); cerr != nil {
		var exit *claude.ExitError
		if !errors.As(cerr, &exit) || exit.ExitCode != 0 {
			err = errors.Join(err, fmt.Errorf("Close: %w", cerr))
		}
	}
	return err
}

// soakQueries sends one prompt per user message of the recording, each
// once the previous turn has ended.
func soakQueries(ctx context.Context, t *testing.T, opts claude.Options) (msgs []protocol.Message, _ bool, err error) {
	rec, err := recording.ReadRecording(soakRecording(opts))
	if err != nil {
		return nil, false, err
	}
	c, err := soakConnect(ctx, opts)
	if err != nil {
		return nil, false, err
	}
	defer func() { err = closeSoak(c, err) }()
	for i, ev := range rec.Events {
		if ev.Kind != recording.EventStdin || soakKey(ev.Msg) != "user" {
			continue
		}
		turn, err := c.Query(ctx, "prompt "+strconv.Itoa(i), nil)
		msgs = append(msgs, turn.Messages...)
		var te *claude.TurnError
		if err != nil && !errors.As(err, &te) {
			return msgs, false, fmt.Errorf("turn %d: %w", i, err)
		}
	}
	return msgs, false, nil
}

// soakRecording is the recording opts make the fake play.
func soakRecording(opts claude.Options) string {
	var id, version, dir string
	for _, e := range opts.Env {
		k, v, _ := strings.Cut(e, "=")
		switch k {
		case "CCWIRE_FAKE_SCENARIO":
			id = v
		case "CCWIRE_FAKE_CLI_VERSION":
			version = v
		case "CCWIRE_FAKE_RECORDINGS":
			dir = v
		}
	}
	return filepath.Join(dir, version, id+scenario.RecordingExt)
}

// soakInterrupt interrupts the first turn at its first text delta, then
// asks again.
func soakInterrupt(ctx context.Context, t *testing.T, opts claude.Options) (msgs []protocol.Message, _ bool, err error) {
	opts.IncludePartialMessages = true
	c, err := soakConnect(ctx, opts)
	if err != nil {
		return nil, false, err
	}
	defer func() { err = closeSoak(c, err) }()
	if err := c.Send(ctx, "Tell me something long."); err != nil {
		return nil, false, err
	}
	h := &interrupter{ctx: ctx, c: c}
	turn, err := c.ReceiveTurn(ctx, h)
	msgs = append(msgs, turn.Messages...)
	var te *claude.TurnError
	if !errors.As(err, &te) || te.Subtype != protocol.SubtypeErrorDuringExecution || !h.done {
		return msgs, false, fmt.Errorf("interrupted turn: error %v (interrupted %v, %v), want an error_during_execution result", err, h.done, h.err)
	}
	again, err := c.Query(ctx, "Try again.", nil)
	msgs = append(msgs, again.Messages...)
	if err != nil {
		return msgs, false, fmt.Errorf("after the interrupt: %w", err)
	}
	return msgs, false, nil
}

// interrupter is a Handler that interrupts the turn at its first text
// delta.
type interrupter struct {
	claude.BaseHandler
	ctx  context.Context
	c    *claude.Client
	done bool
	err  error
}

func (h *interrupter) OnTextDelta(*claude.TextDeltaEvent) {
	if !h.done {
		h.done = true
		h.err = h.c.Interrupt(h.ctx)
	}
}

// soakPermission answers the recording's permission request with d.
func soakPermission(d claude.PermissionDecision) func(context.Context, *testing.T, claude.Options) ([]protocol.Message, bool, error) {
	return func(ctx context.Context, t *testing.T, opts claude.Options) ([]protocol.Message, bool, error) {
		var asked atomic.Int32
		opts.CanUseTool = func(context.Context, *claude.PermissionRequest) (claude.PermissionDecision, error) {
			asked.Add(1)
			return d, nil
		}
		msgs, _, err := soakQueries(ctx, t, opts)
		if err == nil && asked.Load() != 1 {
			err = fmt.Errorf("asked %d times for permission, want 1", asked.Load())
		}
		return msgs, false, err
	}
}

// soakCancelMidTurn cancels the turn's context at its first text delta;
// the read must end with a *ContextError, and Close must end the session.
func soakCancelMidTurn(ctx context.Context, t *testing.T, opts claude.Options) (_ []protocol.Message, _ bool, err error) {
	opts.IncludePartialMessages = true
	c, err := soakConnect(ctx, opts)
	if err != nil {
		return nil, false, err
	}
	defer func() { err = closeSoak(c, err) }()
	turnCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	var readErr error
	for ev, err := range c.Stream(turnCtx, "Tell me something long.") {
		if err != nil {
			readErr = err
			break
		}
		if _, ok := ev.(*claude.TextDeltaEvent); ok {
			cancel()
		}
	}
	var ce *claude.ContextError
	if !errors.As(readErr, &ce) || !errors.Is(readErr, context.Canceled) {
		return nil, true, fmt.Errorf("cancelled turn: error %v, want a *ContextError of context.Canceled", readErr)
	}
	return nil, true, nil
}

// soakCancelBeforeConnect connects with a context already cancelled:
// Connect must fail with it and leave nothing behind.
func soakCancelBeforeConnect(ctx context.Context, t *testing.T, opts claude.Options) ([]protocol.Message, bool, error) {
	ctx, cancel := context.WithCancel(ctx)
	cancel()
	c, err := claude.Connect(ctx, opts)
	if err == nil {
		c.Close()
		return nil, true, errors.New("Connect succeeded with a cancelled context")
	}
	if !errors.Is(err, context.Canceled) {
		return nil, true, fmt.Errorf("Connect: %w, want context.Canceled", err)
	}
	return nil, true, nil
}

// soakCancelDuringConnect cancels the context of Connect a little after
// it starts (by the session's number, 0 to 7 ms): Connect either fails
// with the cancellation or succeeds, and the client then closes.
func soakCancelDuringConnect(ctx context.Context, t *testing.T, opts claude.Options) ([]protocol.Message, bool, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	time.AfterFunc(time.Duration(soakCounter.Add(1)%8)*time.Millisecond, cancel)
	c, err := claude.Connect(ctx, opts)
	if err != nil {
		if !errors.Is(err, context.Canceled) {
			return nil, true, fmt.Errorf("Connect: %w, want context.Canceled", err)
		}
		return nil, true, nil
	}
	return nil, true, closeSoak(c, nil)
}

// soakCounter spreads the delays of soakCancelDuringConnect.
var soakCounter atomic.Int64

// soakCloseMidTurn closes the client while another goroutine reads a turn
// whose stream stalls: the read must end with an *ExitError (Close
// closes stdin first, on which the fake exits by itself with status 0).
func soakCloseMidTurn(ctx context.Context, t *testing.T, opts claude.Options) ([]protocol.Message, bool, error) {
	opts.IncludePartialMessages = true
	c, err := soakConnect(ctx, opts)
	if err != nil {
		return nil, false, err
	}
	delta := make(chan struct{})
	read := make(chan error, 1)
	go func() {
		var once sync.Once
		for ev, err := range c.Stream(ctx, "Tell me something long.") {
			if err != nil {
				read <- err
				return
			}
			if _, ok := ev.(*claude.TextDeltaEvent); ok {
				once.Do(func() { close(delta) })
			}
		}
		read <- errors.New("the turn ended")
	}()
	select {
	case <-delta:
	case err := <-read:
		c.Close()
		return nil, true, fmt.Errorf("before any text delta: %w", err)
	}
	c.Close() // its error is the stop it made
	err = <-read
	var exit *claude.ExitError
	if !errors.As(err, &exit) {
		return nil, true, fmt.Errorf("read during Close: %v, want an *ExitError", err)
	}
	return nil, true, nil
}

// soakCounts are the resources the soak test watches.
type soakCounts struct {
	goroutines, fds, children, folders int
	heap                               uint64
}

// settled reports whether c is back to before's counts (the heap aside).
func (c soakCounts) settled(before soakCounts) bool {
	return c.goroutines <= before.goroutines && c.fds <= before.fds && c.children <= before.children && c.folders <= before.folders
}

// soakCount counts the process's goroutines, open files, child processes
// and the session folders in tmp, and its live heap after a collection.
func soakCount(t *testing.T, tmp string) soakCounts {
	t.Helper()
	var c soakCounts
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	c.heap = ms.HeapAlloc
	c.goroutines = runtime.NumGoroutine()
	c.fds = len(soakFDs())
	c.children = soakChildren(t)
	folders, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	c.folders = len(folders)
	return c
}

// soakFDs lists the process's open files and what they are.
func soakFDs() []string {
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return []string{err.Error()}
	}
	var out []string
	for _, e := range entries {
		target, _ := os.Readlink(filepath.Join("/proc/self/fd", e.Name()))
		out = append(out, e.Name()+"="+target)
	}
	return out
}

// soakChildren counts the process's child processes, zombies included.
func soakChildren(t *testing.T) int {
	t.Helper()
	tasks, err := filepath.Glob("/proc/self/task/*/children")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range tasks {
		data, err := os.ReadFile(f)
		if err != nil {
			continue // the thread ended
		}
		n += len(strings.Fields(string(data)))
	}
	return n
}
