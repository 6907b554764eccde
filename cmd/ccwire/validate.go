package main

import (
	"context"
	"fmt"
)

// runValidate is a placeholder until the validate command lands; it reports that plainly.
func runValidate(ctx context.Context, e env, args []string) int {
	fmt.Fprintln(e.stderr, "ccwire validate: not built yet")
	return 2
}
