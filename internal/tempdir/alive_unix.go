//go:build unix

package tempdir

import (
	"errors"
	"syscall"
)

// alive reports whether process pid may still run: it exists (a zombie
// included), or it exists and is another user's.
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return !errors.Is(err, syscall.ESRCH)
}
