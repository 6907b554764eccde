package drift

//go:generate go run ../internal/sdkitems -o sdkitems_gen.go

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/protocol/schema"
	"github.com/ccwire/ccwire/recording"
)

// The groups of the protocol items whose coverage ccwire spec --coverage
// reports.
const (
	// GroupControl is a control request subtype, whichever side sends it.
	GroupControl = "control_request"
	// GroupStdout is a kind of message the CLI writes on stdout: its type,
	// and for system and result messages its subtype ("system/init").
	GroupStdout = "stdout"
	// GroupHook is a hook event.
	GroupHook = "hook_event"
)

// Protocol item statuses.
const (
	ItemRecorded = "recorded" // a recording of the version holds it (a control request with an answer)
	// ItemUnanswered is a control request subtype the recordings hold
	// only unanswered: the version ignores it (2.1.37 answers no subtype
	// it does not know).
	ItemUnanswered = "unanswered"
	ItemCannot     = "cannot"          // no recording does, and a reason says why it cannot be provoked here
	ItemNotYet     = "not yet covered" // no recording holds it and no reason says why
)

// ProtocolItem is one thing of the protocol model whose presence on the
// wire the coverage report counts: a control request subtype, a stdout
// kind or a hook event.
type ProtocolItem struct {
	Group string `json:"group"`
	Name  string `json:"name"`
}

// String returns "group name".
func (it ProtocolItem) String() string { return it.Group + " " + it.Name }

// ProtocolItems returns the items of the model m, in the model's order:
// the subtypes of the control request bodies it types (union
// ControlRequestBody), the stdout kinds of the messages it types (union
// Message: the type, with the subtype for system and result messages;
// a result's subtypes are the values of its subtype's enum that no system
// message claims) and the hook events (enum HookEvent). The fallback
// variants for values the model does not know are no items.
func ProtocolItems(m *schema.Model) []ProtocolItem {
	var items []ProtocolItem
	add := func(group, name string) {
		it := ProtocolItem{Group: group, Name: name}
		if name != "" && !slices.Contains(items, it) {
			items = append(items, it)
		}
	}
	for _, t := range variantsOf(m, "ControlRequestBody") {
		for _, s := range constValues(t.Member("subtype")) {
			add(GroupControl, s)
		}
	}
	// The subtypes the system messages claim, to tell a result's apart.
	claimed := map[string]bool{}
	for _, t := range variantsOf(m, "Message") {
		if slices.Contains(constValues(t.Member("type")), string(protocol.TypeSystem)) {
			for _, s := range constValues(t.Member("subtype")) {
				claimed[s] = true
			}
		}
	}
	for _, t := range variantsOf(m, "Message") {
		sub := t.Member("subtype")
		for _, typ := range constValues(t.Member("type")) {
			subs := constValues(sub)
			if sub != nil && len(subs) == 0 && typ == string(protocol.TypeResult) {
				for _, v := range m.Enum(sub.Enum).Values {
					if !claimed[v.Value] {
						subs = append(subs, v.Value)
					}
				}
			}
			if len(subs) == 0 {
				add(GroupStdout, typ)
			}
			for _, s := range subs {
				add(GroupStdout, typ+"/"+s)
			}
		}
	}
	if e := m.Enum("HookEvent"); e != nil {
		for _, v := range e.Values {
			add(GroupHook, v.Value)
		}
	}
	return items
}

// variantsOf returns the variants of union name in m but its fallback.
func variantsOf(m *schema.Model, name string) []*schema.Type {
	u := m.Union(name)
	if u == nil {
		return nil
	}
	var out []*schema.Type
	for _, v := range u.Variants {
		if t := m.Type(v); t != nil && !t.Fallback {
			out = append(out, t)
		}
	}
	return out
}

// constValues returns the values a fixed or one-of member takes, none for
// a member that takes any (or no member).
func constValues(mb *schema.Member) []string {
	switch {
	case mb == nil:
		return nil
	case mb.Const != "":
		return []string{mb.Const}
	default:
		return mb.OneOf
	}
}

// SDKItems returns the items that the TypeScript Agent SDK's sdk.d.ts
// declares (version [SDKVersion]), in its order: the control request
// subtypes of SDKControlRequestInner, the stdout kinds of StdoutMessage
// with the result subtypes apart (but control_request and
// control_response, whose subtypes the control group counts) and the
// hook events of HOOK_EVENTS. go generate ./drift reads them from the
// installed SDK (internal/sdkitems).
func SDKItems() []ProtocolItem { return slices.Clone(sdkItems) }

// ProtocolCoverage is how far the recordings of one version hold the
// protocol model's items.
type ProtocolCoverage struct {
	// Totals counts the items per group and status.
	Totals []GroupTotal   `json:"totals"`
	Items  []ItemCoverage `json:"items"`
	// SDK counts the same recordings by the SDK's items ([SDKItems]), as
	// issue 31 counts the protocol.
	SDK SDKCoverage `json:"sdk"`
}

// SDKCoverage is how far the recordings of one version hold the items of
// the TypeScript Agent SDK's sdk.d.ts.
type SDKCoverage struct {
	// SDKVersion is the SDK whose items these are.
	SDKVersion string `json:"sdk_version"`
	// Totals counts the SDK's items per group and status.
	Totals []GroupTotal `json:"totals"`
	// NotRecorded are the SDK's items not recorded on the version, with
	// their status and reason.
	NotRecorded []ItemCoverage `json:"not_recorded"`
	// NotInModel are the SDK's items the protocol model does not type
	// (recorded all the same when the wire carries them).
	NotInModel []ProtocolItem `json:"not_in_model"`
}

// Recorded returns the number of the SDK's items recorded and their
// number.
func (s SDKCoverage) Recorded() (recorded, items int) {
	for _, g := range s.Totals {
		recorded += g.Recorded
		items += g.Items
	}
	return recorded, items
}

// GroupTotal counts the items of a group by status.
type GroupTotal struct {
	Group      string `json:"group"`
	Items      int    `json:"items"`
	Recorded   int    `json:"recorded"`
	Unanswered int    `json:"unanswered"`
	Cannot     int    `json:"cannot"`
	NotYet     int    `json:"not_yet_covered"`
}

// ItemCoverage is one item on one version: how often the recordings
// hold it, in which scenarios, and, when none does, why.
type ItemCoverage struct {
	ProtocolItem
	Status string `json:"status"`
	// Count is how many lines hold it: requests of a control subtype,
	// stdout lines of a kind, hook callbacks and hook messages of an event.
	Count int `json:"count"`
	// Success and Error count the answers to a control request subtype.
	Success int `json:"success,omitempty"`
	Error   int `json:"error,omitempty"`
	// Scenarios are the recordings holding it, by scenario id.
	Scenarios []string `json:"scenarios"`
	// Reason says why it cannot be provoked here (status cannot), or, for
	// an item recorded all the same, a reason the recording contradicts.
	Reason *Unprovokable `json:"reason,omitempty"`
}

// Recorded returns the number of items recorded, cannot be provoked and
// not yet covered (unanswered control requests included), over every
// group.
func (p ProtocolCoverage) Recorded() (recorded, cannot, notYet int) {
	for _, g := range p.Totals {
		recorded += g.Recorded
		cannot += g.Cannot
		notYet += g.NotYet + g.Unanswered
	}
	return recorded, cannot, notYet
}

// Total returns the group's totals, zero when it has none.
func (p ProtocolCoverage) Total(group string) GroupTotal {
	for _, g := range p.Totals {
		if g.Group == group {
			return g
		}
	}
	return GroupTotal{Group: group}
}

// protocolCount counts the items of the model on the wire of recordings.
type protocolCount struct {
	byItem map[ProtocolItem]*ItemCoverage
}

// newProtocolCount starts a count of items, of each list given once.
func newProtocolCount(items ...[]ProtocolItem) *protocolCount {
	c := &protocolCount{byItem: map[ProtocolItem]*ItemCoverage{}}
	for _, list := range items {
		for _, it := range list {
			if c.byItem[it] == nil {
				c.byItem[it] = &ItemCoverage{ProtocolItem: it, Scenarios: []string{}}
			}
		}
	}
	return c
}

// note counts item in the recording of scenario id; items neither the
// model nor the SDK has (a subtype neither types) are not counted.
func (c *protocolCount) note(group, name, id string) *ItemCoverage {
	ic := c.byItem[ProtocolItem{Group: group, Name: name}]
	if ic == nil {
		return nil
	}
	ic.Count++
	if !slices.Contains(ic.Scenarios, id) {
		ic.Scenarios = append(ic.Scenarios, id)
	}
	return ic
}

// add counts the items of one recording, walked with [recording.Walk].
func (c *protocolCount) add(rec *recording.Recording) error {
	for s, err := range recording.Walk(rec.Events) {
		if err != nil {
			return fmt.Errorf("recording %s of CLI %s: %w", rec.Scenario, rec.Version, err)
		}
		if s.Msg == nil {
			continue
		}
		switch m := s.Msg.(type) {
		case *protocol.ControlRequest:
			if m.Request != nil {
				c.note(GroupControl, string(m.Request.ControlSubtype()), rec.Scenario)
			}
			if h, ok := m.Request.(*protocol.HookCallbackRequest); ok && s.Channel == recording.EventStdout {
				if in, err := h.DecodeInput(); err == nil {
					c.note(GroupHook, string(in.HookEventName), rec.Scenario)
				}
			}
		case *protocol.ControlResponse:
			if s.Kind.Answers != "" {
				if ic := c.byItem[ProtocolItem{Group: GroupControl, Name: string(s.Kind.Answers)}]; ic != nil {
					switch m.Response.(type) {
					case *protocol.SuccessResponse:
						ic.Success++
					case *protocol.ErrorResponse:
						ic.Error++
					}
				}
			}
		case *protocol.HookMessage:
			c.note(GroupHook, m.HookEvent, rec.Scenario)
		}
		if s.Channel == recording.EventStdout {
			c.note(GroupStdout, c.stdoutItem(s.Kind.Name), rec.Scenario)
		}
	}
	return nil
}

// stdoutItem returns the stdout item of a kind's name ([protocol.KindOf]):
// the longest of its first two slash-separated parts and its first that
// is an item ("system/init", "assistant" for "assistant/tool_use").
func (c *protocolCount) stdoutItem(kind string) string {
	parts := strings.SplitN(kind, "/", 3)
	if len(parts) >= 2 {
		if two := parts[0] + "/" + parts[1]; c.byItem[ProtocolItem{Group: GroupStdout, Name: two}] != nil {
			return two
		}
	}
	return parts[0]
}

// sdkCoverage returns the count's report of the SDK's items sdk for
// version v, model being the items of the model.
func (c *protocolCount) sdkCoverage(sdk, model []ProtocolItem, v cliversion.Version, reasons []Unprovokable) SDKCoverage {
	p := c.coverage(sdk, v, reasons)
	s := SDKCoverage{SDKVersion: SDKVersion, Totals: p.Totals, NotRecorded: []ItemCoverage{}, NotInModel: []ProtocolItem{}}
	for _, ic := range p.Items {
		if ic.Status != ItemRecorded {
			s.NotRecorded = append(s.NotRecorded, ic)
		}
		if !slices.Contains(model, ic.ProtocolItem) {
			s.NotInModel = append(s.NotInModel, ic.ProtocolItem)
		}
	}
	return s
}

// coverage returns the count's report for version v, in the order of
// items, with the reasons of reasons that hold for v.
func (c *protocolCount) coverage(items []ProtocolItem, v cliversion.Version, reasons []Unprovokable) ProtocolCoverage {
	p := ProtocolCoverage{Totals: []GroupTotal{}, Items: []ItemCoverage{}}
	for _, it := range items {
		ic := *c.byItem[it]
		slices.Sort(ic.Scenarios)
		if r := reasonFor(reasons, it, v); r != nil {
			ic.Reason = r
		}
		switch {
		case ic.Count > 0 && it.Group == GroupControl && ic.Success+ic.Error == 0:
			ic.Status = ItemUnanswered
		case ic.Count > 0:
			ic.Status = ItemRecorded
		case ic.Reason != nil:
			ic.Status = ItemCannot
		default:
			ic.Status = ItemNotYet
		}
		i := slices.IndexFunc(p.Totals, func(g GroupTotal) bool { return g.Group == it.Group })
		if i < 0 {
			p.Totals = append(p.Totals, GroupTotal{Group: it.Group})
			i = len(p.Totals) - 1
		}
		g := &p.Totals[i]
		g.Items++
		switch ic.Status {
		case ItemRecorded:
			g.Recorded++
		case ItemUnanswered:
			g.Unanswered++
		case ItemCannot:
			g.Cannot++
		default:
			g.NotYet++
		}
		p.Items = append(p.Items, ic)
	}
	return p
}

// reasonFor returns the reason of reasons for item on version v, nil when
// none holds for it.
func reasonFor(reasons []Unprovokable, it ProtocolItem, v cliversion.Version) *Unprovokable {
	for i := range reasons {
		r := &reasons[i]
		if r.Item != it {
			continue
		}
		if r.CLI != "" {
			c, err := cliversion.ParseConstraint(r.CLI)
			if err != nil || !c.Allows(v) {
				continue
			}
		}
		return r
	}
	return nil
}
