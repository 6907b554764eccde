package stubapi

import (
	"encoding/json"
	"sort"
)

// exampleJSON returns a small JSON value that satisfies the JSON schema
// schema, for side requests that ask for structured output: objects get
// their required properties, strings are "stub" (or the first enum or the
// const), numbers 0, booleans false, arrays their minimum number of items.
// A schema it cannot read yields {}.
func exampleJSON(schema json.RawMessage) json.RawMessage {
	var s map[string]any
	if json.Unmarshal(schema, &s) != nil {
		return json.RawMessage(`{}`)
	}
	data, err := json.Marshal(exampleValue(s, 0))
	if err != nil {
		return json.RawMessage(`{}`)
	}
	return data
}

// maxSchemaDepth bounds recursion through nested or self-similar schemas.
const maxSchemaDepth = 16

func exampleValue(s map[string]any, depth int) any {
	if depth > maxSchemaDepth {
		return nil
	}
	if c, ok := s["const"]; ok {
		return c
	}
	if e, ok := s["enum"].([]any); ok && len(e) > 0 {
		return e[0]
	}
	for _, k := range []string{"anyOf", "oneOf", "allOf"} {
		if alts, ok := s[k].([]any); ok && len(alts) > 0 {
			if sub, ok := alts[0].(map[string]any); ok {
				return exampleValue(sub, depth+1)
			}
		}
	}
	typ := s["type"]
	if list, ok := typ.([]any); ok && len(list) > 0 {
		typ = list[0]
	}
	switch typ {
	case "object":
		out := map[string]any{}
		props, _ := s["properties"].(map[string]any)
		req, _ := s["required"].([]any)
		names := make([]string, 0, len(req))
		for _, r := range req {
			if name, ok := r.(string); ok {
				names = append(names, name)
			}
		}
		sort.Strings(names)
		for _, name := range names {
			sub, _ := props[name].(map[string]any)
			out[name] = exampleValue(sub, depth+1)
		}
		return out
	case "array":
		n := 0
		if m, ok := s["minItems"].(float64); ok && m > 0 && m <= 16 {
			n = int(m)
		}
		items, _ := s["items"].(map[string]any)
		out := make([]any, n)
		for i := range out {
			out[i] = exampleValue(items, depth+1)
		}
		return out
	case "string":
		return "stub"
	case "integer", "number":
		if m, ok := s["minimum"].(float64); ok {
			return m
		}
		return 0
	case "boolean":
		return false
	case "null":
		return nil
	}
	if _, ok := s["properties"]; ok {
		return exampleValue(map[string]any{"type": "object", "properties": s["properties"], "required": s["required"]}, depth+1)
	}
	return map[string]any{}
}
