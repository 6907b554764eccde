package claude

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ccwire/ccwire/protocol"
)

// ControlError is the CLI's error answer to a control request the client
// sent, such as set_permission_mode with a mode the CLI does not know.
type ControlError struct {
	// Subtype is the request's subtype, e.g. set_permission_mode.
	Subtype protocol.ControlSubtype
	// RequestID is the request's ID.
	RequestID string
	// Message is the CLI's error text.
	Message string
	// Code is the CLI's machine-readable cause, e.g. invalid_mode (CLI
	// 2.1.330; empty otherwise).
	Code string
}

// Is reports whether target is [errors.ErrUnsupported] for an answer
// saying the CLI does not know the request (code unsupported_request,
// CLI 2.1.330).
func (e *ControlError) Is(target error) bool {
	return target == errors.ErrUnsupported && e.Code == "unsupported_request"
}

// Error quotes the CLI's error text.
func (e *ControlError) Error() string {
	msg := fmt.Sprintf("claude: the CLI refused the %s request: %s", e.Subtype, e.Message)
	if e.Code != "" {
		msg += " (" + e.Code + ")"
	}
	return msg
}

// Interrupt stops the turn under way: the CLI ends it with a result of
// subtype error_during_execution (CLI 2.1.330 marks it is_error and
// terminal_reason aborted_streaming) and waits for the next prompt.
func (c *Client) Interrupt(ctx context.Context) error {
	_, err := c.control(ctx, &protocol.InterruptRequest{})
	return err
}

// SetPermissionMode changes the permission mode for the coming tool calls.
// CLI 2.1.330 reports the change with a system/status message and refuses
// unknown modes with a *ControlError; CLI 2.1.37 accepts any string.
func (c *Client) SetPermissionMode(ctx context.Context, mode protocol.PermissionMode) error {
	_, err := c.control(ctx, &protocol.SetPermissionModeRequest{Mode: mode})
	return err
}

// SetModel changes the model from the next request on; an empty model
// goes back to the default. CLI 2.1.330 also writes a user message with
// the command's output ("Set model to ...").
func (c *Client) SetModel(ctx context.Context, model string) error {
	_, err := c.control(ctx, &protocol.SetModelRequest{Model: model})
	return err
}

// SetMaxThinkingTokens changes the thinking budget; zero removes the limit.
func (c *Client) SetMaxThinkingTokens(ctx context.Context, tokens int64) error {
	_, err := c.control(ctx, &protocol.SetMaxThinkingTokensRequest{MaxThinkingTokens: tokens})
	return err
}

// Control sends a control request with body and returns the CLI's success
// answer; decode its payload with [protocol.SuccessResponse.DecodePayload].
// Use it for the requests without a method of their own (mcp_status,
// get_context_usage...). The error is a *ControlError for an error answer;
// a *ContextError matching context.DeadlineExceeded when no answer came
// within Options.ControlTimeout; an *UnsupportedRequestError, without
// sending anything, for a request CLI 2.1.37 would leave unanswered; the
// *ExitError when the CLI's output ended first; or a *ContextError of
// ctx's error when ctx ends first (also while the CLI does not read the
// request). Both unsupported cases match errors.ErrUnsupported.
func (c *Client) Control(ctx context.Context, body protocol.ControlRequestBody) (*protocol.SuccessResponse, error) {
	return c.control(ctx, body)
}

// control sends a control request and waits for its answer, matched by
// request ID.
func (c *Client) control(ctx context.Context, body protocol.ControlRequestBody) (*protocol.SuccessResponse, error) {
	subtype := body.ControlSubtype()
	if err := c.checkSubtype(subtype); err != nil {
		return nil, err
	}
	id := "req_" + strconv.FormatUint(c.nextID.Add(1), 10) + "_" + c.idSuffix
	ch := make(chan controlAnswer, 1)
	c.mu.Lock()
	if c.ended != nil {
		ended := c.ended
		c.mu.Unlock()
		return nil, wrapError(string(subtype)+" request", ended)
	}
	c.pending[id] = ch
	c.pendingWhat[id] = subtype
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		delete(c.pending, id)
		delete(c.pendingWhat, id)
		c.mu.Unlock()
	}()

	c.logger.Debug("claude: control request", "subtype", subtype, "request_id", id)
	if err := sendMessage(ctx, c.conn, protocol.NewControlRequest(id, body)); err != nil {
		return nil, wrapError(string(subtype)+" request", err)
	}
	timer := time.NewTimer(c.controlTimeout)
	defer timer.Stop()
	var a controlAnswer
	select {
	case a = <-ch:
	case <-timer.C:
		return nil, &ContextError{Err: context.DeadlineExceeded, Op: fmt.Sprintf("waiting for the answer to the %s request %s", subtype, id),
			Cause: fmt.Errorf("no answer within %s, Options.ControlTimeout", c.controlTimeout)}
	case <-ctx.Done():
		return nil, contextError(ctx, ctx.Err(), fmt.Sprintf("waiting for the answer to the %s request %s", subtype, id))
	}
	if a.err != nil {
		return nil, wrapError(fmt.Sprintf("%s request %s", subtype, id), a.err)
	}
	switch r := a.resp.Response.(type) {
	case *protocol.SuccessResponse:
		return r, nil
	case *protocol.ErrorResponse:
		c.handlePending(r.PendingPermissionRequests)
		return nil, &ControlError{Subtype: subtype, RequestID: id, Message: r.Error, Code: r.ErrorCode}
	default:
		return nil, &ControlError{Subtype: subtype, RequestID: id,
			Message: fmt.Sprintf("answer of unknown subtype %q", a.resp.Response.ControlSubtype())}
	}
}

// resolve hands a control response to the request waiting for it. An
// answer nobody waits for (a second answer, as CLI 2.1.37 sends to
// set_permission_mode, or one that came after its request gave up) is
// dropped; it stays in the transcript.
func (c *Client) resolve(m *protocol.ControlResponse) {
	if m.Response == nil {
		return
	}
	id := m.Response.ControlRequestID()
	c.mu.Lock()
	ch, ok := c.pending[id]
	delete(c.pending, id)
	c.mu.Unlock()
	if !ok {
		c.logger.Debug("claude: control response nobody waits for", "request_id", id, "subtype", m.Response.ControlSubtype())
		return
	}
	ch <- controlAnswer{resp: m}
}

// endPending fails the requests still waiting: the CLI's output ended
// (or the session went over a bound first: they get that error).
func (c *Client) endPending(end *ExitError) {
	c.mu.Lock()
	if c.ended == nil {
		c.ended = end
	}
	for id, ch := range c.pending {
		delete(c.pending, id)
		ch <- controlAnswer{err: c.ended}
	}
	c.mu.Unlock()
}

// handlePending answers the permission requests a control response lists
// as still unanswered (CLI 2.1.330), unless they are being answered.
func (c *Client) handlePending(reqs []protocol.ControlRequest) {
	for i := range reqs {
		if _, ok := reqs[i].Request.(*protocol.CanUseToolRequest); ok {
			c.handleRequest(&reqs[i], nil)
		}
	}
}

// cliRequest is a control request of the CLI waiting for a handler.
type cliRequest struct {
	m      *protocol.ControlRequest
	use    *ToolUseEvent // the tool call a permission request is about, if known
	ctx    context.Context
	cancel context.CancelFunc
}

// handleRequest queues a control request of the CLI for a handler, unless
// it is being answered already, and starts a handler if fewer than
// Options.ControlHandlers run. A request past Options.MaxControlQueue
// ends the session instead. use is the tool call a permission request is
// about, if known. It does not block.
func (c *Client) handleRequest(m *protocol.ControlRequest, use *ToolUseEvent) {
	id := m.RequestID
	c.mu.Lock()
	if _, dup := c.handling[id]; dup || c.life.Err() != nil {
		c.mu.Unlock()
		return
	}
	if len(c.handling) >= c.handlers+c.maxQueued {
		c.mu.Unlock()
		c.fail(&LimitError{What: "control requests from the CLI in flight", Limit: int64(c.handlers + c.maxQueued), Option: "MaxControlQueue"})
		return
	}
	ctx, cancel := context.WithCancel(c.life)
	c.handling[id] = cancel
	if m.Request != nil {
		c.handlingWhat[id] = m.Request.ControlSubtype()
	}
	c.queued = append(c.queued, cliRequest{m: m, use: use, ctx: ctx, cancel: cancel})
	start := c.workers < c.handlers
	if start {
		c.workers++
		c.callbacks.Add(1)
	}
	c.mu.Unlock()
	if start {
		go c.handle()
	}
}

// handle answers the queued control requests of the CLI until none is
// left.
func (c *Client) handle() {
	defer c.callbacks.Done()
	for {
		c.mu.Lock()
		if len(c.queued) == 0 {
			c.queued = nil
			c.workers--
			c.mu.Unlock()
			return
		}
		r := c.queued[0]
		c.queued[0] = cliRequest{}
		c.queued = c.queued[1:]
		c.mu.Unlock()
		c.respond(r)
	}
}

// respond answers one control request of the CLI, unless it is withdrawn
// (control_cancel_request, Close) before or while it is answered.
func (c *Client) respond(r cliRequest) {
	id := r.m.RequestID
	var resp *protocol.ControlResponse
	if r.ctx.Err() == nil {
		resp = c.answer(r.ctx, r.m, r.use)
	}
	withdrawn := r.ctx.Err() != nil
	r.cancel()
	c.mu.Lock()
	delete(c.handling, id)
	delete(c.handlingWhat, id)
	c.mu.Unlock()
	if withdrawn {
		c.logger.Debug("claude: control request withdrawn; not answering", "request_id", id)
		return
	}
	select {
	case <-c.attached: // the CLI may ask before Connect has its session
	case <-c.life.Done():
		return
	}
	sendCtx, stop := context.WithTimeout(c.life, c.controlTimeout)
	defer stop()
	if err := sendMessage(sendCtx, c.conn, resp); err != nil {
		c.logger.Debug("claude: could not answer a control request", "request_id", id, "err", err)
	}
}

// cancelHandling withdraws the context of a CLI request being answered
// (control_cancel_request).
func (c *Client) cancelHandling(id string) {
	c.mu.Lock()
	cancel := c.handling[id]
	c.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// answer computes the answer to a control request of the CLI.
func (c *Client) answer(ctx context.Context, m *protocol.ControlRequest, use *ToolUseEvent) *protocol.ControlResponse {
	id := m.RequestID
	switch r := m.Request.(type) {
	case *protocol.CanUseToolRequest:
		if c.canUseTool == nil {
			return protocol.NewErrorResponse(id, "this client has no permission callback (claude.Options.CanUseTool)")
		}
		c.awaitDelivery(ctx, use)
		if ctx.Err() != nil {
			return protocol.NewErrorResponse(id, "the permission request was withdrawn") // not sent
		}
		req := &PermissionRequest{RequestID: id, ToolName: r.ToolName, Input: r.Input, ToolUseID: r.ToolUseID, ToolUse: use, Request: r}
		d, err := c.canUseTool(ctx, req)
		if err != nil {
			return protocol.NewErrorResponse(id, err.Error())
		}
		res, err := d.result(r.ToolUseID, r.Input)
		if err != nil {
			return protocol.NewErrorResponse(id, err.Error())
		}
		c.logger.Debug("claude: permission decided", "request_id", id, "tool", r.ToolName, "behavior", res.Behavior)
		return protocol.NewPermissionResponse(id, res)
	case *protocol.HookCallbackRequest:
		return c.answerHook(ctx, id, r)
	case *protocol.MCPMessageRequest:
		return c.answerMCP(ctx, id, r)
	case *protocol.ElicitationRequest:
		return c.answerElicitation(ctx, id, r)
	case *protocol.UserDialogRequest:
		return c.answerUserDialog(ctx, id, r)
	case nil:
		return protocol.NewErrorResponse(id, "control request without a body")
	default:
		return protocol.NewErrorResponse(id, fmt.Sprintf("unsupported control request subtype: %s", r.ControlSubtype()))
	}
}

// TurnError reports a turn whose result says it failed: a subtype other
// than success (error_max_turns, error_max_budget_usd,
// error_during_execution after an interrupt...), or success with is_error
// (an API error, the output token limit). Its message says which, from
// the result's subtype, is_error and API error members, never "ended
// with success".
type TurnError struct {
	// Subtype is the result's subtype.
	Subtype protocol.Subtype
	// IsError is the result's is_error: both pinned CLIs report an API
	// error as subtype success with is_error; CLI 2.1.37 leaves it false
	// for error subtypes.
	IsError bool
	// Result is the result's text; for success with is_error, the error.
	Result string
	// Errors are the result's error messages (error subtypes).
	Errors []string
	// TerminalReason is why the loop ended (CLI 2.1.330): max_turns,
	// aborted_streaming, api_error...
	TerminalReason string
	// APIErrorStatus is the HTTP status of the API error that ended the
	// turn, 0 when none or unknown (CLI 2.1.330; 2.1.37 says it only in
	// Result, as "API Error: 500 ...").
	APIErrorStatus int
	// APIErrorType is the API error's type, e.g. api_error,
	// overloaded_error, rate_limit_error (CLI 2.1.330).
	APIErrorType string
	// APIError is the CLI's category of the error, e.g. max_output_tokens,
	// connection_failed, usage_limit_reached (CLI 2.1.330).
	APIError string
	// Message is the result message.
	Message *protocol.ResultMessage
}

// Error says how the turn ended: "the turn ended with error_max_turns
// (max_turns): ...", "the turn failed with HTTP 500 (api_error): API
// Error: 500 ...", "the turn failed: API Error: ...".
func (e *TurnError) Error() string {
	var b strings.Builder
	b.WriteString("claude: the turn ")
	var details []string
	switch {
	case e.Subtype != protocol.SubtypeSuccess:
		b.WriteString("ended with " + string(e.Subtype))
		if e.TerminalReason != "" {
			details = append(details, e.TerminalReason)
		}
	case e.APIErrorStatus != 0:
		fmt.Fprintf(&b, "failed with HTTP %d", e.APIErrorStatus)
		for _, d := range []string{e.APIErrorType, e.APIError} {
			if d != "" && !slices.Contains(details, d) {
				details = append(details, d)
			}
		}
	case e.APIError != "":
		b.WriteString("failed with " + e.APIError)
	default:
		b.WriteString("failed")
	}
	if len(details) > 0 {
		b.WriteString(" (" + strings.Join(details, ", ") + ")")
	}
	switch {
	case e.Result != "":
		b.WriteString(": " + e.Result)
	case len(e.Errors) > 0:
		b.WriteString(": " + e.Errors[0])
	}
	return b.String()
}

// turnError returns the *TurnError of an error result, nil otherwise.
func turnError(r *protocol.ResultMessage) error {
	if r == nil || (r.Subtype == protocol.SubtypeSuccess && !r.IsError) {
		return nil
	}
	return &TurnError{Subtype: r.Subtype, IsError: r.IsError, Result: r.Result, Errors: r.Errors,
		TerminalReason: r.TerminalReason, APIErrorStatus: int(r.APIErrorStatus), APIErrorType: r.APIErrorType,
		APIError: r.APIError, Message: r}
}
