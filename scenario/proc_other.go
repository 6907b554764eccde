//go:build !linux

package scenario

import "time"

// processCPU is not available here: a quiet watch goes by the CLI's output
// and API requests alone.
func processCPU(int) (time.Duration, bool) { return 0, false }

// hasChildren is not available here: a command a tool runs for longer than
// the quiet period (sleep 5) needs a longer Runner.Quiet.
func hasChildren(int, []string) bool { return false }

// processBusy is not available here.
func processBusy(int) bool { return false }
