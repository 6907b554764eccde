package webui_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/claude/claudetest"
	"github.com/ccwire/ccwire/internal/cdp"
	"github.com/ccwire/ccwire/stubapi"
	"github.com/ccwire/ccwire/webui"
)

// The tests of this file walk what people do with the page every day
// (issue 35): prompts sent while a tool runs, many tabs, long sessions,
// API errors, permission questions in their tool card.

// startCLI starts a server running the real pinned CLI 2.1.332 against a
// stub API playing script, in a folder of its own, with every permission
// granted; it returns the server and the folder.
func startCLI(t *testing.T, script stubapi.Script) (*webui.Server, string) {
	t.Helper()
	bin := claudetest.Binary(t, "2.1.332")
	stub := stubapi.NewTest(t, script)
	dir := t.TempDir()
	opts := claude.Options{
		Binary:                     bin,
		BaseURL:                    stub.URL(),
		WorkDir:                    dir,
		Isolation:                  &claude.Isolation{},
		Env:                        []string{"CLAUDE_CODE_MAX_RETRIES=0"},
		DangerouslySkipPermissions: true,
		ControlTimeout:             time.Minute,
		CloseTimeout:               10 * time.Second,
	}
	return startWith(t, opts, webui.Limits{}), dir
}

// count returns a JavaScript expression: how many elements match selector.
func count(selector string) string {
	return fmt.Sprintf(`document.querySelectorAll(%q).length`, selector)
}

// idle is a JavaScript expression: the page shows no turn under way.
const idle = `document.getElementById("status").textContent === "idle" && document.getElementById("interrupt").disabled`

// TestQueuedPromptInChromium (W1): a prompt sent while a tool runs is
// folded by the real CLI into the running turn, which ends with one
// result for both prompts: the page goes back to idle, and the next turn
// is labelled done, not interrupted.
func TestQueuedPromptInChromium(t *testing.T) {
	t.Parallel()
	s, dir := startCLI(t, stubapi.NewScript(
		stubapi.ToolUse(stubapi.Call("Bash", map[string]any{"command": "while [ ! -e go ]; do sleep 0.1; done; echo went", "description": "Wait for go"})),
		stubapi.Text("Both answered."),
		stubapi.Text("Third answer."),
	))
	b := openPage(t, s)
	ask(t, b, "First question.")
	b.WaitFor(t, "the tool call", texts(".row.tool .name", "Bash"), wait)
	ask(t, b, "Second question, while the tool runs.")
	b.WaitFor(t, "the second prompt sent", count(".row.prompt")+` === 2 && document.getElementById("prompt").value === ""`, wait)
	if err := os.WriteFile(filepath.Join(dir, "go"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	b.WaitFor(t, "the answer", texts(".row.text", "Both answered."), wait)
	b.WaitFor(t, "the turn's result", count(".row.result.done")+` >= 1`, wait)
	b.WaitFor(t, "the page idle after the folded turn", idle, wait)

	ask(t, b, "Third question.")
	b.WaitFor(t, "the third answer", texts(".row.text", "Third answer."), wait)
	b.WaitFor(t, "the page idle", idle+` && `+count(".row.result")+` >= 2`, wait)
	var interrupted int
	b.Eval(t, count(".row.result.interrupted"), &interrupted)
	if interrupted != 0 {
		t.Errorf("%d turns labelled interrupted, none was", interrupted)
	}
	noConsoleErrors(t, b)
}

// openTab opens the server's page in a new tab of b's browser without
// waiting for it to load, and waits for it to show the session.
func openTab(t *testing.T, b *cdp.Browser, s *webui.Server) *cdp.Browser {
	t.Helper()
	tab := b.NewTab(t)
	tab.Resize(t, 1000, 640)
	if _, err := tab.Call("Page.navigate", map[string]any{"url": s.URL}); err != nil {
		t.Fatal(err)
	}
	return tab
}

// TestSevenTabsInChromium (W2): seven tabs of the page in one browser,
// more than its six connections per host: the seventh loads and drives
// the session, every tab shows the answers, and closing the tab that
// holds the event stream hands it to another.
func TestSevenTabsInChromium(t *testing.T) {
	t.Parallel()
	s := startServer(t, "2.1.332", "multi-turn")
	first := openPage(t, s)
	tabs := []*cdp.Browser{first}
	for range 6 {
		tabs = append(tabs, openTab(t, first, s))
	}
	last := tabs[6]
	last.WaitFor(t, "the seventh tab to connect", `document.getElementById("status")?.textContent === "idle"`, wait)
	ask(t, last, "First question.")
	for i, tab := range tabs {
		tab.WaitFor(t, fmt.Sprintf("the first answer in tab %d", i+1), texts(".row.text", "First answer.")+` && `+texts(".row.result.done", "$0.00048 in all"), wait)
	}
	first.CloseTab(t)
	ask(t, tabs[3], "Second question.")
	for i, tab := range tabs[1:] {
		tab.WaitFor(t, fmt.Sprintf("the second answer in tab %d", i+2), texts(".row.text", "Second answer.")+` && `+count(".row.prompt")+` === 2 && `+count(".row.result.done")+` === 2`, wait)
		noConsoleErrors(t, tab)
	}
}

// atEnd is a JavaScript expression: the page is scrolled to its end.
const atEnd = `window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 4`

// TestFollowAndReloadInChromium (W3): the view follows a long text as it
// streams, and a reloaded long session opens at its end, with the
// permission question that waits there in view.
func TestFollowAndReloadInChromium(t *testing.T) {
	t.Parallel()
	s := startServer(t, "2.1.332", "text-simple")
	b := openPage(t, s)
	publish := func(evs ...string) {
		t.Helper()
		for _, ev := range evs {
			if err := s.PublishJSON(ev); err != nil {
				t.Fatalf("%s: %v", ev, err)
			}
		}
	}
	for i := range 30 {
		publish(fmt.Sprintf(`{"kind":"prompt","text":"Question %d."}`, i), fmt.Sprintf(`{"kind":"text","text":"Answer %d.\nwith a second line"}`, i))
	}
	b.WaitFor(t, "the session", texts(".row.text", "Answer 29."), wait)
	b.WaitFor(t, "the view at the end", atEnd, wait)
	for i := range 80 {
		publish(fmt.Sprintf(`{"kind":"text_delta","id":"long","text":"streamed line %d\n"}`, i))
	}
	b.WaitFor(t, "the streamed text", texts(".row.text .streaming", "streamed line 79"), wait)
	b.WaitFor(t, "the view following the streamed text", atEnd, wait)
	publish(`{"kind":"text","id":"long","text":"whole"}`,
		`{"kind":"tool_use","id":"t1","name":"Bash","summary":"rm -rf build","input":"{\"command\":\"rm -rf build\"}"}`,
		`{"kind":"permission","id":"p1","permission":{"tool":"Bash","tool_use_id":"t1","summary":"rm -rf build","input":"{}"}}`)
	b.WaitFor(t, "the question", `document.querySelector(".permission button.allow")`, wait)

	b.Navigate(t, s.URL)
	b.WaitFor(t, "the question after the reload", `document.querySelector(".permission button.allow")`, wait)
	b.WaitFor(t, "the reloaded view at the end", atEnd, wait)
	var inView bool
	b.Eval(t, `(() => { const r = document.querySelector(".permission button.allow").getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight - document.querySelector("footer").offsetHeight; })()`, &inView)
	if !inView {
		t.Error("the waiting question is not in view after the reload")
	}
	noConsoleErrors(t, b)
}

// TestErrorLabelInChromium (W4): a turn the CLI ends on an API error
// (result subtype success with is_error) is labelled as the API error it
// is, not "Error: success".
func TestErrorLabelInChromium(t *testing.T) {
	t.Parallel()
	s := startServer(t, "2.1.332", "api-server-error-500")
	b := openPage(t, s)
	ask(t, b, "Say hello.")
	b.WaitFor(t, "the failed turn", `document.querySelector(".row.result.failed .outcome")`, wait)
	var label string
	b.Eval(t, `document.querySelector(".row.result.failed .outcome").textContent`, &label)
	if strings.Contains(label, "success") || !strings.Contains(label, "API error 500") {
		t.Errorf("the failed turn is labelled %q, want the API error 500", label)
	}
	if err := s.PublishJSON(`{"kind":"result","result":{"subtype":"success","is_error":true,"label":"Not logged in","errors":["Not logged in · Please run /login"]}}`); err != nil {
		t.Fatal(err)
	}
	b.WaitFor(t, "the not-logged-in turn", texts(".row.result.failed .outcome", "Not logged in"), wait)
	noConsoleErrors(t, b)
}

// TestPermissionInToolCardInChromium (W6): the permission question shows
// inside the card of the tool call it is about.
func TestPermissionInToolCardInChromium(t *testing.T) {
	t.Parallel()
	s := startServer(t, "2.1.332", "permission-prompt-allow")
	b := openPage(t, s)
	askPermission(t, b)
	var inCard bool
	b.Eval(t, `!!document.querySelector(".permission button.allow").closest(".row.tool")`, &inCard)
	if !inCard {
		t.Error("the permission question is not in its tool call's card")
	}
	b.Click(t, ".permission button.allow")
	b.WaitFor(t, "the tool result", texts(".row.tool details.result pre", "allowed-output"), wait)
	noConsoleErrors(t, b)
}
