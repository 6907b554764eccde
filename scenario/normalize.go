package scenario

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ccwire/ccwire/internal/jsontree"
)

// normalizer replaces the values of a recording that change from run to
// run, or from machine to machine, with stable placeholders. One
// normalizer serves one recording, in the order the recording is written,
// so numbered placeholders ("<uuid:1>", "<uuid:2>", …) follow first
// appearance and a value keeps its placeholder wherever it recurs.
type normalizer struct {
	literals []literal         // exact texts, longest first
	numbered map[string]string // volatile token -> placeholder
	counts   map[string]int    // placeholder kind -> last number
	// learned are random ids found by where they stand (a task_id
	// member, "Task <id> (type: …"), by id -> placeholder kind: every
	// later occurrence of the id, in any text, gets its placeholder.
	learned map[string]string
	pids    []string // the CLI's process IDs in decimal (one a CLI process of the run)
	// version is the running CLI's version, written VersionPlaceholder
	// wherever it appears; "" if unknown.
	version string
}

type literal struct{ from, to string }

var (
	timestampRE = regexp.MustCompile(`\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?`)
	stubReqRE   = regexp.MustCompile(`req_stub[0-9]+`)
	osVersionRE = regexp.MustCompile(`(OS Version: )[^\n"\\]*`)
	// Numeric members that hold timings or clock readings, by name:
	// duration_ms, durationMs, ttft_ms, time_to_request_ms, timestamp,
	// resetsAt, created_at, …
	durationKey = regexp.MustCompile(`(?i:(^|_)(duration|ttft|elapsed|latency)|_ms$|^time_to_)|[a-z](Ms|Duration)$`)
	pidKey      = regexp.MustCompile(`^pid$|_pid$|[a-z]Pid$`)
	clockKey    = regexp.MustCompile(`(?i:^(time|timestamp|[amc]time|birthtime)$|_(time|timestamp|at)$)|[a-z](At|Time|Timestamp)$|^scheduledFor$`)
	// A plan file in the plans folder of the CLI's config (HOME/.claude):
	// 2.1.37 names it
	// with three random words (atomic-crunching-toucan.md), 2.1.330 with
	// the first words of the prompt and two random words
	// (plan-the-change-then-crispy-orbit.md).
	planFileRE = regexp.MustCompile(`/\.claude/plans/([a-z0-9]+(?:-[a-z0-9]+)+)\.md\b`)
	// A background task named in a reminder: "Task t1a2b3c (type:
	// in_process_teammate)".
	taskRefRE = regexp.MustCompile(`\bTask ([a-z][0-9a-z]{5,31}) \(type: `)
	// The CLI's fingerprint in the billing header of its system prompt,
	// "cc_version=2.1.330.572": three hex digits of a hash of the
	// version and the first prompt, once the version is a placeholder.
	fingerprintRE = regexp.MustCompile(`(cc_version=` + regexp.QuoteMeta(VersionPlaceholder) + `\.)[0-9a-f]{3}\b`)
	// A number in a tag of the CLI's notifications to the model:
	// <duration_ms>1042</duration_ms>.
	tagNumberRE = regexp.MustCompile(`<([A-Za-z_]+)>[0-9]+(?:\.[0-9]+)?</([A-Za-z_]+)>`)
	// The usage block a subagent's result ends with, a "name: number" a
	// line: "<usage>subagent_tokens: 102\ntool_uses: 0\nduration_ms:
	// 1685</usage>".
	usageBlockRE = regexp.MustCompile(`<usage>[^<]*</usage>`)
	usageLineRE  = regexp.MustCompile(`^([A-Za-z_]+): [0-9]+(?:\.[0-9]+)?$`)
	// The timings of the session's cost summary (get_session_cost, /cost):
	// "Total duration (API):  0s", "Total duration (wall): 1m 15.2s", or a
	// bare number, as the fake CLI plays "<duration>".
	costDurationRE = regexp.MustCompile(`(Total duration \((?:API|wall)\): +)[0-9][0-9.]*(?:[a-z]+(?: [0-9][0-9.]*[a-z]+)*)?`)
	// A cron job's random id in the answers of CronCreate, CronList and
	// CronDelete: "Scheduled recurring job cdd214b7 (Weekdays at 9:17
	// AM)", "cdd214b7 — Weekdays at 9:17 AM (recurring)".
	cronJobRE = regexp.MustCompile(`(?m)\b(?:[Jj]ob ([0-9a-f]{8})\b|^([0-9a-f]{8}) — )`)
	// When a cron job fires next, a date and a clock reading the CLI
	// offsets by a random jitter: "Next run: Nov 26 9:47am", "next run
	// Nov 26 9:47am".
	nextRunRE = regexp.MustCompile(`([Nn]ext run:? )[A-Z][a-z]{2} [0-9]{1,2} [0-9]{1,2}:[0-9]{2}(?:am|pm)`)
	// When a ScheduleWakeup wakeup fires: "Next wakeup scheduled for
	// 11:11:00 (in 72s)".
	wakeupRE = regexp.MustCompile(`(scheduled for )[0-9]{1,2}:[0-9]{2}:[0-9]{2} \(in [0-9]+s\)`)
	// The session's name and reference in ListAgents's answer, made of
	// its working folder's random name: "This session is
	// ccwire-scenario-968933047-4a [83cd91]".
	sessionNameRE = regexp.MustCompile(`This session is (\S+) \[([0-9a-f]{4,16})\]`)
	// A workflow run's id: "wf_4c20aebe-d70", in the Workflow tool's
	// answer (runId), its paths and the notices about the run.
	workflowRunRE = regexp.MustCompile(`\bwf_[0-9a-f]{8}-[0-9a-f]{3,8}\b`)
	// The shapes of the random ids learned by key: a task or agent id is a
	// letter for the task type and 6 to 31 random letters or digits
	// (t1a2b3c, bpnq13hfn, a29cccee5601dbe11); a run id is a base-36 clock
	// reading, a dash and hex digits (0mwqv5zo6-bf57c99c).
	taskIDShape = regexp.MustCompile(`^[a-z][0-9a-z]{5,31}$`)
	runIDShape  = regexp.MustCompile(`^[0-9a-z]{6,16}-[0-9a-f]{6,16}$`)
)

// idKinds maps the names of members (and request headers) that hold random
// task, agent and run ids to their placeholder kind. Only values of the
// kind's shape count: a teammate's agent_id "researcher@alpha-team" is
// made of names the scenario chose and stays.
var idKinds = map[string]string{
	"task_id":                "task_id",
	"agent_id":               "task_id", // an agent's id is its task's id
	"agentId":                "task_id",
	"backgroundTaskId":       "task_id", // a background Bash command's task (Bash's tool_use_result)
	"x-claude-code-agent-id": "task_id",
	"run_id":                 "run_id",
}

// learn records the random ids v holds under the members named in idKinds,
// so that text() replaces them wherever they recur, before and after.
func (n *normalizer) learn(v *jsontree.Value) {
	v.Walk(func(key string, val *jsontree.Value) *jsontree.Value {
		if val.Kind == jsontree.String {
			n.learnID(key, val.Str)
		}
		return val
	})
}

// learnID records s as a random id if key names one and s has its shape.
func (n *normalizer) learnID(key, s string) {
	kind, ok := idKinds[key]
	if !ok {
		return
	}
	shape := taskIDShape
	if kind == "run_id" {
		shape = runIDShape
	}
	if shape.MatchString(s) {
		if n.learned == nil {
			n.learned = map[string]string{}
		}
		n.learned[s] = kind
	}
}

// newNormalizer returns a normalizer for a run around time now whose CLI
// had process ID pid. paths maps folders of the run (working folder,
// HOME, …) to placeholder names; literals maps other texts of the run
// (the fake API's address) to their placeholders.
func newNormalizer(now time.Time, pid int, paths, literals map[string]string) *normalizer {
	n := &normalizer{numbered: map[string]string{}, counts: map[string]int{}}
	add := func(from, to string) {
		if from != "" && !slices.ContainsFunc(n.literals, func(l literal) bool { return l.from == from }) {
			n.literals = append(n.literals, literal{from, to})
		}
	}
	for p, name := range paths {
		if p == "" {
			continue
		}
		variants := []string{p}
		if real, err := filepath.EvalSymlinks(p); err == nil && real != p {
			variants = append(variants, real)
		}
		for _, v := range variants {
			add(v, "<"+name+">")
			// The CLI names per-project folders after the path with every
			// character but letters and digits turned into "-".
			add(slug(v), "<"+name+"-slug>")
		}
	}
	for from, to := range literals {
		add(from, to)
	}
	// Dates the run can have seen, local and UTC, either side of midnight.
	for _, d := range []time.Duration{-24 * time.Hour, 0, 24 * time.Hour} {
		for _, t := range []time.Time{now.Add(d), now.UTC().Add(d)} {
			add(t.Format("2006-01-02"), "<date>")
			add(t.Format("2006/01/02"), "<date>")
			add(t.Format("1/2/2006"), "<date>")
		}
	}
	n.addPID(pid)
	return n
}

// addPID makes pid, the process ID of another CLI process of the run (a
// restart's), <pid> as well; a pid of 0 or less is ignored.
//
// A process ID is a small number: <pid> replaces it only where it stands
// for the process, in a member named after it (value) and as a file or
// folder name in a path (replacePIDPath), never where an equal number is
// text of its own ("default to 1200s–1800s" in a tool's description).
func (n *normalizer) addPID(pid int) {
	if pid > 0 {
		n.pids = append(n.pids, fmt.Sprint(pid))
	}
	slices.SortStableFunc(n.literals, func(a, b literal) int { return len(b.from) - len(a.from) })
}

func slug(p string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '-'
	}, p)
}

// number returns the placeholder of a volatile token of a kind, numbering
// tokens by first appearance.
func (n *normalizer) number(kind, token string) string {
	key := kind + "\x00" + strings.ToLower(token)
	if p, ok := n.numbered[key]; ok {
		return p
	}
	n.counts[kind]++
	p := fmt.Sprintf("<%s:%d>", kind, n.counts[kind])
	n.numbered[key] = p
	return p
}

// text normalizes one string.
func (n *normalizer) text(s string) string {
	if hasTimestamp(s) {
		s = timestampRE.ReplaceAllString(s, "<timestamp>")
	}
	s = n.ids(s)
	if strings.Contains(s, "req_stub") {
		// The fake API numbers its request ids by arrival, side requests
		// included, whose timing varies.
		s = stubReqRE.ReplaceAllStringFunc(s, func(id string) string { return n.number("api_request_id", id) })
	}
	if strings.Contains(s, "OS Version: ") {
		s = osVersionRE.ReplaceAllString(s, "${1}<os-version>")
	}
	if strings.Contains(s, "/.claude/plans/") {
		s = planFileRE.ReplaceAllStringFunc(s, n.planFile)
	}
	if strings.Contains(s, "</") {
		s = tagNumberRE.ReplaceAllStringFunc(s, func(m string) string {
			sub := tagNumberRE.FindStringSubmatch(m)
			switch {
			case sub[1] != sub[2]:
				return m
			case durationKey.MatchString(sub[1]):
				return "<" + sub[1] + "><duration></" + sub[1] + ">"
			case clockKey.MatchString(sub[1]):
				return "<" + sub[1] + "><time></" + sub[1] + ">"
			}
			return m
		})
		s = usageBlockRE.ReplaceAllStringFunc(s, usageTimings)
	}
	if strings.Contains(s, "Total duration (") {
		s = costDurationRE.ReplaceAllString(s, "${1}<duration>")
	}
	if strings.Contains(s, " (type: ") {
		for _, m := range taskRefRE.FindAllStringSubmatch(s, -1) {
			if n.learned == nil {
				n.learned = map[string]string{}
			}
			n.learned[m[1]] = "task_id"
		}
	}
	s = n.toolTexts(s)
	s = wakeupGuidance(s)
	if len(n.learned) > 0 {
		s = n.learnedIDs(s)
	}
	for _, l := range n.literals {
		s = strings.ReplaceAll(s, l.from, l.to)
	}
	for _, pid := range n.pids {
		s = replacePIDPath(s, pid)
	}
	if n.version != "" && strings.Contains(s, n.version) {
		s = ReplaceVersion(s, n.version)
		if strings.Contains(s, "cc_version=") {
			s = fingerprintRE.ReplaceAllString(s, "${1}<fingerprint>")
		}
	}
	return s
}

// toolTexts learns the random ids and replaces the clock readings that
// the answers of some tools hold (cron jobs, wakeups, the session's name,
// workflow runs, a subagent's run time).
func (n *normalizer) toolTexts(s string) string {
	learn := func(id, kind string) {
		if id == "" {
			return
		}
		if n.learned == nil {
			n.learned = map[string]string{}
		}
		n.learned[id] = kind
	}
	if strings.Contains(s, "ob ") || strings.Contains(s, " — ") {
		for _, m := range cronJobRE.FindAllStringSubmatch(s, -1) {
			learn(m[1]+m[2], "cron_id")
		}
	}
	if strings.Contains(s, "ext run") {
		s = nextRunRE.ReplaceAllString(s, "${1}<next-run>")
	}
	if strings.Contains(s, "scheduled for ") {
		s = wakeupRE.ReplaceAllString(s, "${1}<clock> (in <delay>)")
	}
	if strings.Contains(s, "This session is ") {
		for _, m := range sessionNameRE.FindAllStringSubmatch(s, -1) {
			learn(m[1], "session_name")
			learn(m[2], "session_ref")
		}
	}
	if strings.Contains(s, "wf_") {
		s = workflowRunRE.ReplaceAllStringFunc(s, func(id string) string { return n.number("workflow_run", id) })
	}
	return s
}

// ReplaceVersion replaces the version v in s with [VersionPlaceholder] where
// it stands as a version: no digit or dot before it ("12.1.37" for
// 2.1.37) and no digit after it ("2.1.370"). A dot after it may start a
// suffix of the CLI's own ("cc_version=2.1.330.572").
func ReplaceVersion(s, v string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, v)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		end := i + len(v)
		if (i > 0 && (isDigit(s[i-1]) || s[i-1] == '.')) || (end < len(s) && isDigit(s[end])) {
			b.WriteString(s[:end])
		} else {
			b.WriteString(s[:i])
			b.WriteString(VersionPlaceholder)
		}
		s = s[end:]
	}
}

// planFile replaces the random words of a plan file's name
// ("/.claude/plans/<name>.md")
// with "<plan:N>": a name of up to three words is random as a whole, a
// longer one in its last two words (the words before come from the
// prompt).
func (n *normalizer) planFile(m string) string {
	const dir = "/.claude/plans/"
	name := strings.TrimSuffix(strings.TrimPrefix(m, dir), ".md")
	prefix, random := "", name
	if words := strings.Split(name, "-"); len(words) > 3 {
		prefix = strings.Join(words[:len(words)-2], "-") + "-"
		random = strings.Join(words[len(words)-2:], "-")
	}
	return dir + prefix + n.number("plan", random) + ".md"
}

// learnedIDs replaces the learned ids in s, where no letter or digit
// touches them, numbering them in the order they appear.
func (n *normalizer) learnedIDs(s string) string {
	var ids []string
	for id := range n.learned {
		if strings.Contains(s, id) {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return s
	}
	var b strings.Builder
	prev := 0
	for i := 0; i < len(s); i++ {
		if i > 0 && isAlnum(s[i-1]) {
			continue
		}
		best := ""
		for _, id := range ids {
			end := i + len(id)
			if len(id) > len(best) && strings.HasPrefix(s[i:], id) && (end == len(s) || !isAlnum(s[end])) {
				best = id
			}
		}
		if best != "" {
			b.WriteString(s[prev:i])
			b.WriteString(n.number(n.learned[best], best))
			prev = i + len(best)
			i = prev - 1
		}
	}
	if prev == 0 {
		return s
	}
	b.WriteString(s[prev:])
	return b.String()
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// hasTimestamp reports whether s may hold a timestamp: a colon preceded by
// "dddd-dd-ddTdd" (or a space for the T). It spares the regular expression
// the long texts (system prompts, tool descriptions) that have none.
func hasTimestamp(s string) bool {
	for i := 0; ; {
		j := strings.IndexByte(s[i:], ':')
		if j < 0 {
			return false
		}
		i += j
		if k := i - 13; k >= 0 && isDigits(s[k:k+4]) && s[k+4] == '-' && isDigits(s[k+5:k+7]) && s[k+7] == '-' &&
			isDigits(s[k+8:k+10]) && (s[k+10] == 'T' || s[k+10] == ' ') && isDigits(s[k+11:k+13]) {
			return true
		}
		i++
	}
}

func isDigits(s string) bool {
	for i := range len(s) {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// ids replaces UUIDs with "<uuid:N>" and runs of 32 or more hex digits
// with "<hex:N>", where no other hex digit touches them (an underscore or
// a letter beyond f may: user_<hex>_account).
func (n *normalizer) ids(s string) string {
	var b strings.Builder
	prev := 0
	for i := 0; i < len(s); {
		if !isHex(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isHex(s[j]) {
			j++
		}
		switch {
		case j-i == 8 && isUUIDAt(s, i):
			b.WriteString(s[prev:i])
			b.WriteString(n.number("uuid", s[i:i+36]))
			prev, j = i+36, i+36
		case j-i >= 32:
			b.WriteString(s[prev:i])
			b.WriteString(n.number("hex", s[i:j]))
			prev = j
		}
		i = j
	}
	if prev == 0 {
		return s
	}
	b.WriteString(s[prev:])
	return b.String()
}

// isUUIDAt reports whether s holds a UUID (8-4-4-4-12 hex digits) at i,
// not followed by another hex digit.
func isUUIDAt(s string, i int) bool {
	if len(s) < i+36 || (len(s) > i+36 && isHex(s[i+36])) {
		return false
	}
	for k := i; k < i+36; k++ {
		switch k - i {
		case 8, 13, 18, 23:
			if s[k] != '-' {
				return false
			}
		default:
			if !isHex(s[k]) {
				return false
			}
		}
	}
	return true
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// replacePIDPath replaces the process ID pid (its digits) in s with <pid>
// where it names a file or folder of a path: right after a "/", and
// followed by a "/", an extension's "." or the end of s
// ("<session>/tmp/cc-socks/1800.sock", "/proc/1800/status"). An equal
// number anywhere else is left alone.
func replacePIDPath(s, pid string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, pid)
		if i < 0 {
			if b.Len() == 0 {
				return s
			}
			b.WriteString(s)
			return b.String()
		}
		end := i + len(pid)
		if i > 0 && s[i-1] == '/' && (end == len(s) || s[end] == '/' || s[end] == '.') {
			b.WriteString(s[:i])
			b.WriteString("<pid>")
		} else {
			b.WriteString(s[:end])
		}
		s = s[end:]
	}
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// value normalizes v in place and returns it: every string, timing
// members by name, control request ids.
func (n *normalizer) value(v *jsontree.Value) *jsontree.Value {
	fix := func(key string, val *jsontree.Value) *jsontree.Value {
		switch {
		case val.Kind == jsontree.Number && key != "" && durationKey.MatchString(key):
			return jsontree.NewString("<duration>")
		case val.Kind == jsontree.Number && key != "" && clockKey.MatchString(key):
			return jsontree.NewString("<time>")
		case val.Kind == jsontree.Number && pidKey.MatchString(key):
			if slices.Contains(n.pids, val.Str) {
				return jsontree.NewString("<pid>")
			}
			return jsontree.NewString(n.number("pid", val.Str))
		case val.Kind == jsontree.String && pidKey.MatchString(key) && slices.Contains(n.pids, val.Str):
			// A pid member written as a string: a CLI's process ID all
			// the same.
			return jsontree.NewString("<pid>")
		case val.Kind == jsontree.Object && slices.Contains(usageMaps, key):
			val.Members = slices.DeleteFunc(val.Members, func(m jsontree.Member) bool { return idleUsage(m.Val) })
			return val
		case val.Kind == jsontree.String && key == "request_id" && !stubReqRE.MatchString(val.Str):
			// A control request's id, made up by whoever sends the request.
			return jsontree.NewString(n.number("request_id", val.Str))
		case val.Kind == jsontree.String:
			return jsontree.NewString(n.text(val.Str))
		}
		return val
	}
	n.learn(v)
	root := fix("", v)
	root.Walk(fix)
	return root
}

// usageMaps are the members of a result that map model names to their
// usage and cost.
var usageMaps = []string{"modelUsage", "model_usage_since_last_result"}

// usageLimits are the members of a model's usage that describe the model
// rather than its use.
var usageLimits = []string{"contextWindow", "maxOutputTokens"}

// idleUsage reports whether v, a model's entry in a usage map, counts no
// token and no cost: every number in it but the model's limits is zero.
// The CLI adds such an entry when an answer to one of its background
// requests (which the fake API answers with zero usage) arrives before the
// result is written, and leaves it out when it arrives after: the entry's
// presence is timing, not data.
func idleUsage(v *jsontree.Value) bool {
	if v.Kind != jsontree.Object {
		return false
	}
	for _, m := range v.Members {
		if m.Val.Kind == jsontree.Number && !slices.Contains(usageLimits, m.Key) {
			if f, err := strconv.ParseFloat(m.Val.Str, 64); err != nil || f != 0 {
				return false
			}
		}
	}
	return true
}

// usageTimings replaces the timings and clock readings of a usage block's
// lines by placeholders, by their names as tagNumberRE's tags are.
func usageTimings(block string) string {
	inner := strings.TrimSuffix(strings.TrimPrefix(block, "<usage>"), "</usage>")
	lines := strings.Split(inner, "\n")
	for i, line := range lines {
		sub := usageLineRE.FindStringSubmatch(line)
		switch {
		case sub == nil:
		case durationKey.MatchString(sub[1]):
			lines[i] = sub[1] + ": <duration>"
		case clockKey.MatchString(sub[1]):
			lines[i] = sub[1] + ": <time>"
		}
	}
	return "<usage>" + strings.Join(lines, "\n") + "</usage>"
}
