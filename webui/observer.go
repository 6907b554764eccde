package webui

import "github.com/ccwire/ccwire/claude"

// observer is a [claude.Handler] that hands every event to one function,
// for [claude.Options.Observer]; kinds added to the Handler later go to
// its BaseHandler until they are listed here.
type observer struct {
	claude.BaseHandler
	f func(claude.Event)
}

func (o observer) OnInit(e *claude.InitEvent)                           { o.f(e) }
func (o observer) OnText(e *claude.TextEvent)                           { o.f(e) }
func (o observer) OnTextDelta(e *claude.TextDeltaEvent)                 { o.f(e) }
func (o observer) OnThinking(e *claude.ThinkingEvent)                   { o.f(e) }
func (o observer) OnThinkingDelta(e *claude.ThinkingDeltaEvent)         { o.f(e) }
func (o observer) OnToolUse(e *claude.ToolUseEvent)                     { o.f(e) }
func (o observer) OnToolInputDelta(e *claude.ToolInputDeltaEvent)       { o.f(e) }
func (o observer) OnToolResult(e *claude.ToolResultEvent)               { o.f(e) }
func (o observer) OnUser(e *claude.UserEvent)                           { o.f(e) }
func (o observer) OnPermissionRequest(e *claude.PermissionRequestEvent) { o.f(e) }
func (o observer) OnStatus(e *claude.StatusEvent)                       { o.f(e) }
func (o observer) OnSystem(e *claude.SystemEvent)                       { o.f(e) }
func (o observer) OnPartial(e *claude.PartialEvent)                     { o.f(e) }
func (o observer) OnResult(e *claude.ResultEvent)                       { o.f(e) }
func (o observer) OnOther(e *claude.OtherEvent)                         { o.f(e) }
func (o observer) OnUnknown(e *claude.UnknownEvent)                     { o.f(e) }
