package main

import (
	"context"
	"fmt"
)

// runStub is a placeholder until the stub command lands; it reports that plainly.
func runStub(ctx context.Context, e env, args []string) int {
	fmt.Fprintln(e.stderr, "ccwire stub: not built yet")
	return 2
}
