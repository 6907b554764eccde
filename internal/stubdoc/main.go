// Command stubdoc writes the fault tables of the stub script format's
// documentation, docs/stub-script.md and docs/stub-script.ja.md, from the
// table of fault kinds of package stubapi (stubapi.FaultKinds,
// stubapi.FaultParams, stubapi.FaultShorthands): the part of each file
// between the markers beginMarker and endMarker.
//
// Run it with go generate in package stubapi:
//
//	go generate ./stubapi
package main

import (
	"fmt"
	"strings"

	"github.com/ccwire/ccwire/internal/docpart"
	"github.com/ccwire/ccwire/stubapi"
)

// The markers around the generated part of a documentation file.
const (
	beginMarker = "<!-- The fault tables are generated from the table of fault kinds in stubapi/faultkind.go by go generate ./stubapi: edit that table, not this part. -->\n"
	endMarker   = "<!-- End of the generated fault tables. -->\n"
)

// docs are the documentation files, by language.
var docs = []docpart.Doc{
	{Lang: "en", File: "docs/stub-script.md"},
	{Lang: "ja", File: "docs/stub-script.ja.md"},
}

// part is the fault tables in docs.
var part = docpart.Part{Begin: beginMarker, End: endMarker, Body: tables}

func main() { part.Main("stubdoc", docs) }

// rewrite returns doc with its generated part written anew.
func rewrite(doc []byte, lang string) ([]byte, error) { return part.Rewrite(doc, lang) }

// words are the texts of the tables, by language.
var words = map[string]map[string]string{
	"en": {
		"kinds":   "| kind | members | fails the attempt | strikes | what the client sees |\n|---|---|---|---|---|\n",
		"always":  "yes",
		"never":   "no: the turn is served after it",
		"nodur":   "without `duration`",
		"before":  "before the status line",
		"at":      "at `at`, default `%s`",
		"like":    "as `http_error`",
		"short":   "`http_error` %d `%s`",
		"none":    "—",
		"list":    ", ",
		"fields":  "Members of a fault:\n\n| member | type | applies to | meaning |\n|---|---|---|---|\n",
		"all":     "all",
		"kind":    "| `kind` | string | all | required: one of the kinds above |\n",
		"times":   "| `times` | integer or string | all | how many consecutive attempts meet it: a positive integer (default 1) or `\"always\"` |\n",
		"between": "\n",
	},
	"ja": {
		"kinds":   "| 種類 | メンバー | 試行の失敗 | 起きる時点 | クライアントに見えるもの |\n|---|---|---|---|---|\n",
		"always":  "失敗する",
		"never":   "失敗しない。その後ターンを提供する",
		"nodur":   "`duration` がなければ失敗する",
		"before":  "ステータス行の前",
		"at":      "`at`（既定 `%s`）",
		"like":    "`http_error` と同じ",
		"short":   "`http_error` %d `%s`",
		"none":    "—",
		"list":    "、",
		"fields":  "フォールトのメンバー:\n\n| メンバー | 型 | 対象 | 意味 |\n|---|---|---|---|\n",
		"all":     "すべて",
		"kind":    "| `kind` | 文字列 | すべて | 必須。上記の種類のいずれか |\n",
		"times":   "| `times` | 整数または文字列 | すべて | 連続して何回の試行に適用するか: 正の整数（既定 1）または `\"always\"` |\n",
		"between": "\n",
	},
}

// tables renders the table of kinds and the table of members.
func tables(lang string) string {
	w := words[lang]
	var b strings.Builder
	b.WriteString(w["kinds"])
	var httpError stubapi.FaultKindSpec
	for _, k := range stubapi.FaultKinds() {
		if k.Kind == stubapi.FaultHTTPError {
			httpError = k
		}
		params := make([]string, len(k.Params))
		for i, p := range k.Params {
			params[i] = "`" + string(p) + "`"
		}
		members := strings.Join(params, w["list"])
		if members == "" {
			members = w["none"]
		}
		sees := k.Sees
		if lang == "ja" {
			sees = k.SeesJA
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s |\n", k.Kind, members, fails(w, k.Fails), strikes(w, k), sees)
	}
	for _, sh := range stubapi.FaultShorthands() {
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s |\n", sh.Name, w["like"], fails(w, httpError.Fails), strikes(w, httpError), fmt.Sprintf(w["short"], sh.Status, sh.ErrorType()))
	}
	b.WriteString(w["between"])
	b.WriteString(w["fields"])
	b.WriteString(w["kind"])
	for _, p := range stubapi.FaultParams() {
		var kinds []string
		for _, k := range stubapi.KindsTaking(p.Param) {
			kinds = append(kinds, "`"+string(k)+"`")
		}
		typ, doc := p.Type, p.Doc
		if lang == "ja" {
			typ, doc = p.TypeJA, p.DocJA
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", p.Param, typ, strings.Join(kinds, w["list"]), doc)
	}
	b.WriteString(w["times"])
	return b.String()
}

func fails(w map[string]string, f stubapi.Failure) string {
	switch f {
	case stubapi.FailsNever:
		return w["never"]
	case stubapi.FailsWithoutDuration:
		return w["nodur"]
	}
	return w["always"]
}

func strikes(w map[string]string, k stubapi.FaultKindSpec) string {
	if k.Stage == stubapi.StageBeforeHeaders {
		return w["before"]
	}
	return fmt.Sprintf(w["at"], k.DefaultAt)
}
