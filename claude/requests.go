package claude

import (
	"context"
	"encoding/json"
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
// answer: any but seedSubtypes on 2.1.37 and older, and one whose first
// version (controlSince) is newer.
func (c *Client) checkSubtype(subtype protocol.ControlSubtype) error {
	v, err := cliversion.Parse(c.version)
	if err != nil {
		return nil
	}
	if (seedEra.Allows(v) && !seedSubtypes[subtype]) || !sinceAllows(subtype, c.version) {
		return &UnsupportedRequestError{Subtype: subtype, Version: c.version}
	}
	return nil
}

// MCPStatus asks for the status of every MCP server the CLI knows, the
// in-process ones included (mcp_status; CLI 2.1.37 and 2.1.330).
func (c *Client) MCPStatus(ctx context.Context) (*protocol.MCPStatusResponse, error) {
	out := new(protocol.MCPStatusResponse)
	return out, c.controlPayload(ctx, &protocol.MCPStatusRequest{}, out)
}

// MCPReconnect reconnects the MCP server named serverName, as mcp_status
// names it, e.g. one that failed (mcp_reconnect; CLI 2.1.37 and 2.1.330).
// A server the CLI does not know gives a *ControlError ("Server not found:
// NAME").
func (c *Client) MCPReconnect(ctx context.Context, serverName string) error {
	if serverName == "" {
		return errors.New("claude: MCPReconnect: no server name")
	}
	_, err := c.control(ctx, &protocol.MCPReconnectRequest{ServerName: serverName})
	return err
}

// MCPToggle enables or disables the MCP server named serverName
// (mcp_toggle; CLI 2.1.37 and 2.1.330): a disabled server is disconnected,
// its tools gone, and mcp_status lists it with status "disabled"; enabling
// it connects it again. A server the CLI does not know gives a
// *ControlError.
func (c *Client) MCPToggle(ctx context.Context, serverName string, enabled bool) error {
	if serverName == "" {
		return errors.New("claude: MCPToggle: no server name")
	}
	_, err := c.control(ctx, &protocol.MCPToggleRequest{ServerName: serverName, Enabled: enabled})
	return err
}

// MCPServerConfig is the configuration of an MCP server the CLI runs or
// reaches itself, as in --mcp-config: a process talking over stdio
// (Command, Args, Env; Type "stdio" or empty), or a server at URL (Type
// "sse" or "http", Headers).
type MCPServerConfig struct {
	Type    string            `json:"type,omitempty"`    // stdio (the default), sse or http
	Command string            `json:"command,omitempty"` // the program to start (stdio)
	Args    []string          `json:"args,omitempty"`    // its arguments (stdio)
	Env     map[string]string `json:"env,omitempty"`     // environment variables added to the CLI's (stdio)
	URL     string            `json:"url,omitempty"`     // the server's URL (sse, http)
	Headers map[string]string `json:"headers,omitempty"` // HTTP headers to send (sse, http)
}

// check reports a configuration that names no server to reach.
func (cfg MCPServerConfig) check() error {
	switch cfg.Type {
	case "", "stdio":
		if cfg.Command == "" {
			return errors.New("a stdio server needs a command")
		}
	case "sse", "http":
		if cfg.URL == "" {
			return fmt.Errorf("an %s server needs a URL", cfg.Type)
		}
	default:
		return fmt.Errorf("unknown server type %q (want stdio, sse or http)", cfg.Type)
	}
	return nil
}

// MCPSetServers replaces the MCP servers added at run time (by earlier
// calls) with servers, by name, and answers which it added and removed and
// why those that failed to connect did (mcp_set_servers; CLI 2.1.37 and
// 2.1.330). Servers of --mcp-config or the settings are not affected; an
// empty map removes every server added this way. In-process servers
// ([Options.MCPServers]) cannot be added this way.
//
// A stdio server's args are always sent, [] when there are none: CLI
// 2.1.330 and 2.1.332 fail to start a server whose configuration lacks
// them ("Spread syntax requires ...iterable not be null or undefined").
func (c *Client) MCPSetServers(ctx context.Context, servers map[string]MCPServerConfig) (*protocol.MCPSetServersResponse, error) {
	wire := make(map[string]any, len(servers))
	for name, cfg := range servers {
		if name == "" {
			return nil, errors.New("claude: MCPSetServers: a server without a name")
		}
		if err := cfg.check(); err != nil {
			return nil, fmt.Errorf("claude: MCPSetServers: server %s: %w", name, err)
		}
		if cfg.Type == "" || cfg.Type == "stdio" {
			type stdio MCPServerConfig // Args written even when empty
			wire[name] = struct {
				stdio
				Args []string `json:"args"`
			}{stdio(cfg), append([]string{}, cfg.Args...)}
			continue
		}
		wire[name] = cfg
	}
	raw, err := json.Marshal(wire)
	if err != nil {
		return nil, fmt.Errorf("claude: MCPSetServers: %w", err)
	}
	out := new(protocol.MCPSetServersResponse)
	return out, c.controlPayload(ctx, &protocol.MCPSetServersRequest{Servers: raw}, out)
}

// RewindFiles restores the files the session changed to their state at
// the user message with UUID userMessageID, or with dryRun only reports
// what would change (rewind_files; CLI 2.1.37 and 2.1.330). File
// checkpointing must be on ([Options.FileCheckpointing]): else a dry
// run's CanRewind is false and its Error says why, and a rewind is
// refused with a [*ControlError].
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
		return wrapError("the answer to "+string(body.ControlSubtype()), err)
	}
	return nil
}
