package scenario

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/ccwire/ccwire/internal/jsontree"
	"github.com/ccwire/ccwire/recording"
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
// creating the version folder, in the stored form of package recording:
// what it repeats goes into dir's object store ([recording.WriteFile]).
// The recording is written whole or not at all, holding dir's writer
// lock, which it waits for until ctx ends. It does nothing for a result
// without a recording (a skipped run, or one that could not start).
func WriteRecording(ctx context.Context, dir string, r Result) error {
	if r.Recording == nil {
		return nil
	}
	w, err := recording.OpenWriter(ctx, dir)
	if err != nil {
		return fmt.Errorf("scenario: write recording: %w", err)
	}
	return errors.Join(WriteRecordingTo(w, r), w.Close())
}

// WriteRecordingTo is [WriteRecording] for a writer of the recordings
// folder that holds its lock already: the recording is written whole to
// <version>/<id>.txtar in w's folder.
func WriteRecordingTo(w *recording.Writer, r Result) error {
	if r.Recording == nil {
		return nil
	}
	data, err := r.Recording.Marshal()
	if err != nil {
		return err
	}
	if err := w.Write(RecordingPath("", r.Version, r.Scenario.ID), data); err != nil {
		return fmt.Errorf("scenario: write recording: %w", err)
	}
	return nil
}

// stdioLine is one line of the CLI's stdin or stdout, or a signal sent
// to it, as the run saw it.
type stdioLine struct {
	turn int
	dir  string // "stdin", "stdout" or "signal"
	data []byte // the line without its newline; a signal's name
	note string // for a stdout line that could not be decoded: why
	// stdoutLine is the 1-based number of an undecodable line among the
	// CLI's stdout lines, 0 if unknown.
	stdoutLine int
	// at is when the runner began to write a stdin line, or sent a
	// signal.
	at time.Time
	// expect numbers, from 1, the expectation of the turn that matched a
	// stdout line; 0 for none.
	expect int
}

// input reports whether the line went to the CLI: a stdin line or a
// signal.
func (l stdioLine) input() bool { return l.dir == "stdin" || l.dir == "signal" }

// runLog is what a run collected, before normalization.
type runLog struct {
	scenario *Scenario
	version  string
	args     []string
	restart  *recording.Restart
	env      []string
	stdio    []stdioLine
	exitCode int
	requests []stubapi.Request
	unused   int
	// sessionFiles are the files under the config folder's projects/,
	// for a scenario that asks for them.
	sessionFiles []sessionFile
}

// encode makes the Recording of the run, with the main-loop requests
// placed among the lines (see placeRequests) and volatile values replaced
// by placeholders (see the package documentation). The normalizer numbers
// placeholders by first appearance in the order of the archive: events,
// then run.json's flags and environment, then the requests, then the side
// requests, then the session files.
func (rec *runLog) encode(n *normalizer) *recording.Recording {
	out := &recording.Recording{
		Scenario:    rec.scenario.ID,
		Title:       rec.scenario.Title.En,
		Version:     rec.version,
		ExitCode:    rec.exitCode,
		UnusedTurns: rec.unused,
		Args:        []string{},
		Env:         []string{},
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

	pos := placeRequests(rec.stdio, main)
	k := 0 // the next request to place
	request := func(before int) {
		for ; k < len(main) && pos[k] <= before; k++ {
			turn := 0
			switch {
			case len(out.Events) > 0:
				turn = out.Events[len(out.Events)-1].Turn
			case len(rec.stdio) > 0:
				turn = rec.stdio[0].turn
			}
			out.Events = append(out.Events, recording.Event{Kind: recording.EventRequest, Turn: turn, Request: k + 1})
		}
	}
	for i, l := range rec.stdio {
		request(i)
		ev := recording.Event{Turn: l.turn, Kind: recording.EventKind(l.dir), Expect: l.expect}
		if ev.Kind == recording.EventSignal {
			ev.Signal = string(l.data)
			out.Events = append(out.Events, ev)
			continue
		}
		if parsed, err := jsontree.Parse(l.data); err == nil && l.note == "" {
			ev.Msg = n.value(parsed).AppendCompact(nil)
		} else {
			ev.Text = n.text(string(l.data))
			if l.note != "" {
				ev.Error = n.text(l.note)
			}
		}
		out.Events = append(out.Events, ev)
	}
	request(len(rec.stdio))
	for _, a := range rec.args {
		out.Args = append(out.Args, n.text(a))
	}
	if rec.restart != nil {
		out.Restart = &recording.Restart{Turn: rec.restart.Turn, Args: []string{}}
		for _, a := range rec.restart.Args {
			out.Restart.Args = append(out.Restart.Args, n.text(a))
		}
	}
	for _, e := range rec.env {
		out.Env = append(out.Env, n.text(e))
	}

	bodies := make([]*jsontree.Value, len(main))
	for i, r := range main {
		q, body := requestRecord(r, n)
		bodies[i] = body
		out.Requests = append(out.Requests, q)
	}
	shareBodyMembers(bodies)
	for i, body := range bodies {
		if body != nil {
			out.Requests[i].Body = body.AppendCompact(nil)
		}
	}
	out.Side = sideSummary(side, n)
	out.SessionFiles = normalizeSessionFiles(rec.sessionFiles, n)
	return out
}

// sharedBodyMembers are the members of a request body that a recording
// writes once: a later request's equal value is "<same as requests/N.json>".
var sharedBodyMembers = []string{"system", "tools"}

// shareBodyMembers replaces, in the normalized bodies of a run's main-loop
// requests in order (nil for a body that is not JSON), each member of
// sharedBodyMembers equal to an earlier request's with "<same as
// requests/N.json>", N the first request that has it.
func shareBodyMembers(bodies []*jsontree.Value) {
	seen := map[string][]string{} // body member -> compact values in order of request
	for _, body := range bodies {
		if body == nil || body.Kind != jsontree.Object {
			continue
		}
		for _, key := range sharedBodyMembers {
			m := body.Get(key)
			if m == nil {
				continue
			}
			text := m.String()
			if j := slices.Index(seen[key], text); j >= 0 {
				body.Set(key, jsontree.NewString(recording.SameAs(j+1)))
			}
			seen[key] = append(seen[key], text)
		}
	}
}

// requestHeaderNoise are request headers left out of recordings: they
// follow from the body (Content-Length) or from the machine rather than
// from the CLI (the Node.js version a JavaScript CLI runs on).
var requestHeaderNoise = []string{"Content-Length", "X-Stainless-Runtime-Version"}

// requestRecord is the recorded form of a main-loop request, but for a
// JSON body, which it returns normalized apart.
func requestRecord(r stubapi.Request, n *normalizer) (recording.Request, *jsontree.Value) {
	q := recording.Request{
		Method:  r.Method,
		Path:    r.Path,
		Query:   r.Query,
		Model:   r.Model,
		Stream:  r.Stream,
		Turn:    r.Turn,
		Status:  r.Status,
		Outcome: string(r.Outcome),
	}
	if r.Detail != "" {
		q.Detail = n.text(r.Detail)
	}
	q.Header = map[string][]string{}
	keys := make([]string, 0, len(r.Header))
	for k := range r.Header {
		if !slices.Contains(requestHeaderNoise, http.CanonicalHeaderKey(k)) {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		vals := []string{}
		for _, s := range r.Header[k] {
			n.learnID(strings.ToLower(k), s)
			vals = append(vals, n.text(s))
		}
		q.Header[strings.ToLower(k)] = vals
	}
	switch {
	case len(r.Body) > 0:
		if b, err := jsontree.Parse(r.Body); err == nil {
			return q, n.value(b)
		}
		q.BodyText = n.text(string(r.Body))
	case r.BodyText != "":
		q.BodyText = n.text(r.BodyText)
	}
	return q, nil
}

// sideSummary counts side requests by what they are: arrival order and
// number of side requests racing the main loop are not stable, their kinds
// are.
func sideSummary(side []stubapi.Request, n *normalizer) []recording.SideRequests {
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
	out := []recording.SideRequests{}
	for _, k := range kinds {
		out = append(out, recording.SideRequests{
			Method: k.Method, Path: k.Path, Model: k.Model, Stream: k.Stream,
			Reason: k.Reason, Status: k.Status, Outcome: string(k.Outcome), Count: counts[k],
		})
	}
	return out
}
