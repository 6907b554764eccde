package docgen

import (
	"reflect"

	"github.com/ccwire/ccwire/protocol"
)

// kindDef is one entry of the message reference: a message type, with its
// subtype, its first content block's type or its control body's subtype,
// and the variants the protocol reference has always told apart
// (result/success with is_error, with permission_denials...).
type kindDef struct {
	// key is the entry's heading and identity, e.g. "assistant/tool_use".
	key string
	// group is the message type the entry belongs to.
	group protocol.Type
	// goType is the protocol type of the message.
	goType string
	// detail is the protocol type of the message's content block or
	// control body, "" when none.
	detail string
	// constName is the enum constant that names the entry's subtype, block
	// type or control subtype, "" when the type alone names it.
	constName string
	// note is an English sentence about what tells the entry apart, for
	// entries the model has no type of their own for.
	note string
}

// kindDefs lists the entries of the message reference in order: every
// message type, subtype, content block type and control subtype of package
// protocol, and the variants of the seed reference. Kinds seen in the
// recordings but missing here get an entry too (see kindIndex.observed).
var kindDefs = []kindDef{
	{key: "system/init", group: protocol.TypeSystem, goType: "SystemInit", constName: "SubtypeInit"},
	{key: "system/status", group: protocol.TypeSystem, goType: "SystemStatus", constName: "SubtypeStatus"},
	{key: "system/compact_boundary", group: protocol.TypeSystem, goType: "CompactBoundary", constName: "SubtypeCompactBoundary"},
	{key: "system/api_retry", group: protocol.TypeSystem, goType: "APIRetry", constName: "SubtypeAPIRetry"},
	{key: "system/hook_started", group: protocol.TypeSystem, goType: "HookMessage", constName: "SubtypeHookStarted"},
	{key: "system/hook_progress", group: protocol.TypeSystem, goType: "HookMessage", constName: "SubtypeHookProgress"},
	{key: "system/hook_response", group: protocol.TypeSystem, goType: "HookMessage", constName: "SubtypeHookResponse"},
	{key: "system/task_started", group: protocol.TypeSystem, goType: "TaskMessage", constName: "SubtypeTaskStarted"},
	{key: "system/task_progress", group: protocol.TypeSystem, goType: "TaskMessage", constName: "SubtypeTaskProgress"},
	{key: "system/task_notification", group: protocol.TypeSystem, goType: "TaskMessage", constName: "SubtypeTaskNotification"},
	{key: "system/thinking_tokens", group: protocol.TypeSystem, goType: "ThinkingTokens", constName: "SubtypeThinkingTokens"},
	{key: "system/files_persisted", group: protocol.TypeSystem, goType: "SystemMessage", constName: "SubtypeFilesPersisted"},

	{key: "assistant/text", group: protocol.TypeAssistant, goType: "AssistantMessage", detail: "TextBlock", constName: "BlockText"},
	{key: "assistant/thinking", group: protocol.TypeAssistant, goType: "AssistantMessage", detail: "ThinkingBlock", constName: "BlockThinking"},
	{key: "assistant/redacted_thinking", group: protocol.TypeAssistant, goType: "AssistantMessage", detail: "RedactedThinkingBlock", constName: "BlockRedactedThinking"},
	{key: "assistant/tool_use", group: protocol.TypeAssistant, goType: "AssistantMessage", detail: "ToolUseBlock", constName: "BlockToolUse"},
	{key: "assistant/server_tool_use", group: protocol.TypeAssistant, goType: "AssistantMessage", detail: "ServerToolUseBlock", constName: "BlockServerToolUse"},

	{key: "user/text", group: protocol.TypeUser, goType: "UserMessage", detail: "TextBlock", constName: "BlockText",
		note: "The prompt a client writes on the CLI's stdin: message.content is a string, or an array of text and image blocks. The CLI also writes user text messages of its own on stdout, such as the request to continue after max_tokens."},
	{key: "user/image", group: protocol.TypeUser, goType: "UserMessage", detail: "ImageBlock", constName: "BlockImage",
		note: "A prompt with an image, written on the CLI's stdin."},
	{key: "user/tool_result", group: protocol.TypeUser, goType: "UserMessage", detail: "ToolResultBlock", constName: "BlockToolResult",
		note: "The CLI writes the result of every tool call it ran as a user message on stdout; its tool_use_id is the id of the assistant's tool_use block."},
	{key: "user/tool_result, is_error=true", group: protocol.TypeUser, goType: "UserMessage", detail: "ToolResultBlock", constName: "BlockToolResult",
		note: "A tool result with is_error true: the tool failed, the tool is not available, or permission to run it was denied."},

	{key: "result/success", group: protocol.TypeResult, goType: "ResultMessage", constName: "SubtypeSuccess"},
	{key: "result/success, is_error=true", group: protocol.TypeResult, goType: "ResultMessage", constName: "SubtypeSuccess",
		note: "A result of subtype success with is_error true: the turn ended on an error the CLI reported as text, such as a response cut by max_tokens or an API error; result holds the error text."},
	{key: "result/success, permission_denials", group: protocol.TypeResult, goType: "ResultMessage", constName: "SubtypeSuccess",
		note: "A result of subtype success whose permission_denials is not empty: tools the CLI refused to run in non-interactive mode."},
	{key: "result/error_during_execution", group: protocol.TypeResult, goType: "ResultMessage", constName: "SubtypeErrorDuringExecution"},
	{key: "result/error_max_turns", group: protocol.TypeResult, goType: "ResultMessage", constName: "SubtypeErrorMaxTurns"},
	{key: "result/error_max_budget_usd", group: protocol.TypeResult, goType: "ResultMessage", constName: "SubtypeErrorMaxBudgetUSD"},
	{key: "result/error_max_structured_output_retries", group: protocol.TypeResult, goType: "ResultMessage", constName: "SubtypeErrorMaxStructuredOutputRetries"},

	{key: "stream_event", group: protocol.TypeStreamEvent, goType: "StreamEvent", constName: "TypeStreamEvent"},

	{key: "control_request/initialize", group: protocol.TypeControlRequest, goType: "ControlRequest", detail: "InitializeRequest", constName: "ControlInitialize"},
	{key: "control_request/interrupt", group: protocol.TypeControlRequest, goType: "ControlRequest", detail: "InterruptRequest", constName: "ControlInterrupt"},
	{key: "control_request/set_permission_mode", group: protocol.TypeControlRequest, goType: "ControlRequest", detail: "SetPermissionModeRequest", constName: "ControlSetPermissionMode"},
	{key: "control_request/set_model", group: protocol.TypeControlRequest, goType: "ControlRequest", detail: "SetModelRequest", constName: "ControlSetModel"},
	{key: "control_request/set_max_thinking_tokens", group: protocol.TypeControlRequest, goType: "ControlRequest", detail: "SetMaxThinkingTokensRequest", constName: "ControlSetMaxThinkingTokens"},
	{key: "control_request/can_use_tool", group: protocol.TypeControlRequest, goType: "ControlRequest", detail: "CanUseToolRequest", constName: "ControlCanUseTool"},
	{key: "control_request/hook_callback", group: protocol.TypeControlRequest, goType: "ControlRequest", detail: "HookCallbackRequest", constName: "ControlHookCallback"},
	{key: "control_request/mcp_message", group: protocol.TypeControlRequest, goType: "ControlRequest", detail: "MCPMessageRequest", constName: "ControlMCPMessage"},
	{key: "control_request/mcp_status", group: protocol.TypeControlRequest, goType: "ControlRequest", constName: "ControlMCPStatus"},
	{key: "control_request/rewind_files", group: protocol.TypeControlRequest, goType: "ControlRequest", constName: "ControlRewindFiles"},
	{key: "control_response/success", group: protocol.TypeControlResponse, goType: "ControlResponse", detail: "SuccessResponse", constName: "ControlSuccess"},
	{key: "control_response/error", group: protocol.TypeControlResponse, goType: "ControlResponse", detail: "ErrorResponse", constName: "ControlError"},
	{key: "control_cancel_request", group: protocol.TypeControlCancelRequest, goType: "ControlCancelRequest", constName: "TypeControlCancelRequest"},

	{key: "rate_limit_event", group: protocol.TypeRateLimitEvent, goType: "RateLimitEvent", constName: "TypeRateLimitEvent"},
	{key: "keep_alive", group: protocol.TypeKeepAlive, goType: "UnknownMessage", constName: "TypeKeepAlive"},
	{key: "tool_progress", group: protocol.TypeToolProgress, goType: "UnknownMessage", constName: "TypeToolProgress"},
	{key: "tool_use_summary", group: protocol.TypeToolUseSummary, goType: "UnknownMessage", constName: "TypeToolUseSummary"},
	{key: "auth_status", group: protocol.TypeAuthStatus, goType: "UnknownMessage", constName: "TypeAuthStatus"},
}

// groupTypes names, per message type, the protocol type whose doc comment
// introduces the group in the reference.
var groupTypes = map[protocol.Type]string{
	protocol.TypeAssistant:       "AssistantMessage",
	protocol.TypeUser:            "UserMessage",
	protocol.TypeResult:          "ResultMessage",
	protocol.TypeControlRequest:  "ControlRequest",
	protocol.TypeControlResponse: "ControlResponse",
}

// classify returns the kind key of a decoded message and the protocol
// types that describe it (message, and block or control body).
func classify(m protocol.Message) (key string, group protocol.Type, goType, detail string) {
	goType = typeName(m)
	group = m.MessageType()
	switch m := m.(type) {
	case *protocol.AssistantMessage:
		if len(m.Message.Content) == 0 {
			return string(group), group, goType, ""
		}
		b := m.Message.Content[0]
		return "assistant/" + string(b.BlockType()), group, goType, typeName(b)
	case *protocol.UserMessage:
		if !m.Message.Content.IsBlocks() {
			return "user/text", group, goType, ""
		}
		if len(m.Message.Content.Blocks) == 0 {
			return string(group), group, goType, ""
		}
		b := m.Message.Content.Blocks[0]
		key = "user/" + string(b.BlockType())
		if tr, ok := b.(*protocol.ToolResultBlock); ok && tr.IsError {
			key += ", is_error=true"
		}
		return key, group, goType, typeName(b)
	case *protocol.ResultMessage:
		key = "result/" + string(m.Subtype)
		if m.Subtype == protocol.SubtypeSuccess {
			switch {
			case m.IsError:
				key += ", is_error=true"
			case len(m.PermissionDenials) > 0:
				key += ", permission_denials"
			}
		}
		return key, group, goType, ""
	case *protocol.ControlRequest:
		if m.Request == nil {
			return string(group), group, goType, ""
		}
		return string(group) + "/" + string(m.Request.ControlSubtype()), group, goType, typeName(m.Request)
	case *protocol.ControlResponse:
		if m.Response == nil {
			return string(group), group, goType, ""
		}
		return string(group) + "/" + string(m.Response.ControlSubtype()), group, goType, typeName(m.Response)
	}
	if group == protocol.TypeSystem {
		return "system/" + string(protocol.SubtypeOf(m)), group, goType, ""
	}
	if group == "" {
		return "(no type)", group, goType, ""
	}
	return string(group), group, goType, ""
}

// typeName returns the name of the protocol type a value points to.
func typeName(x any) string {
	t := reflect.TypeOf(x)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil {
		return ""
	}
	return t.Name()
}
