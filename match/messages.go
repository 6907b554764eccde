package match

// Patterns of the stream-json message kinds the CLI writes on stdout (and
// reads on stdin). Each matches every message of its kind, whatever the
// fields it does not name (ids, session, model, usage, timings); a text
// argument "" means any text. Their labels ([Pattern.Label]) are those of
// the protocol reference's message column.

// object returns an object pattern with keys in the given order (pattern
// text for docs reads better with "type" first): pairs alternate keys and
// values, values converted as by Value.
func object(pairs ...any) Pattern {
	o := &objectNode{fields: make([]field, 0, len(pairs)/2)}
	for i := 0; i+1 < len(pairs); i += 2 {
		n, err := fromGo(pairs[i+1], 1)
		if err != nil {
			panic("match: " + err.Error()) // unreachable: constructors pass valid values
		}
		o.fields = append(o.fields, field{key: pairs[i].(string), value: n})
	}
	return Pattern{root: o}
}

// withText appends key and value to pairs unless value is "".
func withText(pairs []any, key, value string) []any {
	if value == "" {
		return pairs
	}
	return append(pairs, key, value)
}

// SystemInit matches system/init: the first message of every session,
// with the session id, working directory, model, permission mode, CLI
// version and the tools, MCP servers, slash commands and agents available.
//
//	{"type":"system","subtype":"init"}
func SystemInit() Pattern { return SystemSubtype("init") }

// SystemStatus matches system/status, which announces a change of state;
// after the EnterPlanMode tool it carries the new permission mode, e.g.
// "plan". permissionMode "" matches any status message.
//
//	{"type":"system","subtype":"status","permissionMode":"plan"}
func SystemStatus(permissionMode string) Pattern {
	return object(withText([]any{"type", "system", "subtype", "status"}, "permissionMode", permissionMode)...)
}

// SystemSubtype matches system messages of the given subtype, for the
// kinds without a constructor of their own (compact_boundary, hook_started,
// api_retry, task_started, ...).
//
//	{"type":"system","subtype":subtype}
func SystemSubtype(subtype string) Pattern {
	return object("type", "system", "subtype", subtype)
}

// AssistantText matches assistant(text): a text reply of the model. The
// CLI writes each content block of a model response as its own assistant
// message, so several text blocks give several messages. text "" matches
// any text.
//
//	{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Hello!"}]}}
func AssistantText(text string) Pattern { return assistantBlock("text", "text", text) }

// AssistantThinking matches assistant(thinking): an extended-thinking
// block, written as its own message before the text or tool use that
// follows it. text "" matches any thinking text.
//
//	{"type":"assistant","message":{"role":"assistant","content":[{"type":"thinking","thinking":"Let me think..."}]}}
func AssistantThinking(text string) Pattern {
	return assistantBlock("thinking", "thinking", text)
}

// AssistantToolUse matches assistant(tool_use:Name): the model asks for a
// tool call (its id and input are not compared). toolName "" matches any
// tool.
//
//	{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","name":"Bash"}]}}
func AssistantToolUse(toolName string) Pattern {
	return assistantBlock("tool_use", "name", toolName)
}

func assistantBlock(blockType, key, value string) Pattern {
	block := object(withText([]any{"type", blockType}, key, value)...)
	return object(
		"type", "assistant",
		"message", object("role", "assistant", "content", []any{block}),
	)
}

// UserText matches user(text): a user message whose content is a plain
// string, as a client sends on stdin. text "" matches any string content
// (but not the content-block arrays of tool results).
//
//	{"type":"user","message":{"role":"user","content":"say hello"}}
func UserText(text string) Pattern {
	var content any = text
	if text == "" {
		content = Type("string")
	}
	return object("type", "user", "message", object("role", "user", "content", content))
}

// UserToolResult matches user(tool_result): the CLI reports the result of
// a tool call, with the tool_use_id of the call, as a user message on
// stdout. It matches failed results too; see [UserToolResultError].
//
//	{"type":"user","message":{"content":[{"type":"tool_result"}]}}
func UserToolResult() Pattern { return userToolResult(false) }

// UserToolResultError matches user(tool_result:error): a tool call that
// failed or whose permission was denied (is_error true, the content says
// why).
//
//	{"type":"user","message":{"content":[{"type":"tool_result","is_error":true}]}}
func UserToolResultError() Pattern { return userToolResult(true) }

func userToolResult(isError bool) Pattern {
	block := []any{"type", "tool_result"}
	if isError {
		block = append(block, "is_error", true)
	}
	return object("type", "user", "message", object("content", []any{object(block...)}))
}

// ResultSuccess matches result/success with is_error false: the turn is
// complete; result holds the text of the last text block. result ""
// matches any result text.
//
//	{"type":"result","subtype":"success","is_error":false,"result":"Hello!"}
func ResultSuccess(result string) Pattern {
	return object(withText([]any{"type", "result", "subtype", "success", "is_error", false}, "result", result)...)
}

// ResultSuccessError matches result/success(is_error:true): subtype
// "success" but is_error true, as when the response was cut by max_tokens
// or a usage limit was reached.
//
//	{"type":"result","subtype":"success","is_error":true}
func ResultSuccessError() Pattern {
	return object("type", "result", "subtype", "success", "is_error", true)
}

// ResultPermissionDenials matches result/success(permission_denials): the
// turn completed, and in non-interactive mode the CLI denied these tools
// (e.g. AskUserQuestion), exactly these, in this order. With no tool names
// it matches any non-empty list of denials.
//
//	{"type":"result","subtype":"success","permission_denials":[{"tool_name":"AskUserQuestion"}]}
func ResultPermissionDenials(toolNames ...string) Pattern {
	var denials any = NonEmpty()
	if len(toolNames) > 0 {
		list := make([]any, len(toolNames))
		for i, name := range toolNames {
			list[i] = object("tool_name", name)
		}
		denials = list
	}
	return object("type", "result", "subtype", "success", "permission_denials", denials)
}

// ResultErrorDuringExecution matches result/error_during_execution: the
// turn ended on an error, such as an error event in the API's stream; no
// assistant message precedes it and errors lists what went wrong.
//
//	{"type":"result","subtype":"error_during_execution"}
func ResultErrorDuringExecution() Pattern { return ResultError("error_during_execution") }

// ResultError matches a result of the given error subtype:
// error_during_execution, error_max_turns, error_max_budget_usd,
// error_max_structured_output_retries.
//
//	{"type":"result","subtype":subtype}
func ResultError(subtype string) Pattern {
	return object("type", "result", "subtype", subtype)
}

// StreamEvent matches stream_event(eventType): one event of the Messages
// API stream (message_start, content_block_start, content_block_delta,
// content_block_stop, message_delta, message_stop), passed through with
// --include-partial-messages. eventType "" matches any event.
//
//	{"type":"stream_event","event":{"type":"message_start"}}
func StreamEvent(eventType string) Pattern {
	if eventType == "" {
		return object("type", "stream_event")
	}
	return object("type", "stream_event", "event", object("type", eventType))
}

// ControlRequest matches control_request(subtype): a request of the
// control protocol (can_use_tool, initialize, interrupt, set_model, ...),
// from either side; the reply is a control_response with the same
// request_id. subtype "" matches any request.
//
//	{"type":"control_request","request":{"subtype":"can_use_tool"}}
func ControlRequest(subtype string) Pattern {
	if subtype == "" {
		return object("type", "control_request")
	}
	return object("type", "control_request", "request", object("subtype", subtype))
}

// ControlResponse matches control_response: the single reply to a
// control_request, successful or not.
//
//	{"type":"control_response"}
func ControlResponse() Pattern { return object("type", "control_response") }
