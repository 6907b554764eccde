package cliinstall

import (
	"context"

	"github.com/ccwire/ccwire/internal/filelock"
)

// lockFile takes an exclusive lock on path, creating the file, and returns
// the function that releases it. It waits until the lock is free or ctx
// ends (see package filelock: flock on Unix, LockFileEx on Windows, one
// lock per open file, so two goroutines of one process exclude each other
// as two processes do).
func lockFile(ctx context.Context, path string) (unlock func(), err error) {
	l, err := filelock.Acquire(ctx, path)
	if err != nil {
		return nil, err
	}
	return l.Release, nil
}
