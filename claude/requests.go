package claude

import (
	"context"
	"errors"
	"fmt"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/protocol"
)

// UnsupportedRequestError reports a control request the CLI version in
// use does not know. CLI 2.1.37 never answers such a request, so the
// client refuses it without sending it, rather than wait for
// [Options.ControlTimeout]. It wraps [errors.ErrUnsupported].
type UnsupportedRequestError struct {
	// Subtype is the request's subtype, e.g. get_context_usage.
	Subtype protocol.ControlSubtype
	// Version is the CLI's version.
	Version string
}

// Error names the request and the version.
func (e *UnsupportedRequestError) Error() string {
	return fmt.Sprintf("claude: Claude Code %s does not know the %s control request", e.Version, e.Subtype)
}

// Unwrap returns errors.ErrUnsupported.
func (e *UnsupportedRequestError) Unwrap() error { return errors.ErrUnsupported }

// seedSubtypes are the control requests of the host that CLI 2.1.37 and
// older answer; it leaves every other subtype unanswered.
var seedSubtypes = map[protocol.ControlSubtype]bool{
	"initialize": true, "interrupt": true, "set_permission_mode": true, "set_model": true,
	"set_max_thinking_tokens": true, "mcp_status": true, "rewind_files": true,
	"mcp_set_servers": true, "mcp_reconnect": true, "mcp_toggle": true,
}

// seedEra holds the versions that leave unknown requests unanswered.
var seedEra = cliversion.MustParseConstraint("<=" + cliinstall.SeedVersion)

// checkSubtype refuses a request the client's CLI version is known not to
// answer.
func (c *Client) checkSubtype(subtype protocol.ControlSubtype) error {
	v, err := cliversion.Parse(c.version)
	if err != nil || !seedEra.Allows(v) || seedSubtypes[subtype] {
		return nil
	}
	return &UnsupportedRequestError{Subtype: subtype, Version: c.version}
}

// MCPStatus asks for the status of every MCP server the CLI knows, the
// in-process ones included (mcp_status; CLI 2.1.37 and 2.1.330).
func (c *Client) MCPStatus(ctx context.Context) (*protocol.MCPStatusResponse, error) {
	out := new(protocol.MCPStatusResponse)
	return out, c.controlPayload(ctx, &protocol.MCPStatusRequest{}, out)
}

// RewindFiles restores the files the session changed to their state at
// the user message with UUID userMessageID, or with dryRun only reports
// what would change (rewind_files; CLI 2.1.37 and 2.1.330). File
// checkpointing must be on, else the answer's CanRewind is false and its
// Error says why.
func (c *Client) RewindFiles(ctx context.Context, userMessageID string, dryRun bool) (*protocol.RewindFilesResponse, error) {
	out := new(protocol.RewindFilesResponse)
	return out, c.controlPayload(ctx, &protocol.RewindFilesRequest{UserMessageID: userMessageID, DryRun: dryRun}, out)
}

// ContextUsage asks how the context window is used, by category
// (get_context_usage; CLI 2.1.330, an *UnsupportedRequestError on 2.1.37).
func (c *Client) ContextUsage(ctx context.Context) (*protocol.ContextUsageResponse, error) {
	out := new(protocol.ContextUsageResponse)
	return out, c.controlPayload(ctx, &protocol.GetContextUsageRequest{}, out)
}

// StopTask stops one background task, as task_started named it
// (stop_task; CLI 2.1.330, an *UnsupportedRequestError on 2.1.37).
func (c *Client) StopTask(ctx context.Context, taskID string) error {
	_, err := c.control(ctx, &protocol.StopTaskRequest{TaskID: taskID})
	return err
}

// controlPayload sends a control request and decodes its answer's payload
// into out.
func (c *Client) controlPayload(ctx context.Context, body protocol.ControlRequestBody, out protocol.Payload) error {
	resp, err := c.control(ctx, body)
	if err != nil {
		return err
	}
	if err := resp.DecodePayload(out); err != nil {
		return fmt.Errorf("claude: the answer to %s: %w", body.ControlSubtype(), err)
	}
	return nil
}
