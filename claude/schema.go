package claude

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

// SchemaError reports a Go type that has no JSON Schema for [SchemaOf]:
// a channel, a function, a map whose keys are not strings, a type that
// contains itself...
type SchemaError struct {
	// Type is the type at fault.
	Type reflect.Type
	// Path is where it sits in the value given, e.g. "in.items[]".
	Path string
	// Reason says what is wrong.
	Reason string
}

// Error names the type and where it is.
func (e *SchemaError) Error() string {
	return fmt.Sprintf("claude: no JSON Schema for %s at %s: %s", e.Type, e.Path, e.Reason)
}

// SchemaOf returns the JSON Schema of the arguments v's type decodes from
// with encoding/json: v must be a struct (or a pointer to one), whose
// exported fields are the object's properties under their json names.
// A field is required unless its json tag says omitempty or omitzero, or
// it is a pointer; its description tag, if any, describes it to the model:
//
//	type AddInput struct {
//		A    float64 `json:"a" description:"the first number"`
//		B    float64 `json:"b" description:"the second number"`
//		Note string  `json:"note,omitempty"`
//	}
//
// Strings, booleans, integers and floats map to their schema types, slices
// and arrays to arrays, maps with string keys to objects, structs to
// nested objects; an interface or json.RawMessage accepts any value.
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
	s, err := schemaOf(t, "in", map[reflect.Type]bool{})
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("claude: schema of %s: %w", t, err)
	}
	return b, nil
}

var rawMessageType = reflect.TypeFor[json.RawMessage]()

// schemaOf returns the schema of t as a value to encode. open holds the
// struct types being described, to refuse recursion.
func schemaOf(t reflect.Type, path string, open map[reflect.Type]bool) (map[string]any, error) {
	if t == rawMessageType {
		return map[string]any{}, nil
	}
	switch t.Kind() {
	case reflect.Pointer:
		return schemaOf(t.Elem(), path, open)
	case reflect.String:
		return map[string]any{"type": "string"}, nil
	case reflect.Bool:
		return map[string]any{"type": "boolean"}, nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return map[string]any{"type": "integer"}, nil
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}, nil
	case reflect.Interface:
		return map[string]any{}, nil
	case reflect.Slice, reflect.Array:
		items, err := schemaOf(t.Elem(), path+"[]", open)
		if err != nil {
			return nil, err
		}
		return map[string]any{"type": "array", "items": items}, nil
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return nil, &SchemaError{Type: t, Path: path, Reason: "map keys must be strings"}
		}
		values, err := schemaOf(t.Elem(), path+"[key]", open)
		if err != nil {
			return nil, err
		}
		return map[string]any{"type": "object", "additionalProperties": values}, nil
	case reflect.Struct:
		if open[t] {
			return nil, &SchemaError{Type: t, Path: path, Reason: "the type contains itself"}
		}
		open[t] = true
		defer delete(open, t)
		props := map[string]any{}
		required := []string{}
		for f := range structFields(t) {
			name, optional := f.Name, f.Type.Kind() == reflect.Pointer
			if tag, ok := f.Tag.Lookup("json"); ok {
				n, opts, _ := strings.Cut(tag, ",")
				if n == "-" && opts == "" {
					continue
				}
				if n != "" {
					name = n
				}
				for o := range strings.SplitSeq(opts, ",") {
					if o == "omitempty" || o == "omitzero" {
						optional = true
					}
				}
			}
			s, err := schemaOf(f.Type, path+"."+name, open)
			if err != nil {
				return nil, err
			}
			if d := f.Tag.Get("description"); d != "" {
				s["description"] = d
			}
			props[name] = s
			if !optional {
				required = append(required, name)
			}
		}
		out := map[string]any{"type": "object", "properties": props}
		if len(required) > 0 {
			out["required"] = required
		}
		return out, nil
	}
	return nil, &SchemaError{Type: t, Path: path, Reason: "encoding/json cannot decode it from JSON"}
}

// structFields yields the exported fields of struct t that encoding/json
// decodes, the fields of embedded structs without a json name in their
// stead.
func structFields(t reflect.Type) func(yield func(reflect.StructField) bool) {
	return func(yield func(reflect.StructField) bool) {
		for i := range t.NumField() {
			f := t.Field(i)
			_, tagged := f.Tag.Lookup("json")
			if f.Anonymous && !tagged {
				et := f.Type
				if et.Kind() == reflect.Pointer {
					et = et.Elem()
				}
				if et.Kind() == reflect.Struct {
					for g := range structFields(et) {
						if !yield(g) {
							return
						}
					}
					continue
				}
			}
			if !f.IsExported() {
				continue
			}
			if !yield(f) {
				return
			}
		}
	}
}
