package claude

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/ccwire/ccwire/protocol"
)

// PermissionFunc decides whether a tool call may run; it answers the CLI's
// can_use_tool control requests ([Options.CanUseTool]). It runs in a
// goroutine of its own, so it may block (to ask a person, say) while the
// client goes on reading. ctx ends when the CLI withdraws the request
// (control_cancel_request) or the client closes; the client then sends no
// answer.
//
// An error is sent to the CLI as the request's error answer, which the CLI
// treats as a denial.
//
// The order of a call and its events is always the same: Options.Observer
// gets the call's [ToolUseEvent] first, on the client's reading goroutine.
// While a read is under way (Query, ReceiveTurn, Stream, Events), the
// callback starts only after that read has handed the ToolUseEvent on:
// its handler's OnToolUse has returned, or its loop has asked for the
// next event; the read's [PermissionRequestEvent] comes after the
// ToolUseEvent, while the callback may be deciding or be done. So a
// handler must not wait in OnToolUse for the callback's decision. With no
// read under way the callback starts at once and the events wait for the
// next read.
type PermissionFunc func(ctx context.Context, req *PermissionRequest) (PermissionDecision, error)

// PermissionRequest is what the CLI asks about: a tool call, why the CLI
// asks, and the permission updates it suggests.
type PermissionRequest struct {
	// RequestID is the control request's ID.
	RequestID string
	// ToolName is the tool, e.g. "Bash", "AskUserQuestion", "ExitPlanMode".
	ToolName string
	// Input is the call's input, a JSON object. CLI 2.1.330 sends {} for
	// ExitPlanMode (the plan is in the tool call, see ToolUse).
	Input json.RawMessage
	// ToolUseID is the call's ID.
	ToolUseID string
	// ToolUse is the call as the model made it, nil if the client did not
	// see it.
	ToolUse *ToolUseEvent
	// Request is the can_use_tool request itself: blocked path, decision
	// reason, suggestions, and CLI 2.1.330's display name, title...
	Request *protocol.CanUseToolRequest
}

// Suggestions decodes the permission updates the CLI suggests; returning
// them with [AllowAlways] means "don't ask again".
func (r *PermissionRequest) Suggestions() ([]protocol.PermissionUpdate, error) {
	return r.Request.PermissionUpdates()
}

// PermissionDecision is the answer to a permission request: allow, possibly
// with a changed input and permission updates, or deny with a message for
// the model. Build it with [Allow], [AllowWithInput], [AllowAlways],
// [AnswerQuestions], [Deny] or [DenyAndInterrupt].
type PermissionDecision struct {
	// Allow lets the tool run.
	Allow bool
	// Input is the input to run the tool with when allowed; nil runs it
	// with the request's input.
	Input json.RawMessage
	// Updates are permission updates the CLI applies when allowed.
	Updates []protocol.PermissionUpdate
	// Message tells the model why the call was denied.
	Message string
	// Interrupt also stops the turn when denied.
	Interrupt bool
}

// Allow lets the tool run with its input unchanged.
func Allow() PermissionDecision { return PermissionDecision{Allow: true} }

// AllowWithInput lets the tool run with input instead of the model's: a
// JSON object, as json.RawMessage or any value encoding/json encodes to an
// object. A value that does not encode to an object makes the client
// answer the CLI with an error.
func AllowWithInput(input any) PermissionDecision {
	return PermissionDecision{Allow: true, Input: rawInput(input)}
}

// AllowAlways lets the tool run and applies updates, usually the request's
// [PermissionRequest.Suggestions], so the CLI does not ask again.
func AllowAlways(updates []protocol.PermissionUpdate) PermissionDecision {
	return PermissionDecision{Allow: true, Updates: updates}
}

// Deny refuses the call; message goes to the model as the tool's error.
func Deny(message string) PermissionDecision { return PermissionDecision{Message: message} }

// DenyAndInterrupt refuses the call and stops the turn.
func DenyAndInterrupt(message string) PermissionDecision {
	return PermissionDecision{Message: message, Interrupt: true}
}

// rawInput encodes an input value; an error is kept as invalid JSON text
// that the answer reports.
func rawInput(input any) json.RawMessage {
	switch v := input.(type) {
	case nil:
		return nil
	case json.RawMessage:
		return v
	case []byte:
		return v
	}
	b, err := json.Marshal(input)
	if err != nil {
		return json.RawMessage("!" + err.Error())
	}
	return b
}

// Question is one question of an AskUserQuestion call.
type Question struct {
	Question    string           `json:"question"`    // the full question
	Header      string           `json:"header"`      // a short label
	Options     []QuestionOption `json:"options"`     // the choices
	MultiSelect bool             `json:"multiSelect"` // several choices may be picked
}

// QuestionOption is one choice of a [Question].
type QuestionOption struct {
	Label       string `json:"label"`       // what the user picks
	Description string `json:"description"` // what picking it means
}

// Questions decodes the questions of an AskUserQuestion call's input.
func Questions(input json.RawMessage) ([]Question, error) {
	var in struct {
		Questions []Question `json:"questions"`
	}
	if err := json.Unmarshal(input, &in); err != nil {
		return nil, fmt.Errorf("claude: AskUserQuestion input: %w", err)
	}
	return in.Questions, nil
}

// AnswerQuestions answers an AskUserQuestion call: it allows the call with
// the input plus "answers", which maps each question's text to the label
// chosen (several labels comma-separated). Both pinned CLIs then give the
// model the answers as the tool's result. Answer the questions of the
// request's Input, or of the tool call when Input lacks them.
func AnswerQuestions(input json.RawMessage, answers map[string]string) (PermissionDecision, error) {
	var in map[string]json.RawMessage
	if err := json.Unmarshal(input, &in); err != nil {
		return PermissionDecision{}, fmt.Errorf("claude: AskUserQuestion input: %w", err)
	}
	if in == nil {
		return PermissionDecision{}, errors.New("claude: AskUserQuestion input is null")
	}
	a, err := json.Marshal(answers)
	if err != nil {
		return PermissionDecision{}, fmt.Errorf("claude: answers: %w", err)
	}
	in["answers"] = a
	out, err := json.Marshal(in)
	if err != nil {
		return PermissionDecision{}, fmt.Errorf("claude: AskUserQuestion input: %w", err)
	}
	return PermissionDecision{Allow: true, Input: out}, nil
}

// result builds the payload answering a can_use_tool request; original is
// the request's input, used when the decision keeps it (CLI 2.1.37 denies
// an allow without updatedInput).
func (d PermissionDecision) result(toolUseID string, original json.RawMessage) (*protocol.PermissionResult, error) {
	if !d.Allow {
		return &protocol.PermissionResult{
			Behavior: protocol.BehaviorDeny, Message: d.Message, Interrupt: d.Interrupt, ToolUseID: toolUseID,
		}, nil
	}
	input := d.Input
	if input == nil {
		input = original
	}
	input = bytes.TrimSpace(input)
	if len(input) == 0 || input[0] != '{' || !json.Valid(input) {
		return nil, fmt.Errorf("claude: the permission decision's input is not a JSON object: %.200q", input)
	}
	return &protocol.PermissionResult{
		Behavior: protocol.BehaviorAllow, UpdatedInput: input, UpdatedPermissions: d.Updates, ToolUseID: toolUseID,
	}, nil
}
