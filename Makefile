# ccwire build and test entry points. `make test` is what CI runs.
GO ?= go

.PHONY: test vet build ajv chromium

# ajv, the JavaScript JSON Schema validator the schema tests also run, is
# installed with npm into ccwire's cache (CCWIRE_CACHE_DIR moves the cache,
# CCWIRE_AJV_DIR the installation) and reused while its version is right.
AJV_VERSION = 8.20.0
USER_CACHE = $(if $(filter Darwin,$(shell uname -s)),$(HOME)/Library/Caches,$(or $(XDG_CACHE_HOME),$(HOME)/.cache))
export CCWIRE_AJV_DIR ?= $(or $(CCWIRE_CACHE_DIR),$(USER_CACHE)/ccwire)/npm-ajv

build:
	$(GO) build ./...

vet:
	$(GO) vet ./...

# The tests drive the real Claude Code CLI: install the pinned versions first
# (cached per user; CCWIRE_CACHE_DIR moves the cache, CCWIRE_CLAUDE* choose
# explicit binaries), and ajv for the JSON Schema tests.
test: vet ajv chromium
	$(GO) run ./cmd/ccwire cli install
	$(GO) test -race -count=1 ./...

ajv:
	@grep -qs '"version": "$(AJV_VERSION)"' "$(CCWIRE_AJV_DIR)/node_modules/ajv/package.json" || \
		npm install --prefix "$(CCWIRE_AJV_DIR)" --no-audit --no-fund ajv@$(AJV_VERSION)

# The tests of `ccwire render --html` drive headless Chromium (Debian's
# chromium package): installed here when running as root; elsewhere the
# tests skip, and in CI (CI=true) they fail without it.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
		if [ "$$(id -u)" = 0 ]; then apt-get update && apt-get install -y chromium; \
		else echo "chromium is not installed: install Debian's chromium package for the HTML tests"; fi; }
