//go:build unix

package wholefile

import (
	"os"
	"syscall"
)

// openNonBlocking opens name to read without waiting: a named pipe with
// no writer opens at once (reads of a regular file ignore the flag).
func openNonBlocking(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
