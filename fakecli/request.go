package fakecli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ccwire/ccwire/internal/jsontree"
	"github.com/ccwire/ccwire/recording"
)

// features are what a host asks of the CLI that changes the protocol it
// speaks: with one, the CLI writes lines (or asks requests) it writes
// without it, or the other way round. A recording serves a host only if
// its CLI was asked for the same.
type features struct {
	promptTool bool     // --permission-prompt-tool stdio: can_use_tool requests
	mcp        []string // --mcp-config's servers but the SDK's: their tools
	schema     bool     // --json-schema (or initialize's jsonSchema): structured_output
	// schemaInInit: the recording's schema came in initialize alone, and
	// the host's may too (checked then).
	schemaInInit bool
	partial      bool     // --include-partial-messages: stream_event lines
	replay       bool     // --replay-user-messages: the host's messages echoed
	resumed      bool     // --resume or --continue: a session's later process
	fork         bool     // --fork-session: a new session ID on resume
	agents       []string // --agents' names
}

// feature describes one member of features for a DivergenceError: the
// flag, and the recordings of every version that have it (what to play
// instead).
type feature struct {
	flag    string
	matches []string
	get     func(*features) string // "" for absent
}

// promptToolFlag and schemaFlag name members of featureList.
const (
	promptToolFlag = "--permission-prompt-tool stdio"
	schemaFlag     = "--json-schema"
	partialFlag    = "--include-partial-messages"
)

var featureList = []feature{
	{promptToolFlag, []string{"permission-prompt-allow", "permission-prompt-deny"}, func(f *features) string { return yes(f.promptTool) }},
	{"--mcp-config", []string{"sdk-mcp-tool-call", "mcp-stdio-tool-call", "mcp-control-requests"}, func(f *features) string { return strings.Join(f.mcp, ",") }},
	{schemaFlag, []string{"flag-json-schema", "structured-output-initialize"}, func(f *features) string { return yes(f.schema) }},
	{partialFlag, []string{"partial-messages-order", "interrupt-stalled-stream"}, func(f *features) string { return yes(f.partial) }},
	{"--replay-user-messages", []string{"replay-user-messages"}, func(f *features) string { return yes(f.replay) }},
	{"--resume or --continue", []string{"flag-resume", "flag-continue", "flag-fork-session"}, func(f *features) string { return yes(f.resumed) }},
	{"--fork-session", []string{"flag-fork-session"}, func(f *features) string { return yes(f.fork) }},
	{"--agents", []string{"flag-agents"}, func(f *features) string { return strings.Join(f.agents, ",") }},
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return ""
}

// hostFeatures reads the features of a command line.
func hostFeatures(a *Args) features {
	f := features{
		promptTool: a.Value("--permission-prompt-tool") == "stdio",
		schema:     a.Has("--json-schema"),
		partial:    a.Has("--include-partial-messages"),
		replay:     a.Has("--replay-user-messages"),
		resumed:    a.Has("--resume") || a.Has("--continue"),
		fork:       a.Has("--fork-session"),
	}
	for _, c := range a.Options["--mcp-config"] {
		for name, cfg := range mcpServers(c) {
			// An SDK server is the host's: the SDKs name it in
			// --mcp-config or in initialize's sdkMcpServers alone (the TS
			// Agent SDK 0.3.332), and the CLI asks it either way; the
			// initialize check compares those.
			if cfg.StringAt("type") != "sdk" {
				f.mcp = append(f.mcp, name)
			}
		}
	}
	slices.Sort(f.mcp)
	f.mcp = slices.Compact(f.mcp)
	for _, c := range a.Options["--agents"] {
		if v, err := jsontree.Parse([]byte(c)); err == nil && v.Kind == jsontree.Object {
			for _, m := range v.Members {
				f.agents = append(f.agents, m.Key)
			}
		}
	}
	slices.Sort(f.agents)
	return f
}

// mcpServers returns the servers an --mcp-config value names (a JSON
// object or the file holding one), by name: their config.
func mcpServers(config string) map[string]*jsontree.Value {
	data := []byte(config)
	if !strings.HasPrefix(strings.TrimSpace(config), "{") {
		var err error
		if data, err = os.ReadFile(config); err != nil {
			return nil
		}
	}
	v, err := jsontree.Parse(data)
	if err != nil {
		return nil
	}
	servers := v.Get("mcpServers")
	if servers == nil || servers.Kind != jsontree.Object {
		return nil
	}
	out := map[string]*jsontree.Value{}
	for _, m := range servers.Members {
		out[m.Key] = m.Val
	}
	return out
}

// mcpBin returns the folder of the first stdio MCP server program the
// command line names by an absolute path, "" if none.
func mcpBin(a *Args) string {
	for _, c := range a.Options["--mcp-config"] {
		servers := mcpServers(c)
		names := make([]string, 0, len(servers))
		for name := range servers {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			if cmd := servers[name].StringAt("command"); filepath.IsAbs(cmd) {
				return filepath.Dir(cmd)
			}
		}
	}
	return ""
}

// recordedFeatures reads the features the recorded CLI process that plays
// for a host (resumed or not) was started with: the first process's flags,
// or the later one's (Recording.Restart).
func recordedFeatures(rec *recording.Recording, resumed bool) (features, error) {
	args := rec.Args
	if resumed && rec.Restart != nil {
		args = rec.Restart.Args
	}
	a, err := ParseArgs(rec.Version, args)
	if err != nil {
		return features{}, fmt.Errorf("fakecli: recording %s of CLI %s: its flags: %w", rec.Scenario, rec.Version, err)
	}
	f := hostFeatures(a)
	if !f.schema {
		// A schema given in initialize (structured-output-initialize)
		// asks as --json-schema does; the SDKs pass it both ways.
		for _, ev := range rec.Events {
			if ev.Kind == recording.EventStdin && bytes.Contains(ev.Msg, []byte(`"jsonSchema"`)) {
				if v, err := jsontree.Parse(ev.Msg); err == nil && kind(v) == "control_request/initialize" && initFeatures(v)[1] != "" {
					f.schema, f.schemaInInit = true, true
				}
			}
		}
	}
	if resumed && rec.Restart == nil {
		// A session of one process answers a resumed host too: the
		// recording has no later process to play, and the fake plays it
		// whole; the difference is named below.
		f.resumed = false
	}
	return f, nil
}

// CheckRequest compares what the host's command line a asks of the CLI
// that changes the protocol (a permission prompt tool, MCP servers, a
// JSON schema, partial messages, replayed user messages, resuming a
// session and forking it, agents) with what rec's CLI was started with,
// and returns a *[DivergenceError] naming the first difference and the
// recordings that have what the host asks, nil if there is none. lookup,
// if not nil, finds the recordings of the version, to name only those
// that exist and match.
func CheckRequest(rec *recording.Recording, a *Args, lookup func(id string) (*recording.Recording, error)) error {
	host := hostFeatures(a)
	recorded, err := recordedFeatures(rec, host.resumed)
	if err != nil {
		return err
	}
	for _, ft := range featureList {
		got, want := ft.get(&host), ft.get(&recorded)
		if got == want || (ft.flag == promptToolFlag && want == "" && !asks(rec, a)) || (ft.flag == schemaFlag && got == "" && recorded.schemaInInit) || (ft.flag == partialFlag && want == "") {
			// Partial messages the host asked for and the recording
			// lacks: the fake plays it without them, and says so (see
			// Player.Run); ccwire's web UI asks for them on every
			// recording. It never plays them unasked.
			continue
		}
		reason := fmt.Sprintf("the host passed %s, and the recorded CLI was started without it", describe(ft.flag, got))
		switch {
		case got == "":
			reason = fmt.Sprintf("the recorded CLI was started with %s, and the host passed none", describe(ft.flag, want))
		case want != "":
			reason = fmt.Sprintf("the host passed %s, and the recorded CLI was started with %s", describe(ft.flag, got), describe(ft.flag, want))
		}
		return &DivergenceError{Scenario: rec.Scenario, Version: rec.Version, Reason: reason, Match: matching(ft, host, rec.Scenario, lookup)}
	}
	return nil
}

// asks reports whether a host with command line a that passes
// --permission-prompt-tool stdio would be asked for permission where rec's
// CLI, started without it, was not: rec runs a tool, and the host does not
// skip permissions. (A recording that runs no tool, or a host that skips
// permissions, gets no can_use_tool request either way.)
func asks(rec *recording.Recording, a *Args) bool {
	if a.Has("--dangerously-skip-permissions") || a.Value("--permission-mode") == "bypassPermissions" {
		return false
	}
	for _, ev := range rec.Events {
		if ev.Kind == recording.EventStdout && bytes.Contains(ev.Msg, []byte(`"type":"tool_use"`)) {
			return true
		}
	}
	return false
}

// lacksPartial reports whether the host asks for partial messages that
// rec's CLI was not asked for: the fake plays it without them.
func lacksPartial(rec *recording.Recording, a *Args, resumed bool) bool {
	if !a.Has(partialFlag) {
		return false
	}
	f, err := recordedFeatures(rec, resumed)
	return err == nil && !f.partial
}

// describe names a flag with its value ("--mcp-config naming calc").
func describe(flag, value string) string {
	if value == "" || value == "yes" {
		return flag
	}
	return flag + " naming " + value
}

// matching returns the first recording of ft.matches whose CLI was started
// with what the host asks of ft (all of them if lookup is nil), "" if
// none.
func matching(ft feature, host features, except string, lookup func(string) (*recording.Recording, error)) string {
	for _, id := range ft.matches {
		if id == except {
			continue
		}
		if lookup == nil {
			return id
		}
		other, err := lookup(id)
		if err != nil {
			continue
		}
		if f, err := recordedFeatures(other, host.resumed); err == nil && ft.get(&f) == ft.get(&host) {
			return id
		}
	}
	return ""
}

// initFeatures are what an initialize request asks that changes the
// protocol: the SDK's MCP servers (mcp_message requests), a JSON schema
// (structured_output), the hook events it registers (hook_callback
// requests), its agents.
func initFeatures(v *jsontree.Value) [4]string {
	r := v.Path("request")
	keys := func(name string) string {
		var out []string
		if o := r.Get(name); o != nil {
			switch o.Kind {
			case jsontree.Object:
				for _, m := range o.Members {
					if m.Val.Kind != jsontree.Null {
						out = append(out, m.Key)
					}
				}
			case jsontree.Array:
				for _, e := range o.Elems {
					out = append(out, e.Str)
				}
			}
		}
		slices.Sort(out)
		return strings.Join(out, ",")
	}
	schema := ""
	if s := r.Get("jsonSchema"); s != nil && s.Kind != jsontree.Null {
		schema = "yes"
	}
	return [4]string{keys("sdkMcpServers"), schema, keys("hooks"), keys("agents")}
}

// initNames name the members of initFeatures for a DivergenceError, with
// the recordings that have them.
var initNames = [4]feature{
	{flag: "sdkMcpServers", matches: []string{"sdk-mcp-tool-call"}},
	{flag: "jsonSchema", matches: []string{"structured-output-initialize"}},
	{flag: "hooks", matches: []string{"hook-pretooluse-block", "hook-posttooluse-context", "hook-userpromptsubmit-context", "hook-stop-block"}},
	{flag: "agents", matches: []string{"list-agents"}},
}

// checkInitialize compares the host's initialize request v with the
// recording's, rec (nil if the recording has none): a difference in what
// changes the protocol is a *DivergenceError.
func (x *play) checkInitialize(v, rec *jsontree.Value) error {
	var want [4]string
	if rec != nil {
		want = initFeatures(rec)
	}
	got := initFeatures(v)
	// A schema is asked for by --json-schema or in initialize.
	if x.p.Request.Has("--json-schema") {
		got[1] = "yes"
	}
	if a, err := ParseArgs(x.s.rec.Version, x.s.rec.Args); err == nil && a.Has("--json-schema") {
		want[1] = "yes"
	}
	for i := range got {
		if got[i] == want[i] {
			continue
		}
		reason := fmt.Sprintf("the host's initialize request has %[1]s %[2]s; the recorded one has %[1]s %[3]s", initNames[i].flag, orNone(got[i]), orNone(want[i]))
		match := ""
		for _, id := range initNames[i].matches {
			if id == x.s.rec.Scenario {
				continue
			}
			if s := x.other(id); s != nil {
				for _, st := range s.steps {
					if st.in.kind() == "control_request/initialize" && initFeatures(st.in.msg)[i] == got[i] {
						match = id
					}
				}
			}
			if match != "" {
				break
			}
		}
		return &DivergenceError{Scenario: x.s.rec.Scenario, Version: x.env.Version, Line: v.String(), Reason: reason, Match: match}
	}
	return nil
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	if s == "yes" {
		return "one"
	}
	return s
}
