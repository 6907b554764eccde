package claude_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
)

// orderLog records, in order, what a reader's handler and a permission
// callback saw of one tool call.
type orderLog struct {
	claude.BaseHandler
	mu  sync.Mutex
	log []string
}

func (o *orderLog) add(s string) {
	o.mu.Lock()
	o.log = append(o.log, s)
	o.mu.Unlock()
}

func (o *orderLog) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return strings.Join(o.log, " ")
}

// OnToolUse is slow, as a handler that renders the call may be: the
// callback must still come after it.
func (o *orderLog) OnToolUse(*claude.ToolUseEvent) {
	time.Sleep(200 * time.Millisecond)
	o.add("OnToolUse")
}

// canUseTool is a permission callback that records its call and allows.
func (o *orderLog) canUseTool(ctx context.Context, req *claude.PermissionRequest) (claude.PermissionDecision, error) {
	o.add("CanUseTool")
	return claude.Allow(), nil
}

// checkPermissionOrder runs prompt through Query and Stream on clients
// connect returns, and checks that the reader got each ToolUseEvent before
// the permission callback for it started.
func checkPermissionOrder(t *testing.T, connect func(t *testing.T, canUseTool claude.PermissionFunc) *claude.Client, prompt string) {
	t.Run("Query", func(t *testing.T) {
		var o orderLog
		c := connect(t, o.canUseTool)
		if _, err := c.Query(ctxFor(t), prompt, &o); err != nil {
			t.Fatalf("Query: %v", err)
		}
		if got := o.String(); got != "OnToolUse CanUseTool" {
			t.Errorf("order = %s, want OnToolUse CanUseTool", got)
		}
	})
	t.Run("Stream", func(t *testing.T) {
		var o orderLog
		c := connect(t, o.canUseTool)
		for ev, err := range c.Stream(ctxFor(t), prompt) {
			if err != nil {
				t.Fatalf("Stream: %v", err)
			}
			if _, ok := ev.(*claude.ToolUseEvent); ok {
				o.OnToolUse(nil)
			}
		}
		if got := o.String(); got != "OnToolUse CanUseTool" {
			t.Errorf("order = %s, want OnToolUse CanUseTool", got)
		}
	})
}

// TestPermissionOrder checks on the fake CLIs that a permission callback
// starts after the reader got the call's ToolUseEvent.
func TestPermissionOrder(t *testing.T) {
	t.Parallel()
	t.Run("fake", func(t *testing.T) {
		t.Parallel()
		checkPermissionOrder(t, func(t *testing.T, canUseTool claude.PermissionFunc) *claude.Client {
			return connectFake(t, func(o *claude.Options) { o.CanUseTool = canUseTool })
		}, "perm")
	})
	for _, version := range []string{"2.1.37", "2.1.332"} {
		t.Run("recording/"+version, func(t *testing.T) {
			t.Parallel()
			checkPermissionOrder(t, func(t *testing.T, canUseTool claude.PermissionFunc) *claude.Client {
				opts := recordingOptions(t, version, "permission-prompt-allow")
				opts.CanUseTool = canUseTool
				return connectWith(t, opts)
			}, "Run echo allowed-output.")
		})
	}
}
