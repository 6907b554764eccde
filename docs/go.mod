// Module docs keeps the generated docs out of what `go get github.com/ccwire/ccwire`
// downloads: it is data written by `ccwire docs`, read from the checkout, never
// imported.
module github.com/ccwire/ccwire/docs

go 1.26
