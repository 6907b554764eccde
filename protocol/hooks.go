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

// The hook events of the Agent SDK of CLI 2.1.332 (its HOOK_EVENTS).
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
	// HookPostToolBatch runs after the tool calls of one assistant message
	// all ran, before their results go to the model; it can add context.
	HookPostToolBatch HookEvent = "PostToolBatch"
	// HookUserPromptExpansion runs when a prompt is a slash command or an
	// MCP prompt that expands into a prompt; it can block the expansion or
	// add context.
	HookUserPromptExpansion HookEvent = "UserPromptExpansion"
	// HookStopFailure runs instead of Stop when the turn ends on an API
	// error.
	HookStopFailure HookEvent = "StopFailure"
	// HookPostCompact runs after the conversation was compacted, with the
	// summary.
	HookPostCompact HookEvent = "PostCompact"
	// HookPreModelSwitch runs before the session's model changes; it can
	// allow or deny the switch.
	HookPreModelSwitch HookEvent = "PreModelSwitch"
	// HookPostModelSwitch runs after the session's model changed; it can add
	// context for the new model.
	HookPostModelSwitch HookEvent = "PostModelSwitch"
	// HookPermissionDenied runs when the auto mode's classifier refused a
	// tool call; it can let the model retry.
	HookPermissionDenied HookEvent = "PermissionDenied"
	// HookTaskCreated runs when a task is added to a team's list.
	HookTaskCreated HookEvent = "TaskCreated"
	// HookElicitation runs when an MCP server asks the user for input; it
	// can answer in the user's stead.
	HookElicitation HookEvent = "Elicitation"
	// HookElicitationResult runs when the user answered an MCP server's
	// elicitation; it can change the answer.
	HookElicitationResult HookEvent = "ElicitationResult"
	// HookConfigChange runs when a settings file or the skills change while
	// the session runs; a block keeps the change out.
	HookConfigChange HookEvent = "ConfigChange"
	// HookWorktreeCreate runs when the CLI would create a git worktree; the
	// hook creates it and answers its path.
	HookWorktreeCreate HookEvent = "WorktreeCreate"
	// HookWorktreeRemove runs when the CLI would remove a worktree it
	// created.
	HookWorktreeRemove HookEvent = "WorktreeRemove"
	// HookInstructionsLoaded runs when a CLAUDE.md or rules file is loaded
	// into the context.
	HookInstructionsLoaded HookEvent = "InstructionsLoaded"
	// HookCwdChanged runs when the session's working directory changes; it
	// can name files to watch.
	HookCwdChanged HookEvent = "CwdChanged"
	// HookFileChanged runs when a file that a hook asked to watch changes.
	HookFileChanged HookEvent = "FileChanged"
	// HookDirectoryAdded runs when a directory is added to the session's
	// working directories (/add-dir, register_repo_root).
	HookDirectoryAdded HookEvent = "DirectoryAdded"
	// HookMessageDisplay runs when the lines of an assistant message are
	// displayed; it can display other text instead.
	HookMessageDisplay HookEvent = "MessageDisplay"
	// HookPreSkillShellCommand runs before a shell command written in a
	// skill's or command's text runs; it can refuse it.
	HookPreSkillShellCommand HookEvent = "PreSkillShellCommand"
)

// HookEvents returns the hook events of the Agent SDK of CLI 2.1.332, in
// the order of its HOOK_EVENTS, in a new slice.
func HookEvents() []HookEvent {
	return []HookEvent{
		HookPreToolUse, HookPostToolUse, HookPostToolUseFailure, HookPostToolBatch,
		HookNotification, HookUserPromptSubmit, HookUserPromptExpansion,
		HookSessionStart, HookSessionEnd, HookStop, HookStopFailure,
		HookSubagentStart, HookSubagentStop, HookPreCompact, HookPostCompact,
		HookPreModelSwitch, HookPostModelSwitch, HookPermissionRequest,
		HookPermissionDenied, HookSetup, HookTeammateIdle, HookTaskCreated,
		HookTaskCompleted, HookElicitation, HookElicitationResult,
		HookConfigChange, HookWorktreeCreate, HookWorktreeRemove,
		HookInstructionsLoaded, HookCwdChanged, HookFileChanged,
		HookDirectoryAdded, HookMessageDisplay, HookPreSkillShellCommand,
	}
}

// HookInput is the input of a hook callback, the input member of a
// hook_callback request: the members every event has, then those of
// HookEventName's event. Decode it with [HookCallbackRequest.DecodeInput].
type HookInput struct {
	HookEventName            HookEvent       `json:"hook_event_name"`                 // the event
	SessionID                string          `json:"session_id"`                      // the session
	TranscriptPath           string          `json:"transcript_path"`                 // the session's transcript file
	CWD                      string          `json:"cwd"`                             // the working directory
	PermissionMode           PermissionMode  `json:"permission_mode"`                 // the permission mode in force
	PromptID                 string          `json:"prompt_id"`                       // the prompt whose turn runs the hook (CLI 2.1.330)
	Effort                   json.RawMessage `json:"effort"`                          // the reasoning effort in force: {"level": "medium"} (CLI 2.1.330)
	AgentID                  string          `json:"agent_id"`                        // the subagent concerned (SubagentStart, SubagentStop; a subagent's tool calls)
	AgentType                string          `json:"agent_type"`                      // the subagent's type (SubagentStart, SubagentStop, SessionStart)
	ToolName                 string          `json:"tool_name"`                       // the tool (tool events, PermissionRequest, PermissionDenied; Bash or PowerShell for PreSkillShellCommand)
	ToolInput                json.RawMessage `json:"tool_input"`                      // the tool call's input (tool events, PermissionRequest, PermissionDenied; {"command"} for PreSkillShellCommand)
	ToolResponse             json.RawMessage `json:"tool_response"`                   // what the tool returned (PostToolUse)
	ToolUseID                string          `json:"tool_use_id"`                     // the tool call (tool events, PermissionDenied; PreSkillShellCommand's names no tool call)
	MCPServer                HookMCPServer   `json:"mcp_server"`                      // the MCP server of an MCP tool and where it was configured (tool events, PermissionRequest, PermissionDenied)
	ToolCalls                []HookToolCall  `json:"tool_calls"`                      // the tool calls of the batch (PostToolBatch)
	DurationMS               int64           `json:"duration_ms"`                     // how long the tool ran, in milliseconds (PostToolUse, PostToolUseFailure; CLI 2.1.330)
	Error                    string          `json:"error"`                           // why the tool failed (PostToolUseFailure); the API error's kind: rate_limit, server_error, authentication_failed... (StopFailure)
	ErrorDetails             string          `json:"error_details"`                   // the API error's message (StopFailure)
	IsInterrupt              bool            `json:"is_interrupt"`                    // the tool failed because the turn was interrupted (PostToolUseFailure)
	PermissionSuggestions    json.RawMessage `json:"permission_suggestions"`          // permission updates the host could apply (PermissionRequest)
	Prompt                   string          `json:"prompt"`                          // the prompt (UserPromptSubmit); the expanded prompt (UserPromptExpansion)
	ExpansionType            string          `json:"expansion_type"`                  // slash_command or mcp_prompt (UserPromptExpansion)
	CommandName              string          `json:"command_name"`                    // the slash command, MCP prompt or skill (UserPromptExpansion, PreSkillShellCommand)
	CommandArgs              string          `json:"command_args"`                    // the text after the command's name (UserPromptExpansion)
	CommandSource            string          `json:"command_source"`                  // where the command was defined (UserPromptExpansion, PreSkillShellCommand)
	InvokedBy                string          `json:"invoked_by"`                      // who loaded the skill: user, claude or other (PreSkillShellCommand)
	SessionTitle             string          `json:"session_title"`                   // the session's title (UserPromptSubmit, SessionStart)
	Message                  string          `json:"message"`                         // the notification's text (Notification); the server's question (Elicitation)
	Title                    string          `json:"title"`                           // the notification's title (Notification)
	NotificationType         string          `json:"notification_type"`               // the kind of notification (Notification)
	Source                   string          `json:"source"`                          // startup, resume, clear, compact or fork (SessionStart); user, sdk, system... (UserPromptSubmit); command, picker, sdk, auto or resume (model switches); user_settings, project_settings, local_settings, policy_settings or skills (ConfigChange); slash_command or register_repo_root (DirectoryAdded)
	Model                    string          `json:"model"`                           // the session's model (SessionStart)
	SecondsSinceLastResponse float64         `json:"seconds_since_last_response"`     // seconds since the resumed transcript's last answer (SessionStart on resume or fork)
	ContextTokens            int64           `json:"context_tokens"`                  // the prompt tokens the next request sends again (model switches; SessionStart on resume or fork)
	PromptCacheLikelyExpired bool            `json:"prompt_cache_likely_expired"`     // the prompt cache has likely expired since the last answer (SessionStart on resume or fork)
	EstimatedCacheWriteUSD   float64         `json:"estimated_cache_write_usd"`       // the estimated cost of caching the context again, in US dollars (model switches; SessionStart on resume or fork)
	FromModel                string          `json:"from_model"`                      // the model before the switch (PreModelSwitch, PostModelSwitch)
	ToModel                  string          `json:"to_model"`                        // the model after the switch (PreModelSwitch, PostModelSwitch)
	RequestedModel           string          `json:"requested_model" wire:"nullable"` // the model asked for, an alias or an ID; empty (null) for the default (PreModelSwitch, PostModelSwitch)
	PromptCacheWarm          bool            `json:"prompt_cache_warm"`               // the current model's prompt cache is likely warm (PreModelSwitch, PostModelSwitch)
	CacheTTL                 string          `json:"cache_ttl"`                       // the prompt cache's lifetime: 5m or 1h (PreModelSwitch, PostModelSwitch)
	Pricing                  string          `json:"pricing"`                         // where the estimate's prices come from: configured, catalog or default (PreModelSwitch, PostModelSwitch)
	Reason                   string          `json:"reason"`                          // why the session ends: clear, logout, prompt_input_exit, other... (SessionEnd); why the tool call was refused (PermissionDenied)
	StopHookActive           bool            `json:"stop_hook_active"`                // the turn goes on because a stop hook said so already (Stop, SubagentStop)
	LastAssistantMessage     string          `json:"last_assistant_message"`          // the text of the answer that would end the turn (Stop, SubagentStop, StopFailure; CLI 2.1.330)
	BackgroundTasks          json.RawMessage `json:"background_tasks"`                // the session's background tasks still running, a list (Stop, SubagentStop; CLI 2.1.330)
	SessionCrons             json.RawMessage `json:"session_crons"`                   // the prompts the session has scheduled, a list (Stop, SubagentStop; CLI 2.1.330)
	AgentTranscriptPath      string          `json:"agent_transcript_path"`           // the subagent's transcript file (SubagentStop)
	Trigger                  string          `json:"trigger"`                         // manual or auto (PreCompact, PostCompact); init or maintenance (Setup)
	CustomInstructions       string          `json:"custom_instructions"`             // the instructions given to /compact (PreCompact)
	CompactSummary           string          `json:"compact_summary"`                 // the summary the compaction wrote (PostCompact)
	TaskID                   string          `json:"task_id"`                         // the task (TaskCreated, TaskCompleted)
	TaskSubject              string          `json:"task_subject"`                    // the task's subject (TaskCreated, TaskCompleted)
	TaskDescription          string          `json:"task_description"`                // the task's description (TaskCreated, TaskCompleted)
	TeammateName             string          `json:"teammate_name"`                   // the teammate (TeammateIdle, TaskCreated, TaskCompleted)
	TeamName                 string          `json:"team_name"`                       // the team (TeammateIdle, TaskCreated, TaskCompleted)
	MCPServerName            string          `json:"mcp_server_name"`                 // the MCP server that asks (Elicitation, ElicitationResult)
	Mode                     string          `json:"mode"`                            // form or url (Elicitation, ElicitationResult)
	URL                      string          `json:"url"`                             // the page to open, in url mode (Elicitation)
	ElicitationID            string          `json:"elicitation_id"`                  // the elicitation (Elicitation, ElicitationResult)
	RequestedSchema          json.RawMessage `json:"requested_schema"`                // the JSON Schema of the form (Elicitation)
	Action                   string          `json:"action"`                          // the user's answer: accept, decline or cancel (ElicitationResult)
	Content                  json.RawMessage `json:"content"`                         // the form's values, with accept (ElicitationResult)
	FilePath                 string          `json:"file_path"`                       // the settings file that changed (ConfigChange); the instructions file (InstructionsLoaded); the file that changed (FileChanged)
	MemoryType               string          `json:"memory_type"`                     // User, Project, Local or Managed (InstructionsLoaded)
	LoadReason               string          `json:"load_reason"`                     // session_start, nested_traversal, path_glob_match, include or compact (InstructionsLoaded)
	Globs                    []string        `json:"globs"`                           // the path globs of a rules file (InstructionsLoaded)
	TriggerFilePath          string          `json:"trigger_file_path"`               // the file whose access loaded the instructions (InstructionsLoaded)
	ParentFilePath           string          `json:"parent_file_path"`                // the instructions file that included this one (InstructionsLoaded)
	Name                     string          `json:"name"`                            // the worktree's name (WorktreeCreate)
	WorktreePath             string          `json:"worktree_path"`                   // the worktree's folder (WorktreeRemove)
	OldCWD                   string          `json:"old_cwd"`                         // the working directory before (CwdChanged)
	NewCWD                   string          `json:"new_cwd"`                         // the working directory after (CwdChanged)
	Event                    string          `json:"event"`                           // change, add or unlink (FileChanged)
	Directory                string          `json:"directory"`                       // the directory added, an absolute path (DirectoryAdded)
	TurnID                   string          `json:"turn_id"`                         // the turn (MessageDisplay)
	MessageID                string          `json:"message_id"`                      // the assistant message displayed, the same for each of its deltas (MessageDisplay)
	Index                    int64           `json:"index"`                           // the delta's index in the message, from 0 (MessageDisplay)
	Final                    bool            `json:"final"`                           // the message's last delta (MessageDisplay)
	Delta                    string          `json:"delta"`                           // the lines completed since the previous delta (MessageDisplay)
	objectState
}

// HookMCPServer names the MCP server of an MCP tool in a hook's input.
type HookMCPServer struct {
	Name   string `json:"name"`   // the server
	Source string `json:"source"` // where it was configured: sdk, plugin, user, project, local, dynamic, managed... (an open set)
	objectState
}

// HookToolCall is one tool call of a PostToolBatch hook's input.
type HookToolCall struct {
	ToolName     string          `json:"tool_name"`     // the tool
	ToolInput    json.RawMessage `json:"tool_input"`    // the call's input
	ToolUseID    string          `json:"tool_use_id"`   // the call
	ToolResponse json.RawMessage `json:"tool_response"` // what the tool returned
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
	TerminalSequence   string             `json:"terminalSequence"`   // a terminal escape sequence (a notification or title OSC, BEL) for the CLI to write
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
	PermissionDecision       PermissionBehavior `json:"permissionDecision"`            // allow, deny, ask or defer (PreToolUse, PreSkillShellCommand); allow, deny or ask (PreModelSwitch)
	PermissionDecisionReason string             `json:"permissionDecisionReason"`      // why; the model reads it for a deny (PreToolUse, PreModelSwitch, PreSkillShellCommand)
	UpdatedInput             json.RawMessage    `json:"updatedInput"`                  // the input to run the tool with instead (PreToolUse); never applied, any value refuses the command (PreSkillShellCommand)
	AdditionalContext        string             `json:"additionalContext"`             // text added to the model's context (PreToolUse, PostToolUse, PostToolUseFailure, PostToolBatch, UserPromptSubmit, UserPromptExpansion, SessionStart, SubagentStart, SubagentStop, Stop, Setup, Notification, PostModelSwitch)
	ClassifierContext        string             `json:"classifierContext"`             // what the host asserts about the call to the auto mode's classifier (PostToolUse)
	UpdatedToolOutput        json.RawMessage    `json:"updatedToolOutput"`             // the output of the tool to send to the model instead (PostToolUse)
	UpdatedMCPToolOutput     json.RawMessage    `json:"updatedMCPToolOutput"`          // the output of an MCP tool to use instead (PostToolUse)
	Decision                 PermissionResult   `json:"decision"`                      // the permission decision taken for the user (PermissionRequest)
	Retry                    bool               `json:"retry"`                         // let the model retry the refused call (PermissionDenied)
	InitialUserMessage       string             `json:"initialUserMessage"`            // a first prompt for the session (SessionStart)
	SessionTitle             string             `json:"sessionTitle"`                  // the session's new title (SessionStart, UserPromptSubmit)
	WatchPaths               []string           `json:"watchPaths"`                    // files whose changes fire FileChanged (SessionStart, CwdChanged, FileChanged)
	ReloadSkills             bool               `json:"reloadSkills"`                  // scan the skills again after the hooks ran (SessionStart)
	SuppressOriginalPrompt   bool               `json:"suppressOriginalPrompt"`        // leave the prompt out of a block's message (UserPromptSubmit, UserPromptExpansion)
	Action                   string             `json:"action"`                        // the answer to give: accept, decline or cancel (Elicitation, ElicitationResult)
	Content                  json.RawMessage    `json:"content"`                       // the form's values, with accept (Elicitation, ElicitationResult)
	WorktreePath             string             `json:"worktreePath"`                  // the worktree the hook created (WorktreeCreate)
	DisplayContent           string             `json:"displayContent"`                // the text to display instead of the delta (MessageDisplay)
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
