// Package workflows holds the tests of the GitHub Actions workflows in
// .github/workflows: they are linted with actionlint, which `make test`
// installs (its path in CCWIRE_ACTIONLINT).
package workflows
