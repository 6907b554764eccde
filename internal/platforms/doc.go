// Package platforms holds the test that cross-compiles the module for every
// platform the Agent SDKs run on, Linux, macOS and Windows on amd64 and
// arm64: it vets ./... (test files included) for each, so code that builds
// only on the machine at hand fails `make test`.
package platforms
