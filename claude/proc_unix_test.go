//go:build unix

package claude_test

import (
	"errors"
	"fmt"
	"syscall"
)

// killSignal is the signal an ExitError names for a CLI killed with
// os.Process.Kill.
const killSignal = syscall.SIGKILL

// treeGone returns nil once the processes a session started with CLI
// process pid are gone: on Unix its process group.
func treeGone(pid int) error {
	if err := syscall.Kill(-pid, 0); !errors.Is(err, syscall.ESRCH) {
		return fmt.Errorf("process group %d still there (%v)", pid, err)
	}
	return nil
}

// processGone returns nil once process pid is gone.
func processGone(pid int) error {
	if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
		return fmt.Errorf("process %d still there (%v)", pid, err)
	}
	return nil
}
