package claude

import (
	"bytes"
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"log/slog"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ccwire/ccwire/protocol"
)

// Client drives one Claude Code CLI process for many turns: it sends
// prompts, turns what the CLI writes into [Event] values, and speaks the
// control protocol (initialize, interrupt, permission mode and model
// changes, permission prompts, hooks). Start one with [Connect]; for a single
// prompt, [Query] does it all.
//
// A goroutine of the client reads the CLI's output as it comes, whether or
// not anyone consumes it: answers to the client's control requests go to
// the requests waiting for them, the CLI's permission and hook requests go
// to their callbacks (at most [Options.ControlHandlers] at once, the
// others queued), and everything else waits in a buffer for the reader,
// so a slow consumer loses nothing and never blocks the control protocol.
// What a CLI can make the client hold is bounded all the same: past
// [Options.MaxControlQueue] requests queued or [Options.MaxBufferedBytes]
// of output held for reads, the client ends the session with a
// *LimitError. Control responses never reach the reader; they stay in
// the session's transcript ([Client.Session]).
//
// Sending and control requests may be called from any goroutine, also
// while another reads. Reads (ReceiveTurn, Query, Stream, Events) should
// come from one goroutine at a time: each event goes to exactly one read.
//
// Close the client when done: it ends the CLI and leaves no process,
// goroutine or temporary folder behind.
type Client struct {
	conn    conn
	sess    *Session // nil when conn is not a session
	logger  *slog.Logger
	version string

	canUseTool     PermissionFunc
	onElicitation  ElicitationFunc
	onUserDialog   UserDialogFunc
	hooks          *hookRegistry
	mcp            map[string]*MCPServer // in-process MCP servers by name
	mcpNames       []string              // their names, for initialize
	outputSchema   json.RawMessage       // the structured output's schema
	observer       Handler               // sees events on the reading goroutine, if set
	controlTimeout time.Duration
	closeTimeout   time.Duration
	handlers       int   // Options.ControlHandlers
	maxQueued      int   // Options.MaxControlQueue
	maxBuffered    int64 // Options.MaxBufferedBytes

	buffered atomic.Int64 // bytes of output held for reads

	watch      watchdog     // Options.StallTimeout, guarded by mu
	lastActive atomic.Int64 // when the CLI last wrote, or a prompt went, in Unix nanoseconds
	busy       atomic.Bool  // a prompt went and its result has not come

	idSuffix string
	nextID   atomic.Uint64

	mu           sync.Mutex
	pending      map[string]chan controlAnswer      // our requests awaiting an answer
	pendingWhat  map[string]protocol.ControlSubtype // their subtypes
	handling     map[string]context.CancelFunc      // the CLI's requests being answered or queued
	handlingWhat map[string]protocol.ControlSubtype // their subtypes
	queued       []cliRequest                       // the CLI's requests waiting for a handler
	workers      int                                // goroutines answering them
	ended        error                              // how the CLI's output ended, or the bound it went over, once it did

	life      context.Context // ends on Close; parent of the callbacks' contexts
	stopLife  context.CancelFunc
	callbacks sync.WaitGroup
	stopping  sync.WaitGroup // stops the CLI of a session that went over a bound

	tr           *translator // owned by the goroutine calling route, as evbuf
	evbuf        []Event
	out          *fifo[item, error] // ends with nil after a clean exit
	attached     chan struct{}      // closed once conn is set
	dispatchDone chan struct{}

	leftMu   sync.Mutex
	leftover []Event // events of a message whose reader stopped halfway

	readMu    sync.Mutex
	readCond  *sync.Cond    // broadcast when a read ends or delivers a tool call
	readers   int           // reads under way
	inTurn    bool          // the reads took a system/init since the last result they took
	abandoned bool          // a read stopped inside a turn: the next prompt waits for its result
	prompts   atomic.Uint64 // user messages sent
	answered  atomic.Uint64 // prompts sent before the last result a read took

	init    *protocol.InitializeResponse
	initReq *protocol.InitializeRequest // the options' part of initialize

	hurried   chan struct{} // closed to make Close kill the CLI at once
	hurryOnce sync.Once
	closeOnce sync.Once
	closeErr  error
}

// item is one stdout message for the reader, with its events; or an
// undecodable line. Most messages give one event, kept without a slice.
type item struct {
	msg   protocol.Message
	err   error // *protocol.DecodeError or *protocol.LineTooLongError
	first Event
	more  []Event // the events after first
	size  int64   // the bytes it holds, for Options.MaxBufferedBytes
}

// newItem returns the item of msg and its events evs, which it does not
// keep.
func newItem(msg protocol.Message, evs []Event) item {
	it := item{msg: msg, size: int64(len(msg.Raw()))}
	if len(evs) > 0 {
		it.first = evs[0]
	}
	if len(evs) > 1 {
		it.more = slices.Clone(evs[1:])
	}
	return it
}

// events returns an iterator over the item's events with their index.
func (it *item) events() iter.Seq2[int, Event] {
	return func(yield func(int, Event) bool) {
		if it.first == nil || !yield(0, it.first) {
			return
		}
		for i, ev := range it.more {
			if !yield(i+1, ev) {
				return
			}
		}
	}
}

// after returns the item's events after the i-th.
func (it *item) after(i int) []Event { return it.more[i:] }

// controlAnswer is the answer to one of our control requests, or the end
// of the CLI's output.
type controlAnswer struct {
	resp *protocol.ControlResponse
	err  error
}

// Connect starts a CLI as opts say and performs the initialize handshake:
// it finds the CLI (opts.Binary, the pinned opts.Version installed if needed,
// or the `claude` on PATH), checks
// the options against the CLI's version (an [*OptionError] when the
// version lacks one), starts the process with the session environment of
// [Start], and sends the initialize control request, whose answer
// [Client.InitializeResponse] returns.
//
// ctx bounds connecting only; the client lives until Close. When ctx ends
// before the handshake completes, Connect kills the CLI and returns at once,
// rather than give it [Options.CloseTimeout] to exit.
func Connect(ctx context.Context, opts Options) (*Client, error) {
	if err := opts.checkSession(); err != nil {
		return nil, err
	}
	if err := opts.checkWatchdog(); err != nil {
		return nil, err
	}
	bin, err := opts.binary(ctx)
	if err != nil {
		return nil, err
	}
	servers, err := mcpServers(opts.MCPServers)
	if err != nil {
		return nil, err
	}
	if s := opts.OutputSchema; len(s) > 0 && (!json.Valid(s) || bytes.TrimSpace(s)[0] != '{') {
		return nil, &OptionError{Option: "OutputSchema", Reason: "not a JSON object"}
	}
	hooks, err := newHookRegistry(opts.Hooks)
	if err != nil {
		return nil, err
	}
	initReq, err := opts.initializeRequest(bin.Version)
	if err != nil {
		return nil, err
	}
	files := new(configFiles)
	args, err := opts.args(bin.Version, files)
	if err != nil {
		return nil, errors.Join(err, files.remove())
	}
	c := newClient(opts, bin.Version)
	c.initReq = initReq
	c.hooks = hooks
	c.mcp = servers
	_, c.mcpNames = sdkMCPConfig(opts.MCPServers)
	sess, err := Start(context.WithoutCancel(ctx), bin, SessionConfig{
		BaseURL:         opts.BaseURL,
		APIKey:          opts.APIKey,
		Isolation:       opts.Isolation,
		Stderr:          opts.Stderr,
		Args:            args,
		Env:             opts.env(),
		ConfigDir:       opts.ConfigDir,
		WorkDir:         opts.WorkDir,
		CloseTimeout:    opts.CloseTimeout,
		Logger:          opts.Logger,
		TranscriptLines: opts.transcriptLines(),
		route:           c.route,
		files:           files,
	})
	if err != nil {
		c.stopLife()
		return nil, errors.Join(err, files.remove())
	}
	c.sess = sess
	c.attach(sess)
	if err := c.initialize(ctx); err != nil {
		return nil, errors.Join(err, c.closeWithin(ctx))
	}
	if c.watch.timeout > 0 {
		c.callbacks.Add(1)
		go c.runWatchdog()
	}
	return c, nil
}

// checkSession checks the options Start would refuse or fail on, so that
// the error names the Options field rather than SessionConfig's, or the
// exec error of a missing working directory, which blames the binary.
func (o *Options) checkSession() error {
	if o.Isolation != nil && o.BaseURL == "" {
		return &OptionError{Option: "BaseURL", Reason: "Options.Isolation needs the URL of the API the CLI should use (a stubapi server)"}
	}
	if o.Isolation == nil && o.WorkDir != "" {
		// An isolated session creates its WorkDir; the user's must exist.
		fi, err := os.Stat(o.WorkDir)
		switch {
		case err != nil:
			return &OptionError{Option: "WorkDir", Reason: err.Error()}
		case !fi.IsDir():
			return &OptionError{Option: "WorkDir", Reason: o.WorkDir + " is not a folder"}
		}
	}
	return nil
}

// newClient returns a client that is not attached to a CLI yet: its route
// method is to see the CLI's stdout (see SessionConfig.route), then attach
// gives it the CLI.
func newClient(opts Options, version string) *Client {
	c := &Client{
		logger:         opts.Logger,
		version:        version,
		canUseTool:     opts.CanUseTool,
		onElicitation:  opts.OnElicitation,
		onUserDialog:   opts.OnUserDialog,
		outputSchema:   opts.OutputSchema,
		observer:       opts.Observer,
		controlTimeout: opts.ControlTimeout,
		closeTimeout:   opts.CloseTimeout,
		handlers:       cmp.Or(max(opts.ControlHandlers, 0), DefaultControlHandlers),
		maxQueued:      cmp.Or(max(opts.MaxControlQueue, 0), DefaultMaxControlQueue),
		maxBuffered:    cmp.Or(max(opts.MaxBufferedBytes, 0), DefaultMaxBufferedBytes),
		pending:        make(map[string]chan controlAnswer),
		pendingWhat:    make(map[string]protocol.ControlSubtype),
		handling:       make(map[string]context.CancelFunc),
		handlingWhat:   make(map[string]protocol.ControlSubtype),
		watch:          watchdog{timeout: opts.StallTimeout, onStall: opts.OnStall, interrupt: opts.InterruptOnStall},
		hooks:          &hookRegistry{},
		tr:             newTranslator(),
		out:            newFIFO[item, error](),
		dispatchDone:   make(chan struct{}),
		attached:       make(chan struct{}),
		hurried:        make(chan struct{}),
	}
	if c.logger == nil {
		c.logger = slog.New(slog.DiscardHandler)
	}
	if c.controlTimeout <= 0 {
		c.controlTimeout = 30 * time.Second
	}
	if c.closeTimeout <= 0 {
		c.closeTimeout = 5 * time.Second
	}
	suffix := make([]byte, 4)
	_, _ = rand.Read(suffix)
	c.idSuffix = hex.EncodeToString(suffix)
	c.life, c.stopLife = context.WithCancel(context.Background())
	c.readCond = sync.NewCond(&c.readMu)
	return c
}

// attach connects the client to its CLI and starts waiting for the CLI's
// output to end.
func (c *Client) attach(cn conn) {
	c.conn = cn
	close(c.attached)
	go c.dispatch()
}

// initialize sends the initialize request and keeps its answer.
func (c *Client) initialize(ctx context.Context) error {
	req := c.initReq
	if req == nil {
		req = new(protocol.InitializeRequest)
	}
	req.Hooks, req.SDKMCPServers, req.JSONSchema = c.hooks.config, c.mcpNames, c.outputSchema
	resp, err := c.control(ctx, req)
	if err != nil {
		return err // it names the initialize request
	}
	ir := new(protocol.InitializeResponse)
	if len(resp.Response) > 0 {
		if err := resp.DecodePayload(ir); err != nil {
			return wrapError("the answer to initialize", err)
		}
	}
	c.init = ir
	c.handlePending(resp.PendingPermissionRequests)
	return nil
}

// dispatch waits for the CLI's output to end, then fails the requests
// still waiting and ends the reader's queue. Stdout events reach route on
// the conn's reading goroutine; any the conn queued instead are routed
// here.
func (c *Client) dispatch() {
	defer close(c.dispatchDone)
	for {
		ev, end, _ := c.conn.nextEvent(context.Background())
		if end == nil {
			c.route(ev)
			continue
		}
		c.endPending(end)
		var final error
		if !end.clean() {
			final = end
		}
		c.out.finish(final) // unless a bound ended it
		return
	}
}

// route takes one stdout event of the CLI: answers go to their requests,
// the CLI's control requests to their handlers, and every other message,
// with its events, to the reader. It runs on one goroutine at a time (the
// conn's reader), which owns the translator, and never blocks.
func (c *Client) route(ev event) bool {
	if ev.err != nil {
		first := &UnknownEvent{Err: ev.err}
		if c.observer != nil {
			Dispatch(c.observer, first)
		}
		size := int64(len(ev.err.Error()))
		c.out.push(item{err: ev.err, first: first, size: size})
		_ = c.hold(size)
		return true
	}
	if c.watch.timeout > 0 {
		c.watchTurns(ev.msg)
	}
	switch m := ev.msg.(type) {
	case *protocol.ControlResponse:
		c.resolve(m)
		return true
	case *protocol.KeepAlive:
		return true
	case *protocol.ControlRequest:
		var use *ToolUseEvent
		if r, ok := m.Request.(*protocol.CanUseToolRequest); ok {
			use = c.tr.toolUses[r.ToolUseID]
		}
		c.handleRequest(m, use)
	case *protocol.ControlCancelRequest:
		c.cancelHandling(m.RequestID)
	}
	c.evbuf = c.tr.events(c.evbuf[:0], ev.msg)
	if c.observer != nil {
		for _, e := range c.evbuf {
			Dispatch(c.observer, e)
		}
	}
	it := newItem(ev.msg, c.evbuf)
	c.out.push(it)
	clear(c.evbuf)
	_ = c.hold(it.size)
	return true
}

// hold counts n more bytes of output held for reads (n < 0: fewer), and
// ends the session with a *LimitError, which it returns, once they are
// over Options.MaxBufferedBytes.
func (c *Client) hold(n int64) error {
	if c.buffered.Add(n) <= c.maxBuffered {
		return nil
	}
	return c.fail(&LimitError{What: "bytes of the CLI's output held for reads", Limit: c.maxBuffered, Option: "MaxBufferedBytes"})
}

// fail ends the session on err, a bound the CLI went over, unless the
// CLI's output ended first; it returns how the session ended. The reads
// and requests that follow return it, the events no read has taken are
// dropped (the transcript keeps their lines), the callbacks' contexts are
// withdrawn, and the CLI is stopped on a goroutine of the client's,
// which Close waits for: fail does not block, as route calls it.
func (c *Client) fail(err error) error {
	c.mu.Lock()
	if c.ended != nil {
		ended := c.ended
		c.mu.Unlock()
		return ended
	}
	c.ended = err
	clear(c.queued)
	c.queued = nil
	c.mu.Unlock()
	c.logger.Warn("claude: ending the session", "err", err)
	c.stopLife()
	c.out.fail(err)
	c.stopping.Go(func() {
		<-c.attached // route may run before Connect has the session
		c.hurry()
		_ = c.conn.Close()
	})
	return err
}

// Version returns the version of the CLI the client runs.
func (c *Client) Version() string { return c.version }

// Session returns the CLI session the client drives, for its transcript,
// stderr, process and folders. Do not read messages from it: the client
// does.
func (c *Client) Session() *Session { return c.sess }

// InitializeResponse returns the CLI's answer to the initialize handshake:
// its slash commands, models, account, output styles and (CLI 2.1.330)
// agents, version and permission mode.
func (c *Client) InitializeResponse() *protocol.InitializeResponse { return c.init }

// Send sends a prompt: a user message whose content is text.
//
// After a read that stopped inside a turn (a loop over [Client.Stream]
// or [Client.Events] left before the result, a [Client.ReceiveTurn] or
// [Client.Query] whose context ended), Send first waits for that
// abandoned turn to end and discards the rest of its events, its result
// included (they stay in the transcript and went to Options.Observer),
// so that the next turn read gets this prompt's turn. Without that wait
// the prompt would queue behind the abandoned turn, or, when the turn is
// running a tool, both pinned CLIs would fold it into that turn, which
// then answers both. A read that is still under way in another goroutine
// continues the turn itself, and Send does not wait. To end an abandoned
// turn sooner, call [Client.Interrupt] first; to see its rest, read it
// (ReceiveTurn) before sending. When ctx ends first, Send returns a
// *ContextError without sending; the rest of the turn is discarded by
// the next Send.
//
// Prompts sent while a turn is under way, with no read abandoned, go to
// the CLI at once: a reader then sees them queued as turns of their own,
// or folded into the running turn (see above).
func (c *Client) Send(ctx context.Context, prompt string) error {
	return c.SendMessage(ctx, protocol.NewUserText(prompt))
}

// SendMessage sends a message to the CLI's stdin, such as a user message
// with content blocks ([protocol.NewUserBlocks]). A user message waits
// for an abandoned turn to end first, as [Client.Send] says.
func (c *Client) SendMessage(ctx context.Context, m protocol.Message) error {
	return c.send(ctx, m, 0)
}

// send sends m as SendMessage does; own is the number of reads under way
// that are the caller's (Query and Stream register theirs before sending,
// so that a permission callback of the turn finds the read under way).
func (c *Client) send(ctx context.Context, m protocol.Message, own int) error {
	c.mu.Lock()
	ended := c.ended
	c.mu.Unlock()
	if le := (*LimitError)(nil); errors.As(ended, &le) {
		return wrapError("send", le)
	}
	if _, ok := m.(*protocol.UserMessage); ok {
		if err := c.finishAbandoned(ctx, own); err != nil {
			if _, ok := err.(*ExitError); ok {
				return wrapError("send", err)
			}
			return wrapError("send: the abandoned turn before the prompt did not end", err)
		}
		c.prompts.Add(1)
		c.touch()
		c.busy.Store(true)
		if err := sendMessage(ctx, c.conn, m); err != nil {
			// Not sent: no turn is owed for it. The error says "claude: send".
			c.prompts.Add(^uint64(0))
			return err
		}
		return nil
	}
	return sendMessage(ctx, c.conn, m)
}

// CloseInput closes the CLI's stdin: the CLI finishes the turn under way
// and exits. Permission requests can no longer be answered afterwards.
func (c *Client) CloseInput() error { return c.conn.CloseInput() }

// Query sends prompt and reads the turn it starts, as [Client.Send] and
// [Client.ReceiveTurn] do: after a turn a read abandoned, it returns this
// prompt's turn, never the rest of the abandoned one.
func (c *Client) Query(ctx context.Context, prompt string, h Handler) (Turn, error) {
	c.beginRead()
	defer c.endRead()
	if err := c.send(ctx, protocol.NewUserText(prompt), 1); err != nil {
		return Turn{}, err
	}
	return c.receiveTurn(ctx, h)
}

// ReceiveTurn reads events up to and including the next result, which ends
// a turn, handing each to h (which may be nil), and returns the turn's
// messages. Control responses are not among them.
//
// On error the turn holds the messages read so far. The error is:
//   - *TurnError if the turn's result reports an error (an error subtype
//     such as error_max_turns, or is_error); the turn is complete;
//   - *ExitError if the CLI's output ended first;
//   - *ContextError (wrapping ctx.Err()) if ctx ended first; the client
//     goes on and a later read continues where this one stopped, unless a
//     prompt is sent first: then the rest of this turn is discarded (see
//     [Client.Send]);
//   - *LineErrors if stdout lines could not be decoded; they were handed to
//     h as UnknownEvent and the turn is complete otherwise: its result is
//     there (Turn.Result, Turn.Text), and Turn.Err is nil unless the
//     result reports an error.
//
// Errors can come together: test with errors.As.
func (c *Client) ReceiveTurn(ctx context.Context, h Handler) (Turn, error) {
	c.beginRead()
	defer c.endRead()
	return c.receiveTurn(ctx, h)
}

// receiveTurn is ReceiveTurn for a caller that registered its read.
func (c *Client) receiveTurn(ctx context.Context, h Handler) (Turn, error) {
	var turn Turn
	var lineErrs []error
	var held int64 // the bytes of the turn's items, held until it returns
	defer func() { c.buffered.Add(-held) }()
	for ev := range c.takeLeftover() {
		Dispatch(h, ev)
		c.took(ev)
		if r, ok := ev.(*ResultEvent); ok {
			return turn, withLineErrors(turnError(r.Result), lineErrs)
		}
	}
	for {
		it, err := c.nextItem(ctx)
		if err != nil {
			var ce *ContextError
			if errors.As(err, &ce) {
				ce.Messages = turn.Messages
			}
			return turn, withLineErrors(err, lineErrs)
		}
		held += it.size
		if err := c.hold(it.size); err != nil {
			return turn, withLineErrors(err, lineErrs)
		}
		if it.err != nil {
			lineErrs = append(lineErrs, it.err)
		} else {
			turn.Messages = append(turn.Messages, it.msg)
		}
		for i, ev := range it.events() {
			Dispatch(h, ev)
			c.took(ev)
			if r, ok := ev.(*ResultEvent); ok {
				c.keepLeftover(it.after(i))
				return turn, withLineErrors(turnError(r.Result), lineErrs)
			}
		}
	}
}

// Stream sends prompt, as [Client.Send] does, and returns an iterator
// over the events of the turn it starts, the result last. It then yields
// (nil, err) if the result reports an error (*TurnError), and on the
// errors of [Client.ReceiveTurn] other than line errors (undecodable lines
// come as UnknownEvent); a CLI that exits before the result, even cleanly,
// gives an *ExitError. Breaking out of the loop loses nothing: a later
// read continues with the next event, unless a prompt is sent first: then
// the rest of the turn is discarded (see [Client.Send]).
func (c *Client) Stream(ctx context.Context, prompt string) iter.Seq2[Event, error] {
	return func(yield func(Event, error) bool) {
		c.beginRead()
		defer c.endRead()
		if err := c.send(ctx, protocol.NewUserText(prompt), 1); err != nil {
			yield(nil, err)
			return
		}
		c.events(ctx, true, yield)
	}
}

// Events returns an iterator over every event from now on, across turns.
// Undecodable lines come as UnknownEvent. The iteration ends when the
// CLI's output ends: silently after a clean exit (status 0), with a final
// (nil, *ExitError) otherwise; or with (nil, *ContextError) when ctx ends.
// Breaking out of the loop loses nothing: a later read continues with the
// next event, unless the loop stopped inside a turn and a prompt is sent
// first: then the rest of that turn is discarded (see [Client.Send]).
func (c *Client) Events(ctx context.Context) iter.Seq2[Event, error] {
	return func(yield func(Event, error) bool) {
		c.beginRead()
		defer c.endRead()
		c.events(ctx, false, yield)
	}
}

// events yields events until yield stops, the output ends or ctx ends; or,
// with turn, until a result, after which it yields the result's
// *TurnError if any. The caller registers the read.
func (c *Client) events(ctx context.Context, turn bool, yield func(Event, error) bool) {
	// each yields one event; it reports whether to go on.
	each := func(ev Event) bool {
		more := yield(ev, nil)
		c.took(ev)
		if !more {
			return false
		}
		if r, ok := ev.(*ResultEvent); ok && turn {
			if err := turnError(r.Result); err != nil {
				yield(nil, err)
			}
			return false
		}
		return true
	}
	for {
		for ev := range c.takeLeftover() {
			if !each(ev) {
				return
			}
		}
		it, err := c.nextItem(ctx)
		if err != nil {
			var ee *ExitError
			if !turn && errors.As(err, &ee) && ee.clean() {
				return
			}
			yield(nil, err)
			return
		}
		for i, ev := range it.events() {
			if !each(ev) {
				c.keepLeftover(it.after(i))
				return
			}
		}
	}
}

// beginRead registers a read under way.
func (c *Client) beginRead() {
	c.readMu.Lock()
	c.readers++
	c.readMu.Unlock()
}

// endRead ends a read. A read that stops inside a turn, having taken the
// turn's system/init but not its result, or with a prompt sent since the
// last result taken, abandons the turn: the next prompt waits for the
// turn's result (see finishAbandoned).
func (c *Client) endRead() {
	c.readMu.Lock()
	c.readers--
	if c.inTurn || c.prompts.Load() > c.answered.Load() {
		c.abandoned = true
	}
	c.readCond.Broadcast()
	c.readMu.Unlock()
}

// took notes that a read handed ev on (to a handler, a loop body, or
// nowhere when discarding): where the reads are in the turns, and that
// a tool call's permission callback may start (see awaitDelivery).
func (c *Client) took(ev Event) {
	switch ev := ev.(type) {
	case *InitEvent:
		c.readMu.Lock()
		c.inTurn = true
		c.readMu.Unlock()
	case *ResultEvent:
		c.answered.Store(c.prompts.Load())
		c.readMu.Lock()
		c.inTurn, c.abandoned = false, false
		c.readMu.Unlock()
	case *ToolUseEvent:
		c.readMu.Lock()
		ev.delivered = true
		c.readCond.Broadcast()
		c.readMu.Unlock()
	}
}

// finishAbandoned discards the rest of a turn a read abandoned, up to and
// including its result, unless a read other than the caller's own (own is
// 0 or 1) is under way. It returns a *ContextError if ctx ends first (the
// turn stays abandoned), or how the CLI's output ended.
func (c *Client) finishAbandoned(ctx context.Context, own int) error {
	c.readMu.Lock()
	if !c.abandoned || c.readers > own {
		c.readMu.Unlock()
		return nil
	}
	c.readers++
	c.readMu.Unlock()
	defer c.endRead()
	for {
		for ev := range c.takeLeftover() {
			c.took(ev)
			if _, ok := ev.(*ResultEvent); ok {
				return nil
			}
		}
		it, err := c.nextItem(ctx)
		if err != nil {
			return err
		}
		for i, ev := range it.events() {
			c.took(ev)
			if _, ok := ev.(*ResultEvent); ok {
				c.keepLeftover(it.after(i))
				return nil
			}
		}
	}
}

// awaitDelivery waits until a read has handed use on, so that a tool
// call's permission callback starts after the reader's handler got the
// call; it does not wait when no read is under way, nor after ctx ends.
func (c *Client) awaitDelivery(ctx context.Context, use *ToolUseEvent) {
	if use == nil {
		return
	}
	stop := context.AfterFunc(ctx, func() {
		c.readMu.Lock()
		c.readCond.Broadcast()
		c.readMu.Unlock()
	})
	defer stop()
	c.readMu.Lock()
	for !use.delivered && c.readers > 0 && ctx.Err() == nil {
		c.readCond.Wait()
	}
	c.readMu.Unlock()
}

// nextItem returns the next item for the reader, or how the output ended
// (*ExitError, also for a clean exit), or a *ContextError once ctx has
// ended, even with items waiting.
func (c *Client) nextItem(ctx context.Context) (item, error) {
	var it item
	var ok bool
	var end error
	ctxErr := ctx.Err()
	if ctxErr == nil {
		it, ok, end, ctxErr = c.out.next(ctx)
	}
	switch {
	case ctxErr != nil:
		return item{}, contextError(ctx, ctxErr, "")
	case ok:
		c.buffered.Add(-it.size)
		return it, nil
	case end != nil:
		return item{}, end
	}
	// A clean exit: report it as such, so that turn reads can say the
	// output ended.
	c.mu.Lock()
	ended := c.ended
	c.mu.Unlock()
	if ee, ok := ended.(*ExitError); ok {
		return item{}, ee
	}
	return item{}, &ExitError{Err: errors.New("the CLI's output ended")}
}

// takeLeftover returns the events a stopped reader left over, and forgets
// them.
func (c *Client) takeLeftover() iter.Seq[Event] {
	return func(yield func(Event) bool) {
		for {
			c.leftMu.Lock()
			if len(c.leftover) == 0 {
				c.leftMu.Unlock()
				return
			}
			ev := c.leftover[0]
			c.leftover = c.leftover[1:]
			c.leftMu.Unlock()
			if !yield(ev) {
				return
			}
		}
	}
}

// keepLeftover keeps the events a reader did not get to, for the next read.
func (c *Client) keepLeftover(evs []Event) {
	if len(evs) == 0 {
		return
	}
	c.leftMu.Lock()
	c.leftover = append(evs[:len(evs):len(evs)], c.leftover...)
	c.leftMu.Unlock()
}

// Close ends the client: it withdraws the contexts of the permission and
// hook callbacks under way, closes the CLI's stdin, waits up to CloseTimeout for the CLI to exit,
// then kills it (see [Session.Close]), and waits for the client's
// goroutines. It is idempotent and safe to call concurrently; every call
// returns the first one's result, which reports only failures to clean up.
func (c *Client) Close() error {
	c.closeOnce.Do(func() {
		c.stopLife()
		var errs []error
		if err := c.conn.Close(); err != nil {
			errs = append(errs, err)
		}
		c.stopping.Wait()
		// The session's Close ends its stdout, and with it the dispatcher,
		// unless its reader is stuck (Close then says so).
		if !waitFor(c.dispatchDone, c.closeTimeout) {
			errs = append(errs, errors.New("claude: the CLI's output did not end after Close"))
		}
		done := make(chan struct{})
		go func() {
			c.callbacks.Wait()
			close(done)
		}()
		timer := time.NewTimer(c.closeTimeout)
		select {
		case <-done:
		case <-c.hurried:
			// Cut short: the callbacks' contexts are done, and they end
			// by themselves.
		case <-timer.C:
			errs = append(errs, fmt.Errorf("claude: a permission, hook or tool callback did not return within %s of Close", c.closeTimeout))
		}
		timer.Stop()
		c.closeErr = errors.Join(errs...)
	})
	return c.closeErr
}

// hurry makes a Close under way or to come kill the CLI at once, without
// its grace period, and stop waiting for the permission callbacks. It does
// not block.
func (c *Client) hurry() {
	c.hurryOnce.Do(func() {
		close(c.hurried)
		c.conn.hurry()
	})
}

// closeWithin closes the client, gracefully unless ctx ends first: then
// it kills the CLI at once, so that a caller whose context ended returns
// promptly.
func (c *Client) closeWithin(ctx context.Context) error {
	if ctx.Err() != nil {
		c.hurry()
	}
	stop := context.AfterFunc(ctx, c.hurry)
	defer stop()
	return c.Close()
}

// Wait waits for the CLI to exit (after CloseInput, for example) and
// returns nil for a clean exit with status 0, an *ExitError otherwise, or
// a *ContextError when ctx ends first.
func (c *Client) Wait(ctx context.Context) error {
	select {
	case <-c.dispatchDone:
	case <-ctx.Done():
		return contextError(ctx, ctx.Err(), "waiting for the CLI to exit")
	}
	c.mu.Lock()
	ended := c.ended
	c.mu.Unlock()
	if ee, ok := ended.(*ExitError); ok && ee.clean() {
		return nil
	}
	return ended
}
