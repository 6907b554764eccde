package transcript_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/internal/cdp"
	"github.com/ccwire/ccwire/transcript"
)

var screenshotDir = flag.String("screenshot", "", "also save the browser tests' screenshots in this folder (e.g. ../docs)")

func renderHTMLFile(t testing.TB, path string) ([]byte, *transcript.Stats) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := transcript.RenderHTML(&b, transcript.NewReader(bytes.NewReader(data)).FromFile(path).All(), transcript.HTMLOptions{Title: filepath.Base(path)}); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	st := &transcript.Stats{}
	for ev, err := range claude.Events(transcript.NewReader(bytes.NewReader(data)).FromFile(path).All()) {
		if err != nil {
			t.Fatal(err)
		}
		st.Add(ev)
	}
	return b.Bytes(), st
}

// external matches what would make a page reach the network.
var external = regexp.MustCompile(`(?i)<(script|link|img|iframe)[^>]+(src|href)=|@import|url\(`)

func TestHTMLEscapes(t *testing.T) {
	t.Parallel()
	in := `{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"<script>alert(1)</script>"},{"type":"tool_use","id":"t","name":"<b>x</b>","input":{"command":"</pre><img src=x>"}}]}}` + "\n" +
		`{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":"</details><script>bad()</script>"}]}}` + "\n"
	var b bytes.Buffer
	if err := transcript.RenderHTML(&b, transcript.Messages(strings.NewReader(in)), transcript.HTMLOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"<script>alert", "<b>x</b>", "<img src=x>", "<script>bad"} {
		if strings.Contains(b.String(), bad) {
			t.Errorf("the page holds %q unescaped", bad)
		}
	}
}

// TestHTMLInChromium loads a page in headless Chromium: no console error,
// one timeline row per tool call, a folded result opens on a click, the
// search box filters the rows; it takes screenshots.
func TestHTMLInChromium(t *testing.T) {
	t.Parallel()
	b := cdp.Start(t)
	src := filepath.Join("testdata", "demo.jsonl")
	page, st := renderHTMLFile(t, src)
	path := filepath.Join(t.TempDir(), "demo.html")
	if err := os.WriteFile(path, page, 0o644); err != nil {
		t.Fatal(err)
	}
	b.NavigateFile(t, path)

	calls, _ := st.ToolCalls()
	var rows int64
	b.Eval(t, `document.querySelectorAll("#timeline .row.tool").length`, &rows)
	if rows != calls || calls == 0 {
		t.Errorf("%d tool rows in the timeline, want %d", rows, calls)
	}
	var thinking int
	b.Eval(t, `document.querySelectorAll(".row.thinking details.thinking").length`, &thinking)
	if thinking != 1 {
		t.Errorf("%d thinking blocks set apart, want 1", thinking)
	}

	// A folded result (not an error: those start open) opens on a click.
	sel := `#timeline .row.tool:not(.error) details.result`
	var open bool
	b.Eval(t, `document.querySelector("`+sel+`").open`, &open)
	if open {
		t.Fatal("the result starts open")
	}
	shot := func(name string, full bool) {
		dir := t.TempDir()
		if *screenshotDir != "" && full {
			dir = *screenshotDir
		}
		p := filepath.Join(dir, name)
		b.Screenshot(t, p, full)
		t.Logf("screenshot: %s", p)
	}
	shot("render-folded.png", false)
	b.Click(t, sel+" > summary")
	b.Eval(t, `document.querySelector("`+sel+`").open`, &open)
	if !open {
		t.Error("the folded result did not open on a click")
	}
	var visible bool
	b.Eval(t, `document.querySelector("`+sel+` pre").getBoundingClientRect().height > 0`, &visible)
	if !visible {
		t.Error("the opened result shows nothing")
	}
	b.Eval(t, `window.scrollTo(0, 0)`, nil)
	shot("render.png", true)

	// The search box keeps the rows that match.
	b.Eval(t, `(() => { const q = document.getElementById("search"); q.value = "qty"; q.dispatchEvent(new Event("input")); })()`, nil)
	var hidden, shown int
	deadline := time.Now().Add(30 * time.Second)
	for {
		b.Eval(t, `document.querySelectorAll("#timeline .row.hidden").length`, &hidden)
		if hidden > 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	b.Eval(t, `document.querySelectorAll("#timeline .row:not(.hidden)").length`, &shown)
	if hidden == 0 || shown == 0 {
		t.Errorf("search for qty: %d rows hidden, %d shown", hidden, shown)
	}
	if errs := b.Errors(); len(errs) > 0 {
		t.Errorf("console errors: %v", errs)
	}
}

// TestHTMLLargeTranscript renders a transcript with a 100 MB tool result
// (20 MB with -short, 8 MB under the race detector) and 2000 tool calls:
// the page is small, loads in Chromium without a console error and
// searches; the times are logged, not asserted.
func TestHTMLLargeTranscript(t *testing.T) {
	t.Parallel()
	size := largeResultSize
	if testing.Short() {
		size = min(size, 20<<20)
	}
	var in bytes.Buffer
	in.WriteString(`{"type":"system","subtype":"init","session_id":"s","model":"m"}` + "\n")
	in.WriteString(`{"type":"assistant","message":{"id":"big","role":"assistant","content":[{"type":"tool_use","id":"big","name":"Bash","input":{"command":"cat huge.log"}}]}}` + "\n")
	in.WriteString(`{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"big","content":"`)
	line := strings.Repeat("x", 99) + `\n`
	for in.Len() < size {
		in.WriteString(line)
	}
	in.WriteString(`"}]}}` + "\n")
	const calls = 2000
	for i := range calls - 1 {
		fmt.Fprintf(&in, `{"type":"assistant","message":{"id":"m%d","role":"assistant","content":[{"type":"tool_use","id":"t%d","name":"Read","input":{"file_path":"f%d.go"}}]}}`+"\n", i, i, i)
		fmt.Fprintf(&in, `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t%d","content":"%s"}]}}`+"\n", i, strings.Repeat(`line of code\n`, 50))
	}
	in.WriteString(`{"type":"result","subtype":"success","num_turns":2000,"session_id":"s","total_cost_usd":1.5}` + "\n")
	transcriptSize := in.Len()

	start := time.Now()
	var page bytes.Buffer
	if err := transcript.RenderHTML(&page, transcript.Messages(&in), transcript.HTMLOptions{}); err != nil {
		t.Fatal(err)
	}
	renderTime := time.Since(start)
	if page.Len() > 4<<20 {
		t.Errorf("the page of a %d MB transcript is %d bytes: results are not cut", transcriptSize>>20, page.Len())
	}
	t.Logf("%d MB transcript: %d kB page, rendered in %v", transcriptSize>>20, page.Len()>>10, renderTime.Round(time.Millisecond))

	b := cdp.Start(t)
	path := filepath.Join(t.TempDir(), "large.html")
	if err := os.WriteFile(path, page.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	start = time.Now()
	b.NavigateFile(t, path)
	loadTime := time.Since(start)
	var rows int
	b.Eval(t, `document.querySelectorAll("#timeline .row.tool").length`, &rows)
	if rows != calls {
		t.Errorf("%d tool rows, want %d", rows, calls)
	}
	start = time.Now()
	b.Eval(t, `(() => { const q = document.getElementById("search"); q.value = "f1998.go"; q.dispatchEvent(new Event("input")); })()`, nil)
	var hits string
	for deadline := time.Now().Add(time.Minute); hits == "" && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
		b.Eval(t, `document.getElementById("hits").textContent`, &hits)
	}
	searchTime := time.Since(start)
	var shown int
	b.Eval(t, `document.querySelectorAll("#timeline .row:not(.hidden)").length`, &shown)
	if shown == 0 {
		t.Error("the search found nothing")
	}
	t.Logf("Chromium: loaded in %v, searched %d rows in %v (120 ms of it the search box's debounce): %s", loadTime.Round(time.Millisecond), rows*2, searchTime.Round(time.Millisecond), hits)
	if errs := b.Errors(); len(errs) > 0 {
		t.Errorf("console errors: %v", errs)
	}
}
