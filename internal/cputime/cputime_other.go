//go:build !unix && !windows

package cputime

import "time"

// Process returns false: this system does not say how much CPU time the
// process used.
func Process() (cpu time.Duration, ok bool) { return 0, false }
