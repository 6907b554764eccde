package fakecli

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/big"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ccwire/ccwire/internal/jsontree"
	"github.com/ccwire/ccwire/recording"
)

// Env holds the values a replay puts for the placeholders of the run's
// machine: the folders and the process.
type Env struct {
	// Cwd, Home and Session are the values of <cwd>, <home> and
	// <session> (the folder that holds HOME and TMPDIR on a recorded
	// run); their "-slug" variants follow.
	Cwd, Home, Session string
	// PID is the value of <pid>.
	PID int
	// Version is the value of <cli-version>: the recording's CLI version.
	Version string
	// Start is when the session began; <duration> counts from it until
	// the first user message, and from the latest user message after it
	// (the CLI times each turn: a result's duration_ms is its turn's).
	Start time.Time
	// Config is the value of <config>, the CLI's config folder
	// (CLAUDE_CONFIG_DIR); "" for <home>/.claude.
	Config string
	// MCPBin is the value of <mcp-bin>, the folder of the MCP server
	// program a recording's host named (the test MCP server's); "" for
	// the folder of the first stdio MCP server the host names, else Cwd.
	MCPBin string
	// APIURL is the value of <api-url> (the API base URL, as
	// ANTHROPIC_BASE_URL gives it) and, without its scheme, of
	// <api-host>. Default: https://api.anthropic.com.
	APIURL string
}

// apiURL returns the API base URL the session claims to use.
func (e *Env) apiURL() string {
	if e.APIURL == "" {
		return "https://api.anthropic.com"
	}
	return e.APIURL
}

// placeholderRE finds the placeholders of recordings in a text
// ([recording.PlaceholderPattern]): numbered ones (<uuid:3>) and the named
// ones a recording writes for run or machine values. Other texts in angle
// brackets (<system-reminder>) stay.
var placeholderRE = recording.PlaceholderPattern()

var uuidShape = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// gives reports whether e holds the value of the named placeholder name
// (rather than the clock, a default or a made-up value giving it).
func (e *Env) gives(name string) bool {
	switch name {
	case "cwd", "cwd-slug":
		return e.Cwd != ""
	case "home", "home-slug", "cli", "cli-slug":
		return e.Home != ""
	case "session", "session-slug":
		return e.Session != ""
	case "pid":
		return e.PID != 0
	case "cli-version":
		return e.Version != ""
	case "api-host", "api-url":
		return e.APIURL != ""
	case "config", "config-slug":
		return e.Config != "" || e.Home != ""
	case "mcp-bin", "mcp-bin-slug":
		return e.MCPBin != ""
	}
	return false
}

// config returns the CLI's config folder.
func (e *Env) config() string {
	if e.Config != "" || e.Home == "" {
		return e.Config
	}
	return filepath.Join(e.Home, ".claude")
}

// mcpBin returns the folder of the test MCP server.
func (e *Env) mcpBin() string {
	if e.MCPBin != "" {
		return e.MCPBin
	}
	return e.Cwd
}

// binder gives each numbered placeholder of one recording a value,
// consistent within a session: the value the other side used where a
// line it wrote holds the placeholder (see bind), or else a fresh one
// made on first use.
type binder struct {
	env    *Env
	values map[string]string // "<uuid:1>" -> value
	used   map[string]bool   // values given, to keep fresh ones unique
	// given: only the values env gives (and those bound) replace their
	// placeholders; the others stay, and a number's placeholder with no
	// value becomes 0 (see Resolve).
	given bool
}

func newBinder(env *Env) *binder {
	return &binder{env: env, values: map[string]string{}, used: map[string]bool{}}
}

// bind walks a recorded message and the message the host actually sent
// side by side and binds every unbound numbered placeholder that is a
// whole string in the recording to the host's string at the same place,
// if it has the placeholder's shape.
func (b *binder) bind(rec, actual *jsontree.Value) {
	if rec == nil || actual == nil {
		return
	}
	switch rec.Kind {
	case jsontree.String:
		if actual.Kind != jsontree.String || actual.Str == "" {
			return
		}
		m := placeholderRE.FindStringSubmatch(rec.Str)
		if m == nil {
			return
		}
		if m[0] != rec.Str || m[1] == "" {
			b.bindPaths(rec.Str, actual.Str)
			return
		}
		if _, ok := b.values[rec.Str]; ok {
			return
		}
		if m[1] == "uuid" && !uuidShape.MatchString(actual.Str) {
			return
		}
		b.values[rec.Str] = actual.Str
		b.used[actual.Str] = true
	case jsontree.Object:
		if actual.Kind != jsontree.Object {
			return
		}
		for _, m := range rec.Members {
			b.bind(m.Val, actual.Get(m.Key))
		}
	case jsontree.Array:
		if actual.Kind != jsontree.Array {
			return
		}
		for i, e := range rec.Elems {
			if i < len(actual.Elems) {
				b.bind(e, actual.Elems[i])
			}
		}
	}
}

// bindablePaths are the named placeholders of folders that the host's
// own lines may give: the CLI echoes the folder the host named (an MCP
// server's command in mcp_set_servers, shown again in mcp_status).
var bindablePaths = map[string]bool{"<mcp-bin>": true}

// bindPaths binds the unbound placeholders of bindablePaths in rec, a
// recorded string, to the host's folders at the same place in actual:
// "<mcp-bin>/mcp-test-server" and "/x/bin/mcp-test-server" bind <mcp-bin>
// to "/x/bin".
func (b *binder) bindPaths(rec, actual string) {
	locs := placeholderRE.FindAllStringIndex(rec, -1)
	var names []string
	var pat strings.Builder
	pat.WriteString("^")
	last := 0
	for _, l := range locs {
		p := rec[l[0]:l[1]]
		pat.WriteString(regexp.QuoteMeta(rec[last:l[0]]))
		last = l[1]
		if _, bound := b.values[p]; bindablePaths[p] && !bound && !slices.Contains(names, p) {
			names = append(names, p)
			pat.WriteString("(.+?)")
			continue
		}
		pat.WriteString(".*?")
	}
	if len(names) == 0 {
		return
	}
	pat.WriteString(regexp.QuoteMeta(rec[last:]) + "$")
	re, err := regexp.Compile(pat.String())
	if err != nil {
		return
	}
	if m := re.FindStringSubmatch(actual); m != nil {
		for i, p := range names {
			b.values[p] = m[i+1]
		}
	}
}

// set binds placeholder p to value v unless it is bound already.
func (b *binder) set(p, v string) {
	if _, ok := b.values[p]; !ok && v != "" {
		b.values[p] = v
		b.used[v] = true
	}
}

// bound returns the value s stands for: a numbered placeholder's value,
// if it has one yet, or s itself if it is no placeholder.
func (b *binder) bound(s string) (string, bool) {
	if m := placeholderRE.FindStringSubmatch(s); m == nil || m[0] != s || m[1] == "" {
		return s, true
	}
	v, ok := b.values[s]
	return v, ok
}

// value returns the value of numbered placeholder p ("<uuid:1>") of kind,
// making a fresh one on first use.
func (b *binder) value(p, kind string) string {
	if v, ok := b.values[p]; ok {
		return v
	}
	var v string
	for {
		v = fresh(kind, b.env.PID)
		if !b.used[v] {
			break
		}
	}
	b.values[p] = v
	b.used[v] = true
	return v
}

// text replaces the placeholders in s.
func (b *binder) text(s string) string {
	if !strings.Contains(s, "<") {
		return s
	}
	return placeholderRE.ReplaceAllStringFunc(s, func(p string) string {
		m := placeholderRE.FindStringSubmatch(p)
		switch {
		case m[1] != "" && b.given:
			if v, ok := b.values[p]; ok {
				return v
			}
			return p
		case m[1] != "":
			return b.value(p, m[1])
		case b.given && !b.env.gives(m[3]):
			return p
		}
		if v, ok := b.values[p]; ok {
			return v // a folder the host's lines named
		}
		return b.named(m[3])
	})
}

// named returns the value of a named placeholder.
func (b *binder) named(name string) string {
	e := b.env
	now := time.Now()
	switch name {
	case "cwd":
		return e.Cwd
	case "home":
		return e.Home
	case "session":
		return e.Session
	case "cli":
		return filepath.Dir(e.Home)
	case "cwd-slug":
		return slug(e.Cwd)
	case "home-slug":
		return slug(e.Home)
	case "session-slug":
		return slug(e.Session)
	case "cli-slug":
		return slug(filepath.Dir(e.Home))
	case "timestamp":
		return now.UTC().Format("2006-01-02T15:04:05.000Z")
	case "date":
		return now.Format("2006-01-02")
	case "time":
		return strconv.FormatInt(now.UnixMilli(), 10)
	case "duration":
		return strconv.FormatInt(max(now.Sub(e.Start).Milliseconds(), 1), 10)
	case "config":
		return e.config()
	case "config-slug":
		return slug(e.config())
	case "mcp-bin":
		return e.mcpBin()
	case "mcp-bin-slug":
		return slug(e.mcpBin())
	case "fingerprint":
		return randHex(3)
	case "next-run":
		// When a cron job fires next, as CronCreate and CronList write it.
		return now.Add(time.Hour).Format("Jan 2 3:04pm")
	case "clock":
		// When a ScheduleWakeup wakeup fires, with the delay below.
		return now.Add(time.Minute).Format("15:04:05")
	case "delay":
		return "60s"
	case "pid":
		return strconv.Itoa(e.PID)
	case "os-version":
		return "Linux"
	case "cli-version":
		return e.Version
	case "api-host":
		u := e.apiURL()
		if i := strings.Index(u, "://"); i >= 0 {
			u = u[i+3:]
		}
		return u
	case "api-url":
		return e.apiURL()
	}
	return "<" + name + ">"
}

// value replaces the placeholders in a recorded message, returning a new
// value: strings get their placeholders' values, and a string that is
// exactly a number's placeholder ("duration_ms":"<duration>") becomes the
// number.
func (b *binder) message(v *jsontree.Value) *jsontree.Value {
	out := v.Clone()
	fix := func(_ string, val *jsontree.Value) *jsontree.Value {
		if val.Kind != jsontree.String || !strings.Contains(val.Str, "<") {
			return val
		}
		s := b.text(val.Str)
		if recording.IsNumberPlaceholder(val.Str) {
			if _, err := strconv.ParseFloat(s, 64); err == nil {
				return &jsontree.Value{Kind: jsontree.Number, Str: s}
			}
			if b.given {
				return jsontree.NewInt(0)
			}
		}
		return jsontree.NewString(s)
	}
	out = fix("", out)
	out.Walk(fix)
	return out
}

// Resolve returns the recorded message msg (the Msg of a recording's
// stdout or stdin event) with the placeholders that env gives a value
// replaced by it, as a player replaces them, and the others left as they
// are: no value is made up (a numbered placeholder has none, nor <timestamp>
// or <duration>). A number's placeholder ("duration_ms":"<duration>") with
// no value becomes 0, so that the message has the JSON types the CLI wrote.
//
// It is for showing a recording as the transcript it holds (package
// transcript does), with the values the recording itself knows, such as
// its CLI version: Env{Version: rec.Version}.
func Resolve(msg json.RawMessage, env Env) (json.RawMessage, error) {
	if !bytes.Contains(msg, []byte("<")) {
		return msg, nil
	}
	v, err := jsontree.Parse(msg)
	if err != nil {
		return nil, fmt.Errorf("fakecli: recorded message: %w", err)
	}
	b := newBinder(&env)
	b.given = true
	return b.message(v).AppendCompact(nil), nil
}

// slug is a path as the CLI names folders after it: every character but
// letters and digits turned into "-".
func slug(p string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '-'
	}, p)
}

// fresh makes a new value of a numbered placeholder's kind, of the shape
// the CLI (or the fake API) gives such values, so that a recording's
// normalizer recognizes it again.
func fresh(kind string, pid int) string {
	switch kind {
	case "uuid":
		var u [16]byte
		rand.Read(u[:])
		u[6] = u[6]&0x0f | 0x40
		u[8] = u[8]&0x3f | 0x80
		h := hex.EncodeToString(u[:])
		return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
	case "hex":
		return randHex(32)
	case "request_id":
		return "req_" + randBase36(12)
	case "api_request_id":
		return "req_stub" + strconv.Itoa(1000+randInt(9000))
	case "task_id":
		return "t" + randBase36(8)
	case "run_id":
		return randBase36(9) + "-" + randHex(8)
	case "plan":
		return planWords[randInt(len(planWords))] + "-" + planNouns[randInt(len(planNouns))]
	case "cron_id":
		return randHex(8)
	case "session_name":
		return "ccwire-session-" + randBase36(8)
	case "session_ref":
		return randHex(6)
	case "workflow_run":
		return "wf_" + randHex(8) + "-" + randHex(3)
	case "pid":
		for {
			if n := 1000 + randInt(60000); n != pid {
				return strconv.Itoa(n)
			}
		}
	}
	panic(fmt.Sprintf("fakecli: no fresh value for placeholder kind %q", kind))
}

var (
	planWords = []string{"crispy", "gentle", "atomic", "quiet", "brave", "lucky", "sunny", "velvet", "amber", "silent", "rapid", "mellow"}
	planNouns = []string{"orbit", "toucan", "river", "falcon", "meadow", "comet", "harbor", "lantern", "pebble", "willow", "canyon", "otter"}
)

func randInt(n int) int {
	v, err := rand.Int(rand.Reader, big.NewInt(int64(n)))
	if err != nil {
		panic(err) // crypto/rand does not fail on supported systems
	}
	return int(v.Int64())
}

func randHex(n int) string {
	b := make([]byte, (n+1)/2)
	rand.Read(b)
	return hex.EncodeToString(b)[:n]
}

func randBase36(n int) string {
	const digits = "0123456789abcdefghijklmnopqrstuvwxyz"
	b := make([]byte, n)
	for i := range b {
		b[i] = digits[randInt(len(digits))]
	}
	return string(b)
}
