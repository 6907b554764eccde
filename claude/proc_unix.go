//go:build unix

package claude

import (
	"errors"
	"os"
	"syscall"
)

// procAttr returns how the CLI process starts: in a process group of its
// own, which processTree.kill kills with every process the CLI started in
// it (the commands its tools run), and which a Ctrl-C at the terminal does
// not reach: the program driving the CLI decides.
func procAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

// processTree is the CLI process and the processes it starts: on Unix its
// process group. Descendants that leave the group (the Bash tool starts
// detached shells) are found by the session's marker (markedProcesses).
type processTree struct{ pgid int }

// newProcessTree returns the tree of p, a process started with procAttr.
func newProcessTree(p *os.Process) (*processTree, error) {
	return &processTree{pgid: p.Pid}, nil
}

// kill kills every process of the tree with SIGKILL; it may be called
// again.
func (t *processTree) kill() { _ = syscall.Kill(-t.pgid, syscall.SIGKILL) }

// killProcess kills process pid with SIGKILL.
func killProcess(pid int) { _ = syscall.Kill(pid, syscall.SIGKILL) }

// isBrokenPipe reports whether err comes from writing to a pipe whose
// reader has gone.
func isBrokenPipe(err error) bool { return errors.Is(err, syscall.EPIPE) }

// lastSignal is the highest signal that an exit status of 128+N names by
// convention: SIGSYS on Linux, SIGUSR2 on macOS (its SIGSYS is 12, so
// bounding by syscall.SIGSYS missed SIGTERM's 143 there).
const lastSignal = 31
