// Package platforms holds the test that type-checks the module for every
// platform the Agent SDKs run on, Linux, macOS and Windows on amd64 and
// arm64: every package and test file built for each, from source (with
// the command in ./typecheck), so code that builds only on the machine at
// hand fails `make test`.
package platforms
