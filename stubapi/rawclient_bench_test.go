package stubapi_test

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/url"
	"slices"
	"strconv"
)

// rawClient is a minimal HTTP/1.1 client over one keep-alive connection,
// the Go analogue of wrk: it sends one prepared request again and again
// and reads each response (Content-Length or chunked) into a buffer it
// reuses, so the load generator's own allocations and goroutine hand-offs
// (net/http's Transport runs two goroutines per connection) do not weigh
// on the server it measures. It is for the benchmarks only: it checks
// the status and that the body ends with message_stop, nothing more.
type rawClient struct {
	conn net.Conn
	br   *bufio.Reader
	req  []byte
	body []byte
}

// dialRaw connects to the server at base (the server's URL) and prepares
// a streaming POST /v1/messages of benchBody.
func dialRaw(base string) (*rawClient, error) {
	u, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		return nil, err
	}
	req := fmt.Appendf(nil, "POST /v1/messages HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", u.Host, len(benchBody), benchBody)
	return &rawClient{conn: conn, br: bufio.NewReaderSize(conn, 16<<10), req: req, body: make([]byte, 0, 8<<10)}, nil
}

func (c *rawClient) Close() error { return c.conn.Close() }

// fetch sends the request and reads the whole response.
func (c *rawClient) fetch() error {
	if _, err := c.conn.Write(c.req); err != nil {
		return err
	}
	line, err := c.line()
	if err != nil {
		return fmt.Errorf("status line: %w", err)
	}
	if !bytes.HasPrefix(line, []byte("HTTP/1.1 200 ")) {
		return fmt.Errorf("status line %q", line)
	}
	length, chunked := -1, false
	for {
		line, err := c.line()
		if err != nil {
			return fmt.Errorf("header: %w", err)
		}
		if len(line) == 0 {
			break
		}
		name, value, _ := bytes.Cut(line, []byte(":"))
		value = bytes.TrimSpace(value)
		switch {
		case bytes.EqualFold(name, []byte("Content-Length")):
			if length, err = strconv.Atoi(string(value)); err != nil {
				return fmt.Errorf("Content-Length %q", value)
			}
		case bytes.EqualFold(name, []byte("Transfer-Encoding")):
			chunked = bytes.EqualFold(value, []byte("chunked"))
		}
	}
	c.body = c.body[:0]
	switch {
	case chunked:
		for {
			line, err := c.line()
			if err != nil {
				return fmt.Errorf("chunk size: %w", err)
			}
			size, err := strconv.ParseUint(string(line), 16, 32)
			if err != nil {
				return fmt.Errorf("chunk size %q", line)
			}
			if err := c.read(int(size) + 2); err != nil { // the data and its CRLF
				return err
			}
			c.body = c.body[:len(c.body)-2]
			if size == 0 {
				break
			}
		}
	case length >= 0:
		if err := c.read(length); err != nil {
			return err
		}
	default:
		return fmt.Errorf("response has neither Content-Length nor chunked encoding")
	}
	if !bytes.HasSuffix(c.body, []byte(benchEnd)) {
		return fmt.Errorf("response does not end with message_stop: %q", c.body)
	}
	return nil
}

// line reads a CRLF-terminated line, without the CRLF.
func (c *rawClient) line() ([]byte, error) {
	line, err := c.br.ReadSlice('\n')
	if err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(line[:len(line)-1], []byte("\r")), nil
}

// read appends the next n bytes to c.body.
func (c *rawClient) read(n int) error {
	c.body = slices.Grow(c.body, n)[:len(c.body)+n]
	_, err := io.ReadFull(c.br, c.body[len(c.body)-n:])
	return err
}
