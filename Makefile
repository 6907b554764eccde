# ccwire build and test entry points. `make test` is what CI runs.
GO ?= go

.PHONY: test vet build ajv actionlint chromium

# ajv, the JavaScript JSON Schema validator the schema tests also run, is
# installed with npm into ccwire's cache (CCWIRE_CACHE_DIR moves the cache,
# CCWIRE_AJV_DIR the installation) and reused while its version is right.
AJV_VERSION = 8.20.0
USER_CACHE = $(if $(filter Darwin,$(shell uname -s)),$(HOME)/Library/Caches,$(or $(XDG_CACHE_HOME),$(HOME)/.cache))
export CCWIRE_AJV_DIR ?= $(or $(CCWIRE_CACHE_DIR),$(USER_CACHE)/ccwire)/npm-ajv

# actionlint, which a test runs on .github/workflows, is installed with go
# install into ccwire's cache, a folder per version (CCWIRE_ACTIONLINT names
# the binary), and reused while its version is right.
ACTIONLINT_VERSION = v1.7.12
export CCWIRE_ACTIONLINT ?= $(or $(CCWIRE_CACHE_DIR),$(USER_CACHE)/ccwire)/bin/actionlint-$(ACTIONLINT_VERSION)/actionlint

build:
	$(GO) build ./...

vet:
	$(GO) vet ./...

# The tests drive the real Claude Code CLI: install the pinned versions first
# (cached per user; CCWIRE_CACHE_DIR moves the cache, CCWIRE_CLAUDE* choose
# explicit binaries), ajv for the JSON Schema tests, actionlint for the
# workflows' test and Chromium for the HTML view's tests.
test: vet ajv actionlint chromium
	$(GO) run ./cmd/ccwire cli install
	$(GO) test -race -count=1 ./...

ajv:
	@grep -qs '"version": "$(AJV_VERSION)"' "$(CCWIRE_AJV_DIR)/node_modules/ajv/package.json" || \
		npm install --prefix "$(CCWIRE_AJV_DIR)" --no-audit --no-fund ajv@$(AJV_VERSION)

actionlint:
	@test -x "$(CCWIRE_ACTIONLINT)" || \
		GOBIN="$(dir $(CCWIRE_ACTIONLINT))" $(GO) install github.com/rhysd/actionlint/cmd/actionlint@$(ACTIONLINT_VERSION)

# The tests of `ccwire render --html` drive headless Chromium (Debian's
# chromium package): installed here when running as root; elsewhere the
# tests skip, and in CI (CI=true) they fail without it.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
		if [ "$$(id -u)" = 0 ]; then apt-get update && apt-get install -y chromium; \
		else echo "chromium is not installed: install Debian's chromium package for the HTML tests"; fi; }
