package scenario

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/txtar"

	"github.com/ccwire/ccwire/stubapi"
)

// RecordingExt is the file name extension of recordings.
const RecordingExt = ".txtar"

// RecordingPath returns where the recording of scenario id against CLI
// version is kept under dir: dir/<version>/<id>.txtar.
func RecordingPath(dir, version, id string) string {
	return filepath.Join(dir, version, id+RecordingExt)
}

// WriteRecording writes r's recording to [RecordingPath] under dir,
// creating the version folder. It does nothing for a result without a
// recording (a skipped run, or one that could not start).
func WriteRecording(dir string, r Result) error {
	if r.Recording == nil {
		return nil
	}
	p := RecordingPath(dir, r.Version, r.Scenario.ID)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return fmt.Errorf("scenario: write recording: %w", err)
	}
	if err := os.WriteFile(p, r.Recording, 0o644); err != nil {
		return fmt.Errorf("scenario: write recording: %w", err)
	}
	return nil
}

// stdioLine is one line of the CLI's stdin or stdout, as the run saw it.
type stdioLine struct {
	turn int
	dir  string // "stdin" or "stdout"
	data []byte // the line without its newline
	note string // for a stdout line that could not be decoded: why
	// stdoutLine is the 1-based number of an undecodable line among the
	// CLI's stdout lines, 0 if unknown.
	stdoutLine int
}

// recording is what a run collected, before normalization.
type recording struct {
	scenario *Scenario
	version  string
	args     []string
	env      []string
	stdio    []stdioLine
	exitCode int
	requests []stubapi.Request
	unused   int
}

// encode writes the recording as a txtar archive with volatile values
// replaced by placeholders (see the package documentation):
//
//	run.json           the run: scenario, CLI version, flags, exit status
//	stdio.jsonl        stdin and stdout lines in order, one record a line
//	requests/N.json    main-loop request N: what the CLI sent, how the stub answered
//	side.json          the side requests, counted by kind
func (rec *recording) encode(n *normalizer) []byte {
	ar := &txtar.Archive{Comment: fmt.Appendf(nil,
		"Recording of scenario %s (%s) against Claude Code %s.\n"+
			"Written by `ccwire spec`; `go test ./scenario` checks that a new run reproduces it byte for byte.\n"+
			"Values that change between runs are placeholders: <uuid:N>, <cwd>, <home>, <timestamp>, <duration>, ….\n",
		rec.scenario.ID, rec.scenario.Title.En, rec.version)}

	// stdio first: the order in which placeholders are numbered follows
	// the order of the archive.
	var stdio []byte
	for _, l := range rec.stdio {
		v := object("turn", numberValue(l.turn), "dir", stringValue(l.dir))
		if parsed, err := parseValue(l.data); err == nil && l.note == "" {
			v.set("msg", n.value(parsed))
		} else {
			v.set("text", stringValue(n.text(string(l.data))))
			if l.note != "" {
				v.set("error", stringValue(n.text(l.note)))
			}
		}
		stdio = v.appendCompact(stdio)
		stdio = append(stdio, '\n')
	}

	var main []stubapi.Request
	var side []stubapi.Request
	for _, r := range rec.requests {
		if r.IsMain() {
			main = append(main, r)
		} else {
			side = append(side, r)
		}
	}
	args := &value{kind: 'a', elems: []*value{}}
	for _, a := range rec.args {
		args.elems = append(args.elems, stringValue(n.text(a)))
	}
	env := &value{kind: 'a', elems: []*value{}}
	for _, e := range rec.env {
		env.elems = append(env.elems, stringValue(n.text(e)))
	}
	run := object(
		"scenario", stringValue(rec.scenario.ID),
		"cli_version", stringValue(rec.version),
		"args", args,
		"env", env,
		"exit_code", numberValue(rec.exitCode),
		"main_requests", numberValue(len(main)),
		"side_requests", numberValue(len(side)),
		"unused_turns", numberValue(rec.unused),
	)
	ar.Files = append(ar.Files,
		txtar.File{Name: "run.json", Data: append(run.appendIndent(nil, ""), '\n')},
		txtar.File{Name: "stdio.jsonl", Data: stdio},
	)

	seen := map[string][]string{} // body member -> compact values in order of request
	for i, r := range main {
		v := requestValue(r, n)
		if body := v.get("body"); body != nil && body.kind == 'o' {
			for _, key := range []string{"system", "tools"} {
				m := body.get(key)
				if m == nil {
					continue
				}
				text := m.String()
				if j := slices.Index(seen[key], text); j >= 0 {
					body.set(key, stringValue(fmt.Sprintf("<same as requests/%d.json>", j+1)))
				}
				seen[key] = append(seen[key], text)
			}
		}
		ar.Files = append(ar.Files, txtar.File{
			Name: fmt.Sprintf("requests/%d.json", i+1),
			Data: append(v.appendIndent(nil, ""), '\n'),
		})
	}
	ar.Files = append(ar.Files, txtar.File{Name: "side.json", Data: append(sideSummary(side, n).appendIndent(nil, ""), '\n')})
	return txtar.Format(ar)
}

// requestHeaderNoise are request headers left out of recordings: they
// follow from the body (Content-Length) or from the machine rather than
// from the CLI (the Node.js version a JavaScript CLI runs on).
var requestHeaderNoise = []string{"Content-Length", "X-Stainless-Runtime-Version"}

// requestValue is the recorded form of a main-loop request.
func requestValue(r stubapi.Request, n *normalizer) *value {
	v := object(
		"method", stringValue(r.Method),
		"path", stringValue(r.Path),
	)
	if r.Query != "" {
		v.set("query", stringValue(r.Query))
	}
	v.set("model", stringValue(r.Model))
	v.set("stream", boolValue(r.Stream))
	v.set("turn", numberValue(r.Turn))
	v.set("status", numberValue(r.Status))
	v.set("outcome", stringValue(string(r.Outcome)))
	if r.Detail != "" {
		v.set("detail", stringValue(n.text(r.Detail)))
	}
	v.set("header", headerValue(r.Header, n))
	switch {
	case len(r.Body) > 0:
		if b, err := parseValue(r.Body); err == nil {
			v.set("body", n.value(b))
		} else {
			v.set("body_text", stringValue(n.text(string(r.Body))))
		}
	case r.BodyText != "":
		v.set("body_text", stringValue(n.text(r.BodyText)))
	}
	return v
}

func headerValue(h http.Header, n *normalizer) *value {
	keys := make([]string, 0, len(h))
	for k := range h {
		if !slices.Contains(requestHeaderNoise, http.CanonicalHeaderKey(k)) {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	v := &value{kind: 'o'}
	for _, k := range keys {
		vals := &value{kind: 'a', elems: []*value{}}
		for _, s := range h[k] {
			n.learnID(strings.ToLower(k), s)
			vals.elems = append(vals.elems, stringValue(n.text(s)))
		}
		if len(vals.elems) == 1 {
			v.set(strings.ToLower(k), vals.elems[0])
		} else {
			v.set(strings.ToLower(k), vals)
		}
	}
	return v
}

// sideSummary counts side requests by what they are: arrival order and
// number of side requests racing the main loop are not stable, their kinds
// are.
func sideSummary(side []stubapi.Request, n *normalizer) *value {
	type kind struct {
		Method, Path, Model, Reason, Outcome string
		Status                               int
		Stream                               bool
	}
	counts := map[kind]int{}
	for _, r := range side {
		counts[kind{r.Method, r.Path, r.Model, n.text(r.Reason), string(r.Outcome), r.Status, r.Stream}]++
	}
	kinds := make([]kind, 0, len(counts))
	for k := range counts {
		kinds = append(kinds, k)
	}
	slices.SortFunc(kinds, func(a, b kind) int {
		ka, _ := json.Marshal(a)
		kb, _ := json.Marshal(b)
		return bytes.Compare(ka, kb)
	})
	out := &value{kind: 'a', elems: []*value{}}
	for _, k := range kinds {
		e := object("method", stringValue(k.Method), "path", stringValue(k.Path))
		if k.Model != "" {
			e.set("model", stringValue(k.Model))
		}
		e.set("stream", boolValue(k.Stream))
		e.set("reason", stringValue(k.Reason))
		e.set("status", numberValue(k.Status))
		e.set("outcome", stringValue(k.Outcome))
		e.set("count", numberValue(counts[k]))
		out.elems = append(out.elems, e)
	}
	return out
}
