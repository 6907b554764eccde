# ccwire build and test entry points. `make test` is what CI runs.
GO ?= go

.PHONY: test vet build

build:
	$(GO) build ./...

vet:
	$(GO) vet ./...

test: vet
	$(GO) test -race -count=1 ./...
