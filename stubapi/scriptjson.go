package stubapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// This file is the script file format; the package doc describes it.

// oldParseScript is the hand-written reader the struct tags replace,
// kept until a test has compared them on every scenario.
func oldParseScript(data []byte) (Script, error) {
	var s Script
	err := s.oldUnmarshal(data)
	return s, err
}

func (s *Script) oldUnmarshal(data []byte) error {
	if err := syntaxCheck(data); err != nil {
		return err
	}
	obj, err := decodeObject(data, "")
	if err != nil {
		return err
	}
	var out Script
	if raw, ok := obj.take("turns"); ok {
		items, err := decodeArray(raw, "turns")
		if err != nil {
			return err
		}
		out.Turns = make([]Turn, 0, len(items))
		for i, item := range items {
			t, err := decodeTurn(item, fmt.Sprintf("turns[%d]", i))
			if err != nil {
				return err
			}
			out.Turns = append(out.Turns, t)
		}
	} else {
		return &ScriptError{Path: "turns", Err: errors.New("missing; a script is {\"turns\": [...]}")}
	}
	if err := obj.done(); err != nil {
		return err
	}
	if err := out.Validate(); err != nil {
		return err
	}
	*s = out
	return nil
}

// object is a JSON object being decoded field by field.
type object struct {
	path   string
	fields map[string]json.RawMessage
	order  []string
}

// decodeObject splits raw into its fields, rejecting anything but an
// object and duplicate keys.
func decodeObject(raw json.RawMessage, path string) (*object, error) {
	if kind := jsonKind(raw); kind != "object" {
		return nil, &ScriptError{Path: path, Err: fmt.Errorf("want an object, got %s", kind)}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil {
		return nil, &ScriptError{Path: path, Err: err}
	}
	obj := &object{path: path, fields: map[string]json.RawMessage{}}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, &ScriptError{Path: path, Err: err}
		}
		key := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, &ScriptError{Path: join(path, key), Err: err}
		}
		if _, dup := obj.fields[key]; dup {
			return nil, &ScriptError{Path: join(path, key), Err: errors.New("field appears twice")}
		}
		obj.fields[key] = v
		obj.order = append(obj.order, key)
	}
	if _, err := dec.Token(); err != nil {
		return nil, &ScriptError{Path: path, Err: err}
	}
	if dec.More() {
		return nil, &ScriptError{Path: path, Err: errors.New("trailing data after the object")}
	}
	return obj, nil
}

// take returns and removes field key.
func (o *object) take(key string) (json.RawMessage, bool) {
	v, ok := o.fields[key]
	delete(o.fields, key)
	return v, ok
}

// has reports whether field key is (still) present.
func (o *object) has(key string) bool { _, ok := o.fields[key]; return ok }

// done reports the first field nobody took.
func (o *object) done() error {
	for _, k := range o.order {
		if _, ok := o.fields[k]; ok {
			return &ScriptError{Path: join(o.path, k), Err: errors.New("unknown field")}
		}
	}
	return nil
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// jsonKind names the JSON type of raw's value.
func jsonKind(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	return "number"
}

func decodeArray(raw json.RawMessage, path string) ([]json.RawMessage, error) {
	if kind := jsonKind(raw); kind != "array" {
		return nil, &ScriptError{Path: path, Err: fmt.Errorf("want an array, got %s", kind)}
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, &ScriptError{Path: path, Err: err}
	}
	return items, nil
}

func decodeString(raw json.RawMessage, path string) (string, error) {
	if kind := jsonKind(raw); kind != "string" {
		return "", &ScriptError{Path: path, Err: fmt.Errorf("want a string, got %s", kind)}
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", &ScriptError{Path: path, Err: err}
	}
	return s, nil
}

func decodeInt(raw json.RawMessage, path string) (int, error) {
	if kind := jsonKind(raw); kind != "number" {
		return 0, &ScriptError{Path: path, Err: fmt.Errorf("want an integer, got %s", kind)}
	}
	var n int
	if err := json.Unmarshal(raw, &n); err != nil {
		return 0, &ScriptError{Path: path, Err: fmt.Errorf("want an integer, got %s", bytes.TrimSpace(raw))}
	}
	return n, nil
}

func decodeDuration(raw json.RawMessage, path string) (time.Duration, error) {
	s, err := decodeString(raw, path)
	if err != nil {
		return 0, &ScriptError{Path: path, Err: errors.New(`want a duration string such as "1.5s" or "200ms"`)}
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, &ScriptError{Path: path, Err: fmt.Errorf(`want a duration string such as "1.5s" or "200ms": %w`, err)}
	}
	return d, nil
}

// optString decodes field key into *dst when it is present.
func (o *object) optString(key string, dst *string) error {
	raw, ok := o.take(key)
	if !ok {
		return nil
	}
	s, err := decodeString(raw, join(o.path, key))
	if err != nil {
		return err
	}
	*dst = s
	return nil
}

func (o *object) optInt(key string, dst *int) error {
	raw, ok := o.take(key)
	if !ok {
		return nil
	}
	n, err := decodeInt(raw, join(o.path, key))
	if err != nil {
		return err
	}
	*dst = n
	return nil
}

func (o *object) optDuration(key string, dst *time.Duration) error {
	raw, ok := o.take(key)
	if !ok {
		return nil
	}
	d, err := decodeDuration(raw, join(o.path, key))
	if err != nil {
		return err
	}
	*dst = d
	return nil
}

func decodeTurn(raw json.RawMessage, path string) (Turn, error) {
	obj, err := decodeObject(raw, path)
	if err != nil {
		return Turn{}, err
	}
	var t Turn
	if obj.has("content") {
		for _, short := range []string{"thinking", "text", "tool_use"} {
			if obj.has(short) {
				return Turn{}, &ScriptError{Path: join(path, short), Err: errors.New(`cannot be combined with "content"; put every block in "content"`)}
			}
		}
		raw, _ := obj.take("content")
		items, err := decodeArray(raw, join(path, "content"))
		if err != nil {
			return Turn{}, err
		}
		for i, item := range items {
			b, err := decodeBlock(item, fmt.Sprintf("%s.content[%d]", path, i))
			if err != nil {
				return Turn{}, err
			}
			t.Content = append(t.Content, b)
		}
		t.Empty = len(items) == 0
	}
	if raw, ok := obj.take("thinking"); ok {
		s, err := decodeString(raw, join(path, "thinking"))
		if err != nil {
			return Turn{}, err
		}
		t.Content = append(t.Content, Think(s))
	}
	if raw, ok := obj.take("text"); ok {
		p := join(path, "text")
		switch jsonKind(raw) {
		case "array":
			items, err := decodeArray(raw, p)
			if err != nil {
				return Turn{}, err
			}
			for i, item := range items {
				s, err := decodeString(item, fmt.Sprintf("%s[%d]", p, i))
				if err != nil {
					return Turn{}, err
				}
				t.Content = append(t.Content, Say(s))
			}
		default:
			s, err := decodeString(raw, p)
			if err != nil {
				return Turn{}, &ScriptError{Path: p, Err: fmt.Errorf("want a string or an array of strings, got %s", jsonKind(raw))}
			}
			t.Content = append(t.Content, Say(s))
		}
	}
	if raw, ok := obj.take("tool_use"); ok {
		p := join(path, "tool_use")
		items, err := decodeArray(raw, p)
		if err != nil {
			return Turn{}, err
		}
		for i, item := range items {
			b, err := decodeCall(item, fmt.Sprintf("%s[%d]", p, i))
			if err != nil {
				return Turn{}, err
			}
			t.Content = append(t.Content, b)
		}
	}
	if err := obj.optString("stop_reason", &t.StopReason); err != nil {
		return Turn{}, err
	}
	if err := obj.optString("stop_sequence", &t.StopSequence); err != nil {
		return Turn{}, err
	}
	if raw, ok := obj.take("usage"); ok {
		u, err := decodeUsage(raw, join(path, "usage"))
		if err != nil {
			return Turn{}, err
		}
		t.Usage = &u
	}
	if obj.has("fault") && obj.has("faults") {
		return Turn{}, &ScriptError{Path: join(path, "faults"), Err: errors.New(`give "fault" or "faults", not both`)}
	}
	if raw, ok := obj.take("fault"); ok {
		f, err := decodeFault(raw, join(path, "fault"))
		if err != nil {
			return Turn{}, err
		}
		t.Faults = []Fault{f}
	}
	if raw, ok := obj.take("faults"); ok {
		p := join(path, "faults")
		items, err := decodeArray(raw, p)
		if err != nil {
			return Turn{}, err
		}
		for i, item := range items {
			f, err := decodeFault(item, fmt.Sprintf("%s[%d]", p, i))
			if err != nil {
				return Turn{}, err
			}
			t.Faults = append(t.Faults, f)
		}
	}
	return t, obj.done()
}

func decodeCall(raw json.RawMessage, path string) (Block, error) {
	obj, err := decodeObject(raw, path)
	if err != nil {
		return Block{}, err
	}
	return decodeCallFields(obj)
}

// decodeCallFields reads a tool call's id, name and input from obj.
func decodeCallFields(obj *object) (Block, error) {
	b := Block{Type: BlockToolUse}
	if err := errors.Join(obj.optString("id", &b.ID), obj.optString("name", &b.Name)); err != nil {
		return Block{}, err
	}
	if in, ok := obj.take("input"); ok {
		if kind := jsonKind(in); kind != "object" {
			return Block{}, &ScriptError{Path: join(obj.path, "input"), Err: fmt.Errorf("want an object, got %s", kind)}
		}
		b.Input = compactJSON(in)
	}
	return b, obj.done()
}

func decodeBlock(raw json.RawMessage, path string) (Block, error) {
	obj, err := decodeObject(raw, path)
	if err != nil {
		return Block{}, err
	}
	var typ string
	if err := obj.optString("type", &typ); err != nil {
		return Block{}, err
	}
	b := Block{Type: BlockType(typ)}
	switch b.Type {
	case BlockText:
		err = obj.optString("text", &b.Text)
	case BlockThinking:
		err = errors.Join(obj.optString("thinking", &b.Thinking), obj.optString("signature", &b.Signature))
	case BlockRedactedThinking:
		err = obj.optString("data", &b.Data)
	case BlockToolUse:
		return decodeCallFields(obj)
	case "":
		return Block{}, &ScriptError{Path: join(path, "type"), Err: errors.New("missing; want text, thinking, redacted_thinking or tool_use")}
	default:
		return Block{}, &ScriptError{Path: join(path, "type"), Err: fmt.Errorf("unknown block type %q (want text, thinking, redacted_thinking or tool_use)", typ)}
	}
	if err != nil {
		return Block{}, err
	}
	return b, obj.done()
}

func decodeUsage(raw json.RawMessage, path string) (Usage, error) {
	obj, err := decodeObject(raw, path)
	if err != nil {
		return Usage{}, err
	}
	var u Usage
	err = errors.Join(
		obj.optInt("input_tokens", &u.InputTokens),
		obj.optInt("output_tokens", &u.OutputTokens),
		obj.optInt("cache_creation_input_tokens", &u.CacheCreationInputTokens),
		obj.optInt("cache_read_input_tokens", &u.CacheReadInputTokens),
	)
	if err != nil {
		return Usage{}, err
	}
	return u, obj.done()
}

func decodeFault(raw json.RawMessage, path string) (Fault, error) {
	obj, err := decodeObject(raw, path)
	if err != nil {
		return Fault{}, err
	}
	var f Fault
	if !obj.has("kind") {
		return Fault{}, &ScriptError{Path: join(path, "kind"), Err: fmt.Errorf("missing; want one of %s", strings.Join(faultKindChoices(), ", "))}
	}
	var kind string
	if err := obj.optString("kind", &kind); err != nil {
		return Fault{}, err
	}
	if status, ok := shorthandStatus(kind); ok {
		f.Kind, f.Status = FaultHTTPError, status
	} else {
		f.Kind = FaultKind(kind)
	}
	if !contains(faultKindNames(), string(f.Kind)) {
		return Fault{}, &ScriptError{Path: join(path, "kind"), Err: fmt.Errorf("unknown fault kind %q (want one of %s)", kind, strings.Join(faultKindChoices(), ", "))}
	}
	var at string
	err = errors.Join(
		obj.optInt("status", &f.Status),
		obj.optString("error_type", &f.ErrorType),
		obj.optString("message", &f.Message),
		obj.optDuration("retry_after", &f.RetryAfter),
		obj.optString("at", &at),
		obj.optInt("block", &f.Block),
		obj.optDuration("duration", &f.Duration),
	)
	if err != nil {
		return Fault{}, err
	}
	f.At = Phase(at)
	if raw, ok := obj.take("headers"); ok {
		h, err := decodeHeaders(raw, join(path, "headers"))
		if err != nil {
			return Fault{}, err
		}
		f.Headers = h
	}
	if raw, ok := obj.take("times"); ok {
		p := join(path, "times")
		if jsonKind(raw) == "string" {
			s, _ := decodeString(raw, p)
			if s != "always" {
				return Fault{}, &ScriptError{Path: p, Err: fmt.Errorf(`want a positive integer or "always", got %q`, s)}
			}
			f.Times = Always
		} else {
			n, err := decodeInt(raw, p)
			if err != nil || n < 1 {
				return Fault{}, &ScriptError{Path: p, Err: fmt.Errorf(`want a positive integer or "always", got %s`, bytes.TrimSpace(raw))}
			}
			f.Times = n
		}
	}
	return f, obj.done()
}

// decodeHeaders reads a fault's headers: an object whose members are header
// names with a string value or an array of them.
func decodeHeaders(raw json.RawMessage, path string) (http.Header, error) {
	obj, err := decodeObject(raw, path)
	if err != nil {
		return nil, err
	}
	h := http.Header{}
	for _, name := range obj.order {
		val, _ := obj.take(name)
		p := join(path, name)
		if jsonKind(val) == "array" {
			items, err := decodeArray(val, p)
			if err != nil {
				return nil, err
			}
			for i, item := range items {
				s, err := decodeString(item, fmt.Sprintf("%s[%d]", p, i))
				if err != nil {
					return nil, err
				}
				h.Add(name, s)
			}
			continue
		}
		s, err := decodeString(val, p)
		if err != nil {
			return nil, &ScriptError{Path: p, Err: fmt.Errorf("want a string or an array of strings, got %s", jsonKind(val))}
		}
		h.Add(name, s)
	}
	if len(h) == 0 {
		return nil, nil
	}
	return h, nil
}

func (s Script) oldMarshal() ([]byte, error) {
	turns := make([]map[string]any, 0, len(s.Turns))
	for _, t := range s.Turns {
		turns = append(turns, encodeTurn(t))
	}
	return marshalOrdered(map[string]any{"turns": turns})
}

func encodeTurn(t Turn) map[string]any {
	m := map[string]any{}
	if shorthand(t.Content) {
		var texts []string
		var calls []map[string]any
		for _, b := range t.Content {
			switch b.Type {
			case BlockThinking:
				m["thinking"] = b.Thinking
			case BlockText:
				texts = append(texts, b.Text)
			case BlockToolUse:
				calls = append(calls, encodeCall(b))
			}
		}
		switch len(texts) {
		case 0:
		case 1:
			m["text"] = texts[0]
		default:
			m["text"] = texts
		}
		if calls != nil {
			m["tool_use"] = calls
		}
	} else if len(t.Content) > 0 || t.Empty {
		blocks := make([]map[string]any, 0, len(t.Content))
		for _, b := range t.Content {
			blocks = append(blocks, encodeBlock(b))
		}
		m["content"] = blocks
	}
	if t.StopReason != "" {
		m["stop_reason"] = t.StopReason
	}
	if t.StopSequence != "" {
		m["stop_sequence"] = t.StopSequence
	}
	if t.Usage != nil {
		m["usage"] = *t.Usage
	}
	switch len(t.Faults) {
	case 0:
	case 1:
		m["fault"] = encodeFault(t.Faults[0])
	default:
		faults := make([]map[string]any, len(t.Faults))
		for i, f := range t.Faults {
			faults[i] = encodeFault(f)
		}
		m["faults"] = faults
	}
	return m
}

func encodeCall(b Block) map[string]any {
	m := map[string]any{"name": b.Name}
	if b.ID != "" {
		m["id"] = b.ID
	}
	if len(b.Input) > 0 {
		m["input"] = b.Input
	}
	return m
}

func encodeBlock(b Block) map[string]any {
	switch b.Type {
	case BlockText:
		return map[string]any{"type": b.Type, "text": b.Text}
	case BlockThinking:
		m := map[string]any{"type": b.Type, "thinking": b.Thinking}
		if b.Signature != "" {
			m["signature"] = b.Signature
		}
		return m
	case BlockRedactedThinking:
		return map[string]any{"type": b.Type, "data": b.Data}
	}
	m := encodeCall(b)
	m["type"] = b.Type
	return m
}

func encodeFault(f Fault) map[string]any {
	m := map[string]any{"kind": f.Kind}
	if f.Status != 0 {
		m["status"] = f.Status
	}
	if f.ErrorType != "" {
		m["error_type"] = f.ErrorType
	}
	if f.Message != "" {
		m["message"] = f.Message
	}
	if f.RetryAfter != 0 {
		m["retry_after"] = f.RetryAfter.String()
	}
	if f.At != "" {
		m["at"] = f.At
	}
	if f.Block != 0 {
		m["block"] = f.Block
	}
	if f.Duration != 0 {
		m["duration"] = f.Duration.String()
	}
	if len(f.Headers) > 0 {
		h := make(map[string]any, len(f.Headers))
		for name, values := range f.Headers {
			if len(values) == 1 {
				h[name] = values[0]
			} else {
				h[name] = values
			}
		}
		m["headers"] = h
	}
	switch {
	case f.Times == Always:
		m["times"] = "always"
	case f.Times != 0:
		m["times"] = f.Times
	}
	return m
}
