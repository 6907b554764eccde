// Package recordings embeds this folder's recordings, so that a binary
// (the fake CLI, `ccwire fake-cli --embedded`) carries them and needs no
// checkout of the module. The files are read with package scenario.
package recordings

import "embed"

// FS holds the recordings: <version>/<scenario>.txtar, as in the folder.
//
//go:embed *
var FS embed.FS
