package claude

import (
	"fmt"
	"strings"
)

// The parity table: what of the TypeScript Agent SDK ccwire offers, item by
// item, beside the Python SDK. It is the one source of the README's table
// (the section between the parity markers, which TestParityTableFresh keeps
// fresh: go generate ./claude writes it). It covers the members of the TS
// SDK 0.3.332's Options type, the methods of its Query, the functions it
// exports and its hook events (TestParityTableCoversSDK checks them against
// sdk.d.ts); the Go names of options are checked against Options. Control
// requests are not items of their own: the methods send them.

// paritySupport is how ccwire offers an item of the SDK.
type paritySupport int

const (
	firstClass paritySupport = iota // typed API of its own
	partly                          // through something more general, or in part
	missing                         // not at all
)

// parityItem is one item of the SDK: an option, a method, a function, a
// control request or a hook event.
type parityItem struct {
	ts      string        // its name in the TS SDK 0.3.332
	kind    string        // option, method, function, control request or hook
	python  string        // its name in the Python SDK (main), "" when it has none
	goName  string        // ccwire's API for it, "" when missing
	support paritySupport // how ccwire offers it
	since   string        // the first recorded CLI version that takes it, "" for every recorded one
	note    string        // how, or why not
}

// parityTable is the table. since is the first recorded version at or
// after the bound the client checks (an *OptionError before it), measured
// in the installed CLI binaries: the README names recorded versions only
// (TestProseFigures), and the bound of Effort (2.1.38) and TaskBudget
// (2.1.84) is a release the corpus has not recorded.
var parityTable = []parityItem{
	{"abortController", "option", "", "context.Context of Connect, Query and every method", firstClass, "", ""},
	{"additionalDirectories", "option", "add_dirs", "Options.AddDirs", firstClass, "", ""},
	{"projectConfigRoot", "option", "", "Options.ProjectConfigRoot", firstClass, "2.1.278", ""},
	{"agent", "option", "", "Options.Agent", firstClass, "", ""},
	{"agents", "option", "agents", "Options.Agents", firstClass, "", "in the initialize request"},
	{"allowedTools", "option", "allowed_tools", "Options.AllowedTools", firstClass, "", ""},
	{"canUseTool", "option", "can_use_tool", "Options.CanUseTool", firstClass, "", ""},
	{"continue", "option", "continue_conversation", "Options.Continue", firstClass, "", ""},
	{"cwd", "option", "cwd", "Options.WorkDir", firstClass, "", ""},
	{"disallowedTools", "option", "disallowed_tools", "Options.DisallowedTools", firstClass, "", ""},
	{"toolAliases", "option", "", "Options.ToolAliases", firstClass, "2.1.149", "in the initialize request"},
	{"tools", "option", "tools", "Options.Tools", firstClass, "", "nil is the claude_code preset"},
	{"env", "option", "env", "Options.Env", firstClass, "", "added to the inherited environment"},
	{"executable", "option", "", "Options.Binary", partly, "", "a Binary's Path may be a JavaScript runtime with the CLI's script; no runtime is chosen"},
	{"executableArgs", "option", "", "Options.Binary", partly, "", "as executable"},
	{"extraArgs", "option", "extra_args", "Options.ExtraArgs", firstClass, "", ""},
	{"fallbackModel", "option", "fallback_model", "Options.FallbackModel", firstClass, "", ""},
	{"enableFileCheckpointing", "option", "enable_file_checkpointing", "Options.FileCheckpointing", firstClass, "", ""},
	{"toolConfig", "option", "", "Options.Env", partly, "2.1.100", "CLAUDE_CODE_QUESTION_PREVIEW_FORMAT and the other entries the SDK sets, by hand"},
	{"forkSession", "option", "fork_session", "Options.ForkSession", firstClass, "", ""},
	{"betas", "option", "betas", "Options.Betas", firstClass, "", ""},
	{"hooks", "option", "hooks", "Options.Hooks", firstClass, "", ""},
	{"onElicitation", "option", "", "Options.OnElicitation", firstClass, "", ""},
	{"onUserDialog", "option", "", "Options.OnUserDialog", firstClass, "", ""},
	{"supportedDialogKinds", "option", "", "Options.UserDialogKinds", firstClass, "2.1.330", ""},
	{"perTaskStopAffordance", "option", "", "", missing, "2.1.250", "not yet: the client would have to keep background tasks alive on an interrupt"},
	{"persistSession", "option", "", "Options.NoSessionPersistence", firstClass, "", ""},
	{"sessionStore", "option", "session_store", "", missing, "", "alpha in both SDKs: a host-side mirror of the transcript; ccwire reads the CLI's own files (ListSessions, GetSessionMessages)"},
	{"sessionStoreFlush", "option", "session_store_flush", "", missing, "", "as sessionStore"},
	{"loadTimeoutMs", "option", "load_timeout_ms", "", missing, "", "as sessionStore"},
	{"includeHookEvents", "option", "include_hook_events", "Options.IncludeHookEvents", firstClass, "2.1.100", ""},
	{"includePartialMessages", "option", "include_partial_messages", "Options.IncludePartialMessages", firstClass, "", ""},
	{"forwardSubagentText", "option", "forward_subagent_text", "Options.ForwardSubagentText", firstClass, "2.1.124", "in the initialize request"},
	{"verbatimPrompts", "option", "", "", missing, "2.1.250", "not yet: user messages have no client_composed member in package protocol"},
	{"thinking", "option", "thinking", "Options.Thinking", firstClass, "", "adaptive and disabled from 2.1.52, display from 2.1.100"},
	{"effort", "option", "effort", "Options.Effort", firstClass, "2.1.40", ""},
	{"maxThinkingTokens", "option", "max_thinking_tokens", "Options.MaxThinkingTokens", firstClass, "", ""},
	{"maxTurns", "option", "max_turns", "Options.MaxTurns", firstClass, "", ""},
	{"maxBudgetUsd", "option", "max_budget_usd", "Options.MaxBudgetUSD", firstClass, "", ""},
	{"taskBudget", "option", "task_budget", "Options.TaskBudget", firstClass, "2.1.87", ""},
	{"mcpServers", "option", "mcp_servers", "Options.MCPServers (in-process), Options.MCPConfig", firstClass, "", ""},
	{"mcpServersDelivery", "option", "", "Options.MCPConfig", firstClass, "2.1.326", "chosen by version: JSON configurations go in the initialize request from 2.1.326, else through a file"},
	{"model", "option", "model", "Options.Model", firstClass, "", ""},
	{"outputFormat", "option", "output_format", "Options.OutputSchema", firstClass, "", ""},
	{"pathToClaudeCodeExecutable", "option", "cli_path", "Options.Binary, Options.Version", firstClass, "", ""},
	{"permissionMode", "option", "permission_mode", "Options.PermissionMode", firstClass, "", ""},
	{"planModeInstructions", "option", "", "Options.PlanModeInstructions", firstClass, "2.1.124", "in the initialize request"},
	{"allowDangerouslySkipPermissions", "option", "", "Options.AllowDangerouslySkipPermissions", firstClass, "", ""},
	{"permissionPromptToolName", "option", "permission_prompt_tool_name", "Options.PermissionPromptTool", firstClass, "", ""},
	{"permissionPrompts", "option", "", "Options.PermissionPrompts", firstClass, "2.1.113", ""},
	{"plugins", "option", "plugins", "Options.Plugins", firstClass, "", ""},
	{"pluginDelivery", "option", "", "Options.Plugins", firstClass, "2.1.268", "chosen by version: the initialize request from 2.1.268, else --plugin-dir"},
	{"promptSuggestions", "option", "", "Options.PromptSuggestions", firstClass, "2.1.52", "in the initialize request"},
	{"agentProgressSummaries", "option", "", "Options.AgentProgressSummaries", firstClass, "2.1.76", "in the initialize request"},
	{"resume", "option", "resume", "Options.Resume", firstClass, "", ""},
	{"sessionId", "option", "session_id", "Options.SessionID", firstClass, "", ""},
	{"resumeSessionAt", "option", "resume_session_at", "Options.ResumeSessionAt", firstClass, "", ""},
	{"resumeDropsTurn", "option", "resume_drops_turn", "Options.ResumeDropsTurn", firstClass, "2.1.229", ""},
	{"sandbox", "option", "sandbox", "Options.Sandbox", firstClass, "", ""},
	{"settings", "option", "settings", "Options.Settings", firstClass, "", ""},
	{"managedSettings", "option", "", "Options.ManagedSettings", firstClass, "2.1.124", "in the initialize request from 2.1.323"},
	{"settingSources", "option", "setting_sources", "Options.SettingSources", firstClass, "", ""},
	{"skills", "option", "skills", "Options.Skills", firstClass, "2.1.330", "in the initialize request; nil is 'all'"},
	{"debug", "option", "", "Options.Debug", firstClass, "", ""},
	{"debugFile", "option", "", "Options.DebugFile", firstClass, "", ""},
	{"stderr", "option", "stderr", "Options.Stderr", firstClass, "", ""},
	{"strictMcpConfig", "option", "strict_mcp_config", "Options.StrictMCPConfig", firstClass, "", ""},
	{"systemPrompt", "option", "system_prompt", "Options.SystemPrompt, Options.AppendSystemPrompt, Options.ExcludeDynamicSections, Options.SystemPromptSnapshot", partly, "", "a string or the preset with append, excludeDynamicSections (2.1.100) and snapshot (2.1.268), in the initialize request; not the list of blocks with SYSTEM_PROMPT_DYNAMIC_BOUNDARY"},
	{"title", "option", "", "Options.Title", firstClass, "2.1.113", "in the initialize request"},
	{"spawnClaudeCodeProcess", "option", "", "", missing, "", "not yet: the client starts the CLI itself (Options.Binary)"},
	{"interrupt", "method", "interrupt", "Client.Interrupt", firstClass, "", ""},
	{"setPermissionMode", "method", "set_permission_mode", "Client.SetPermissionMode", firstClass, "", ""},
	{"setMcpPermissionModeOverride", "method", "", "", missing, "", "not yet"},
	{"setModel", "method", "set_model", "Client.SetModel", firstClass, "", ""},
	{"setMaxThinkingTokens", "method", "", "Client.SetMaxThinkingTokens", firstClass, "", ""},
	{"applyFlagSettings", "method", "", "Client.ApplyFlagSettings", firstClass, "", ""},
	{"updateSettings", "method", "", "Client.UpdateSettings", firstClass, "", ""},
	{"initializationResult", "method", "get_server_info", "Client.InitializeResponse", firstClass, "", ""},
	{"reinitialize", "method", "", "", missing, "", "not yet: the client sends initialize once, in Connect"},
	{"supportedCommands", "method", "", "Client.InitializeResponse", partly, "", "its Commands"},
	{"supportedModels", "method", "", "Client.ListModels", firstClass, "", ""},
	{"supportedAgents", "method", "", "Client.InitializeResponse", partly, "", "its Agents"},
	{"mcpServerStatus", "method", "get_mcp_status", "Client.MCPStatus", firstClass, "", ""},
	{"getContextUsage", "method", "get_context_usage", "Client.ContextUsage", firstClass, "2.1.330", ""},
	{"readFile", "method", "", "Client.ReadFile", firstClass, "", ""},
	{"reloadPlugins", "method", "", "Client.ReloadPlugins", firstClass, "", ""},
	{"reloadSkills", "method", "", "Client.ReloadSkills", firstClass, "", ""},
	{"reloadOutputStyles", "method", "", "Client.ReloadOutputStyles", firstClass, "", ""},
	{"accountInfo", "method", "", "Client.InitializeResponse", partly, "", "its Account"},
	{"rewindFiles", "method", "rewind_files", "Client.RewindFiles", firstClass, "", ""},
	{"seedReadState", "method", "", "Client.SeedReadState", firstClass, "", ""},
	{"reconnectMcpServer", "method", "reconnect_mcp_server", "Client.MCPReconnect", firstClass, "", ""},
	{"toggleMcpServer", "method", "toggle_mcp_server", "Client.MCPToggle", firstClass, "", ""},
	{"readMcpResource", "method", "", "Client.MCPReadResource", firstClass, "", ""},
	{"setMcpServers", "method", "", "Client.MCPSetServers", firstClass, "", ""},
	{"streamInput", "method", "query", "Client.Send, Client.SendMessage", firstClass, "", ""},
	{"stopTask", "method", "stop_task", "Client.StopTask", firstClass, "", ""},
	{"backgroundTasks", "method", "", "Client.BackgroundTasks", firstClass, "", ""},
	{"close", "method", "disconnect", "Client.Close", firstClass, "", ""},
	{"query", "function", "query", "Query, Connect", firstClass, "", ""},
	{"tool", "function", "tool", "NewTool", firstClass, "", ""},
	{"createSdkMcpServer", "function", "create_sdk_mcp_server", "Options.MCPServers", firstClass, "", ""},
	{"listSessions", "function", "list_sessions", "ListSessions", firstClass, "", ""},
	{"getSessionInfo", "function", "get_session_info", "GetSessionInfo", firstClass, "", ""},
	{"getSessionMessages", "function", "get_session_messages", "GetSessionMessages", firstClass, "", ""},
	{"listSubagents", "function", "list_subagents", "ListSubagents", firstClass, "", ""},
	{"getSubagentMessages", "function", "get_subagent_messages", "GetSubagentMessages", firstClass, "", ""},
	{"renameSession", "function", "rename_session", "RenameSession", firstClass, "", ""},
	{"tagSession", "function", "tag_session", "TagSession", firstClass, "", ""},
	{"deleteSession", "function", "delete_session", "DeleteSession", firstClass, "", ""},
	{"forkSession", "function", "fork_session", "ForkSession", firstClass, "", ""},
	{"archiveSession", "function", "", "", missing, "", "not yet"},
	{"unarchiveSession", "function", "", "", missing, "", "not yet"},
	{"foldSessionSummary", "function", "fold_session_summary", "", missing, "", "not yet: GetSessionInfo reads the summary the CLI wrote; no fold of a host's own summary"},
	{"importSessionToStore", "function", "import_session_to_store", "", missing, "", "as the sessionStore option: ccwire has no session store"},
	{"filterEscalatingDefaultMode", "function", "", "", missing, "", "not yet"},
	{"matchDeniedModels", "function", "", "", missing, "", "not yet"},
	{"prewarm", "function", "", "", missing, "", "not yet"},
	{"resolveSettings", "function", "", "", missing, "", "not yet"},
	{"startup", "function", "", "", missing, "", "not yet"},
	{"PreToolUse", "hook", "PreToolUse", "Options.Hooks, protocol.HookPreToolUse", firstClass, "", ""},
	{"PostToolUse", "hook", "PostToolUse", "Options.Hooks, protocol.HookPostToolUse", firstClass, "", ""},
	{"PostToolUseFailure", "hook", "PostToolUseFailure", "Options.Hooks, protocol.HookPostToolUseFailure", firstClass, "", ""},
	{"PostToolBatch", "hook", "", "Options.Hooks, protocol.HookPostToolBatch", firstClass, "", ""},
	{"Notification", "hook", "Notification", "Options.Hooks, protocol.HookNotification", firstClass, "", ""},
	{"UserPromptSubmit", "hook", "UserPromptSubmit", "Options.Hooks, protocol.HookUserPromptSubmit", firstClass, "", ""},
	{"UserPromptExpansion", "hook", "", "Options.Hooks, protocol.HookUserPromptExpansion", firstClass, "", ""},
	{"SessionStart", "hook", "", "Options.Hooks, protocol.HookSessionStart", firstClass, "", ""},
	{"SessionEnd", "hook", "", "Options.Hooks, protocol.HookSessionEnd", firstClass, "", ""},
	{"Stop", "hook", "Stop", "Options.Hooks, protocol.HookStop", firstClass, "", ""},
	{"StopFailure", "hook", "", "Options.Hooks, protocol.HookStopFailure", firstClass, "", ""},
	{"SubagentStart", "hook", "SubagentStart", "Options.Hooks, protocol.HookSubagentStart", firstClass, "", ""},
	{"SubagentStop", "hook", "SubagentStop", "Options.Hooks, protocol.HookSubagentStop", firstClass, "", ""},
	{"PreCompact", "hook", "PreCompact", "Options.Hooks, protocol.HookPreCompact", firstClass, "", ""},
	{"PostCompact", "hook", "", "Options.Hooks, protocol.HookPostCompact", firstClass, "", ""},
	{"PreModelSwitch", "hook", "", "Options.Hooks, protocol.HookPreModelSwitch", firstClass, "", ""},
	{"PostModelSwitch", "hook", "", "Options.Hooks, protocol.HookPostModelSwitch", firstClass, "", ""},
	{"PermissionRequest", "hook", "PermissionRequest", "Options.Hooks, protocol.HookPermissionRequest", firstClass, "", ""},
	{"PermissionDenied", "hook", "", "Options.Hooks, protocol.HookPermissionDenied", firstClass, "", ""},
	{"Setup", "hook", "", "Options.Hooks, protocol.HookSetup", firstClass, "", ""},
	{"TeammateIdle", "hook", "", "Options.Hooks, protocol.HookTeammateIdle", firstClass, "", ""},
	{"TaskCreated", "hook", "", "Options.Hooks, protocol.HookTaskCreated", firstClass, "", ""},
	{"TaskCompleted", "hook", "", "Options.Hooks, protocol.HookTaskCompleted", firstClass, "", ""},
	{"Elicitation", "hook", "", "Options.Hooks, protocol.HookElicitation", firstClass, "", ""},
	{"ElicitationResult", "hook", "", "Options.Hooks, protocol.HookElicitationResult", firstClass, "", ""},
	{"ConfigChange", "hook", "", "Options.Hooks, protocol.HookConfigChange", firstClass, "", ""},
	{"WorktreeCreate", "hook", "", "Options.Hooks, protocol.HookWorktreeCreate", firstClass, "", ""},
	{"WorktreeRemove", "hook", "", "Options.Hooks, protocol.HookWorktreeRemove", firstClass, "", ""},
	{"InstructionsLoaded", "hook", "", "Options.Hooks, protocol.HookInstructionsLoaded", firstClass, "", ""},
	{"CwdChanged", "hook", "", "Options.Hooks, protocol.HookCwdChanged", firstClass, "", ""},
	{"FileChanged", "hook", "", "Options.Hooks, protocol.HookFileChanged", firstClass, "", ""},
	{"DirectoryAdded", "hook", "", "Options.Hooks, protocol.HookDirectoryAdded", firstClass, "", ""},
	{"MessageDisplay", "hook", "", "Options.Hooks, protocol.HookMessageDisplay", firstClass, "", ""},
	{"PreSkillShellCommand", "hook", "", "Options.Hooks, protocol.HookPreSkillShellCommand", firstClass, "", ""},
}

// Markers of the README's section that renderParityTable writes.
const (
	parityBegin = "<!-- Code generated from claude/parity.go by go generate ./claude; DO NOT EDIT. -->"
	parityEnd   = "<!-- end of the generated parity table -->"
)

// String names the support as the README's table does.
func (s paritySupport) String() string {
	switch s {
	case firstClass:
		return "first-class"
	case partly:
		return "partly"
	}
	return "missing"
}

// parityCounts counts the items by support.
func parityCounts(items []parityItem) (counts [3]int) {
	for _, it := range items {
		counts[it.support]++
	}
	return counts
}

// renderParityTable renders the table as the README's section, markers
// included.
func renderParityTable(items []parityItem) string {
	var b strings.Builder
	b.WriteString(parityBegin + "\n\n")
	c := parityCounts(items)
	fmt.Fprintf(&b, "Every member of the TypeScript Agent SDK 0.3.332's `Options`, every method of its `Query`, every function it exports "+
		"and every hook event of its `HOOK_EVENTS`, %d in all: %d first-class in ccwire, %d partly, %d missing. "+
		"CLI: the first recorded Claude Code version that takes it (empty: every recorded version, 2.1.29 on); "+
		"the client refuses an option on an older one with an `*OptionError` wrapping `errors.ErrUnsupported`.\n\n",
		len(items), c[firstClass], c[partly], c[missing])
	b.WriteString("| TS SDK | kind | Python SDK | ccwire | support | CLI | note |\n|---|---|---|---|---|---|---|\n")
	cell := func(s string) string {
		if s == "" {
			return ""
		}
		return strings.ReplaceAll(s, "|", `\|`)
	}
	code := func(s string) string {
		if s == "" {
			return "no"
		}
		return "`" + s + "`"
	}
	for _, it := range items {
		goName := "no"
		if it.goName != "" {
			goName = cell(it.goName)
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s | %s | %s |\n", it.ts, it.kind, code(it.python), goName, it.support, it.since, cell(it.note))
	}
	b.WriteString("\n" + parityEnd + "\n")
	return b.String()
}
