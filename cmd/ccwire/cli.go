package main

import (
	"context"
	"fmt"
)

// runCLI is a placeholder until the cli command lands; it reports that plainly.
func runCLI(ctx context.Context, e env, args []string) int {
	fmt.Fprintln(e.stderr, "ccwire cli: not built yet")
	return 2
}
