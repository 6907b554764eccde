// Command chaosdoc writes the table of the fake CLI's chaos faults in its
// documentation, docs/fake-cli.md and docs/fake-cli.ja.md, from the table
// of fault kinds of package fakecli (fakecli.ChaosKinds): the part of
// each file between the markers beginMarker and endMarker.
//
// Run it with go generate in package fakecli:
//
//	go generate ./fakecli
package main

import (
	"fmt"
	"strings"

	"github.com/ccwire/ccwire/fakecli"
	"github.com/ccwire/ccwire/internal/docpart"
)

// The markers around the generated part of a documentation file.
const (
	beginMarker = "<!-- The table of faults is generated from fakecli.ChaosKinds (fakecli/chaos.go) by go generate ./fakecli: edit that table, not this part. -->\n"
	endMarker   = "<!-- End of the generated table of faults. -->\n"
)

// docs are the documentation files, by language.
var docs = []docpart.Doc{
	{Lang: "en", File: "docs/fake-cli.md"},
	{Lang: "ja", File: "docs/fake-cli.ja.md"},
}

// part is the table of faults in docs.
var part = docpart.Part{Begin: beginMarker, End: endMarker, Body: table}

func main() { part.Main("chaosdoc", docs) }

// table is the table of faults in lang.
func table(lang string) string {
	var b strings.Builder
	if lang == "ja" {
		b.WriteString("| 障害 | フェイクがすること | 表す実際の CLI の振る舞い |\n|---|---|---|\n")
	} else {
		b.WriteString("| fault | what the fake does | the real CLI behaviour it stands for |\n|---|---|---|\n")
	}
	for _, k := range fakecli.ChaosKinds {
		does, stands := k.Does, k.StandsFor
		if lang == "ja" {
			does, stands = k.DoesJA, k.StandsForJA
		}
		if k.Issue != "" {
			stands += fmt.Sprintf(" ([%s](%s))", issueName(k.Issue), k.Issue)
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", k.Name, cell(does), cell(stands))
	}
	return b.String()
}

// issueName is how a GitHub issue's address reads in a table:
// owner/repo#N.
func issueName(url string) string {
	rest := strings.TrimPrefix(url, "https://github.com/")
	parts := strings.Split(rest, "/")
	if len(parts) != 4 {
		return rest
	}
	return parts[0] + "/" + parts[1] + "#" + parts[3]
}

// cell escapes the vertical bars of a table cell.
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
