package docgen

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/ccwire/ccwire/protocol"
	protomodel "github.com/ccwire/ccwire/protocol/schema"
)

// schema is what package schema says about the protocol model, with the
// lookups the reference needs.
type schema struct {
	*protomodel.Model
	types map[string]*goType
	// implementers lists, per interface, the types implementing it, in
	// source order.
	implementers map[string][]string
	// payloads names the payload type of the successful responses to each
	// control request subtype that has one.
	payloads map[protocol.ControlSubtype]string
	// docIDs lists, per doc text, the ids of the texts that read so: the
	// Japanese catalog's keys ("member:SystemInit.cwd").
	docIDs map[string][]string
}

// payloadHolder and payloadMember are the protocol type and the member
// holding the payload of a successful control response.
const (
	payloadHolder = "SuccessResponse"
	payloadMember = "response"
)

// isPayload reports whether a protocol type is the payload of a
// successful control response.
func (s *schema) isPayload(name string) bool {
	for _, p := range s.payloads {
		if p == name {
			return true
		}
	}
	return false
}

// goType, fieldDoc, enumDoc and constDoc are the description's types, as
// docgen has long called them.
type (
	goType   = protomodel.Type
	fieldDoc = protomodel.Member
	enumDoc  = protomodel.Enum
	constDoc = protomodel.Value
)

// loadSchema reads the description package schema holds of package
// protocol.
func loadSchema() *schema {
	m := protomodel.Protocol()
	s := &schema{Model: m, types: map[string]*goType{}, implementers: map[string][]string{}, payloads: map[protocol.ControlSubtype]string{}, docIDs: map[string][]string{}}
	addDoc := func(id string, en string) {
		if en != "" {
			s.docIDs[en] = append(s.docIDs[en], id)
		}
	}
	addDocs := func(name string, doc []string) {
		for i, d := range doc {
			addDoc(fmt.Sprintf("type:%s#%d", name, i), d)
		}
	}
	for _, t := range m.Types {
		s.types[t.Name] = t
		addDocs(t.Name, t.Doc)
		for _, mb := range t.Members {
			addDoc("member:"+t.Name+"."+mb.Key, mb.Doc)
		}
		if t.Answers != "" {
			s.payloads[protocol.ControlSubtype(t.Answers)] = t.Name
			s.implementers["Payload"] = append(s.implementers["Payload"], t.Name)
		}
	}
	for _, u := range m.Unions {
		s.types[u.Name] = &goType{Name: u.Name, Doc: u.Doc}
		addDocs(u.Name, u.Doc)
		s.implementers[u.Name] = u.Variants
	}
	for _, e := range m.Enums {
		addDocs(e.Name, e.Doc)
		for _, v := range e.Values {
			addDoc("value:"+e.Name+"."+v.Value, v.Doc)
		}
	}
	return s
}

// typeOf returns the protocol type name, or nil.
func (s *schema) typeOf(name string) *goType { return s.types[name] }

// variantFor returns the implementer of iface whose fixed member key has
// value v ("type": "text" for ContentBlock), "" when none has.
func (s *schema) variantFor(iface, key, v string) string {
	for _, name := range s.implementers[iface] {
		if f := s.types[name].Member(key); f != nil && f.Shape == protomodel.ShapeConst && f.Const == v {
			return name
		}
	}
	return ""
}

// discriminatorKey is the member that chooses the implementer of an
// interface: "type" for content blocks, "subtype" for control bodies.
func (s *schema) discriminatorKey(iface string) string {
	if u := s.Union(iface); u != nil && u.Key != "" {
		return u.Key
	}
	return "type"
}

// enum returns the enum named name, nil if there is none.
func (s *schema) enum(name string) *enumDoc { return s.Enum(name) }

// constName returns the name of the constant of an enum with a value, ""
// if there is none.
func (s *schema) constName(enum, v string) string { return s.Enum(enum).ConstName(v) }

// goNames returns the Go identifiers of the model a doc text may name and
// what the reference writes instead, in JSON terms: an enum constant
// (SubtypeSuccess) becomes its value ("success") and a field with a name
// of several words (IsError) its member's key (is_error). Single words
// (Result, Errors) are left alone: they read as English too. Names that
// are also JSON keys or values of the protocol stay as they are.
func (s *schema) goNames() map[string]string {
	out := map[string]string{}
	keys := map[string]string{}
	ambiguous := map[string]bool{}
	json := map[string]bool{}
	for _, t := range s.Types {
		for _, m := range t.Members {
			json[m.Key] = true
			if m.Field == "" || !severalWords(m.Field) {
				continue
			}
			if k, ok := keys[m.Field]; ok && k != m.Key {
				ambiguous[m.Field] = true
			}
			keys[m.Field] = m.Key
		}
		for _, tool := range t.Tools {
			json[tool] = true
		}
	}
	for _, e := range s.Enums {
		for _, v := range e.Values {
			json[v.Value] = true
		}
	}
	for f, k := range keys {
		if !ambiguous[f] && !json[f] {
			out[f] = k
		}
	}
	for _, e := range s.Enums {
		for _, v := range e.Values {
			if !json[v.Name] {
				out[v.Name] = strconv.Quote(v.Value)
			}
		}
	}
	return out
}

// severalWords reports whether a Go name joins several words: an upper
// case letter follows a lower case one (IsError, not ID or Result).
func severalWords(name string) bool {
	prevLower := false
	for _, c := range name {
		if unicode.IsUpper(c) && prevLower {
			return true
		}
		prevLower = unicode.IsLower(c)
	}
	return false
}

// neutralizer returns a function that writes the Go names of goNames in
// a doc text as the JSON they stand for, in a code span.
func neutralizer(names map[string]string) func(string) string {
	return func(s string) string {
		var b strings.Builder
		last := 0
		for _, m := range identRE.FindAllStringIndex(s, -1) {
			i, j := m[0], m[1]
			js, ok := names[s[i:j]]
			if !ok {
				continue
			}
			// A name already in a code span loses its backticks.
			if i > 0 && j < len(s) && s[i-1] == '`' && s[j] == '`' {
				i, j = i-1, j+1
			}
			b.WriteString(s[last:i])
			b.WriteString("`" + js + "`")
			last = j
		}
		if last == 0 {
			return s
		}
		b.WriteString(s[last:])
		return b.String()
	}
}

// identRE finds the words of a text that can be Go identifiers.
var identRE = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)
