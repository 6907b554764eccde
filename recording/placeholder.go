package recording

import (
	"regexp"
	"slices"
	"strings"
)

// Placeholder is a kind of placeholder that recordings put for a value
// that changes from run to run or from machine to machine. [Placeholders]
// lists them all; the readers of recordings (the fake CLI, drift, the
// reference, the JSON Schemas) derive what they know of them from it.
type Placeholder struct {
	// Name is the placeholder's name: a recording writes "<Name>", or
	// "<Name:N>" when it is Numbered.
	Name string
	// Numbered says that the distinct values of one recording are
	// numbered by first appearance ("<uuid:1>", "<uuid:2>"), each value
	// keeping its number wherever it recurs.
	Numbered bool
	// Number says that the value is a JSON number: a member whose whole
	// value is the placeholder, a string in the recording, held a number
	// on the wire ("duration_ms":"<duration>").
	Number bool
	// Path says that the value is a folder of the run; the placeholder has
	// a variant named Name+"-slug" for the folder's name as the CLI names
	// folders after a path (every character but letters and digits a
	// "-").
	Path bool
	// Where says where the normalizer puts it.
	Where string
}

// Placeholders returns the placeholders recordings hold, as the normalizer
// writes them (see scenario.NormalizeEvents).
func Placeholders() []Placeholder { return slices.Clone(placeholders[:]) }

// placeholders is the table [Placeholders] returns a copy of.
var placeholders = [...]Placeholder{
	{Name: "uuid", Numbered: true, Where: "a UUID, in any text"},
	{Name: "hex", Numbered: true, Where: "a run of 32 or more hex digits, in any text"},
	{Name: "request_id", Numbered: true, Where: "a control request's request_id"},
	{Name: "api_request_id", Numbered: true, Where: "an ID the fake API gives a request (req_stub…), in any text"},
	{Name: "task_id", Numbered: true, Where: "a task's or agent's random ID, learned from the members that hold one, then in any text"},
	{Name: "run_id", Numbered: true, Where: "a run's random ID, learned from run_id members, then in any text"},
	{Name: "plan", Numbered: true, Where: "the random words of a plan file's name under .claude/plans/"},
	{Name: "pid", Numbered: true, Number: true, Where: "a member named after a process ID (pid, child_pid, parentPid…) holding another process's"},
	{Name: "cron_id", Numbered: true, Where: "a cron job's ID in the answers of CronCreate, CronList and CronDelete, then in any text"},
	{Name: "session_name", Numbered: true, Where: "the session's name in ListAgents's answer, then in any text"},
	{Name: "session_ref", Numbered: true, Where: "the session's reference in ListAgents's answer, then in any text"},
	{Name: "workflow_run", Numbered: true, Where: "a workflow run's ID (wf_…), in any text"},
	{Name: "cwd", Path: true, Where: "the run's working folder, in any text"},
	{Name: "home", Path: true, Where: "the CLI's HOME, in any text"},
	{Name: "session", Path: true, Where: "the folder that holds HOME and TMPDIR, in any text"},
	{Name: "cli", Path: true, Where: "the folder the CLI is installed in, in any text"},
	{Name: "config", Path: true, Where: "the config folder shared by the processes of a scenario that restarts the CLI, in any text"},
	{Name: "mcp-bin", Path: true, Where: "the folder of the test MCP server's script, in any text"},
	{Name: "pid", Number: true, Where: "the CLI's process ID: in a member named after a process ID, and as a file or folder name in a path (…/cc-socks/<pid>.sock)"},
	{Name: "duration", Number: true, Where: "a timing: a member named so (duration_ms, ttft_ms, durationMs…), in a tag (<duration_ms>…) or a usage block's line"},
	{Name: "time", Number: true, Where: "a clock reading: a member named so (timestamp, resetsAt, created_at…), in a tag or a usage block's line"},
	{Name: "timestamp", Where: "an ISO 8601 date and time, in any text"},
	{Name: "date", Where: "the run's date, a day either side, in any text"},
	{Name: "os-version", Where: "the OS version in the system prompt's environment, and a session file entry's osVersion"},
	{Name: "cli-version", Where: "the running CLI's version, in any text"},
	{Name: "fingerprint", Where: "the three hex digits after cc_version=<cli-version>. in the billing header of the system prompt"},
	{Name: "api-url", Where: "the fake API's base URL, in any text"},
	{Name: "api-host", Where: "the fake API's host and port, in any text"},
	{Name: "next-run", Where: "when a cron job fires next, in the answers of the cron tools"},
	{Name: "clock", Where: "when a ScheduleWakeup wakeup fires"},
	{Name: "delay", Where: "how long before a ScheduleWakeup wakeup fires"},
	{Name: "leaf", Where: "a session file entry's leafUuid (last-prompt, summary): the entry that was the latest when the CLI wrote it"},
}

// PlaceholderPattern returns a regular expression that matches the
// placeholders of [Placeholders] in a text: a numbered one ("<uuid:3>")
// with its name as submatch 1 and its number as submatch 2, any other
// ("<cwd>", "<cwd-slug>") with its name as submatch 3. Other texts in
// angle brackets ("<system-reminder>") do not match.
func PlaceholderPattern() *regexp.Regexp {
	var numbered, named []string
	for _, p := range placeholders {
		switch {
		case p.Numbered:
			numbered = append(numbered, regexp.QuoteMeta(p.Name))
		case p.Path:
			named = append(named, regexp.QuoteMeta(p.Name), regexp.QuoteMeta(p.Name+"-slug"))
		default:
			named = append(named, regexp.QuoteMeta(p.Name))
		}
	}
	return regexp.MustCompile(`<(?:(` + strings.Join(numbered, "|") + `):([0-9]+)|(` + strings.Join(named, "|") + `))>`)
}

// IsNumberPlaceholder reports whether s is the placeholder of a number as
// a whole ("<duration>", "<pid:2>"): a member whose value it is held a
// JSON number on the wire.
func IsNumberPlaceholder(s string) bool {
	if len(s) < 3 || s[0] != '<' || s[len(s)-1] != '>' {
		return false
	}
	name, num, numbered := strings.Cut(s[1:len(s)-1], ":")
	if numbered && (num == "" || strings.Trim(num, "0123456789") != "") {
		return false
	}
	for _, p := range placeholders {
		if p.Number && p.Name == name && p.Numbered == numbered {
			return true
		}
	}
	return false
}
