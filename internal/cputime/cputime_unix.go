//go:build unix

package cputime

import (
	"syscall"
	"time"
)

// Process returns the CPU time the process has used so far, user and
// system, on every thread (the garbage collector's included); ok is false
// if the system does not say.
func Process() (cpu time.Duration, ok bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
