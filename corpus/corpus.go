// Package corpus is the recordings built into ccwire's binaries (the
// ccwire command, the fake CLI claude-fake), so that they need no
// checkout: the recordings folder of the commit they were built from,
// packed (see recording.Pack) in recordings.pack, about a fourteenth of
// its size.
//
// The recordings folder is a module of its own
// (github.com/ccwire/ccwire/recordings), which go get of this module does
// not download; the pack is generated from it by go generate ./corpus,
// and TestPackFresh fails when it is stale. A program links the pack only
// if it imports this package: package claude does not.
package corpus

import (
	_ "embed"
	"io/fs"

	"github.com/ccwire/ccwire/recording"
)

//go:generate go run ../internal/packgen -o recordings.pack ../recordings

//go:embed recordings.pack
var pack []byte

// Recordings returns the built-in recordings, laid out as the recordings
// folder is (<version>/<scenario>.txtar and the objects/ store; read them
// with recording.ReadFileFS or package scenario). Each call reads only
// the pack's table, a few kilobytes checked against its CRC; the part of
// the index that names a file, and the file's block, are decompressed
// (and checked) when the file is read.
func Recordings() (fs.FS, error) {
	return recording.OpenPack(pack)
}
