//go:build windows

package cputime

import (
	"syscall"
	"time"
)

// Process returns the CPU time the process has used so far, user and
// kernel, on every thread (the garbage collector's included), as
// GetProcessTimes reports it; ok is false if the system does not say.
func Process() (cpu time.Duration, ok bool) {
	h, err := syscall.GetCurrentProcess()
	if err != nil {
		return 0, false
	}
	var creation, exit, kernel, user syscall.Filetime
	if err := syscall.GetProcessTimes(h, &creation, &exit, &kernel, &user); err != nil {
		return 0, false
	}
	// Both count 100-nanosecond intervals.
	ticks := func(f syscall.Filetime) int64 { return int64(f.HighDateTime)<<32 | int64(f.LowDateTime) }
	return time.Duration(ticks(kernel)+ticks(user)) * 100, true
}
