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

	"github.com/ccwire/ccwire/internal/jsontree"
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
		v := jsontree.NewObject(jsontree.Member{Key: "turn", Val: jsontree.NewInt(l.turn)}, jsontree.Member{Key: "dir", Val: jsontree.NewString(l.dir)})
		if parsed, err := jsontree.Parse(l.data); err == nil && l.note == "" {
			v.Set("msg", n.value(parsed))
		} else {
			v.Set("text", jsontree.NewString(n.text(string(l.data))))
			if l.note != "" {
				v.Set("error", jsontree.NewString(n.text(l.note)))
			}
		}
		stdio = v.AppendCompact(stdio)
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
	args := jsontree.NewArray()
	for _, a := range rec.args {
		args.Elems = append(args.Elems, jsontree.NewString(n.text(a)))
	}
	env := jsontree.NewArray()
	for _, e := range rec.env {
		env.Elems = append(env.Elems, jsontree.NewString(n.text(e)))
	}
	run := jsontree.NewObject(
		jsontree.Member{Key: "scenario", Val: jsontree.NewString(rec.scenario.ID)},
		jsontree.Member{Key: "cli_version", Val: jsontree.NewString(rec.version)},
		jsontree.Member{Key: "args", Val: args},
		jsontree.Member{Key: "env", Val: env},
		jsontree.Member{Key: "exit_code", Val: jsontree.NewInt(rec.exitCode)},
		jsontree.Member{Key: "main_requests", Val: jsontree.NewInt(len(main))},
		jsontree.Member{Key: "side_requests", Val: jsontree.NewInt(len(side))},
		jsontree.Member{Key: "unused_turns", Val: jsontree.NewInt(rec.unused)},
	)
	ar.Files = append(ar.Files,
		txtar.File{Name: "run.json", Data: append(run.AppendIndent(nil, ""), '\n')},
		txtar.File{Name: "stdio.jsonl", Data: stdio},
	)

	seen := map[string][]string{} // body member -> compact values in order of request
	for i, r := range main {
		v := requestValue(r, n)
		if body := v.Get("body"); body != nil && body.Kind == jsontree.Object {
			for _, key := range []string{"system", "tools"} {
				m := body.Get(key)
				if m == nil {
					continue
				}
				text := m.String()
				if j := slices.Index(seen[key], text); j >= 0 {
					body.Set(key, jsontree.NewString(fmt.Sprintf("<same as requests/%d.json>", j+1)))
				}
				seen[key] = append(seen[key], text)
			}
		}
		ar.Files = append(ar.Files, txtar.File{
			Name: fmt.Sprintf("requests/%d.json", i+1),
			Data: append(v.AppendIndent(nil, ""), '\n'),
		})
	}
	ar.Files = append(ar.Files, txtar.File{Name: "side.json", Data: append(sideSummary(side, n).AppendIndent(nil, ""), '\n')})
	return txtar.Format(ar)
}

// requestHeaderNoise are request headers left out of recordings: they
// follow from the body (Content-Length) or from the machine rather than
// from the CLI (the Node.js version a JavaScript CLI runs on).
var requestHeaderNoise = []string{"Content-Length", "X-Stainless-Runtime-Version"}

// requestValue is the recorded form of a main-loop request.
func requestValue(r stubapi.Request, n *normalizer) *jsontree.Value {
	v := jsontree.NewObject(
		jsontree.Member{Key: "method", Val: jsontree.NewString(r.Method)},
		jsontree.Member{Key: "path", Val: jsontree.NewString(r.Path)},
	)
	if r.Query != "" {
		v.Set("query", jsontree.NewString(r.Query))
	}
	v.Set("model", jsontree.NewString(r.Model))
	v.Set("stream", jsontree.NewBool(r.Stream))
	v.Set("turn", jsontree.NewInt(r.Turn))
	v.Set("status", jsontree.NewInt(r.Status))
	v.Set("outcome", jsontree.NewString(string(r.Outcome)))
	if r.Detail != "" {
		v.Set("detail", jsontree.NewString(n.text(r.Detail)))
	}
	v.Set("header", headerValue(r.Header, n))
	switch {
	case len(r.Body) > 0:
		if b, err := jsontree.Parse(r.Body); err == nil {
			v.Set("body", n.value(b))
		} else {
			v.Set("body_text", jsontree.NewString(n.text(string(r.Body))))
		}
	case r.BodyText != "":
		v.Set("body_text", jsontree.NewString(n.text(r.BodyText)))
	}
	return v
}

func headerValue(h http.Header, n *normalizer) *jsontree.Value {
	keys := make([]string, 0, len(h))
	for k := range h {
		if !slices.Contains(requestHeaderNoise, http.CanonicalHeaderKey(k)) {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	v := jsontree.NewObject()
	for _, k := range keys {
		vals := jsontree.NewArray()
		for _, s := range h[k] {
			n.learnID(strings.ToLower(k), s)
			vals.Elems = append(vals.Elems, jsontree.NewString(n.text(s)))
		}
		if len(vals.Elems) == 1 {
			v.Set(strings.ToLower(k), vals.Elems[0])
		} else {
			v.Set(strings.ToLower(k), vals)
		}
	}
	return v
}

// sideSummary counts side requests by what they are: arrival order and
// number of side requests racing the main loop are not stable, their kinds
// are.
func sideSummary(side []stubapi.Request, n *normalizer) *jsontree.Value {
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
	out := jsontree.NewArray()
	for _, k := range kinds {
		e := jsontree.NewObject(jsontree.Member{Key: "method", Val: jsontree.NewString(k.Method)}, jsontree.Member{Key: "path", Val: jsontree.NewString(k.Path)})
		if k.Model != "" {
			e.Set("model", jsontree.NewString(k.Model))
		}
		e.Set("stream", jsontree.NewBool(k.Stream))
		e.Set("reason", jsontree.NewString(k.Reason))
		e.Set("status", jsontree.NewInt(k.Status))
		e.Set("outcome", jsontree.NewString(k.Outcome))
		e.Set("count", jsontree.NewInt(counts[k]))
		out.Elems = append(out.Elems, e)
	}
	return out
}
