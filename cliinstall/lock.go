package cliinstall

import (
	"context"
	"os"
	"time"
)

// lockFile takes an exclusive lock on path, creating the file, and returns
// the function that releases it. It waits until the lock is free or ctx
// ends, trying every 50 ms. The lock (flock on Unix, LockFileEx on Windows)
// belongs to the open file, so two goroutines of one process exclude each
// other as two processes do.
func lockFile(ctx context.Context, path string) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	const poll = 50 * time.Millisecond
	for {
		locked, err := tryLock(f)
		if err != nil {
			f.Close()
			return nil, err
		}
		if locked {
			return func() {
				unlockFile(f)
				_ = f.Close()
			}, nil
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, context.Cause(ctx)
		case <-time.After(poll):
		}
	}
}
