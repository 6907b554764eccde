package claude

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/internal/tempdir"
	"github.com/ccwire/ccwire/internal/wholefile"
	"github.com/ccwire/ccwire/protocol"
)

// Configuration off the command line. A command line is bounded (Windows:
// 32,767 characters; Linux: 128 KiB per argument), and others on the
// machine can read it. So the client keeps what can be large or secret
// off it, as the Agent SDKs do:
//   - the system prompt, the appended prompt and the subagents go in the
//     initialize request (SystemPrompt, AppendSystemPrompt, Agents), which
//     every recorded CLI version (2.1.29 to 2.1.332) reads them from;
//   - MCP server configurations and settings given as JSON go through
//     files (--mcp-config FILE, --settings FILE), which every version
//     reads, written whole before the CLI starts and removed when it has
//     ended.
//
// What stays on the command line is flags with short values: a model, a
// mode, tool names, paths.

// configFiles writes the JSON values of flags (optionFlag.toFile) to files
// in a folder of its own, made on first use, readable only by the user.
type configFiles struct {
	dir string // "" until the first file
	n   int    // files written
}

// paths returns values with each JSON value replaced by the path of a file
// that holds it; other values (a file's path already) stay.
func (f *configFiles) paths(option string, values []string) ([]string, error) {
	out := make([]string, len(values))
	for i, v := range values {
		if !strings.HasPrefix(strings.TrimSpace(v), "{") {
			out[i] = v
			continue
		}
		if f.dir == "" {
			dir, err := tempdir.Make("", "ccwire-config-")
			if err != nil {
				return nil, &OptionError{Option: option, Reason: fmt.Sprintf("a folder for its file: %v", err)}
			}
			f.dir = dir
		}
		f.n++
		path := filepath.Join(f.dir, fmt.Sprintf("%s-%d.json", strings.ToLower(option), f.n))
		if err := wholefile.WriteFile(path, []byte(v), 0o600); err != nil {
			return nil, &OptionError{Option: option, Reason: fmt.Sprintf("write its file: %v", err)}
		}
		out[i] = path
	}
	return out, nil
}

// remove removes the files, if any.
func (f *configFiles) remove() error {
	if f == nil || f.dir == "" {
		return nil
	}
	if err := os.RemoveAll(f.dir); err != nil {
		return fmt.Errorf("claude: remove the configuration files: %w", err)
	}
	return nil
}

// initializeRequest returns the initialize request of the options: the
// configuration it carries (SystemPrompt, AppendSystemPrompt, Agents),
// already checked by Args. The client adds its hooks, in-process MCP
// servers and output schema.
func (o *Options) initializeRequest(version string) (*protocol.InitializeRequest, error) {
	req := &protocol.InitializeRequest{AppendSystemPrompt: o.AppendSystemPrompt}
	if len(o.UserDialogKinds) > 0 {
		switch {
		case o.OnUserDialog == nil:
			return nil, &OptionError{Option: "UserDialogKinds", Reason: "needs OnUserDialog to show the dialogs"}
		case !sinceAllows("request_user_dialog", version):
			return nil, &OptionError{Option: "UserDialogKinds", Version: version, Unsupported: true,
				Reason: fmt.Sprintf("Claude Code %s does not have it (it asks for dialogs from %s on)", version, ControlSince("request_user_dialog"))}
		}
		req.SupportedDialogKinds = slices.Clone(o.UserDialogKinds)
	}
	if o.SystemPrompt != "" {
		b, err := json.Marshal(o.SystemPrompt)
		if err != nil {
			return nil, &OptionError{Option: "SystemPrompt", Reason: err.Error()}
		}
		req.SystemPrompt = b
	}
	for _, opt := range initOptions {
		if !opt.set(o, req) {
			continue
		}
		if v, err := cliversion.Parse(version); err == nil && !opt.needs.Allows(v) {
			return nil, &OptionError{Option: opt.option, Version: version, Unsupported: true,
				Reason: fmt.Sprintf("Claude Code %s does not have it (%s)", version, lacking(opt.needs))}
		}
	}
	if len(o.Agents) > 0 {
		v, problem := agentsJSON(o.Agents)
		if problem != "" {
			return nil, &OptionError{Option: "Agents", Reason: problem}
		}
		req.Agents = json.RawMessage(v)
	}
	if o.ExcludeDynamicSections && o.SystemPrompt != "" {
		return nil, &OptionError{Option: "ExcludeDynamicSections", Reason: "applies to Claude Code's own system prompt, not to SystemPrompt"}
	}
	if err := o.launchConfig(version, req); err != nil {
		return nil, err
	}
	return req, nil
}

// launchConfig puts in req the configuration that CLI version reads from
// the initialize request at launch (Options.args passes it
// --await-initialize instead of the flags): the plugins, the JSON values
// of MCPConfig, merged, and ManagedSettings.
func (o *Options) launchConfig(version string, req *protocol.InitializeRequest) error {
	v, err := cliversion.Parse(version)
	if err != nil {
		return nil // no version: the flags
	}
	if len(o.Plugins) > 0 && pluginsInInit.Allows(v) {
		type plugin struct {
			Type string `json:"type"`
			Path string `json:"path"`
		}
		list := make([]plugin, len(o.Plugins))
		for i, p := range o.Plugins {
			list[i] = plugin{"local", p.Path}
		}
		req.Plugins, _ = json.Marshal(list) // strings only: cannot fail
	}
	if o.ManagedSettings != "" && managedSettingsInInit.Allows(v) {
		req.ManagedSettings = json.RawMessage(strings.TrimSpace(o.ManagedSettings))
	}
	if !mcpServersInInit.Allows(v) {
		return nil
	}
	servers := map[string]json.RawMessage{}
	for _, cfg := range o.MCPConfig {
		if !isJSON(cfg) {
			continue // a file's path: --mcp-config
		}
		var c struct {
			MCPServers map[string]json.RawMessage `json:"mcpServers"`
		}
		if err := json.Unmarshal([]byte(cfg), &c); err != nil {
			return &OptionError{Option: "MCPConfig", Flag: "--mcp-config", Version: version, Reason: fmt.Sprintf("not an MCP configuration: %v", err)}
		}
		for name, s := range c.MCPServers {
			if _, dup := servers[name]; dup {
				return &OptionError{Option: "MCPConfig", Flag: "--mcp-config", Version: version, Reason: fmt.Sprintf("two configurations name MCP server %q", name)}
			}
			servers[name] = s
		}
	}
	if len(servers) > 0 || slices.ContainsFunc(o.MCPConfig, isJSON) {
		req.MCPServers, _ = json.Marshal(servers) // raw JSON values: cannot fail
	}
	return nil
}

// initOption is an option that goes in the initialize request, with the
// CLI versions that read it there: the first installed version whose code
// reads the member (the installed versions are 71 of the releases, so a
// bound may be later than the member's first release).
type initOption struct {
	option string
	needs  cliversion.Constraint
	// set writes the option into req and reports whether it is set.
	set func(o *Options, req *protocol.InitializeRequest) bool
}

// initOptions are the options of the initialize request that not every
// recorded version reads.
var initOptions = []initOption{
	{"Title", cliversion.MustParseConstraint(">=2.1.113"), func(o *Options, req *protocol.InitializeRequest) bool {
		req.Title = o.Title
		return o.Title != ""
	}},
	{"Skills", cliversion.MustParseConstraint(">=2.1.330"), func(o *Options, req *protocol.InitializeRequest) bool {
		req.Skills = slices.Clone(o.Skills)
		return o.Skills != nil
	}},
	{"PromptSuggestions", cliversion.MustParseConstraint(">=2.1.52"), func(o *Options, req *protocol.InitializeRequest) bool {
		req.PromptSuggestions = o.PromptSuggestions
		return o.PromptSuggestions
	}},
	{"AgentProgressSummaries", cliversion.MustParseConstraint(">=2.1.76"), func(o *Options, req *protocol.InitializeRequest) bool {
		req.AgentProgressSummaries = o.AgentProgressSummaries
		return o.AgentProgressSummaries
	}},
	{"ForwardSubagentText", cliversion.MustParseConstraint(">=2.1.124"), func(o *Options, req *protocol.InitializeRequest) bool {
		req.ForwardSubagentText = o.ForwardSubagentText
		return o.ForwardSubagentText
	}}, {"ExcludeDynamicSections", cliversion.MustParseConstraint(">=2.1.100"), func(o *Options, req *protocol.InitializeRequest) bool {
		req.ExcludeDynamicSections = o.ExcludeDynamicSections
		return o.ExcludeDynamicSections
	}},
	{"PlanModeInstructions", cliversion.MustParseConstraint(">=2.1.124"), func(o *Options, req *protocol.InitializeRequest) bool {
		req.PlanModeInstructions = o.PlanModeInstructions
		return o.PlanModeInstructions != ""
	}},
	{"ToolAliases", cliversion.MustParseConstraint(">=2.1.149"), func(o *Options, req *protocol.InitializeRequest) bool {
		if len(o.ToolAliases) == 0 {
			return false
		}
		req.ToolAliases, _ = json.Marshal(o.ToolAliases) // strings only: cannot fail
		return true
	}},
	{"SystemPromptSnapshot", cliversion.MustParseConstraint(">=2.1.268"), func(o *Options, req *protocol.InitializeRequest) bool {
		if o.SystemPromptSnapshot == nil {
			return false
		}
		req.SystemPromptSnapshot = json.RawMessage(strconv.FormatBool(*o.SystemPromptSnapshot))
		return true
	}},
}
