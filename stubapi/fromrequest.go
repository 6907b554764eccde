package stubapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// FromRequestKey is the member of a placeholder in a tool_use input:
// {"$from_request": "<regexp with one group>"} stands for the text the
// group matches in the request being answered (see [FromRequest]).
const FromRequestKey = "$from_request"

// ErrUnresolved is wrapped by the error of a placeholder whose regular
// expression matches nothing in the request being answered.
var ErrUnresolved = errors.New("matched nothing in the last user message")

// FromRequest returns a placeholder for a tool_use input member: when the
// server serves the turn, it is replaced by the JSON string that the one
// capture group of re matches in the last user message of the request
// (see [Server] and the "Values from the request" section of the package
// documentation). Use it for ids the CLI makes up at random, such as a
// background task's:
//
//	stubapi.Call("TaskStop", map[string]any{"task_id": stubapi.FromRequest(`with ID: (\w+)`)})
func FromRequest(re string) map[string]string { return map[string]string{FromRequestKey: re} }

// placeholderRE is the regexp of a placeholder: raw is a JSON object whose
// only member is FromRequestKey; ok is false for any other value. A
// placeholder whose value is no string yields an error.
func placeholderRE(raw json.RawMessage) (re string, ok bool, err error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' || !bytes.Contains(raw, []byte(`"`+FromRequestKey+`"`)) {
		return "", false, nil
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(raw, &obj) != nil {
		return "", false, nil
	}
	v, has := obj[FromRequestKey]
	if !has {
		return "", false, nil
	}
	if len(obj) != 1 {
		return "", true, fmt.Errorf("a %s placeholder has no other members, this one has %d", FromRequestKey, len(obj)-1)
	}
	if err := json.Unmarshal(v, &re); err != nil {
		return "", true, fmt.Errorf("%s wants a regular expression string, got %s", FromRequestKey, abbreviate(string(v), 60))
	}
	return re, true, nil
}

// compilePlaceholder compiles a placeholder's regular expression, which
// must have exactly one capture group.
func compilePlaceholder(re string) (*regexp.Regexp, error) {
	rx, err := regexp.Compile(re)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", FromRequestKey, err)
	}
	if n := rx.NumSubexp(); n != 1 {
		return nil, fmt.Errorf("%s: regular expression %q has %d capture groups, want exactly 1", FromRequestKey, re, n)
	}
	return rx, nil
}

// hasPlaceholder reports whether a tool_use input may hold a placeholder
// (a cheap test: resolving finds out for sure).
func hasPlaceholder(input json.RawMessage) bool {
	return bytes.Contains(input, []byte(`"`+FromRequestKey+`"`))
}

// walkInput rewrites raw, a JSON value, replacing each placeholder by
// what f returns for it (f gets the member path and the regexp). Objects
// keep their members' order. It reports whether raw had placeholders.
func walkInput(raw json.RawMessage, path string, f func(path, re string) (json.RawMessage, error)) (json.RawMessage, bool, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return raw, false, nil
	}
	switch raw[0] {
	case '{':
		re, ok, err := placeholderRE(raw)
		if err != nil {
			return nil, true, &ScriptError{Path: path, Err: err}
		}
		if ok {
			v, err := f(path, re)
			return v, true, err
		}
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		if _, err := dec.Token(); err != nil {
			return nil, false, fmt.Errorf("%s: %w", path, err)
		}
		var out bytes.Buffer
		out.WriteByte('{')
		changed := false
		for i := 0; dec.More(); i++ {
			tok, err := dec.Token()
			if err != nil {
				return nil, false, fmt.Errorf("%s: %w", path, err)
			}
			key, _ := tok.(string)
			var v json.RawMessage
			if err := dec.Decode(&v); err != nil {
				return nil, false, fmt.Errorf("%s.%s: %w", path, key, err)
			}
			nv, had, err := walkInput(v, path+"."+key, f)
			if err != nil {
				return nil, true, err
			}
			changed = changed || had
			if i > 0 {
				out.WriteByte(',')
			}
			k, _ := json.Marshal(key)
			out.Write(k)
			out.WriteByte(':')
			out.Write(nv)
		}
		out.WriteByte('}')
		if !changed {
			return raw, false, nil
		}
		return out.Bytes(), true, nil
	case '[':
		var elems []json.RawMessage
		if err := json.Unmarshal(raw, &elems); err != nil {
			return nil, false, fmt.Errorf("%s: %w", path, err)
		}
		changed := false
		for i, e := range elems {
			ne, had, err := walkInput(e, fmt.Sprintf("%s[%d]", path, i), f)
			if err != nil {
				return nil, true, err
			}
			elems[i], changed = ne, changed || had
		}
		if !changed {
			return raw, false, nil
		}
		b, err := json.Marshal(elems)
		return b, true, err
	}
	return raw, false, nil
}

// validatePlaceholders reports the malformed placeholders of a tool_use
// input: a member besides FromRequestKey, no string, a regular expression
// that does not compile or has not exactly one group.
func validatePlaceholders(input json.RawMessage, path string, add func(path, format string, args ...any)) {
	if !hasPlaceholder(input) {
		return
	}
	_, _, err := walkInput(input, path, func(p, re string) (json.RawMessage, error) {
		if _, err := compilePlaceholder(re); err != nil {
			add(p, "%v", err)
		}
		return json.RawMessage(`""`), nil
	})
	var se *ScriptError
	switch {
	case errors.As(err, &se):
		add(se.Path, "%v", se.Err)
	case err != nil:
		add(path, "%v", err)
	}
}

// lastUserText returns the text of the last user message of a Messages
// request body (the last before messages of other roles that end the
// list, as [Request.ToolResults] picks it): its tool_result blocks' text
// and its text blocks, in order, joined by newlines, or its content when
// that is a string.
func lastUserText(body []byte) string {
	var b requestBody
	if json.Unmarshal(body, &b) != nil || len(b.Messages) == 0 {
		return ""
	}
	i := len(b.Messages) - 1
	for i > 0 && b.Messages[i].Role != "user" && b.Messages[i].Role != "assistant" {
		i--
	}
	last := b.Messages[i]
	if last.Role != "user" {
		return ""
	}
	var s string
	if json.Unmarshal(last.Content, &s) == nil {
		return s
	}
	var blocks []contentBlock
	if json.Unmarshal(last.Content, &blocks) != nil {
		return ""
	}
	var parts []string
	for _, bl := range blocks {
		switch bl.Type {
		case "tool_result":
			parts = append(parts, textOf(bl.Content))
		case "text":
			parts = append(parts, bl.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// resolveTurn returns t with the placeholders of its tool_use inputs
// replaced by what their regular expressions match in the last user
// message of body, or t itself when it has none. turn is t's index, for
// error paths. An error wraps ErrUnresolved when a regexp matches nothing.
func resolveTurn(t *Turn, turn int, body []byte) (*Turn, error) {
	var text *string
	var out *Turn
	for j, b := range t.Content {
		if b.Type != BlockToolUse || !hasPlaceholder(b.Input) {
			continue
		}
		path := fmt.Sprintf("turns[%d].content[%d].input", turn, j)
		in, had, err := walkInput(b.Input, path, func(p, re string) (json.RawMessage, error) {
			rx, err := compilePlaceholder(re)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", p, err)
			}
			if text == nil {
				s := lastUserText(body)
				text = &s
			}
			m := rx.FindStringSubmatch(*text)
			if m == nil {
				return nil, fmt.Errorf("%s: %s %q %w (%s)", p, FromRequestKey, re, ErrUnresolved, abbreviate(*text, 200))
			}
			return json.Marshal(m[1])
		})
		if err != nil {
			return nil, err
		}
		if !had {
			continue
		}
		if out == nil {
			c := *t
			c.Content = append([]Block(nil), t.Content...)
			// The usage stays the scripted turn's, so that it does not
			// depend on the values resolved (random ids).
			u := t.usage()
			c.Usage = &u
			out = &c
		}
		out.Content[j].Input = in
	}
	if out == nil {
		return t, nil
	}
	return out, nil
}
