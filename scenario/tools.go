package scenario

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/recording"
)

// toolLine is what [InitTools] and [ToolsCalled] read of a stdout line.
// Its message is kept raw: it is an object in assistant messages but a
// string in others (system/permission_denied).
type toolLine struct {
	Type    string          `json:"type"`
	Subtype string          `json:"subtype"`
	Tools   []string        `json:"tools"`
	Message json.RawMessage `json:"message"`
}

// assistantMessage is the message of an assistant line, as far as
// [ToolsCalled] reads it.
type assistantMessage struct {
	Content json.RawMessage `json:"content"`
}

// toolLines calls f with each stdout line of rec that is a JSON message.
func toolLines(rec *recording.Recording, f func(toolLine) error) error {
	for i, ev := range rec.Events {
		if ev.Kind != recording.EventStdout || ev.Msg == nil {
			continue
		}
		var l toolLine
		if err := json.Unmarshal(ev.Msg, &l); err != nil {
			return fmt.Errorf("scenario: recording %s (%s), event %d: %w", rec.Scenario, rec.Version, i+1, err)
		}
		if err := f(l); err != nil {
			return fmt.Errorf("scenario: recording %s (%s), event %d: %w", rec.Scenario, rec.Version, i+1, err)
		}
	}
	return nil
}

// InitTools returns the built-in tools that the system/init messages of rec
// list: the union over every init (a later turn's init may list tools the
// first one does not), in the order of first appearance, without MCP tools
// (names starting "mcp__"); nil if rec has no system/init message.
func InitTools(rec *recording.Recording) ([]string, error) {
	var tools []string
	err := toolLines(rec, func(l toolLine) error {
		if l.Type != "system" || l.Subtype != "init" {
			return nil
		}
		for _, t := range l.Tools {
			if !strings.HasPrefix(t, "mcp__") && !slices.Contains(tools, t) {
				tools = append(tools, t)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return tools, nil
}

// ToolsCalled returns the names of the tools that the assistant messages on
// rec's stdout call (their tool_use blocks, in the main thread and in
// subagents), sorted, each once.
func ToolsCalled(rec *recording.Recording) ([]string, error) {
	var names []string
	err := toolLines(rec, func(l toolLine) error {
		if l.Type != "assistant" {
			return nil
		}
		var m assistantMessage
		if err := json.Unmarshal(l.Message, &m); err != nil {
			return fmt.Errorf("assistant message: %w", err)
		}
		if len(m.Content) == 0 || m.Content[0] != '[' {
			return nil
		}
		var blocks []struct {
			Type string `json:"type"`
			Name string `json:"name"`
		}
		if err := json.Unmarshal(m.Content, &blocks); err != nil {
			return fmt.Errorf("assistant content: %w", err)
		}
		for _, b := range blocks {
			if b.Type == "tool_use" && !slices.Contains(names, b.Name) {
				names = append(names, b.Name)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	return names, nil
}

// ToolCoverage is, for one CLI version, which of the tools its system/init
// messages list the version's recordings call.
type ToolCoverage struct {
	// Version is the CLI version.
	Version string
	// Init are the tools the recordings' system/init messages list, in
	// the order of first appearance (recordings in the order given, each
	// list in its order).
	Init []string
	// Called maps each tool a recording calls, listed in Init or not, to
	// the IDs of the scenarios whose recordings call it, sorted.
	Called map[string][]string
}

// Uncalled returns the tools of c.Init that no recording calls, in Init's
// order.
func (c ToolCoverage) Uncalled() []string {
	var out []string
	for _, t := range c.Init {
		if len(c.Called[t]) == 0 {
			out = append(out, t)
		}
	}
	return out
}

// CoverTools counts, per CLI version, the tools of system/init against the
// tools the recordings call (see [InitTools] and [ToolsCalled]). It returns
// one ToolCoverage per version, oldest first.
func CoverTools(recs []*recording.Recording) ([]ToolCoverage, error) {
	byVersion := map[string]*ToolCoverage{}
	var versions []cliversion.Version
	for _, rec := range recs {
		v, err := cliversion.Parse(rec.Version)
		if err != nil {
			return nil, fmt.Errorf("scenario: recording %s: %w", rec.Scenario, err)
		}
		c := byVersion[v.String()]
		if c == nil {
			c = &ToolCoverage{Version: rec.Version, Called: map[string][]string{}}
			byVersion[v.String()] = c
			versions = append(versions, v)
		}
		init, err := InitTools(rec)
		if err != nil {
			return nil, err
		}
		for _, t := range init {
			if !slices.Contains(c.Init, t) {
				c.Init = append(c.Init, t)
			}
		}
		called, err := ToolsCalled(rec)
		if err != nil {
			return nil, err
		}
		for _, t := range called {
			if !slices.Contains(c.Called[t], rec.Scenario) {
				c.Called[t] = append(c.Called[t], rec.Scenario)
			}
		}
	}
	slices.SortFunc(versions, cliversion.Version.Compare)
	out := make([]ToolCoverage, 0, len(versions))
	for _, v := range versions {
		c := byVersion[v.String()]
		for _, ids := range c.Called {
			slices.Sort(ids)
		}
		out = append(out, *c)
	}
	return out, nil
}
