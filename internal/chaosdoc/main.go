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
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/ccwire/ccwire/fakecli"
)

// The markers around the generated part of a documentation file.
const (
	beginMarker = "<!-- The table of faults is generated from fakecli.ChaosKinds (fakecli/chaos.go) by go generate ./fakecli: edit that table, not this part. -->\n"
	endMarker   = "<!-- End of the generated table of faults. -->\n"
)

// docs are the documentation files, by language.
var docs = []struct{ lang, file string }{
	{"en", "docs/fake-cli.md"},
	{"ja", "docs/fake-cli.ja.md"},
}

func main() {
	root := flag.String("root", ".", "the module's root directory")
	flag.Parse()
	if err := run(*root); err != nil {
		fmt.Fprintln(os.Stderr, "chaosdoc:", err)
		os.Exit(1)
	}
}

func run(root string) error {
	for _, d := range docs {
		path := filepath.Join(root, d.file)
		old, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		out, err := rewrite(old, d.lang)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if !bytes.Equal(out, old) {
			if err := os.WriteFile(path, out, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// rewrite returns doc with its generated part written anew.
func rewrite(doc []byte, lang string) ([]byte, error) {
	before, rest, ok := bytes.Cut(doc, []byte(beginMarker))
	if !ok {
		return nil, errors.New("no begin marker: " + strings.TrimSpace(beginMarker))
	}
	_, after, ok := bytes.Cut(rest, []byte(endMarker))
	if !ok {
		return nil, errors.New("no end marker: " + strings.TrimSpace(endMarker))
	}
	var b bytes.Buffer
	b.Write(before)
	b.WriteString(beginMarker + "\n")
	b.WriteString(table(lang))
	b.WriteString("\n" + endMarker)
	b.Write(after)
	return b.Bytes(), nil
}

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
