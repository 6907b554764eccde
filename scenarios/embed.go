// Package scenarios embeds this folder's conformance scenarios, so that a
// ccwire binary carries them and its commands (spec, diff, bisect) run
// outside a checkout of the module. The files are read with package
// scenario ([scenario.LoadFS]).
package scenarios

import "embed"

// FS holds the scenario files: <id>.txtar, as in the folder.
//
//go:embed *.txtar
var FS embed.FS
