package docgen

import (
	"slices"

	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/drift"
	"github.com/ccwire/ccwire/internal/jsontree"
	"github.com/ccwire/ccwire/protocol"
)

// corpus is everything the reference is generated from.
type corpus struct {
	schema *schema
	// versions lists the CLI versions with recordings, oldest first.
	versions []string
	// scenarios are sorted by category, then ID.
	scenarios []*scenarioDoc
	// steps are what changed from each version of versions to the next.
	steps []versionStep
	// matrix lists every scenario, recorded or not, in the order of
	// scenarios; verdicts holds what became of each on each version of
	// versions, by version and scenario ID.
	matrix   []matrixRow
	verdicts map[string]map[string]drift.Verdict
}

// matrixRow is a scenario of the verdict matrix.
type matrixRow struct {
	id, category string
	title        localized
}

// localized is a text in every language of the reference.
type localized map[Language]string

// scenarioDoc is one scenario with its recordings.
type scenarioDoc struct {
	id       string
	category string
	// file is the scenario file's path relative to the module root,
	// slash-separated.
	file  string
	title localized
	notes []localized
	// notApplicable says why some versions have no recording, when the
	// scenario applies to some versions only.
	notApplicable localized
	applies       string // the version constraint, "" for all
	runs          []*run // by version, oldest first
}

// run is the recording of one scenario with one CLI version.
type run struct {
	version string
	events  []*event
	// sideRequests counts the API requests outside the main loop.
	sideRequests int
	// exitCode is the CLI's exit status.
	exitCode int
}

// eventKind says what an event of a recording is.
type eventKind int

// The event kinds.
const (
	eventStdin  eventKind = iota // a line written to the CLI's stdin
	eventStdout                  // a line the CLI wrote on stdout
	eventAPI                     // a main-loop request to the fake API and its answer
	eventSignal                  // a signal sent to the CLI process
)

// event is one step of a recording, in the order it happened.
type event struct {
	kind eventKind
	// turn is the conversation turn (from 1) of a stdin line.
	turn int
	// msg is the message of a stdin or stdout line; nil for a line that
	// is not JSON.
	msg *jsontree.Value
	// line is the line as written.
	line []byte
	// asserted holds the keys the scenario's expectations name for this
	// message; nil when no expectation matched it.
	asserted *keyTree
	// api describes an API exchange.
	api *apiExchange
	// signal names the signal of an eventSignal ("SIGINT").
	signal string
	// label is the message's label (match.MessageLabel) and kindKey the
	// key of its entry in the message reference; both are set by index.
	label   string
	kindKey string
	// decoded and decodeErr cache message's decoding of line, which
	// decoded tells is done: index and observe both need it.
	decoded   protocol.Message
	decodeErr error
	done      bool
}

// message returns the line decoded with the protocol model, decoding it
// once.
func (ev *event) message() (protocol.Message, error) {
	if !ev.done {
		ev.decoded, ev.decodeErr = protocol.Decode(ev.line)
		ev.done = true
	}
	return ev.decoded, ev.decodeErr
}

// apiExchange is a main-loop request to the fake API and how it was
// answered.
type apiExchange struct {
	seq     int
	turn    int // index of the script turn answered, -1 for none
	stream  bool
	model   string
	status  int
	outcome string
	detail  string
	// answer summarizes the scripted response: its content blocks and stop
	// reason, "" when none was served.
	answer string
}

// sortVersions sorts versions oldest first.
func sortVersions(vs []string) { slices.SortFunc(vs, cliversion.CompareStrings) }

// categories returns the categories of the scenarios in order.
func (c *corpus) categories() []string {
	var out []string
	for _, s := range c.scenarios {
		if !slices.Contains(out, s.category) {
			out = append(out, s.category)
		}
	}
	return out
}

// inCategory returns the scenarios of one category.
func (c *corpus) inCategory(cat string) []*scenarioDoc {
	var out []*scenarioDoc
	for _, s := range c.scenarios {
		if s.category == cat {
			out = append(out, s)
		}
	}
	return out
}

// sortRuns sorts runs by version, oldest first.
func sortRuns(runs []*run) {
	slices.SortFunc(runs, func(a, b *run) int { return cliversion.CompareStrings(a.version, b.version) })
}
