package fakecli

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ccwire/ccwire/cliversion"
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
	// in says which CLI versions have the option: 0 for all, as a
	// listed option; or one of the families below.
	in family
}

// family groups CLI versions by the options they take: 2.1.37 and the
// versions before 2.1.330 are older, 2.1.330 and later newer. A hidden
// option (one the SDKs pass but --help does not list) is taken by both
// and never suggested for a mistyped one.
type family int

const (
	all family = iota
	older
	newer
	hidden
)

// familyOf returns the family of a CLI version; an unparsable one is newer.
func familyOf(version string) family {
	if v, err := cliversion.Parse(version); err == nil && v.Less(cliversion.MustParse("2.1.330")) {
		return older
	}
	return newer
}

// takes reports whether versions of family f take option o.
func (o *option) takes(f family) bool { return o.in == all || o.in == hidden || o.in == f }

// cliOptions are the options of the recorded CLI versions (2.1.37 and
// 2.1.330, as their --help lists them) and the hidden ones the Agent SDKs
// pass (--permission-prompt-tool, --max-turns, --max-thinking-tokens,
// --resume-session-at, --debug-to-stderr).
var cliOptions = []option{
	{[]string{"-p", "--print"}, none, "", all},
	{[]string{"--verbose"}, none, "", all},
	{[]string{"-v", "--version"}, none, "", all},
	{[]string{"-h", "--help"}, none, "", all},
	{[]string{"-c", "--continue"}, none, "", all},
	{[]string{"--include-partial-messages"}, none, "", all},
	{[]string{"--replay-user-messages"}, none, "", all},
	{[]string{"--dangerously-skip-permissions"}, none, "", all},
	{[]string{"--allow-dangerously-skip-permissions"}, none, "", all},
	{[]string{"--fork-session"}, none, "", all},
	{[]string{"--strict-mcp-config"}, none, "", all},
	{[]string{"--no-session-persistence"}, none, "", all},
	{[]string{"--disable-slash-commands"}, none, "", all},
	{[]string{"--ide"}, none, "", all},
	{[]string{"--mcp-debug"}, none, "", older},
	{[]string{"--chrome"}, none, "", all},
	{[]string{"--no-chrome"}, none, "", all},
	{[]string{"--bare"}, none, "", newer},
	{[]string{"--bg"}, none, "", newer},
	{[]string{"--brief"}, none, "", newer},
	{[]string{"--desktop"}, none, "", newer},
	{[]string{"--exclude-dynamic-system-prompt-sections"}, none, "", newer},
	{[]string{"--forward-subagent-text"}, none, "", newer},
	{[]string{"--include-hook-events"}, none, "", newer},
	{[]string{"--restricted"}, none, "", newer},
	{[]string{"--safe-mode"}, none, "", newer},
	{[]string{"--tmux"}, none, "", newer},
	{[]string{"--ax-screen-reader"}, none, "", newer},
	{[]string{"--debug-to-stderr"}, none, "", hidden},
	{[]string{"--output-format"}, required, "<format>", all},
	{[]string{"--input-format"}, required, "<format>", all},
	{[]string{"--model"}, required, "<model>", all},
	{[]string{"--max-turns"}, required, "<turns>", hidden},
	{[]string{"--max-budget-usd"}, required, "<amount>", all},
	{[]string{"--max-thinking-tokens"}, required, "<tokens>", hidden},
	{[]string{"--permission-prompt-tool"}, required, "<tool>", hidden},
	{[]string{"--permission-mode"}, required, "<mode>", all},
	{[]string{"--setting-sources"}, required, "<sources>", all},
	{[]string{"--settings"}, required, "<file-or-json>", all},
	{[]string{"--system-prompt"}, required, "<prompt>", all},
	{[]string{"--system-prompt-file"}, required, "<file>", hidden},
	{[]string{"--append-system-prompt"}, required, "<prompt>", all},
	{[]string{"--append-system-prompt-file"}, required, "<file>", hidden},
	{[]string{"--fallback-model"}, required, "<model>", all},
	{[]string{"--agent"}, required, "<agent>", all},
	{[]string{"--agents"}, required, "<json>", all},
	{[]string{"--session-id"}, required, "<uuid>", all},
	{[]string{"--json-schema"}, required, "<schema>", all},
	{[]string{"--debug-file"}, required, "<path>", all},
	{[]string{"--resume-session-at"}, required, "<message id>", hidden},
	{[]string{"--effort"}, required, "<level>", newer},
	{[]string{"--environment"}, required, "<environment_id>", newer},
	{[]string{"--autocompact"}, required, "<auto|tokens>", newer},
	{[]string{"--permission-prompts"}, required, "<target>", newer},
	{[]string{"--plugin-url"}, required, "<url>", newer},
	{[]string{"--remote-control-session-name-prefix"}, required, "<prefix>", newer},
	{[]string{"--system-prompt-snapshot"}, required, "<on|off>", newer},
	{[]string{"-n", "--name"}, required, "<name>", newer},
	{[]string{"-r", "--resume"}, optional, "[value]", all},
	{[]string{"-d", "--debug"}, optional, "[filter]", all},
	{[]string{"--cloud"}, optional, "[description|session_id|url]", newer},
	{[]string{"--from-pr"}, optional, "[value]", all},
	{[]string{"--prompt-suggestions"}, optional, "[value]", newer},
	{[]string{"--remote-control"}, optional, "[name]", newer},
	{[]string{"--teleport"}, optional, "[session]", newer},
	{[]string{"-w", "--worktree"}, optional, "[name]", newer},
	{[]string{"--add-dir"}, variadic, "<directories...>", all},
	{[]string{"--allowedTools", "--allowed-tools"}, variadic, "<tools...>", all},
	{[]string{"--disallowedTools", "--disallowed-tools"}, variadic, "<tools...>", all},
	{[]string{"--tools"}, variadic, "<tools...>", all},
	{[]string{"--mcp-config"}, variadic, "<configs...>", all},
	{[]string{"--betas"}, variadic, "<betas...>", all},
	{[]string{"--file"}, variadic, "<specs...>", all},
	{[]string{"--plugin-dir"}, variadic, "<paths...>", all},
}

// choices are the values the CLI allows for some options.
var choices = map[string][]string{
	"--output-format": {"text", "json", "stream-json"},
	"--input-format":  {"text", "stream-json"},
}

// fakeOptions are the fake's own options, read before the CLI's.
var fakeOptions = []option{
	{[]string{"--scenario"}, required, "<id>", all},
	{[]string{"--cli-version"}, required, "<version>", all},
	{[]string{"--recordings"}, required, "<dir>", all},
	{[]string{"--embedded"}, none, "", all},
	{[]string{"--chaos"}, required, "<faults>", all},
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
	// Chaos is --chaos, the faults to inject (see ParseChaos).
	Chaos string
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
// of version does: the options that version has (its --help's and the
// hidden ones the SDKs pass) with their arities, "--name=value", "--"
// ending the options, one positional prompt; an unknown option, a missing
// value or a value outside an option's choices is a *[UsageError] with the
// CLI's message, suggesting the option meant as the CLI does ("(Did you
// mean --verbose?)").
func ParseArgs(version string, args []string) (*Args, error) {
	fam := familyOf(version)
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
			if o = find(cliOptions, name); o != nil && !o.takes(fam) {
				o = nil
			}
		}
		if o == nil || (hasValue && o.arity == none) {
			return nil, &UsageError{Msg: fmt.Sprintf("error: unknown option '%s'", arg) + suggest(arg, fam)}
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
			case "--chaos":
				a.Chaos = vals[0]
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

// suggest is what the CLI's parser (commander) adds to the error for an
// unknown option: the listed long options of the version closest to it
// in edit distance, if close enough.
func suggest(arg string, fam family) string {
	if !strings.HasPrefix(arg, "--") {
		return ""
	}
	const maxDistance, minSimilarity = 3, 0.4
	word := arg[2:]
	var similar []string
	best := maxDistance
	seen := map[string]bool{}
	for _, o := range cliOptions {
		if o.in == hidden || !o.takes(fam) {
			continue
		}
		for _, n := range o.names {
			c, ok := strings.CutPrefix(n, "--")
			if !ok || len(c) <= 1 || seen[c] {
				continue
			}
			seen[c] = true
			d := editDistance(word, c)
			l := max(len(word), len(c))
			if float64(l-d)/float64(l) <= minSimilarity {
				continue
			}
			switch {
			case d < best:
				best, similar = d, []string{c}
			case d == best:
				similar = append(similar, c)
			}
		}
	}
	slices.Sort(similar)
	for i := range similar {
		similar[i] = "--" + similar[i]
	}
	switch len(similar) {
	case 0:
		return ""
	case 1:
		return "\n(Did you mean " + similar[0] + "?)"
	}
	return "\n(Did you mean one of " + strings.Join(similar, ", ") + "?)"
}

// editDistance is the optimal string alignment distance of a and b
// (Damerau-Levenshtein without repeated edits), as commander computes it.
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for j := 1; j <= len(b); j++ {
		for i := 1; i <= len(a); i++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// scanFakeOptions reads the fake's own options from a command line
// without parsing the CLI's: Main needs the version before it can parse
// the rest as that version does.
func scanFakeOptions(args []string) *Args {
	a := &Args{}
	for i := 0; i < len(args); i++ {
		if args[i] == "--" {
			break
		}
		name, value, hasValue := strings.Cut(args[i], "=")
		if name == "--embedded" && !hasValue {
			a.Embedded = true
			continue
		}
		var dst *string
		switch name {
		case "--scenario":
			dst = &a.Scenario
		case "--cli-version":
			dst = &a.CLIVersion
		case "--recordings":
			dst = &a.Recordings
		default:
			continue
		}
		if !hasValue {
			if i+1 >= len(args) {
				break
			}
			i++
			value = args[i]
		}
		*dst = value
	}
	return a
}
