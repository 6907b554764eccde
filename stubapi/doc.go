// Package stubapi is a scripted fake of the Anthropic Messages API that the
// Claude Code CLI cannot tell from the real one.
//
// A Server runs on loopback (like net/http/httptest) and answers the CLI's
// main-loop requests from a Script, one Turn per request, in order. Every
// other request the CLI makes (token counting, small-model helper calls,
// structured-output helpers such as session titles, quota probes, model
// listings) gets a sensible automatic answer and leaves the script alone.
// Every request is recorded.
//
//	s := stubapi.NewTest(t, stubapi.NewScript(
//		stubapi.ToolUse(stubapi.Call("Bash", map[string]any{"command": "echo hi"})),
//		stubapi.Text("Done."),
//	))
//	// run the CLI with ANTHROPIC_BASE_URL=s.URL() ANTHROPIC_API_KEY=dummy
//	results := s.ToolResults() // what the CLI sent back for the Bash call
//
// # Endpoints
//
// POST /v1/messages answers streaming requests ("stream": true) with the
// server-sent events of the real API — message_start, a ping,
// content_block_start / content_block_delta (text_delta, input_json_delta,
// thinking_delta, signature_delta) / content_block_stop per block,
// message_delta with the stop reason and usage, message_stop — and other
// requests with a full Message object. POST /v1/messages/count_tokens
// answers {"input_tokens": N} with N about a quarter of the body's bytes.
// GET /v1/models lists the models of WithModels (DefaultModels by default);
// GET /v1/models/{id} answers any listed id and any other "claude-" id.
// HEAD and GET /api/hello (the native CLI's connectivity check) answer 200.
// Anything else is 404 with the API's error body
// {"type":"error","error":{"type":"not_found_error","message":…},"request_id":…};
// a malformed body (not a JSON object, no model, no messages, no
// max_tokens) is 400 invalid_request_error. Every response carries a
// request-id header.
//
// # Routing
//
// Classify decides, from the request alone, whether it is a main-loop
// request. The first rule that matches wins:
//
//  1. Anything but POST /v1/messages is side (count_tokens, models, …).
//  2. max_tokens of 1 or less is side: a quota or token probe
//     (2.1.37 sends one to the small model with max_tokens 1).
//  3. A request for structured output (output_config.format or
//     output_format) is side: a helper that wants JSON, such as the
//     session-title request of newer CLIs. It gets a JSON value satisfying
//     the schema.
//  4. A request that offers tools is main: the agent loop, including
//     subagents and retries of a failed turn, streaming or not.
//  5. A request to a small model ("haiku" in the id) without tools is
//     side: 2.1.37's helpers (bash path extraction, topic detection, …).
//  6. Anything else is main: the main model without tools, which is what
//     the main loop sends when all tools are disabled (--tools "").
//
// What the pinned CLIs were seen to send (claude -p with stream-json,
// CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1): 2.1.37 sends one streaming
// request per turn to its main model with 17 tools; after a Bash call it
// also streams a haiku request without tools (file paths the command
// touched). Without the non-essential-traffic switch it adds a
// count_tokens request and, in some runs, a haiku request with
// max_tokens 1. CLI 2.1.330 sends only the main-loop requests (12 tools,
// adaptive thinking), plus HEAD /api/hello without the switch. Its code
// also has a session-title helper that asks for structured output (rule
// 3). Side answers: count_tokens as above; a max_tokens probe gets "OK"
// with stop reason max_tokens; a structured request gets JSON for its
// schema; any other side request gets the text of WithSideText ("OK" by
// default). Side answers but the probe's report zero usage, so they add
// nothing to the CLI's cost, whenever they arrive. WithClassifier replaces
// the rule.
//
// The rule is made for the CLI. A program that calls the API directly (on
// an Anthropic SDK) and asks a small model without tools would get "OK"
// instead of its scripted turn: AllScripted answers every POST
// /v1/messages from the script, whatever it asks.
//
// # Turns and faults
//
// A Turn is one model response: content blocks (text, tool_use, thinking,
// redacted_thinking), a stop reason (derived when empty: "tool_use" when a
// tool is called, else "end_turn"), a stop sequence and usage. Without
// Usage a turn reports 100 input tokens and a quarter of its content's
// bytes as output tokens. An Empty turn answers with no content block at
// all. Ids are deterministic: MessageID(turn),
// ToolUseID(turn, block), ThinkingSignature(turn, block); side answers are
// numbered msg_stubside0001, …
//
// A turn may carry Faults. Each main-loop request at a turn is one attempt;
// attempts meet the turn's faults in order, each for its Times (once by
// default, Always for ever). A fault either fails the attempt — an HTTP
// error status, an SSE error event, a dropped connection, a malformed SSE
// frame (Malformed), a stall until the client gives up — or delays it (Delay, a timed Stall) and then
// serves the content. A turn is consumed only when served: when an attempt
// delivers its content in full, or, for a turn without content, when its
// last fault is used up (so a scenario can make a request fail for good).
// If the client goes away before a served response is complete, the turn
// is handed back for the next main-loop request (unless another main-loop
// request has been dispatched meanwhile). Faults striking inside a stream
// stream the turn's content up to their Phase. A main-loop request after
// the script is used up gets 400 invalid_request_error and is recorded as
// an overrun (Server.Overruns); NewTest fails the test for it. Concurrent
// main-loop requests (parallel subagents) take turns in arrival order.
//
// What the pinned CLIs do when a main-loop attempt fails (so a scenario
// can script it): after an HTTP 529 or 500 both retry the same request,
// streaming, as often as CLAUDE_CODE_MAX_RETRIES allows; after an SSE
// error event or a malformed frame mid-stream both retry once without
// streaming (a non-streaming main-loop request, still routed main); after
// a dropped connection 2.1.330 retries streaming (then once without) and
// 2.1.37 once without streaming. Neither gives up on a stalled stream within 90 seconds.
//
// # Script files
//
// ParseScript and LoadScript read, and Script.MarshalJSON writes, a JSON
// form of a script that is meant to be written by hand (and embedded in
// scenario files). Decoding is strict: unknown or repeated fields, wrong
// types, null and trailing data are errors (*ScriptError) naming their
// JSON path, such as "turns[2].fault.kind", and their line and column.
//
//	{"turns": [
//	  {"text": "Hello!"},
//	  {"text": "Let me look.", "tool_use": [{"name": "Bash", "input": {"command": "ls"}}]},
//	  {"thinking": "The listing shows two files.", "text": ["Two files.", "Done."]},
//	  {"text": "Cut short", "stop_reason": "max_tokens", "usage": {"input_tokens": 10, "output_tokens": 3}},
//	  {"text": "After two overloads", "fault": {"kind": "overloaded", "times": 2}},
//	  {"content": [{"type": "thinking", "thinking": "…", "signature": "c2ln"}, {"type": "text", "text": "Hi"}],
//	   "faults": [{"kind": "stream_error", "at": "mid_block", "block": 1}, {"kind": "delay", "duration": "2s"}]},
//	  {"fault": {"kind": "http_error", "status": 500, "times": "always"}}
//	]}
//
// A turn gives its content either with the shorthand fields "thinking"
// (a string: a thinking block with a derived signature, first), "text" (a
// string, or an array of strings for several blocks) and "tool_use" (an
// array of calls {"name", "input", optional "id"}, last), or with
// "content", an array of blocks as the API writes them ("type" text,
// thinking, redacted_thinking or tool_use); "content": [] is an Empty
// turn. Optional turn fields:
// "stop_reason", "stop_sequence", "usage" (input_tokens, output_tokens,
// cache_creation_input_tokens, cache_read_input_tokens) and "fault" (one)
// or "faults" (several). A fault has a "kind" — one of FaultKinds, or of
// the FaultShorthands for an http_error with a status (overloaded: 529) —
// the members of FaultParams its kind takes ("duration" and "retry_after"
// are Go duration strings such as "1.5s", "at" is first_byte, start,
// mid_block with "block", or end; "headers" an object of names and a
// string or an array of strings), and "times" (a positive integer or
// "always"). The table of fault kinds, in faultkind.go, says what each
// kind takes, whether it fails the attempt, when it strikes and what the
// client sees; validation, the server and the tables of
// docs/stub-script.md (go generate) all follow it.
//
// # Values from the request
//
// A tool_use input may hold, at any depth, the placeholder
// {"$from_request": "<regexp>"} (FromRequest in Go): when the server serves
// the turn, it replaces the placeholder by the JSON string that the
// regexp's one capture group matches first in the last user message of the
// request being answered (its tool_result texts and text blocks joined by
// newlines, or its content when that is a string), keeping the other
// members' order. This lets a script use a value only the CLI knows, such
// as the random id of a background task: {"task_id": {"$from_request":
// "with ID: (\\w+)"}}. Validate rejects a placeholder whose regexp does not
// compile or has not exactly one group, or that has other members. When
// the regexp matches nothing, the request gets 400 invalid_request_error
// naming the member and is recorded with OutcomeUnresolved
// (Server.Unresolved; NewTest fails the test); the turn stays consumed.
// A turn's default usage is that of the scripted input.
//
// # Recording
//
// Server.Requests returns every request in arrival order with its headers
// and query (the values of credential-like headers and query parameters,
// such as x-api-key, authorization, cookie, anthropic-auth-token,
// x-auth-token and ?api_key=, replaced by Redacted), its JSON body, its
// route and
// the reason, the turn it used and how it was answered; MainRequests,
// ToolResults, SystemPrompt and WriteJSONL (one request a line) build on
// it. A body over the API's limit of 32 MiB is answered 413
// request_too_large, and the connection closed after the answer: the
// server reads no more of it than the limit (nothing past the first
// MaxRecordedBody bytes when its length is announced) and keeps no more in
// memory. It is recorded as an oversize side request ("oversize: …"),
// by its first MaxRecordedBody bytes, with BodySize and BodyTruncated,
// and logged as a warning.
//
// # Timeouts
//
// A client has WithReadTimeout (DefaultReadTimeout) to send a request and
// 30 s of it for the header; a keep-alive connection is closed after
// WithIdleTimeout (DefaultIdleTimeout) without a request. Answers are not
// bounded, so that a stall lasts as its fault says.
package stubapi

//go:generate go run ../internal/stubdoc -root ..
