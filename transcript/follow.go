package transcript

import (
	"context"
	"iter"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/protocol"
)

// FollowOptions control [Follow].
type FollowOptions struct {
	Options
	// Interval is the least time between two updates: what comes in
	// meanwhile is batched into the next. 0 posts every block as it comes.
	Interval time.Duration
	// MaxComment cuts an update into comments of at most so many bytes
	// (see [Splitter]); 0 posts each update as one comment.
	MaxComment int
}

// Follow renders a transcript as it is written, such as a running CLI's
// stdout read from a pipe, the way a bot posts progress comments: it
// batches the Markdown blocks rendered (see [Markdown]) and calls post
// with them no more often than once per Interval, and, at the end of
// msgs, with what is left and the closing summary. An update is cut into
// comments of at most MaxComment bytes, each posted on its own; the last
// update too waits for the interval. Follow
// returns when msgs ends, ctx is done (with ctx's error) or post fails.
// When ctx ends first (the command following a CLI gets SIGINT), Follow
// posts at once what it has read and not posted yet, and the summary of
// what it saw, before it returns: nothing read is lost.
//
// The first update goes out as soon as there is something to say; the
// timing of the others depends only on the interval and on when blocks
// arrive, never on how long post takes to return. post runs on the
// caller's goroutine; msgs is read on another, so a slow post holds up
// the updates, not the reading. When ctx ends first, that goroutine stops
// at the next message msgs yields (a pipe's reader returns when its
// writer closes).
func Follow(ctx context.Context, msgs iter.Seq2[protocol.Message, error], opts FollowOptions, post func(comment string) error) error {
	if opts.MaxComment > 0 {
		opts.Options = opts.Options.withDefaults()
		opts.ResultChars = min(opts.ResultChars, max(opts.MaxComment, MinComment)/2)
	}
	type item struct {
		ev  claude.Event
		err error
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	items := make(chan item, 64)
	go func() {
		defer close(items)
		for ev, err := range claude.Events(msgs) {
			select {
			case items <- item{ev, err}:
			case <-ctx.Done():
				return
			}
		}
	}()

	md := NewMarkdown(opts.Options)
	var pending []string
	var last time.Time // when the last update went out
	timer := time.NewTimer(0)
	if !timer.Stop() {
		<-timer.C
	}
	armed := false
	flush := func() error {
		if len(pending) == 0 {
			return nil
		}
		sp := &Splitter{Max: opts.MaxComment}
		var comments []string
		for _, b := range pending {
			comments = append(comments, sp.Add(b)...)
		}
		if c := sp.Flush(); c != "" {
			comments = append(comments, c)
		}
		pending = pending[:0]
		last = time.Now()
		for _, c := range comments {
			if err := post(c); err != nil {
				return err
			}
		}
		return nil
	}
	// interrupted posts what was read and not posted, the events already
	// handed over included, and the summary, when ctx ends first.
	interrupted := func(summarized bool) error {
		for drained := false; !drained; {
			select {
			case it, ok := <-items:
				if !ok || it.err != nil {
					drained = true
					break
				}
				md.Add(it.ev)
				pending = append(pending, md.Take()...)
			default:
				drained = true
			}
		}
		if !summarized {
			pending = append(pending, md.Summary())
		}
		if err := flush(); err != nil {
			return err
		}
		return ctx.Err()
	}
	for {
		select {
		case <-ctx.Done():
			return interrupted(false)
		case <-timer.C:
			armed = false
			if err := flush(); err != nil {
				return err
			}
		case it, ok := <-items:
			if !ok {
				// The end: the rest and the summary, still no sooner
				// than the interval allows.
				pending = append(pending, md.Summary())
				if wait := opts.Interval - time.Since(last); wait > 0 && !last.IsZero() {
					if !armed {
						timer.Reset(wait)
					}
					select {
					case <-ctx.Done():
						return interrupted(true)
					case <-timer.C:
					}
				}
				return flush()
			}
			if it.err != nil {
				if err := flush(); err != nil {
					return err
				}
				return it.err // the reader of msgs said its prefix
			}
			md.Add(it.ev)
			pending = append(pending, md.Take()...)
			if len(pending) == 0 || armed {
				continue
			}
			if wait := opts.Interval - time.Since(last); wait > 0 {
				timer.Reset(wait)
				armed = true
				continue
			}
			if err := flush(); err != nil {
				return err
			}
		}
	}
}
