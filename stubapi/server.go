package stubapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Server is a running fake Messages API serving one script. Its methods
// are safe for concurrent use.
type Server struct {
	cfg   config
	turns []Turn
	url   string
	ln    net.Listener
	srv   *http.Server
	// ctx ends when the server closes; every request context derives from
	// it, so stalls end with the server.
	ctx       context.Context
	cancel    context.CancelFunc
	served    chan struct{}
	closeOnce sync.Once

	mu sync.Mutex
	// next is the index of the turn the next main-loop request gets;
	// faultIdx and faultUsed track that turn's faults.
	next      int
	faultIdx  int
	faultUsed int
	// dispatches counts main-loop dispatches, to tell whether a turn
	// handed out can still be handed back.
	dispatches int
	reqs       []*Request
	sideCount  int
	// inflight counts requests being answered; idle, made when WaitIdle
	// needs it, is closed and dropped when inflight drops to zero.
	inflight int
	idle     chan struct{}

	// bufs holds *[]byte buffers responses are rendered into.
	bufs sync.Pool
}

// config is what Options set.
type config struct {
	addr         string
	logger       *slog.Logger
	classify     func(method, path string, body []byte) Classification
	models       []Model
	onRequest    func(Request)
	sideText     string
	allScripted  bool
	allowOverrun bool
	readTimeout  time.Duration
	idleTimeout  time.Duration
}

// Option configures a Server.
type Option func(*config)

// WithAddr sets the listen address; the default is "127.0.0.1:0".
func WithAddr(addr string) Option { return func(c *config) { c.addr = addr } }

// WithLogger sets the logger that gets one record per request; the
// default discards.
func WithLogger(l *slog.Logger) Option { return func(c *config) { c.logger = l } }

// WithClassifier replaces Classify as the rule that tells main-loop
// requests from side requests.
func WithClassifier(classify func(method, path string, body []byte) Classification) Option {
	return func(c *config) { c.classify = classify }
}

// WithModels sets the models GET /v1/models lists; the default is
// DefaultModels.
func WithModels(models ...Model) Option { return func(c *config) { c.models = models } }

// OnRequest sets a function called with each request's record once it has
// been answered (from the request's goroutine; it must not block long).
func OnRequest(fn func(Request)) Option { return func(c *config) { c.onRequest = fn } }

// AllScripted makes every POST /v1/messages request a main-loop request,
// answered from the script in order, whatever it asks: a request to a
// small model without tools, a max_tokens probe or a request for
// structured output gets the next turn like any other, and the server's
// classifier (Classify, or WithClassifier's) is not asked. It is for
// clients of the API other than the CLI, such as a program on an
// Anthropic SDK, whose every request is one the test scripts; with the
// CLI it would hand turns to its helper requests. A body that is not a
// valid Messages request is still rejected with 400, and the other
// endpoints (count_tokens, models) keep their automatic answers.
func AllScripted() Option { return func(c *config) { c.allScripted = true } }

// WithSideText sets the text of the automatic answer to side requests that
// ask for neither structured output nor a single token; the default is "OK".
func WithSideText(text string) Option { return func(c *config) { c.sideText = text } }

// DefaultReadTimeout and DefaultIdleTimeout are the timeouts of
// WithReadTimeout and WithIdleTimeout when not set.
const (
	DefaultReadTimeout = 2 * time.Minute
	DefaultIdleTimeout = 5 * time.Minute
)

// WithReadTimeout bounds how long a client may take to send a request, its
// header and its body (the header alone has at most 30 s); a client that
// takes longer is cut off, with a 400 if its header came. The default is
// DefaultReadTimeout. The answer is not bounded: a stalled stream lasts as
// long as its fault says, or until the client goes away. A zero or
// negative d means no bound.
func WithReadTimeout(d time.Duration) Option { return func(c *config) { c.readTimeout = d } }

// WithIdleTimeout bounds how long a keep-alive connection may wait for its
// next request before the server closes it; the default is
// DefaultIdleTimeout. A zero or negative d means no bound.
func WithIdleTimeout(d time.Duration) Option { return func(c *config) { c.idleTimeout = d } }

// AllowOverrun makes NewTest accept script overruns instead of failing the
// test; Start ignores it.
func AllowOverrun() Option { return func(c *config) { c.allowOverrun = true } }

// maxBodyBytes bounds request bodies, as the API does.
const maxBodyBytes = 32 << 20

// Start validates script and starts a server for it on the listen address
// (loopback by default). Close it when done.
func Start(script Script, opts ...Option) (*Server, error) {
	cfg := config{addr: "127.0.0.1:0", models: DefaultModels(), sideText: "OK",
		readTimeout: DefaultReadTimeout, idleTimeout: DefaultIdleTimeout}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.logger == nil {
		cfg.logger = slog.New(slog.DiscardHandler)
	}
	if err := script.Validate(); err != nil {
		return nil, err
	}
	maxHeaderTime := 30 * time.Second
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return nil, fmt.Errorf("stubapi: listening on %s: %w", cfg.addr, err)
	}
	if cfg.readTimeout > 0 && cfg.readTimeout < maxHeaderTime {
		maxHeaderTime = cfg.readTimeout
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{
		cfg:    cfg,
		turns:  cloneTurns(script.Turns),
		url:    "http://" + dialable(ln.Addr()),
		ln:     ln,
		ctx:    ctx,
		cancel: cancel,
		served: make(chan struct{}),
	}
	s.srv = &http.Server{
		Handler:           s,
		ReadHeaderTimeout: maxHeaderTime,
		ReadTimeout:       max(cfg.readTimeout, 0),
		IdleTimeout:       max(cfg.idleTimeout, 0),
		BaseContext:       func(net.Listener) context.Context { return ctx },
		ConnContext:       withConn,
		ErrorLog:          slog.NewLogLogger(cfg.logger.Handler(), slog.LevelDebug),
	}
	go func() {
		defer close(s.served)
		if err := s.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			cfg.logger.Error("stubapi: serving stopped", "err", err)
		}
	}()
	return s, nil
}

// NewTest starts a server for script and closes it when tb's test ends.
// It fails the test at once if the script is invalid, and at the end if
// any main-loop request overran the script (unless AllowOverrun is given)
// or met a "$from_request" placeholder that matched nothing.
func NewTest(tb testing.TB, script Script, opts ...Option) *Server {
	tb.Helper()
	s, err := Start(script, opts...)
	if err != nil {
		tb.Fatalf("stubapi.NewTest: %v", err)
	}
	tb.Cleanup(func() {
		s.Close()
		if tb.Failed() {
			tb.Logf("stubapi: requests received:\n%s", s.summary())
		}
		for _, r := range s.Unresolved() {
			tb.Errorf("stubapi: main-loop request #%d: %s", r.Seq, r.Detail)
		}
		if s.cfg.allowOverrun {
			return
		}
		for _, r := range s.Overruns() {
			tb.Errorf("stubapi: script overrun: main-loop request #%d (%s %s, model %s) came after all %d turns were used; %s",
				r.Seq, r.Method, r.Path, r.Model, len(s.turns), r.Reason)
		}
	})
	return s
}

// summary lists the requests received, one line each, for test logs.
func (s *Server) summary() string {
	var b strings.Builder
	for _, r := range s.Requests() {
		fmt.Fprintf(&b, "  #%d %s %s stream=%v route=%s (%s) turn=%d -> %d %s", r.Seq, r.Method, r.Path, r.Stream, r.Route, r.Reason, r.Turn, r.Status, r.Outcome)
		if r.Detail != "" {
			b.WriteString(": " + r.Detail)
		}
		b.WriteByte('\n')
	}
	if b.Len() == 0 {
		return "  (none)\n"
	}
	return b.String()
}

// URL returns the server's base URL, e.g. "http://127.0.0.1:43567", for
// ANTHROPIC_BASE_URL. For a server listening on every interface
// (WithAddr(":0"), "0.0.0.0:0", "[::]:0") it names 127.0.0.1, which
// reaches it from this machine: 0.0.0.0 and [::] are not addresses a
// client can connect to.
func (s *Server) URL() string { return s.url }

// dialable returns addr as a host:port a client can connect to: the
// loopback address 127.0.0.1 for an unspecified IP (a listener on every
// interface, dual-stack when it is [::]).
func dialable(addr net.Addr) string {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok || !tcp.IP.IsUnspecified() {
		return addr.String()
	}
	return net.JoinHostPort("127.0.0.1", strconv.Itoa(tcp.Port))
}

// Close stops the server: it closes the listener and every connection,
// ends stalls and waits for the requests being answered, so the records
// are final when it returns. It is safe to call more than once.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		s.cancel()
		_ = s.srv.Close()
		<-s.served
		_ = s.WaitIdle(context.Background())
	})
}

// WaitIdle waits until no request is being answered (a client can see the
// end of a response a moment before the server records it), or until ctx
// ends.
func (s *Server) WaitIdle(ctx context.Context) error {
	for {
		s.mu.Lock()
		if s.inflight == 0 {
			s.mu.Unlock()
			return nil
		}
		if s.idle == nil {
			s.idle = make(chan struct{})
		}
		idle := s.idle
		s.mu.Unlock()
		select {
		case <-idle:
		case <-ctx.Done():
			return fmt.Errorf("stubapi: waiting for idle: %w", ctx.Err())
		}
	}
}

// Requests returns every request received so far, in arrival order.
func (s *Server) Requests() []Request {
	return s.filter(func(*Request) bool { return true })
}

// MainRequests returns the main-loop requests received so far, in order.
func (s *Server) MainRequests() []Request {
	return s.filter(func(r *Request) bool { return r.Route == RouteMain })
}

// Overruns returns the main-loop requests that came after the script was
// used up.
func (s *Server) Overruns() []Request {
	return s.filter(func(r *Request) bool { return r.Outcome == OutcomeOverrun })
}

// Unresolved returns the main-loop requests whose turn had a
// "$from_request" placeholder that matched nothing in them (see
// OutcomeUnresolved).
func (s *Server) Unresolved() []Request {
	return s.filter(func(r *Request) bool { return r.Outcome == OutcomeUnresolved })
}

func (s *Server) filter(keep func(*Request) bool) []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Request
	for _, r := range s.reqs {
		if keep(r) {
			out = append(out, *r)
		}
	}
	return out
}

// Remaining returns how many turns of the script have not been consumed.
func (s *Server) Remaining() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.turns) - s.next
}

// ToolResults returns the tool results the CLI sent back in main-loop
// requests, each once (the first request carrying it), in order.
func (s *Server) ToolResults() []ToolResult {
	seen := map[string]bool{}
	var out []ToolResult
	for _, r := range s.MainRequests() {
		for _, tr := range r.ToolResults() {
			if !seen[tr.ToolUseID] {
				seen[tr.ToolUseID] = true
				out = append(out, tr)
			}
		}
	}
	return out
}

// SystemPrompt returns the system prompt of the first main-loop request,
// or "" if there was none.
func (s *Server) SystemPrompt() string {
	for _, r := range s.MainRequests() {
		return r.SystemPrompt()
	}
	return ""
}

// WriteJSONL writes every request received so far to w as JSON lines.
func (s *Server) WriteJSONL(w io.Writer) error { return writeJSONL(w, s.Requests()) }

// ServeHTTP answers one request. Start serves with it; a started Server
// can also be mounted in another mux or server.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	began := time.Now()
	body, size, truncated, readErr := readBody(w, r)
	if readErr == nil {
		// The read timeout bounds reading the request only: lift it for
		// the answer, which a stall may hold for long (net/http would
		// otherwise cancel the request when it passes). A server that is
		// not ours may not support it; it then keeps its own rules. After
		// a failed read the deadline stays, so the connection goes.
		_ = http.NewResponseController(w).SetReadDeadline(time.Time{})
	}
	rec := &Request{
		Time:          began,
		Method:        r.Method,
		Path:          r.URL.Path,
		Query:         redactQuery(r.URL.RawQuery),
		Header:        redact(r.Header),
		BodySize:      size,
		BodyTruncated: truncated,
		Turn:          NoTurn,
		Outcome:       OutcomePending,
	}
	// A Messages body is parsed once, here, for the classifier and the
	// answer.
	var parsed *messagesRequest
	var parseErr error
	if r.Method == http.MethodPost && r.URL.Path == "/v1/messages" && !truncated {
		parsed, parseErr = parseMessagesRequest(body)
	}
	if len(body) > 0 {
		if !truncated && (parsed != nil || json.Valid(body)) {
			rec.Body = body
		} else {
			rec.BodyText = string(body)
		}
	}
	var cls Classification
	switch {
	case truncated:
		cls = Classification{RouteSide, sideOversize + ": body over the limit of 32 MiB"}
	case s.cfg.allScripted && r.Method == http.MethodPost && r.URL.Path == "/v1/messages" && parseErr == nil:
		cls = Classification{RouteMain, "all scripted"}
	case s.cfg.classify != nil:
		cls = s.cfg.classify(r.Method, r.URL.Path, body)
	default:
		cls = classifyParsed(r.Method, r.URL.Path, parsed, parseErr)
	}
	rec.Route, rec.Reason = cls.Route, cls.Reason
	s.mu.Lock()
	rec.Seq = len(s.reqs) + 1
	s.reqs = append(s.reqs, rec)
	s.inflight++
	s.mu.Unlock()

	x := &exchange{s: s, w: w, r: r, body: body, parsed: parsed, parseErr: parseErr, requestID: requestID(rec.Seq), turn: NoTurn}
	defer func() {
		s.mu.Lock()
		rec.Status, rec.Outcome, rec.Detail, rec.Turn = x.status, x.outcome, x.detail, x.turn
		rec.Model, rec.Stream = x.model, x.stream
		rec.Duration = time.Since(began)
		done := *rec
		s.mu.Unlock()
		defer s.leave()
		if s.cfg.logger.Enabled(s.ctx, slog.LevelInfo) {
			s.cfg.logger.LogAttrs(s.ctx, slog.LevelInfo, "stubapi request",
				slog.Int("seq", done.Seq), slog.String("method", done.Method), slog.String("path", done.Path),
				slog.String("route", string(done.Route)), slog.String("reason", done.Reason),
				slog.Int("turn", done.Turn), slog.String("outcome", string(done.Outcome)),
				slog.Int("status", done.Status), slog.String("detail", done.Detail))
		}
		if s.cfg.onRequest != nil {
			s.cfg.onRequest(done)
		}
	}()
	if readErr != nil {
		if truncated {
			x.reject(http.StatusRequestEntityTooLarge, "request_too_large", tooLargeMessage(r.ContentLength))
			s.cfg.logger.LogAttrs(s.ctx, slog.LevelWarn, "stubapi: request body over the limit of 32 MiB, answered 413",
				slog.Int("seq", rec.Seq), slog.String("method", rec.Method), slog.String("path", rec.Path),
				slog.Int64("body_size", size), slog.Bool("size_announced", r.ContentLength > maxBodyBytes))
			return
		}
		x.reject(http.StatusBadRequest, "invalid_request_error", "reading request body: "+readErr.Error())
		return
	}
	x.route(cls)
}

// tooLargeMessage is the error message of the answer to a body over the
// limit, whose announced length was announced (-1 for none).
func tooLargeMessage(announced int64) string {
	if announced > maxBodyBytes {
		return fmt.Sprintf("Request exceeds the maximum allowed number of bytes: the body is %d bytes, the limit %d (32 MiB)", announced, int64(maxBodyBytes))
	}
	return fmt.Sprintf("Request exceeds the maximum allowed number of bytes: the body is more than the limit of %d bytes (32 MiB)", int64(maxBodyBytes))
}

// requestID is the request-id of the request numbered seq.
func requestID(seq int) string {
	var a [32]byte
	return string(appendPadded(append(a[:0], "req_stub"...), seq, 6))
}

// MaxRecordedBody is how much of a body rejected as too large (more than
// 32 MiB, the API's limit) a [Request] keeps: its first bytes, with
// BodyTruncated set and BodySize its whole size.
const MaxRecordedBody = 64 << 10

// readBody reads r's body, up to maxBodyBytes: with room for the whole
// body from the start when its length is known, in blocks that are joined
// once at the end when it is not (chunked). A body larger than that is
// not kept, and not read past the limit: readBody returns its first
// MaxRecordedBody bytes, truncated true, its size (announced, or, for a
// body of unknown length, one more byte than the limit: at least that
// many) and an *http.MaxBytesError. It reads nothing of a body announced
// larger than the limit beyond those first bytes. Either way w's
// connection is closed after the answer, so that a client still sending
// learns no more than the 413 it is about to get.
func readBody(w http.ResponseWriter, r *http.Request) (body []byte, size int64, truncated bool, err error) {
	n := r.ContentLength
	if n > maxBodyBytes {
		// Reading the prefix through a MaxBytesReader that the body
		// overflows tells net/http to half-close the connection and
		// pause after the answer, so that the client, still sending,
		// reads the 413 before the connection is reset.
		prefix, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxRecordedBody))
		if err == nil || errors.As(err, new(*http.MaxBytesError)) {
			err = &http.MaxBytesError{Limit: maxBodyBytes}
		}
		return prefix, n, true, err
	}
	lim := http.MaxBytesReader(w, r.Body, maxBodyBytes)
	if n > 0 {
		body, err = readKnown(lim, n)
	} else {
		body, err = readUnknown(lim)
	}
	if errors.As(err, new(*http.MaxBytesError)) {
		return body, maxBodyBytes + 1, true, err
	}
	return body, int64(len(body)), false, err
}

// readKnown reads r to its end into a buffer sized for n bytes: one byte
// more than announced, so the read that meets the end of the body does not
// have to grow the buffer. A body longer than announced (r ends it with
// an *http.MaxBytesError at the limit) grows the buffer as append does;
// on that error readKnown returns the body's first MaxRecordedBody bytes
// only.
func readKnown(r io.Reader, n int64) ([]byte, error) {
	buf := make([]byte, 0, n+1)
	for {
		m, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+m]
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			if errors.As(err, new(*http.MaxBytesError)) {
				return bytes.Clone(buf[:min(len(buf), MaxRecordedBody)]), err
			}
			return buf, err
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
	}
}

// Block sizes readUnknown reads a body of unknown length in: the first
// block is small, for the usual small body; each next one doubles, up to
// the largest.
const (
	firstBodyBlock = 4 << 10
	maxBodyBlock   = 1 << 20
)

// readUnknown reads r, a body of unknown length, to its end. It reads
// into blocks that it never copies or grows, and joins them once at the
// end, so that a body costs about twice its size at most, and one that
// turns out too large (r ends it with an *http.MaxBytesError) no more
// than its size: on that error readUnknown returns the body's first
// MaxRecordedBody bytes only and drops the blocks.
func readUnknown(r io.Reader) ([]byte, error) {
	var blocks [][]byte
	size := firstBodyBlock
	for {
		b := make([]byte, size)
		m := 0
		var err error
		for m < len(b) && err == nil {
			var k int
			k, err = r.Read(b[m:])
			m += k
		}
		blocks = append(blocks, b[:m])
		switch {
		case err == io.EOF:
			if len(blocks) == 1 {
				return blocks[0], nil
			}
			return bytes.Join(blocks, nil), nil
		case err != nil:
			if !errors.As(err, new(*http.MaxBytesError)) {
				return bytes.Join(blocks, nil), err
			}
			prefix := make([]byte, 0, MaxRecordedBody)
			for _, b := range blocks {
				prefix = append(prefix, b[:min(len(b), cap(prefix)-len(prefix))]...)
			}
			return prefix, err
		}
		size = min(2*size, maxBodyBlock)
	}
}

// leave marks the end of answering one request.
func (s *Server) leave() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.inflight--
	if s.inflight == 0 && s.idle != nil {
		close(s.idle)
		s.idle = nil
	}
}

// maxPooledBuffer is the largest buffer kept for reuse; a response
// larger than that gets a buffer of its own.
const maxPooledBuffer = 64 << 10

// buffer returns an empty buffer to render a response into; hand it back
// with putBuffer once written.
func (s *Server) buffer() *[]byte {
	if b, ok := s.bufs.Get().(*[]byte); ok {
		return b
	}
	b := make([]byte, 0, 4<<10)
	return &b
}

// putBuffer hands b back for reuse.
func (s *Server) putBuffer(b *[]byte) {
	if cap(*b) > maxPooledBuffer {
		return
	}
	*b = (*b)[:0]
	s.bufs.Put(b)
}

func cloneTurns(turns []Turn) []Turn {
	out := make([]Turn, len(turns))
	for i, t := range turns {
		t.Content = append([]Block(nil), t.Content...)
		t.Faults = append([]Fault(nil), t.Faults...)
		if t.Usage != nil {
			u := *t.Usage
			t.Usage = &u
		}
		out[i] = t
	}
	return out
}

// plan is what one main-loop request gets from the script.
type plan struct {
	turn    int
	fault   *Fault
	serve   bool
	overrun bool
	// dispatch numbers the request among main-loop dispatches; faultIdx
	// and faultUsed are the turn's fault state after it, for release.
	dispatch  int
	faultIdx  int
	faultUsed int
}

// dispatch decides, under s.mu, what the next main-loop request gets.
func (s *Server) dispatch() plan {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.dispatches++
	p := plan{turn: NoTurn, dispatch: s.dispatches}
	if s.next >= len(s.turns) {
		p.overrun = true
		return p
	}
	t := &s.turns[s.next]
	p.turn = s.next
	if s.faultIdx < len(t.Faults) {
		f := t.Faults[s.faultIdx]
		s.faultUsed++
		if n := f.times(); n != Always && s.faultUsed >= n {
			s.faultIdx++
			s.faultUsed = 0
		}
		p.fault = &f
		p.faultIdx, p.faultUsed = s.faultIdx, s.faultUsed
		if f.failing() {
			if s.faultIdx >= len(t.Faults) && len(t.Content) == 0 {
				s.advance()
			}
			return p
		}
	} else {
		p.faultIdx = s.faultIdx
	}
	p.serve = true
	s.advance()
	return p
}

func (s *Server) advance() {
	s.next++
	s.faultIdx, s.faultUsed = 0, 0
}

// release hands p's turn back after its client went away mid-answer, as
// long as no main-loop request was dispatched since.
func (s *Server) release(p plan) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.dispatches != p.dispatch || s.next != p.turn+1 {
		return false
	}
	s.next = p.turn
	s.faultIdx, s.faultUsed = p.faultIdx, p.faultUsed
	return true
}

// nextSideID returns the message id of the next side answer.
func (s *Server) nextSideID() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sideCount++
	var a [32]byte
	return string(appendPadded(append(a[:0], "msg_stubside"...), s.sideCount, 4))
}
