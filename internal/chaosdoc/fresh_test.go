package main

import (
	"testing"

	"github.com/ccwire/ccwire/fakecli"
)

// TestDocsAreFresh fails when the table of faults of the fake CLI's
// documentation differs from what fakecli.ChaosKinds writes now: run go
// generate ./fakecli after changing it.
func TestDocsAreFresh(t *testing.T) {
	t.Parallel()
	part.CheckFresh(t, "../..", docs, "go generate ./fakecli")
}

// TestEveryKindDocumented checks that each fault says what it does and
// what it stands for in both languages, and names its issue by address.
func TestEveryKindDocumented(t *testing.T) {
	t.Parallel()
	for _, k := range fakecli.ChaosKinds {
		if k.Name == "" || k.Does == "" || k.DoesJA == "" || k.StandsFor == "" || k.StandsForJA == "" {
			t.Errorf("%+v: a text is missing", k)
		}
		if k.Issue != "" && issueName(k.Issue) == k.Issue[len("https://github.com/"):] {
			t.Errorf("%s: issue %q is not a GitHub issue's address", k.Name, k.Issue)
		}
	}
}
