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
	stale, err := part.Stale("../..", docs)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range stale {
		t.Errorf("%s is stale: run go generate ./fakecli", f)
	}
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
