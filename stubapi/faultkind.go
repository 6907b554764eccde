package stubapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// This file is the table of fault kinds: what each takes, whether it
// fails the attempt, when it strikes, what the client sees, and how the
// server acts it out. Validation (Fault.validate), the server's dispatch
// (exchange.answer, sendMessage, sendStream), Fault.String, the script
// file's decoder and the tables of docs/stub-script.md and .ja.md
// (go generate ./stubapi) all read it: a new kind is a constant and an
// entry here.

// Failure says whether an attempt meeting a fault fails.
type Failure string

// The ways a fault kind treats the attempt.
const (
	// FailsAlways: the attempt fails; the turn stays for the next one.
	FailsAlways Failure = "always"
	// FailsNever: the attempt is served after the fault.
	FailsNever Failure = "never"
	// FailsWithoutDuration: the attempt fails when the fault has no
	// duration, and is served after it otherwise.
	FailsWithoutDuration Failure = "without duration"
)

// Stage says when in a response a fault kind strikes.
type Stage string

// The stages of a response.
const (
	// StageBeforeHeaders: before the response's status line.
	StageBeforeHeaders Stage = "before headers"
	// StageInStream: at the fault's phase (At) of the response, mid-stream
	// for a streamed one.
	StageInStream Stage = "in stream"
)

// FaultParam is a member of a fault in a script file, besides kind and
// times, which every kind takes.
type FaultParam string

// The fault members.
const (
	ParamStatus     FaultParam = "status"
	ParamErrorType  FaultParam = "error_type"
	ParamMessage    FaultParam = "message"
	ParamRetryAfter FaultParam = "retry_after"
	ParamHeaders    FaultParam = "headers"
	ParamAt         FaultParam = "at"
	ParamBlock      FaultParam = "block"
	ParamDuration   FaultParam = "duration"
)

// FaultParamSpec describes a fault member.
type FaultParamSpec struct {
	// Param is the member's name.
	Param FaultParam
	// Type is its JSON type, in words.
	Type, TypeJA string
	// Doc says what it means, in Markdown.
	Doc, DocJA string
	// isSet reports whether a fault sets it.
	isSet func(f *Fault) bool
	// check validates a fault of a kind taking it.
	check func(f *Fault, t *Turn, path string, add addFunc)
}

// FaultKindSpec describes a fault kind.
type FaultKindSpec struct {
	// Kind is its name.
	Kind FaultKind
	// Params are the members it takes besides kind and times.
	Params []FaultParam
	// Fails says whether the attempt fails.
	Fails Failure
	// Stage says when it strikes; DefaultAt is its phase when At is empty
	// (StageInStream only).
	Stage     Stage
	DefaultAt Phase
	// Sees is what the client sees, in Markdown.
	Sees, SeesJA string

	// check validates what its params' checks do not.
	check func(f *Fault, t *Turn, path string, add addFunc)
	// describe writes what follows the kind in Fault.String.
	describe func(f *Fault, b *strings.Builder)
	// early acts before the response is built and reports whether to
	// serve it after all (with the fault spent).
	early func(x *exchange, f *Fault) bool
	// beforeStatus acts at PhaseFirstByte of a streamed response, before
	// its status line, and reports whether to serve the stream after all
	// (with the fault spent).
	beforeStatus func(x *exchange, f *Fault) bool
	// message acts on a response without streaming and reports whether
	// to send the message after all.
	message func(x *exchange, f *Fault, resp *response) bool
	// prepare acts at the fault's phase of a stream, before what came
	// before is flushed.
	prepare func(x *exchange, f *Fault)
	// strike acts at the fault's phase of a stream, with what came before
	// flushed, and reports whether the stream goes on and whether the
	// attempt failed though it does.
	strike func(x *exchange, f *Fault, o *eventWriter, rc *http.ResponseController) (goOn, failed bool)
}

// FaultShorthand is a kind of the script file that stands for an
// http_error with a status.
type FaultShorthand struct {
	// Name is what the file writes as the kind.
	Name string
	// Status is the http_error's status.
	Status int
}

type addFunc = func(path, format string, args ...any)

// stagedParams are the members of a fault striking in a stream.
var stagedParams = []FaultParam{ParamAt, ParamBlock}

// faultKindTable is the table of kinds; init fills it in, as its
// behaviours refer to Fault's methods, which read it.
var faultKindTable []FaultKindSpec

func init() {
	faultKindTable = []FaultKindSpec{
		{
			Kind:   FaultHTTPError,
			Params: []FaultParam{ParamStatus, ParamErrorType, ParamMessage, ParamRetryAfter, ParamHeaders},
			Fails:  FailsAlways,
			Stage:  StageBeforeHeaders,
			Sees:   "HTTP `status` (400–599) and the API's error body",
			SeesJA: "HTTP `status`（400〜599）と API のエラーボディ",
			describe: func(f *Fault, b *strings.Builder) {
				fmt.Fprintf(b, " %d %s", f.Status, f.errorType())
				if f.RetryAfter > 0 {
					fmt.Fprintf(b, " retry-after %s", f.RetryAfter)
				}
			},
			early: func(x *exchange, f *Fault) bool {
				f.setHeaders(x.w.Header())
				x.apiError(f.Status, f.errorType(), f.message(), f.RetryAfter)
				return false
			},
		},
		{
			Kind:      FaultStreamError,
			Params:    append([]FaultParam{ParamErrorType, ParamMessage}, stagedParams...),
			Fails:     FailsAlways,
			Stage:     StageInStream,
			DefaultAt: PhaseFirstByte,
			Sees:      "an SSE `error` event, then the end of the stream; without streaming, the HTTP status of `error_type`",
			SeesJA:    "SSE の `error` イベントの後にストリームの終わり。ストリーミングなしでは `error_type` に対応する HTTP ステータス",
			describe: func(f *Fault, b *strings.Builder) {
				fmt.Fprintf(b, " %s at %s", f.errorType(), f.phaseString())
			},
			message: func(x *exchange, f *Fault, _ *response) bool {
				x.apiError(f.status(), f.errorType(), f.message(), 0)
				return false
			},
			strike: func(x *exchange, f *Fault, o *eventWriter, rc *http.ResponseController) (bool, bool) {
				_, _ = x.w.Write(appendEvent(o.buf, "error", errorJSON(f.errorType(), f.message(), "")))
				_ = rc.Flush()
				return false, true
			},
		},
		{
			Kind:      FaultDrop,
			Params:    append([]FaultParam{ParamDuration}, stagedParams...),
			Fails:     FailsAlways,
			Stage:     StageInStream,
			DefaultAt: PhaseFirstByte,
			Sees:      "the connection closed: at `first_byte` before the status line; later, after what came before (with a `duration`, that long after it was sent, so the client has read it however slow); without streaming, half the message's JSON",
			SeesJA:    "接続が切れる。`first_byte` ではステータス行の前、それより後ではそれまでの内容の後（`duration` があれば送ってからその時間の後なので、クライアントは遅くてもそれを読み終えている）。ストリーミングなしではメッセージの JSON の前半",
			check: func(f *Fault, _ *Turn, path string, add addFunc) {
				if f.Duration != 0 && f.phase() == PhaseFirstByte {
					add(path+".duration", "a drop's duration needs a phase after first_byte: nothing is sent before it")
				}
			},
			describe: func(f *Fault, b *strings.Builder) { fmt.Fprintf(b, " at %s", f.phaseString()) },
			beforeStatus: func(x *exchange, _ *Fault) bool {
				x.abort()
				return false
			},
			prepare: func(x *exchange, f *Fault) {
				// Without a duration the events before the drop reach the
				// client with the end of the connection, so that it cannot
				// act on them first when the machine is busy.
				if f.Duration == 0 {
					x.cork()
				}
			},
			message: func(x *exchange, f *Fault, resp *response) bool {
				if f.phase() == PhaseFirstByte {
					x.abort()
				}
				data := messageJSON(resp)
				x.header("application/json", "Content-Length", strconv.Itoa(len(data)))
				x.writeStatus(http.StatusOK)
				_, _ = x.w.Write(data[:len(data)/2])
				_ = http.NewResponseController(x.w).Flush()
				if f.Duration > 0 && !x.wait(f.Duration) {
					return false
				}
				x.abort()
				return false
			},
			strike: func(x *exchange, f *Fault, _ *eventWriter, _ *http.ResponseController) (bool, bool) {
				// A drop with a duration lets the client read what was sent
				// before the connection goes, so what it makes of the partial
				// answer does not depend on how fast it reads.
				if f.Duration > 0 && !x.wait(f.Duration) {
					return false, true
				}
				x.abort()
				return false, true
			},
		},
		{
			Kind:      FaultStall,
			Params:    append([]FaultParam{ParamDuration}, stagedParams...),
			Fails:     FailsWithoutDuration,
			Stage:     StageInStream,
			DefaultAt: PhaseStart,
			Sees:      "nothing more for `duration`, then the rest; without a duration, nothing more until it gives up",
			SeesJA:    "`duration` の間何も届かず、その後に残り。`duration` がなければ諦めるまで何も届かない",
			describe: func(f *Fault, b *strings.Builder) {
				fmt.Fprintf(b, " at %s", f.phaseString())
				if f.Duration > 0 {
					fmt.Fprintf(b, " for %s", f.Duration)
				} else {
					b.WriteString(" until the client goes away")
				}
			},
			beforeStatus: func(x *exchange, f *Fault) bool { return x.wait(f.Duration) },
			message:      func(x *exchange, f *Fault, _ *response) bool { return x.wait(f.Duration) },
			strike: func(x *exchange, f *Fault, _ *eventWriter, _ *http.ResponseController) (bool, bool) {
				return x.wait(f.Duration), false
			},
		},
		{
			Kind:   FaultDelay,
			Params: []FaultParam{ParamDuration},
			Fails:  FailsNever,
			Stage:  StageBeforeHeaders,
			Sees:   "nothing for `duration`, then the turn",
			SeesJA: "`duration` の間何も届かず、その後にターン",
			check: func(f *Fault, _ *Turn, path string, add addFunc) {
				if f.Duration <= 0 {
					add(path+".duration", "delay needs a positive duration")
				}
			},
			describe: func(f *Fault, b *strings.Builder) { fmt.Fprintf(b, " %s", f.Duration) },
			early:    func(x *exchange, f *Fault) bool { return x.wait(f.Duration) },
		},
		{
			Kind:      FaultMalformed,
			Params:    stagedParams,
			Fails:     FailsAlways,
			Stage:     StageInStream,
			DefaultAt: PhaseFirstByte,
			Sees:      "an SSE frame whose data is not JSON (a `content_block_delta` event cut off in the middle of its JSON), then the rest of the stream; the attempt fails whatever the client makes of it. Without streaming, HTTP 200 and the message's JSON cut off in the middle",
			SeesJA:    "データが JSON でない SSE フレーム（JSON の途中で切れた `content_block_delta` イベント）の後にストリームの残り。クライアントがそれをどう扱っても試行は失敗とする。ストリーミングなしでは HTTP 200 と途中で切れたメッセージの JSON",
			describe:  func(f *Fault, b *strings.Builder) { fmt.Fprintf(b, " at %s", f.phaseString()) },
			message: func(x *exchange, _ *Fault, resp *response) bool {
				data := messageJSON(resp)
				data = data[:len(data)/2]
				x.header("application/json", "Content-Length", strconv.Itoa(len(data)))
				x.writeStatus(http.StatusOK)
				_, _ = x.w.Write(data)
				return false
			},
			strike: func(_ *exchange, _ *Fault, o *eventWriter, _ *http.ResponseController) (bool, bool) {
				// The rest of the stream follows the bad frame, but the
				// attempt has failed whatever the client made of it.
				o.buf = append(o.buf, MalformedFrame...)
				return true, true
			},
		},
	}
}

var faultParamTable = []FaultParamSpec{
	{
		Param: ParamStatus, Type: "integer", TypeJA: "整数",
		Doc:   "the HTTP status, 400–599",
		DocJA: "HTTP ステータス（400〜599）",
		isSet: func(f *Fault) bool { return f.Status != 0 },
		check: func(f *Fault, _ *Turn, path string, add addFunc) {
			if f.Status < 400 || f.Status > 599 {
				add(path+".status", "%s needs a status from 400 to 599, got %d", f.Kind, f.Status)
			}
		},
	},
	{
		Param: ParamErrorType, Type: "string", TypeJA: "文字列",
		Doc:   "the API error's type; default: the type matching the status, `overloaded_error` for a stream error",
		DocJA: "API エラーの型。既定はステータスに対応する型、ストリームエラーでは `overloaded_error`",
		isSet: func(f *Fault) bool { return f.ErrorType != "" },
	},
	{
		Param: ParamMessage, Type: "string", TypeJA: "文字列",
		Doc:   "the API error's message; default: a stock message",
		DocJA: "API エラーのメッセージ。既定は定型のメッセージ",
		isSet: func(f *Fault) bool { return f.Message != "" },
	},
	{
		Param: ParamRetryAfter, Type: "duration", TypeJA: "期間",
		Doc:   "sent as a `retry-after` header in whole seconds",
		DocJA: "整数秒の `retry-after` ヘッダーとして送られる",
		isSet: func(f *Fault) bool { return f.RetryAfter != 0 },
		check: func(f *Fault, _ *Turn, path string, add addFunc) {
			if f.RetryAfter < 0 {
				add(path+".retry_after", "retry_after must not be negative")
			}
		},
	},
	{
		Param: ParamHeaders, Type: "object", TypeJA: "オブジェクト",
		Doc:   "extra response headers: names to a string or an array of strings",
		DocJA: "追加の応答ヘッダー。名前から文字列または文字列の配列への対応",
		isSet: func(f *Fault) bool { return len(f.Headers) > 0 },
		check: checkHeaders,
	},
	{
		Param: ParamAt, Type: "string", TypeJA: "文字列",
		Doc:   "where it strikes in a stream: `first_byte`, `start` (after `message_start`), `mid_block`, `end` (after the last block); the default is the kind's",
		DocJA: "ストリーム中のどこで起きるか: `first_byte`、`start`（`message_start` の後）、`mid_block`、`end`（最後のブロックの後）。既定は種類ごと",
		isSet: func(f *Fault) bool { return f.At != "" },
		check: func(f *Fault, t *Turn, path string, add addFunc) {
			if f.At != "" && !slices.Contains(phases, f.At) {
				add(path+".at", "unknown phase %q (want one of %s)", f.At, strings.Join(phaseNames(), ", "))
			}
			if f.At == PhaseMidBlock && (f.Block < 0 || f.Block >= len(t.Content)) {
				add(path+".block", "mid_block %d is not a content block of this turn (it has %d)", f.Block, len(t.Content))
			}
		},
	},
	{
		Param: ParamBlock, Type: "integer", TypeJA: "整数",
		Doc:   "with `at` `mid_block`, the index of the content block it strikes in",
		DocJA: "`at` が `mid_block` のとき、対象のコンテンツブロックの番号",
		isSet: func(f *Fault) bool { return f.Block != 0 },
		check: func(f *Fault, _ *Turn, path string, add addFunc) {
			if f.At != PhaseMidBlock && f.Block != 0 {
				add(path+".block", "block only applies at mid_block")
			}
		},
	},
	{
		Param: ParamDuration, Type: "duration", TypeJA: "期間",
		Doc:   "a Go duration such as `\"1.5s\"` or `\"200ms\"`: how long the kind waits (see the kinds)",
		DocJA: "`\"1.5s\"` や `\"200ms\"` のような Go の期間。種類ごとの待つ時間（種類を参照）",
		isSet: func(f *Fault) bool { return f.Duration != 0 },
		check: func(f *Fault, _ *Turn, path string, add addFunc) {
			if f.Duration < 0 {
				add(path+".duration", "duration must not be negative")
			}
		},
	},
}

// faultShorthands are the kinds of the script file that stand for an
// http_error with a status.
var faultShorthands = []FaultShorthand{
	{"overloaded", 529},
	{"rate_limit", 429},
	{"server_error", 500},
	{"unauthorized", 401},
}

// FaultKinds returns the table of fault kinds, in the order the docs
// list them.
func FaultKinds() []FaultKindSpec { return slices.Clone(faultKindTable) }

// FaultParams returns the table of fault members besides kind and times.
func FaultParams() []FaultParamSpec { return slices.Clone(faultParamTable) }

// FaultShorthands returns the kinds of the script file that stand for an
// http_error with a status.
func FaultShorthands() []FaultShorthand { return slices.Clone(faultShorthands) }

// Takes reports whether kind s takes member p.
func (s *FaultKindSpec) Takes(p FaultParam) bool { return slices.Contains(s.Params, p) }

// KindsTaking returns the kinds that take member p, in table order.
func KindsTaking(p FaultParam) []FaultKind {
	var out []FaultKind
	for i := range faultKindTable {
		if faultKindTable[i].Takes(p) {
			out = append(out, faultKindTable[i].Kind)
		}
	}
	return out
}

// spec returns the table entry of kind k, or nil.
func kindSpec(k FaultKind) *FaultKindSpec {
	for i := range faultKindTable {
		if faultKindTable[i].Kind == k {
			return &faultKindTable[i]
		}
	}
	return nil
}

// failing reports whether an attempt meeting f fails (as opposed to a
// delay or a timed stall, after which the turn is served).
func (f *Fault) failing() bool {
	s := kindSpec(f.Kind)
	if s == nil {
		return true
	}
	switch s.Fails {
	case FailsNever:
		return false
	case FailsWithoutDuration:
		return f.Duration == 0
	}
	return true
}

// phase is where f strikes.
func (f *Fault) phase() Phase {
	if f.At != "" {
		return f.At
	}
	if s := kindSpec(f.Kind); s != nil && s.DefaultAt != "" {
		return s.DefaultAt
	}
	return PhaseFirstByte
}

// String describes f in a few words, as recorded in Request.Detail.
func (f Fault) String() string {
	var b strings.Builder
	b.WriteString(string(f.Kind))
	if s := kindSpec(f.Kind); s != nil && s.describe != nil {
		s.describe(&f, &b)
	}
	return b.String()
}

func (f Fault) validate(path string, t Turn, add addFunc) {
	if f.Times < Always {
		add(path+".times", "times must be positive or Always, got %d", f.Times)
	}
	s := kindSpec(f.Kind)
	switch {
	case f.Kind == "":
		add(path+".kind", "fault has no kind")
		return
	case s == nil:
		add(path+".kind", "unknown fault kind %q (want one of %s)", f.Kind, strings.Join(faultKindNames(), ", "))
		return
	}
	for i := range faultParamTable {
		p := &faultParamTable[i]
		switch {
		case s.Takes(p.Param):
			if p.check != nil {
				p.check(&f, &t, path, add)
			}
		case p.isSet(&f):
			add(path+"."+string(p.Param), "%s only applies to %s faults", p.Param, andList(KindsTaking(p.Param)))
		}
	}
	if s.check != nil {
		s.check(&f, &t, path, add)
	}
	if !f.failing() && len(t.Content) == 0 && !t.Empty {
		add(path, "%s serves the turn afterwards, but the turn has no content", f.Kind)
	}
}

// checkHeaders validates the extra headers of a fault.
func checkHeaders(f *Fault, _ *Turn, path string, add addFunc) {
	names := make([]string, 0, len(f.Headers))
	for name := range f.Headers {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		canon := http.CanonicalHeaderKey(name)
		switch {
		case !validHeaderName(name):
			add(path+".headers", "bad header name %q", name)
		case canon == "Retry-After":
			add(path+".headers", "set Retry-After with retry_after")
		case slices.Contains(serverHeaders, canon):
			add(path+".headers", "%s is the server's own header", canon)
		}
		for _, v := range f.Headers[name] {
			if strings.ContainsAny(v, "\r\n\x00") {
				add(path+".headers", "header %s: value %q has a line break or NUL", name, v)
			}
		}
	}
}

// andList writes "a", "a and b", "a, b and c".
func andList[T ~string](items []T) string {
	var b strings.Builder
	for i, it := range items {
		switch {
		case i == 0:
		case i == len(items)-1:
			b.WriteString(" and ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(string(it))
	}
	return b.String()
}

func faultKindNames() []string {
	out := make([]string, len(faultKindTable))
	for i := range faultKindTable {
		out[i] = string(faultKindTable[i].Kind)
	}
	return out
}

// messageJSON renders resp as the JSON of a response without streaming.
func messageJSON(resp *response) []byte {
	data, err := json.Marshal(resp.message())
	if err != nil {
		panic("stubapi: rendering a response: " + err.Error())
	}
	return data
}

// shorthandStatus returns the status of the http_error that shorthand
// name stands for.
func shorthandStatus(name string) (int, bool) {
	for _, sh := range faultShorthands {
		if sh.Name == name {
			return sh.Status, true
		}
	}
	return 0, false
}

// faultKindChoices lists what a script file may write as a fault's kind:
// the kinds, then the shorthands.
func faultKindChoices() []string {
	out := faultKindNames()
	for _, sh := range faultShorthands {
		out = append(out, sh.Name)
	}
	return out
}

// ErrorType is the API error type of the shorthand's http_error.
func (s FaultShorthand) ErrorType() string { return errorTypeForStatus(s.Status) }
