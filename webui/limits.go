package webui

import "time"

// Defaults of [Limits].
const (
	// DefaultReadHeaderTimeout bounds the reading of a request's headers.
	DefaultReadHeaderTimeout = 10 * time.Second
	// DefaultReadTimeout bounds the reading of a whole request.
	DefaultReadTimeout = 30 * time.Second
	// DefaultIdleTimeout bounds a keep-alive connection's wait for its
	// next request.
	DefaultIdleTimeout = time.Minute
	// DefaultStallTimeout bounds each write to a page's event stream.
	DefaultStallTimeout = 30 * time.Second
	// DefaultViewerBuffer bounds the bytes of events one event stream
	// holds at once.
	DefaultViewerBuffer = 1 << 20
)

// Limits bound what a connection to a [Server] can hold on to: time to
// send a request, time to sit idle, and the memory and time a page that
// stops reading its event stream costs. A zero field takes its default; a
// negative duration means no bound.
type Limits struct {
	// ReadHeaderTimeout bounds the reading of a request's headers, from
	// its first byte or from the connection's start
	// ([DefaultReadHeaderTimeout]).
	ReadHeaderTimeout time.Duration
	// ReadTimeout bounds the reading of a whole request, headers and body
	// ([DefaultReadTimeout]). What a request's handler does once the
	// request is read (an event stream, a prompt the CLI is slow to take)
	// is not bounded by it.
	ReadTimeout time.Duration
	// IdleTimeout bounds how long a keep-alive connection may wait for
	// its next request ([DefaultIdleTimeout]); the server then closes it.
	IdleTimeout time.Duration
	// StallTimeout bounds each write of events to a page
	// ([DefaultStallTimeout]): a page whose connection takes no bytes
	// for so long (a stopped tab, a frozen program) is dropped. A browser
	// reconnects by itself with the Last-Event-ID of the last event it
	// got, and is sent the events after it (as far as the backlog still
	// holds them; else a "dropped" event says how many it missed).
	StallTimeout time.Duration
	// ViewerBuffer bounds the bytes of events one event stream takes from
	// the backlog at once ([DefaultViewerBuffer]; at least one event), so
	// that a page that stops reading holds at most so much of the
	// session's events until StallTimeout drops it, however far the
	// backlog moves on meanwhile.
	ViewerBuffer int
}

// withDefaults returns l with its zero fields set to their defaults.
func (l Limits) withDefaults() Limits {
	or := func(d *time.Duration, def time.Duration) {
		if *d == 0 {
			*d = def
		}
	}
	or(&l.ReadHeaderTimeout, DefaultReadHeaderTimeout)
	or(&l.ReadTimeout, DefaultReadTimeout)
	or(&l.IdleTimeout, DefaultIdleTimeout)
	or(&l.StallTimeout, DefaultStallTimeout)
	if l.ViewerBuffer <= 0 {
		l.ViewerBuffer = DefaultViewerBuffer
	}
	return l
}
