package webui_test

import (
	"encoding/json"
	"testing"

	"github.com/ccwire/ccwire/transcript"
)

// The tests of this file check the smaller defects of issue 35, each in
// headless Chromium on the fake CLI.

// TestHeaderBeforeFirstPromptInChromium: the header names the CLI and the
// folder as soon as the page opens, not "connecting…" until the first
// prompt (the CLI writes its system/init only once it gets one).
func TestHeaderBeforeFirstPromptInChromium(t *testing.T) {
	t.Parallel()
	s := startServer(t, "2.1.332", "text-simple")
	b := openPage(t, s)
	b.WaitFor(t, "the session line", texts("#session", "Claude Code 2.1.332"), wait)
	var header string
	b.Eval(t, `document.getElementById("session").textContent`, &header)
	if header == "connecting…" {
		t.Errorf("the header says %q before the first prompt", header)
	}
	noConsoleErrors(t, b)
}

// TestEmptyThinkingInChromium: a thinking block with no text (its JSON
// has no text member) shows as empty, without a page error.
func TestEmptyThinkingInChromium(t *testing.T) {
	t.Parallel()
	s := startServer(t, "2.1.332", "text-simple")
	b := openPage(t, s)
	for _, ev := range []string{`{"kind":"thinking","text":""}`, `{"kind":"text","text":"after"}`} {
		if err := s.PublishJSON(ev); err != nil {
			t.Fatal(err)
		}
	}
	b.WaitFor(t, "the text after it", texts(".row.text", "after"), wait)
	b.WaitFor(t, "the empty thinking block", texts(".row.thinking summary", "thinking (empty)"), wait)
	noConsoleErrors(t, b)
}

// TestServerGoneInChromium: once the server has gone, the badge says so
// instead of "idle", and Send is off.
func TestServerGoneInChromium(t *testing.T) {
	t.Parallel()
	s := startServer(t, "2.1.332", "text-simple")
	b := openPage(t, s)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	b.WaitFor(t, "the badge saying the server is gone", `document.getElementById("status").textContent === "disconnected" && document.getElementById("send").disabled`, wait)
}

// TestDiagnosticsInChromium: the CLI's [ede_diagnostic] line of an
// interrupted turn (2.1.332) is folded away as a diagnostic, not shown as
// the turn's error.
func TestDiagnosticsInChromium(t *testing.T) {
	t.Parallel()
	s := startServer(t, "2.1.332", "interrupt-stalled-stream")
	b := openPage(t, s)
	streamLong(t, b)
	b.Click(t, "#interrupt")
	b.WaitFor(t, "the interrupted turn", `document.querySelector(".row.result.interrupted")`, wait)
	var raw bool
	b.Eval(t, `[...document.querySelectorAll(".row.result .body > .text")].some(e => e.textContent.includes("[ede_diagnostic]"))`, &raw)
	if raw {
		t.Error("the turn's line shows the raw [ede_diagnostic] text")
	}
	b.WaitFor(t, "the folded diagnostic", `document.querySelector(".row.result details.diagnostic:not([open])")`, wait)
	noConsoleErrors(t, b)
}

// TestEscInterruptsInChromium: Esc interrupts the turn under way.
func TestEscInterruptsInChromium(t *testing.T) {
	t.Parallel()
	s := startServer(t, "2.1.332", "interrupt-stalled-stream")
	b := openPage(t, s)
	streamLong(t, b)
	b.Press(t, "Escape")
	b.WaitFor(t, "the interrupted turn", texts(".row.result.interrupted .outcome", "Interrupted"), wait)
	noConsoleErrors(t, b)
}

// TestPhoneInChromium: on a phone-sized screen every button of the page,
// a permission question's included, is at least 44×44 CSS pixels.
func TestPhoneInChromium(t *testing.T) {
	t.Parallel()
	s := startServer(t, "2.1.332", "permission-prompt-allow")
	b := openPage(t, s)
	b.Resize(t, 390, 844)
	askPermission(t, b)
	var small []string
	b.Eval(t, `[...document.querySelectorAll("button, summary, textarea")].filter(e => e.offsetParent).map(e => e.getBoundingClientRect()).filter(r => r.width < 44 || r.height < 44).map(r => Math.round(r.width) + "x" + Math.round(r.height))`, &small)
	if len(small) > 0 {
		t.Errorf("targets smaller than 44×44 px on a phone: %v", small)
	}
	var wide bool
	b.Eval(t, `document.documentElement.scrollWidth <= window.innerWidth`, &wide)
	if !wide {
		t.Error("the page scrolls sideways on a phone")
	}
	noConsoleErrors(t, b)
}

// TestDarkModeInChromium: with prefers-color-scheme: dark the page is
// dark, its text light.
func TestDarkModeInChromium(t *testing.T) {
	t.Parallel()
	s := startServer(t, "2.1.332", "permission-prompt-allow")
	b := openPage(t, s)
	if _, err := b.Call("Emulation.setEmulatedMedia", map[string]any{"features": []map[string]string{{"name": "prefers-color-scheme", "value": "dark"}}}); err != nil {
		t.Fatal(err)
	}
	askPermission(t, b)
	// luminance gives an element's computed colour property's luminance, 0 to 1.
	const luminance = `((e, p) => { const [r, g, b] = getComputedStyle(e)[p].match(/\d+/g).map(Number); return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255; })`
	for _, c := range []struct {
		selector, prop string
		dark           bool
	}{
		{"body", "backgroundColor", true},
		{"body", "color", false},
		{".row.prompt", "backgroundColor", true},
		{".permission", "backgroundColor", true},
		{"#prompt", "backgroundColor", true},
		{".permission .ask", "color", false},
	} {
		var l float64
		b.Eval(t, luminance+`(document.querySelector("`+c.selector+`"), "`+c.prop+`")`, &l)
		if c.dark && l > 0.3 || !c.dark && l < 0.6 {
			t.Errorf("%s %s has luminance %.2f in dark mode", c.selector, c.prop, l)
		}
	}
	noConsoleErrors(t, b)
}

// TestRestartInChromium: once the CLI has ended, the page offers to start
// it again, and the new CLI answers the next prompt.
func TestRestartInChromium(t *testing.T) {
	t.Parallel()
	s := startServer(t, "2.1.332", "text-simple")
	b := openPage(t, s)
	ask(t, b, "Say hello.")
	b.WaitFor(t, "the answer", `document.querySelector(".row.result.done")`, wait)
	ask(t, b, "And again.") // the recording has no second turn: the fake exits with status 1
	b.WaitFor(t, "the session ended", `document.getElementById("status").textContent === "session ended"`, wait)
	b.WaitFor(t, "the Restart button", `document.getElementById("restart") && !document.getElementById("restart").hidden`, wait)
	b.Click(t, "#restart")
	b.WaitFor(t, "the CLI started again", texts(".row.notice", "Claude Code started again")+` && document.getElementById("status").textContent === "idle"`, wait)
	ask(t, b, "Say hello.")
	b.WaitFor(t, "the new CLI's answer", `document.querySelectorAll(".row.result.done").length === 2`, wait)
	noConsoleErrors(t, b)
}

// TestMarkdownInChromium (W5): a model's Markdown shows as headings,
// lists, tables, code and links, read by transcript's renderer (the one
// of render -html); raw HTML stays text and a javascript: link its words.
func TestMarkdownInChromium(t *testing.T) {
	t.Parallel()
	s := startServer(t, "2.1.332", "text-simple")
	b := openPage(t, s)
	src := "## Plan\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```\nx < y\n```\n\nRun `go test`, see [docs](https://example.com/d) or [this](javascript:window.pwned=1).\n\n<img src=x onerror=\"window.pwned=1\"><script>window.pwned=1</script>"
	md, err := json.Marshal(map[string]any{"kind": "text", "text": src, "md": transcript.ParseText(src)})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.PublishJSON(string(md)); err != nil {
		t.Fatal(err)
	}
	b.WaitFor(t, "the heading", texts(".row.text .md h2", "Plan"), wait)
	for _, sel := range []string{".md ul li", ".md table th", ".md table td", ".md pre code", ".md p code", `.md a[href="https://example.com/d"]`} {
		var n int
		b.Eval(t, count(sel), &n)
		if n == 0 {
			t.Errorf("no %s", sel)
		}
	}
	var bad int
	b.Eval(t, count(`main img, main script, main a[href^="javascript"]`), &bad)
	var pwned bool
	b.Eval(t, `window.pwned === 1`, &pwned)
	if bad != 0 || pwned {
		t.Errorf("%d elements made of raw HTML or a javascript: link; script ran: %v", bad, pwned)
	}
	b.WaitFor(t, "the raw HTML as text", texts(".md", `<script>window.pwned=1</script>`), wait)
	noConsoleErrors(t, b)
}
