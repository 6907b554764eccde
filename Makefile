# ccwire build and test entry points. `make test` is what CI runs.
GO ?= go

.PHONY: test vet build ajv agent-sdk

# ajv, the JavaScript JSON Schema validator the schema tests also run, is
# installed with npm into ccwire's cache (CCWIRE_CACHE_DIR moves the cache,
# CCWIRE_AJV_DIR the installation) and reused while its version is right.
AJV_VERSION = 8.20.0
USER_CACHE = $(if $(filter Darwin,$(shell uname -s)),$(HOME)/Library/Caches,$(or $(XDG_CACHE_HOME),$(HOME)/.cache))
export CCWIRE_AJV_DIR ?= $(or $(CCWIRE_CACHE_DIR),$(USER_CACHE)/ccwire)/npm-ajv

# The official TypeScript Agent SDK, which the fake CLI's interop tests
# (package fakecli) drive, is installed the same way (CCWIRE_AGENT_SDK_DIR
# moves it); its version matches the oldest pinned CLI (2.1.37).
AGENT_SDK_VERSION = 0.2.37
export CCWIRE_AGENT_SDK_DIR ?= $(or $(CCWIRE_CACHE_DIR),$(USER_CACHE)/ccwire)/npm-agent-sdk

build:
	$(GO) build ./...

vet:
	$(GO) vet ./...

# The tests drive the real Claude Code CLI: install the pinned versions first
# (cached per user; CCWIRE_CACHE_DIR moves the cache, CCWIRE_CLAUDE* choose
# explicit binaries), and ajv for the JSON Schema tests.
test: vet ajv agent-sdk
	$(GO) run ./cmd/ccwire cli install
	$(GO) test -race -count=1 ./...

ajv:
	@grep -qs '"version": "$(AJV_VERSION)"' "$(CCWIRE_AJV_DIR)/node_modules/ajv/package.json" || \
		npm install --prefix "$(CCWIRE_AJV_DIR)" --no-audit --no-fund ajv@$(AJV_VERSION)

agent-sdk:
	@grep -qs '"version": "$(AGENT_SDK_VERSION)"' "$(CCWIRE_AGENT_SDK_DIR)/node_modules/@anthropic-ai/claude-agent-sdk/package.json" || \
		npm install --prefix "$(CCWIRE_AGENT_SDK_DIR)" --no-audit --no-fund @anthropic-ai/claude-agent-sdk@$(AGENT_SDK_VERSION)
