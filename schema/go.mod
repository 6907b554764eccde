// Module schema keeps the generated schema out of what `go get github.com/ccwire/ccwire`
// downloads: it is data written by `ccwire schema`, read from the checkout, never
// imported.
module github.com/ccwire/ccwire/schema

go 1.26
