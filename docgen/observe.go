package docgen

import (
	"slices"
	"strings"

	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/internal/jsontree"
	"github.com/ccwire/ccwire/protocol"
	protomodel "github.com/ccwire/ccwire/protocol/schema"
	"github.com/ccwire/ccwire/recording"
)

// reference is what the recordings show of every kind of message, computed
// by walking every recorded message.
type reference struct {
	kinds []*kindRef
	byKey map[string]*kindRef
	// enumSeen maps an enum and a value to the versions it was seen in.
	enumSeen map[string]map[string]versionSet
	// toolResults holds the tool_use_result shapes seen, by the protocol
	// type describing them.
	toolResults map[string]*toolResultRef
	// toolTexts holds the string tool_use_results (failed calls) seen, by
	// tool and version.
	toolTexts map[string]map[string][]occurrence
}

// versionSet is a set of CLI versions.
type versionSet map[string]bool

// sorted returns the versions oldest first.
func (s versionSet) sorted() []string {
	out := sortedKeys(s)
	sortVersions(out)
	return out
}

// kindRef is the reference entry of one kind.
type kindRef struct {
	def kindDef
	// fields is the tree of members, from the model and the recordings.
	fields *fieldNode
	// occurrences lists where messages of the kind were seen.
	occurrences []occurrence
	// keyOrders holds, per version, the distinct orders of the top-level
	// members of the messages the CLI wrote.
	keyOrders map[string][][]string
	// stringValues holds, per path of an array of strings, the values the
	// CLI wrote, per version (tools, slash_commands...).
	stringValues map[string]map[string]versionSet
	// stdin and stdout report the directions the kind was seen in.
	stdin, stdout bool
}

// occurrence is one message of a kind in a recording.
type occurrence struct {
	scenario *scenarioDoc
	run      *run
	ev       *event
}

// versions returns the versions the kind was seen in.
func (k *kindRef) versions() []string {
	s := versionSet{}
	for _, o := range k.occurrences {
		s[o.run.version] = true
	}
	return s.sorted()
}

// outVersions returns the versions whose CLI wrote messages of the kind.
func (k *kindRef) outVersions() []string {
	s := versionSet{}
	for _, o := range k.occurrences {
		if o.ev.kind == eventStdout {
			s[o.run.version] = true
		}
	}
	return s.sorted()
}

// fieldNode is one member path of a kind: its meaning from the model, the
// JSON types seen per version, and the members below it.
type fieldNode struct {
	key   string // the path segment: a key, "[]" for array elements, "*" for map values
	path  string // the full path, e.g. message.content[].text
	field *fieldDoc
	// model reports whether the model declares the member.
	model bool
	// consts are the values the model fixes the member to, one per variant
	// of the object holding it.
	consts []string
	types  map[string]map[jsontree.Kind]bool // by version
	// outTypes are the types seen in messages the CLI wrote, by version:
	// what the CLI's versions are compared on.
	outTypes map[string]map[jsontree.Kind]bool
	kids     []*fieldNode
	index    map[string]*fieldNode
}

// child returns the node below n for a segment, creating it.
func (n *fieldNode) child(seg string) *fieldNode {
	if c, ok := n.index[seg]; ok {
		return c
	}
	if n.index == nil {
		n.index = map[string]*fieldNode{}
	}
	p := seg
	switch {
	case n.path == "":
	case seg == "[]":
		p = n.path + "[]"
	default:
		p = n.path + "." + seg
	}
	c := &fieldNode{key: seg, path: p, types: map[string]map[jsontree.Kind]bool{}, outTypes: map[string]map[jsontree.Kind]bool{}}
	n.index[seg] = c
	n.kids = append(n.kids, c)
	return c
}

// seen records a JSON type seen at n in a version, in a message on the
// CLI's stdout when the observer is at one.
func (o *observer) seen(n *fieldNode, version string, k jsontree.Kind) {
	add := func(m map[string]map[jsontree.Kind]bool) {
		if m[version] == nil {
			m[version] = map[jsontree.Kind]bool{}
		}
		m[version][k] = true
	}
	add(n.types)
	if o.stdout {
		add(n.outTypes)
	}
}

// walk calls f for n's descendants, depth first, in order.
func (n *fieldNode) walk(f func(*fieldNode)) {
	for _, c := range n.kids {
		f(c)
		c.walk(f)
	}
}

// observer builds the reference.
type observer struct {
	s   *schema
	ref *reference
	// stdout reports whether the message being observed is one the CLI
	// wrote.
	stdout bool
}

// observe walks every recorded message of some scenarios; defs are the
// entries the reference has whether seen or not.
func observe(s *schema, defs []kindDef, scenarios []*scenarioDoc) *reference {
	o := &observer{s: s, ref: &reference{
		byKey:    map[string]*kindRef{},
		enumSeen: map[string]map[string]versionSet{},
	}}
	for _, d := range defs {
		o.kind(d)
	}
	for _, sc := range scenarios {
		for _, r := range sc.runs {
			var requests protocol.Requests
			calls := map[string]string{} // tool_use id -> tool name
			for _, ev := range r.events {
				if ev.kind == eventAPI || ev.msg == nil {
					continue
				}
				m, err := ev.message()
				if err != nil {
					continue
				}
				o.message(sc, r, ev, m, requests.KindOf(m))
				toolUses(m, calls)
				o.toolResultMessage(sc, r, ev, m, calls)
			}
		}
	}
	return o.ref
}

// kind returns the entry of a kind, creating it with the members the
// model declares.
func (o *observer) kind(d kindDef) *kindRef {
	if k, ok := o.ref.byKey[d.key]; ok {
		return k
	}
	k := &kindRef{def: d, fields: &fieldNode{}, keyOrders: map[string][][]string{}, stringValues: map[string]map[string]versionSet{}}
	o.model(k.fields, o.s.typeOf(d.goType), d.details(), nil)
	o.ref.byKey[d.key] = k
	o.ref.kinds = append(o.ref.kinds, k)
	return k
}

// model adds the members a protocol type declares below n. details are
// the protocol types the kind fixes inside t (the block, control body or
// event, and what that fixes in turn: a delta, a payload); path lists the
// types being expanded, so that a type holding itself is not expanded
// again. A variant the kind does not fix is expanded as the members of
// every implementer only near the top of the message (a stream_event's
// deltas, a control request's body), not deeper (the requests an
// initialize answer lists as pending), which keeps the tables readable.
func (o *observer) model(n *fieldNode, t *goType, details []string, path []string) {
	if t == nil || slices.Contains(path, t.Name) {
		return
	}
	path = append(slices.Clip(path), t.Name)
	// fixed returns the detail implementing an interface and the details
	// left for below it.
	fixed := func(iface string) (string, []string) {
		for i, d := range details {
			if slices.Contains(o.s.implementers[iface], d) {
				return d, slices.Delete(slices.Clone(details), i, i+1)
			}
		}
		return "", details
	}
	for _, f := range t.Members {
		c := n.child(f.Key)
		if c.field == nil {
			c.field = f
		}
		if f.Shape == protomodel.ShapeConst && !slices.Contains(c.consts, f.Const) {
			c.consts = append(c.consts, f.Const)
		}
		c.model = true
		switch f.Shape {
		case protomodel.ShapeObject:
			o.model(c, o.s.typeOf(f.Elem), details, path)
		case protomodel.ShapeObjects:
			o.model(c.child("[]"), o.s.typeOf(f.Elem), details, path)
		case protomodel.ShapeObjectMap:
			o.model(c.child("*"), o.s.typeOf(f.Elem), details, path)
		case protomodel.ShapeRaw:
			if p := o.payload(t, f, details); p != "" {
				o.model(c, o.s.typeOf(p), nil, path)
			}
		case protomodel.ShapeBlocks, protomodel.ShapeContent:
			if d, rest := fixed("ContentBlock"); d != "" {
				e := c.child("[]")
				e.model = true
				o.model(e, o.s.typeOf(d), rest, path)
			}
		case protomodel.ShapeVariant:
			if d, rest := fixed(f.Elem); d != "" {
				o.model(c, o.s.typeOf(d), rest, path)
				break
			}
			if len(path) > 2 {
				break
			}
			// Not fixed by the kind: the members of every variant.
			for _, v := range o.s.implementers[f.Elem] {
				if !genericType(v) {
					o.model(c, o.s.typeOf(v), nil, path)
				}
			}
		}
	}
}

// payload returns the payload type among details when f is the member of
// t holding the payload of a successful control response, "" otherwise.
func (o *observer) payload(t *goType, f *fieldDoc, details []string) string {
	if t == nil || t.Name != payloadHolder || f == nil || f.Key != payloadMember {
		return ""
	}
	for _, d := range details {
		if o.s.isPayload(d) {
			return d
		}
	}
	return ""
}

// message records one recorded message.
func (o *observer) message(sc *scenarioDoc, r *run, ev *event, m protocol.Message, kind protocol.Kind) {
	d := classify(o.s, m, kind)
	k, ok := o.ref.byKey[d.key]
	if !ok {
		k = o.kind(d)
	}
	k.occurrences = append(k.occurrences, occurrence{scenario: sc, run: r, ev: ev})
	o.stdout = ev.kind == eventStdout
	if o.stdout {
		k.stdout = true
		order := ev.msg.Keys()
		if !slices.ContainsFunc(k.keyOrders[r.version], func(o []string) bool { return slices.Equal(o, order) }) {
			k.keyOrders[r.version] = append(k.keyOrders[r.version], order)
		}
	} else {
		k.stdin = true
	}
	o.seenEnum("Type", string(m.MessageType()), r.version)
	if sub := protocol.SubtypeOf(m); sub != "" {
		switch m.(type) {
		case *protocol.ControlRequest, *protocol.ControlResponse:
			o.seenEnum("ControlSubtype", string(sub), r.version)
		default:
			o.seenEnum("Subtype", string(sub), r.version)
		}
	}
	o.object(k, k.fields, ev.msg, o.s.typeOf(d.goType), r.version)
}

func (o *observer) seenEnum(enum, v, version string) {
	if o.ref.enumSeen[enum] == nil {
		o.ref.enumSeen[enum] = map[string]versionSet{}
	}
	if o.ref.enumSeen[enum][v] == nil {
		o.ref.enumSeen[enum][v] = versionSet{}
	}
	o.ref.enumSeen[enum][v][version] = true
}

// object records the members of an object value of protocol type t (nil
// when the model does not know the object).
func (o *observer) object(k *kindRef, n *fieldNode, v *jsontree.Value, t *goType, version string) {
	if v.Kind != jsontree.Object {
		return
	}
	for _, m := range v.Members {
		var f *fieldDoc
		if t != nil {
			f = t.Member(m.Key)
		}
		c := n.child(m.Key)
		if c.field == nil && f != nil {
			c.field = f
		}
		o.seen(c, version, observedKind(m.Val))
		if m.Key == "permissionMode" || m.Key == "mode" && t != nil && t.Name == "SetPermissionModeRequest" {
			if m.Val.Kind == jsontree.String {
				o.seenEnum("PermissionMode", m.Val.Str, version)
			}
		}
		if p := o.payload(t, f, k.def.details()); p != "" {
			o.object(k, c, m.Val, o.s.typeOf(p), version)
			continue
		}
		o.below(k, c, m.Val, f, version)
	}
}

// below records what is under a member's value.
func (o *observer) below(k *kindRef, n *fieldNode, v *jsontree.Value, f *fieldDoc, version string) {
	if f == nil {
		o.generic(k, n, v, version)
		return
	}
	switch f.Shape {
	case protomodel.ShapeObject:
		o.object(k, n, v, o.s.typeOf(f.Elem), version)
	case protomodel.ShapeObjects:
		if v.Kind == jsontree.Array {
			for _, e := range v.Elems {
				c := n.child("[]")
				o.seen(c, version, e.Kind)
				o.object(k, c, e, o.s.typeOf(f.Elem), version)
			}
		}
	case protomodel.ShapeObjectMap:
		if v.Kind == jsontree.Object {
			for _, m := range v.Members {
				c := n.child("*")
				o.seen(c, version, m.Val.Kind)
				o.object(k, c, m.Val, o.s.typeOf(f.Elem), version)
			}
		}
	case protomodel.ShapeBlocks, protomodel.ShapeContent:
		if v.Kind == jsontree.Array {
			for _, e := range v.Elems {
				c := n.child("[]")
				o.seen(c, version, e.Kind)
				bt := e.StringAt("type")
				o.seenEnum("BlockType", bt, version)
				o.object(k, c, e, o.s.typeOf(o.s.variantFor("ContentBlock", "type", bt)), version)
			}
		}
	case protomodel.ShapeVariant:
		key := o.s.discriminatorKey(f.Elem)
		o.object(k, n, v, o.s.typeOf(o.s.variantFor(f.Elem, key, v.StringAt(key))), version)
	case protomodel.ShapeStrings:
		if v.Kind == jsontree.Array && o.stdout {
			if k.stringValues[n.path] == nil {
				k.stringValues[n.path] = map[string]versionSet{}
			}
			for _, e := range v.Elems {
				if e.Kind == jsontree.String {
					if k.stringValues[n.path][e.Str] == nil {
						k.stringValues[n.path][e.Str] = versionSet{}
					}
					k.stringValues[n.path][e.Str][version] = true
				}
			}
		}
	case protomodel.ShapeInput:
	case protomodel.ShapeRaw:
		if !opaqueMembers[f.Key] {
			o.generic(k, n, v, version)
		}
	default:
		o.generic(k, n, v, version)
	}
}

// opaqueMembers are the keys of members kept as any JSON whose content is
// the client's or the tool's, not the protocol's: what a scenario's JSON
// schema or tool call holds. The reference lists the member, not what one
// example put in it.
var opaqueMembers = map[string]bool{
	"structured_output":    true, // output matching --json-schema
	"jsonSchema":           true, // the schema itself
	"tool_input":           true, // a tool call's input
	"tool_response":        true, // what a tool returned
	"updatedInput":         true, // a tool input rewritten by the host or a hook
	"updatedMCPToolOutput": true, // an MCP tool's output rewritten by a hook
}

// generic records the members of a value the model does not describe.
func (o *observer) generic(k *kindRef, n *fieldNode, v *jsontree.Value, version string) {
	switch v.Kind {
	case jsontree.Object:
		o.object(k, n, v, nil, version)
	case jsontree.Array:
		for _, e := range v.Elems {
			if e.Kind == jsontree.Object || e.Kind == jsontree.Array {
				c := n.child("[]")
				o.seen(c, version, e.Kind)
				o.generic(k, c, e, version)
			}
		}
	}
}

// observedKind returns the JSON type a recorded value had when the CLI
// wrote it: recordings replace numbers that change from run to run
// (timings, clock readings, process IDs) with strings such as
// "<duration>" ([recording.IsNumberPlaceholder]).
func observedKind(v *jsontree.Value) jsontree.Kind {
	if v.Kind == jsontree.String && recording.IsNumberPlaceholder(v.Str) {
		return jsontree.Number
	}
	return v.Kind
}

// find returns the node at a path below n, nil if there is none.
func (n *fieldNode) find(path string) *fieldNode {
	var found *fieldNode
	n.walk(func(c *fieldNode) {
		if found == nil && c.path == path {
			found = c
		}
	})
	return found
}

// exampleGroup is an example of a kind for the versions whose messages of
// the kind have the same members with the same JSON types.
type exampleGroup struct {
	// shown is the occurrence the group shows: the first of its newest
	// version, in one direction.
	shown    occurrence
	versions versionSet
}

// exampleGroups returns the examples of a kind: the versions grouped by
// the members (and their JSON types) the kind's messages had in them, each
// group with one example per direction, from its newest version, newest
// group first. A page so shows an example per change of the kind rather
// than one per recorded version.
func exampleGroups(k *kindRef) []*exampleGroup {
	sig := map[string][]string{}
	k.fields.walk(func(n *fieldNode) {
		for v, ks := range n.types {
			sig[v] = append(sig[v], n.path+":"+kindList(ks))
		}
	})
	byVersions := map[string]versionSet{}
	var keys []string
	for _, v := range k.versions() {
		key := strings.Join(sig[v], "\x00")
		if byVersions[key] == nil {
			byVersions[key] = versionSet{}
			keys = append(keys, key)
		}
		byVersions[key][v] = true
	}
	// The examples come from one scenario where they can, so that
	// they differ in what the versions changed rather than in what the
	// scenarios did: the one of the newest version's first message.
	all := k.versions()
	if len(all) == 0 {
		return nil
	}
	preferred := map[eventKind]*scenarioDoc{}
	for _, o := range k.occurrences {
		if o.run.version == all[len(all)-1] && preferred[o.ev.kind] == nil {
			preferred[o.ev.kind] = o.scenario
		}
	}
	var groups []*exampleGroup
	for _, key := range keys {
		vs := byVersions[key].sorted()
		newest := vs[len(vs)-1]
		for _, dir := range []eventKind{eventStdout, eventStdin} {
			var shown *occurrence
			for i, o := range k.occurrences {
				if o.run.version != newest || o.ev.kind != dir {
					continue
				}
				if shown == nil || (o.scenario == preferred[dir] && shown.scenario != preferred[dir]) {
					shown = &k.occurrences[i]
				}
			}
			if shown != nil {
				groups = append(groups, &exampleGroup{shown: *shown, versions: byVersions[key]})
			}
		}
	}
	slices.SortStableFunc(groups, func(a, b *exampleGroup) int {
		return cliversion.CompareStrings(b.shown.run.version, a.shown.run.version)
	})
	return groups
}
