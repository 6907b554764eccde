// Package schema describes the model of package protocol: every message
// kind and JSON object it types, their members with JSON shapes and docs,
// the unions told apart by a discriminating member, and the enums.
//
// The description is generated, with package protocol's codec, from the
// protocol types' struct tags and doc comments (go generate ./protocol), so
// it always says what the codec does. Package docgen writes the reference
// from it, and [JSONSchema] turns it into JSON Schema.
package schema

import "slices"

// Shape is how a member holds its value.
type Shape string

// The shapes of members.
const (
	ShapeConst     Shape = "const"     // a fixed string: type or subtype
	ShapeString    Shape = "string"    // a string
	ShapeNumber    Shape = "number"    // a number (Member.Integer says which)
	ShapeBoolean   Shape = "boolean"   // a boolean
	ShapeStrings   Shape = "strings"   // an array of strings
	ShapeRaw       Shape = "raw"       // any JSON, kept as is
	ShapeInput     Shape = "input"     // a tool input: any JSON object, kept as is
	ShapeObject    Shape = "object"    // an object of type Elem
	ShapeObjects   Shape = "objects"   // an array of objects of type Elem
	ShapeObjectMap Shape = "objectMap" // an object whose values are objects of type Elem
	ShapeBlocks    Shape = "blocks"    // an array of content blocks (union Elem)
	ShapeContent   Shape = "content"   // a string or an array of content blocks
	ShapeVariant   Shape = "variant"   // an object of one of the variants of union Elem
)

// Model is the description of the protocol.
type Model struct {
	Types  []*Type  // every JSON object the model types, in source order
	Unions []*Union // the interfaces whose variants a member tells apart
	Enums  []*Enum  // the named string types with constants
}

// Type is one JSON object of the model: a message, a content block, a
// control request or answer, a payload, a part of one.
type Type struct {
	Name     string   // the Go type of package protocol
	Doc      []string // its doc comment, one Markdown paragraph a line
	Message  bool     // a whole line of the protocol
	Union    string   // the union it is a variant of, "" if none
	Fallback bool     // the union's variant for values it does not know
	Answers  string   // the control request whose successful answer it is the payload of
	// Tools are the tools whose tool_use_result (on a user message
	// carrying their tool_result) has this shape; nil for other types.
	Tools   []string
	Members []*Member
}

// Member is one JSON member of a type.
type Member struct {
	Key      string   // the JSON name
	Field    string   // the Go field, "" for a fixed member
	GoType   string   // the Go field's type as written
	Doc      string   // the field's comment
	Shape    Shape    // how it holds its value
	Const    string   // the value of a fixed member
	Elem     string   // the type (object shapes) or union (variant, blocks) below it
	Enum     string   // the enum of a string member, "" if none
	Integer  bool     // a number without fraction
	Required bool     // a value built in code always writes it
	Nullable bool     // the protocol always carries it, null when zero
	OneOf    []string // the values choosing the type in its union
}

// Union is an interface of package protocol whose variants a
// discriminating member tells apart.
type Union struct {
	Name     string   // the Go interface
	Doc      []string // its doc comment
	Key      string   // the discriminating member: "type" or "subtype"
	Variants []string // the types implementing it, in source order
}

// Enum is a named string type with its constants.
type Enum struct {
	Name   string
	Doc    []string
	Values []Value
}

// Value is one constant of an enum.
type Value struct {
	Name  string // the Go constant
	Value string // its string
	Doc   string // its comment
}

// Protocol returns the description of package protocol. Each call builds
// a new one, which the caller may change.
func Protocol() *Model { return protocolModel() }

// Type returns the type named name, nil if there is none.
func (m *Model) Type(name string) *Type {
	i := slices.IndexFunc(m.Types, func(t *Type) bool { return t.Name == name })
	if i < 0 {
		return nil
	}
	return m.Types[i]
}

// Union returns the union named name, nil if there is none.
func (m *Model) Union(name string) *Union {
	i := slices.IndexFunc(m.Unions, func(u *Union) bool { return u.Name == name })
	if i < 0 {
		return nil
	}
	return m.Unions[i]
}

// Enum returns the enum named name, nil if there is none.
func (m *Model) Enum(name string) *Enum {
	i := slices.IndexFunc(m.Enums, func(e *Enum) bool { return e.Name == name })
	if i < 0 {
		return nil
	}
	return m.Enums[i]
}

// Variant returns the variant of a union whose fixed member key has value
// v ("type": "text" for ContentBlock), nil when none has.
func (m *Model) Variant(union, key, v string) *Type {
	for _, t := range m.Types {
		if t.Union == union {
			if c := t.Member(key); c != nil && (c.Const == v || slices.Contains(c.OneOf, v)) {
				return t
			}
		}
	}
	return nil
}

// Payloads returns the payload types by the control request subtype they
// answer.
func (m *Model) Payloads() map[string]*Type {
	out := map[string]*Type{}
	for _, t := range m.Types {
		if t.Answers != "" {
			out[t.Answers] = t
		}
	}
	return out
}

// ToolResult returns the type of the tool_use_result of a tool, nil if
// the model types none for it.
func (m *Model) ToolResult(tool string) *Type {
	for _, t := range m.Types {
		if slices.Contains(t.Tools, tool) {
			return t
		}
	}
	return nil
}

// Member returns the member named key, nil if the type has none.
func (t *Type) Member(key string) *Member {
	if t == nil {
		return nil
	}
	i := slices.IndexFunc(t.Members, func(m *Member) bool { return m.Key == key })
	if i < 0 {
		return nil
	}
	return t.Members[i]
}

// ConstName returns the constant of the enum with value v, "" if none.
func (e *Enum) ConstName(v string) string {
	if e == nil {
		return ""
	}
	for _, c := range e.Values {
		if c.Value == v {
			return c.Name
		}
	}
	return ""
}
