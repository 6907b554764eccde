package scenario

import (
	"time"

	"github.com/ccwire/ccwire/internal/jsontree"
	"github.com/ccwire/ccwire/recording"
)

// NormalizeEvents normalizes the stdin and stdout lines of a run that did
// not go through a [Runner] (a fake CLI's, a transcript's) the way a
// recording's events.jsonl holds them: one normalizer for all the events,
// in order, so numbered placeholders follow first appearance. Each event's
// Msg is the raw line as the process wrote or read it (Text for a line
// that is not JSON). now is about when the run happened, pid the process
// ID to write as "<pid>" (0 for none), version the CLI version to write
// as VersionPlaceholder ("" for none), and paths maps the run's folders to
// their placeholder names ("cwd", "home", "session"), and literals maps
// other texts to their placeholders ("127.0.0.1:8080": "<api-host>"). The events are
// returned as new values; a Msg that does not parse becomes Text.
func NormalizeEvents(now time.Time, pid int, version string, paths, literals map[string]string, events []recording.Event) []recording.Event {
	n := newNormalizer(now, pid, paths, literals)
	n.version = version
	out := make([]recording.Event, 0, len(events))
	for _, ev := range events {
		if ev.Kind == recording.EventRequest || ev.Kind == recording.EventSignal {
			out = append(out, ev)
			continue
		}
		norm := recording.Event{Kind: ev.Kind, Turn: ev.Turn, Expect: ev.Expect}
		if ev.Msg != nil {
			if v, err := jsontree.Parse(ev.Msg); err == nil {
				norm.Msg = n.value(v).AppendCompact(nil)
			} else {
				norm.Text = n.text(string(ev.Msg))
			}
		} else {
			norm.Text = n.text(ev.Text)
			if ev.Error != "" {
				norm.Error = n.text(ev.Error)
			}
		}
		out = append(out, norm)
	}
	return out
}
