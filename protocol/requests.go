package protocol

import (
	"encoding/json"
)

// This file holds the control request bodies besides those of control.go:
// MCP server management, file rewinding and the like, which the host sends
// on the CLI's stdin, and the elicitation and dialog questions the CLI
// asks the host on its stdout. Versions are those whose SDK defines the
// subtype: 0.2.37 (CLI 2.1.37) and 0.3.330 (CLI 2.1.330).

// MCPStatusRequest asks for the status of every MCP server (mcp_status);
// the answer is an [MCPStatusResponse]. CLI 2.1.37 and 2.1.330.
type MCPStatusRequest struct {
	LiveReply bool // answer from the servers' live state (CLI 2.1.330)
	objectState
}

// RewindFilesRequest restores the files the session changed to their state
// at a user message (rewind_files); the answer is a [RewindFilesResponse].
// File checkpointing must be on, else the answer says it cannot rewind.
// CLI 2.1.37 and 2.1.330.
type RewindFilesRequest struct {
	UserMessageID string // UUID of the user message to go back to
	DryRun        bool   // only report what would change
	objectState
}

// MCPSetServersRequest replaces the MCP servers the host configured
// (mcp_set_servers). CLI 2.1.37 and 2.1.330.
type MCPSetServersRequest struct {
	Servers json.RawMessage // server configurations by name
	objectState
}

// MCPReconnectRequest reconnects an MCP server (mcp_reconnect).
// CLI 2.1.37 and 2.1.330.
type MCPReconnectRequest struct {
	ServerName string // the server
	objectState
}

// MCPToggleRequest enables or disables an MCP server (mcp_toggle).
// CLI 2.1.37 and 2.1.330.
type MCPToggleRequest struct {
	ServerName string // the server
	Enabled    bool   // enable, or disable
	objectState
}

// GetContextUsageRequest asks how the context window is used, by category
// (get_context_usage); the answer is a [ContextUsageResponse]. CLI 2.1.330.
type GetContextUsageRequest struct {
	Detail string // full (the default) or summary, which skips the token-count calls
	objectState
}

// StopTaskRequest stops one background task (stop_task). CLI 2.1.330.
type StopTaskRequest struct {
	TaskID string // the task, as task_started gave it
	objectState
}

// RenameSessionRequest sets the session's title (rename_session).
// CLI 2.1.330.
type RenameSessionRequest struct {
	Title     string // the new title
	Source    string // remote or host
	SessionID string // the session to rename, the current one when empty
	objectState
}

// ApplyFlagSettingsRequest merges settings into those given on the command
// line (apply_flag_settings). CLI 2.1.330.
type ApplyFlagSettingsRequest struct {
	Settings json.RawMessage // the settings, as in settings.json
	objectState
}

// ElicitationRequest asks the host to collect input for an MCP server
// (elicitation): fill a form matching RequestedSchema, or open URL. Answer
// it with an [ElicitationResponse]. CLI to host, CLI 2.1.330.
type ElicitationRequest struct {
	MCPServerName   string          // the server asking
	Message         string          // what to ask the user
	Mode            string          // form or url
	URL             string          // page to open (url mode)
	ElicitationID   string          // the elicitation, for elicitation_complete
	RequestedSchema json.RawMessage // JSON schema of the answer (form mode)
	PropertyOrder   []string        // the schema's properties in the server's order
	Title           string          // dialog title
	DisplayName     string          // short label of the server or tool
	Description     string          // dialog subtitle
	objectState
}

// UserDialogRequest asks the host to show a dialog a tool needs and return
// the user's choice (request_user_dialog). The CLI sends only the kinds the
// initialize request listed in supportedDialogKinds. CLI to host,
// CLI 2.1.330.
type UserDialogRequest struct {
	DialogKind string          // which dialog
	Payload    json.RawMessage // the dialog's data, shaped per kind
	ToolUseID  string          // the tool call that needs it
	objectState
}

// ControlSubtype returns ControlMCPStatus.
func (*MCPStatusRequest) ControlSubtype() ControlSubtype { return ControlMCPStatus }

// ControlSubtype returns ControlRewindFiles.
func (*RewindFilesRequest) ControlSubtype() ControlSubtype { return ControlRewindFiles }

// ControlSubtype returns ControlMCPSetServers.
func (*MCPSetServersRequest) ControlSubtype() ControlSubtype { return ControlMCPSetServers }

// ControlSubtype returns ControlMCPReconnect.
func (*MCPReconnectRequest) ControlSubtype() ControlSubtype { return ControlMCPReconnect }

// ControlSubtype returns ControlMCPToggle.
func (*MCPToggleRequest) ControlSubtype() ControlSubtype { return ControlMCPToggle }

// ControlSubtype returns ControlGetContextUsage.
func (*GetContextUsageRequest) ControlSubtype() ControlSubtype { return ControlGetContextUsage }

// ControlSubtype returns ControlStopTask.
func (*StopTaskRequest) ControlSubtype() ControlSubtype { return ControlStopTask }

// ControlSubtype returns ControlRenameSession.
func (*RenameSessionRequest) ControlSubtype() ControlSubtype { return ControlRenameSession }

// ControlSubtype returns ControlApplyFlagSettings.
func (*ApplyFlagSettingsRequest) ControlSubtype() ControlSubtype { return ControlApplyFlagSettings }

// ControlSubtype returns ControlElicitation.
func (*ElicitationRequest) ControlSubtype() ControlSubtype { return ControlElicitation }

// ControlSubtype returns ControlRequestUserDialog.
func (*UserDialogRequest) ControlSubtype() ControlSubtype { return ControlRequestUserDialog }

// pickOtherControlRequest returns an empty body of the subtypes of this
// file, nil for other subtypes.
func pickOtherControlRequest(s ControlSubtype) ControlRequestBody {
	switch s {
	case ControlMCPStatus:
		return new(MCPStatusRequest)
	case ControlRewindFiles:
		return new(RewindFilesRequest)
	case ControlMCPSetServers:
		return new(MCPSetServersRequest)
	case ControlMCPReconnect:
		return new(MCPReconnectRequest)
	case ControlMCPToggle:
		return new(MCPToggleRequest)
	case ControlGetContextUsage:
		return new(GetContextUsageRequest)
	case ControlStopTask:
		return new(StopTaskRequest)
	case ControlRenameSession:
		return new(RenameSessionRequest)
	case ControlApplyFlagSettings:
		return new(ApplyFlagSettingsRequest)
	case ControlElicitation:
		return new(ElicitationRequest)
	case ControlRequestUserDialog:
		return new(UserDialogRequest)
	}
	return nil
}

var (
	mcpStatusRequestTable         *table[MCPStatusRequest]
	rewindFilesRequestTable       *table[RewindFilesRequest]
	mcpSetServersRequestTable     *table[MCPSetServersRequest]
	mcpReconnectRequestTable      *table[MCPReconnectRequest]
	mcpToggleRequestTable         *table[MCPToggleRequest]
	getContextUsageRequestTable   *table[GetContextUsageRequest]
	stopTaskRequestTable          *table[StopTaskRequest]
	renameSessionRequestTable     *table[RenameSessionRequest]
	applyFlagSettingsRequestTable *table[ApplyFlagSettingsRequest]
	elicitationRequestTable       *table[ElicitationRequest]
	userDialogRequestTable        *table[UserDialogRequest]
)

func init() {
	mcpStatusRequestTable = newTable(
		constField[MCPStatusRequest]("subtype", string(ControlMCPStatus)),
		boolField("liveReply", func(r *MCPStatusRequest) *bool { return &r.LiveReply }),
	)
	type RF = RewindFilesRequest
	rewindFilesRequestTable = newTable(
		constField[RF]("subtype", string(ControlRewindFiles)),
		requiredStringField("user_message_id", func(r *RF) *string { return &r.UserMessageID }),
		boolField("dry_run", func(r *RF) *bool { return &r.DryRun }),
	)
	mcpSetServersRequestTable = newTable(
		constField[MCPSetServersRequest]("subtype", string(ControlMCPSetServers)),
		required(rawField("servers", func(r *MCPSetServersRequest) *rawJSON { return &r.Servers })),
	)
	mcpReconnectRequestTable = newTable(
		constField[MCPReconnectRequest]("subtype", string(ControlMCPReconnect)),
		requiredStringField("serverName", func(r *MCPReconnectRequest) *string { return &r.ServerName }),
	)
	type MT = MCPToggleRequest
	mcpToggleRequestTable = newTable(
		constField[MT]("subtype", string(ControlMCPToggle)),
		requiredStringField("serverName", func(r *MT) *string { return &r.ServerName }),
		requiredBoolField("enabled", func(r *MT) *bool { return &r.Enabled }),
	)
	getContextUsageRequestTable = newTable(
		constField[GetContextUsageRequest]("subtype", string(ControlGetContextUsage)),
		stringField("detail", func(r *GetContextUsageRequest) *string { return &r.Detail }),
	)
	stopTaskRequestTable = newTable(
		constField[StopTaskRequest]("subtype", string(ControlStopTask)),
		requiredStringField("task_id", func(r *StopTaskRequest) *string { return &r.TaskID }),
	)
	type RS = RenameSessionRequest
	renameSessionRequestTable = newTable(
		constField[RS]("subtype", string(ControlRenameSession)),
		requiredStringField("title", func(r *RS) *string { return &r.Title }),
		stringField("source", func(r *RS) *string { return &r.Source }),
		stringField("session_id", func(r *RS) *string { return &r.SessionID }),
	)
	applyFlagSettingsRequestTable = newTable(
		constField[ApplyFlagSettingsRequest]("subtype", string(ControlApplyFlagSettings)),
		required(rawField("settings", func(r *ApplyFlagSettingsRequest) *rawJSON { return &r.Settings })),
	)
	type EL = ElicitationRequest
	elicitationRequestTable = newTable(
		constField[EL]("subtype", string(ControlElicitation)),
		stringField("mcp_server_name", func(r *EL) *string { return &r.MCPServerName }),
		stringField("message", func(r *EL) *string { return &r.Message }),
		stringField("mode", func(r *EL) *string { return &r.Mode }),
		stringField("url", func(r *EL) *string { return &r.URL }),
		stringField("elicitation_id", func(r *EL) *string { return &r.ElicitationID }),
		rawField("requested_schema", func(r *EL) *rawJSON { return &r.RequestedSchema }),
		stringsField("property_order", func(r *EL) *[]string { return &r.PropertyOrder }),
		stringField("title", func(r *EL) *string { return &r.Title }),
		stringField("display_name", func(r *EL) *string { return &r.DisplayName }),
		stringField("description", func(r *EL) *string { return &r.Description }),
	)
	type UD = UserDialogRequest
	userDialogRequestTable = newTable(
		constField[UD]("subtype", string(ControlRequestUserDialog)),
		stringField("dialog_kind", func(r *UD) *string { return &r.DialogKind }),
		rawField("payload", func(r *UD) *rawJSON { return &r.Payload }),
		stringField("tool_use_id", func(r *UD) *string { return &r.ToolUseID }),
	)
}

// The methods tying each request type to its table.

func (r *MCPStatusRequest) decode(d *decoder) error {
	return decodeObject(d, mcpStatusRequestTable, r, &r.objectState)
}
func (r *MCPStatusRequest) encode(b []byte) []byte {
	return encodeObject(b, mcpStatusRequestTable, r, &r.objectState)
}
func (r *MCPStatusRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, mcpStatusRequestTable, r, &r.objectState)
}

func (r *RewindFilesRequest) decode(d *decoder) error {
	return decodeObject(d, rewindFilesRequestTable, r, &r.objectState)
}
func (r *RewindFilesRequest) encode(b []byte) []byte {
	return encodeObject(b, rewindFilesRequestTable, r, &r.objectState)
}
func (r *RewindFilesRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, rewindFilesRequestTable, r, &r.objectState)
}

func (r *MCPSetServersRequest) decode(d *decoder) error {
	return decodeObject(d, mcpSetServersRequestTable, r, &r.objectState)
}
func (r *MCPSetServersRequest) encode(b []byte) []byte {
	return encodeObject(b, mcpSetServersRequestTable, r, &r.objectState)
}
func (r *MCPSetServersRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, mcpSetServersRequestTable, r, &r.objectState)
}

func (r *MCPReconnectRequest) decode(d *decoder) error {
	return decodeObject(d, mcpReconnectRequestTable, r, &r.objectState)
}
func (r *MCPReconnectRequest) encode(b []byte) []byte {
	return encodeObject(b, mcpReconnectRequestTable, r, &r.objectState)
}
func (r *MCPReconnectRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, mcpReconnectRequestTable, r, &r.objectState)
}

func (r *MCPToggleRequest) decode(d *decoder) error {
	return decodeObject(d, mcpToggleRequestTable, r, &r.objectState)
}
func (r *MCPToggleRequest) encode(b []byte) []byte {
	return encodeObject(b, mcpToggleRequestTable, r, &r.objectState)
}
func (r *MCPToggleRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, mcpToggleRequestTable, r, &r.objectState)
}

func (r *GetContextUsageRequest) decode(d *decoder) error {
	return decodeObject(d, getContextUsageRequestTable, r, &r.objectState)
}
func (r *GetContextUsageRequest) encode(b []byte) []byte {
	return encodeObject(b, getContextUsageRequestTable, r, &r.objectState)
}
func (r *GetContextUsageRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, getContextUsageRequestTable, r, &r.objectState)
}

func (r *StopTaskRequest) decode(d *decoder) error {
	return decodeObject(d, stopTaskRequestTable, r, &r.objectState)
}
func (r *StopTaskRequest) encode(b []byte) []byte {
	return encodeObject(b, stopTaskRequestTable, r, &r.objectState)
}
func (r *StopTaskRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, stopTaskRequestTable, r, &r.objectState)
}

func (r *RenameSessionRequest) decode(d *decoder) error {
	return decodeObject(d, renameSessionRequestTable, r, &r.objectState)
}
func (r *RenameSessionRequest) encode(b []byte) []byte {
	return encodeObject(b, renameSessionRequestTable, r, &r.objectState)
}
func (r *RenameSessionRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, renameSessionRequestTable, r, &r.objectState)
}

func (r *ApplyFlagSettingsRequest) decode(d *decoder) error {
	return decodeObject(d, applyFlagSettingsRequestTable, r, &r.objectState)
}
func (r *ApplyFlagSettingsRequest) encode(b []byte) []byte {
	return encodeObject(b, applyFlagSettingsRequestTable, r, &r.objectState)
}
func (r *ApplyFlagSettingsRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, applyFlagSettingsRequestTable, r, &r.objectState)
}

func (r *ElicitationRequest) decode(d *decoder) error {
	return decodeObject(d, elicitationRequestTable, r, &r.objectState)
}
func (r *ElicitationRequest) encode(b []byte) []byte {
	return encodeObject(b, elicitationRequestTable, r, &r.objectState)
}
func (r *ElicitationRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, elicitationRequestTable, r, &r.objectState)
}

func (r *UserDialogRequest) decode(d *decoder) error {
	return decodeObject(d, userDialogRequestTable, r, &r.objectState)
}
func (r *UserDialogRequest) encode(b []byte) []byte {
	return encodeObject(b, userDialogRequestTable, r, &r.objectState)
}
func (r *UserDialogRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, userDialogRequestTable, r, &r.objectState)
}
