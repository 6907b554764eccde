package claude

import "time"

// CPUTime returns the CPU time the CLI process used, user plus system, once
// it has exited; ok is false while it is still running. On Linux and the
// BSDs it includes the processes the CLI started and waited for (the
// commands its tools ran), as wait4 reports them; processes it left behind
// are not counted.
//
// A run's CPU time divided by the cores available is the least wall time
// it could take: ccwire spec compares the two to show how much of a run was
// spent waiting.
func (s *Session) CPUTime() (cpu time.Duration, ok bool) {
	select {
	case <-s.exited:
	default:
		return 0, false
	}
	if s.state == nil {
		return 0, true
	}
	return s.state.UserTime() + s.state.SystemTime(), true
}
