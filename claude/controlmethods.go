package claude

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/protocol"
)

// controlSince is the first CLI version that answers each control request
// of the host the client has a method for, as the CLIs' own dispatch on
// the request's subtype shows it (the 59 recorded versions from 2.1.29 to
// 2.1.332, and the installed versions between them); absent means every
// recorded version. A client of an older CLI refuses the request with an
// [*UnsupportedRequestError] without sending it.
var controlSince = map[protocol.ControlSubtype]string{
	"apply_flag_settings":  "2.1.52",
	"stop_task":            "2.1.52",
	"get_settings":         "2.1.70",
	"cancel_async_message": "2.1.76",
	"seed_read_state":      "2.1.83",
	"reload_plugins":       "2.1.87",
	"get_context_usage":    "2.1.87",
	"read_file":            "2.1.124",
	"get_session_cost":     "2.1.124",
	"get_binary_version":   "2.1.124",
	"background_tasks":     "2.1.139",
	"rename_session":       "2.1.149",
	"reload_skills":        "2.1.163",
	"get_usage":            "2.1.169",
	"list_models":          "2.1.199",
	"update_settings":      "2.1.268",
	"reload_output_styles": "2.1.268",
	"mcp_read_resource":    "2.1.289",
	"get_task_output":      "2.1.329",
	// Requests of the CLI, for the options that answer them.
	"elicitation":         "2.1.124",
	"request_user_dialog": "2.1.162",
}

// ControlSince returns the first CLI version that answers the control
// request of subtype, "" when every recorded version does (or the client
// has no method for it).
func ControlSince(subtype protocol.ControlSubtype) string { return controlSince[subtype] }

// ControlSubtypes lists the control requests the client has a method for
// whose first version is known, in order.
func ControlSubtypes() []protocol.ControlSubtype {
	return slices.Sorted(maps.Keys(controlSince))
}

// sinceAllows reports whether CLI version v answers subtype by
// controlSince; an unknown version is allowed.
func sinceAllows(subtype protocol.ControlSubtype, version string) bool {
	first, ok := controlSince[subtype]
	if !ok {
		return true
	}
	v, err := cliversion.Parse(version)
	if err != nil {
		return true
	}
	return cliversion.MustParseConstraint(">=" + first).Allows(v)
}

// ApplyFlagSettings applies settings to the session as if they came from
// --settings, over the other sources (apply_flag_settings; CLI 2.1.52 on).
// settings is a JSON object, as in settings.json.
func (c *Client) ApplyFlagSettings(ctx context.Context, settings json.RawMessage) error {
	if err := checkObject("ApplyFlagSettings", settings); err != nil {
		return err
	}
	_, err := c.control(ctx, &protocol.ApplyFlagSettingsRequest{Settings: settings})
	return err
}

// UpdateSettings writes settings (string values only) into the settings
// file of source, "localSettings" or "userSettings" (update_settings; CLI
// 2.1.268 on).
func (c *Client) UpdateSettings(ctx context.Context, source string, settings json.RawMessage) error {
	if source != "localSettings" && source != "userSettings" {
		return fmt.Errorf("claude: UpdateSettings: source %q: want localSettings or userSettings", source)
	}
	if err := checkObject("UpdateSettings", settings); err != nil {
		return err
	}
	_, err := c.control(ctx, &protocol.UpdateSettingsRequest{Source: source, Settings: settings})
	return err
}

// Settings returns the settings in force and those of each source
// (get_settings; CLI 2.1.70 on).
func (c *Client) Settings(ctx context.Context) (*protocol.GetSettingsResponse, error) {
	out := new(protocol.GetSettingsResponse)
	return out, c.controlPayload(ctx, &protocol.GetSettingsRequest{}, out)
}

// ReloadPlugins reloads the session's plugins (reload_plugins; CLI 2.1.87
// on). req may be nil.
func (c *Client) ReloadPlugins(ctx context.Context, req *protocol.ReloadPluginsRequest) (*protocol.ReloadPluginsResponse, error) {
	if req == nil {
		req = new(protocol.ReloadPluginsRequest)
	}
	out := new(protocol.ReloadPluginsResponse)
	return out, c.controlPayload(ctx, req, out)
}

// ReloadSkills reloads the session's skills (reload_skills; CLI 2.1.163
// on).
func (c *Client) ReloadSkills(ctx context.Context) (*protocol.ReloadSkillsResponse, error) {
	out := new(protocol.ReloadSkillsResponse)
	return out, c.controlPayload(ctx, &protocol.ReloadSkillsRequest{}, out)
}

// ReloadOutputStyles reloads the output styles (reload_output_styles; CLI
// 2.1.268 on).
func (c *Client) ReloadOutputStyles(ctx context.Context) (*protocol.ReloadOutputStylesResponse, error) {
	out := new(protocol.ReloadOutputStylesResponse)
	return out, c.controlPayload(ctx, &protocol.ReloadOutputStylesRequest{}, out)
}

// ReadFile reads a file as the CLI's tools see it (read_file; CLI 2.1.124
// on). maxBytes 0 reads it all; encoding is utf-8 (the default, "") or
// base64.
func (c *Client) ReadFile(ctx context.Context, path string, maxBytes int64, encoding string) (*protocol.ReadFileResponse, error) {
	if path == "" {
		return nil, errors.New("claude: ReadFile: no path")
	}
	out := new(protocol.ReadFileResponse)
	return out, c.controlPayload(ctx, &protocol.ReadFileRequest{Path: path, MaxBytes: maxBytes, Encoding: encoding}, out)
}

// SeedReadState tells the CLI that the file at path was read when it had
// modification time mtimeMS (milliseconds since the epoch), so that its
// tools may edit it without reading it first (seed_read_state; CLI 2.1.83
// on).
func (c *Client) SeedReadState(ctx context.Context, path string, mtimeMS float64) error {
	if path == "" {
		return errors.New("claude: SeedReadState: no path")
	}
	_, err := c.control(ctx, &protocol.SeedReadStateRequest{Path: path, MTime: mtimeMS})
	return err
}

// MCPReadResource reads the resource at uri (a ui:// URI) of the MCP
// server named serverName (mcp_read_resource; CLI 2.1.289 on).
func (c *Client) MCPReadResource(ctx context.Context, serverName, uri string) (*protocol.MCPReadResourceResponse, error) {
	if serverName == "" || uri == "" {
		return nil, errors.New("claude: MCPReadResource: needs a server name and a URI")
	}
	out := new(protocol.MCPReadResourceResponse)
	return out, c.controlPayload(ctx, &protocol.MCPReadResourceRequest{ServerName: serverName, URI: uri}, out)
}

// BackgroundTasks sends the foreground tasks to the background: the one
// the tool call toolUseID started, or all when it is empty
// (background_tasks; CLI 2.1.139 on).
func (c *Client) BackgroundTasks(ctx context.Context, toolUseID string) (*protocol.BackgroundTasksResponse, error) {
	out := new(protocol.BackgroundTasksResponse)
	return out, c.controlPayload(ctx, &protocol.BackgroundTasksRequest{ToolUseID: toolUseID}, out)
}

// TaskOutput returns the output of the background task taskID, as
// task_started named it (get_task_output; CLI 2.1.329 on).
func (c *Client) TaskOutput(ctx context.Context, taskID string) (*protocol.GetTaskOutputResponse, error) {
	if taskID == "" {
		return nil, errors.New("claude: TaskOutput: no task ID")
	}
	out := new(protocol.GetTaskOutputResponse)
	return out, c.controlPayload(ctx, &protocol.GetTaskOutputRequest{TaskID: taskID}, out)
}

// Usage returns the account's usage and limits (get_usage; CLI 2.1.169
// on). skipBehaviors skips the scan of local transcripts.
func (c *Client) Usage(ctx context.Context, skipBehaviors bool) (*protocol.GetUsageResponse, error) {
	out := new(protocol.GetUsageResponse)
	return out, c.controlPayload(ctx, &protocol.GetUsageRequest{SkipBehaviors: skipBehaviors}, out)
}

// SessionCost returns the summary /usage prints: cost, durations, code
// changes, tokens (get_session_cost; CLI 2.1.124 on).
func (c *Client) SessionCost(ctx context.Context) (*protocol.GetSessionCostResponse, error) {
	out := new(protocol.GetSessionCostResponse)
	return out, c.controlPayload(ctx, &protocol.GetSessionCostRequest{}, out)
}

// ListModels returns the models the session can run (list_models; CLI
// 2.1.199 on).
func (c *Client) ListModels(ctx context.Context) (*protocol.ListModelsResponse, error) {
	out := new(protocol.ListModelsResponse)
	return out, c.controlPayload(ctx, &protocol.ListModelsRequest{}, out)
}

// BinaryVersion returns the CLI's version and build (get_binary_version;
// CLI 2.1.124 on).
func (c *Client) BinaryVersion(ctx context.Context) (*protocol.GetBinaryVersionResponse, error) {
	out := new(protocol.GetBinaryVersionResponse)
	return out, c.controlPayload(ctx, &protocol.GetBinaryVersionRequest{}, out)
}

// RenameSession sets the session's title (rename_session; CLI 2.1.149 on);
// CLI 2.1.289 and newer report it with system/session_title_changed.
func (c *Client) RenameSession(ctx context.Context, title string) error {
	if title == "" {
		return errors.New("claude: RenameSession: no title")
	}
	_, err := c.control(ctx, &protocol.RenameSessionRequest{Title: title})
	return err
}

// SetColor sets the session's accent color: an agent color name, or
// "default" (set_color, which the Agent SDK 0.3.332 defines). Every CLI up
// to 2.1.332 refuses it in print mode with a [*ControlError] matching
// errors.ErrUnsupported (code unsupported_request); 2.1.37 and older get
// an [*UnsupportedRequestError].
func (c *Client) SetColor(ctx context.Context, color string) error {
	if color == "" {
		return errors.New("claude: SetColor: no color")
	}
	_, err := c.control(ctx, &protocol.SetColorRequest{Color: color})
	return err
}

// CancelAsyncMessage withdraws a queued user message, by its UUID, before
// its turn starts (cancel_async_message; CLI 2.1.76 on).
func (c *Client) CancelAsyncMessage(ctx context.Context, messageUUID string) (*protocol.CancelAsyncMessageResponse, error) {
	if messageUUID == "" {
		return nil, errors.New("claude: CancelAsyncMessage: no message UUID")
	}
	out := new(protocol.CancelAsyncMessageResponse)
	return out, c.controlPayload(ctx, &protocol.CancelAsyncMessageRequest{MessageUUID: messageUUID}, out)
}

// checkObject refuses a value that is not a JSON object.
func checkObject(method string, v json.RawMessage) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(v, &m); err != nil || m == nil {
		return fmt.Errorf("claude: %s: the settings are not a JSON object (%v)", method, err)
	}
	return nil
}

// ElicitationFunc answers an MCP server's request for input from the user
// (the CLI's elicitation control request, CLI 2.1.124 on): a form to fill
// (Mode "form", RequestedSchema) or a page to open (Mode "url"). It
// returns the user's action, accept (with the form's Content), decline or
// cancel. An error is sent to the CLI as the answer's error.
type ElicitationFunc func(ctx context.Context, req *protocol.ElicitationRequest) (*protocol.ElicitationResponse, error)

// UserDialogFunc answers the CLI's request to show the user a dialog of a
// kind the client declared in Options.UserDialogKinds (request_user_dialog,
// CLI 2.1.162 on): Behavior completed with a Result, or cancelled, which
// makes the CLI apply the dialog's default.
type UserDialogFunc func(ctx context.Context, req *protocol.UserDialogRequest) (*protocol.UserDialogResponse, error)

// answerElicitation answers an elicitation request with
// Options.OnElicitation.
func (c *Client) answerElicitation(ctx context.Context, id string, r *protocol.ElicitationRequest) *protocol.ControlResponse {
	if c.onElicitation == nil {
		// What the Agent SDKs answer without a callback: the user declined.
		return protocol.NewPayloadResponse(id, &protocol.ElicitationResponse{Action: "decline"})
	}
	resp, err := c.onElicitation(ctx, r)
	switch {
	case err != nil:
		return protocol.NewErrorResponse(id, err.Error())
	case resp == nil || (resp.Action != "accept" && resp.Action != "decline" && resp.Action != "cancel"):
		return protocol.NewErrorResponse(id, "the elicitation callback answered no action (want accept, decline or cancel)")
	}
	return protocol.NewPayloadResponse(id, resp)
}

// answerUserDialog answers a request_user_dialog request with
// Options.OnUserDialog.
func (c *Client) answerUserDialog(ctx context.Context, id string, r *protocol.UserDialogRequest) *protocol.ControlResponse {
	if c.onUserDialog == nil {
		// The CLI applies the dialog's default.
		return protocol.NewPayloadResponse(id, &protocol.UserDialogResponse{Behavior: "cancelled"})
	}
	resp, err := c.onUserDialog(ctx, r)
	switch {
	case err != nil:
		return protocol.NewErrorResponse(id, err.Error())
	case resp == nil || (resp.Behavior != "completed" && resp.Behavior != "cancelled"):
		return protocol.NewErrorResponse(id, "the user dialog callback answered no behavior (want completed or cancelled)")
	}
	return protocol.NewPayloadResponse(id, resp)
}
