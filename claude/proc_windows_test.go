//go:build windows

package claude_test

import (
	"fmt"
	"syscall"

	"golang.org/x/sys/windows"
)

// killSignal is the signal an ExitError names for a CLI killed with
// os.Process.Kill: none on Windows.
const killSignal = syscall.Signal(0)

// treeGone returns nil once the processes a session started with CLI
// process pid are gone: on Windows the CLI itself, as the rest of its job
// object dies with it.
func treeGone(pid int) error { return processGone(pid) }

// processGone returns nil once process pid is gone (has exited, or no
// longer exists).
func processGone(pid int) error {
	h, err := windows.OpenProcess(windows.SYNCHRONIZE|windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if err != nil {
		return nil // no such process
	}
	defer windows.CloseHandle(h)
	if ev, err := windows.WaitForSingleObject(h, 0); err == nil && ev == windows.WAIT_OBJECT_0 {
		return nil
	}
	return fmt.Errorf("process %d still running", pid)
}
