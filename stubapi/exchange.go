package stubapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// exchange is one request being answered; its fields end up in the
// request's record.
type exchange struct {
	s         *Server
	w         http.ResponseWriter
	r         *http.Request
	body      []byte
	requestID string
	// parsed and parseErr are the parsed POST /v1/messages body.
	parsed   *messagesRequest
	parseErr error

	status  int
	outcome Outcome
	detail  string
	turn    int
	model   string
	stream  bool
}

func (x *exchange) route(cls Classification) {
	r := x.r
	switch {
	case r.URL.Path == "/v1/messages" && r.Method == http.MethodPost:
		x.messages(cls)
	case r.URL.Path == "/v1/messages/count_tokens" && r.Method == http.MethodPost:
		x.countTokens()
	case r.URL.Path == "/v1/models" && r.Method == http.MethodGet:
		x.listModels()
	case strings.HasPrefix(r.URL.Path, "/v1/models/") && r.Method == http.MethodGet:
		x.getModel(strings.TrimPrefix(r.URL.Path, "/v1/models/"))
	case r.URL.Path == "/api/hello" && (r.Method == http.MethodGet || r.Method == http.MethodHead):
		// The native CLI checks connectivity here when non-essential
		// traffic is allowed.
		x.header("application/json")
		x.writeStatus(http.StatusOK)
		x.outcome = OutcomeSide
		if r.Method == http.MethodGet {
			_, _ = x.w.Write([]byte(`{"message":"hello"}`))
		}
	default:
		x.reject(http.StatusNotFound, "not_found_error", fmt.Sprintf("Not found: %s %s", r.Method, r.URL.Path))
	}
}

// header sets the headers every API response carries and the extra ones
// given as pairs of a canonical name and a value. The values share one
// allocation.
func (x *exchange) header(contentType string, extra ...string) {
	h := x.w.Header()
	values := make([]string, 3+len(extra)/2)
	set := func(i int, name, value string) {
		values[i] = value
		h[name] = values[i : i+1 : i+1]
	}
	set(0, "Content-Type", contentType)
	set(1, "Request-Id", x.requestID)
	set(2, "Anthropic-Organization-Id", "00000000-0000-0000-0000-000000000000")
	for i := 0; i+1 < len(extra); i += 2 {
		set(3+i/2, extra[i], extra[i+1])
	}
}

func (x *exchange) writeStatus(code int) {
	x.status = code
	x.w.WriteHeader(code)
}

// apiError answers with an API error; it does not set the outcome.
func (x *exchange) apiError(status int, errorType, message string, retryAfter time.Duration) {
	if retryAfter > 0 {
		x.header("application/json", "Retry-After", retryAfterSeconds(int64(retryAfter)))
	} else {
		x.header("application/json")
	}
	x.writeStatus(status)
	_, _ = x.w.Write(errorJSON(errorType, message, x.requestID))
	x.detail = fmt.Sprintf("%d %s: %s", status, errorType, message)
}

// reject answers a request the server cannot take with an API error.
func (x *exchange) reject(status int, errorType, message string) {
	x.apiError(status, errorType, message, 0)
	x.outcome = OutcomeRejected
}

func (x *exchange) writeJSON(v any) {
	data, err := json.Marshal(v)
	if err != nil {
		panic("stubapi: rendering a response: " + err.Error())
	}
	x.header("application/json", "Content-Length", strconv.Itoa(len(data)))
	x.writeStatus(http.StatusOK)
	_, _ = x.w.Write(data)
}

func badRequestMessage(err error) string {
	return strings.TrimPrefix(err.Error(), errBadRequest.Error()+": ")
}

func (x *exchange) countTokens() {
	req, err := parseCountTokensRequest(x.body)
	if err != nil {
		x.reject(http.StatusBadRequest, "invalid_request_error", badRequestMessage(err))
		return
	}
	x.model = req.Model
	x.writeJSON(map[string]int{"input_tokens": estimateTokens(x.body)})
	x.outcome = OutcomeSide
}

// estimateTokens is the token count reported for a request body: about
// four bytes a token, deterministic.
func estimateTokens(body []byte) int { return max(1, len(body)/4) }

func (x *exchange) messages(cls Classification) {
	req, err := x.parsed, x.parseErr
	if err != nil {
		x.reject(http.StatusBadRequest, "invalid_request_error", badRequestMessage(err))
		return
	}
	x.model, x.stream = req.Model, req.Stream
	if cls.Route != RouteMain {
		x.side(req)
		return
	}
	p := x.s.dispatch()
	x.turn = p.turn
	switch {
	case p.overrun:
		x.apiError(http.StatusBadRequest, "invalid_request_error",
			fmt.Sprintf("stubapi: script overrun: this main-loop request came after all %d scripted turns were used (classified main: %s)", len(x.s.turns), cls.Reason), 0)
		x.outcome = OutcomeOverrun
		return
	}
	t, err := resolveTurn(&x.s.turns[p.turn], p.turn, x.body)
	if err != nil {
		x.detail = "stubapi: " + err.Error()
		x.apiError(http.StatusBadRequest, "invalid_request_error", x.detail, 0)
		x.outcome = OutcomeUnresolved
		return
	}
	if !p.serve {
		x.outcome = OutcomeFault
		x.detail = p.fault.String()
		x.answer(t, MessageID(p.turn), p.turn, p.fault)
		return
	}
	if p.fault != nil {
		x.detail = p.fault.String()
	}
	if x.answer(t, MessageID(p.turn), p.turn, p.fault) {
		x.outcome = OutcomeServed
		return
	}
	x.outcome = OutcomeAborted
	if x.s.release(p) {
		x.detail = strings.TrimPrefix(x.detail+"; client went away, turn handed back", "; ")
	} else {
		x.detail = strings.TrimPrefix(x.detail+"; client went away after a later request took the next turn, turn stays consumed", "; ")
	}
}

// side answers a side request automatically. The answer reports no
// usage, so it costs nothing: the CLI adds a request's cost to its totals
// when the answer arrives, and the answers to its background requests
// (2.1.37's path extraction after a Bash call) race the main loop's
// result. A max_tokens probe keeps its token count.
func (x *exchange) side(req *messagesRequest) {
	t := Turn{Content: []Block{Say(x.s.cfg.sideText)}, Usage: &Usage{}}
	switch {
	case req.maxTokens() <= 1:
		t = Turn{Content: []Block{Say("OK")}, StopReason: StopMaxTokens, Usage: &Usage{InputTokens: estimateTokens(x.body), OutputTokens: 1}}
	case req.structuredFormat() != nil:
		t.Content = []Block{Say(string(exampleJSON(req.structuredFormat().Schema)))}
	}
	x.answer(&t, x.s.nextSideID(), 0, nil)
	x.outcome = OutcomeSide
}

// answer sends t's response, meeting fault on the way if it is not nil,
// and reports whether the response went out in full.
func (x *exchange) answer(t *Turn, id string, turnIndex int, fault *Fault) bool {
	if fault != nil {
		if early := kindSpec(fault.Kind).early; early != nil {
			if !early(x, fault) {
				return false
			}
			fault = nil
		}
	}
	resp := newResponse(t, id, x.model, turnIndex)
	if x.stream {
		return x.sendStream(&resp, fault)
	}
	return x.sendMessage(&resp, fault)
}

// wait pauses for d, or until the client goes away or the server closes
// when d is zero, and reports whether the exchange can go on.
func (x *exchange) wait(d time.Duration) bool {
	ctx := x.r.Context()
	if d == 0 {
		<-ctx.Done()
		return false
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// abort drops the connection without finishing the response.
func (x *exchange) abort() {
	panic(http.ErrAbortHandler)
}

func (x *exchange) sendMessage(resp *response, fault *Fault) bool {
	if fault != nil {
		if message := kindSpec(fault.Kind).message; message != nil && !message(x, fault, resp) {
			return false
		}
	}
	x.writeJSON(resp.message())
	return x.delivered()
}

// sendStream sends resp as server-sent events, meeting fault (a kind of
// StageInStream) on the way if it is not nil, and reports whether the
// response went out in full.
func (x *exchange) sendStream(resp *response, fault *Fault) bool {
	var at Phase
	var block int
	if fault != nil {
		if before := kindSpec(fault.Kind).beforeStatus; before != nil && fault.phase() == PhaseFirstByte {
			if !before(x, fault) {
				return false
			}
			fault = nil
		}
		if fault != nil {
			at, block = fault.phase(), fault.Block
		}
	}
	bp := x.s.buffer()
	o := &eventWriter{w: x.w, buf: *bp}
	defer func() {
		*bp = o.buf
		x.s.putBuffer(bp)
	}()
	x.header("text/event-stream; charset=utf-8", "Cache-Control", "no-cache")
	x.writeStatus(http.StatusOK)
	if fault == nil {
		// Nothing depends on when the events go out: a response of a
		// few kilobytes goes in one write (net/http sends it with the
		// end of the response in one packet), a larger one in pieces
		// as it is rendered.
		return resp.writeStream(o, "", 0, nil) && o.flush() && x.delivered()
	}
	// failed is set when the fault makes the attempt fail though the
	// stream goes on (a malformed frame).
	failed := false
	strike := func() bool {
		if prepare := kindSpec(fault.Kind).prepare; prepare != nil {
			prepare(x, fault)
		}
		// The events before the fault reach the client before it
		// strikes.
		if !o.flush() {
			return false
		}
		rc := http.NewResponseController(x.w)
		if err := rc.Flush(); err != nil {
			return false
		}
		goOn, fails := kindSpec(fault.Kind).strike(x, fault, o, rc)
		failed = failed || fails
		return goOn
	}
	if !resp.writeStream(o, at, block, strike) || !o.flush() || failed {
		return false
	}
	return x.delivered()
}

// delivered reports whether the response written so far can have reached
// the client: the connection is still up. The server sends the last bytes
// together with the end of the response, in one write.
func (x *exchange) delivered() bool {
	return x.r.Context().Err() == nil
}

func appendEvent(buf []byte, name string, data []byte) []byte {
	buf = append(buf, "event: "...)
	buf = append(buf, name...)
	buf = append(buf, "\ndata: "...)
	buf = append(buf, data...)
	return append(buf, "\n\n"...)
}
