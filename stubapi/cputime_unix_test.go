//go:build unix

package stubapi_test

import (
	"syscall"
	"time"
)

// processCPUTime returns the CPU time (user and system) the process has
// used so far.
func processCPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return -1
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
