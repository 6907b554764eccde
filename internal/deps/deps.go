//go:build tools

package deps

import (
	_ "github.com/anthropics/anthropic-sdk-go"
	_ "github.com/google/go-cmp/cmp"
	_ "github.com/yuin/goldmark"
	_ "golang.org/x/tools/txtar"
)
