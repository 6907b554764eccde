package webui

import (
	"cmp"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/transcript"
)

// TokenHeader is the request header that carries a [Server]'s token on
// the POST endpoints.
const TokenHeader = "X-Ccwire-Token"

// Limits of the endpoints.
const (
	// MaxBody bounds a POST request's body.
	MaxBody = 1 << 20
	// InterruptTimeout bounds the wait for the CLI to acknowledge an
	// interrupt.
	InterruptTimeout = 30 * time.Second
	// keepAlive is how often an idle event stream gets a comment, so that
	// a page notices a server gone away.
	keepAlive = 15 * time.Second
)

// Server runs one Claude Code session for a web page on this machine and
// shows it live. Create it with [New], which starts the session; serve its
// Handler with [Server.Start] (loopback only) or with a server of your own
// (net/http/httptest in tests), and [Server.Close] it when done.
//
// The page (GET /?token=T) streams the session from GET /events?token=T,
// server-sent events whose data are JSON objects, one for each thing it
// shows (a prompt, a piece of streamed text, a tool call, a permission
// question, a turn's result...; docs/web.md lists them), and posts JSON to /api/prompt ({"text": "..."}),
// /api/permission ({"id": "...", "allow": true|false, "message": "..."})
// and /api/interrupt ({}) with the token in the X-Ccwire-Token header.
// Every request must name a loopback host (127.0.0.1, [::1], localhost):
// a DNS name that an attacker points at 127.0.0.1 does not pass.
// The event stream and the POST endpoints also refuse requests from
// another origin (Origin, Sec-Fetch-Site), so another site open in the
// same browser can neither drive the session nor read it; the token keeps
// out other users of the machine.
type Server struct {
	// URL is the page's address with its token,
	// http://127.0.0.1:PORT/?token=T, once [Server.Start] listens; "" before.
	URL string
	// Token is the secret every request must carry.
	Token string
	// Handler serves the page and its endpoints.
	Handler http.Handler
	// Limits bound the connections of the page; set them before Start
	// (or before serving Handler). The zero value takes the defaults.
	Limits Limits

	opts   claude.Options // the session's, to start it again
	hub    *hub
	logger *slog.Logger

	mu          sync.Mutex
	client      *claude.Client                            // the CLI under way, or the last one
	tr          *translator                               // used by the client's reading goroutine only
	restarting  bool                                      // a page asked to start the CLI again
	closed      bool                                      // Close was called
	perms       map[string]chan claude.PermissionDecision // permission requests waiting for a page, by request ID
	running     int                                       // prompts sent that no turn's result has taken in yet
	interrupted bool                                      // a page interrupted the turn under way
	ended       bool

	done    chan struct{} // closed when the session (the CLI under way) has ended
	endErr  error
	stop    chan struct{} // closed by Close: ends the event streams
	closing sync.Once
	srv     *http.Server
}

// New starts a session as opts say ([claude.Connect]) and returns a
// server for it that does not listen yet. The server answers the CLI's
// permission requests from the page (it sets opts.CanUseTool), asks for
// partial messages (opts.IncludePartialMessages) so that the page shows
// text as it is written, and sees the session's events as an
// opts.Observer, which it replaces. ctx bounds the start only.
func New(ctx context.Context, opts claude.Options) (*Server, error) {
	tok := make([]byte, 32)
	if _, err := rand.Read(tok); err != nil {
		return nil, fmt.Errorf("webui: token: %w", err)
	}
	s := &Server{
		Token:  base64.RawURLEncoding.EncodeToString(tok),
		hub:    newHub(maxBacklog),
		tr:     newTranslator(),
		logger: cmp.Or(opts.Logger, slog.New(slog.DiscardHandler)),
		perms:  make(map[string]chan claude.PermissionDecision),
		done:   make(chan struct{}),
		stop:   make(chan struct{}),
	}
	s.Handler = s.routes()
	opts.CanUseTool = s.canUseTool
	opts.IncludePartialMessages = true
	opts.Observer = observer{f: s.observe}
	s.opts = opts
	c, err := claude.Connect(ctx, opts)
	if err != nil {
		return nil, fmt.Errorf("webui: start the session: %w", err)
	}
	s.client = c
	s.hub.publish(s.startInfo(c))
	go s.drain(c, s.done)
	return s, nil
}

// startInfo describes a CLI just started, so that the page names the
// version, the folder, the model and the mode before the first turn's
// system/init (which the CLI writes only once it gets a prompt).
func (s *Server) startInfo(c *claude.Client) pageEvent {
	dir := s.opts.WorkDir
	if dir == "" {
		dir, _ = os.Getwd()
	}
	return pageEvent{Kind: "init", Init: &initInfo{Model: s.opts.Model, Cwd: dir, Version: c.Version(),
		PermissionMode: string(s.opts.PermissionMode)}}
}

// Start serves the Handler on addr, which must be a loopback address
// (127.0.0.1:0 picks a free port), with the timeouts of s.Limits, and
// sets URL. It returns once the server listens.
func (s *Server) Start(addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("webui: %w", err)
	}
	if a, ok := ln.Addr().(*net.TCPAddr); !ok || !a.IP.IsLoopback() {
		ln.Close()
		return fmt.Errorf("webui: %s is not a loopback address: the page runs Claude Code on this machine and is served to it alone", ln.Addr())
	}
	lim := s.Limits.withDefaults()
	s.srv = &http.Server{
		Handler:           s.Handler,
		ReadHeaderTimeout: lim.ReadHeaderTimeout,
		ReadTimeout:       lim.ReadTimeout,
		IdleTimeout:       lim.IdleTimeout,
		ErrorLog:          slog.NewLogLogger(s.logger.Handler(), slog.LevelDebug),
	}
	s.URL = "http://" + ln.Addr().String() + "/?token=" + s.Token
	go s.srv.Serve(ln)
	return nil
}

// Done returns a channel closed when the session has ended: the CLI
// exited, or Close ended it. A page may start the CLI again
// (POST /api/restart) once it has ended: Done then returns a new channel,
// for the new CLI.
func (s *Server) Done() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.done
}

// Err returns how the session ended once Done is closed: nil for a clean
// exit of the CLI, else the client's error (a *claude.ExitError...).
func (s *Server) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	select {
	case <-s.done:
		return s.endErr
	default:
		return nil
	}
}

// Close ends the event streams, stops serving (if Start served) and ends
// the session; it waits for the CLI to exit (see [claude.Client.Close]).
// It is idempotent.
func (s *Server) Close() error {
	var err error
	s.closing.Do(func() {
		close(s.stop)
		if s.srv != nil {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			if s.srv.Shutdown(ctx) != nil {
				s.srv.Close() // a request still under way after 5 s
			}
			cancel()
		}
		s.mu.Lock()
		s.closed = true
		c, done := s.client, s.done
		s.mu.Unlock()
		err = c.Close()
		<-done
	})
	return err
}

// drain reads the events of client c, which the observer has shown,
// until its session ends, and then closes done.
func (s *Server) drain(c *claude.Client, done chan struct{}) {
	var end error
	for _, err := range c.Events(context.Background()) {
		if err != nil {
			end = err
		}
	}
	s.mu.Lock()
	s.ended, s.running, s.endErr = true, 0, end
	s.publishState()
	text := ""
	if end != nil {
		text = end.Error()
	}
	s.hub.publish(pageEvent{Kind: "ended", Text: text})
	s.mu.Unlock()
	close(done)
}

// current returns the client of the CLI under way (or the last one).
func (s *Server) current() *claude.Client {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.client
}

// observe shows one event of the session; it runs on the client's reading
// goroutine, in the order the CLI wrote.
func (s *Server) observe(ev claude.Event) {
	if _, ok := ev.(*claude.PermissionRequestEvent); ok {
		return // canUseTool shows it
	}
	r, isResult := ev.(*claude.ResultEvent)
	if !isResult {
		s.mu.Lock()
		tr := s.tr
		if s.running == 0 && !s.ended && turnActivity(ev) {
			s.running = 1
			s.publishState()
		}
		s.mu.Unlock()
		for _, pe := range tr.events(ev, false) {
			s.hub.publish(pe)
		}
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	interrupted := s.interrupted
	s.interrupted = false
	s.running = afterResult(r.Result, s.running)
	for _, pe := range s.tr.events(r, interrupted) {
		s.hub.publish(pe)
	}
	if interrupted {
		// The CLI forgets the permission requests of an interrupted turn
		// without withdrawing them.
		for id := range s.perms {
			delete(s.perms, id)
			s.hub.publish(pageEvent{Kind: "permission_done", ID: id, Text: "withdrawn"})
		}
	}
	s.publishState()
}

// afterResult returns how many prompts still wait for a turn once a
// turn ended with r, running having been waiting before. A prompt sent
// while a tool runs is folded into the running turn, whose one result
// then answers both: counting prompts would wait for a result that never
// comes. CLIs from 2.1.330 say how many prompts are still queued
// (queued_turn_count, with terminal_reason); for older ones a result
// answers one prompt, and a turn seen under way (turnActivity) brings
// the count back up.
func afterResult(r *protocol.ResultMessage, waiting int) int {
	if r.TerminalReason != "" {
		return int(max(r.QueuedTurnCount, 0))
	}
	return max(waiting-1, 0)
}

// turnActivity reports whether ev shows the model at work: a turn is
// under way, whatever the count of prompts says (a prompt sent just after
// the CLI wrote the previous result, which said the queue was empty).
func turnActivity(ev claude.Event) bool {
	switch e := ev.(type) {
	case *claude.TextDeltaEvent, *claude.ThinkingDeltaEvent, *claude.ToolInputDeltaEvent, *claude.ToolUseEvent,
		*claude.TextEvent, *claude.ThinkingEvent:
		return true
	case *claude.PartialEvent:
		_, start := e.Message.Body.(*protocol.MessageStartEvent)
		return start
	}
	return false
}

// publishState tells the pages whether a turn is under way; s.mu is held.
func (s *Server) publishState() {
	s.hub.publish(pageEvent{Kind: "state", Running: s.running > 0})
}

// canUseTool asks the pages whether a tool call may run and waits for the
// first answer, or for the CLI to withdraw the question.
func (s *Server) canUseTool(ctx context.Context, req *claude.PermissionRequest) (claude.PermissionDecision, error) {
	ch := make(chan claude.PermissionDecision, 1)
	s.mu.Lock()
	s.perms[req.RequestID] = ch
	s.mu.Unlock()
	info := &permissionInfo{Tool: req.ToolName, ToolUseID: req.ToolUseID,
		Summary: transcript.SummarizeInput(req.ToolName, req.Input, summaryLen), Input: prettyInput(req.Input)}
	if r := req.Request; r != nil {
		info.Title, info.Description, info.BlockedPath = r.Title, r.Description, r.BlockedPath
		info.Reason = r.DecisionReason
	}
	s.hub.publish(pageEvent{Kind: "permission", ID: req.RequestID, Permission: info})
	select {
	case d := <-ch:
		outcome := "denied"
		if d.Allow {
			outcome = "allowed"
		}
		s.hub.publish(pageEvent{Kind: "permission_done", ID: req.RequestID, Text: outcome})
		return d, nil
	case <-ctx.Done():
		s.mu.Lock()
		_, waiting := s.perms[req.RequestID]
		delete(s.perms, req.RequestID)
		s.mu.Unlock()
		if waiting {
			s.hub.publish(pageEvent{Kind: "permission_done", ID: req.RequestID, Text: "withdrawn"})
		}
		return claude.PermissionDecision{}, ctx.Err()
	}
}

// routes returns the handler of the page and its endpoints, behind the
// checks of guard.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.servePage)
	mux.HandleFunc("GET /events", s.serveEvents)
	mux.HandleFunc("POST /api/prompt", s.servePrompt)
	mux.HandleFunc("POST /api/permission", s.servePermission)
	mux.HandleFunc("POST /api/interrupt", s.serveInterrupt)
	mux.HandleFunc("POST /api/restart", s.serveRestart)
	mux.HandleFunc("GET /api/events", s.serveBacklog)
	return s.guard(mux)
}

// guard refuses a request that names a host other than a loopback one
// (DNS rebinding), that comes from another origin (for the event stream
// and the POST endpoints), or that lacks the token: in the X-Ccwire-Token
// header, or for a GET in the token query parameter.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cache-Control", "no-store")
		h.Set("X-Frame-Options", "DENY")
		if err := checkHost(r.Host); err != nil {
			fail(w, http.StatusForbidden, err.Error())
			return
		}
		get := r.Method == http.MethodGet || r.Method == http.MethodHead
		if !get || r.URL.Path == "/events" || strings.HasPrefix(r.URL.Path, "/api/") {
			if err := checkOrigin(r); err != nil {
				fail(w, http.StatusForbidden, err.Error())
				return
			}
		}
		tok := r.Header.Get(TokenHeader)
		if tok == "" && get {
			tok = r.URL.Query().Get("token")
		}
		if subtle.ConstantTimeCompare([]byte(tok), []byte(s.Token)) != 1 {
			what := "the " + TokenHeader + " header"
			if get {
				what = "the token query parameter"
			}
			fail(w, http.StatusForbidden, what+" is missing or wrong: open the URL that ccwire web printed")
			return
		}
		next.ServeHTTP(w, r)
	})
}

// checkHost returns an error unless host (a request's Host) names a
// loopback address or localhost.
func checkHost(host string) error {
	name := host
	if h, _, err := net.SplitHostPort(host); err == nil {
		name = h
	}
	name = strings.TrimSuffix(strings.TrimPrefix(name, "["), "]")
	if ip := net.ParseIP(name); name == "localhost" || (ip != nil && ip.IsLoopback()) {
		return nil
	}
	return fmt.Errorf("host %q refused: the page answers to loopback addresses only (127.0.0.1, [::1], localhost)", host)
}

// checkOrigin returns an error if r comes from a page of another origin:
// an Origin other than the request's own, or a Sec-Fetch-Site other than
// same-origin or none (a request the user typed). A request without
// either header comes from no browser page (curl, a program) and passes.
func checkOrigin(r *http.Request) error {
	if o := r.Header.Get("Origin"); o != "" {
		u, err := url.Parse(o)
		if err != nil || u.Scheme != "http" || u.Host != r.Host {
			return fmt.Errorf("cross-origin request from %q refused", o)
		}
	}
	switch site := r.Header.Get("Sec-Fetch-Site"); site {
	case "", "same-origin", "none":
	default:
		return fmt.Errorf("cross-site request refused (Sec-Fetch-Site: %s)", site)
	}
	return nil
}

// servePage serves the page.
func (s *Server) servePage(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Security-Policy", pageCSP)
	w.Write(page)
}

// serveEvents streams the session's page events as server-sent events,
// from the start or after the Last-Event-ID a reconnecting page sends,
// until the page goes or the server closes. It takes at most
// Limits.ViewerBuffer bytes of events from the backlog at once, and drops
// a page whose connection takes no bytes for Limits.StallTimeout.
func (s *Server) serveEvents(w http.ResponseWriter, r *http.Request) {
	// A reconnecting EventSource sends Last-Event-ID; a page that read
	// the events so far with /api/events names the last in ?after.
	last, ok := eventNumber(w, "Last-Event-ID", r.Header.Get("Last-Event-ID"))
	if !ok {
		return
	}
	if r.Header.Get("Last-Event-ID") == "" {
		if last, ok = eventNumber(w, "after", r.URL.Query().Get("after")); !ok {
			return
		}
	}
	lim := s.Limits.withDefaults()
	rc := http.NewResponseController(w)
	// deadline bounds the next write; err is the write's error.
	deadline := func(err error) bool {
		if err == nil && lim.StallTimeout > 0 {
			err = rc.SetWriteDeadline(time.Now().Add(lim.StallTimeout))
		}
		switch {
		case errors.Is(err, os.ErrDeadlineExceeded):
			s.logger.Info("webui: dropped a page that stopped reading its event stream; it can reconnect",
				"remote", r.RemoteAddr, "last_event", last, "stall_timeout", lim.StallTimeout)
		case err != nil:
			s.logger.Debug("webui: a page's event stream ended", "remote", r.RemoteAddr, "err", err)
		}
		return err == nil
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("X-Accel-Buffering", "no")
	if !deadline(nil) {
		return
	}
	w.WriteHeader(http.StatusOK)
	if _, err := io.WriteString(w, "retry: 1000\n\n"); !deadline(err) {
		return
	}
	ping := time.NewTicker(keepAlive)
	defer ping.Stop()
	for {
		evs, dropped, more, changed := s.hub.since(last, lim.ViewerBuffer)
		if dropped > 0 {
			data, _ := json.Marshal(pageEvent{Kind: "dropped", Size: dropped})
			if _, err := fmt.Fprintf(w, "data: %s\n\n", data); !deadline(err) {
				return
			}
		}
		for _, e := range evs {
			if _, err := fmt.Fprintf(w, "id: %d\ndata: %s\n\n", e.seq, e.data); !deadline(err) {
				return
			}
			last = e.seq
		}
		evs = nil // not kept while waiting
		if !deadline(rc.Flush()) {
			return
		}
		if more {
			continue
		}
		select {
		case <-changed:
		case <-ping.C:
			if _, err := io.WriteString(w, ": keep-alive\n\n"); !deadline(err) {
				return
			}
		case <-r.Context().Done():
			return
		case <-s.stop:
			return
		}
	}
}

// eventNumber parses v, an event number named what ("" for 0); on
// failure it answers the request with 400 and returns false.
func eventNumber(w http.ResponseWriter, what, v string) (int64, bool) {
	if v == "" {
		return 0, true
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 {
		fail(w, http.StatusBadRequest, fmt.Sprintf("%s %q is not an event number", what, v))
		return 0, false
	}
	return n, true
}

// backlogEvent is an event of GET /api/events: its number and its data.
type backlogEvent struct {
	ID    int64           `json:"id"`
	Event json.RawMessage `json:"event"`
}

// serveBacklog answers GET /api/events?after=N with the events after
// number N that the backlog holds, at most Limits.ViewerBuffer bytes of
// them: {"events": [{"id": N+1, "event": {...}}...], "dropped": K,
// "more": true|false}, where dropped counts the events after N no longer
// kept and more says that more follow (ask again after the last). The
// tabs of a browser share one event stream: a tab that opens reads the
// session so far here, without holding a connection.
func (s *Server) serveBacklog(w http.ResponseWriter, r *http.Request) {
	after, ok := eventNumber(w, "after", r.URL.Query().Get("after"))
	if !ok {
		return
	}
	evs, dropped, more, _ := s.hub.since(after, s.Limits.withDefaults().ViewerBuffer)
	out := struct {
		Events  []backlogEvent `json:"events"`
		Dropped int64          `json:"dropped"`
		More    bool           `json:"more"`
	}{Events: make([]backlogEvent, 0, len(evs)), Dropped: dropped, More: more}
	for _, e := range evs {
		out.Events = append(out.Events, backlogEvent{ID: e.seq, Event: e.data})
	}
	writeJSON(w, http.StatusOK, out)
}

// serveRestart starts the CLI again once its session has ended: {} or no
// body (409 while it runs). The page shows the new CLI's events after the
// old one's.
func (s *Server) serveRestart(w http.ResponseWriter, r *http.Request) {
	var req struct{}
	if !decode(w, r, &req, true) {
		return
	}
	s.mu.Lock()
	switch {
	case s.closed:
		s.mu.Unlock()
		fail(w, http.StatusConflict, "the server is closing")
		return
	case !s.ended:
		s.mu.Unlock()
		fail(w, http.StatusConflict, "Claude Code is still running: it can be started again once it has ended")
		return
	case s.restarting:
		s.mu.Unlock()
		fail(w, http.StatusConflict, "Claude Code is being started again")
		return
	}
	s.restarting = true
	s.mu.Unlock()
	ctx, cancel := context.WithTimeout(r.Context(), time.Minute)
	defer cancel()
	c, err := claude.Connect(ctx, s.opts)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.restarting = false
	if err == nil && s.closed {
		c.Close()
		err = errors.New("the server is closing")
	}
	if err != nil {
		s.hub.publish(pageEvent{Kind: "error", Text: "Claude Code did not start again: " + err.Error()})
		fail(w, http.StatusBadGateway, "Claude Code did not start again: "+err.Error())
		return
	}
	s.client, s.tr, s.ended, s.endErr, s.done = c, newTranslator(), false, nil, make(chan struct{})
	s.hub.publish(pageEvent{Kind: "restarted", Text: "Claude Code " + c.Version()})
	s.hub.publish(s.startInfo(c))
	s.publishState()
	go s.drain(c, s.done)
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
}

// servePrompt sends a prompt: {"text": "..."}.
func (s *Server) servePrompt(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Text string `json:"text"`
	}
	if !decode(w, r, &req, false) {
		return
	}
	if strings.TrimSpace(req.Text) == "" {
		fail(w, http.StatusBadRequest, "text: the prompt is empty")
		return
	}
	s.mu.Lock()
	if s.ended {
		s.mu.Unlock()
		fail(w, http.StatusConflict, "the session has ended")
		return
	}
	s.running++
	s.hub.publish(pageEvent{Kind: "prompt", Text: cut(req.Text)})
	s.publishState()
	s.mu.Unlock()
	if err := s.current().Send(r.Context(), req.Text); err != nil {
		s.mu.Lock()
		s.running = max(s.running-1, 0)
		s.hub.publish(pageEvent{Kind: "error", Text: "the prompt could not be sent: " + err.Error()})
		s.publishState()
		s.mu.Unlock()
		fail(w, http.StatusBadGateway, "the prompt could not be sent: "+err.Error())
		return
	}
	writeJSON(w, http.StatusAccepted, map[string]bool{"ok": true})
}

// servePermission answers a permission request:
// {"id": "...", "allow": true|false, "message": "why not"}.
func (s *Server) servePermission(w http.ResponseWriter, r *http.Request) {
	var req struct {
		ID      string `json:"id"`
		Allow   *bool  `json:"allow"`
		Message string `json:"message"`
	}
	if !decode(w, r, &req, false) {
		return
	}
	switch {
	case req.ID == "":
		fail(w, http.StatusBadRequest, "id: the permission request's ID is required")
		return
	case req.Allow == nil:
		fail(w, http.StatusBadRequest, "allow: true or false is required")
		return
	}
	s.mu.Lock()
	ch, ok := s.perms[req.ID]
	delete(s.perms, req.ID)
	s.mu.Unlock()
	if !ok {
		fail(w, http.StatusNotFound, fmt.Sprintf("no permission request %q is waiting: it was answered or withdrawn, or never asked", req.ID))
		return
	}
	d := claude.Deny(cmp.Or(strings.TrimSpace(req.Message), "The user denied this tool call in the web page."))
	if *req.Allow {
		d = claude.Allow()
	}
	ch <- d
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
}

// serveInterrupt interrupts the turn under way: {} or no body.
func (s *Server) serveInterrupt(w http.ResponseWriter, r *http.Request) {
	var req struct{}
	if !decode(w, r, &req, true) {
		return
	}
	s.mu.Lock()
	switch {
	case s.ended:
		s.mu.Unlock()
		fail(w, http.StatusConflict, "the session has ended")
		return
	case s.running == 0:
		s.mu.Unlock()
		fail(w, http.StatusConflict, "no turn is under way")
		return
	}
	s.interrupted = true
	s.mu.Unlock()
	ctx, cancel := context.WithTimeout(r.Context(), InterruptTimeout)
	defer cancel()
	if err := s.current().Interrupt(ctx); err != nil {
		s.hub.publish(pageEvent{Kind: "error", Text: "the interrupt failed: " + err.Error()})
		fail(w, http.StatusBadGateway, "the interrupt failed: "+err.Error())
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
}

// decode reads a POST request's JSON body into v: one object of v's
// fields, at most MaxBody bytes, sent as application/json (a form of
// another site cannot send that without the browser asking first).
// allowEmpty takes an empty body for {}. On failure it answers the
// request with a 4xx error and returns false.
func decode(w http.ResponseWriter, r *http.Request, v any, allowEmpty bool) bool {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		fail(w, http.StatusUnsupportedMediaType, fmt.Sprintf("Content-Type %q: send application/json", r.Header.Get("Content-Type")))
		return false
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, MaxBody))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if _, e := dec.Token(); e != io.EOF {
			err = errors.New("more than one JSON value")
		}
	}
	var tooBig *http.MaxBytesError
	switch {
	case err == nil, errors.Is(err, io.EOF) && allowEmpty:
		return true
	case errors.As(err, &tooBig):
		fail(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the request body is larger than %d bytes", MaxBody))
	case errors.Is(err, io.EOF):
		fail(w, http.StatusBadRequest, "the request body is empty: send a JSON object")
	default:
		fail(w, http.StatusBadRequest, "the request body: "+err.Error())
	}
	return false
}

// writeJSON answers with v as JSON.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// fail answers with {"error": msg}.
func fail(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}
