package cputime_test

import (
	"testing"
	"time"

	"github.com/ccwire/ccwire/internal/cputime"
)

// TestProcessCountsWork checks that the CPU time grows while the process
// computes, on the platforms that report it (Unix and Windows).
func TestProcessCountsWork(t *testing.T) {
	before, ok := cputime.Process()
	if !ok {
		t.Fatal("Process() = false: no CPU time on this platform")
	}
	x := uint64(1)
	for deadline := time.Now().Add(50 * time.Millisecond); time.Now().Before(deadline); {
		for range 1000 {
			x = x*6364136223846793005 + 1442695040888963407
		}
	}
	after, ok := cputime.Process()
	if !ok {
		t.Fatal("Process() = false the second time")
	}
	if after <= before {
		t.Errorf("CPU time went from %v to %v over 50 ms of computing (x=%d)", before, after, x)
	}
}
