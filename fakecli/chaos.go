package fakecli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/ccwire/ccwire/internal/jsontree"
)

//go:generate go run ../internal/chaosdoc -root ..

// EnvChaos names the faults to inject (as --chaos does), for SDK test
// suites that cannot change the fake's command line.
const EnvChaos = "CCWIRE_FAKE_CHAOS"

// A ChaosKind is a fault the fake CLI injects into the recording it
// plays, at the protocol level, with --chaos or CCWIRE_FAKE_CHAOS: what a
// real CLI does on a bad day, for testing a host's handling of it
// without a CLI. The table [ChaosKinds] is the one source of the flag's
// help and of the table in docs/fake-cli.md and docs/fake-cli.ja.md
// (go generate ./fakecli writes them).
type ChaosKind struct {
	// Name is the fault's name on the command line.
	Name string
	// Does says what the fake does, in English and Japanese.
	Does, DoesJA string
	// StandsFor says what real CLI behaviour the fault stands for, with
	// the CLI version where one was reported, in English and Japanese.
	StandsFor, StandsForJA string
	// Issue is the address of a GitHub issue that reports that
	// behaviour, "" for none.
	Issue string
}

// ChaosKinds are the faults --chaos takes.
var ChaosKinds = []ChaosKind{
	{
		Name:        "no-result",
		Does:        "drops the turn's `result` line; the rest of the session plays on",
		DoesJA:      "ターンの `result` 行を書かない（セッションの残りはそのまま再生する）",
		StandsFor:   "the CLI never emits the result and the host waits for ever (2.1.85, intermittent; closed as not planned)",
		StandsForJA: "CLI が result を出さず、ホストが永遠に待つ（2.1.85、間欠的。not planned として閉じられた）",
		Issue:       "https://github.com/anthropics/claude-code/issues/39700",
	},
	{
		Name:        "huge-line",
		Does:        "adds a 10 MiB text block to the turn's first `assistant` line (to its `result` if it has none)",
		DoesJA:      "ターン最初の `assistant` 行に 10 MiB のテキストブロックを足す（なければ `result` に）",
		StandsFor:   "one stdout line of many megabytes: a large tool result or answer on one line, past the 1 MB line limit of the Python Agent SDK",
		StandsForJA: "数 MB の stdout 1 行：大きなツール結果や回答が 1 行になり、Python Agent SDK の 1 MB の行の上限を超える",
		Issue:       "https://github.com/anthropics/claude-agent-sdk-python/issues/58",
	},
	{
		Name:        "unknown-kind",
		Does:        "writes a line of a message type no CLI has written (`ccwire_chaos_unknown`) before the turn's `result`",
		DoesJA:      "ターンの `result` の前に、どの CLI も書いたことのない型のメッセージ（`ccwire_chaos_unknown`）を 1 行書く",
		StandsFor:   "a new message kind in a new release: `rate_limit_event` from 2.1.45 made the Python Agent SDK raise MessageParseError and end the stream",
		StandsForJA: "新しいリリースの新しいメッセージ種別：2.1.45 からの `rate_limit_event` で Python Agent SDK が MessageParseError を投げてストリームが終わった",
		Issue:       "https://github.com/anthropics/claude-code/issues/27239",
	},
	{
		Name:        "new-member",
		Does:        "adds a member (`ccwire_chaos_member`) to every line of the turn",
		DoesJA:      "ターンのすべての行にメンバー（`ccwire_chaos_member`）を足す",
		StandsFor:   "a known message kind with a new member, which each release adds (`ccwire diff` lists them)",
		StandsForJA: "既知のメッセージ種別に新しいメンバー。リリースごとに増える（`ccwire diff` が一覧にする）",
	},
	{
		Name:        "unanswered-control",
		Does:        "never writes the first `control_response` of the turn (in turn 1, the answer to `initialize`)",
		DoesJA:      "ターン最初の `control_response` を書かない（ターン 1 では `initialize` への応答）",
		StandsFor:   "a control request the CLI never answers: `Control request timeout: initialize` in the SDKs with 2.1.9 and 2.1.90",
		StandsForJA: "CLI が応答しない制御リクエスト：2.1.9 と 2.1.90 で SDK が `Control request timeout: initialize` になった",
		Issue:       "https://github.com/anthropics/claude-code/issues/42884",
	},
	{
		Name:        "exit-mid-turn",
		Does:        "exits with status 1 after the turn's first `assistant` line, writing nothing on stderr",
		DoesJA:      "ターン最初の `assistant` 行のあと、stderr に何も書かずに終了ステータス 1 で終わる",
		StandsFor:   "the CLI process dies mid-turn with no message (`Claude Code process exited with code 1`, 2.1.123 and others)",
		StandsForJA: "CLI プロセスがターンの途中でメッセージなしに終わる（`Claude Code process exited with code 1`、2.1.123 など）",
		Issue:       "https://github.com/anthropics/claude-code/issues/31741",
	},
	{
		Name:        "exit-mid-turn-stderr",
		Does:        "exits with status 1 after the turn's first `assistant` line, with a Node.js error and stack on stderr",
		DoesJA:      "ターン最初の `assistant` 行のあと、stderr に Node.js のエラーとスタックを書いて終了ステータス 1 で終わる",
		StandsFor:   "the CLI crashes mid-turn with an uncaught error on stderr (`triggerUncaughtException`, 1.0.44)",
		StandsForJA: "CLI がターンの途中で捕捉されないエラーを stderr に書いてクラッシュする（`triggerUncaughtException`、1.0.44）",
		Issue:       "https://github.com/anthropics/claude-code/issues/3281",
	},
	{
		Name:        "stall",
		Does:        "writes nothing more after the turn's first `assistant` line, and stays alive (stdin closed, it waits for a signal)",
		DoesJA:      "ターン最初の `assistant` 行のあと何も書かず、終わらない（stdin が閉じてもシグナルを待つ）",
		StandsFor:   "stdout stops mid-session while the process lives on (2.1.3; 2.1.85 after a tool result)",
		StandsForJA: "プロセスが生きたまま stdout がセッションの途中で止まる（2.1.3、2.1.85 ではツール結果のあと）",
		Issue:       "https://github.com/anthropics/claude-code/issues/17248",
	},
	{
		Name:        "stderr-noise",
		Does:        "writes 256 KiB of warning and debug lines on stderr as the turn starts, more than a pipe holds",
		DoesJA:      "ターンの始めに stderr へ 256 KiB の警告・デバッグ行を書く（パイプの容量より多い）",
		StandsFor:   "a CLI or its MCP servers writing much on stderr: a host that does not drain it deadlocks once the pipe's 64 KiB fill",
		StandsForJA: "CLI やその MCP サーバーが stderr に多く書く：読み出さないホストはパイプの 64 KiB が埋まるとデッドロックする",
		Issue:       "https://github.com/anthropics/claude-agent-sdk-python/pull/103",
	},
	{
		Name:        "split-line",
		Does:        "writes each line of the turn in three writes (its first byte, up to its middle, the rest)",
		DoesJA:      "ターンの各行を 3 回の write に分けて書く（最初の 1 バイト、中ほどまで、残り）",
		StandsFor:   "a line that reaches the host in several reads, as long lines do through a pipe; a host that parses each read as lines loses them",
		StandsForJA: "ホストに複数回の read で届く行。長い行はパイプでそうなる。read ごとに行として解析するホストは行を失う",
	},
}

// chaosFault is one fault of a --chaos list: its kind and the turn it
// strikes (1 for the first).
type chaosFault struct {
	kind string
	turn int
}

// Chaos is the faults a fake CLI injects, parsed by [ParseChaos].
type Chaos struct {
	faults []chaosFault
}

// ParseChaos parses a --chaos list: fault kinds (see [ChaosKinds])
// separated by commas, each with @N for the turn it strikes (default: the
// first), as in "stderr-noise,no-result@2". An empty list is no chaos.
func ParseChaos(spec string) (*Chaos, error) {
	c := &Chaos{}
	for item := range strings.SplitSeq(spec, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		name, at, hasTurn := strings.Cut(item, "@")
		f := chaosFault{kind: name, turn: 1}
		if !slices.ContainsFunc(ChaosKinds, func(k ChaosKind) bool { return k.Name == name }) {
			return nil, fmt.Errorf("--chaos: unknown fault %q; the faults are %s", name, chaosNames())
		}
		if hasTurn {
			n, err := strconv.Atoi(at)
			if err != nil || n < 1 {
				return nil, fmt.Errorf("--chaos: %q: the turn after @ must be a number from 1", item)
			}
			f.turn = n
		}
		c.faults = append(c.faults, f)
	}
	return c, nil
}

// chaosNames lists the fault kinds' names.
func chaosNames() string {
	names := make([]string, len(ChaosKinds))
	for i, k := range ChaosKinds {
		names[i] = k.Name
	}
	return strings.Join(names, ", ")
}

// ChaosUsage is the help of --chaos, from [ChaosKinds].
func ChaosUsage() string {
	var b strings.Builder
	b.WriteString("Chaos (--chaos FAULT[@TURN][,FAULT[@TURN]...] or " + EnvChaos + "): inject faults\ninto the played recording, in turn TURN (default 1):\n\n")
	for _, k := range ChaosKinds {
		fmt.Fprintf(&b, "  %-22s %s\n", k.Name, strings.ReplaceAll(k.Does, "`", ""))
	}
	return b.String()
}

// Empty reports whether c injects no fault.
func (c *Chaos) Empty() bool { return c == nil || len(c.faults) == 0 }

// ChaosExit is the error with which a fault ends the fake's process: the
// status to exit with and what to write on stderr first.
type ChaosExit struct {
	// Code is the exit status.
	Code int
	// Stderr is written on stderr before the process exits.
	Stderr string
	// Fault is the fault's kind.
	Fault string
}

func (e *ChaosExit) Error() string {
	return fmt.Sprintf("fakecli: chaos %s: exit status %d", e.Fault, e.Code)
}

// hugeText is the size of the text block huge-line adds.
const hugeText = 10 << 20

// stderrNoise is how many bytes of stderr stderr-noise writes.
const stderrNoise = 256 << 10

// Writer returns the writer of stdout that injects c's faults into the
// lines written to it, and writes stderr's noise to stderr. Lines reach
// it whole or in pieces; it passes on each line when it has all of it.
// A fault that ends the process makes Write return a *[ChaosExit].
func (c *Chaos) Writer(stdout, stderr io.Writer) *ChaosWriter {
	return &ChaosWriter{c: c, out: stdout, stderr: stderr, fired: make([]bool, len(c.faults))}
}

// ChaosWriter is the stdout of a fake CLI under chaos (see
// [Chaos.Writer]).
type ChaosWriter struct {
	c       *Chaos
	out     io.Writer
	stderr  io.Writer
	partial []byte // a line not ended yet
	results int    // result lines seen: the turn is results+1
	fired   []bool // by fault: struck already
	stalled bool
	exit    *ChaosExit
}

// Stalled reports whether a stall fault struck: the process must then
// write nothing more and not exit on its own.
func (w *ChaosWriter) Stalled() bool { return w.stalled }

// Write takes stdout bytes; see [Chaos.Writer].
func (w *ChaosWriter) Write(p []byte) (int, error) {
	if w.exit != nil {
		return 0, w.exit
	}
	w.partial = append(w.partial, p...)
	for {
		i := bytes.IndexByte(w.partial, '\n')
		if i < 0 {
			break
		}
		line := w.partial[:i+1]
		err := w.line(line)
		w.partial = w.partial[i+1:]
		if err != nil {
			return len(p), err
		}
	}
	if len(w.partial) == 0 {
		w.partial = nil
	}
	return len(p), nil
}

// strikes returns the index of the first fault of kind that strikes in
// the current turn and has not struck, -1 for none.
func (w *ChaosWriter) strikes(kind string) int {
	for i, f := range w.c.faults {
		if f.kind == kind && f.turn == w.results+1 && !w.fired[i] {
			return i
		}
	}
	return -1
}

// active reports whether a fault of kind applies to every line of the
// current turn.
func (w *ChaosWriter) active(kind string) bool {
	for _, f := range w.c.faults {
		if f.kind == kind && f.turn == w.results+1 {
			return true
		}
	}
	return false
}

// line writes one stdout line, ended by its newline, with the faults of
// the turn.
func (w *ChaosWriter) line(l []byte) error {
	if w.stalled {
		return nil
	}
	v, err := jsontree.Parse(bytes.TrimRight(l, "\r\n"))
	if err != nil {
		return w.write(l) // not JSON: the fake's lines all are; pass it on
	}
	typ := v.StringAt("type")
	if i := w.strikes("stderr-noise"); i >= 0 {
		w.fired[i] = true
		if err := writeNoise(w.stderr); err != nil {
			return err
		}
	}
	midTurn := typ == "assistant" || typ == "result"
	if i := w.strikes("unanswered-control"); i >= 0 && typ == "control_response" {
		w.fired[i] = true
		return nil
	}
	if i := w.strikes("huge-line"); i >= 0 && midTurn {
		w.fired[i] = true
		addHugeText(v)
	}
	if w.active("new-member") {
		v.Set("ccwire_chaos_member", jsontree.NewObject(jsontree.Member{Key: "added_by", Val: jsontree.NewString("ccwire fake-cli --chaos new-member")}))
	}
	if typ == "result" {
		if i := w.strikes("unknown-kind"); i >= 0 {
			w.fired[i] = true
			unknown := jsontree.NewObject(
				jsontree.Member{Key: "type", Val: jsontree.NewString("ccwire_chaos_unknown")},
				jsontree.Member{Key: "subtype", Val: jsontree.NewString("unknown_kind")},
				jsontree.Member{Key: "session_id", Val: jsontree.NewString(v.StringAt("session_id"))},
			)
			if err := w.write(append(unknown.AppendCompact(nil), '\n')); err != nil {
				return err
			}
		}
	}
	// A fault that strikes mid-turn strikes after the turn's first
	// assistant line, or in place of its result if it has none.
	for _, kind := range []string{"exit-mid-turn", "exit-mid-turn-stderr", "stall"} {
		i := w.strikes(kind)
		if i < 0 || !midTurn {
			continue
		}
		w.fired[i] = true
		if typ == "assistant" {
			if err := w.write(append(v.AppendCompact(nil), '\n')); err != nil {
				return err
			}
		}
		if typ == "result" {
			w.results++
		}
		if kind == "stall" {
			w.stalled = true
			return nil
		}
		w.exit = &ChaosExit{Code: 1, Fault: kind}
		if kind == "exit-mid-turn-stderr" {
			w.exit.Stderr = crashText
		}
		return w.exit
	}
	if typ == "result" {
		w.results++
		if i := slices.IndexFunc(w.c.faults, func(f chaosFault) bool { return f.kind == "no-result" && f.turn == w.results }); i >= 0 && !w.fired[i] {
			w.fired[i] = true
			return nil
		}
	}
	return w.write(append(v.AppendCompact(nil), '\n'))
}

// write writes a line to stdout, in pieces under split-line.
func (w *ChaosWriter) write(l []byte) error {
	if !w.active("split-line") || len(l) < 3 {
		_, err := w.out.Write(l)
		return err
	}
	for _, piece := range [][]byte{l[:1], l[1 : len(l)/2], l[len(l)/2:]} {
		if _, err := w.out.Write(piece); err != nil {
			return err
		}
	}
	return nil
}

// addHugeText adds a text block of hugeText bytes to an assistant
// message's content, or to a result's text.
func addHugeText(v *jsontree.Value) {
	text := strings.Repeat("ccwire chaos huge-line. ", hugeText/24+1)[:hugeText]
	if c := v.Path("message", "content"); c != nil && c.Kind == jsontree.Array {
		c.Elems = append(c.Elems, jsontree.NewObject(
			jsontree.Member{Key: "type", Val: jsontree.NewString("text")},
			jsontree.Member{Key: "text", Val: jsontree.NewString(text)},
		))
		return
	}
	v.Set("result", jsontree.NewString(v.StringAt("result")+text))
}

// writeNoise writes stderrNoise bytes of warnings and debug lines to w.
func writeNoise(w io.Writer) error {
	lines := []string{
		"(node:4242) [DEP0040] DeprecationWarning: The `punycode` module is deprecated. Please use a userland alternative instead.\n",
		"(Use `node --trace-deprecation ...` to show where the warning was created)\n",
		"[DEBUG] MCP server \"ccwire-chaos\": connection established, capabilities: {\"tools\":{}}\n",
		"[WARN] ccwire chaos stderr-noise: this line stands for what a CLI or its MCP servers write on stderr\n",
	}
	var b bytes.Buffer
	for i := 0; b.Len() < stderrNoise; i++ {
		b.WriteString(lines[i%len(lines)])
	}
	_, err := w.Write(b.Bytes())
	return err
}

// crashText is what exit-mid-turn-stderr writes on stderr: an uncaught
// error as Node.js reports it.
const crashText = `file:///usr/lib/node_modules/@anthropic-ai/claude-code/cli.js:1
Error: ccwire chaos exit-mid-turn-stderr: the CLI crashed in the middle of a turn
    at chaos (file:///usr/lib/node_modules/@anthropic-ai/claude-code/cli.js:1:1)
    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)

Node.js v22.12.0
`

// chaosEnd ends a session played under chaos (cw; nil for none) whose Run
// returned err: a fault that exits writes its stderr and gives its
// status; after a stall the process stays alive until a signal, or ctx
// is done, as a stalled CLI does, and exits as the signal kills it. ok
// is false when chaos does not decide how the process ends.
func chaosEnd(ctx context.Context, cw *ChaosWriter, err error, stderr io.Writer, signals <-chan os.Signal) (code int, ok bool) {
	if cw == nil {
		return 0, false
	}
	if e := (*ChaosExit)(nil); errors.As(err, &e) {
		io.WriteString(stderr, e.Stderr)
		return e.Code, true
	}
	if !cw.Stalled() {
		return 0, false
	}
	select {
	case sig := <-signals:
		if s, ok := sig.(syscall.Signal); ok {
			return 128 + int(s), true
		}
		return 1, true
	case <-ctx.Done():
		return 1, true
	}
}
