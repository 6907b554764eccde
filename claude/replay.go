package claude

import (
	"iter"

	"github.com/ccwire/ccwire/protocol"
)

// Events turns messages the CLI wrote on its stdout, such as those of a
// saved transcript, into the events a
// [Client] would have delivered for them, in order: the same translation,
// with tool results naming their calls and streamed deltas assembled into
// their blocks. Range over it, or hand the events to a handler with
// [Dispatch] (or use [Replay]).
//
// As with a client, control responses and keep-alives give no event, and a
// line that could not be decoded (a *protocol.DecodeError or
// *protocol.LineTooLongError from msgs) gives an [UnknownEvent] carrying
// the error, and the sequence goes on. Any other error from msgs is
// yielded with a nil event and ends the sequence.
//
// The events share memory with the messages; the sequence keeps what it
// needs of earlier messages (the calls not answered yet, the blocks being
// streamed) and nothing else, so replaying a transcript of any length
// takes memory in proportion to its longest message.
func Events(msgs iter.Seq2[protocol.Message, error]) iter.Seq2[Event, error] {
	return func(yield func(Event, error) bool) {
		tr := newTranslator()
		var buf []Event
		for m, err := range msgs {
			if err != nil {
				if isLineError(err) {
					if !yield(&UnknownEvent{Err: err}, nil) {
						return
					}
					continue
				}
				yield(nil, err)
				return
			}
			switch m.(type) {
			case nil, *protocol.ControlResponse, *protocol.KeepAlive:
				continue
			}
			buf = tr.events(buf[:0], m)
			for _, ev := range buf {
				if !yield(ev, nil) {
					return
				}
			}
			clear(buf)
		}
	}
}

// Replay hands the events of msgs (see [Events]) to h, in order, and
// returns the error that ended msgs, if any: a saved transcript replayed
// into the handler a live [Client] would have called.
//
// Read what people hand over with package transcript's Messages (or
// NewReader): it takes the CLI's stdout or a ccwire recording (.txtar)
// alike, and ends with an error on an input that is neither, which
// Replay returns. A [protocol.Reader] takes stream-json only, and yields
// each line of anything else as an undecodable line (an [UnknownEvent]).
func Replay(msgs iter.Seq2[protocol.Message, error], h Handler) error {
	for ev, err := range Events(msgs) {
		if err != nil {
			return err
		}
		Dispatch(h, ev)
	}
	return nil
}
