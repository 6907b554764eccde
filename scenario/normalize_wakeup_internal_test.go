package scenario

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/internal/corpustest"

	"github.com/ccwire/ccwire/internal/jsontree"
	"github.com/ccwire/ccwire/recording"
)

// TestNormalizeWakeupGuidance checks that the ScheduleWakeup description
// normalizes to one text whichever of its three delay sections the CLI
// chose, and that a description with another section (2.1.150's, which
// has one text only) keeps it.
func TestNormalizeWakeupGuidance(t *testing.T) {
	t.Parallel()
	const head = "Schedule when to resume work in /loop dynamic mode.\n\n"
	const tail = "\n\n## The reason field\n\nOne short sentence on what you chose and why."
	var got []string
	for _, text := range wakeupGuidanceTexts {
		n := newNormalizer(time.Now(), 0, nil, nil)
		got = append(got, n.text(head+text+tail))
	}
	want := head + wakeupGuidancePlaceholder + tail
	for i, g := range got {
		if g != want {
			t.Errorf("text %d normalized to\n%.300q…, want\n%.300q…", i, g, want)
		}
	}
	old := head + "## Picking delaySeconds\n\nThe Anthropic prompt cache has a 5-minute TTL." + tail
	if g := newNormalizer(time.Now(), 0, nil, nil).text(old); g != old {
		t.Errorf("2.1.150's section normalized to %q", g)
	}
	if n := len(wakeupGuidanceTexts); n != 3 {
		t.Errorf("%d texts, want the three of 2.1.332", n)
	}
	for i, text := range wakeupGuidanceTexts {
		if !strings.HasPrefix(text, wakeupGuidanceHeading) {
			t.Errorf("text %d does not start with the heading", i)
		}
	}
}

var renormalize = flag.Bool("renormalize", false, "rewrite the committed recordings whose requests hold a ScheduleWakeup delay section that the normalizer now writes as a placeholder")

// TestRecordingsWakeupNormalized checks that no committed recording holds
// one of the ScheduleWakeup delay sections that the normalizer writes as
// [wakeupGuidancePlaceholder]: each is what renormalizeWakeup makes of it.
// With -renormalize it rewrites those that are not, deterministically
// (recordings made before the normalizer knew the texts), among the
// versions corpustest.Paths selects: CCWIRE_CORPUS=all for every one.
func TestRecordingsWakeupNormalized(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("..", "recordings", "*", "*"+RecordingExt))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no recordings")
	}
	files = corpustest.Paths(t, files)
	stale := 0
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), "## Picking delaySeconds") {
			continue
		}
		rec, err := recording.ParseRecording(data)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		changed, err := renormalizeWakeup(rec)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if !changed {
			continue
		}
		stale++
		if !*renormalize {
			if stale <= 3 {
				t.Errorf("%s holds a ScheduleWakeup delay section the normalizer writes as %q (go test ./scenario -run TestRecordingsWakeupNormalized -renormalize rewrites it)", path, wakeupGuidancePlaceholder)
			}
			continue
		}
		out, err := rec.Marshal()
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if err := os.WriteFile(path, out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if stale > 0 {
		t.Logf("%d of %d recordings not normalized (rewritten: %v)", stale, len(files), *renormalize)
	}
}

// renormalizeWakeup applies wakeupGuidance to every string of rec's
// request bodies, as a run recorded now would, and shares the system and
// tools members anew (two requests whose tools differed only in the
// section now share them). It reports whether anything changed.
func renormalizeWakeup(rec *recording.Recording) (bool, error) {
	bodies := make([]*jsontree.Value, len(rec.Requests))
	for i, q := range rec.Requests {
		if q.Body == nil {
			continue
		}
		v, err := jsontree.Parse(q.Body)
		if err != nil {
			return false, fmt.Errorf("requests/%d.json: %w", i+1, err)
		}
		// Resolve "<same as requests/N.json>" to the value it stands for.
		for _, key := range sharedBodyMembers {
			m := v.Get(key)
			if m == nil || m.Kind != jsontree.String || !strings.HasPrefix(m.Str, "<same as requests/") {
				continue
			}
			var n int
			if _, err := fmt.Sscanf(m.Str, "<same as requests/%d.json>", &n); err != nil || n < 1 || n > i || bodies[n-1] == nil || bodies[n-1].Get(key) == nil {
				return false, fmt.Errorf("requests/%d.json: %s %q names no earlier request", i+1, key, m.Str)
			}
			v.Set(key, bodies[n-1].Get(key).Clone())
		}
		bodies[i] = v
	}
	for _, v := range bodies {
		if v == nil {
			continue
		}
		v.Walk(func(_ string, val *jsontree.Value) *jsontree.Value {
			if val.Kind == jsontree.String {
				return jsontree.NewString(wakeupGuidance(val.Str))
			}
			return val
		})
	}
	shareBodyMembers(bodies)
	changed := false
	for i, v := range bodies {
		if v == nil {
			continue
		}
		body := v.AppendCompact(nil)
		if !bytes.Equal(body, rec.Requests[i].Body) {
			rec.Requests[i].Body, changed = body, true
		}
	}
	return changed, nil
}
