package stubapi

import (
	"fmt"
	"net/http"
	"strings"
	"time"
)

// FaultKind names what goes wrong in a faulted attempt.
type FaultKind string

// The fault kinds.
const (
	// FaultHTTPError answers with an HTTP error status and the API's error
	// body (and a retry-after header when RetryAfter is set).
	FaultHTTPError FaultKind = "http_error"
	// FaultStreamError sends an SSE "error" event at At and ends the stream;
	// a non-streaming request gets the HTTP status matching ErrorType.
	FaultStreamError FaultKind = "stream_error"
	// FaultDrop closes the connection at At without finishing the response.
	FaultDrop FaultKind = "drop"
	// FaultStall stops sending at At for Duration and then carries on; a
	// zero Duration stalls until the client goes away, which fails the
	// attempt.
	FaultStall FaultKind = "stall"
	// FaultDelay waits Duration before the first byte of the response and
	// then serves it normally.
	FaultDelay FaultKind = "delay"
	// FaultMalformed sends, at At, an SSE frame whose data is not JSON
	// (MalformedFrame: a content_block_delta event cut off in the middle of
	// its JSON), then the rest of the stream. The attempt counts as failed
	// whatever the client makes of the frame, so the turn stays for the
	// next attempt. A non-streaming request gets HTTP 200 with the
	// message's JSON cut off in the middle as its whole body.
	FaultMalformed FaultKind = "malformed"
)

// MalformedFrame is the SSE frame a FaultMalformed sends: a
// content_block_delta event whose data is JSON cut off in the middle of
// a string.
const MalformedFrame = "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"cut off\n\n"

// Phase is a point in a streamed response where a fault strikes.
type Phase string

// The phases of a streamed response.
const (
	// PhaseFirstByte is before any byte of the response body: for a drop
	// not even the status line is sent; a stream error is the first event.
	PhaseFirstByte Phase = "first_byte"
	// PhaseStart is after message_start, before the first content block.
	PhaseStart Phase = "start"
	// PhaseMidBlock is inside content block Block: after its
	// content_block_start and the first half of its deltas, before its
	// content_block_stop.
	PhaseMidBlock Phase = "mid_block"
	// PhaseEnd is after the last content block, before message_delta.
	PhaseEnd Phase = "end"
)

var phases = []Phase{PhaseFirstByte, PhaseStart, PhaseMidBlock, PhaseEnd}

// Always is the Fault.Times of a fault that never wears off.
const Always = -1

// Fault is what goes wrong in some attempts at a turn. A fault applies to
// Times consecutive attempts (main-loop requests) at its turn.
type Fault struct {
	// Kind is what goes wrong.
	Kind FaultKind
	// Status is the HTTP status of an http_error fault (400–599).
	Status int
	// ErrorType is the API error type sent ("overloaded_error", …); empty
	// means the type matching Status, or "overloaded_error" for a
	// stream_error.
	ErrorType string
	// Message is the error message sent; empty means a stock message.
	Message string
	// RetryAfter, when positive, is sent in a retry-after header (whole
	// seconds, rounded up) with an http_error.
	RetryAfter time.Duration
	// At is where a stream_error, drop, stall or malformed fault strikes;
	// empty means PhaseFirstByte for stream_error, drop and malformed,
	// PhaseStart for stall.
	At Phase
	// Block is the content block index of PhaseMidBlock.
	Block int
	// Duration is how long a delay or stall lasts (a zero stall lasts
	// until the client goes away), or how long a drop after the first
	// byte waits, with what came before it sent, before the connection
	// goes: the client has then read all of it whatever its speed.
	Duration time.Duration
	// Times is how many consecutive attempts meet the fault: 0 and 1 mean
	// once, Always means every attempt from then on.
	Times int
	// Headers are extra headers of an http_error fault's response, such as
	// the anthropic-ratelimit-unified-* headers with which the API tells a
	// subscriber which usage limit was hit and when it resets. The
	// server's own headers (Content-Type, Content-Length, Request-Id,
	// Anthropic-Organization-Id) cannot be replaced, and Retry-After is set
	// with RetryAfter.
	Headers http.Header
}

// HTTPError returns a fault answering with the given HTTP status and the
// error type the API uses for it.
func HTTPError(status int) Fault { return Fault{Kind: FaultHTTPError, Status: status} }

// Overloaded returns a fault answering HTTP 529 overloaded_error.
func Overloaded() Fault { return HTTPError(529) }

// RateLimited returns a fault answering HTTP 429 rate_limit_error with a
// retry-after header when retryAfter is positive.
func RateLimited(retryAfter time.Duration) Fault {
	f := HTTPError(429)
	f.RetryAfter = retryAfter
	return f
}

// ServerError returns a fault answering HTTP 500 api_error.
func ServerError() Fault { return HTTPError(500) }

// Unauthorized returns a fault answering HTTP 401 authentication_error.
func Unauthorized() Fault { return HTTPError(401) }

// StreamError returns a fault that sends an SSE error event of the given
// type (empty means "overloaded_error") as the stream's first event; move
// it with When or MidBlock.
func StreamError(errorType string) Fault {
	return Fault{Kind: FaultStreamError, ErrorType: errorType}
}

// Drop returns a fault that closes the connection before any response;
// move it with When or MidBlock.
func Drop() Fault { return Fault{Kind: FaultDrop} }

// Stall returns a fault that stops sending after message_start for d, or
// until the client goes away when d is zero; move it with When or MidBlock.
func Stall(d time.Duration) Fault { return Fault{Kind: FaultStall, Duration: d} }

// Delay returns a fault that waits d before the first byte and then
// serves the turn normally.
func Delay(d time.Duration) Fault { return Fault{Kind: FaultDelay, Duration: d} }

// Malformed returns a fault that sends MalformedFrame as the stream's
// first event, then the stream; move it with When or MidBlock.
func Malformed() Fault { return Fault{Kind: FaultMalformed} }

// When returns a copy of f striking at phase p.
func (f Fault) When(p Phase) Fault { f.At = p; return f }

// MidBlock returns a copy of f striking in the middle of content block i.
func (f Fault) MidBlock(i int) Fault { f.At = PhaseMidBlock; f.Block = i; return f }

// Repeat returns a copy of f that meets n consecutive attempts.
func (f Fault) Repeat(n int) Fault { f.Times = n; return f }

// Forever returns a copy of f that meets every attempt from then on.
func (f Fault) Forever() Fault { f.Times = Always; return f }

// WithMessage returns a copy of f sending message as the error message.
func (f Fault) WithMessage(message string) Fault { f.Message = message; return f }

// WithErrorType returns a copy of f sending errorType as the error type.
func (f Fault) WithErrorType(errorType string) Fault { f.ErrorType = errorType; return f }

// WithHeader returns a copy of f whose response also carries the header
// name: value (added to the values name already has).
func (f Fault) WithHeader(name, value string) Fault {
	h := f.Headers.Clone()
	if h == nil {
		h = http.Header{}
	}
	h.Add(name, value)
	f.Headers = h
	return f
}

// serverHeaders are the response headers the server sets itself, which a
// fault cannot replace.
var serverHeaders = []string{"Content-Type", "Content-Length", "Request-Id", "Anthropic-Organization-Id", "Retry-After", "Transfer-Encoding", "Connection"}

// setHeaders adds f's extra headers to h, a response's header before it
// is written.
func (f *Fault) setHeaders(h http.Header) {
	for name, values := range f.Headers {
		h[http.CanonicalHeaderKey(name)] = append(h[http.CanonicalHeaderKey(name)], values...)
	}
}

// times is the number of attempts f meets; Always for ever.
func (f *Fault) times() int {
	if f.Times == Always {
		return Always
	}
	return max(1, f.Times)
}

// errorType is the API error type f sends.
func (f *Fault) errorType() string {
	if f.ErrorType != "" {
		return f.ErrorType
	}
	if f.Kind == FaultHTTPError {
		return errorTypeForStatus(f.Status)
	}
	return "overloaded_error"
}

// status is the HTTP status of f's error response when it is not streamed.
func (f *Fault) status() int {
	if f.Kind == FaultHTTPError {
		return f.Status
	}
	return statusForErrorType(f.errorType())
}

// message is the error message f sends.
func (f *Fault) message() string {
	if f.Message != "" {
		return f.Message
	}
	return stockMessage(f.errorType())
}

func (f *Fault) phaseString() string {
	if f.phase() == PhaseMidBlock {
		return fmt.Sprintf("mid_block %d", f.Block)
	}
	return string(f.phase())
}

// validHeaderName reports whether name is an HTTP header field name (an
// RFC 9110 token).
func validHeaderName(name string) bool {
	if name == "" {
		return false
	}
	for i := range len(name) {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0) {
			return false
		}
	}
	return true
}

func phaseNames() []string {
	out := make([]string, len(phases))
	for i, p := range phases {
		out[i] = string(p)
	}
	return out
}

// errorTypeForStatus is the API error type the API uses with an HTTP status.
func errorTypeForStatus(status int) string {
	switch status {
	case 400:
		return "invalid_request_error"
	case 401:
		return "authentication_error"
	case 402:
		return "billing_error"
	case 403:
		return "permission_error"
	case 404:
		return "not_found_error"
	case 413:
		return "request_too_large"
	case 429:
		return "rate_limit_error"
	case 504:
		return "timeout_error"
	case 529:
		return "overloaded_error"
	}
	if status >= 500 {
		return "api_error"
	}
	return "invalid_request_error"
}

// statusForErrorType is the HTTP status the API uses with an error type.
func statusForErrorType(errorType string) int {
	switch errorType {
	case "invalid_request_error":
		return 400
	case "authentication_error":
		return 401
	case "billing_error":
		return 402
	case "permission_error":
		return 403
	case "not_found_error":
		return 404
	case "request_too_large":
		return 413
	case "rate_limit_error":
		return 429
	case "timeout_error":
		return 504
	case "overloaded_error":
		return 529
	}
	return 500
}

// stockMessage is the message sent with errorType when the fault sets none.
func stockMessage(errorType string) string {
	switch errorType {
	case "overloaded_error":
		return "Overloaded"
	case "rate_limit_error":
		return "This request would exceed the rate limit (stubapi fault)"
	case "api_error":
		return "Internal server error (stubapi fault)"
	case "authentication_error":
		return "invalid x-api-key (stubapi fault)"
	}
	return errorType + " (stubapi fault)"
}
