// Package filelock is an exclusive lock on a file, between processes and
// between goroutines of one process: flock(2) on Unix, LockFileEx on
// Windows. The lock belongs to an open file, so two Acquire calls exclude
// each other whether they are in one process or two, and the system
// releases it when its process ends, however it ends (kill -9 too).
//
// The holder writes its process id into the file, so that a process that
// waits in vain can name it ([HeldError]).
package filelock

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Lock is a lock Acquire took; Release gives it back.
type Lock struct {
	f *os.File
}

// HeldError is the error of an Acquire whose context ended while another
// process (or another Acquire of this one) held the lock. It wraps the
// context's cause, so errors.Is(err, context.DeadlineExceeded) holds for a
// deadline.
type HeldError struct {
	Path string // the lock file
	PID  int    // the holder's process id as it wrote it; 0 if unknown
	Err  error  // why the wait ended: the context's cause
}

func (e *HeldError) Error() string {
	holder := "another process"
	if e.PID > 0 {
		holder = "process " + strconv.Itoa(e.PID)
		if e.PID == os.Getpid() {
			holder += " (this one)"
		}
	}
	return fmt.Sprintf("%s is locked by %s, which is writing; gave up waiting: %v", e.Path, holder, e.Err)
}

func (e *HeldError) Unwrap() error { return e.Err }

// poll is how often Acquire tries a lock another holds.
const poll = 50 * time.Millisecond

// Acquire takes the exclusive lock of path, creating the file, and writes
// this process's id into it. It waits while another holds the lock, until
// ctx ends: then it returns a *HeldError naming the holder. A free lock is
// taken even if ctx has ended.
func Acquire(ctx context.Context, path string) (*Lock, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, fmt.Errorf("lock: %w", err)
	}
	for {
		locked, err := tryLock(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("lock %s: %w", path, err)
		}
		if locked {
			// The holder's id, for those who wait; a lock whose id could
			// not be written is still a lock.
			if f.Truncate(0) == nil {
				_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
			}
			return &Lock{f: f}, nil
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, &HeldError{Path: path, PID: Holder(path), Err: context.Cause(ctx)}
		case <-time.After(poll):
		}
	}
}

// Holder returns the process id the holder of the lock of path wrote, 0 if
// there is none to read.
func Holder(path string) int {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil || pid <= 0 {
		return 0
	}
	return pid
}

// Release gives the lock back. The file stays: removing it would let a
// process that opened it before lock a file no one else sees.
func (l *Lock) Release() {
	unlockFile(l.f)
	_ = l.f.Close()
}
