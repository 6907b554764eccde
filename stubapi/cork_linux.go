package stubapi

import (
	"net"
	"syscall"
)

// corkConn sets TCP_CORK on c, a TCP connection: the kernel sends no
// partial segment until the socket closes (or 200 ms pass).
func corkConn(c net.Conn) {
	tc, ok := c.(*net.TCPConn)
	if !ok {
		return
	}
	raw, err := tc.SyscallConn()
	if err != nil {
		return
	}
	_ = raw.Control(func(fd uintptr) {
		_ = syscall.SetsockoptInt(int(fd), syscall.IPPROTO_TCP, syscall.TCP_CORK, 1)
	})
}
