package scenario

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/tools/txtar"

	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/match"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/stubapi"
)

// Ext is the file name extension of scenario files.
const Ext = ".txtar"

// DefaultTimeout bounds a scenario run whose header sets no timeout. Runs
// that pass take a few seconds; the bound only ends runs that hang.
const DefaultTimeout = 3 * time.Minute

// Text is a text in the languages of the documentation: English and
// Japanese. Both are required.
type Text struct {
	En string `json:"en"`
	Ja string `json:"ja"`
}

// Notes are observations about a scenario, in English and Japanese, one
// paragraph an element; both lists have the same length, element i of one
// translating element i of the other.
type Notes struct {
	En []string `json:"en"`
	Ja []string `json:"ja"`
}

// Scenario is one parsed scenario file: a conversation with the CLI against
// a scripted fake API, and what the CLI must do in it. Sections that differ
// between CLI versions have variants; [Scenario.Plan] resolves them for one
// version.
type Scenario struct {
	// Path is the file the scenario was read from, as given to Parse.
	Path string
	// ID names the scenario; it is the file name without ".txtar".
	ID string
	// Category groups scenarios in the documentation, e.g. "basic",
	// "tools", "errors".
	Category string
	// Title says what the scenario shows.
	Title Text
	// Notes are observations about what the CLI does.
	Notes Notes
	// Applies is the range of CLI versions the scenario applies to; the
	// zero Constraint means all. NotApplicable says why the others are left
	// out.
	Applies       cliversion.Constraint
	NotApplicable Text
	// Args are the CLI flags after the stream-json ones.
	Args []string
	// Env are environment variables set for the CLI, sorted by name
	// ("KEY=VALUE").
	Env []string
	// Ignore lists paths that no expected message compares (see
	// [match.Ignore]).
	Ignore []string
	// Timeout bounds a run.
	Timeout time.Duration
	// Auth is how the CLI authenticates to the fake API.
	Auth Auth
	// Restart, when set, ends the CLI process before a turn and starts
	// another in the same working and config folders, as a later run of a
	// user resumes a session; nil for one process.
	Restart *recording.Restart
	// SessionFiles asks for the files the CLI writes under its config
	// folder's projects/ folder (the session transcripts, subagents'
	// transcripts, …) in the recording, as its session files (see
	// [recording.SessionFile]).
	SessionFiles bool
	// Paths declare what a CLI's run may or may not show from run to run
	// on some versions, where the CLI takes one of several paths by
	// timing: a difference there between two recordings is no change.
	Paths []Paths

	sections map[string][]variant // by base name
	turns    int                  // number of turns
}

// variant is one version of a section: its content for the versions its
// constraint allows (all when zero).
type variant struct {
	name string // the section name as written
	cli  cliversion.Constraint
	line int // line of the section's first content line in the file
	data []byte
	// parsed holds the decoded content: stubapi.Script, []Line,
	// []Expectation, Want.
	parsed any
}

// Auth is how a run's CLI authenticates to the fake API, which accepts
// anything: it decides which of the CLI's code paths run.
type Auth string

// The ways to authenticate.
const (
	// AuthAPIKey gives the CLI an API key (ANTHROPIC_API_KEY), as a Console
	// user has. The default.
	AuthAPIKey Auth = "api_key"
	// AuthOAuth gives the CLI a claude.ai subscription's OAuth token
	// (CLAUDE_CODE_OAUTH_TOKEN) and no API key, as the GitHub Action and
	// other subscribers run it. Only then do the CLIs read the
	// anthropic-ratelimit-unified-* response headers: a usage limit
	// becomes "You've hit your session limit · resets …" instead of an API
	// error, and 2.1.330 writes rate_limit_event messages.
	AuthOAuth Auth = "oauth"
)

// DummyOAuthToken is the OAuth token of AuthOAuth runs.
const DummyOAuthToken = "sk-ant-oat01-ccwire-dummy-oauth-token"

// env returns the environment entries that set a up for the CLI: an empty
// ANTHROPIC_API_KEY (the CLIs take an empty key for none) and the token
// for AuthOAuth, none for AuthAPIKey (the session's key stays).
func (a Auth) env() []string {
	if a == AuthOAuth {
		return []string{"ANTHROPIC_API_KEY=", "CLAUDE_CODE_OAUTH_TOKEN=" + DummyOAuthToken}
	}
	return nil
}

// Paths declares, for the CLI versions Applies allows, the kinds and
// members (as drift reports name them: "stream_event/message_stop",
// "assistant/text.message.stop_reason") that a run may have or lack,
// and Why, in both languages, the paths the CLI takes.
type Paths struct {
	Applies cliversion.Constraint
	Varies  []string
	Why     Text
}

// Varies returns the kinds and members of the paths declared for CLI
// version (see [Paths]), nil for none or a version that does not parse.
func (sc *Scenario) Varies(version string) []string {
	v, err := cliversion.Parse(version)
	if err != nil {
		return nil
	}
	var out []string
	for _, p := range sc.Paths {
		if p.Applies.Allows(v) {
			out = append(out, p.Varies...)
		}
	}
	return out
}

type pathsJSON struct {
	CLI    string   `json:"cli"`
	Varies []string `json:"varies"`
	Why    *Text    `json:"why"`
}

// Line is one line sent to the CLI's stdin.
type Line struct {
	// Data is the line without its newline. In stdin.jsonl sections the
	// string tokens "<request_id>" and "<session_id>" are replaced when
	// sent: by the request_id of the last control_request the CLI wrote,
	// and by the session_id of its system/init.
	Data []byte
	// Source is where the line is written: "file:line".
	Source string
}

// Expectation is one pattern of an expect or want section.
type Expectation struct {
	// Pattern is the partial JSON the message (or request) must match.
	Pattern match.Pattern
	// Source is where the pattern is written: "file:line".
	Source string
}

// Want holds the checks of a want.json section that apply after the run.
type Want struct {
	// ExitCode is the CLI's expected exit status after its stdin closes.
	ExitCode int `json:"exit_code"`
	// UnusedTurns is how many turns of the stub script the CLI is expected
	// to leave unused (normally 0: every scripted turn is requested).
	UnusedTurns int `json:"unused_turns"`
	// AllowOverrun accepts main-loop requests after the script is used up.
	AllowOverrun bool `json:"allow_overrun"`
	// MainRequests, when set, is the exact number of main-loop requests
	// the CLI makes.
	MainRequests *int `json:"main_requests,omitempty"`
	// Stderr, when set, is all the CLI may write on its stderr in the run,
	// white space around it aside ("" for nothing).
	Stderr *string `json:"stderr,omitempty"`
}

// signalNumbers are the signals a turn's signal section may name.
var signalNumbers = map[string]syscall.Signal{
	"SIGINT":  syscall.SIGINT,
	"SIGTERM": syscall.SIGTERM,
}

// File is a file of the working folder.
type File struct {
	// Path is slash-separated and relative to the working folder.
	Path string
	// Data is the file's content.
	Data []byte
}

// ParseError reports a problem in a scenario file, with its place.
type ParseError struct {
	// File is the scenario file's path.
	File string
	// Line is the 1-based line in the file, 0 if unknown.
	Line int
	// Section is the section concerned, "" for the file as a whole.
	Section string
	// Err says what is wrong.
	Err error
}

// Error formats the error as "file:line: section: problem".
func (e *ParseError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	if e.Section != "" {
		fmt.Fprintf(&b, ": section %q", e.Section)
	}
	fmt.Fprintf(&b, ": %v", e.Err)
	return b.String()
}

// Unwrap returns the underlying problem.
func (e *ParseError) Unwrap() error { return e.Err }

// Load reads and parses the scenario file at path.
func Load(path string) (*Scenario, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("scenario: %w", err)
	}
	return Parse(path, data)
}

// LoadDir parses every *.txtar file directly in dir, sorted by ID. It
// reports every file's errors at once (joined).
func LoadDir(dir string) ([]*Scenario, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("scenario: %w", err)
	}
	return loadAll(entries, dir, os.DirFS(dir), func(name string) string { return filepath.Join(dir, name) })
}

// LoadFS is [LoadDir] for the root of fsys, such as the scenarios built
// into ccwire (package scenarios); a scenario's Path is its name in fsys.
func LoadFS(fsys fs.FS) ([]*Scenario, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, fmt.Errorf("scenario: %w", err)
	}
	return loadAll(entries, "the file system", fsys, func(name string) string { return name })
}

// loadAll parses the *.txtar files among entries, read from fsys; where
// names the folder and pathOf a file's path in errors.
func loadAll(entries []fs.DirEntry, where string, fsys fs.FS, pathOf func(name string) string) ([]*Scenario, error) {
	var out []*Scenario
	var errs []error
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), Ext) {
			continue
		}
		data, err := fs.ReadFile(fsys, e.Name())
		if err != nil {
			errs = append(errs, fmt.Errorf("scenario: %s: %w", pathOf(e.Name()), err))
			continue
		}
		sc, err := Parse(pathOf(e.Name()), data)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, sc)
	}
	if len(out) == 0 && len(errs) == 0 {
		return nil, fmt.Errorf("scenario: no %s files in %s", Ext, where)
	}
	slices.SortFunc(out, func(a, b *Scenario) int { return strings.Compare(a.ID, b.ID) })
	return out, errors.Join(errs...)
}

var (
	idPattern       = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	turnSection     = regexp.MustCompile(`^turns/([1-9][0-9]*)/(stdin\.jsonl|stdin\.txt|expect\.jsonl|signal)$`)
	reservedEnvVars = []string{"HOME", "CLAUDE_CONFIG_DIR", "TMPDIR", "CLAUDE_CODE_TMPDIR", "ANTHROPIC_BASE_URL", "ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN"}
)

// Parse parses a scenario file; name is its path, used in errors and to
// check the ID. Errors are *ParseError values (joined when there are
// several), each naming the file, line and section.
func Parse(name string, data []byte) (*Scenario, error) {
	p := &parser{file: name, data: data}
	sc := p.parse()
	if len(p.errs) > 0 {
		return nil, errors.Join(p.errs...)
	}
	return sc, nil
}

type parser struct {
	file string
	data []byte
	errs []error
}

func (p *parser) errorf(line int, section, format string, args ...any) {
	p.errs = append(p.errs, &ParseError{File: p.file, Line: line, Section: section, Err: fmt.Errorf(format, args...)})
}

func (p *parser) wrap(line int, section string, err error) {
	p.errs = append(p.errs, &ParseError{File: p.file, Line: line, Section: section, Err: err})
}

// sectionLines returns, for each section marker of data in order, the line
// number of its first content line. It follows txtar's marker rule.
func sectionLines(data []byte) []int {
	var out []int
	line := 0
	for len(data) > 0 {
		line++
		l := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			l, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		l = bytes.TrimSuffix(l, []byte("\r"))
		if len(l) >= 6 && bytes.HasPrefix(l, []byte("-- ")) && bytes.HasSuffix(l, []byte(" --")) && len(bytes.TrimSpace(l[3:len(l)-3])) > 0 {
			out = append(out, line+1)
		}
	}
	return out
}

func (p *parser) parse() *Scenario {
	ar := txtar.Parse(p.data)
	lines := sectionLines(p.data)
	sc := &Scenario{Path: p.file, sections: map[string][]variant{}}
	if len(ar.Files) == 0 {
		p.errorf(0, "", "no sections; a scenario starts with a -- scenario.json -- section")
		return sc
	}
	if ar.Files[0].Name != "scenario.json" {
		p.errorf(lines[0]-1, ar.Files[0].Name, "the first section must be scenario.json")
	}
	seen := map[string]bool{}
	hasStub := false
	for i, f := range ar.Files {
		line := lines[i]
		if seen[f.Name] {
			p.errorf(line-1, f.Name, "section appears twice")
			continue
		}
		seen[f.Name] = true
		if f.Name == "scenario.json" {
			if i == 0 {
				p.header(sc, f.Data, line)
			}
			continue
		}
		base, cli, err := splitSectionName(f.Name)
		if err != nil {
			p.wrap(line-1, f.Name, err)
			continue
		}
		v := variant{name: f.Name, cli: cli, line: line, data: f.Data}
		if base == "stub.json" {
			hasStub = true
		}
		if !p.content(&v, base) {
			continue
		}
		sc.sections[base] = append(sc.sections[base], v)
	}
	if !hasStub {
		p.errorf(0, "", "no stub.json section: every scenario scripts the fake API")
	}
	p.checkTurns(sc)
	p.checkOverlaps(sc)
	return sc
}

// splitSectionName splits "turns/1/expect.jsonl [>=2.1.100]" into its base
// name and constraint.
func splitSectionName(name string) (string, cliversion.Constraint, error) {
	base, rest, ok := strings.Cut(name, " [")
	if !ok {
		if strings.ContainsAny(name, "[] \t") {
			return "", cliversion.Constraint{}, fmt.Errorf("bad section name: a version variant is written %q", "name [>=2.1.100]")
		}
		return name, cliversion.Constraint{}, nil
	}
	spec, ok := strings.CutSuffix(rest, "]")
	if !ok || strings.ContainsAny(base, " \t") {
		return "", cliversion.Constraint{}, fmt.Errorf("bad section name: a version variant is written %q", "name [>=2.1.100]")
	}
	c, err := cliversion.ParseConstraint(spec)
	if err != nil {
		return "", cliversion.Constraint{}, err
	}
	return base, c, nil
}

// content parses a section's content into v.parsed according to its base
// name; it reports false (with the error recorded) for a bad section.
func (p *parser) content(v *variant, base string) bool {
	switch {
	case base == "stub.json":
		s, err := stubapi.ParseScript(v.data)
		if err != nil {
			p.wrap(v.line+scriptErrorLine(err)-1, v.name, fmt.Errorf("stub script (the format of ccwire stub --script): %w", err))
			return false
		}
		v.parsed = s
	case base == "want.json":
		var w Want
		if err := p.strictJSON(v, &w); err != nil {
			return false
		}
		if w.ExitCode < 0 || w.ExitCode > 255 || w.UnusedTurns < 0 || (w.MainRequests != nil && *w.MainRequests < 0) {
			p.errorf(v.line, v.name, "exit_code must be 0–255, unused_turns and main_requests not negative")
			return false
		}
		v.parsed = w
	case strings.HasPrefix(base, "files/"), strings.HasPrefix(base, "want/files/"):
		rel := strings.TrimPrefix(strings.TrimPrefix(base, "want/"), "files/")
		if !fs.ValidPath(rel) || rel == "." {
			p.errorf(v.line-1, v.name, "file path %q must be relative, slash-separated, without . or .. elements", rel)
			return false
		}
		v.parsed = File{Path: rel, Data: v.data}
	case base == "want/requests.jsonl", base == "want/tool_results.jsonl":
		exps, ok := p.patterns(v)
		if !ok {
			return false
		}
		v.parsed = exps
	default:
		m := turnSection.FindStringSubmatch(base)
		if m == nil {
			p.errorf(v.line-1, v.name, "unknown section; see scenarios/README.md for the sections a scenario has")
			return false
		}
		switch m[2] {
		case "expect.jsonl":
			exps, ok := p.patterns(v)
			if !ok {
				return false
			}
			v.parsed = exps
		case "stdin.jsonl":
			lines, ok := p.stdinLines(v)
			if !ok {
				return false
			}
			v.parsed = lines
		case "stdin.txt":
			var lines []Line
			data := v.data
			for i := 0; len(data) > 0; i++ {
				l, rest, _ := bytes.Cut(data, []byte("\n"))
				lines = append(lines, Line{Data: l, Source: p.source(v.line + i)})
				data = rest
			}
			v.parsed = lines
		case "signal":
			name := strings.TrimSpace(string(v.data))
			if _, ok := signalNumbers[name]; !ok {
				p.errorf(v.line, v.name, "signal %q: want one of %s", name, strings.Join(slices.Sorted(maps.Keys(signalNumbers)), ", "))
				return false
			}
			v.parsed = name
		}
	}
	return true
}

func (p *parser) source(line int) string { return p.file + ":" + strconv.Itoa(line) }

// jsonlLines yields the lines of a JSONL section that hold a value: blank
// lines and lines starting with # are comments.
func jsonlLines(data []byte, first int, yield func(line int, text []byte) bool) {
	for i := 0; len(data) > 0; i++ {
		l, rest, _ := bytes.Cut(data, []byte("\n"))
		data = rest
		t := bytes.TrimSpace(l)
		if len(t) == 0 || t[0] == '#' {
			continue
		}
		if !yield(first+i, t) {
			return
		}
	}
}

func (p *parser) patterns(v *variant) ([]Expectation, bool) {
	var out []Expectation
	ok := true
	jsonlLines(v.data, v.line, func(line int, text []byte) bool {
		pat, err := match.Parse(text)
		if err != nil {
			p.wrap(line, v.name, fmt.Errorf("pattern: %w", err))
			ok = false
			return true
		}
		out = append(out, Expectation{Pattern: pat, Source: p.source(line)})
		return true
	})
	return out, ok
}

func (p *parser) stdinLines(v *variant) ([]Line, bool) {
	var out []Line
	ok := true
	jsonlLines(v.data, v.line, func(line int, text []byte) bool {
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(text, &obj); err != nil {
			p.wrap(line, v.name, fmt.Errorf("a stdin.jsonl line is one JSON object (use stdin.txt to send other bytes): %w", err))
			ok = false
			return true
		}
		var compact bytes.Buffer
		_ = json.Compact(&compact, text)
		out = append(out, Line{Data: compact.Bytes(), Source: p.source(line)})
		return true
	})
	return out, ok
}

// strictJSON decodes one JSON object section into dst, rejecting unknown
// fields and trailing data.
func (p *parser) strictJSON(v *variant, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(v.data))
	dec.DisallowUnknownFields()
	err := dec.Decode(dst)
	if err == nil && dec.More() {
		err = errors.New("trailing data after the JSON object")
	}
	if err != nil {
		line := v.line
		var syn *json.SyntaxError
		var typ *json.UnmarshalTypeError
		switch {
		case errors.As(err, &syn):
			line += bytes.Count(v.data[:min(int(syn.Offset), len(v.data))], []byte("\n"))
		case errors.As(err, &typ):
			line += bytes.Count(v.data[:min(int(typ.Offset), len(v.data))], []byte("\n"))
		}
		p.wrap(line, v.name, err)
	}
	return err
}

// scriptErrorLine returns the 1-based line within a stub.json section of
// a script error when it names one, else 1.
func scriptErrorLine(err error) int {
	var se *stubapi.ScriptError
	if errors.As(err, &se) && se.Line > 0 {
		return se.Line
	}
	return 1
}

type headerJSON struct {
	ID            string             `json:"id"`
	Category      string             `json:"category"`
	Title         *Text              `json:"title"`
	Notes         *Notes             `json:"notes"`
	CLI           string             `json:"cli"`
	NotApplicable *Text              `json:"not_applicable"`
	Args          []string           `json:"args"`
	Env           map[string]string  `json:"env"`
	Ignore        []string           `json:"ignore"`
	Timeout       string             `json:"timeout"`
	Auth          string             `json:"auth"`
	Restart       *recording.Restart `json:"restart"`
	SessionFiles  bool               `json:"session_files"`
	Paths         []pathsJSON        `json:"paths"`
}

func (p *parser) header(sc *Scenario, data []byte, line int) {
	v := &variant{name: "scenario.json", line: line, data: data}
	var h headerJSON
	if p.strictJSON(v, &h) != nil {
		return
	}
	const sec = "scenario.json"
	want := strings.TrimSuffix(path.Base(filepath.ToSlash(p.file)), Ext)
	switch {
	case h.ID == "":
		p.errorf(line, sec, "id is missing")
	case !idPattern.MatchString(h.ID):
		p.errorf(line, sec, "id %q: use lower-case letters, digits and single dashes", h.ID)
	case h.ID != want:
		p.errorf(line, sec, "id %q differs from the file name %q", h.ID, want+Ext)
	}
	sc.ID = h.ID
	if h.Category == "" || !idPattern.MatchString(h.Category) {
		p.errorf(line, sec, "category %q: give one in lower-case letters, digits and dashes", h.Category)
	}
	sc.Category = h.Category
	if h.Title == nil || strings.TrimSpace(h.Title.En) == "" || strings.TrimSpace(h.Title.Ja) == "" {
		p.errorf(line, sec, `title needs both languages: {"en": "...", "ja": "..."}`)
	} else {
		sc.Title = *h.Title
	}
	if h.Notes != nil {
		if len(h.Notes.En) != len(h.Notes.Ja) {
			p.errorf(line, sec, "notes: %d in English, %d in Japanese; give each note in both", len(h.Notes.En), len(h.Notes.Ja))
		}
		for i := range h.Notes.En {
			if strings.TrimSpace(h.Notes.En[i]) == "" || (i < len(h.Notes.Ja) && strings.TrimSpace(h.Notes.Ja[i]) == "") {
				p.errorf(line, sec, "notes: note %d is empty", i+1)
			}
		}
		sc.Notes = *h.Notes
	}
	if h.CLI != "" {
		c, err := cliversion.ParseConstraint(h.CLI)
		if err != nil {
			p.wrap(line, sec, fmt.Errorf("cli: %w", err))
		}
		sc.Applies = c
		if h.NotApplicable == nil || strings.TrimSpace(h.NotApplicable.En) == "" || strings.TrimSpace(h.NotApplicable.Ja) == "" {
			p.errorf(line, sec, `cli limits the versions, so not_applicable must say why the others are left out: {"en": "...", "ja": "..."}`)
		} else {
			sc.NotApplicable = *h.NotApplicable
		}
	} else if h.NotApplicable != nil {
		p.errorf(line, sec, "not_applicable without cli: say which versions the scenario applies to")
	}
	for i, pj := range h.Paths {
		c, err := cliversion.ParseConstraint(pj.CLI)
		switch {
		case pj.CLI == "":
			p.errorf(line, sec, "paths[%d]: cli is missing: say on which versions the CLI takes several paths", i)
		case err != nil:
			p.wrap(line, sec, fmt.Errorf("paths[%d]: cli: %w", i, err))
		}
		if len(pj.Varies) == 0 || slices.Contains(pj.Varies, "") {
			p.errorf(line, sec, "paths[%d]: varies must name the kinds or members that differ between the paths", i)
		}
		if pj.Why == nil || strings.TrimSpace(pj.Why.En) == "" || strings.TrimSpace(pj.Why.Ja) == "" {
			p.errorf(line, sec, `paths[%d]: why needs both languages: {"en": "...", "ja": "..."}`, i)
			continue
		}
		sc.Paths = append(sc.Paths, Paths{Applies: c, Varies: pj.Varies, Why: *pj.Why})
	}
	sc.Args = h.Args
	for k, val := range h.Env {
		if k == "" || strings.ContainsAny(k, "= \t\n") {
			p.errorf(line, sec, "env: bad variable name %q", k)
			continue
		}
		switch {
		case k == "ANTHROPIC_API_KEY" || k == "ANTHROPIC_AUTH_TOKEN" || k == "CLAUDE_CODE_OAUTH_TOKEN":
			p.errorf(line, sec, "env: %s is set by the runner; choose how the CLI authenticates with \"auth\"", k)
			continue
		case slices.Contains(reservedEnvVars, k):
			p.errorf(line, sec, "env: %s is set by the runner (each run has its own HOME, folders and fake API)", k)
			continue
		}
		sc.Env = append(sc.Env, k+"="+val)
	}
	slices.Sort(sc.Env)
	for _, ig := range h.Ignore {
		if ig == "" {
			p.errorf(line, sec, "ignore: empty path (the root cannot be ignored)")
		}
	}
	sc.Ignore = h.Ignore
	switch a := Auth(h.Auth); a {
	case "", AuthAPIKey:
		sc.Auth = AuthAPIKey
	case AuthOAuth:
		sc.Auth = a
	default:
		p.errorf(line, sec, "auth %q: want %q (the default) or %q", h.Auth, AuthAPIKey, AuthOAuth)
	}
	sc.SessionFiles = h.SessionFiles
	if h.Restart != nil {
		if h.Restart.Turn < 2 {
			p.errorf(line, sec, "restart: turn %d: the new process starts at turn 2 or later", h.Restart.Turn)
		}
		sc.Restart = h.Restart
	}
	sc.Timeout = DefaultTimeout
	if h.Timeout != "" {
		d, err := time.ParseDuration(h.Timeout)
		if err != nil || d <= 0 {
			p.errorf(line, sec, "timeout %q: want a positive duration such as \"90s\"", h.Timeout)
		} else {
			sc.Timeout = d
		}
	}
}

// checkTurns checks that turns are numbered from 1 without gaps, that no
// turn has both stdin forms and that every turn does something.
func (p *parser) checkTurns(sc *Scenario) {
	n := 0
	has := map[int]map[string]bool{}
	for base := range sc.sections {
		m := turnSection.FindStringSubmatch(base)
		if m == nil {
			continue
		}
		i, _ := strconv.Atoi(m[1])
		if has[i] == nil {
			has[i] = map[string]bool{}
		}
		has[i][m[2]] = true
		n = max(n, i)
	}
	if n == 0 {
		p.errorf(0, "", "no turns: give at least turns/1/stdin.jsonl")
	}
	for i := 1; i <= n; i++ {
		switch {
		case has[i] == nil:
			p.errorf(0, "", "turn %d is missing (turns are numbered from 1 without gaps)", i)
		case has[i]["stdin.jsonl"] && has[i]["stdin.txt"]:
			p.errorf(0, "", "turn %d has both stdin.jsonl and stdin.txt; give one", i)
		case has[i]["signal"] && i != n:
			p.errorf(0, "", "turn %d sends a signal but is not the last turn: the CLI ends on it", i)
		}
	}
	sc.turns = n
	if sc.Restart != nil && n > 0 && sc.Restart.Turn > n {
		p.errorf(0, "", "restart: turn %d, but the scenario has %d turn(s)", sc.Restart.Turn, n)
	}
}

// checkOverlaps rejects two variants of one section that both apply to
// some version, naming the oldest such release.
func (p *parser) checkOverlaps(sc *Scenario) {
	for base, vs := range sc.sections {
		for i, a := range vs {
			for _, b := range vs[i+1:] {
				if a.cli.IsZero() || b.cli.IsZero() {
					continue
				}
				ver, ok := a.cli.Overlap(b.cli)
				if !ok {
					continue
				}
				var hits []string
				for _, v := range vs {
					if !v.cli.IsZero() && v.cli.Allows(ver) {
						hits = append(hits, v.name)
					}
				}
				p.errorf(vs[0].line-1, base, "variants %s all apply to CLI %s; make their version ranges disjoint", strings.Join(hits, ", "), ver)
				return
			}
		}
	}
}

// Turns returns the number of turns.
func (sc *Scenario) Turns() int { return sc.turns }

// AppliesTo reports whether the scenario applies to CLI version v.
func (sc *Scenario) AppliesTo(v cliversion.Version) bool { return sc.Applies.Allows(v) }

// SkipReason says why the scenario does not apply to CLI version v, in
// terms of the running version and the scenario's constraint rather than
// any fixed version: "for Claude Code <2.1.100, and 2.1.331 is newer:
// newer versions have no Glob tool; …", followed by NotApplicable. It is
// the Reason of a skipped [Result].
func (sc *Scenario) SkipReason(v cliversion.Version) Text {
	relEn, relJa := "not among them", "その範囲外"
	if lo, ok := sc.Applies.Lower(); ok && (v.Compare(lo.Version) < 0 || v.Compare(lo.Version) == 0 && !lo.Inclusive) {
		relEn, relJa = "older", "それより古い"
	} else if hi, ok := sc.Applies.Upper(); ok && (v.Compare(hi.Version) > 0 || v.Compare(hi.Version) == 0 && !hi.Inclusive) {
		relEn, relJa = "newer", "それより新しい"
	}
	return Text{
		En: fmt.Sprintf("for Claude Code %s, and %s is %s: %s", sc.Applies, v, relEn, lowerFirst(sc.NotApplicable.En)),
		Ja: fmt.Sprintf("Claude Code %s が対象で、%s は%s：%s", sc.Applies, v, relJa, sc.NotApplicable.Ja),
	}
}

// lowerFirst lowers the first letter of s when it starts a plain word
// ("Newer versions" but not "TeamCreate"), to follow a colon.
func lowerFirst(s string) string {
	if len(s) < 2 || s[0] < 'A' || s[0] > 'Z' || s[1] < 'a' || s[1] > 'z' {
		return s
	}
	for i := 1; i < len(s) && s[i] != ' '; i++ {
		if s[i] >= 'A' && s[i] <= 'Z' {
			return s // a name such as TeamCreate
		}
	}
	return string(s[0]+'a'-'A') + s[1:]
}
