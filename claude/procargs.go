package claude

import (
	"bytes"
	"encoding/binary"
)

// procArgsHaveEnv reports whether the environment in buf, what macOS's
// sysctl kern.procargs2 returns for a process, holds entry ("KEY=VALUE").
// buf is argc (a 32-bit integer in the machine's byte order), the
// executable's path, NUL padding, argc arguments, then the environment's
// entries, each NUL-terminated, up to an empty string. It is used on macOS
// (markedProcesses) and built everywhere, so that its test runs on Linux.
func procArgsHaveEnv(buf []byte, entry string) bool {
	if len(buf) < 4 {
		return false
	}
	argc := int(binary.NativeEndian.Uint32(buf))
	rest := buf[4:]
	i := bytes.IndexByte(rest, 0)
	if i < 0 {
		return false
	}
	rest = bytes.TrimLeft(rest[i:], "\x00")
	for range argc {
		i := bytes.IndexByte(rest, 0)
		if i < 0 {
			return false
		}
		rest = rest[i+1:]
	}
	for {
		i := bytes.IndexByte(rest, 0)
		if i <= 0 {
			return false // the empty string that ends the environment, or the end
		}
		if string(rest[:i]) == entry {
			return true
		}
		rest = rest[i+1:]
	}
}
