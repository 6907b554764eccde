package claude

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/ccwire/ccwire/protocol"
)

// HookFunc is a hook callback: the CLI calls it over the control protocol
// (hook_callback) at the event and for the tools its [HookMatcher] names,
// and waits for its output. in is the CLI's input, decoded; its ToolUseID
// is the tool call concerned, for tool events. A nil output lets the
// session go on unchanged; an error is sent to the CLI as an error answer,
// which it reports and otherwise ignores. ctx ends when the CLI withdraws
// the request or the client closes.
//
// Build outputs with [BlockTool], [AllowTool], [RewriteToolInput],
// [AddContext], [StopSession] and [BlockPrompt], or fill a
// [protocol.HookOutput] directly.
type HookFunc func(ctx context.Context, in *protocol.HookInput) (*protocol.HookOutput, error)

// HookMatcher registers callbacks for one hook event ([Options.Hooks]).
type HookMatcher struct {
	// Matcher selects the tools of a tool event (PreToolUse, PostToolUse,
	// PostToolUseFailure, PermissionRequest) by name, as settings.json
	// hooks do: "Bash", "Write|Edit", "mcp__calc__.*". Empty matches every
	// tool; other events ignore it.
	Matcher string
	// Hooks are the callbacks, called in turn by the CLI.
	Hooks []HookFunc
	// Timeout bounds each callback, as the CLI counts it (whole seconds,
	// rounded up). Zero leaves the CLI's default (60s).
	Timeout time.Duration
	// OnFailure is what a failure of these callbacks (an error, or an
	// output the CLI refuses) does: [HookFailureContinue] (the default,
	// empty) reports it and lets the action go ahead; [HookFailureBlock]
	// blocks the action the event guards (a tool call, a permission
	// request, a prompt). The CLI ignores it on Stop, SubagentStop,
	// TaskCompleted and TeammateIdle, and CLIs whose initialize answer
	// lacks hook_on_failure_supported ignore it altogether.
	OnFailure HookFailure
}

// HookFailure is what a failing hook callback does ([HookMatcher.OnFailure]).
type HookFailure string

// The values of [HookMatcher.OnFailure].
const (
	// HookFailureContinue reports the failure and lets the action go ahead.
	HookFailureContinue HookFailure = "continue"
	// HookFailureBlock blocks the action the event guards.
	HookFailureBlock HookFailure = "block"
)

// hookMatcherConfig is a matcher as the initialize request registers it.
type hookMatcherConfig struct {
	Matcher         string   `json:"matcher,omitempty"`
	HookCallbackIDs []string `json:"hookCallbackIds"`
	Timeout         int64    `json:"timeout,omitempty"`
	OnFailure       string   `json:"onFailure,omitempty"`
}

// hookRegistry holds the client's hook callbacks by ID and the hooks
// member of the initialize request that registers them.
type hookRegistry struct {
	funcs  map[string]HookFunc
	config json.RawMessage // nil without hooks
}

// newHookRegistry numbers the callbacks of hooks (hook_0, hook_1... in
// the order of the sorted events, then of the matchers and callbacks, as
// the SDKs number theirs) and builds the initialize request's hooks.
func newHookRegistry(hooks map[protocol.HookEvent][]HookMatcher) (*hookRegistry, error) {
	r := &hookRegistry{funcs: make(map[string]HookFunc)}
	config := make(map[protocol.HookEvent][]hookMatcherConfig)
	events := make([]protocol.HookEvent, 0, len(hooks))
	for ev := range hooks {
		events = append(events, ev)
	}
	slices.Sort(events)
	for _, ev := range events {
		if ev == "" {
			return nil, &OptionError{Option: "Hooks", Reason: "a hook event without a name"}
		}
		for i, m := range hooks[ev] {
			mc := hookMatcherConfig{Matcher: m.Matcher, OnFailure: string(m.OnFailure)}
			switch m.OnFailure {
			case "", HookFailureContinue, HookFailureBlock:
			default:
				return nil, &OptionError{Option: "Hooks", Reason: fmt.Sprintf("%s matcher %d: onFailure %q is neither continue nor block", ev, i, m.OnFailure)}
			}
			if m.Timeout < 0 {
				return nil, &OptionError{Option: "Hooks", Reason: fmt.Sprintf("%s matcher %d: negative timeout", ev, i)}
			}
			if m.Timeout > 0 {
				mc.Timeout = int64(math.Ceil(m.Timeout.Seconds()))
			}
			for j, f := range m.Hooks {
				if f == nil {
					return nil, &OptionError{Option: "Hooks", Reason: fmt.Sprintf("%s matcher %d: callback %d is nil", ev, i, j)}
				}
				id := "hook_" + strconv.Itoa(len(r.funcs))
				r.funcs[id] = f
				mc.HookCallbackIDs = append(mc.HookCallbackIDs, id)
			}
			if len(mc.HookCallbackIDs) > 0 {
				config[ev] = append(config[ev], mc)
			}
		}
	}
	if len(config) == 0 {
		return r, nil
	}
	b, err := json.Marshal(config)
	if err != nil {
		return nil, fmt.Errorf("claude: hooks: %w", err)
	}
	r.config = b
	return r, nil
}

// ErrUnknownHook is the error a hook_callback request for a callback the
// client did not register gets.
var ErrUnknownHook = errors.New("claude: no hook callback with this ID")

// answerHook runs the callback a hook_callback request names.
func (c *Client) answerHook(ctx context.Context, id string, r *protocol.HookCallbackRequest) *protocol.ControlResponse {
	f := c.hooks.funcs[r.CallbackID]
	if f == nil {
		return protocol.NewErrorResponse(id, fmt.Sprintf("%v: %q", ErrUnknownHook, r.CallbackID))
	}
	in, err := r.DecodeInput()
	if err != nil {
		return protocol.NewErrorResponse(id, "claude: hook input: "+err.Error())
	}
	out, err := f(ctx, in)
	if err != nil {
		return protocol.NewErrorResponse(id, err.Error())
	}
	if out == nil {
		out = new(protocol.HookOutput)
	}
	c.logger.Debug("claude: hook answered", "request_id", id, "event", in.HookEventName, "callback", r.CallbackID)
	return protocol.NewPayloadResponse(id, out)
}

// BlockTool is the output of a PreToolUse hook that refuses the tool
// call; the model reads reason as the call's error.
func BlockTool(reason string) *protocol.HookOutput {
	return &protocol.HookOutput{HookSpecificOutput: protocol.HookSpecificOutput{
		HookEventName:            protocol.HookPreToolUse,
		PermissionDecision:       protocol.BehaviorDeny,
		PermissionDecisionReason: reason,
	}}
}

// AllowTool is the output of a PreToolUse hook that lets the tool call run
// without asking for permission.
func AllowTool(reason string) *protocol.HookOutput {
	return &protocol.HookOutput{HookSpecificOutput: protocol.HookSpecificOutput{
		HookEventName:            protocol.HookPreToolUse,
		PermissionDecision:       protocol.BehaviorAllow,
		PermissionDecisionReason: reason,
	}}
}

// RewriteToolInput is the output of a PreToolUse hook that runs the tool
// with input (a value that encodes to a JSON object) instead of the
// model's, without asking for permission.
func RewriteToolInput(input any) (*protocol.HookOutput, error) {
	b, err := json.Marshal(input)
	if err != nil {
		return nil, fmt.Errorf("claude: the hook's tool input: %w", err)
	}
	if len(b) == 0 || b[0] != '{' {
		return nil, errors.New("claude: the hook's tool input is not a JSON object")
	}
	return &protocol.HookOutput{HookSpecificOutput: protocol.HookSpecificOutput{
		HookEventName:      protocol.HookPreToolUse,
		PermissionDecision: protocol.BehaviorAllow,
		UpdatedInput:       b,
	}}, nil
}

// AddContext is the output of a hook that adds text to the model's
// context: event is the hook's event (PostToolUse, UserPromptSubmit,
// SessionStart...).
func AddContext(event protocol.HookEvent, text string) *protocol.HookOutput {
	return &protocol.HookOutput{HookSpecificOutput: protocol.HookSpecificOutput{
		HookEventName:     event,
		AdditionalContext: text,
	}}
}

// StopSession is the output of a hook that stops the session's turn
// (continue false) for reason.
func StopSession(reason string) *protocol.HookOutput {
	if reason == "" {
		reason = "stopped by a hook"
	}
	return &protocol.HookOutput{StopReason: reason}
}

// BlockPrompt is the output of a UserPromptSubmit hook that drops the
// prompt, or of a Stop hook that makes the model go on, for reason.
func BlockPrompt(reason string) *protocol.HookOutput {
	return &protocol.HookOutput{Decision: protocol.HookBlock, Reason: reason}
}
