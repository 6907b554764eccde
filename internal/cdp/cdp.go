// Package cdp is a minimal client of the Chrome DevTools protocol over its
// websocket, with the standard library only, for tests that load a page in
// headless Chromium: it starts the browser, navigates, watches the
// console, clicks and types as a user would, evaluates JavaScript, waits
// for a condition and takes screenshots.
//
// A missing Chromium skips the test, and fails it in CI (CI=true).
package cdp

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// Timeout bounds each DevTools command and each wait for a page to load.
const Timeout = 2 * time.Minute

// ChromiumPath returns the Chromium binary, or skips tb (fails it in CI)
// when there is none.
func ChromiumPath(tb testing.TB) string {
	tb.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		tb.Fatal("chromium is not installed: the Makefile's chromium target installs it (make test)")
	}
	tb.Skip("chromium is not installed: run make test, which installs it")
	return ""
}

// Browser is a headless Chromium with one page attached. Its methods fail
// the test they are given on any error.
type Browser struct {
	conn     net.Conn
	rd       *bufio.Reader
	devtools string // host:port of the browser's DevTools server
	target   string // the page's target ID

	mu      sync.Mutex
	nextID  int
	waiting map[int]chan reply
	console []string // console errors and uncaught exceptions
	loaded  chan struct{}
	wmu     sync.Mutex
}

type reply struct {
	Result json.RawMessage
	Err    error
}

// Start starts headless Chromium with a 1200×900 window and attaches to
// its page; the browser ends with the test.
func Start(tb testing.TB) *Browser {
	tb.Helper()
	bin := ChromiumPath(tb)
	// The profile is removed once the browser is gone: its helper
	// processes may still write to it while the main one exits, which
	// would fail the removal of a tb.TempDir.
	profile, err := os.MkdirTemp("", "ccwire-chromium-")
	if err != nil {
		tb.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
		"--no-first-run", "--no-default-browser-check", "--disable-extensions", "--hide-scrollbars",
		"--remote-debugging-port=0", "--user-data-dir="+profile, "--window-size=1200,900", "about:blank")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		tb.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		os.RemoveAll(profile)
		tb.Fatalf("starting chromium: %v", err)
	}
	exited := make(chan struct{})
	go func() {
		cmd.Wait()
		close(exited)
	}()
	var b *Browser
	tb.Cleanup(func() {
		if b != nil {
			// Ask the browser to close, its helpers with it; kill it if it
			// does not within 10 s.
			go b.Call("Browser.close", nil)
			select {
			case <-exited:
			case <-time.After(10 * time.Second):
			}
			b.conn.Close()
		}
		cancel()
		<-exited
		for range 50 {
			if os.RemoveAll(profile) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
		tb.Logf("cdp: could not remove Chromium's profile %s", profile)
	})
	// Chromium says where its DevTools listen on stderr.
	re := regexp.MustCompile(`DevTools listening on (ws://[^\s]+)`)
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case found <- m[1]:
				default:
				}
			}
		}
	}()
	var wsURL string
	select {
	case wsURL = <-found:
	case <-time.After(60 * time.Second):
		tb.Fatal("chromium did not start its DevTools server")
	}
	u, err := url.Parse(wsURL)
	if err != nil {
		tb.Fatal(err)
	}
	// The page's own endpoint.
	resp, err := http.Get("http://" + u.Host + "/json/list")
	if err != nil {
		tb.Fatal(err)
	}
	var targets []struct {
		Type, WebSocketDebuggerURL string
	}
	err = json.NewDecoder(resp.Body).Decode(&targets)
	resp.Body.Close()
	if err != nil {
		tb.Fatal(err)
	}
	page := ""
	for _, tg := range targets {
		if tg.Type == "page" {
			page = tg.WebSocketDebuggerURL
		}
	}
	if page == "" {
		tb.Fatalf("no page target among %+v", targets)
	}
	b = attach(tb, page, u.Host)
	return b
}

// attach connects to the page target at wsURL of the browser whose
// DevTools server is devtools, and enables the domains the methods use.
func attach(tb testing.TB, wsURL, devtools string) *Browser {
	tb.Helper()
	b, err := dial(wsURL)
	if err != nil {
		tb.Fatal(err)
	}
	b.devtools = devtools
	b.target = wsURL[strings.LastIndex(wsURL, "/")+1:]
	for _, m := range []string{"Runtime.enable", "Log.enable", "Page.enable"} {
		if _, err := b.Call(m, nil); err != nil {
			tb.Fatal(err)
		}
	}
	return b
}

// NewTab opens another tab (page target) in b's browser, blank, and
// attaches to it, as a user opening a new tab would; it shares b's
// profile (cookies, connection limits, BroadcastChannel...). It closes
// with the test, or earlier with [Browser.CloseTab].
func (b *Browser) NewTab(tb testing.TB) *Browser {
	tb.Helper()
	req, err := http.NewRequest(http.MethodPut, "http://"+b.devtools+"/json/new?about:blank", nil)
	if err != nil {
		tb.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.Fatal(err)
	}
	var tg struct{ WebSocketDebuggerURL string }
	err = json.NewDecoder(resp.Body).Decode(&tg)
	resp.Body.Close()
	if err != nil || tg.WebSocketDebuggerURL == "" {
		tb.Fatalf("cdp: opening a tab: %s %v", resp.Status, err)
	}
	t := attach(tb, tg.WebSocketDebuggerURL, b.devtools)
	tb.Cleanup(func() { t.conn.Close() })
	return t
}

// CloseTab closes b's tab, as a user closing it would.
func (b *Browser) CloseTab(tb testing.TB) {
	tb.Helper()
	resp, err := http.Get("http://" + b.devtools + "/json/close/" + b.target)
	if err != nil {
		tb.Fatal(err)
	}
	resp.Body.Close()
	b.conn.Close()
}

// dial opens the websocket at wsURL.
func dial(wsURL string) (*Browser, error) {
	u, err := url.Parse(wsURL)
	if err != nil {
		return nil, err
	}
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		return nil, err
	}
	key := make([]byte, 16)
	rand.Read(key)
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n",
		u.RequestURI(), u.Host, base64.StdEncoding.EncodeToString(key))
	rd := bufio.NewReaderSize(conn, 1<<16)
	resp, err := http.ReadResponse(rd, nil)
	if err != nil {
		conn.Close()
		return nil, err
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		conn.Close()
		return nil, fmt.Errorf("websocket handshake: %s", resp.Status)
	}
	b := &Browser{conn: conn, rd: rd, waiting: make(map[int]chan reply), loaded: make(chan struct{}, 16)}
	go b.readLoop()
	return b, nil
}

// writeFrame sends one masked text frame.
func (b *Browser) writeFrame(payload []byte) error {
	b.wmu.Lock()
	defer b.wmu.Unlock()
	hdr := []byte{0x81}
	switch n := len(payload); {
	case n < 126:
		hdr = append(hdr, 0x80|byte(n))
	case n < 1<<16:
		hdr = append(hdr, 0x80|126, byte(n>>8), byte(n))
	default:
		hdr = append(hdr, 0x80|127)
		hdr = binary.BigEndian.AppendUint64(hdr, uint64(n))
	}
	mask := make([]byte, 4)
	rand.Read(mask)
	hdr = append(hdr, mask...)
	masked := make([]byte, len(payload))
	for i, c := range payload {
		masked[i] = c ^ mask[i%4]
	}
	_, err := b.conn.Write(append(hdr, masked...))
	return err
}

// readMessage reads one message, joining fragments.
func (b *Browser) readMessage() ([]byte, error) {
	var msg []byte
	for {
		var h [2]byte
		if _, err := io.ReadFull(b.rd, h[:]); err != nil {
			return nil, err
		}
		fin, op := h[0]&0x80 != 0, h[0]&0x0f
		n := uint64(h[1] & 0x7f)
		switch n {
		case 126:
			var l [2]byte
			if _, err := io.ReadFull(b.rd, l[:]); err != nil {
				return nil, err
			}
			n = uint64(binary.BigEndian.Uint16(l[:]))
		case 127:
			var l [8]byte
			if _, err := io.ReadFull(b.rd, l[:]); err != nil {
				return nil, err
			}
			n = binary.BigEndian.Uint64(l[:])
		}
		payload := make([]byte, n)
		if _, err := io.ReadFull(b.rd, payload); err != nil {
			return nil, err
		}
		switch op {
		case 0x8:
			return nil, errors.New("websocket closed")
		case 0x9, 0xA: // ping, pong: Chromium does not ping
			continue
		}
		msg = append(msg, payload...)
		if fin {
			return msg, nil
		}
	}
}

func (b *Browser) readLoop() {
	for {
		data, err := b.readMessage()
		if err != nil {
			b.mu.Lock()
			for id, ch := range b.waiting {
				ch <- reply{Err: err}
				delete(b.waiting, id)
			}
			b.mu.Unlock()
			return
		}
		var m struct {
			ID     int             `json:"id"`
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
			Result json.RawMessage `json:"result"`
			Error  *struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if json.Unmarshal(data, &m) != nil {
			continue
		}
		if m.ID != 0 {
			b.mu.Lock()
			ch := b.waiting[m.ID]
			delete(b.waiting, m.ID)
			b.mu.Unlock()
			if ch != nil {
				r := reply{Result: m.Result}
				if m.Error != nil {
					r.Err = errors.New(m.Error.Message)
				}
				ch <- r
			}
			continue
		}
		switch m.Method {
		case "Page.loadEventFired":
			select {
			case b.loaded <- struct{}{}:
			default:
			}
		case "Runtime.consoleAPICalled":
			var p struct {
				Type string `json:"type"`
				Args []struct {
					Value any `json:"value"`
				} `json:"args"`
			}
			json.Unmarshal(m.Params, &p)
			if p.Type == "error" || p.Type == "assert" {
				b.note(fmt.Sprintf("console.%s %v", p.Type, p.Args))
			}
		case "Runtime.exceptionThrown":
			b.note("exception: " + string(m.Params))
		case "Log.entryAdded":
			var p struct {
				Entry struct{ Level, Text, URL string } `json:"entry"`
			}
			json.Unmarshal(m.Params, &p)
			if p.Entry.Level == "error" {
				b.note("log: " + p.Entry.Text + " " + p.Entry.URL)
			}
		}
	}
}

func (b *Browser) note(s string) {
	b.mu.Lock()
	b.console = append(b.console, s)
	b.mu.Unlock()
}

// Errors returns the console errors, uncaught exceptions and error log
// entries (a refused request, a blocked script...) seen so far.
func (b *Browser) Errors() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.console...)
}

// Call sends a DevTools command and waits up to [Timeout] for its result.
func (b *Browser) Call(method string, params any) (json.RawMessage, error) {
	b.mu.Lock()
	b.nextID++
	id := b.nextID
	ch := make(chan reply, 1)
	b.waiting[id] = ch
	b.mu.Unlock()
	msg, err := json.Marshal(map[string]any{"id": id, "method": method, "params": params})
	if err != nil {
		return nil, err
	}
	if err := b.writeFrame(msg); err != nil {
		return nil, err
	}
	select {
	case r := <-ch:
		if r.Err != nil {
			return nil, fmt.Errorf("%s: %w", method, r.Err)
		}
		return r.Result, nil
	case <-time.After(Timeout):
		return nil, fmt.Errorf("%s: no answer", method)
	}
}

// Navigate loads the page at url and waits for its load event.
func (b *Browser) Navigate(tb testing.TB, url string) {
	tb.Helper()
	if _, err := b.Call("Page.navigate", map[string]any{"url": url}); err != nil {
		tb.Fatal(err)
	}
	select {
	case <-b.loaded:
	case <-time.After(Timeout):
		tb.Fatalf("%s did not load", url)
	}
}

// NavigateFile loads the file at path and waits for its load event.
func (b *Browser) NavigateFile(tb testing.TB, path string) {
	tb.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		tb.Fatal(err)
	}
	b.Navigate(tb, "file://"+abs)
}

// Eval evaluates a JavaScript expression, awaiting a promise, and decodes
// its value into v (nil to drop it).
func (b *Browser) Eval(tb testing.TB, expr string, v any) {
	tb.Helper()
	res, err := b.Call("Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true})
	if err != nil {
		tb.Fatal(err)
	}
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails json.RawMessage `json:"exceptionDetails"`
	}
	if err := json.Unmarshal(res, &r); err != nil {
		tb.Fatal(err)
	}
	if r.ExceptionDetails != nil {
		tb.Fatalf("%s: %s", expr, r.ExceptionDetails)
	}
	if v != nil {
		if err := json.Unmarshal(r.Result.Value, v); err != nil {
			tb.Fatalf("%s: %v (%s)", expr, err, r.Result.Value)
		}
	}
}

// WaitFor evaluates the JavaScript expression expr every 20 ms until it
// is truthy, and fails tb if it is not within timeout; what says what is
// awaited, for the failure message.
func (b *Browser) WaitFor(tb testing.TB, what, expr string, timeout time.Duration) {
	tb.Helper()
	deadline := time.Now().Add(timeout)
	for {
		var ok bool
		b.Eval(tb, "!!("+expr+")", &ok)
		if ok {
			return
		}
		if time.Now().After(deadline) {
			tb.Fatalf("waited %v for %s (%s); console errors: %v", timeout, what, expr, b.Errors())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Click clicks the middle of the first element matching selector (the
// left end of a wide one), as a mouse would.
func (b *Browser) Click(tb testing.TB, selector string) {
	tb.Helper()
	var box struct{ X, Y float64 }
	b.Eval(tb, fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.scrollIntoView({block: "center"}); const r = e.getBoundingClientRect(); return {X: r.left + Math.min(r.width / 2, 20), Y: r.top + r.height / 2}; })()`, selector), &box)
	for _, typ := range []string{"mouseMoved", "mousePressed", "mouseReleased"} {
		if _, err := b.Call("Input.dispatchMouseEvent", map[string]any{"type": typ, "x": box.X, "y": box.Y, "button": "left", "clickCount": 1}); err != nil {
			tb.Fatal(err)
		}
	}
}

// Type focuses the first element matching selector and types text into
// it, as a keyboard would.
func (b *Browser) Type(tb testing.TB, selector, text string) {
	tb.Helper()
	b.Eval(tb, fmt.Sprintf(`document.querySelector(%q).focus()`, selector), nil)
	if _, err := b.Call("Input.insertText", map[string]any{"text": text}); err != nil {
		tb.Fatal(err)
	}
}

// Press presses and releases a key on the focused element, as a keyboard
// would: Enter, Tab or Escape.
func (b *Browser) Press(tb testing.TB, key string) {
	tb.Helper()
	codes := map[string]struct {
		code int
		text string
	}{"Enter": {13, "\r"}, "Tab": {9, ""}, "Escape": {27, ""}}
	k, ok := codes[key]
	if !ok {
		tb.Fatalf("cdp: Press knows no key %q", key)
	}
	down := map[string]any{"type": "keyDown", "key": key, "code": key, "windowsVirtualKeyCode": k.code}
	if k.text != "" {
		down["text"] = k.text
	}
	for _, ev := range []map[string]any{down, {"type": "keyUp", "key": key, "code": key, "windowsVirtualKeyCode": k.code}} {
		if _, err := b.Call("Input.dispatchKeyEvent", ev); err != nil {
			tb.Fatal(err)
		}
	}
}

// Resize sets the page's viewport to width×height CSS pixels.
func (b *Browser) Resize(tb testing.TB, width, height int) {
	tb.Helper()
	if _, err := b.Call("Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}); err != nil {
		tb.Fatal(err)
	}
}

// Screenshot saves a PNG of the page's viewport, or of the whole page.
func (b *Browser) Screenshot(tb testing.TB, path string, full bool) {
	tb.Helper()
	params := map[string]any{"format": "png"}
	if full {
		var size struct{ W, H float64 }
		b.Eval(tb, `({W: document.documentElement.scrollWidth, H: document.documentElement.scrollHeight})`, &size)
		params["captureBeyondViewport"] = true
		params["clip"] = map[string]any{"x": 0, "y": 0, "width": size.W, "height": size.H, "scale": 1}
	}
	res, err := b.Call("Page.captureScreenshot", params)
	if err != nil {
		tb.Fatal(err)
	}
	var r struct {
		Data []byte `json:"data"`
	}
	if err := json.Unmarshal(res, &r); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(path, r.Data, 0o644); err != nil {
		tb.Fatal(err)
	}
}
