package protocol

import (
	"encoding/json"
	"errors"
)

// This file holds the payloads of hook callbacks: what the CLI sends in a
// hook_callback request's input ([HookInput]) and what the host answers
// ([HookOutput]). The host registers its callbacks in the initialize
// request's hooks member, by event and matcher, as the Agent SDKs do.

// HookEvent names the moment of the session a hook runs at.
type HookEvent string

// The hook events of the Agent SDKs of CLI 2.1.37 and 2.1.330.
const (
	// HookPreToolUse runs before a tool call; it can block it, allow it or
	// change its input.
	HookPreToolUse HookEvent = "PreToolUse"
	// HookPostToolUse runs after a tool call succeeded; it can add context
	// for the model.
	HookPostToolUse HookEvent = "PostToolUse"
	// HookPostToolUseFailure runs after a tool call failed.
	HookPostToolUseFailure HookEvent = "PostToolUseFailure"
	// HookNotification runs when the CLI shows a notification.
	HookNotification HookEvent = "Notification"
	// HookUserPromptSubmit runs when a prompt arrives, before the model
	// sees it.
	HookUserPromptSubmit HookEvent = "UserPromptSubmit"
	// HookSessionStart runs when a session starts or resumes.
	HookSessionStart HookEvent = "SessionStart"
	// HookSessionEnd runs when a session ends.
	HookSessionEnd HookEvent = "SessionEnd"
	// HookStop runs when the main loop is about to end its turn.
	HookStop HookEvent = "Stop"
	// HookSubagentStart runs when a subagent starts.
	HookSubagentStart HookEvent = "SubagentStart"
	// HookSubagentStop runs when a subagent is about to end.
	HookSubagentStop HookEvent = "SubagentStop"
	// HookPreCompact runs before the conversation is compacted.
	HookPreCompact HookEvent = "PreCompact"
	// HookPermissionRequest runs when the CLI would ask for permission; it
	// can decide in the user's stead.
	HookPermissionRequest HookEvent = "PermissionRequest"
	// HookSetup runs when the CLI sets up or maintains a project.
	HookSetup HookEvent = "Setup"
	// HookTeammateIdle runs when a teammate of a team goes idle.
	HookTeammateIdle HookEvent = "TeammateIdle"
	// HookTaskCompleted runs when a task of a team's list is completed.
	HookTaskCompleted HookEvent = "TaskCompleted"
)

// HookInput is the input of a hook callback, the input member of a
// hook_callback request: the members every event has, then those of
// HookEventName's event. Decode it with [HookCallbackRequest.DecodeInput].
type HookInput struct {
	HookEventName         HookEvent       `json:"hook_event_name"`        // the event
	SessionID             string          `json:"session_id"`             // the session
	TranscriptPath        string          `json:"transcript_path"`        // the session's transcript file
	CWD                   string          `json:"cwd"`                    // the working directory
	PermissionMode        PermissionMode  `json:"permission_mode"`        // the permission mode in force
	PromptID              string          `json:"prompt_id"`              // the prompt whose turn runs the hook (CLI 2.1.330)
	Effort                json.RawMessage `json:"effort"`                 // the reasoning effort in force: {"level": "medium"} (CLI 2.1.330)
	AgentID               string          `json:"agent_id"`               // the subagent concerned (SubagentStart, SubagentStop; a subagent's tool calls)
	AgentType             string          `json:"agent_type"`             // the subagent's type (SubagentStart, SubagentStop, SessionStart)
	ToolName              string          `json:"tool_name"`              // the tool (tool events, PermissionRequest)
	ToolInput             json.RawMessage `json:"tool_input"`             // the tool call's input (tool events, PermissionRequest)
	ToolResponse          json.RawMessage `json:"tool_response"`          // what the tool returned (PostToolUse)
	ToolUseID             string          `json:"tool_use_id"`            // the tool call (tool events)
	DurationMS            int64           `json:"duration_ms"`            // how long the tool ran, in milliseconds (PostToolUse, PostToolUseFailure; CLI 2.1.330)
	Error                 string          `json:"error"`                  // why the tool failed (PostToolUseFailure)
	IsInterrupt           bool            `json:"is_interrupt"`           // the tool failed because the turn was interrupted (PostToolUseFailure)
	PermissionSuggestions json.RawMessage `json:"permission_suggestions"` // permission updates the host could apply (PermissionRequest)
	Prompt                string          `json:"prompt"`                 // the prompt (UserPromptSubmit)
	Message               string          `json:"message"`                // the notification's text (Notification)
	Title                 string          `json:"title"`                  // the notification's title (Notification)
	NotificationType      string          `json:"notification_type"`      // the kind of notification (Notification)
	Source                string          `json:"source"`                 // startup, resume, clear or compact (SessionStart)
	Model                 string          `json:"model"`                  // the session's model (SessionStart)
	Reason                string          `json:"reason"`                 // why the session ends: clear, logout, prompt_input_exit, other... (SessionEnd)
	StopHookActive        bool            `json:"stop_hook_active"`       // the turn goes on because a stop hook said so already (Stop, SubagentStop)
	LastAssistantMessage  string          `json:"last_assistant_message"` // the text of the answer that would end the turn (Stop, SubagentStop; CLI 2.1.330)
	BackgroundTasks       json.RawMessage `json:"background_tasks"`       // the session's background tasks still running, a list (Stop, SubagentStop; CLI 2.1.330)
	SessionCrons          json.RawMessage `json:"session_crons"`          // the prompts the session has scheduled, a list (Stop, SubagentStop; CLI 2.1.330)
	AgentTranscriptPath   string          `json:"agent_transcript_path"`  // the subagent's transcript file (SubagentStop)
	Trigger               string          `json:"trigger"`                // manual or auto (PreCompact); init or maintenance (Setup)
	CustomInstructions    string          `json:"custom_instructions"`    // the instructions given to /compact (PreCompact)
	TaskID                string          `json:"task_id"`                // the task (TaskCompleted)
	TaskSubject           string          `json:"task_subject"`           // the task's subject (TaskCompleted)
	TaskDescription       string          `json:"task_description"`       // the task's description (TaskCompleted)
	TeammateName          string          `json:"teammate_name"`          // the teammate (TeammateIdle, TaskCompleted)
	TeamName              string          `json:"team_name"`              // the team (TeammateIdle, TaskCompleted)
	objectState
}

// HookDecision is the top-level decision of a hook's output.
type HookDecision string

// The top-level decisions of a hook.
const (
	// HookApprove lets the action go on (the SDKs' "approve").
	HookApprove HookDecision = "approve"
	// HookBlock stops the action: a tool call is refused, a prompt
	// dropped, a stop turned into one more round.
	HookBlock HookDecision = "block"
)

// HookOutput is the payload answering a hook_callback request: what the
// hook decided. Every member is optional; an empty output lets the session
// go on unchanged.
type HookOutput struct {
	Continue           bool               `json:"continue"`           // false stops the session after the hook, with stopReason; true when absent (a value built in code writes it only when true or when stopReason is set)
	SuppressOutput     bool               `json:"suppressOutput"`     // hide the hook's output from the transcript
	StopReason         string             `json:"stopReason"`         // why the session stops (with continue false)
	Decision           HookDecision       `json:"decision"`           // approve or block
	SystemMessage      string             `json:"systemMessage"`      // a message for the user
	Reason             string             `json:"reason"`             // why, given to the model with a block
	HookSpecificOutput HookSpecificOutput `json:"hookSpecificOutput"` // the event's own output
	Async              bool               `json:"async"`              // the hook goes on in the background; the CLI does not wait
	AsyncTimeout       int64              `json:"asyncTimeout"`       // how long a background hook may run, in milliseconds
	objectState        `wire:"answers=hook_callback"`
}

// HookSpecificOutput is the part of a hook's output that only its event
// understands; HookEventName must name that event.
type HookSpecificOutput struct {
	HookEventName            HookEvent          `json:"hookEventName" wire:"required"` // the event answered
	PermissionDecision       PermissionBehavior `json:"permissionDecision"`            // allow, deny or ask (PreToolUse)
	PermissionDecisionReason string             `json:"permissionDecisionReason"`      // why; the model reads it for a deny (PreToolUse)
	UpdatedInput             json.RawMessage    `json:"updatedInput"`                  // the input to run the tool with instead (PreToolUse)
	AdditionalContext        string             `json:"additionalContext"`             // text added to the model's context (PreToolUse, PostToolUse, PostToolUseFailure, UserPromptSubmit, SessionStart, SubagentStart, Setup, Notification)
	UpdatedMCPToolOutput     json.RawMessage    `json:"updatedMCPToolOutput"`          // the output of an MCP tool to use instead (PostToolUse)
	Decision                 PermissionResult   `json:"decision"`                      // the permission decision taken for the user (PermissionRequest)
	objectState
}

// DecodeInput decodes the request's Input. The strings of the result are
// views of the request's line.
func (r *HookCallbackRequest) DecodeInput() (*HookInput, error) {
	if len(r.Input) == 0 || isNull(r.Input) {
		return nil, errors.New("protocol: the hook_callback request has no input")
	}
	in := new(HookInput)
	if err := decodePayload(r.Input, in); err != nil {
		return nil, err
	}
	return in, nil
}

// MarshalJSON encodes the input as [MarshalPayload] does.
func (m *HookInput) MarshalJSON() ([]byte, error) { return MarshalPayload(m) }

// UnmarshalJSON decodes the input losslessly.
func (m *HookInput) UnmarshalJSON(data []byte) error { return unmarshalPayload(data, m) }

func init() {
	// continue defaults to true: a value built in code says false only
	// with the reason it stops for.
	c := &hookOutputTable.fields[hookOutputTable.index["continue"]]
	c.nonzero = func(o *HookOutput) bool { return o.Continue || o.StopReason != "" }
}
