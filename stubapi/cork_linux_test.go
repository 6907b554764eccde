package stubapi_test

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"syscall"
	"testing"

	"github.com/ccwire/ccwire/stubapi"
)

// TestDropArrivesWithItsEvents checks that the events a drop without a
// duration lets through reach the client together with the end of the
// connection: when the client's first read returns them, the connection
// has already ended. Otherwise a busy client can act on the events before
// it sees the drop, and 2.1.332 writes the dropped attempt's stream events
// before system/api_retry (scenario api-drop-mid-stream).
func TestDropArrivesWithItsEvents(t *testing.T) {
	t.Parallel()
	const attempts = 100
	s := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("This answer is cut off and then sent again.").WithFaults(stubapi.Drop().MidBlock(0).Repeat(attempts))))
	u, err := url.Parse(s.URL())
	if err != nil {
		t.Fatal(err)
	}
	body := `{"model":"claude-sonnet-4-5-20250929","max_tokens":1024,"stream":true,"tools":[{"name":"Bash","input_schema":{"type":"object"}}],"messages":[{"role":"user","content":"hi"}]}`
	req := fmt.Sprintf("POST /v1/messages HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", u.Host, len(body), body)
	apart := 0
	for range attempts {
		if ended, err := readsWithEnd(u.Host, req); err != nil {
			t.Fatal(err)
		} else if !ended {
			apart++
		}
	}
	if apart > 0 {
		t.Errorf("in %d of %d attempts the events before the drop came before the end of the connection", apart, attempts)
	}
	if _, err := readsWithEnd(u.Host, req); err != nil { // the served answer
		t.Fatal(err)
	}
}

// readsWithEnd sends req on a new connection, waits for the first bytes
// of the answer, reads what has come, and reports whether the connection
// had ended by then.
func readsWithEnd(addr, req string) (bool, error) {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return false, err
	}
	defer c.Close()
	if _, err := c.Write([]byte(req)); err != nil {
		return false, err
	}
	buf := make([]byte, 1<<16)
	if _, err := c.Read(buf); err != nil {
		return false, fmt.Errorf("first read: %w", err)
	}
	raw, err := c.(*net.TCPConn).SyscallConn()
	if err != nil {
		return false, err
	}
	for {
		var n int
		var rerr error
		if err := raw.Control(func(fd uintptr) {
			n, _, rerr = syscall.Recvfrom(int(fd), buf, syscall.MSG_DONTWAIT)
		}); err != nil {
			return false, err
		}
		switch {
		case errors.Is(rerr, syscall.EAGAIN):
			return false, nil
		case rerr != nil:
			return false, rerr
		case n == 0:
			return true, nil
		}
	}
}
