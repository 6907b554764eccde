package stubapi

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// NoTurn is the Request.Turn of a request that used no turn of the script.
const NoTurn = -1

// Outcome is how the server answered a request.
type Outcome string

// The outcomes.
const (
	// OutcomePending: the answer is still being sent.
	OutcomePending Outcome = "pending"
	// OutcomeServed: a turn of the script was served in full.
	OutcomeServed Outcome = "served"
	// OutcomeFault: the attempt met a fault of its turn (see Detail).
	OutcomeFault Outcome = "fault"
	// OutcomeAborted: the client went away before the turn was served in
	// full; the turn was handed back for the next main-loop request.
	OutcomeAborted Outcome = "aborted"
	// OutcomeOverrun: a main-loop request came after the script was used
	// up; it got an API error.
	OutcomeOverrun Outcome = "overrun"
	// OutcomeUnresolved: a "$from_request" placeholder of the turn's
	// tool_use inputs matched nothing in the request (see Detail); the
	// request got an API error and the turn stays consumed.
	OutcomeUnresolved Outcome = "unresolved"
	// OutcomeSide: a side request got its automatic answer.
	OutcomeSide Outcome = "side"
	// OutcomeRejected: the request was malformed or asked for an unknown
	// endpoint and got an API error.
	OutcomeRejected Outcome = "rejected"
)

// Request is one request the server received, as recorded. Records share
// their Header and Body with the server: treat them as read-only.
type Request struct {
	// Seq numbers requests from 1 in arrival order.
	Seq int `json:"seq"`
	// Time is when the request arrived.
	Time time.Time `json:"time"`
	// Method is the request method.
	Method string `json:"method"`
	// Path is the URL path, e.g. "/v1/messages".
	Path string `json:"path"`
	// Query is the raw URL query, e.g. "beta=true", the values of
	// credential-like parameters (api_key, access_token, key, …) replaced
	// by Redacted.
	Query string `json:"query,omitempty"`
	// Header is the request's header, the values of credential-like
	// headers (x-api-key, authorization, cookie, anthropic-auth-token,
	// x-auth-token, …) replaced by Redacted.
	Header http.Header `json:"header"`
	// Body is the request body when it is JSON.
	Body json.RawMessage `json:"body,omitempty"`
	// BodyText is the request body when it is not JSON, or the kept part
	// of a truncated body.
	BodyText string `json:"body_text,omitempty"`
	// BodySize is the size of the request body in bytes. For a truncated
	// body it is the announced Content-Length, or, for a body of unknown
	// length (chunked), one byte more than the limit: the server stops
	// reading there, so the body has at least that many.
	BodySize int64 `json:"body_size,omitempty"`
	// BodyTruncated reports that the body was larger than the API's limit
	// (32 MiB) and rejected with 413: only its first MaxRecordedBody bytes
	// are kept, in BodyText.
	BodyTruncated bool `json:"body_truncated,omitempty"`
	// Route is where the request was classified.
	Route Route `json:"route"`
	// Reason is the classification rule that decided the route.
	Reason string `json:"reason"`
	// Model is the model the request named.
	Model string `json:"model,omitempty"`
	// Stream is the request's stream flag.
	Stream bool `json:"stream"`
	// Turn is the index of the script turn the request was answered
	// from (or whose fault it met), NoTurn for none.
	Turn int `json:"turn"`
	// Status is the HTTP status answered (0 while pending or when the
	// connection was dropped before a status line).
	Status int `json:"status"`
	// Outcome is how the request was answered.
	Outcome Outcome `json:"outcome"`
	// Detail names the fault met or the error sent, if any.
	Detail string `json:"detail,omitempty"`
	// Duration is how long answering took.
	Duration time.Duration `json:"duration_ns"`
}

// IsMain reports whether r is a main-loop request.
func (r *Request) IsMain() bool { return r.Route == RouteMain }

// Redacted is what a recorded header or query parameter that carries a
// credential holds instead of its value.
const Redacted = "[redacted]"

// credentialNames is the one table of what makes the name of a header or
// of a query parameter credential-like, so that its value is recorded as
// [Redacted]: a name, lower-cased and with "_" read as "-", that is one
// of exact or has one of parts in it. It covers x-api-key, authorization,
// proxy-authorization, cookie, anthropic-auth-token, x-auth-token and
// their kin, and ?api_key=, ?access_token=, ?key=, ?sig=.
var credentialNames = struct {
	exact []string
	parts []string
}{
	exact: []string{"key", "sig", "signature"},
	parts: []string{"auth", "token", "api-key", "apikey", "secret", "password", "passwd", "cookie", "credential", "private-key", "access-key"},
}

// isCredential reports whether a header or query parameter named name
// carries a credential (see credentialNames). It allocates nothing: it
// runs on every header of every request.
func isCredential(name string) bool {
	for _, e := range credentialNames.exact {
		if len(name) == len(e) && nameContains(name, e) {
			return true
		}
	}
	for _, p := range credentialNames.parts {
		if nameContains(name, p) {
			return true
		}
	}
	return false
}

// nameContains reports whether name, lower-cased and with "_" read as
// "-", has part (lower case) in it.
func nameContains(name, part string) bool {
	for i := 0; i+len(part) <= len(name); i++ {
		j := 0
		for j < len(part) && foldNameByte(name[i+j]) == part[j] {
			j++
		}
		if j == len(part) {
			return true
		}
	}
	return false
}

// foldNameByte is c as names are compared: lower case, "_" as "-".
func foldNameByte(c byte) byte {
	switch {
	case 'A' <= c && c <= 'Z':
		return c + 'a' - 'A'
	case c == '_':
		return '-'
	}
	return c
}

// redact returns h with the values of its credential-like headers
// replaced by Redacted.
func redact(h http.Header) http.Header {
	out := h.Clone()
	for k, v := range out {
		if isCredential(k) {
			out[k] = slices.Repeat([]string{Redacted}, max(1, len(v)))
		}
	}
	return out
}

// redactQuery returns the raw URL query raw with the values of its
// credential-like parameters replaced by Redacted, and the rest as it
// was.
func redactQuery(raw string) string {
	found := false
	for p := range strings.SplitSeq(raw, "&") {
		if found = credentialParam(p); found {
			break
		}
	}
	if !found {
		return raw
	}
	params := strings.Split(raw, "&")
	for i, p := range params {
		if credentialParam(p) {
			name, _, _ := strings.Cut(p, "=")
			params[i] = name + "=" + Redacted
		}
	}
	return strings.Join(params, "&")
}

// credentialParam reports whether param, a name=value pair of a raw query,
// has a value and a credential-like name.
func credentialParam(param string) bool {
	name, _, hasValue := strings.Cut(param, "=")
	if unescaped, err := url.QueryUnescape(name); err == nil {
		name = unescaped
	}
	return hasValue && isCredential(name)
}

// requestBody is the part of a Messages body the record helpers read.
type requestBody struct {
	System   json.RawMessage `json:"system"`
	Messages []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
}

// contentBlock is a content block of a request message.
type contentBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	ToolUseID string          `json:"tool_use_id"`
	Content   json.RawMessage `json:"content"`
	IsError   bool            `json:"is_error"`
}

// SystemPrompt returns the text of r's system prompt: the string, or the
// text blocks joined by newlines. It is empty for requests without one.
func (r *Request) SystemPrompt() string {
	var body requestBody
	if json.Unmarshal(r.Body, &body) != nil {
		return ""
	}
	return textOf(body.System)
}

// ToolResult is a tool result the CLI sent back in a main-loop request.
type ToolResult struct {
	// ToolUseID is the id of the tool_use block answered.
	ToolUseID string `json:"tool_use_id"`
	// Content is the result's content as sent: a JSON string or an array
	// of content blocks.
	Content json.RawMessage `json:"content,omitempty"`
	// IsError is the result's is_error flag.
	IsError bool `json:"is_error"`
	// Seq is the Seq of the request that first carried the result.
	Seq int `json:"seq"`
}

// Text returns the result's content as text: the string, or the text
// blocks joined by newlines.
func (t ToolResult) Text() string { return textOf(t.Content) }

// ToolResults returns the tool_result blocks of r's last user message, in
// order. Messages of role "system" after it are passed over: the CLI
// ends the list with them, such as its token budget
// (<total_tokens>…</total_tokens>, CLI 2.1.270) or a change of working
// folder (CLI 2.1.330).
func (r *Request) ToolResults() []ToolResult {
	var body requestBody
	if json.Unmarshal(r.Body, &body) != nil {
		return nil
	}
	msgs := body.Messages
	for len(msgs) > 0 && msgs[len(msgs)-1].Role == "system" {
		msgs = msgs[:len(msgs)-1]
	}
	if len(msgs) == 0 {
		return nil
	}
	last := msgs[len(msgs)-1]
	if last.Role != "user" {
		return nil
	}
	var blocks []contentBlock
	if json.Unmarshal(last.Content, &blocks) != nil {
		return nil
	}
	var out []ToolResult
	for _, b := range blocks {
		if b.Type == "tool_result" {
			out = append(out, ToolResult{ToolUseID: b.ToolUseID, Content: b.Content, IsError: b.IsError, Seq: r.Seq})
		}
	}
	return out
}

// textOf renders a JSON string, or an array of blocks' text fields, as text.
func textOf(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var blocks []contentBlock
	if json.Unmarshal(raw, &blocks) != nil {
		return ""
	}
	var parts []string
	for _, b := range blocks {
		if b.Type == "text" {
			parts = append(parts, b.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// writeJSONL writes reqs to w, one JSON object a line.
func writeJSONL(w io.Writer, reqs []Request) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for i := range reqs {
		if err := enc.Encode(&reqs[i]); err != nil {
			return fmt.Errorf("stubapi: writing request %d: %w", reqs[i].Seq, err)
		}
	}
	return nil
}
