package docgen

import (
	"fmt"

	"github.com/ccwire/ccwire/protocol"
	protomodel "github.com/ccwire/ccwire/protocol/schema"
)

// fieldShape is how a member of a protocol type holds its value, as the
// member tables of package protocol declare it.
type fieldShape int

// The field shapes.
const (
	shapeConst     fieldShape = iota // a fixed string: type or subtype
	shapeString                      // a string
	shapeNumber                      // a number
	shapeBoolean                     // a boolean
	shapeStrings                     // an array of strings
	shapeRaw                         // any JSON, kept as is
	shapeOpaque                      // any JSON whose members depend on something else (tool inputs)
	shapeObject                      // an object of type elem
	shapeObjects                     // an array of objects of type elem
	shapeObjectMap                   // an object whose values are objects of type elem
	shapeBlocks                      // an array of content blocks
	shapeContent                     // a string or an array of content blocks
	shapeVariant                     // an object of one of the types implementing elem
)

// schema is what the source of package protocol says about the protocol:
// the doc comments of its types, their fields and their JSON members, and
// the enums.
type schema struct {
	types map[string]*goType
	enums []*enumDoc
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

// goType is one type of package protocol.
type goType struct {
	name   string
	doc    []string // paragraphs of the doc comment
	fields []*fieldDoc
	// hasTable reports whether the type has a member table.
	hasTable bool
	// consts maps the keys of the type's fixed members to their values
	// ("type": "text").
	consts map[string]string
}

// field returns the member named key, nil when the type does not know it.
func (t *goType) field(key string) *fieldDoc {
	if t == nil {
		return nil
	}
	for _, f := range t.fields {
		if f.key == key {
			return f
		}
	}
	return nil
}

// fieldDoc is one JSON member of a protocol type.
type fieldDoc struct {
	key      string
	goName   string // the Go field, "" for a fixed member
	goType   string // the Go field's type as written
	doc      string // the field's comment
	shape    fieldShape
	elem     string // the nested type (object shapes) or interface (variant)
	constVal string // the value of a fixed member
	nullable bool   // the member may be null
}

// enumDoc is a string type of package protocol with its constants.
type enumDoc struct {
	name   string
	doc    []string
	consts []constDoc
}

// constDoc is one constant of an enum.
type constDoc struct {
	name  string
	value string
	doc   string
}

// loadSchema reads the description package schema holds of package
// protocol.
func loadSchema() *schema {
	m := protomodel.Protocol()
	s := &schema{types: map[string]*goType{}, implementers: map[string][]string{}, payloads: map[protocol.ControlSubtype]string{}}
	s.docIDs = map[string][]string{}
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
		gt := &goType{name: t.Name, doc: t.Doc, hasTable: true, consts: map[string]string{}}
		addDocs(t.Name, t.Doc)
		for _, mb := range t.Members {
			addDoc("member:"+t.Name+"."+mb.Key, mb.Doc)
			f := &fieldDoc{
				key: mb.Key, goName: mb.Field, goType: mb.GoType, doc: mb.Doc,
				shape: shapes[mb.Shape], elem: mb.Elem, constVal: mb.Const, nullable: mb.Nullable,
			}
			if mb.Shape == protomodel.ShapeConst {
				gt.consts[mb.Key] = mb.Const
			}
			gt.fields = append(gt.fields, f)
		}
		s.types[t.Name] = gt
		if t.Answers != "" {
			s.payloads[protocol.ControlSubtype(t.Answers)] = t.Name
			s.implementers["Payload"] = append(s.implementers["Payload"], t.Name)
		}
	}
	for _, u := range m.Unions {
		s.types[u.Name] = &goType{name: u.Name, doc: u.Doc, consts: map[string]string{}}
		addDocs(u.Name, u.Doc)
		s.implementers[u.Name] = u.Variants
	}
	for _, e := range m.Enums {
		ed := &enumDoc{name: e.Name, doc: e.Doc}
		addDocs(e.Name, e.Doc)
		for _, v := range e.Values {
			addDoc("value:"+e.Name+"."+v.Value, v.Doc)
			ed.consts = append(ed.consts, constDoc{name: v.Name, value: v.Value, doc: v.Doc})
		}
		s.enums = append(s.enums, ed)
	}
	return s
}

// shapes maps the schema's shapes to docgen's.
var shapes = map[protomodel.Shape]fieldShape{
	protomodel.ShapeConst:     shapeConst,
	protomodel.ShapeString:    shapeString,
	protomodel.ShapeNumber:    shapeNumber,
	protomodel.ShapeBoolean:   shapeBoolean,
	protomodel.ShapeStrings:   shapeStrings,
	protomodel.ShapeRaw:       shapeRaw,
	protomodel.ShapeInput:     shapeOpaque,
	protomodel.ShapeObject:    shapeObject,
	protomodel.ShapeObjects:   shapeObjects,
	protomodel.ShapeObjectMap: shapeObjectMap,
	protomodel.ShapeBlocks:    shapeBlocks,
	protomodel.ShapeContent:   shapeContent,
	protomodel.ShapeVariant:   shapeVariant,
}

// typeOf returns the protocol type name, or nil.
func (s *schema) typeOf(name string) *goType { return s.types[name] }

// variantFor returns the implementer of iface whose fixed member key has
// value v ("type": "text" for ContentBlock), "" when none has.
func (s *schema) variantFor(iface, key, v string) string {
	for _, name := range s.implementers[iface] {
		if t := s.types[name]; t != nil && t.consts[key] == v {
			return name
		}
	}
	return ""
}

// discriminatorKey is the member that chooses the implementer of an
// interface: "type" for content blocks, "subtype" for control bodies.
func (s *schema) discriminatorKey(iface string) string {
	for _, name := range s.implementers[iface] {
		t := s.types[name]
		if t == nil {
			continue
		}
		if _, ok := t.consts["type"]; ok {
			return "type"
		}
		if _, ok := t.consts["subtype"]; ok {
			return "subtype"
		}
	}
	return "type"
}

// enum returns the enum named name, nil if there is none.
func (s *schema) enum(name string) *enumDoc {
	for _, e := range s.enums {
		if e.name == name {
			return e
		}
	}
	return nil
}

// constName returns the name of the constant of an enum with a value, ""
// if there is none.
func (s *schema) constName(enum, v string) string {
	if e := s.enum(enum); e != nil {
		for _, c := range e.consts {
			if c.value == v {
				return c.name
			}
		}
	}
	return ""
}
