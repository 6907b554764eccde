package stubapi

import (
	"context"
	"net"
)

// connKey is the context key of a request's connection.
type connKey struct{}

// withConn is the http.Server's ConnContext: it keeps the connection in
// the context of its requests, for cork.
func withConn(ctx context.Context, c net.Conn) context.Context {
	return context.WithValue(ctx, connKey{}, c)
}

// cork makes what the exchange writes from now on wait in the kernel until
// the connection closes (where the platform can: Linux), so that the client
// receives it together with the end of the connection, in one segment,
// however busy the machine: a client that drops a partial stream when the
// connection goes then cannot have acted on its events before.
func (x *exchange) cork() {
	if c, ok := x.r.Context().Value(connKey{}).(net.Conn); ok {
		corkConn(c)
	}
}
