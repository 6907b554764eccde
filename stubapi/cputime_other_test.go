//go:build !unix

package stubapi_test

import "time"

// processCPUTime returns -1: the process's CPU time is not known here.
func processCPUTime() time.Duration { return -1 }
