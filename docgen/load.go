package docgen

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/txtar"

	"github.com/ccwire/ccwire/internal/jsontree"
	"github.com/ccwire/ccwire/match"
	"github.com/ccwire/ccwire/scenario"
	"github.com/ccwire/ccwire/stubapi"
)

// The directories of the module the reference is generated from.
const (
	scenariosDir  = "scenarios"
	recordingsDir = "recordings"
)

// load reads the corpus of the module at root: the protocol's schema, the
// scenario files and their recordings.
func load(ctx context.Context, root string) (*corpus, error) {
	s := loadSchema()
	scs, err := scenario.LoadDir(filepath.Join(root, scenariosDir))
	if err != nil {
		return nil, fmt.Errorf("docgen: %w", err)
	}
	c := &corpus{schema: s}
	byID := map[string]*scenarioDoc{}
	for _, sc := range scs {
		d := &scenarioDoc{
			id:       sc.ID,
			category: sc.Category,
			file:     path.Join(scenariosDir, sc.ID+scenario.Ext),
			title:    localized{English: sc.Title.En, Japanese: sc.Title.Ja},
			applies:  sc.Applies.String(),
		}
		for i := range sc.Notes.En {
			d.notes = append(d.notes, localized{English: sc.Notes.En[i], Japanese: sc.Notes.Ja[i]})
		}
		if d.applies != "" {
			d.notApplicable = localized{English: sc.NotApplicable.En, Japanese: sc.NotApplicable.Ja}
		}
		byID[sc.ID] = d
		c.scenarios = append(c.scenarios, d)
	}
	versions, err := recordedVersions(filepath.Join(root, recordingsDir))
	if err != nil {
		return nil, err
	}
	var errs []error
	for _, v := range versions {
		files, err := filepath.Glob(filepath.Join(root, recordingsDir, v, "*"+scenario.RecordingExt))
		if err != nil {
			return nil, fmt.Errorf("docgen: %w", err)
		}
		slices.Sort(files)
		for _, f := range files {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			id := strings.TrimSuffix(filepath.Base(f), scenario.RecordingExt)
			sc := scenarioByID(scs, id)
			if sc == nil {
				errs = append(errs, fmt.Errorf("docgen: recording %s has no scenario file %s", f, path.Join(scenariosDir, id+scenario.Ext)))
				continue
			}
			r, err := loadRun(f, sc, v)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			byID[id].runs = append(byID[id].runs, r)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	for _, d := range c.scenarios {
		sortRuns(d.runs)
		for _, r := range d.runs {
			if !slices.Contains(c.versions, r.version) {
				c.versions = append(c.versions, r.version)
			}
		}
	}
	sortVersions(c.versions)
	// Scenarios without any recording have nothing to show.
	c.scenarios = slices.DeleteFunc(c.scenarios, func(d *scenarioDoc) bool { return len(d.runs) == 0 })
	slices.SortStableFunc(c.scenarios, func(a, b *scenarioDoc) int {
		if x := compareCategories(a.category, b.category); x != 0 {
			return x
		}
		return strings.Compare(a.id, b.id)
	})
	return c, nil
}

// compareCategories orders categories as categoryOrder lists them, others
// after them by name.
func compareCategories(a, b string) int {
	ia, ib := slices.Index(categoryOrder, a), slices.Index(categoryOrder, b)
	switch {
	case ia >= 0 && ib >= 0:
		return ia - ib
	case ia >= 0:
		return -1
	case ib >= 0:
		return 1
	}
	return strings.Compare(a, b)
}

func scenarioByID(scs []*scenario.Scenario, id string) *scenario.Scenario {
	for _, sc := range scs {
		if sc.ID == id {
			return sc
		}
	}
	return nil
}

// recordedVersions lists the version directories under dir.
func recordedVersions(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, fmt.Errorf("docgen: %w", err)
	}
	var out []string
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		if _, err := scenario.ParseVersion(e.Name()); err != nil {
			return nil, fmt.Errorf("docgen: %s: a directory of recordings is named after a CLI version: %w", filepath.Join(dir, e.Name()), err)
		}
		out = append(out, e.Name())
	}
	sortVersions(out)
	return out, nil
}

// loadRun reads the recording of scenario sc against CLI version v.
func loadRun(file string, sc *scenario.Scenario, v string) (*run, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("docgen: %w", err)
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("docgen: recording %s: %s", file, fmt.Sprintf(format, args...))
	}
	plan, err := sc.Plan(v)
	if err != nil {
		return nil, bad("%v", err)
	}
	ar := txtar.Parse(data)
	r := &run{version: v}
	var requests []*apiExchange
	for _, f := range ar.Files {
		switch {
		case f.Name == "run.json":
			info, err := jsontree.Parse(f.Data)
			if err != nil {
				return nil, bad("run.json: %v", err)
			}
			if got := info.StringAt("cli_version"); got != v {
				return nil, bad("run.json says CLI %q, the directory %q", got, v)
			}
			if n := info.Get("side_requests"); n != nil {
				r.sideRequests, _ = strconv.Atoi(n.Str)
			}
			if n := info.Get("exit_code"); n != nil {
				r.exitCode, _ = strconv.Atoi(n.Str)
			}
		case f.Name == "stdio.jsonl":
			for i, line := range strings.Split(strings.TrimSuffix(string(f.Data), "\n"), "\n") {
				if line == "" {
					continue
				}
				ev, err := stdioEvent([]byte(line))
				if err != nil {
					return nil, bad("stdio.jsonl line %d: %v", i+1, err)
				}
				r.events = append(r.events, ev)
			}
		case strings.HasPrefix(f.Name, "requests/"):
			n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(f.Name, "requests/"), ".json"))
			if err != nil {
				return nil, bad("unexpected file %s", f.Name)
			}
			req, err := jsontree.Parse(f.Data)
			if err != nil {
				return nil, bad("%s: %v", f.Name, err)
			}
			requests = append(requests, apiEvent(n, req, plan.Script))
		}
	}
	slices.SortFunc(requests, func(a, b *apiExchange) int { return a.seq - b.seq })
	r.events = placeRequests(r.events, requests)
	markAsserted(r.events, plan, sc.Ignore)
	return r, nil
}

// stdioEvent decodes one record of stdio.jsonl.
func stdioEvent(line []byte) (*event, error) {
	rec, err := jsontree.Parse(line)
	if err != nil {
		return nil, err
	}
	ev := &event{kind: eventStdout}
	switch rec.StringAt("dir") {
	case "stdin":
		ev.kind = eventStdin
	case "stdout":
	default:
		return nil, fmt.Errorf("dir %q is neither stdin nor stdout", rec.StringAt("dir"))
	}
	if t := rec.Get("turn"); t != nil {
		ev.turn, _ = strconv.Atoi(t.Str)
	}
	if m := rec.Get("msg"); m != nil {
		ev.msg = m
		ev.line = []byte(m.String())
	} else {
		ev.line = []byte(rec.StringAt("text"))
	}
	return ev, nil
}

// apiEvent makes the event of a recorded main-loop request.
func apiEvent(seq int, req *jsontree.Value, script stubapi.Script) *apiExchange {
	a := &apiExchange{
		seq:     seq,
		stream:  req.Get("stream") != nil && req.Get("stream").Bool,
		model:   req.StringAt("model"),
		outcome: req.StringAt("outcome"),
		detail:  req.StringAt("detail"),
		turn:    -1,
	}
	if s := req.Get("status"); s != nil {
		a.status, _ = strconv.Atoi(s.Str)
	}
	if t := req.Get("turn"); t != nil {
		a.turn, _ = strconv.Atoi(t.Str)
	}
	if a.outcome == string(stubapi.OutcomeServed) && a.turn >= 0 && a.turn < len(script.Turns) {
		a.answer = turnSummary(script.Turns[a.turn])
	}
	return a
}

// turnSummary describes a scripted response: its blocks and stop reason.
func turnSummary(t stubapi.Turn) string {
	var parts []string
	hasTool := false
	for _, b := range t.Content {
		s := string(b.Type)
		if b.Type == stubapi.BlockToolUse {
			s += ":" + b.Name
			hasTool = true
		}
		parts = append(parts, s)
	}
	stop := t.StopReason
	switch {
	case stop != "":
	case t.StopSequence != "":
		stop = "stop_sequence"
	case hasTool:
		stop = "tool_use"
	default:
		stop = "end_turn"
	}
	return strings.Join(parts, ", ") + " (" + stop + ")"
}

// placeRequests puts the main-loop requests among the stdio lines. A
// recording keeps the two apart, so a request goes before the first
// message that comes from the turn it was answered from (the stub's
// message IDs tell which), and a request that served nothing goes before
// the next request, or else before the next message the model's answer
// would have produced.
func placeRequests(stdio []*event, requests []*apiExchange) []*event {
	pos := make([]int, len(requests)) // index in stdio to insert before
	from := 0
	for i := range stdio {
		if stdio[i].kind == eventStdin {
			from = i + 1
			break
		}
	}
	begin := from
	for i, a := range requests {
		p := -1
		if a.turn >= 0 && a.outcome == string(stubapi.OutcomeServed) {
			id := stubapi.MessageID(a.turn)
			for j := from; j < len(stdio); j++ {
				if messageID(stdio[j]) == id {
					p = j
					break
				}
			}
		}
		pos[i] = p
		if p >= 0 {
			from = p
		}
	}
	// Requests that served nothing go before the first message their
	// failure leads to (an api_retry notice, a synthetic answer, the
	// result), and at the latest before the next served request.
	served := map[string]bool{}
	last, start := 0, begin
	for i, a := range requests {
		if pos[i] >= 0 {
			served[stubapi.MessageID(a.turn)] = true
			last, start = pos[i], pos[i]+1
			continue
		}
		next := len(stdio)
		for j := i + 1; j < len(requests); j++ {
			if pos[j] >= 0 {
				next = pos[j]
				break
			}
		}
		for j := max(start, last); j < next; j++ {
			if followsFailure(stdio[j], served) {
				next = j
				break
			}
		}
		pos[i] = next
		last = next
	}
	out := make([]*event, 0, len(stdio)+len(requests))
	k := 0
	for j, ev := range stdio {
		for k < len(requests) && pos[k] <= j {
			out = append(out, &event{kind: eventAPI, api: requests[k], turn: ev.turn})
			k++
		}
		out = append(out, ev)
	}
	for ; k < len(requests); k++ {
		out = append(out, &event{kind: eventAPI, api: requests[k]})
	}
	return out
}

// messageID returns the Messages API ID an assistant message or a
// message_start stream event carries.
func messageID(ev *event) string {
	if ev.kind != eventStdout || ev.msg == nil {
		return ""
	}
	switch ev.msg.StringAt("type") {
	case "assistant":
		return ev.msg.StringAt("message", "id")
	case "stream_event":
		return ev.msg.StringAt("event", "message", "id")
	}
	return ""
}

// followsFailure reports whether a stdout message can follow a failed
// request: a retry notice, an answer not from a turn served before, a
// result.
func followsFailure(ev *event, served map[string]bool) bool {
	if ev.kind != eventStdout || ev.msg == nil {
		return false
	}
	switch ev.msg.StringAt("type") {
	case "assistant", "stream_event":
		return !served[messageID(ev)]
	case "result":
		return true
	case "system":
		return ev.msg.StringAt("subtype") == "api_retry"
	}
	return false
}

// markAsserted finds, turn by turn, the messages the scenario's
// expectations matched (each the earliest match after the previous one, as
// the runner matches them) and records the keys they name.
func markAsserted(events []*event, plan *scenario.Plan, ignore []string) {
	opts := []match.Option{match.Ignore(ignore...)}
	for _, t := range plan.Turns {
		var out []*event
		for _, ev := range events {
			if ev.kind == eventStdout && ev.turn == t.N && ev.msg != nil {
				out = append(out, ev)
			}
		}
		j := 0
		for _, exp := range t.Expect {
			for k := j; k < len(out); k++ {
				if exp.Pattern.Match(out[k].line, opts...) == nil {
					text, err := exp.Pattern.MarshalJSON()
					if err == nil {
						if p, err := jsontree.Parse(text); err == nil {
							if out[k].asserted == nil {
								out[k].asserted = &keyTree{}
							}
							out[k].asserted.merge(patternKeys(p))
						}
					}
					j = k + 1
					break
				}
			}
		}
	}
}
