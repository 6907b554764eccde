package match

import "strconv"

// MessageLabel returns a short description of a stream-json message, like
// the message column of the protocol reference and [Pattern.Label]:
//
//	system/init, system/status(plan) (permission mode, else status), system/<subtype>
//	assistant(text), assistant(thinking), assistant(tool_use:Bash)
//	user(text), user(tool_result), user(tool_result:error)
//	result/success, result/success(is_error:true),
//	result/success(permission_denials), result/<subtype>
//	stream_event(content_block_delta:text_delta), stream_event(message_stop)
//	control_request(can_use_tool:Bash), control_response(success)
//
// Assistant and user messages are described by their first content block.
// Other types give "<type>" or "<type>/<subtype>". A message without a
// string "type" gives "(no type)", text that is not JSON "(invalid JSON)".
func MessageLabel(message []byte) string {
	v, err := decode(message)
	if err != nil {
		return "(invalid JSON)"
	}
	return valueLabel(v)
}

// valueLabel is MessageLabel of a decoded message.
func valueLabel(v any) string {
	if l := label(valueView{v}); l != "" {
		return l
	}
	return "(no type)"
}

// describeValue returns the label of a decoded message followed by its
// quoted text, if it has some (see detail).
func describeValue(v any) string {
	l := valueLabel(v)
	if d, ok := detail(valueView{v}); ok {
		return l + " " + quoteTruncated(d, detailLimit)
	}
	return l
}

// view gives the label functions the same access to pattern trees and
// decoded messages.
type view interface {
	// str returns the string at path, if there is a literal one.
	str(path ...string) (string, bool)
	// isString reports whether the value at path is known to be a string.
	isString(path ...string) bool
	// isTrue reports whether the value at path is literally true.
	isTrue(path ...string) bool
	// hasElements reports whether the value at path is known to be a
	// non-empty array.
	hasElements(path ...string) bool
}

// label derives the label of a message or pattern; "" when it has no
// literal type.
func label(v view) string {
	typ, ok := v.str("type")
	if !ok || typ == "" {
		return ""
	}
	sub, hasSub := v.str("subtype")
	qualify := func(base string, path ...string) string {
		if s, ok := v.str(path...); ok && s != "" {
			return base + "(" + s + ")"
		}
		return base
	}
	switch typ {
	case "assistant", "user":
		if v.isString("message", "content") {
			return typ + "(text)"
		}
		block, ok := v.str("message", "content", "0", "type")
		if !ok {
			return typ
		}
		switch block {
		case "tool_use":
			if name, ok := v.str("message", "content", "0", "name"); ok && name != "" {
				return typ + "(tool_use:" + name + ")"
			}
		case "tool_result":
			if v.isTrue("message", "content", "0", "is_error") {
				return typ + "(tool_result:error)"
			}
		}
		return typ + "(" + block + ")"
	case "system":
		if !hasSub {
			return typ
		}
		if sub == "status" {
			if _, ok := v.str("permissionMode"); ok {
				return qualify("system/status", "permissionMode")
			}
			return qualify("system/status", "status")
		}
		return "system/" + sub
	case "result":
		if !hasSub {
			return typ
		}
		l := "result/" + sub
		if sub == "success" {
			switch {
			case v.isTrue("is_error"):
				l += "(is_error:true)"
			case v.hasElements("permission_denials"):
				l += "(permission_denials)"
			}
		}
		return l
	case "stream_event":
		event, ok := v.str("event", "type")
		if !ok {
			return typ
		}
		switch event {
		case "content_block_delta":
			if d, ok := v.str("event", "delta", "type"); ok {
				event += ":" + d
			}
		case "content_block_start":
			if b, ok := v.str("event", "content_block", "type"); ok {
				event += ":" + b
			}
		}
		return typ + "(" + event + ")"
	case "control_request":
		req, ok := v.str("request", "subtype")
		if !ok {
			return typ
		}
		if tool, ok := v.str("request", "tool_name"); ok && req == "can_use_tool" {
			req += ":" + tool
		}
		return typ + "(" + req + ")"
	case "control_response":
		return qualify(typ, "response", "subtype")
	default:
		if hasSub {
			return typ + "/" + sub
		}
		return typ
	}
}

// detail returns the text that tells messages of the same label apart:
// the text of a user message or of a first text or thinking block, or the
// result of a result message.
func detail(v view) (string, bool) {
	typ, _ := v.str("type")
	switch typ {
	case "assistant", "user":
		if s, ok := v.str("message", "content"); ok {
			return s, true
		}
		switch block, _ := v.str("message", "content", "0", "type"); block {
		case "text", "thinking":
			return v.str("message", "content", "0", block)
		}
	case "result":
		return v.str("result")
	}
	return "", false
}

// valueView is the view of a decoded message.
type valueView struct{ root any }

func (v valueView) at(path []string) (any, bool) {
	cur := v.root
	for _, seg := range path {
		switch x := cur.(type) {
		case map[string]any:
			next, ok := x[seg]
			if !ok {
				return nil, false
			}
			cur = next
		case []any:
			i, err := strconv.Atoi(seg)
			if err != nil || i < 0 || i >= len(x) {
				return nil, false
			}
			cur = x[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

func (v valueView) str(path ...string) (string, bool) {
	x, _ := v.at(path)
	s, ok := x.(string)
	return s, ok
}

func (v valueView) isString(path ...string) bool {
	_, ok := v.str(path...)
	return ok
}

func (v valueView) isTrue(path ...string) bool {
	x, _ := v.at(path)
	b, ok := x.(bool)
	return ok && b
}

func (v valueView) hasElements(path ...string) bool {
	x, _ := v.at(path)
	a, ok := x.([]any)
	return ok && len(a) > 0
}

// patternView is the view of a pattern tree: only literal values count,
// and the elements of $contains stand for the first elements of the array.
type patternView struct{ root node }

func (v patternView) at(path []string) node {
	cur := v.root
	for _, seg := range path {
		var elems []node
		switch x := cur.(type) {
		case *objectNode:
			var next node
			for _, f := range x.fields {
				if f.key == seg {
					next = f.value
					break
				}
			}
			if next == nil {
				return nil
			}
			cur = next
			continue
		case *arrayNode:
			elems = x.elems
		case *containsNode:
			elems = x.elems
		default:
			return nil
		}
		i, err := strconv.Atoi(seg)
		if err != nil || i < 0 || i >= len(elems) {
			return nil
		}
		cur = elems[i]
	}
	return cur
}

func (v patternView) str(path ...string) (string, bool) {
	s, ok := v.at(path).(stringNode)
	return s.s, ok
}

func (v patternView) isString(path ...string) bool {
	switch n := v.at(path).(type) {
	case stringNode, regexpNode:
		return true
	case typeNode:
		return n.kind == "string"
	}
	return false
}

func (v patternView) isTrue(path ...string) bool {
	b, ok := v.at(path).(boolNode)
	return ok && b.b
}

func (v patternView) hasElements(path ...string) bool {
	switch n := v.at(path).(type) {
	case *arrayNode:
		return len(n.elems) > 0
	case *containsNode:
		return len(n.elems) > 0
	case nonEmptyNode:
		return true
	}
	return false
}
