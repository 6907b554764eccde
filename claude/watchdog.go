package claude

import (
	"context"
	"slices"
	"time"

	"github.com/ccwire/ccwire/protocol"
)

// StallEvent reports a turn the CLI has been silent in for
// Options.StallTimeout: no line on its stdout since (keep_alive lines
// aside), and no result yet.
// It says what the turn may be waiting for.
type StallEvent struct {
	// Silent is how long the CLI has written nothing, at least
	// Options.StallTimeout.
	Silent time.Duration
	// PendingTasks are the background tasks and subagents the CLI said
	// started (system/task_started) and has not said ended
	// (task_notification), by task ID, in order.
	PendingTasks []string
	// PendingControl are the control requests waiting for an answer, as
	// "subtype request_id": the client's to the CLI (e.g. "interrupt
	// req_3_…") and, after "cli:", the CLI's to the client, being answered
	// by a callback (e.g. "cli:can_use_tool cli_req_1").
	PendingControl []string
}

// StallFunc receives a [StallEvent] (Options.OnStall) and says whether
// to interrupt the turn (Options.InterruptOnStall interrupts it whatever
// it says). It runs on the watchdog's goroutine and must return quickly.
type StallFunc func(*StallEvent) (interrupt bool)

// watchdog is the state of the stall watchdog, guarded by Client.mu but
// for the atomics of Client.
type watchdog struct {
	timeout   time.Duration
	onStall   StallFunc
	interrupt bool
	tasks     []string // started and not ended
}

// touch records output (or a prompt) now.
func (c *Client) touch() { c.lastActive.Store(time.Now().UnixNano()) }

// watchTurns notes what the watchdog needs of a message of the CLI: the
// end of a turn, the tasks started and ended. It runs on the reading
// goroutine.
func (c *Client) watchTurns(msg protocol.Message) {
	if _, ok := msg.(*protocol.KeepAlive); ok {
		return // the CLI is alive; the turn still makes no progress
	}
	c.touch()
	switch m := msg.(type) {
	case *protocol.ResultMessage:
		c.busy.Store(false)
	case *protocol.TaskMessage:
		c.mu.Lock()
		switch m.Subtype {
		case protocol.SubtypeTaskStarted:
			if !slices.Contains(c.watch.tasks, m.TaskID) {
				c.watch.tasks = append(c.watch.tasks, m.TaskID)
			}
		case protocol.SubtypeTaskNotification:
			c.watch.tasks = slices.DeleteFunc(c.watch.tasks, func(id string) bool { return id == m.TaskID })
		}
		c.mu.Unlock()
	}
}

// runWatchdog reports the turns that go silent for the watchdog's timeout,
// once per silence, until the client closes.
func (c *Client) runWatchdog() {
	defer c.callbacks.Done()
	timeout := c.watch.timeout
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	var reported int64 // the lastActive of the silence reported
	for {
		select {
		case <-c.life.Done():
			return
		case <-timer.C:
		}
		last := c.lastActive.Load()
		silent := time.Since(time.Unix(0, last))
		if !c.busy.Load() || last == reported || silent < timeout {
			timer.Reset(max(timeout-silent, timeout/4, time.Millisecond))
			continue
		}
		reported = last
		ev := c.stallEvent(silent)
		c.logger.Debug("claude: the turn is silent", "silent", silent, "tasks", ev.PendingTasks, "control", ev.PendingControl)
		interrupt := c.watch.interrupt
		if c.watch.onStall != nil && c.watch.onStall(ev) {
			interrupt = true
		}
		if interrupt {
			ctx, cancel := context.WithTimeout(c.life, c.controlTimeout)
			if err := c.Interrupt(ctx); err != nil {
				c.logger.Debug("claude: the stall watchdog could not interrupt the turn", "err", err)
			}
			cancel()
		}
		timer.Reset(timeout)
	}
}

// stallEvent describes the silence now.
func (c *Client) stallEvent(silent time.Duration) *StallEvent {
	ev := &StallEvent{Silent: silent}
	c.mu.Lock()
	ev.PendingTasks = slices.Clone(c.watch.tasks)
	for id, subtype := range c.pendingWhat {
		ev.PendingControl = append(ev.PendingControl, string(subtype)+" "+id)
	}
	for id, subtype := range c.handlingWhat {
		ev.PendingControl = append(ev.PendingControl, "cli:"+string(subtype)+" "+id)
	}
	c.mu.Unlock()
	slices.Sort(ev.PendingControl)
	return ev
}

// checkWatchdog checks the options of the stall watchdog.
func (o *Options) checkWatchdog() error {
	switch {
	case o.StallTimeout < 0:
		return &OptionError{Option: "StallTimeout", Reason: "must not be negative"}
	case o.StallTimeout == 0 && (o.OnStall != nil || o.InterruptOnStall):
		return &OptionError{Option: "StallTimeout", Reason: "OnStall and InterruptOnStall need a StallTimeout"}
	}
	return nil
}
