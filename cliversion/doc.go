// Package cliversion parses, orders and constrains Claude Code CLI
// versions.
//
// A [Version] is a version as npm publishes the CLI: MAJOR.MINOR.PATCH
// with an optional prerelease suffix, such as 2.1.37, 2.1.330 or
// 1.0.0-beta.2. Versions are ordered by semantic versioning precedence: by
// number, a prerelease before its release.
//
// A [Constraint] is a set of versions: comparisons separated by commas,
// all of which must hold, such as ">=2.1.100" or ">=2.1.37, <2.1.100".
// Scenarios use constraints to say which CLI versions a scenario or a
// section applies to, and package claude to say which versions have a CLI
// flag.
package cliversion
