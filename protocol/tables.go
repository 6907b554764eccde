package protocol

import "slices"

// The member tables of every typed object. They are built once at package
// initialization and only read afterwards. The order of a table is the
// order in which a value built in code is written.

var (
	mcpServerStatusTable     *table[MCPServerStatus]
	pluginInfoTable          *table[PluginInfo]
	systemInitTable          *table[SystemInit]
	systemStatusTable        *table[SystemStatus]
	compactMetadataTable     *table[CompactMetadata]
	compactBoundaryTable     *table[CompactBoundary]
	apiRetryTable            *table[APIRetry]
	hookMessageTable         *table[HookMessage]
	taskUsageTable           *table[TaskUsage]
	taskMessageTable         *table[TaskMessage]
	systemMessageTable       *table[SystemMessage]
	usageTable               *table[Usage]
	cacheCreationTable       *table[CacheCreation]
	serverToolUseTable       *table[ServerToolUse]
	outputTokensDetailsTable *table[OutputTokensDetails]
	thinkingTokensTable      *table[ThinkingTokens]
	assistantBodyTable       *table[AssistantBody]
	assistantMessageTable    *table[AssistantMessage]
	userBodyTable            *table[UserBody]
	userMessageTable         *table[UserMessage]
	permissionDenialTable    *table[PermissionDenial]
	modelUsageTable          *table[ModelUsage]
	resultMessageTable       *table[ResultMessage]
	streamEventTable         *table[StreamEvent]
	rateLimitInfoTable       *table[RateLimitInfo]
	rateLimitEventTable      *table[RateLimitEvent]
	unknownMessageTable      *table[UnknownMessage]
)

func init() {
	type M = MCPServerStatus
	mcpServerStatusTable = newTable(
		stringField("name", func(m *M) *string { return &m.Name }),
		stringField("status", func(m *M) *string { return &m.Status }),
		stringField("source", func(m *M) *string { return &m.Source }),
		rawField("serverInfo", func(m *M) *rawJSON { return &m.ServerInfo }),
		stringField("error", func(m *M) *string { return &m.Error }),
		rawField("config", func(m *M) *rawJSON { return &m.Config }),
		stringField("scope", func(m *M) *string { return &m.Scope }),
		rawField("tools", func(m *M) *rawJSON { return &m.Tools }),
	)
	pluginInfoTable = newTable(
		stringField("name", func(m *PluginInfo) *string { return &m.Name }),
		stringField("path", func(m *PluginInfo) *string { return &m.Path }),
		stringField("version", func(m *PluginInfo) *string { return &m.Version }),
		stringField("source", func(m *PluginInfo) *string { return &m.Source }),
	)
}

func init() {
	type M = SystemInit
	systemInitTable = newTable(
		constField[M]("type", string(TypeSystem)),
		constField[M]("subtype", string(SubtypeInit)),
		stringField("cwd", func(m *M) *string { return &m.CWD }),
		stringField("session_id", func(m *M) *string { return &m.SessionID }),
		stringsField("tools", func(m *M) *[]string { return &m.Tools }),
		objectsField[M, MCPServerStatus]("mcp_servers", &mcpServerStatusTable, func(m *M) *[]MCPServerStatus { return &m.MCPServers }),
		stringField("model", func(m *M) *string { return &m.Model }),
		stringField("permissionMode", func(m *M) *PermissionMode { return &m.PermissionMode }),
		stringsField("slash_commands", func(m *M) *[]string { return &m.SlashCommands }),
		stringField("apiKeySource", func(m *M) *string { return &m.APIKeySource }),
		stringsField("betas", func(m *M) *[]string { return &m.Betas }),
		stringField("claude_code_version", func(m *M) *string { return &m.ClaudeCodeVersion }),
		stringField("output_style", func(m *M) *string { return &m.OutputStyle }),
		stringsField("agents", func(m *M) *[]string { return &m.Agents }),
		stringsField("skills", func(m *M) *[]string { return &m.Skills }),
		objectsField[M, PluginInfo]("plugins", &pluginInfoTable, func(m *M) *[]PluginInfo { return &m.Plugins }),
		rawField("plugin_errors", func(m *M) *rawJSON { return &m.PluginErrors }),
		stringField("fast_mode_state", func(m *M) *string { return &m.FastModeState }),
		stringField("fast_mode_disabled_reason", func(m *M) *string { return &m.FastModeDisabledReason }),
		stringField("effort", func(m *M) *string { return &m.Effort }),
		stringField("view_mode", func(m *M) *string { return &m.ViewMode }),
		stringsField("capabilities", func(m *M) *[]string { return &m.Capabilities }),
		stringsField("terminal_slash_commands", func(m *M) *[]string { return &m.TerminalSlashCommands }),
		rawField("memory_paths", func(m *M) *rawJSON { return &m.MemoryPaths }),
		boolField("analytics_disabled", func(m *M) *bool { return &m.AnalyticsDisabled }),
		boolField("product_feedback_disabled", func(m *M) *bool { return &m.ProductFeedbackDisabled }),
		boolField("served_by_anthropic", func(m *M) *bool { return &m.ServedByAnthropic }),
		stringField("original_cwd", func(m *M) *string { return &m.OriginalCWD }),
		stringsField("additional_directories", func(m *M) *[]string { return &m.AdditionalDirectories }),
		stringField("messaging_socket_path", func(m *M) *string { return &m.MessagingSocketPath }),
		boolField("per_turn_effort_active", func(m *M) *bool { return &m.PerTurnEffortActive }),
		boolField("ultrathink_available", func(m *M) *bool { return &m.UltrathinkAvailable }),
		boolField("ultrathink_typed_raises", func(m *M) *bool { return &m.UltrathinkTypedRaises }),
		stringField("uuid", func(m *M) *string { return &m.UUID }),
		stringsField("user_message_uuids", func(m *M) *[]string { return &m.UserMessageUUIDs }),
	)
}

func init() {
	type M = SystemStatus
	systemStatusTable = newTable(
		constField[M]("type", string(TypeSystem)),
		constField[M]("subtype", string(SubtypeStatus)),
		nullableStringField("status", func(m *M) *string { return &m.Status }),
		stringField("permissionMode", func(m *M) *PermissionMode { return &m.PermissionMode }),
		stringField("compact_result", func(m *M) *string { return &m.CompactResult }),
		stringField("compact_error", func(m *M) *string { return &m.CompactError }),
		stringField("uuid", func(m *M) *string { return &m.UUID }),
		stringField("session_id", func(m *M) *string { return &m.SessionID }),
	)
}

func init() {
	type C = CompactMetadata
	compactMetadataTable = newTable(
		stringField("trigger", func(m *C) *string { return &m.Trigger }),
		requiredIntField("pre_tokens", func(m *C) *int64 { return &m.PreTokens }),
		intField("post_tokens", func(m *C) *int64 { return &m.PostTokens }),
		intField("duration_ms", func(m *C) *int64 { return &m.DurationMS }),
		rawField("preserved_segment", func(m *C) *rawJSON { return &m.PreservedSegment }),
		rawField("preserved_messages", func(m *C) *rawJSON { return &m.PreservedMessages }),
	)
	type M = CompactBoundary
	compactBoundaryTable = newTable(
		constField[M]("type", string(TypeSystem)),
		constField[M]("subtype", string(SubtypeCompactBoundary)),
		objectField[M, C]("compact_metadata", &compactMetadataTable, func(m *M) *C { return &m.CompactMetadata }),
		stringField("uuid", func(m *M) *string { return &m.UUID }),
		stringField("session_id", func(m *M) *string { return &m.SessionID }),
	)
}

func init() {
	type M = APIRetry
	apiRetryTable = newTable(
		constField[M]("type", string(TypeSystem)),
		constField[M]("subtype", string(SubtypeAPIRetry)),
		requiredIntField("attempt", func(m *M) *int64 { return &m.Attempt }),
		requiredIntField("max_retries", func(m *M) *int64 { return &m.MaxRetries }),
		requiredIntField("retry_delay_ms", func(m *M) *int64 { return &m.RetryDelayMS }),
		nullableIntField("error_status", func(m *M) *int64 { return &m.ErrorStatus }),
		stringField("error", func(m *M) *string { return &m.Error }),
		rawField("no_response", func(m *M) *rawJSON { return &m.NoResponse }),
		stringField("uuid", func(m *M) *string { return &m.UUID }),
		stringField("session_id", func(m *M) *string { return &m.SessionID }),
	)
}

func init() {
	type M = HookMessage
	hookMessageTable = newTable(
		constField[M]("type", string(TypeSystem)),
		stringField("subtype", func(m *M) *Subtype { return &m.Subtype }),
		stringField("hook_id", func(m *M) *string { return &m.HookID }),
		stringField("hook_name", func(m *M) *string { return &m.HookName }),
		stringField("hook_event", func(m *M) *string { return &m.HookEvent }),
		stringField("output", func(m *M) *string { return &m.Output }),
		stringField("stdout", func(m *M) *string { return &m.Stdout }),
		stringField("stderr", func(m *M) *string { return &m.Stderr }),
		intField("exit_code", func(m *M) *int64 { return &m.ExitCode }),
		stringField("outcome", func(m *M) *string { return &m.Outcome }),
		stringField("uuid", func(m *M) *string { return &m.UUID }),
		stringField("session_id", func(m *M) *string { return &m.SessionID }),
	)
}

func init() {
	type U = TaskUsage
	taskUsageTable = newTable(
		intField("total_tokens", func(m *U) *int64 { return &m.TotalTokens }),
		intField("tool_uses", func(m *U) *int64 { return &m.ToolUses }),
		intField("duration_ms", func(m *U) *int64 { return &m.DurationMS }),
	)
	type M = TaskMessage
	taskMessageTable = newTable(
		constField[M]("type", string(TypeSystem)),
		stringField("subtype", func(m *M) *Subtype { return &m.Subtype }),
		stringField("task_id", func(m *M) *string { return &m.TaskID }),
		stringField("tool_use_id", func(m *M) *string { return &m.ToolUseID }),
		stringField("description", func(m *M) *string { return &m.Description }),
		stringField("task_type", func(m *M) *string { return &m.TaskType }),
		stringField("status", func(m *M) *string { return &m.Status }),
		stringField("output_file", func(m *M) *string { return &m.OutputFile }),
		stringField("summary", func(m *M) *string { return &m.Summary }),
		objectField[M, U]("usage", &taskUsageTable, func(m *M) *U { return &m.Usage }),
		stringField("last_tool_name", func(m *M) *string { return &m.LastToolName }),
		stringField("uuid", func(m *M) *string { return &m.UUID }),
		stringField("session_id", func(m *M) *string { return &m.SessionID }),
		stringField("run_id", func(m *M) *string { return &m.RunID }),
		stringField("subagent_type", func(m *M) *string { return &m.SubagentType }),
		boolField("is_backgrounded", func(m *M) *bool { return &m.IsBackgrounded }),
		intField("spawn_depth", func(m *M) *int64 { return &m.SpawnDepth }),
		stringField("parent_task_id", func(m *M) *string { return &m.ParentTaskID }),
		stringField("workflow_name", func(m *M) *string { return &m.WorkflowName }),
		stringField("prompt", func(m *M) *string { return &m.Prompt }),
		boolField("skip_transcript", func(m *M) *bool { return &m.SkipTranscript }),
		boolField("ambient", func(m *M) *bool { return &m.Ambient }),
		stringField("reason", func(m *M) *string { return &m.Reason }),
		rawField("resource_links", func(m *M) *rawJSON { return &m.ResourceLinks }),
		objectField[M, TaskPatch]("patch", &taskPatchTable, func(m *M) *TaskPatch { return &m.Patch }),
	)
}

func init() {
	type M = ThinkingTokens
	thinkingTokensTable = newTable(
		constField[M]("type", string(TypeSystem)),
		constField[M]("subtype", string(SubtypeThinkingTokens)),
		intField("estimated_tokens", func(m *M) *int64 { return &m.EstimatedTokens }),
		intField("estimated_tokens_delta", func(m *M) *int64 { return &m.EstimatedTokensDelta }),
		stringField("session_id", func(m *M) *string { return &m.SessionID }),
		stringField("uuid", func(m *M) *string { return &m.UUID }),
		stringField("user_message_uuid", func(m *M) *string { return &m.UserMessageUUID }),
	)
}

func init() {
	type M = SystemMessage
	systemMessageTable = newTable(
		constField[M]("type", string(TypeSystem)),
		stringField("subtype", func(m *M) *Subtype { return &m.Subtype }),
		stringField("uuid", func(m *M) *string { return &m.UUID }),
		stringField("session_id", func(m *M) *string { return &m.SessionID }),
	)
}

func init() {
	cacheCreationTable = newTable(
		intField("ephemeral_5m_input_tokens", func(m *CacheCreation) *int64 { return &m.Ephemeral5mInputTokens }),
		intField("ephemeral_1h_input_tokens", func(m *CacheCreation) *int64 { return &m.Ephemeral1hInputTokens }),
	)
	outputTokensDetailsTable = newTable(
		intField("thinking_tokens", func(m *OutputTokensDetails) *int64 { return &m.ThinkingTokens }),
	)
	serverToolUseTable = newTable(
		intField("web_search_requests", func(m *ServerToolUse) *int64 { return &m.WebSearchRequests }),
		intField("web_fetch_requests", func(m *ServerToolUse) *int64 { return &m.WebFetchRequests }),
	)
	type U = Usage
	usageTable = newTable(
		requiredIntField("input_tokens", func(m *U) *int64 { return &m.InputTokens }),
		intField("cache_creation_input_tokens", func(m *U) *int64 { return &m.CacheCreationInputTokens }),
		intField("cache_read_input_tokens", func(m *U) *int64 { return &m.CacheReadInputTokens }),
		requiredIntField("output_tokens", func(m *U) *int64 { return &m.OutputTokens }),
		objectField[U, ServerToolUse]("server_tool_use", &serverToolUseTable, func(m *U) *ServerToolUse { return &m.ServerToolUse }),
		stringField("service_tier", func(m *U) *string { return &m.ServiceTier }),
		objectField[U, CacheCreation]("cache_creation", &cacheCreationTable, func(m *U) *CacheCreation { return &m.CacheCreation }),
		stringField("inference_geo", func(m *U) *string { return &m.InferenceGeo }),
		rawField("iterations", func(m *U) *rawJSON { return &m.Iterations }),
		stringField("speed", func(m *U) *string { return &m.Speed }),
		objectField[U, OutputTokensDetails]("output_tokens_details", &outputTokensDetailsTable, func(m *U) *OutputTokensDetails { return &m.OutputTokensDetails }),
		rawField("fallback_credit", func(m *U) *rawJSON { return &m.FallbackCredit }),
	)
}

func init() {
	type B = AssistantBody
	assistantBodyTable = newTable(
		stringField("model", func(m *B) *string { return &m.Model }),
		stringField("id", func(m *B) *string { return &m.ID }),
		stringField("type", func(m *B) *string { return &m.Type }),
		stringField("role", func(m *B) *string { return &m.Role }),
		blocksField("content", func(m *B) *[]ContentBlock { return &m.Content }),
		nullableStringField("stop_reason", func(m *B) *string { return &m.StopReason }),
		nullableStringField("stop_sequence", func(m *B) *string { return &m.StopSequence }),
		objectField[B, Usage]("usage", &usageTable, func(m *B) *Usage { return &m.Usage }),
		rawField("container", func(m *B) *rawJSON { return &m.Container }),
		rawField("context_management", func(m *B) *rawJSON { return &m.ContextManagement }),
		rawField("diagnostics", func(m *B) *rawJSON { return &m.Diagnostics }),
		rawField("stop_details", func(m *B) *rawJSON { return &m.StopDetails }),
	)
	type M = AssistantMessage
	assistantMessageTable = newTable(
		constField[M]("type", string(TypeAssistant)),
		objectField[M, B]("message", &assistantBodyTable, func(m *M) *B { return &m.Message }),
		nullableStringField("parent_tool_use_id", func(m *M) *string { return &m.ParentToolUseID }),
		stringField("error", func(m *M) *string { return &m.Error }),
		stringField("session_id", func(m *M) *string { return &m.SessionID }),
		stringField("uuid", func(m *M) *string { return &m.UUID }),
		stringField("request_id", func(m *M) *string { return &m.RequestID }),
		stringField("agent_id", func(m *M) *string { return &m.AgentID }),
		stringField("timestamp", func(m *M) *string { return &m.Timestamp }),
		intField("thinking_duration_ms", func(m *M) *int64 { return &m.ThinkingDurationMS }),
		stringField("thinking_display", func(m *M) *string { return &m.ThinkingDisplay }),
		boolField("is_api_error_message", func(m *M) *bool { return &m.IsAPIErrorMessage }),
		intField("api_error_status", func(m *M) *int64 { return &m.APIErrorStatus }),
		stringField("api_error_type", func(m *M) *string { return &m.APIErrorType }),
		stringField("api_error", func(m *M) *string { return &m.APIError }),
		rawField("api_error_params", func(m *M) *rawJSON { return &m.APIErrorParams }),
		stringField("user_message_uuid", func(m *M) *string { return &m.UserMessageUUID }),
		stringsField("user_message_uuids", func(m *M) *[]string { return &m.UserMessageUUIDs }),
		stringField("resume_reason", func(m *M) *string { return &m.ResumeReason }),
		boolField("resumed_from_incomplete_thinking", func(m *M) *bool { return &m.ResumedFromIncompleteThinking }),
		stringsField("supersedes", func(m *M) *[]string { return &m.Supersedes }),
		boolField("aborted", func(m *M) *bool { return &m.Aborted }),
		stringField("subagent_type", func(m *M) *string { return &m.SubagentType }),
		stringField("task_description", func(m *M) *string { return &m.TaskDescription }),
		rawField("context_usage", func(m *M) *rawJSON { return &m.ContextUsage }),
		rawField("usage_report", func(m *M) *rawJSON { return &m.UsageReport }),
	)
}

func init() {
	type B = UserBody
	userBodyTable = newTable(
		stringField("role", func(m *B) *string { return &m.Role }),
		contentField("content", func(m *B) *Content { return &m.Content }),
	)
	type M = UserMessage
	userMessageTable = newTable(
		constField[M]("type", string(TypeUser)),
		objectField[M, B]("message", &userBodyTable, func(m *M) *B { return &m.Message }),
		nullableStringField("parent_tool_use_id", func(m *M) *string { return &m.ParentToolUseID }),
		requiredStringField("session_id", func(m *M) *string { return &m.SessionID }),
		stringField("uuid", func(m *M) *string { return &m.UUID }),
		boolField("isSynthetic", func(m *M) *bool { return &m.IsSynthetic }),
		boolField("isReplay", func(m *M) *bool { return &m.IsReplay }),
		rawField("tool_use_result", func(m *M) *rawJSON { return &m.ToolUseResult }),
		stringField("timestamp", func(m *M) *string { return &m.Timestamp }),
		stringField("priority", func(m *M) *string { return &m.Priority }),
		rawField("tool_result_meta", func(m *M) *rawJSON { return &m.ToolResultMeta }),
	)
}

func init() {
	type D = PermissionDenial
	permissionDenialTable = newTable(
		stringField("tool_name", func(m *D) *string { return &m.ToolName }),
		stringField("tool_use_id", func(m *D) *string { return &m.ToolUseID }),
		rawField("tool_input", func(m *D) *rawJSON { return &m.ToolInput }),
	)
	type U = ModelUsage
	modelUsageTable = newTable(
		requiredIntField("inputTokens", func(m *U) *int64 { return &m.InputTokens }),
		requiredIntField("outputTokens", func(m *U) *int64 { return &m.OutputTokens }),
		requiredIntField("cacheReadInputTokens", func(m *U) *int64 { return &m.CacheReadInputTokens }),
		requiredIntField("cacheCreationInputTokens", func(m *U) *int64 { return &m.CacheCreationInputTokens }),
		requiredIntField("webSearchRequests", func(m *U) *int64 { return &m.WebSearchRequests }),
		requiredFloatField("costUSD", func(m *U) *float64 { return &m.CostUSD }),
		requiredIntField("contextWindow", func(m *U) *int64 { return &m.ContextWindow }),
		intField("maxOutputTokens", func(m *U) *int64 { return &m.MaxOutputTokens }),
		intField("thinkingTokens", func(m *U) *int64 { return &m.ThinkingTokens }),
		intField("cacheCreationEphemeral5mInputTokens", func(m *U) *int64 { return &m.CacheCreationEphemeral5mInputTokens }),
		intField("cacheCreationEphemeral1hInputTokens", func(m *U) *int64 { return &m.CacheCreationEphemeral1hInputTokens }),
		stringField("canonicalModel", func(m *U) *string { return &m.CanonicalModel }),
		stringField("provider", func(m *U) *string { return &m.Provider }),
		stringField("costBasis", func(m *U) *string { return &m.CostBasis }),
	)
	type M = ResultMessage
	resultMessageTable = newTable(
		constField[M]("type", string(TypeResult)),
		stringField("subtype", func(m *M) *Subtype { return &m.Subtype }),
		requiredBoolField("is_error", func(m *M) *bool { return &m.IsError }),
		requiredIntField("duration_ms", func(m *M) *int64 { return &m.DurationMS }),
		requiredIntField("duration_api_ms", func(m *M) *int64 { return &m.DurationAPIMS }),
		requiredIntField("num_turns", func(m *M) *int64 { return &m.NumTurns }),
		stringField("result", func(m *M) *string { return &m.Result }),
		nullableStringField("stop_reason", func(m *M) *string { return &m.StopReason }),
		stringField("session_id", func(m *M) *string { return &m.SessionID }),
		requiredFloatField("total_cost_usd", func(m *M) *float64 { return &m.TotalCostUSD }),
		required(objectField[M, Usage]("usage", &usageTable, func(m *M) *Usage { return &m.Usage })),
		objectMapField[M, ModelUsage]("modelUsage", &modelUsageTable, func(m *M) *map[string]ModelUsage { return &m.ModelUsage }),
		requiredObjectsField[M, PermissionDenial]("permission_denials", &permissionDenialTable, func(m *M) *[]PermissionDenial { return &m.PermissionDenials }),
		stringsField("errors", func(m *M) *[]string { return &m.Errors }),
		rawField("structured_output", func(m *M) *rawJSON { return &m.StructuredOutput }),
		stringField("uuid", func(m *M) *string { return &m.UUID }),
		stringField("terminal_reason", func(m *M) *string { return &m.TerminalReason }),
		stringField("fast_mode_state", func(m *M) *string { return &m.FastModeState }),
		stringField("fast_mode_disabled_reason", func(m *M) *string { return &m.FastModeDisabledReason }),
		intField("api_error_status", func(m *M) *int64 { return &m.APIErrorStatus }),
		stringField("api_error_type", func(m *M) *string { return &m.APIErrorType }),
		stringField("api_error", func(m *M) *string { return &m.APIError }),
		rawField("subagent_stats", func(m *M) *rawJSON { return &m.SubagentStats }),
		intField("safety_stops", func(m *M) *int64 { return &m.SafetyStops }),
		intField("ttft_ms", func(m *M) *int64 { return &m.TTFTMS }),
		intField("ttft_stream_ms", func(m *M) *int64 { return &m.TTFTStreamMS }),
		intField("time_to_request_ms", func(m *M) *int64 { return &m.TimeToRequestMS }),
		intField("first_content_frame_ms", func(m *M) *int64 { return &m.FirstContentFrameMS }),
		intField("queued_turn_count", func(m *M) *int64 { return &m.QueuedTurnCount }),
		intField("result_index", func(m *M) *int64 { return &m.ResultIndex }),
		objectMapField[M, ModelUsage]("model_usage_since_last_result", &modelUsageTable, func(m *M) *map[string]ModelUsage { return &m.ModelUsageSinceLastResult }),
		stringsField("begun_message_ids", func(m *M) *[]string { return &m.BegunMessageIDs }),
		stringField("user_message_uuid", func(m *M) *string { return &m.UserMessageUUID }),
		stringsField("user_message_uuids", func(m *M) *[]string { return &m.UserMessageUUIDs }),
		stringField("resume_reason", func(m *M) *string { return &m.ResumeReason }),
		stringField("local_command", func(m *M) *string { return &m.LocalCommand }),
		intField("request_sent_wall_ms", func(m *M) *int64 { return &m.RequestSentWallMS }),
		intField("first_request_input_tokens", func(m *M) *int64 { return &m.FirstRequestInputTokens }),
		intField("first_request_cache_read_input_tokens", func(m *M) *int64 { return &m.FirstRequestCacheReadInputTokens }),
		rawField("deferred_tool_use", func(m *M) *rawJSON { return &m.DeferredToolUse }),
		stringField("startup_failure_reason", func(m *M) *string { return &m.StartupFailureReason }),
		rawField("invalid_config_file", func(m *M) *rawJSON { return &m.InvalidConfigFile }),
		stringField("credential_expires_at", func(m *M) *string { return &m.CredentialExpiresAt }),
		rawField("origin", func(m *M) *rawJSON { return &m.Origin }),
	)
}

func init() {
	type M = StreamEvent
	streamEventTable = newTable(
		constField[M]("type", string(TypeStreamEvent)),
		variantField("event", func(m *M) *StreamEventBody { return &m.Body }, pickStreamEvent),
		nullableStringField("parent_tool_use_id", func(m *M) *string { return &m.ParentToolUseID }),
		stringField("session_id", func(m *M) *string { return &m.SessionID }),
		stringField("uuid", func(m *M) *string { return &m.UUID }),
		intField("ttft_ms", func(m *M) *int64 { return &m.TTFTMS }),
		stringField("thinking_display", func(m *M) *string { return &m.ThinkingDisplay }),
		stringField("api_message_id", func(m *M) *string { return &m.APIMessageID }),
		stringField("user_message_uuid", func(m *M) *string { return &m.UserMessageUUID }),
		stringsField("user_message_uuids", func(m *M) *[]string { return &m.UserMessageUUIDs }),
		stringField("resume_reason", func(m *M) *string { return &m.ResumeReason }),
		rawField("abandoned_blocks", func(m *M) *rawJSON { return &m.AbandonedBlocks }),
	)
	eventField = int16(streamEventTable.index["event"])
}

func init() {
	type I = RateLimitInfo
	rateLimitInfoTable = newTable(
		stringField("status", func(m *I) *string { return &m.Status }),
		intField("resetsAt", func(m *I) *int64 { return &m.ResetsAt }),
		stringField("rateLimitType", func(m *I) *string { return &m.RateLimitType }),
		floatField("utilization", func(m *I) *float64 { return &m.Utilization }),
		stringField("overageStatus", func(m *I) *string { return &m.OverageStatus }),
		intField("overageResetsAt", func(m *I) *int64 { return &m.OverageResetsAt }),
		stringField("overageDisabledReason", func(m *I) *string { return &m.OverageDisabledReason }),
		boolField("isUsingOverage", func(m *I) *bool { return &m.IsUsingOverage }),
		floatField("surpassedThreshold", func(m *I) *float64 { return &m.SurpassedThreshold }),
	)
	type M = RateLimitEvent
	rateLimitEventTable = newTable(
		constField[M]("type", string(TypeRateLimitEvent)),
		objectField[M, I]("rate_limit_info", &rateLimitInfoTable, func(m *M) *I { return &m.RateLimitInfo }),
		stringField("uuid", func(m *M) *string { return &m.UUID }),
		stringField("session_id", func(m *M) *string { return &m.SessionID }),
	)
}

func init() {
	type M = UnknownMessage
	unknownMessageTable = newTable(
		stringField("type", func(m *M) *Type { return &m.Type }),
		stringField("uuid", func(m *M) *string { return &m.UUID }),
		stringField("session_id", func(m *M) *string { return &m.SessionID }),
	)
}

// The methods tying each message type to its table.

func (m *SystemInit) decode(d *decoder) error {
	return decodeObject(d, systemInitTable, m, &m.objectState)
}
func (m *SystemInit) encode(b []byte) []byte {
	return encodeObject(b, systemInitTable, m, &m.objectState)
}
func (m *SystemInit) walkUnknown(w *unknownWalker) {
	walkObject(w, systemInitTable, m, &m.objectState)
}

func (m *SystemStatus) decode(d *decoder) error {
	return decodeObject(d, systemStatusTable, m, &m.objectState)
}
func (m *SystemStatus) encode(b []byte) []byte {
	return encodeObject(b, systemStatusTable, m, &m.objectState)
}
func (m *SystemStatus) walkUnknown(w *unknownWalker) {
	walkObject(w, systemStatusTable, m, &m.objectState)
}

func (m *CompactBoundary) decode(d *decoder) error {
	return decodeObject(d, compactBoundaryTable, m, &m.objectState)
}
func (m *CompactBoundary) encode(b []byte) []byte {
	return encodeObject(b, compactBoundaryTable, m, &m.objectState)
}
func (m *CompactBoundary) walkUnknown(w *unknownWalker) {
	walkObject(w, compactBoundaryTable, m, &m.objectState)
}

func (m *APIRetry) decode(d *decoder) error { return decodeObject(d, apiRetryTable, m, &m.objectState) }
func (m *APIRetry) encode(b []byte) []byte  { return encodeObject(b, apiRetryTable, m, &m.objectState) }
func (m *APIRetry) walkUnknown(w *unknownWalker) {
	walkObject(w, apiRetryTable, m, &m.objectState)
}

func (m *HookMessage) decode(d *decoder) error {
	return decodeObject(d, hookMessageTable, m, &m.objectState)
}
func (m *HookMessage) encode(b []byte) []byte {
	return encodeObject(b, hookMessageTable, m, &m.objectState)
}
func (m *HookMessage) walkUnknown(w *unknownWalker) {
	walkObject(w, hookMessageTable, m, &m.objectState)
}

func (m *TaskMessage) decode(d *decoder) error {
	return decodeObject(d, taskMessageTable, m, &m.objectState)
}
func (m *TaskMessage) encode(b []byte) []byte {
	return encodeObject(b, taskMessageTable, m, &m.objectState)
}
func (m *TaskMessage) walkUnknown(w *unknownWalker) {
	walkObject(w, taskMessageTable, m, &m.objectState)
}

func (m *ThinkingTokens) decode(d *decoder) error {
	return decodeObject(d, thinkingTokensTable, m, &m.objectState)
}
func (m *ThinkingTokens) encode(b []byte) []byte {
	return encodeObject(b, thinkingTokensTable, m, &m.objectState)
}
func (m *ThinkingTokens) walkUnknown(w *unknownWalker) {
	walkObject(w, thinkingTokensTable, m, &m.objectState)
}

func (m *SystemMessage) decode(d *decoder) error {
	return decodeObject(d, systemMessageTable, m, &m.objectState)
}
func (m *SystemMessage) encode(b []byte) []byte {
	return encodeObject(b, systemMessageTable, m, &m.objectState)
}
func (m *SystemMessage) walkUnknown(w *unknownWalker) {
	walkObject(w, systemMessageTable, m, &m.objectState)
}

func (m *AssistantMessage) decode(d *decoder) error {
	return decodeObject(d, assistantMessageTable, m, &m.objectState)
}
func (m *AssistantMessage) encode(b []byte) []byte {
	return encodeObject(b, assistantMessageTable, m, &m.objectState)
}
func (m *AssistantMessage) walkUnknown(w *unknownWalker) {
	walkObject(w, assistantMessageTable, m, &m.objectState)
}

func (m *UserMessage) decode(d *decoder) error {
	return decodeObject(d, userMessageTable, m, &m.objectState)
}
func (m *UserMessage) encode(b []byte) []byte {
	return encodeObject(b, userMessageTable, m, &m.objectState)
}
func (m *UserMessage) walkUnknown(w *unknownWalker) {
	walkObject(w, userMessageTable, m, &m.objectState)
}

func (m *ResultMessage) decode(d *decoder) error {
	return decodeObject(d, resultMessageTable, m, &m.objectState)
}
func (m *ResultMessage) encode(b []byte) []byte {
	return encodeObject(b, resultMessageTable, m, &m.objectState)
}
func (m *ResultMessage) walkUnknown(w *unknownWalker) {
	walkObject(w, resultMessageTable, m, &m.objectState)
}

func (m *StreamEvent) decode(d *decoder) error {
	if err := decodeObject(d, streamEventTable, m, &m.objectState); err != nil {
		return err
	}
	m.setEventText()
	return nil
}
func (m *StreamEvent) encode(b []byte) []byte {
	if !m.eventReplaced() {
		return encodeObject(b, streamEventTable, m, &m.objectState)
	}
	// Write Event in place of the decoded event, on a copy so that Marshal
	// changes nothing.
	c := *m
	c.Body = &rawEvent{text: m.Event}
	if c.decoded {
		c.members = slices.Clone(c.members)
		for i := range c.members {
			if c.members[i].field == eventField {
				c.members[i].flags &^= mismatch
			}
		}
	}
	return encodeObject(b, streamEventTable, &c, &c.objectState)
}
func (m *StreamEvent) walkUnknown(w *unknownWalker) {
	walkObject(w, streamEventTable, m, &m.objectState)
}

func (m *RateLimitEvent) decode(d *decoder) error {
	return decodeObject(d, rateLimitEventTable, m, &m.objectState)
}
func (m *RateLimitEvent) encode(b []byte) []byte {
	return encodeObject(b, rateLimitEventTable, m, &m.objectState)
}
func (m *RateLimitEvent) walkUnknown(w *unknownWalker) {
	walkObject(w, rateLimitEventTable, m, &m.objectState)
}

func (m *UnknownMessage) decode(d *decoder) error {
	return decodeObject(d, unknownMessageTable, m, &m.objectState)
}
func (m *UnknownMessage) encode(b []byte) []byte {
	return encodeObject(b, unknownMessageTable, m, &m.objectState)
}
func (m *UnknownMessage) walkUnknown(w *unknownWalker) {
	walkObject(w, unknownMessageTable, m, &m.objectState)
}
