package docgen

import (
	"github.com/ccwire/ccwire/internal/jsontree"
)

// gettingStartedPage is the short guide to the protocol: reading a stream,
// answering a permission request, testing against the fake CLI.
const gettingStartedPage = "getting-started.md"

// recordedLine returns the first line of the newest recording of a
// scenario that is written in direction dir and satisfies ok, with the
// scenario; nil when there is none.
func (r *renderer) recordedLine(id string, dir eventKind, ok func(*jsontree.Value) bool) (*jsontree.Value, *scenarioDoc) {
	sc := r.scenarioByID(id)
	if sc == nil || len(sc.runs) == 0 {
		return nil, nil
	}
	for _, ev := range sc.runs[len(sc.runs)-1].events {
		if ev.kind == dir && ev.msg != nil && ok(ev.msg) {
			return ev.msg, sc
		}
	}
	return nil, nil
}

// isKind returns a test of a message's type and, when subtype is not "",
// of the subtype of the message or of its request or response.
func isKind(typ, subtype string) func(*jsontree.Value) bool {
	return func(m *jsontree.Value) bool {
		if m.StringAt("type") != typ {
			return false
		}
		return subtype == "" || m.StringAt("subtype") == subtype || m.StringAt("request", "subtype") == subtype ||
			m.StringAt("response", "response", "behavior") == subtype
	}
}

// gettingStartedPageText renders the guide. Its examples are lines the
// newest recordings of a few scenarios hold.
func (r *renderer) gettingStartedPageText() string {
	var p page
	self := gettingStartedPage
	p.heading(1, r.t("Getting started"))
	p.para(link(r.t("Protocol reference"), rel(self, indexPage, "")) + " · " + r.otherLanguages(self))
	p.para(r.t("Start the CLI with both streams in stream-json and keep its stdin open: every message either way is one JSON object on one line."))
	p.fenced("sh", "claude -p --input-format stream-json --output-format stream-json --verbose")
	example := func(id string, dir eventKind, ok func(*jsontree.Value) bool) {
		m, sc := r.recordedLine(id, dir, ok)
		if m == nil {
			return
		}
		p.para(r.f("From %s (CLI %s):", link(sc.title[r.lang], rel(self, scenarioPage(sc), "")), sc.runs[len(sc.runs)-1].version))
		text := m.String()
		if len(text) > 200 {
			text = m.Indent()
		}
		p.fenced("json", text)
	}

	p.heading(2, r.t("Read a stream"))
	p.para(r.t("Write a user message to start a turn:"))
	example("text-simple", eventStdin, isKind("user", ""))
	p.para(r.f("Then read lines until the turn's %s. Tell the messages apart by %s and %s; ignore the kinds and members you do not know, since each release adds some (see %s). The CLI starts with %s, the session's settings; %s messages carry the model's text and tool calls; %s says how the turn ended, with %s set when it failed.",
		code("result"), code("type"), code("subtype"), link(r.t("the changelog"), changelogPage),
		link("system/init", r.kindLink(self, "system/init")), link("assistant", rel(self, groupPage("assistant"), "")), link("result", rel(self, groupPage("result"), "")), code("is_error")))
	example("text-simple", eventStdout, isKind("result", "success"))

	p.heading(2, r.t("Answer a permission request"))
	p.para(r.f("With %s, a tool call that needs permission makes the CLI write a %s of subtype %s and wait:", code("--permission-prompt-tool stdio"), code("control_request"), code("can_use_tool")))
	example("permission-prompt-allow", eventStdout, isKind("control_request", "can_use_tool"))
	p.para(r.f("Answer with a %s that repeats its %s: %s runs the tool with the input given,", code("control_response"), code("request_id"), code(`"behavior":"allow"`)))
	example("permission-prompt-allow", eventStdin, isKind("control_response", "allow"))
	p.para(r.f("%s refuses it with a message the model reads:", code(`"behavior":"deny"`)))
	example("permission-prompt-deny", eventStdin, isKind("control_response", "deny"))
	p.para(r.f("Every control request and its answer: %s.", link(r.t("the message reference"), messagesPage)))

	p.heading(2, r.t("Test against the fake CLI"))
	p.para(r.f("The fake CLI plays the recordings behind this reference as a %s executable: it answers each line your program writes with the lines a real CLI wrote in the same scenario, so tests need no API key, no network and no Node.js. Build it, put it on %s in place of the CLI, and choose a scenario and a version:", code("claude"), code("PATH")))
	version := "2.1.332"
	if len(r.c.versions) > 0 {
		version = r.c.versions[len(r.c.versions)-1]
	}
	p.fenced("sh", "go build -o bin/claude github.com/ccwire/ccwire/cmd/claude-fake\n"+
		"CCWIRE_FAKE_SCENARIO=permission-prompt-allow CCWIRE_FAKE_CLI_VERSION="+version+" \\\n"+
		"  PATH=$PWD/bin:$PATH your-program")
	guide := "docs/fake-cli.md"
	if r.lang == Japanese {
		guide = "docs/fake-cli.ja.md"
	}
	p.para(r.f("The scenarios and the versions it can play are in %s; %s says more.", link(r.t("the protocol reference"), indexPage), link(r.t("Testing your integration without the CLI"), rootLink(self, guide))))
	return p.String()
}
