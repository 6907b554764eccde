package scenario

import (
	"encoding/json"

	"github.com/ccwire/ccwire/stubapi"
)

// placeRequests decides where the main-loop requests go among the run's
// stdin and stdout lines: pos[i] is the index of the line request i goes
// before (len(lines) for after the last line). The requests keep their
// order.
//
// Arrival order cannot decide: the CLI writes a line and sends a request
// from one process, the runner reads the line from a pipe and the fake API
// takes the request from a socket, so which of the two the runner sees
// first varies from run to run. The rule puts each request as late as
// causality lets it go, using what the run knows for certain:
//
//  1. A request goes after the stdin lines (and signals) the runner had
//     begun to write (or sent) when it arrived (it came after them), and
//     after the request before it. The runner writes a turn's stdin once the previous turn's
//     expected messages were read, when the CLI is waiting for it; a
//     request racing that write would make the recording vary, which go
//     test ./scenario reports.
//  2. A request the fake API served goes right before the first stdout
//     line carrying the message ID of the script turn it was served from
//     (stubapi.MessageID: an assistant message, a message_start stream
//     event), found from that lower bound on: the CLI cannot write the
//     answer before it asked for it.
//  3. Any other request (a fault, an abort, an overrun, or a served one
//     whose answer shows on no line) goes between the requests before and
//     after it, within its turn (before the next stdin lines or signal): right before
//     the first line carrying the message ID of its script turn (the part
//     of an answer it got before a fault), or else the first line that
//     reports what became of it: a system/api_retry notice, a result, an
//     assistant message or stream event whose ID no request was answered
//     with (the CLI made it up, as for an API error), a synthetic user
//     message (isSynthetic, the CLI's nudge after an empty answer); or
//     else right before the next request, or at the end of its turn.
func placeRequests(lines []stdioLine, requests []stubapi.Request) []int {
	heads := make([]lineHead, len(lines))
	for i, l := range lines {
		if l.dir == "stdout" && l.note == "" {
			heads[i] = readLineHead(l.data)
		}
	}
	// The message IDs the fake API answered with.
	answered := map[string]bool{}
	for _, r := range requests {
		if r.Turn >= 0 {
			answered[stubapi.MessageID(r.Turn)] = true
		}
	}
	// Rule 1: the lower bounds.
	lo := make([]int, len(requests))
	for i, r := range requests {
		for j, l := range lines {
			if l.input() && (j == 0 || !lines[j-1].input()) && r.Time.After(l.at) {
				// The first line of a block of stdin lines: the request
				// goes after the block.
				k := j
				for k < len(lines) && lines[k].input() {
					k++
				}
				lo[i] = k
			}
		}
		if i > 0 {
			lo[i] = max(lo[i], lo[i-1])
		}
	}
	// Rule 2: served requests.
	pos := make([]int, len(requests))
	from := 0
	for i, r := range requests {
		pos[i] = -1
		if r.Outcome != stubapi.OutcomeServed || r.Turn < 0 {
			continue
		}
		from = max(from, lo[i])
		if j := firstLine(heads, from, len(lines), func(h lineHead) bool { return h.id == stubapi.MessageID(r.Turn) }); j >= 0 {
			pos[i], from = j, j
		}
	}
	// Rule 3: the others, in order, between their neighbours.
	for i, r := range requests {
		if pos[i] >= 0 {
			continue
		}
		start := lo[i]
		if i > 0 {
			start = max(start, pos[i-1])
		}
		end := len(lines)
		for j := start; j < len(lines); j++ {
			if lines[j].input() {
				end = j
				break
			}
		}
		for k := i + 1; k < len(requests); k++ {
			if pos[k] >= 0 {
				end = min(end, pos[k])
				break
			}
		}
		end = max(end, start)
		j := -1
		if r.Turn >= 0 {
			j = firstLine(heads, start, end, func(h lineHead) bool { return h.id == stubapi.MessageID(r.Turn) })
		}
		if j < 0 {
			j = firstLine(heads, start, end, func(h lineHead) bool { return h.reportsFailure(answered) })
		}
		if j < 0 {
			j = end
		}
		pos[i] = j
	}
	return pos
}

// firstLine returns the index of the first line in [from, to) whose head
// satisfies ok, -1 if none does.
func firstLine(heads []lineHead, from, to int, ok func(lineHead) bool) int {
	for j := from; j < to; j++ {
		if ok(heads[j]) {
			return j
		}
	}
	return -1
}

// lineHead is what placeRequests reads of a stdout line.
type lineHead struct {
	typ, subtype string
	// id is the Messages API ID an assistant message or a message_start
	// stream event carries.
	id        string
	synthetic bool
}

func readLineHead(data []byte) lineHead {
	var m struct {
		Type        string          `json:"type"`
		Subtype     string          `json:"subtype"`
		IsSynthetic bool            `json:"isSynthetic"`
		Message     json.RawMessage `json:"message"`
		Event       json.RawMessage `json:"event"`
	}
	if json.Unmarshal(data, &m) != nil {
		return lineHead{}
	}
	h := lineHead{typ: m.Type, subtype: m.Subtype, synthetic: m.IsSynthetic}
	var msg struct {
		ID string `json:"id"`
	}
	switch m.Type {
	case "assistant":
		if json.Unmarshal(m.Message, &msg) == nil {
			h.id = msg.ID
		}
	case "stream_event":
		var ev struct {
			Message json.RawMessage `json:"message"`
		}
		if json.Unmarshal(m.Event, &ev) == nil && json.Unmarshal(ev.Message, &msg) == nil {
			h.id = msg.ID
		}
	}
	return h
}

// reportsFailure reports whether a stdout line can tell what became of a
// request that got no answer of its own (rule 3 of placeRequests).
func (h lineHead) reportsFailure(answered map[string]bool) bool {
	switch h.typ {
	case "result":
		return true
	case "system":
		return h.subtype == "api_retry"
	case "user":
		return h.synthetic
	case "assistant":
		return !answered[h.id]
	case "stream_event":
		return h.id != "" && !answered[h.id]
	}
	return false
}
