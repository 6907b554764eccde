# ccwire build and test entry points. `make test` is what CI runs.
GO ?= go

.PHONY: test vet build

build:
	$(GO) build ./...

vet:
	$(GO) vet ./...

# The tests drive the real Claude Code CLI: install the pinned versions first
# (cached per user; CCWIRE_CACHE_DIR moves the cache, CCWIRE_CLAUDE* choose
# explicit binaries).
test: vet
	$(GO) run ./cmd/ccwire cli install
	$(GO) test -race -count=1 ./...
