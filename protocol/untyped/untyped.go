package main

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

// Untyped is a member that recorded lines hold and the protocol model does
// not type: a member it has no field for, or one whose value its field
// cannot hold (mistyped).
type Untyped struct {
	// Kind is the kind of the message that holds it, as
	// [protocol.Kind.String] names kinds ("system/init",
	// "control_request/can_use_tool", "control_response/success
	// (initialize)"); for a member of a tool_use_result, the tool follows
	// ("user/tool_result (Bash)").
	Kind string
	// Path is the member's dotted path from the message's top level, "*"
	// for array elements and map entries, as [protocol.UnknownFields]
	// writes it ("response.response.sandbox_enabled").
	Path string
	// Mistyped is "" for a member the model does not know; for a member
	// it knows whose value it cannot hold, what it holds there and what
	// the value was ("boolean, got string").
	Mistyped string
	// Versions are the CLI versions whose recordings hold it, oldest
	// first.
	Versions []string
	// Recordings are the recordings that hold it, in the order of
	// Versions, each once ("recordings/2.1.331/text-simple.txtar").
	Recordings []string
	// First is where it was first seen: the first recording of the oldest
	// version and the event's number in it ("…/text-simple.txtar:2").
	First string
	// Count is how many lines hold it.
	Count int
}

// String returns the member as kind.path, with what is wrong with its
// value if it is mistyped.
func (u Untyped) String() string {
	s := u.Kind + "." + u.Path
	if u.Mistyped != "" {
		s += " (mistyped: " + u.Mistyped + ")"
	}
	return s
}

// FindUntyped decodes with package protocol every stdin and stdout message
// of the recordings of the CLI versions under dir (the recordings folder;
// every version it holds when none are given) and lists the members the
// model does not type ([protocol.UnknownKeys], [protocol.MistypedFields]),
// with those of the parts decoded on demand: the payload of a successful
// control answer, typed by the subtype of the request it answers (matched
// by request_id within the recording, [protocol.NewPayload]); a
// tool_use_result, typed by the tool of the tool_use block it answers
// ([protocol.NewToolResult]); a hook_callback request's input. The
// placeholders recordings put for numbers are read as numbers, as
// [recording.Walk] reads them. Members are listed once each, sorted by kind and path.
//
// The recordings are read in parallel, one goroutine per CPU. An error (a
// recording that cannot be read or decoded, ctx ending) stops the listing.
func FindUntyped(ctx context.Context, dir string, versions ...string) ([]Untyped, error) {
	if len(versions) == 0 {
		var err error
		if versions, err = recording.Versions(dir); err != nil {
			return nil, err
		}
	}
	versions = slices.Clone(versions)
	slices.SortFunc(versions, cliversion.CompareStrings)
	type job struct {
		version, file string
		hits          []hit
		err           error
	}
	var jobs []*job
	for _, v := range versions {
		files, err := filepath.Glob(filepath.Join(dir, v, "*"+scenario.RecordingExt))
		if err != nil {
			return nil, fmt.Errorf("untyped: %w", err)
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("untyped: no recordings of CLI %s in %s: %w", v, dir, fs.ErrNotExist)
		}
		slices.Sort(files)
		for _, f := range files {
			jobs = append(jobs, &job{version: v, file: f})
		}
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	next := make(chan *job)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(jobs)) {
		wg.Go(func() {
			for j := range next {
				if j.hits, j.err = fileUntyped(j.file); j.err != nil {
					cancel()
				}
			}
		})
	}
feed:
	for _, j := range jobs {
		select {
		case next <- j:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()

	byKey := map[hitKey]*Untyped{}
	for _, j := range jobs {
		if j.err != nil {
			return nil, j.err
		}
		for _, h := range j.hits {
			u := byKey[h.hitKey]
			if u == nil {
				u = &Untyped{Kind: h.Kind, Path: h.Path, Mistyped: h.Mistyped, First: fmt.Sprintf("%s:%d", j.file, h.event)}
				byKey[h.hitKey] = u
			}
			u.Count++
			if n := len(u.Versions); n == 0 || u.Versions[n-1] != j.version {
				u.Versions = append(u.Versions, j.version)
			}
			if n := len(u.Recordings); n == 0 || u.Recordings[n-1] != j.file {
				u.Recordings = append(u.Recordings, j.file)
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("untyped: %w", err)
	}
	out := make([]Untyped, 0, len(byKey))
	for _, u := range byKey {
		out = append(out, *u)
	}
	slices.SortFunc(out, func(a, b Untyped) int {
		return cmp.Or(strings.Compare(a.Kind, b.Kind), strings.Compare(a.Path, b.Path), strings.Compare(a.Mistyped, b.Mistyped))
	})
	return out, nil
}

// hitKey is an untyped member, whatever line holds it.
type hitKey struct{ Kind, Path, Mistyped string }

// hit is an untyped member one line holds.
type hit struct {
	hitKey
	event int // the line's event number in its recording, from 1
}

// fileUntyped returns the untyped members of one recording's lines, in
// order, each once per line.
func fileUntyped(file string) ([]hit, error) {
	var out []hit
	tools := map[string]string{} // tool name by tool_use id
	events, err := recording.ReadEvents(file)
	if err != nil {
		return nil, err
	}
	for l, err := range recording.Walk(events) {
		if err != nil {
			return nil, fmt.Errorf("untyped: %s: %w", file, err)
		}
		m := l.Msg
		if m == nil {
			continue
		}
		where := fmt.Sprintf("%s:%d", file, l.Num)
		kind := l.Kind.String()
		add := func(kind, prefix string, unknown []string, mistyped []protocol.MistypedField) {
			for _, p := range unknown {
				out = append(out, hit{hitKey{kind, prefix + p, ""}, l.Num})
			}
			for _, f := range mistyped {
				want := f.Want
				if want == "" {
					want = "its fixed value"
				}
				out = append(out, hit{hitKey{kind, prefix + f.Path, want + ", got " + f.Got}, l.Num})
			}
		}
		add(kind, "", protocol.UnknownKeys(m), protocol.MistypedFields(m))
		payload := func(kind, prefix string, p protocol.Payload) {
			add(kind, prefix, protocol.UnknownPayloadKeys(p), protocol.MistypedPayloadFields(p))
		}
		switch m := m.(type) {
		case *protocol.ControlRequest:
			if m.Request == nil {
				break
			}
			if r, ok := m.Request.(*protocol.HookCallbackRequest); ok && len(r.Input) > 0 && string(r.Input) != "null" {
				in, err := r.DecodeInput()
				if err != nil {
					return nil, fmt.Errorf("untyped: %s: %w", where, err)
				}
				payload(kind, "request.input.", in)
			}
		case *protocol.ControlResponse:
			s, ok := m.Response.(*protocol.SuccessResponse)
			if !ok || len(s.Response) == 0 {
				break
			}
			sub := l.Kind.Answers
			if sub == "" {
				break
			}
			p := protocol.NewPayload(sub)
			if p == nil {
				// An answer the model types no payload for: every member
				// of it is unknown.
				var members map[string]json.RawMessage
				if json.Unmarshal(s.Response, &members) != nil || len(members) > 0 {
					add(kind, "", []string{"response.response"}, nil)
				}
				break
			}
			if err := s.DecodePayload(p); err != nil {
				return nil, fmt.Errorf("untyped: %s: the payload of an answer to %s: %w", where, sub, err)
			}
			payload(kind, "response.response.", p)
		case *protocol.AssistantMessage:
			for _, b := range m.Message.Content {
				if u, ok := b.(*protocol.ToolUseBlock); ok {
					tools[u.ID] = u.Name
				}
			}
		case *protocol.UserMessage:
			if len(m.ToolUseResult) == 0 || m.ToolUseResult[0] != '{' {
				// None, or a failed call's error text, or the content
				// blocks of an SDK MCP tool: nothing typed.
				break
			}
			var tool string
			for _, b := range m.Message.Content.Blocks {
				if r, ok := b.(*protocol.ToolResultBlock); ok {
					tool = tools[r.ToolUseID]
				}
			}
			r := protocol.NewToolResult(tool)
			if r == nil {
				// A tool the model types no result for (an MCP tool's):
				// the member is any JSON.
				break
			}
			if err := m.DecodeToolResult(r); err != nil {
				return nil, fmt.Errorf("untyped: %s: %w", where, err)
			}
			payload(kind+" ("+tool+")", "tool_use_result.", r)
		}
	}
	return out, nil
}
