package fakecli

import (
	"fmt"
	"slices"
	"strings"
)

// arity says what an option of the CLI takes after it, as the CLI's
// command-line parser (commander) reads it.
type arity int

const (
	none     arity = iota // a switch
	required              // one value, taken even if it starts with "-"
	optional              // a value unless the next argument starts with "-"
	variadic              // values up to the next argument that starts with "-"
)

// option is one of the CLI's command-line options.
type option struct {
	names []string // "--model", and "-m" for a short alias
	arity arity
	usage string // "<model>", as the CLI names the value in its errors
}

// cliOptions are the options of the recorded CLI versions (2.1.37 and
// 2.1.330, as their --help lists them) and the hidden ones the Agent SDKs
// pass (--permission-prompt-tool, --max-turns, --max-thinking-tokens,
// --resume-session-at, --debug-to-stderr).
var cliOptions = []option{
	{[]string{"-p", "--print"}, none, ""},
	{[]string{"--verbose"}, none, ""},
	{[]string{"-v", "--version"}, none, ""},
	{[]string{"-h", "--help"}, none, ""},
	{[]string{"-c", "--continue"}, none, ""},
	{[]string{"--include-partial-messages"}, none, ""},
	{[]string{"--replay-user-messages"}, none, ""},
	{[]string{"--dangerously-skip-permissions"}, none, ""},
	{[]string{"--allow-dangerously-skip-permissions"}, none, ""},
	{[]string{"--fork-session"}, none, ""},
	{[]string{"--strict-mcp-config"}, none, ""},
	{[]string{"--no-session-persistence"}, none, ""},
	{[]string{"--disable-slash-commands"}, none, ""},
	{[]string{"--ide"}, none, ""},
	{[]string{"--mcp-debug"}, none, ""},
	{[]string{"--chrome"}, none, ""},
	{[]string{"--no-chrome"}, none, ""},
	{[]string{"--bare"}, none, ""},
	{[]string{"--bg"}, none, ""},
	{[]string{"--brief"}, none, ""},
	{[]string{"--desktop"}, none, ""},
	{[]string{"--exclude-dynamic-system-prompt-sections"}, none, ""},
	{[]string{"--forward-subagent-text"}, none, ""},
	{[]string{"--include-hook-events"}, none, ""},
	{[]string{"--restricted"}, none, ""},
	{[]string{"--safe-mode"}, none, ""},
	{[]string{"--tmux"}, none, ""},
	{[]string{"--ax-screen-reader"}, none, ""},
	{[]string{"--debug-to-stderr"}, none, ""},
	{[]string{"--output-format"}, required, "<format>"},
	{[]string{"--input-format"}, required, "<format>"},
	{[]string{"--model"}, required, "<model>"},
	{[]string{"--max-turns"}, required, "<turns>"},
	{[]string{"--max-budget-usd"}, required, "<amount>"},
	{[]string{"--max-thinking-tokens"}, required, "<tokens>"},
	{[]string{"--permission-prompt-tool"}, required, "<tool>"},
	{[]string{"--permission-mode"}, required, "<mode>"},
	{[]string{"--setting-sources"}, required, "<sources>"},
	{[]string{"--settings"}, required, "<file-or-json>"},
	{[]string{"--system-prompt"}, required, "<prompt>"},
	{[]string{"--system-prompt-file"}, required, "<file>"},
	{[]string{"--append-system-prompt"}, required, "<prompt>"},
	{[]string{"--append-system-prompt-file"}, required, "<file>"},
	{[]string{"--fallback-model"}, required, "<model>"},
	{[]string{"--agent"}, required, "<agent>"},
	{[]string{"--agents"}, required, "<json>"},
	{[]string{"--session-id"}, required, "<uuid>"},
	{[]string{"--json-schema"}, required, "<schema>"},
	{[]string{"--debug-file"}, required, "<path>"},
	{[]string{"--resume-session-at"}, required, "<message id>"},
	{[]string{"--effort"}, required, "<level>"},
	{[]string{"--environment"}, required, "<environment_id>"},
	{[]string{"--autocompact"}, required, "<auto|tokens>"},
	{[]string{"--permission-prompts"}, required, "<target>"},
	{[]string{"--plugin-url"}, required, "<url>"},
	{[]string{"--remote-control-session-name-prefix"}, required, "<prefix>"},
	{[]string{"--system-prompt-snapshot"}, required, "<on|off>"},
	{[]string{"-n", "--name"}, required, "<name>"},
	{[]string{"-r", "--resume"}, optional, "[value]"},
	{[]string{"-d", "--debug"}, optional, "[filter]"},
	{[]string{"--cloud"}, optional, "[description|session_id|url]"},
	{[]string{"--from-pr"}, optional, "[value]"},
	{[]string{"--prompt-suggestions"}, optional, "[value]"},
	{[]string{"--remote-control"}, optional, "[name]"},
	{[]string{"--teleport"}, optional, "[session]"},
	{[]string{"-w", "--worktree"}, optional, "[name]"},
	{[]string{"--add-dir"}, variadic, "<directories...>"},
	{[]string{"--allowedTools", "--allowed-tools"}, variadic, "<tools...>"},
	{[]string{"--disallowedTools", "--disallowed-tools"}, variadic, "<tools...>"},
	{[]string{"--tools"}, variadic, "<tools...>"},
	{[]string{"--mcp-config"}, variadic, "<configs...>"},
	{[]string{"--betas"}, variadic, "<betas...>"},
	{[]string{"--file"}, variadic, "<specs...>"},
	{[]string{"--plugin-dir"}, variadic, "<paths...>"},
}

// choices are the values the CLI allows for some options.
var choices = map[string][]string{
	"--output-format": {"text", "json", "stream-json"},
	"--input-format":  {"text", "stream-json"},
}

// fakeOptions are the fake's own options, read before the CLI's.
var fakeOptions = []option{
	{[]string{"--scenario"}, required, "<id>"},
	{[]string{"--cli-version"}, required, "<version>"},
	{[]string{"--recordings"}, required, "<dir>"},
	{[]string{"--embedded"}, none, ""},
}

// Args are a fake CLI's command line, parsed as the CLI parses it.
type Args struct {
	// Options holds the values of the options given, by long name
	// ("--model"); a switch has an empty value, a repeated or variadic
	// option one value a word.
	Options map[string][]string
	// Prompt is the positional argument, if any.
	Prompt string
	// Scenario, CLIVersion and Recordings are the fake's own options
	// (--scenario, --cli-version, --recordings); Embedded is
	// --embedded.
	Scenario, CLIVersion, Recordings string
	Embedded                         bool
}

// Has reports whether option name (its long name) was given.
func (a *Args) Has(name string) bool {
	_, ok := a.Options[name]
	return ok
}

// Value returns the last value of option name, "" if none.
func (a *Args) Value(name string) string {
	v := a.Options[name]
	if len(v) == 0 {
		return ""
	}
	return v[len(v)-1]
}

// UsageError is a command line the CLI refuses; Error is the CLI's own
// message ("error: unknown option '--nope'"), which it prints on stderr
// before exiting with status 1.
type UsageError struct {
	Msg string
}

func (e *UsageError) Error() string { return e.Msg }

// ParseArgs parses a command line (without the program name) as the CLI
// does: options of the recorded versions with their arities, "--name=value",
// "--" ending the options, one positional prompt; an unknown option, a
// missing value or a value outside an option's choices is a *[UsageError]
// with the CLI's message.
func ParseArgs(args []string) (*Args, error) {
	a := &Args{Options: map[string][]string{}}
	find := func(opts []option, name string) *option {
		for i := range opts {
			if slices.Contains(opts[i].names, name) {
				return &opts[i]
			}
		}
		return nil
	}
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if arg == "--" {
			if i+1 < len(args) && a.Prompt == "" {
				a.Prompt = args[i+1]
			}
			break
		}
		if !strings.HasPrefix(arg, "-") || arg == "-" {
			if a.Prompt == "" {
				a.Prompt = arg
			}
			continue
		}
		name, value, hasValue := arg, "", false
		if strings.HasPrefix(arg, "--") {
			if n, v, ok := strings.Cut(arg, "="); ok {
				name, value, hasValue = n, v, true
			}
		}
		fake := true
		o := find(fakeOptions, name)
		if o == nil {
			fake = false
			o = find(cliOptions, name)
		}
		if o == nil || (hasValue && o.arity == none) {
			return nil, &UsageError{Msg: fmt.Sprintf("error: unknown option '%s'", arg)}
		}
		long := o.names[len(o.names)-1]
		if o.names[0] != long && strings.HasPrefix(o.names[0], "--") {
			long = o.names[0] // --allowedTools for --allowed-tools
		}
		var vals []string
		switch {
		case hasValue:
			vals = []string{value}
		case o.arity == required:
			if i+1 >= len(args) {
				return nil, &UsageError{Msg: fmt.Sprintf("error: option '%s %s' argument missing", strings.Join(o.names, ", "), o.usage)}
			}
			i++
			vals = []string{args[i]}
		case o.arity == optional:
			if i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
				i++
				vals = []string{args[i]}
			}
		case o.arity == variadic:
			for i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
				i++
				vals = append(vals, args[i])
			}
			if len(vals) == 0 {
				return nil, &UsageError{Msg: fmt.Sprintf("error: option '%s %s' argument missing", strings.Join(o.names, ", "), o.usage)}
			}
		}
		if allowed, ok := choices[long]; ok && len(vals) > 0 && !slices.Contains(allowed, vals[0]) {
			return nil, &UsageError{Msg: fmt.Sprintf("error: option '%s %s' argument '%s' is invalid. Allowed choices are %s.", long, o.usage, vals[0], strings.Join(allowed, ", "))}
		}
		if fake {
			switch long {
			case "--scenario":
				a.Scenario = vals[0]
			case "--cli-version":
				a.CLIVersion = vals[0]
			case "--recordings":
				a.Recordings = vals[0]
			case "--embedded":
				a.Embedded = true
			}
			continue
		}
		a.Options[long] = append(a.Options[long], vals...)
		if a.Options[long] == nil {
			a.Options[long] = []string{} // a switch: given, without a value
		}
	}
	return a, nil
}
