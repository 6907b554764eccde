package webui_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/internal/cdp"
	"github.com/ccwire/ccwire/webui"
)

var screenshotDir = flag.String("screenshot", "", "also save the screenshot of docs/web.md in this folder (e.g. ../docs)")

// wait is how long the Chromium tests wait for the page to show
// something.
const wait = 30 * time.Second

// openPage opens the server's page in headless Chromium and waits for it
// to connect to the event stream.
func openPage(t *testing.T, s *webui.Server) *cdp.Browser {
	t.Helper()
	b := cdp.Start(t)
	b.Resize(t, 1000, 640)
	b.Navigate(t, s.URL)
	b.WaitFor(t, "the page to connect", `document.getElementById("status").textContent === "idle"`, wait)
	return b
}

// ask types a prompt into the page's box and sends it with the button.
func ask(t *testing.T, b *cdp.Browser, prompt string) {
	t.Helper()
	b.Type(t, "#prompt", prompt)
	b.Click(t, "#send")
}

// streamLong sends the prompt of the interrupt-stalled-stream scenario
// and waits for its text to stream and the Interrupt button to be on.
func streamLong(t *testing.T, b *cdp.Browser) {
	t.Helper()
	ask(t, b, "Tell me something long.")
	b.WaitFor(t, "the text streaming", texts(".row.text .text.streaming", "This is a long answer"), wait)
	b.WaitFor(t, "the Interrupt button", `!document.getElementById("interrupt").disabled`, wait)
}

// askPermission sends the prompt of the permission-prompt-allow scenario
// and waits for its permission question.
func askPermission(t *testing.T, b *cdp.Browser) {
	t.Helper()
	ask(t, b, "Run echo allowed-output.")
	b.WaitFor(t, "the permission question", `document.querySelector(".permission button.allow")`, wait)
}

// noConsoleErrors fails t if the page logged an error (a script error, a
// request refused, a CSP violation).
func noConsoleErrors(t *testing.T, b *cdp.Browser) {
	t.Helper()
	if errs := b.Errors(); len(errs) > 0 {
		t.Errorf("console errors: %v", errs)
	}
}

// texts returns a JavaScript expression: whether an element matching
// selector has textContent containing s.
func texts(selector, s string) string {
	return fmt.Sprintf(`[...document.querySelectorAll(%q)].some(e => e.textContent.includes(%q))`, selector, s)
}

// TestPermissionInChromium: a prompt whose tool call needs permission,
// allowed by a click in the page; the page shows the question with the
// tool and its input, then the tool's result (folded) and the answer.
func TestPermissionInChromium(t *testing.T) {
	t.Parallel()
	s := startServer(t, "2.1.332", "permission-prompt-allow")
	b := openPage(t, s)
	askPermission(t, b)
	for _, want := range []string{"Bash", "echo allowed-output > out.txt && cat out.txt", "Write and print"} {
		var ok bool
		b.Eval(t, texts(".permission", want), &ok)
		if !ok {
			t.Errorf("the permission question does not show %q", want)
		}
	}
	b.WaitFor(t, "the tool call waiting", texts(".row.tool .pending", "waiting for your answer"), wait)
	shot := filepath.Join(t.TempDir(), "web.png")
	if *screenshotDir != "" {
		shot = filepath.Join(*screenshotDir, "web.png")
	}
	b.Screenshot(t, shot, false)
	t.Logf("screenshot: %s", shot)

	b.Click(t, ".permission button.allow")
	b.WaitFor(t, "the permission marked allowed", texts(".permission .outcome.allowed", "Allowed"), wait)
	b.WaitFor(t, "the waiting note gone", `!document.querySelector(".row.tool .pending")`, wait)
	b.WaitFor(t, "the tool result", texts(".row.tool details.result pre", "allowed-output"), wait)
	b.WaitFor(t, "the answer", texts(".row.text", "It printed allowed-output."), wait)
	b.WaitFor(t, "the turn's result", `document.querySelector(".row.result.done")`, wait)
	var open, buttons bool
	b.Eval(t, `document.querySelector(".row.tool details.result").open`, &open)
	if open {
		t.Error("the tool result starts open")
	}
	b.Click(t, ".row.tool details.result > summary")
	b.Eval(t, `document.querySelector(".row.tool details.result").open`, &open)
	if !open {
		t.Error("the tool result did not open on a click")
	}
	b.Eval(t, `!!document.querySelector(".permission button")`, &buttons)
	if buttons {
		t.Error("the answered question still has buttons")
	}
	noConsoleErrors(t, b)
}

// TestInterruptInChromium: a turn whose stream stalls, interrupted from
// the page, which shows the streamed text and the turn ended by the
// interrupt; the next prompt then runs a turn of its own.
func TestInterruptInChromium(t *testing.T) {
	t.Parallel()
	s := startServer(t, "2.1.332", "interrupt-stalled-stream")
	b := openPage(t, s)
	streamLong(t, b)
	b.Click(t, "#interrupt")
	b.WaitFor(t, "the interrupted turn", texts(".row.result.interrupted .outcome", "Interrupted"), wait)
	b.WaitFor(t, "the CLI's note", texts(".row.user", "[Request interrupted by user]"), wait)
	b.WaitFor(t, "the Interrupt button off", `document.getElementById("interrupt").disabled`, wait)
	var streaming int
	b.Eval(t, `document.querySelectorAll(".streaming").length`, &streaming)
	if streaming != 0 {
		t.Errorf("%d blocks still marked as streaming after the interrupt", streaming)
	}

	ask(t, b, "Try again.")
	b.WaitFor(t, "the next answer", texts(".row.text", "This is a long answer that stalls."), wait)
	b.WaitFor(t, "the next turn's result", `document.querySelector(".row.result.done")`, wait)
	noConsoleErrors(t, b)
}

// TestAnswerAndCostInChromium: two turns from the prompt box (the second
// sent with Enter); the page shows each answer, each turn's cost and the
// session's, in the turn's line and in the header.
func TestAnswerAndCostInChromium(t *testing.T) {
	t.Parallel()
	s := startServer(t, "2.1.332", "multi-turn") // total_cost_usd 0.00048, then 0.00096
	b := openPage(t, s)
	ask(t, b, "First question.")
	b.WaitFor(t, "the first answer", texts(".row.text", "First answer."), wait)
	b.WaitFor(t, "the first turn's cost", texts(".row.result.done", "$0.00048 this turn, $0.00048 in all"), wait)
	b.WaitFor(t, "the session's cost", texts("#cost", "$0.00048"), wait)
	var empty bool
	b.Eval(t, `document.getElementById("prompt").value === ""`, &empty)
	if !empty {
		t.Error("the prompt box keeps the sent prompt")
	}

	b.Type(t, "#prompt", "Second question.")
	b.Press(t, "Enter")
	b.WaitFor(t, "the second answer", texts(".row.text", "Second answer."), wait)
	b.WaitFor(t, "the second turn's cost", texts(".row.result.done", "$0.00048 this turn, $0.00096 in all"), wait)
	b.WaitFor(t, "the session's cost", texts("#cost", "$0.00096"), wait)
	var prompts, results int
	b.Eval(t, `document.querySelectorAll(".row.prompt").length`, &prompts)
	b.Eval(t, `document.querySelectorAll(".row.result").length`, &results)
	if prompts != 2 || results != 2 {
		t.Errorf("%d prompts and %d results shown, want 2 and 2", prompts, results)
	}
	noConsoleErrors(t, b)
}

// TestEscapingInChromium sends the page markup in every text it shows:
// the page shows it as text, creates no element from it and runs no
// script. It also checks that a streamed block the server discards (cut
// off, streamed again) leaves the page.
func TestEscapingInChromium(t *testing.T) {
	t.Parallel()
	s := startServer(t, "2.1.332", "text-simple")
	b := openPage(t, s)
	for _, ev := range []string{`{"kind":"text_delta","id":"cut","text":"This answer is cut off "}`, `{"kind":"discard","id":"cut"}`} {
		if err := s.PublishJSON(ev); err != nil {
			t.Fatal(err)
		}
	}
	const bad = `<img src=x onerror="window.pwned=1"><script>window.pwned=1</script><b>bold</b>`
	q := func(s string) string { return strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) }
	for _, ev := range []string{
		`{"kind":"init","init":{"model":"` + q(bad) + `","cwd":"` + q(bad) + `"}}`,
		`{"kind":"prompt","text":"` + q(bad) + `"}`,
		`{"kind":"text_delta","id":"s1","text":"` + q(bad) + `"}`,
		`{"kind":"thinking","text":"` + q(bad) + `"}`,
		`{"kind":"text","text":"` + q(bad) + `"}`,
		`{"kind":"tool_input_delta","id":"t1","name":"` + q(bad) + `","text":"` + q(bad) + `"}`,
		`{"kind":"tool_use","id":"t1","name":"` + q(bad) + `","summary":"` + q(bad) + `","input":"` + q(bad) + `"}`,
		`{"kind":"tool_result","id":"t1","text":"` + q(bad) + `","is_error":true,"size":3}`,
		`{"kind":"permission","id":"p1","permission":{"tool":"` + q(bad) + `","title":"` + q(bad) + `","description":"` + q(bad) + `","summary":"` + q(bad) + `","input":"` + q(bad) + `"}}`,
		`{"kind":"user","text":"` + q(bad) + `"}`,
		`{"kind":"notice","text":"` + q(bad) + `"}`,
		`{"kind":"error","text":"` + q(bad) + `"}`,
		`{"kind":"result","result":{"subtype":"` + q(bad) + `","errors":["` + q(bad) + `"]}}`,
	} {
		if err := s.PublishJSON(ev); err != nil {
			t.Fatalf("%s: %v", ev, err)
		}
	}
	b.WaitFor(t, "the result line", `document.querySelector(".row.result")`, wait)
	var made int
	b.Eval(t, `document.querySelectorAll("body img, body b, main script, header script").length`, &made)
	var pwned bool
	b.Eval(t, `window.pwned === 1`, &pwned)
	if made != 0 || pwned {
		t.Errorf("the page made %d elements of the markup it was sent, ran its script: %v", made, pwned)
	}
	var shown int
	b.Eval(t, fmt.Sprintf(`[...document.querySelectorAll("main .text, main pre, main .name, main code, main .ask, main .why, main .outcome")].filter(e => e.textContent.includes(%q)).length`, bad), &shown)
	if shown < 12 {
		t.Errorf("the markup shows as text in %d places, want 12 or more", shown)
	}
	var cut bool
	b.Eval(t, texts("main", "This answer is cut off"), &cut)
	if cut {
		t.Error("the discarded block is still on the page")
	}
	var header bool
	b.Eval(t, texts("#session", bad), &header)
	if !header {
		t.Error("the session line does not show the model's name as text")
	}
	noConsoleErrors(t, b)
}

// TestPageHasNoMarkupSinks: the page's script never turns a string into
// markup or code.
func TestPageHasNoMarkupSinks(t *testing.T) {
	t.Parallel()
	page, err := os.ReadFile("page.html")
	if err != nil {
		t.Fatal(err)
	}
	if m := regexp.MustCompile(`innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function|srcdoc|setAttribute\("on`).Find(page); m != nil {
		t.Errorf("page.html uses %s", m)
	}
}
