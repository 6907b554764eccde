package fakecli

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/ccwire/ccwire/internal/jsontree"
	"github.com/ccwire/ccwire/recording"
)

// Host plays the host's side of a recording: the stdin lines the
// recording has, with its placeholders replaced by the values the CLI (or
// the fake) used for them in the stdout lines seen so far (the session
// ID, the request ID of a permission request to answer), or else by fresh
// ones (the ID of the host's own control requests). Tests and benchmarks
// use it to drive a CLI, real or fake, as a recording's host did.
type Host struct {
	b *binder
}

// NewHost returns a host whose named placeholders (<cwd>, <home>, …) take
// env's values.
func NewHost(env Env) *Host {
	if env.Start.IsZero() {
		env.Start = time.Now()
	}
	return &Host{b: newBinder(&env)}
}

// Saw tells the host the stdout line actual that the recording has as ev:
// the numbered placeholders of ev take actual's values.
func (h *Host) Saw(ev recording.Event, actual []byte) {
	if ev.Msg == nil {
		return
	}
	rec, err := jsontree.Parse(ev.Msg)
	if err != nil {
		return
	}
	v, err := jsontree.Parse(actual)
	if err != nil {
		return
	}
	h.b.bind(rec, v)
}

// Line returns the stdin line, without its newline, for the recorded
// stdin event ev.
func (h *Host) Line(ev recording.Event) ([]byte, error) {
	if ev.Msg == nil {
		return []byte(h.b.text(ev.Text)), nil
	}
	v, err := jsontree.Parse(ev.Msg)
	if err != nil {
		return nil, fmt.Errorf("fakecli: recorded stdin line: %w", err)
	}
	return h.b.message(v).AppendCompact(nil), nil
}

// DirLookup returns a [Player.Lookup] that reads recordings from dir, the
// folder of one version's recordings (recordings/<version>), or a folder
// of version-free recordings.
func DirLookup(dir string) func(id string) (*recording.Recording, error) {
	return func(id string) (*recording.Recording, error) {
		rec, err := recording.ReadRecordingLines(filepath.Join(dir, id+recording.Ext))
		if err != nil {
			return nil, fmt.Errorf("fakecli: %w", err)
		}
		return rec, nil
	}
}
