# ccwire build and test entry points. `make test` is what CI runs.
GO ?= go

.PHONY: test test-matrix vet build ajv actionlint goreleaser chromium agent-sdk sandbox

# ajv, the JavaScript JSON Schema validator the schema tests also run, is
# installed with npm into ccwire's cache (CCWIRE_CACHE_DIR moves the cache,
# CCWIRE_AJV_DIR the installation) and reused while its version is right.
AJV_VERSION = 8.20.0
USER_CACHE = $(if $(filter Darwin,$(shell uname -s)),$(HOME)/Library/Caches,$(or $(XDG_CACHE_HOME),$(HOME)/.cache))
export CCWIRE_AJV_DIR ?= $(or $(CCWIRE_CACHE_DIR),$(USER_CACHE)/ccwire)/npm-ajv

# actionlint, which a test runs on .github/workflows, and goreleaser, whose
# `goreleaser check` a test runs on .goreleaser.yaml (the release
# workflow's configuration), are installed into ccwire's cache, a folder per
# version (CCWIRE_ACTIONLINT and CCWIRE_GORELEASER name the binaries), and
# reused while their version is right. Where their official release has an
# archive for the platform (uname -s and -m), it is downloaded and checked
# against the SHA-256 written here (from the release's checksums file) by
# .ci/fetch-tool; elsewhere they are built with go install, which takes
# minutes of CPU on a fresh clone. The release workflow runs the same
# goreleaser. (v2.17.0 needs a module from go.digitalxero.dev, a host the
# build machines' module proxy refuses; v2.18 needs Go 1.27.)
ACTIONLINT_VERSION = v1.7.12
export CCWIRE_ACTIONLINT ?= $(or $(CCWIRE_CACHE_DIR),$(USER_CACHE)/ccwire)/bin/actionlint-$(ACTIONLINT_VERSION)/actionlint
ACTIONLINT_URL ?= https://github.com/rhysd/actionlint/releases/download/$(ACTIONLINT_VERSION)
ACTIONLINT_ARCHIVE_Linux_x86_64 = actionlint_$(ACTIONLINT_VERSION:v%=%)_linux_amd64.tar.gz 8aca8db96f1b94770f1b0d72b6dddcb1ebb8123cb3712530b08cc387b349a3d8
GORELEASER_VERSION = v2.16.0
export CCWIRE_GORELEASER ?= $(or $(CCWIRE_CACHE_DIR),$(USER_CACHE)/ccwire)/bin/goreleaser-$(GORELEASER_VERSION)/goreleaser
GORELEASER_URL ?= https://github.com/goreleaser/goreleaser/releases/download/$(GORELEASER_VERSION)
GORELEASER_ARCHIVE_Linux_x86_64 = goreleaser_Linux_x86_64.tar.gz eaae05b5eba07533bd0f06846b68c808399504784df00c62eb219541fc04e5e2
GORELEASER_ARCHIVE_Linux_aarch64 = goreleaser_Linux_arm64.tar.gz 0102d974373fcdeb77042d1f5897caffa193be36620fdc6c1da43a01ef8e10d3
PLATFORM := $(shell uname -s)_$(shell uname -m)

# The official TypeScript Agent SDK, which the fake CLI's interop tests
# (package fakecli) drive, is installed like ajv (CCWIRE_AGENT_SDK_DIR
# moves it); its version matches the oldest pinned CLI (2.1.37). The newest
# SDK, which the fidelity test (TestFidelity) drives on the fake and on the
# newest pinned CLI, is installed beside it (CCWIRE_AGENT_SDK_NEWEST_DIR).
AGENT_SDK_VERSION = 0.2.37
AGENT_SDK_NEWEST = 0.3.332
export CCWIRE_AGENT_SDK_DIR ?= $(or $(CCWIRE_CACHE_DIR),$(USER_CACHE)/ccwire)/npm-agent-sdk
export CCWIRE_AGENT_SDK_NEWEST_DIR ?= $(or $(CCWIRE_CACHE_DIR),$(USER_CACHE)/ccwire)/npm-agent-sdk-newest

build:
	$(GO) build ./...

vet:
	$(GO) vet ./...

# The tests drive the real Claude Code CLI: install the pinned versions first
# (cached per user; CCWIRE_CACHE_DIR moves the cache, CCWIRE_CLAUDE* choose
# explicit binaries), ajv for the JSON Schema tests, actionlint for the
# workflows' test, goreleaser for the release configuration's test,
# Chromium for the HTML view's tests, the Agent SDK for the fake CLI's
# interop tests and the sandbox's tools for its test.
#
# The scenario corpus runs the real CLIs and requires each run to reproduce
# its recording byte for byte; what a CLI writes can depend on how loaded the
# machine is (2.1.332 writes the dropped attempt's events of
# api-drop-mid-stream under the load of every other package's tests), so it
# runs after them, alone.
#
# The tests that read the recordings of every recorded version (whole-corpus
# tests) are marked with package internal/corpustest, and a test of that
# package (TestMarked) fails when one is not. By default they check the
# pinned versions and the versions whose recordings a change touches (git
# diff against the merge base with origin/main, or CCWIRE_CORPUS_BASE), so
# that the cost of make test does not grow with each recorded release;
# CCWIRE_CORPUS=all checks every version (make test-matrix, the matrix
# workflow). They skip under the race detector, which makes them ten times
# slower and checks nothing of data, and run in a step of their own without
# it, selected from the sources (internal/corpustest/list). The packages
# about the corpus's data (docgen renders the reference, protocol/schema
# validates every line, recording expands every file) run whole without it.
CORPUS_PACKAGES = ./docgen ./protocol/schema ./recording
CORPUS_LIST = $(GO) run ./internal/corpustest/list
CORPUS_STEP = $(GO) test -count=1 -timeout 15m $(CORPUS_PACKAGES) && \
	run=$$($(CORPUS_LIST) -run) && pkgs=$$($(CORPUS_LIST) -pkgs -except '$(CORPUS_PACKAGES)') && \
	$(GO) test -count=1 -timeout 15m -run "$$run" $$pkgs

# The fake CLI's fidelity tests run the same cases on the fake and on the
# real pinned CLIs, with ccwire's client and the newest TypeScript Agent SDK:
# like the scenario corpus they run real CLIs, so they run in a step of their
# own, after the other packages and without the race detector (whose cost
# falls on the test's client, not on the CLIs it compares).
FIDELITY_TESTS = TestFidelity|TestFidelitySDK
test: vet ajv actionlint goreleaser chromium agent-sdk sandbox
	$(GO) run ./cmd/ccwire cli install
	$(GO) test -race -count=1 -timeout 15m -skip '^($(FIDELITY_TESTS))$$' $$($(GO) list ./... | grep -v -e '/scenario$$' -e '/docgen$$' -e '/protocol/schema$$' -e '/recording$$')
	$(CORPUS_STEP)
	$(GO) test -count=1 -timeout 15m -run '^($(FIDELITY_TESTS))$$' ./fakecli
	$(GO) test -race -count=1 -timeout 15m ./scenario

# The whole matrix: the whole-corpus tests on every recorded version, and
# the tests of what depends on the recordings alone (corpustest.Matrix).
# The matrix workflow runs it daily, and the drift workflow after ccwire
# track records new releases.
test-matrix: export CCWIRE_CORPUS = all
test-matrix: ajv
	$(CORPUS_STEP)

ajv:
	@grep -qs '"version": "$(AJV_VERSION)"' "$(CCWIRE_AJV_DIR)/node_modules/ajv/package.json" || \
		npm install --prefix "$(CCWIRE_AJV_DIR)" --no-audit --no-fund ajv@$(AJV_VERSION)

# tool-install NAME, URL, ARCHIVE (file and SHA-256, or empty), GO PACKAGE:
# installs a tool's release archive, or builds it with go install.
tool-install = test -x "$(CCWIRE_$(1))" || { \
	set -- $(3); \
	if [ -n "$${1:-}" ]; then .ci/fetch-tool "$(2)/$$1" "$$2" $(notdir $(CCWIRE_$(1))) "$(CCWIRE_$(1))"; \
	else GOBIN="$(dir $(CCWIRE_$(1)))" $(GO) install $(4); fi; }

actionlint:
	@$(call tool-install,ACTIONLINT,$(ACTIONLINT_URL),$(ACTIONLINT_ARCHIVE_$(PLATFORM)),github.com/rhysd/actionlint/cmd/actionlint@$(ACTIONLINT_VERSION))

goreleaser:
	@$(call tool-install,GORELEASER,$(GORELEASER_URL),$(GORELEASER_ARCHIVE_$(PLATFORM)),github.com/goreleaser/goreleaser/v2@$(GORELEASER_VERSION))

# The tests of `ccwire render --html` drive headless Chromium (Debian's
# chromium package): installed here when running as root; elsewhere the
# tests skip, and in CI (CI=true) they fail without it.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
		if [ "$$(id -u)" = 0 ]; then apt-get update && apt-get install -y chromium; \
		else echo "chromium is not installed: install Debian's chromium package for the HTML tests"; fi; }

# The sandbox test of package claude (Options.Sandbox) runs a command in the
# CLI's sandbox, which on Linux needs bubblewrap and socat (Debian packages):
# installed here when running as root; elsewhere the test skips, and in CI
# (CI=true) it fails without them.
sandbox:
	@[ "$$(uname -s)" != Linux ] || { command -v bwrap >/dev/null 2>&1 && command -v socat >/dev/null 2>&1; } || { \
		if [ "$$(id -u)" = 0 ]; then apt-get update && apt-get install -y bubblewrap socat; \
		else echo "bubblewrap and socat are not installed: install Debian's bubblewrap and socat packages for the sandbox test"; fi; }

agent-sdk:
	@grep -qs '"version": "$(AGENT_SDK_VERSION)"' "$(CCWIRE_AGENT_SDK_DIR)/node_modules/@anthropic-ai/claude-agent-sdk/package.json" || \
		npm install --prefix "$(CCWIRE_AGENT_SDK_DIR)" --no-audit --no-fund @anthropic-ai/claude-agent-sdk@$(AGENT_SDK_VERSION)
	@grep -qs '"version": "$(AGENT_SDK_NEWEST)"' "$(CCWIRE_AGENT_SDK_NEWEST_DIR)/node_modules/@anthropic-ai/claude-agent-sdk/package.json" || \
		npm install --prefix "$(CCWIRE_AGENT_SDK_NEWEST_DIR)" --no-audit --no-fund @anthropic-ai/claude-agent-sdk@$(AGENT_SDK_NEWEST)
