package claude

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
)

// SchemaError reports a Go type that has no JSON Schema for [SchemaOf]:
// a channel, a function, a map whose keys are not strings, a type that
// contains itself...
type SchemaError struct {
	// Type is the type given to SchemaOf, or the type at fault when it is
	// not a struct.
	Type reflect.Type
	// Path is "in", the value given: Reason names the type at fault
	// within it.
	Path string
	// Reason says what is wrong.
	Reason string
}

// Error names the type and what is wrong.
func (e *SchemaError) Error() string {
	return fmt.Sprintf("claude: no JSON Schema for %s at %s: %s", e.Type, e.Path, e.Reason)
}

// SchemaOf returns the JSON Schema of the arguments v's type decodes from
// with encoding/json: v must be a struct (or a pointer to one), whose
// exported fields are the object's properties under their json names.
// The schema is the one the official Go MCP SDK gives a tool's input
// (github.com/google/jsonschema-go's For), with the rules this package
// had before it: a field is required unless its json tag says omitempty
// or omitzero, or it is a pointer (which may also be null); a description
// tag (or, as in the MCP SDK, a jsonschema tag) describes it to the
// model:
//
//	type AddInput struct {
//		A    float64 `json:"a" description:"the first number"`
//		B    float64 `json:"b" description:"the second number"`
//		Note string  `json:"note,omitempty"`
//	}
//
// Strings, booleans, integers (with the bounds of their Go type) and
// floats map to their schema types; slices to arrays that may be null,
// arrays to arrays of their length; maps with string keys to objects;
// structs to objects that allow no other properties; time.Time to a
// string; an interface or json.RawMessage accepts any value.
func SchemaOf(v any) (json.RawMessage, error) {
	t := reflect.TypeOf(v)
	if t == nil {
		return nil, &SchemaError{Path: "in", Reason: "a nil value has no type"}
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil, &SchemaError{Type: t, Path: "in", Reason: "the arguments are a JSON object: use a struct"}
	}
	s, err := jsonschema.ForType(t, &jsonschema.ForOptions{TypeSchemas: map[reflect.Type]*jsonschema.Schema{
		reflect.TypeFor[json.RawMessage](): {}, // any JSON, not the bytes of a []byte
	}})
	if err != nil {
		if inner := errors.Unwrap(err); inner != nil {
			err = inner // without ForType's restatement of the type
		}
		return nil, &SchemaError{Type: t, Path: "in", Reason: err.Error()}
	}
	if s.Properties == nil {
		s.Properties = map[string]*jsonschema.Schema{} // an object's schema names its properties, even none
	}
	applyFieldTags(t, s)
	b, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("claude: schema of %s: %w", t, err)
	}
	return b, nil
}

// applyFieldTags brings to s, the schema jsonschema-go gave t, what
// SchemaOf keeps of its own rules: description tags, and pointer fields
// that are not required.
func applyFieldTags(t reflect.Type, s *jsonschema.Schema) {
	if s == nil {
		return
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		applyFieldTags(t.Elem(), s.Items)
	case reflect.Map:
		applyFieldTags(t.Elem(), s.AdditionalProperties)
	case reflect.Struct:
		for _, f := range reflect.VisibleFields(t) {
			if f.Anonymous || !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" {
				name = f.Name
			}
			p := s.Properties[name]
			if p == nil {
				continue
			}
			if d := f.Tag.Get("description"); d != "" && p.Description == "" {
				p.Description = d
			}
			if f.Type.Kind() == reflect.Pointer {
				s.Required = slices.DeleteFunc(s.Required, func(r string) bool { return r == name })
			}
			applyFieldTags(f.Type, p)
		}
	}
}
