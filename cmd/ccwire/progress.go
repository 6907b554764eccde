package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// progress shows how far a batch of runs has got. Each finished run gets
// a line numbered [N/TOTAL]. On a terminal a status line below them, kept
// up to date in place every second, says how long the batch has taken and
// about how long it has left; elsewhere (a file, a pipe, CI logs) every
// line carries those figures instead, so the output stays plain text.
type progress struct {
	w     io.Writer
	live  bool
	total int
	now   func() time.Time

	mu      sync.Mutex
	start   time.Time
	done    int  // runs finished, skipped ones included
	timed   int  // runs finished that took time (not skipped)
	showing bool // the status line is on the screen
	stop    chan struct{}
	stopped chan struct{}
}

// newProgress returns the progress of total runs written to w, live when
// w is a terminal. Call finish when the batch is over.
func newProgress(w io.Writer, total int) *progress {
	return newProgressAt(w, total, isTerminal(w) && os.Getenv("TERM") != "dumb", time.Now)
}

// newProgressAt is newProgress with the terminal test and the clock given.
func newProgressAt(w io.Writer, total int, live bool, now func() time.Time) *progress {
	p := &progress{w: w, live: live, total: total, now: now, start: now()}
	if live {
		p.stop, p.stopped = make(chan struct{}), make(chan struct{})
		go p.tick()
	}
	return p
}

// tick redraws the status line every second, so that the elapsed time
// moves while no run ends.
func (p *progress) tick() {
	defer close(p.stopped)
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-t.C:
			p.mu.Lock()
			p.clearStatus()
			p.drawStatus()
			p.mu.Unlock()
		}
	}
}

// add reports a finished run, described by line; skipped tells a run that
// took no time, which the estimate leaves out.
func (p *progress) add(line string, skipped bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	if !skipped {
		p.timed++
	}
	width := len(fmt.Sprint(p.total))
	counter := fmt.Sprintf("[%*d/%d]", width, p.done, p.total)
	if !p.live {
		fmt.Fprintf(p.w, "%s %s  (%s)\n", counter, line, p.figures())
		return
	}
	p.clearStatus()
	fmt.Fprintf(p.w, "%s %s\n", counter, line)
	p.drawStatus()
}

// figures says how long the batch has taken and about how long it has
// left: the runs left times the wall time per timed run so far (the runs
// go several at a time; skipped runs come first and cost nothing).
func (p *progress) figures() string {
	elapsed := p.now().Sub(p.start)
	left := p.total - p.done
	switch {
	case left == 0:
		return clock(elapsed) + " elapsed"
	case p.timed == 0:
		return clock(elapsed) + " elapsed, estimating"
	}
	est := elapsed / time.Duration(p.timed) * time.Duration(left)
	return fmt.Sprintf("%s elapsed, about %s left", clock(elapsed), clock(est))
}

// drawStatus writes the status line, without a newline.
func (p *progress) drawStatus() {
	if p.done == p.total {
		return
	}
	fmt.Fprintf(p.w, "[%d/%d] %s", p.done, p.total, p.figures())
	p.showing = true
}

// clearStatus erases the status line.
func (p *progress) clearStatus() {
	if p.showing {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.showing = false
	}
}

// finish stops the status line and erases it.
func (p *progress) finish() {
	if p.live {
		close(p.stop)
		<-p.stopped
	}
	p.mu.Lock()
	p.clearStatus()
	p.mu.Unlock()
}

// clock writes d to the second as M:SS, or H:MM:SS from an hour.
func clock(d time.Duration) string {
	s := int(d.Round(time.Second) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// statusLine is one line of a terminal that says what a command is doing,
// rewritten in place with each new step, and erased at the end.
type statusLine struct {
	w       io.Writer
	prefix  string
	showing bool
}

// show replaces the line by prefix and text.
func (s *statusLine) show(text string) {
	s.clear()
	fmt.Fprint(s.w, s.prefix+text)
	s.showing = true
}

// clear erases the line, if shown.
func (s *statusLine) clear() {
	if s.showing {
		fmt.Fprint(s.w, "\r\x1b[K")
		s.showing = false
	}
}
