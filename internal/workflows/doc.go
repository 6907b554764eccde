// Package workflows holds the tests of the GitHub Actions workflows in
// .github/workflows and of the release configuration, .goreleaser.yaml:
// the workflows are linted with actionlint and the configuration checked
// with goreleaser check, which `make test` installs (their paths in
// CCWIRE_ACTIONLINT and CCWIRE_GORELEASER).
package workflows
