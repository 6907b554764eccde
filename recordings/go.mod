// Module recordings keeps the recordings out of what `go get github.com/ccwire/ccwire`
// downloads: it is data written by `ccwire spec`, read from the checkout, never
// imported. The binaries carry it packed, in package corpus (corpus/recordings.pack,
// written by `go generate ./corpus`).
module github.com/ccwire/ccwire/recordings

go 1.26
