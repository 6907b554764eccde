//go:build windows

package claude

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"sync"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

// procAttr returns how the CLI process starts: suspended, so that
// newProcessTree puts it in a job object before it runs any code (and so
// before it starts any process), and in a process group of its own, which
// a Ctrl-C at the console does not reach: the program driving the CLI
// decides. There are no signals to send it: the control protocol
// interrupts a turn, and closing stdin ends the CLI gracefully.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{CreationFlags: windows.CREATE_SUSPENDED | windows.CREATE_NEW_PROCESS_GROUP}
}

// processTree is the CLI process and the processes it starts: on Windows a
// job object that holds the CLI, and with it every process the CLI and its
// descendants start (the job forbids breaking away), which
// TerminateJobObject ends at once, as taskkill /T /F would. The job kills
// its processes when its last handle closes, so they also die with the
// program that drives them.
type processTree struct {
	mu  sync.Mutex
	job windows.Handle // 0 once the tree is killed
}

// newProcessTree puts p, a process started suspended by procAttr, in a new
// job object and resumes it. On failure it kills p, which the caller must
// still wait for.
func newProcessTree(p *os.Process) (*processTree, error) {
	t, err := startInJob(uint32(p.Pid))
	if err != nil {
		_ = p.Kill()
		return nil, err
	}
	return t, nil
}

func startInJob(pid uint32) (_ *processTree, err error) {
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return nil, fmt.Errorf("create a job object for the CLI: %w", err)
	}
	defer func() {
		if err != nil {
			_ = windows.CloseHandle(job)
		}
	}()
	// On the heap, which does not move, as the call takes its address as a
	// uintptr.
	info := new(windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION)
	info.BasicLimitInformation.LimitFlags = windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
	_, err = windows.SetInformationJobObject(job, windows.JobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(info)), uint32(unsafe.Sizeof(*info)))
	runtime.KeepAlive(info)
	if err != nil {
		return nil, fmt.Errorf("set up the CLI's job object: %w", err)
	}
	proc, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE, false, pid)
	if err != nil {
		return nil, fmt.Errorf("open CLI process %d: %w", pid, err)
	}
	defer windows.CloseHandle(proc)
	if err := windows.AssignProcessToJobObject(job, proc); err != nil {
		return nil, fmt.Errorf("put CLI process %d in a job object: %w", pid, err)
	}
	if err := resumeProcess(pid); err != nil {
		return nil, fmt.Errorf("resume CLI process %d: %w", pid, err)
	}
	return &processTree{job: job}, nil
}

// resumeProcess resumes the threads of process pid, started suspended: its
// main thread, the only one a suspended process has.
func resumeProcess(pid uint32) error {
	snap, err := windows.CreateToolhelp32Snapshot(windows.TH32CS_SNAPTHREAD, 0)
	if err != nil {
		return fmt.Errorf("list threads: %w", err)
	}
	defer windows.CloseHandle(snap)
	resumed := 0
	te := windows.ThreadEntry32{Size: uint32(unsafe.Sizeof(windows.ThreadEntry32{}))}
	for err = windows.Thread32First(snap, &te); err == nil; err = windows.Thread32Next(snap, &te) {
		if te.OwnerProcessID != pid {
			continue
		}
		th, err := windows.OpenThread(windows.THREAD_SUSPEND_RESUME, false, te.ThreadID)
		if err != nil {
			return fmt.Errorf("open thread %d: %w", te.ThreadID, err)
		}
		_, err = windows.ResumeThread(th)
		windows.CloseHandle(th)
		if err != nil {
			return fmt.Errorf("resume thread %d: %w", te.ThreadID, err)
		}
		resumed++
	}
	if !errors.Is(err, windows.ERROR_NO_MORE_FILES) {
		return fmt.Errorf("list threads: %w", err)
	}
	if resumed == 0 {
		return errors.New("it has no thread")
	}
	return nil
}

// kill terminates every process of the job and closes it; it may be called
// again.
func (t *processTree) kill() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.job == 0 {
		return
	}
	// Closing the job would kill its processes too (KILL_ON_JOB_CLOSE);
	// terminating first does not depend on other handles to it.
	_ = windows.TerminateJobObject(t.job, 1)
	_ = windows.CloseHandle(t.job)
	t.job = 0
}

// killProcess terminates process pid.
func killProcess(pid int) {
	h, err := windows.OpenProcess(windows.PROCESS_TERMINATE, false, uint32(pid))
	if err != nil {
		return // gone
	}
	_ = windows.TerminateProcess(h, 1)
	_ = windows.CloseHandle(h)
}

// isBrokenPipe reports whether err comes from writing to a pipe whose
// reader has gone.
func isBrokenPipe(err error) bool {
	return errors.Is(err, windows.ERROR_NO_DATA) || errors.Is(err, windows.ERROR_BROKEN_PIPE) || errors.Is(err, syscall.EPIPE)
}

// lastSignal is 0: no exit status stands for a signal on Windows.
const lastSignal = 0
