//go:build !linux

package stubapi

import "net"

// corkConn does nothing where TCP_CORK is not available: the data and the
// end of the connection go out in two steps.
func corkConn(net.Conn) {}
