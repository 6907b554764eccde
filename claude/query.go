package claude

import (
	"context"
	"errors"
)

// Query runs one prompt in a CLI started for it: it connects as [Connect]
// does, sends prompt, reads the turn (handing its events to opts.Handler,
// if set) and closes the client. The errors are those of [Connect] and
// [Client.ReceiveTurn]: a turn whose result reports an error comes back
// complete, with a *TurnError.
//
// Permission callbacks (opts.CanUseTool) work as in a Client: the CLI's
// stdin stays open until the turn ends.
//
// When ctx ends, Query returns at once with its error: the CLI is killed
// rather than given [Options.CloseTimeout] to exit. After a turn that
// completes, the CLI gets its grace period as with [Client.Close].
func Query(ctx context.Context, prompt string, opts Options) (Turn, error) {
	c, err := Connect(ctx, opts)
	if err != nil {
		return Turn{}, err
	}
	turn, err := c.Query(ctx, prompt, opts.Handler)
	if cerr := c.closeWithin(ctx); cerr != nil {
		err = errors.Join(err, cerr)
	}
	return turn, err
}
