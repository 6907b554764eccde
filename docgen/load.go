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
	"strings"

	"github.com/ccwire/ccwire/internal/jsontree"
	"github.com/ccwire/ccwire/match"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
	"github.com/ccwire/ccwire/stubapi"
)

// The directories of the module the reference is generated from.
const (
	scenariosDir  = "scenarios"
	recordingsDir = "recordings"
)

// load reads the corpus of the module at root: the protocol's schema, the
// scenario files and their recordings, reporting each version's
// recordings and each step of the changelog to progress.
func load(ctx context.Context, root string, progress func(Progress)) (*corpus, error) {
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
	for i, v := range versions {
		progress(Progress{Step: "reading the recordings of CLI " + v, Done: i + 1, Total: len(versions)})
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
	for _, sc := range scs {
		c.matrix = append(c.matrix, matrixRow{id: sc.ID, category: sc.Category, title: localized{English: sc.Title.En, Japanese: sc.Title.Ja}})
	}
	slices.SortStableFunc(c.matrix, func(a, b matrixRow) int {
		if x := compareCategories(a.category, b.category); x != 0 {
			return x
		}
		return strings.Compare(a.id, b.id)
	})
	if c.steps, c.verdicts, err = loadSteps(ctx, root, scs, c.versions, progress); err != nil {
		return nil, err
	}
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

// recordedVersions lists the version directories under dir (none when
// there is no dir).
func recordedVersions(dir string) ([]string, error) {
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	vs, err := recording.Versions(dir)
	if err != nil {
		return nil, fmt.Errorf("docgen: %w", err)
	}
	return vs, nil
}

// loadRun reads the recording of scenario sc against CLI version v.
func loadRun(file string, sc *scenario.Scenario, v string) (*run, error) {
	rec, err := recording.ReadRecording(file)
	if err != nil {
		return nil, fmt.Errorf("docgen: %w", err)
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("docgen: recording %s: %s", file, fmt.Sprintf(format, args...))
	}
	if rec.Version != v {
		return nil, bad("run.json says CLI %q, the directory %q", rec.Version, v)
	}
	if rec.Scenario != sc.ID {
		return nil, bad("run.json says scenario %q", rec.Scenario)
	}
	plan, err := sc.Plan(v)
	if err != nil {
		return nil, bad("%v", err)
	}
	r := &run{version: v, exitCode: rec.ExitCode}
	for _, s := range rec.Side {
		r.sideRequests += s.Count
	}
	for i, e := range rec.Events {
		if e.Kind == recording.EventRequest {
			api := apiEvent(e.Request, rec.Requests[e.Request-1], plan.Script)
			r.events = append(r.events, &event{kind: eventAPI, turn: e.Turn, api: api})
			continue
		}
		if e.Kind == recording.EventSignal {
			r.events = append(r.events, &event{kind: eventSignal, turn: e.Turn, signal: e.Signal})
			continue
		}
		ev, err := stdioEvent(e)
		if err != nil {
			return nil, bad("event %d: %v", i+1, err)
		}
		if e.Expect > 0 {
			if e.Turn < 1 || e.Turn > len(plan.Turns) || e.Expect > len(plan.Turns[e.Turn-1].Expect) {
				return nil, bad("event %d: the scenario has no expectation %d in turn %d: record it again", i+1, e.Expect, e.Turn)
			}
			ev.asserted = patternKeyTree(plan.Turns[e.Turn-1].Expect[e.Expect-1].Pattern)
		}
		r.events = append(r.events, ev)
	}
	return r, nil
}

// stdioEvent makes the event of a recorded stdin or stdout line.
func stdioEvent(e recording.Event) (*event, error) {
	ev := &event{kind: eventStdout, turn: e.Turn}
	if e.Kind == recording.EventStdin {
		ev.kind = eventStdin
	}
	if e.Msg == nil {
		ev.line = []byte(e.Text)
		return ev, nil
	}
	m, err := jsontree.Parse(e.Msg)
	if err != nil {
		return nil, err
	}
	ev.msg, ev.line = m, e.Msg
	return ev, nil
}

// apiEvent makes the event of recorded main-loop request seq.
func apiEvent(seq int, q recording.Request, script stubapi.Script) *apiExchange {
	a := &apiExchange{
		seq:     seq,
		stream:  q.Stream,
		model:   q.Model,
		outcome: string(q.Outcome),
		detail:  q.Detail,
		status:  q.Status,
		turn:    q.Turn,
	}
	if q.Outcome == string(stubapi.OutcomeServed) && a.turn >= 0 && a.turn < len(script.Turns) {
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

// patternKeyTree returns the keys a pattern names.
func patternKeyTree(p match.Pattern) *keyTree {
	t := &keyTree{}
	text, err := p.MarshalJSON()
	if err != nil {
		return t
	}
	if v, err := jsontree.Parse(text); err == nil {
		t.merge(patternKeys(v))
	}
	return t
}
