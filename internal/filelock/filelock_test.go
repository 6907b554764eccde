package filelock_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/ccwire/ccwire/internal/filelock"
)

func TestAcquire(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), ".lock")
	l, err := filelock.Acquire(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	if got := filelock.Holder(path); got != os.Getpid() {
		t.Errorf("Holder = %d, want %d", got, os.Getpid())
	}
	ctx, cancel := context.WithCancelCause(t.Context())
	cause := errors.New("the user gave up")
	cancel(cause)
	_, err = filelock.Acquire(ctx, path)
	var he *filelock.HeldError
	if !errors.As(err, &he) || he.PID != os.Getpid() || he.Path != path || !errors.Is(err, cause) {
		t.Fatalf("Acquire of a held lock = %v", err)
	}
	l.Release()
	// A free lock is taken whatever the context.
	l, err = filelock.Acquire(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	l.Release()
}

func FuzzHolder(f *testing.F) {
	f.Add([]byte("123\n"))
	f.Add([]byte(""))
	f.Add([]byte("-5"))
	f.Add([]byte("99999999999999999999999"))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "lock")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if pid := filelock.Holder(path); pid < 0 {
			t.Errorf("Holder = %d", pid)
		}
	})
}
