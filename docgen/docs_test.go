package docgen

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/ccwire/ccwire/internal/corpustest"

	"github.com/yuin/goldmark"
	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/drift"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

// moduleRoot returns the root of the module the test runs in.
func moduleRoot(t *testing.T) string {
	t.Helper()
	root, err := FindModuleRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// renderReason is why the tests of the module's reference render it from
// every recorded version (corpustest.Matrix), and renderInputs what else it
// is made from: the folders of the module's packages docgen imports (go
// list -deps ./docgen), the scenarios, drift/firsts.json, the committed
// docs/ and the module's files. One rendering of the 59 versions cost 242
// CPU-seconds (BenchmarkRender, on the loaded 2-core machine), more than
// any other test, and grows with each version; when none of its inputs
// changed, the reference is main's, which the matrix workflow checks daily.
const renderReason = "the reference is made from every version"

var renderInputs = []string{"docgen/", "protocol/", "recording/", "scenario/", "claude/", "match/", "stubapi/", "drift/",
	"cliinstall/", "cliversion/", "internal/clienv/", "internal/filelock/", "internal/tempdir/", "internal/jsonwire/",
	"internal/jsontree/", "internal/wholefile/", "scenarios/", "docs/", "go.mod", "go.sum"}

// rendered renders the reference of the module once for all tests;
// renderSteps are the steps it reported.
var (
	renderSteps []Progress
	rendered    = sync.OnceValues(func() (*Result, error) {
		root, err := FindModuleRoot(".")
		if err != nil {
			return nil, err
		}
		return Render(context.Background(), root, WithProgress(func(p Progress) { renderSteps = append(renderSteps, p) }))
	})
)

// TestRenderProgress checks that Render reports its steps to
// WithProgress's function, in order: each version's recordings, each
// version for the changelog, each language's pages, each kind numbered
// 1 to its total. ccwire docs shows them, as rendering takes half a
// minute.
func TestRenderProgress(t *testing.T) {
	t.Parallel()
	renderedT(t)
	versions, err := recordedVersions(filepath.Join(moduleRoot(t), recordingsDir))
	if err != nil {
		t.Fatal(err)
	}
	var want []Progress
	for i, v := range versions {
		want = append(want, Progress{Step: "reading the recordings of CLI " + v, Done: i + 1, Total: len(versions)})
	}
	sortVersions(versions)
	for i, v := range versions {
		want = append(want, Progress{Step: "reading the recordings of CLI " + v + " for the changelog", Done: i + 1, Total: len(versions)})
	}
	want = append(want, Progress{Step: "writing the pages in en", Done: 1, Total: 2}, Progress{Step: "writing the pages in ja", Done: 2, Total: 2})
	if !slices.Equal(renderSteps, want) {
		t.Errorf("steps reported:\n%v\nwant\n%v", renderSteps, want)
	}
}

func renderedT(t *testing.T) *Result {
	t.Helper()
	corpustest.Matrix(t, renderReason, renderInputs...)
	res, err := rendered()
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestDocsUpToDate regenerates the reference from the committed inputs and
// compares it with the committed docs/.
func TestDocsUpToDate(t *testing.T) {
	t.Parallel()
	res := renderedT(t)
	dir := filepath.Join(moduleRoot(t), "docs")
	stale, err := Diff(dir, res.Files)
	if err != nil {
		t.Fatal(err)
	}
	if len(stale) > 0 {
		t.Errorf("docs/ is out of date; run `go generate ./...` or `ccwire docs`. Files that differ:\n  %s", strings.Join(stale, "\n  "))
	}
}

// TestWriteThenDiff writes the reference into a temporary directory and
// checks that it then matches byte for byte, and that Write removes
// stale pages.
func TestWriteThenDiff(t *testing.T) {
	t.Parallel()
	res := renderedT(t)
	dir := t.TempDir()
	stale := filepath.Join(dir, "en", "scenarios", "gone.md")
	if err := os.MkdirAll(filepath.Dir(stale), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(stale, []byte("# gone\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if d, err := Diff(dir, res.Files); err != nil || !slices.Contains(d, "en/scenarios/gone.md") {
		t.Fatalf("Diff before writing = %v, %v; want the stale page listed", d, err)
	}
	if err := Write(dir, res.Files); err != nil {
		t.Fatal(err)
	}
	d, err := Diff(dir, res.Files)
	if err != nil {
		t.Fatal(err)
	}
	if len(d) > 0 {
		t.Errorf("after Write, Diff reports %v", d)
	}
	if _, err := os.Stat(stale); err == nil {
		t.Error("Write kept a page it no longer generates")
	}
}

// TestDeterministic renders the reference of three of the recorded
// versions twice and compares: whether rendering is deterministic does
// not depend on how many versions there are, and rendering all of them
// takes minutes under the race detector.
func TestDeterministic(t *testing.T) {
	t.Parallel()
	root := smallRoot(t, cliinstall.SeedVersion, "2.1.300", cliinstall.DefaultVersion)
	a, err := Render(t.Context(), root)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Render(t.Context(), root)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Files) != len(b.Files) {
		t.Fatalf("%d files, then %d", len(a.Files), len(b.Files))
	}
	for i := range a.Files {
		if a.Files[i].Path != b.Files[i].Path || !bytes.Equal(a.Files[i].Data, b.Files[i].Data) {
			t.Errorf("%s differs between two renderings", a.Files[i].Path)
		}
	}
}

// smallRoot returns a module root holding the module's scenarios and bisect
// findings and the recordings of the given versions alone (links to the
// module's files).
func smallRoot(t *testing.T, versions ...string) string {
	t.Helper()
	src, dst := moduleRoot(t), t.TempDir()
	link := func(rel string) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dst, rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Join(src, rel), filepath.Join(dst, rel)); err != nil {
			t.Fatal(err)
		}
	}
	link(scenariosDir)
	link(filepath.FromSlash(drift.FirstsFile))
	link(filepath.Join(recordingsDir, recording.ObjectsDir))
	for _, v := range versions {
		files, err := filepath.Glob(filepath.Join(src, recordingsDir, v, "*"+scenario.RecordingExt))
		if err != nil || len(files) == 0 {
			t.Fatalf("no recordings of CLI %s: %v", v, err)
		}
		for _, f := range files {
			link(filepath.Join(recordingsDir, v, filepath.Base(f)))
		}
	}
	return dst
}

// TestNoAbsolutePaths checks that the paths of the machine (the module's
// folder, HOME) do not leak into the pages.
func TestNoAbsolutePaths(t *testing.T) {
	t.Parallel()
	res := renderedT(t)
	root := moduleRoot(t)
	home, _ := os.UserHomeDir()
	for _, f := range res.Files {
		for _, p := range []string{root, home} {
			if p != "" && p != "/" && bytes.Contains(f.Data, []byte(p)) {
				t.Errorf("%s contains the local path %s", f.Path, p)
			}
		}
	}
}

// TestPages checks the set of pages.
func TestPages(t *testing.T) {
	t.Parallel()
	res := renderedT(t)
	var paths []string
	for _, f := range res.Files {
		paths = append(paths, f.Path)
	}
	for _, want := range []string{"README.md", "en/README.md", "en/messages.md", "ja/README.md", "ja/messages.md"} {
		if !slices.Contains(paths, want) {
			t.Errorf("no page %s among %v", want, paths)
		}
	}
	for _, l := range Languages() {
		n := 0
		for _, p := range paths {
			if strings.HasPrefix(p, string(l)+"/scenarios/") {
				n++
			}
		}
		if n == 0 {
			t.Errorf("no scenario pages for %s", l)
		}
	}
	for _, p := range paths {
		if cat, ok := strings.CutPrefix(p, "en/scenarios/"); ok && !strings.Contains(cat, "/") {
			if _, ok := categoryTitles[strings.TrimSuffix(cat, ".md")]; !ok {
				t.Errorf("category %s has no title in categoryTitles", strings.TrimSuffix(cat, ".md"))
			}
		}
	}
	for _, want := range []string{"verdicts.md", "verdicts.svg", "getting-started.md", "scenarios/control/permission-prompt-allow.md"} {
		for _, l := range Languages() {
			if !slices.Contains(paths, string(l)+"/"+want) {
				t.Errorf("no page %s/%s", l, want)
			}
		}
	}
	if res.Scenarios == 0 || res.Kinds < 40 {
		t.Errorf("%d scenarios, %d kinds; want some scenarios and every kind of the protocol", res.Scenarios, res.Kinds)
	}
}

// markdown is a parsed page: its anchors and its links.
type markdown struct {
	anchors map[string]bool
	links   []string
}

var mdParser = goldmark.New(goldmark.WithExtensions(extension.GFM)).Parser()

// parseMarkdown parses a page with goldmark and computes the anchors
// GitHub gives its headings from their rendered text.
func parseMarkdown(src []byte) markdown {
	doc := mdParser.Parse(text.NewReader(src))
	md := markdown{anchors: map[string]bool{}}
	var s slugger
	_ = gast.Walk(doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if !entering {
			return gast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *gast.Heading:
			md.anchors[s.slug(plainText(n, src))] = true
		case *gast.Link:
			md.links = append(md.links, string(n.Destination))
		}
		return gast.WalkContinue, nil
	})
	return md
}

// plainText returns the text a node renders, without markup.
func plainText(n gast.Node, src []byte) string {
	var b strings.Builder
	_ = gast.Walk(n, func(c gast.Node, entering bool) (gast.WalkStatus, error) {
		if !entering {
			return gast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *gast.Text:
			b.Write(c.Segment.Value(src))
		case *gast.String:
			b.Write(c.Value)
		}
		return gast.WalkContinue, nil
	})
	return b.String()
}

// TestLinks parses every generated page with goldmark and checks that every
// relative link leads to a page or a file of the module, and every anchor
// to a heading of its page.
func TestLinks(t *testing.T) {
	t.Parallel()
	res := renderedT(t)
	root := moduleRoot(t)
	pages := map[string]markdown{}
	for _, f := range res.Files {
		pages[f.Path] = parseMarkdown(f.Data)
	}
	checked := 0
	for _, f := range res.Files {
		for _, l := range pages[f.Path].links {
			if strings.Contains(l, "://") {
				t.Errorf("%s: external link %s", f.Path, l)
				continue
			}
			target, anchor, _ := strings.Cut(l, "#")
			p := f.Path
			if target != "" {
				p = path.Join(path.Dir(f.Path), target)
			}
			page, ok := pages[p]
			if !ok {
				// A file of the module outside docs/.
				rel := path.Join("docs", p)
				if strings.HasPrefix(rel, "../") || anchor != "" {
					t.Errorf("%s: link %s leads outside the module or anchors a file that is not generated", f.Path, l)
					continue
				}
				if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(rel))); err != nil {
					t.Errorf("%s: link %s: %v", f.Path, l, err)
				}
				continue
			}
			checked++
			if anchor != "" && !page.anchors[anchor] {
				t.Errorf("%s: link %s: no heading with anchor %q in %s", f.Path, l, anchor, p)
			}
		}
	}
	if checked == 0 {
		t.Error("no internal links checked")
	}
}

// TestCatalog checks that every English text of the pages has its Japanese
// entry, and so has every text of docgen's own (those the pages show only
// with some recordings too); that every entry for a doc text of the model
// names a text the model still has and translates its current English
// (missing and stale translations are listed); that every other entry is
// used; and that every entry keeps the code spans and format verbs of its
// English.
func TestCatalog(t *testing.T) {
	t.Parallel()
	res := renderedT(t)
	if m := res.Missing[Japanese]; len(m) > 0 {
		t.Errorf("%v", &MissingTranslationsError{Missing: map[Language][]string{Japanese: m}})
	}
	catalog, err := parsedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	own := ownTexts(t)
	current := map[string]string{} // id -> English
	for en, ids := range loadSchema().docIDs {
		for _, id := range ids {
			current[id] = en
		}
	}
	for _, en := range own {
		if _, ok := catalog.Texts[en]; !ok {
			t.Errorf("catalog_ja.json: no entry for docgen's text %q", en)
		}
	}
	check := func(key, en, ja string) {
		if ja == "" || ja == en {
			t.Errorf("catalog_ja.json: %q is not translated", key)
		}
		for _, span := range codeSpanRE.FindAllString(en, -1) {
			if !strings.Contains(ja, span) {
				t.Errorf("catalog_ja.json: %q: the translation lacks %s", key, span)
			}
		}
		if a, b := verbs(en), verbs(ja); !slices.Equal(a, b) {
			t.Errorf("catalog_ja.json: %q: format verbs %v, translation has %v", key, a, b)
		}
	}
	for _, p := range schemaEntryProblems(catalog, current) {
		t.Errorf("catalog_ja.json: %s", p)
	}
	for _, id := range sortedKeys(catalog.Schema) {
		check(id, catalog.Schema[id].EN, catalog.Schema[id].JA)
	}
	for _, en := range sortedKeys(catalog.Texts) {
		if !res.used[Japanese][en] && !slices.Contains(own, en) {
			t.Errorf("catalog_ja.json: entry neither used by a page nor a text of docgen: %q", en)
		}
		check(en, en, catalog.Texts[en])
	}
}

// schemaEntryProblems lists the catalog's entries for doc texts of the model
// that the model no longer has, or whose English changed since they were
// translated. current maps the model's text ids to their English.
func schemaEntryProblems(c *catalog, current map[string]string) []string {
	var out []string
	for _, id := range sortedKeys(c.Schema) {
		e := c.Schema[id]
		switch en, ok := current[id]; {
		case !ok:
			out = append(out, fmt.Sprintf("%s: the model has no such text any more (remove the entry)", id))
		case en != e.EN:
			out = append(out, fmt.Sprintf("%s is stale: its English is now %q, the entry translates %q", id, en, e.EN))
		}
	}
	return out
}

func TestSchemaEntryProblems(t *testing.T) {
	t.Parallel()
	c := &catalog{Schema: map[string]catalogEntry{
		"member:T.a": {EN: "the a", JA: "a"},
		"member:T.b": {EN: "the old b", JA: "b"},
		"member:T.c": {EN: "the c", JA: "c"},
	}}
	got := schemaEntryProblems(c, map[string]string{"member:T.a": "the a", "member:T.b": "the new b"})
	want := []string{
		`member:T.b is stale: its English is now "the new b", the entry translates "the old b"`,
		"member:T.c: the model has no such text any more (remove the entry)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("problems = %q, want %q", got, want)
	}
	// A stale entry still translates: editing the English orphans nothing.
	tr := &translator{lang: Japanese, catalog: c, docIDs: map[string][]string{"the new b": {"member:T.b"}}, missing: map[string]bool{}, used: map[string]bool{}}
	if got := tr.text("the new b"); got != "b" {
		t.Errorf("text of an edited English = %q, want the entry's translation", got)
	}
}

// ownTexts returns the English texts written in docgen's source: the
// arguments of the translating calls (t, f), the notes of the kinds and the
// category titles.
func ownTexts(t *testing.T) []string {
	t.Helper()
	fset := token.NewFileSet()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	add := func(e ast.Expr) {
		if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "t" || sel.Sel.Name == "f") && len(n.Args) > 0 {
					add(n.Args[0])
				}
			case *ast.ValueSpec:
				if len(n.Names) == 1 && (n.Names[0].Name == "categoryTitles" || n.Names[0].Name == "kindNotes") && len(n.Values) == 1 {
					for _, el := range n.Values[0].(*ast.CompositeLit).Elts {
						add(el.(*ast.KeyValueExpr).Value)
					}
				}
			}
			return true
		})
	}
	if len(out) < 20 {
		t.Fatalf("found only %d texts in docgen's source; has the way pages translate changed?", len(out))
	}
	return out
}

var (
	codeSpanRE = regexp.MustCompile("`[^`]+`")
	verbRE     = regexp.MustCompile(`%(\[\d+\])?[sdvq]`)
)

// verbs returns the format verbs of a format string, by argument, sorted.
func verbs(s string) []string {
	var out []string
	i := 0
	for _, v := range verbRE.FindAllString(s, -1) {
		if !strings.Contains(v, "[") {
			i++
			v = "%[" + string(rune('0'+i)) + "]" + v[1:]
		}
		out = append(out, v)
	}
	slices.Sort(out)
	return out
}

// TestCatalogSorted keeps the catalog file sorted and formatted, so that
// additions are easy to review.
func TestCatalogSorted(t *testing.T) {
	t.Parallel()
	catalog, err := parsedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(catalog); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), catalogJA) {
		t.Error("catalog_ja.json is not sorted and indented as encoding/json writes it (two spaces, no HTML escaping)")
	}
}

var (
	// englishRun finds four English words in a row.
	englishRun = regexp.MustCompile(`[A-Za-z]{2,}(?:[ ,;:'’()-]+[A-Za-z]{2,}){3,}`)
	// literal finds quotations, which hold what the CLI wrote verbatim,
	// command-line flags and kebab-case names (scenario IDs).
	literal = regexp.MustCompile(`「[^」]*」|"[^"]*"|--[a-z][a-z0-9-]*|\b[a-z0-9]+(?:-[a-z0-9]+){2,}\b`)
	// names are proper names that stay in English.
	names = strings.NewReplacer("Claude Code CLI", "", "Claude Code", "", "Anthropic Messages API", "", "Messages API", "")
)

// TestJapaneseHasNoEnglish looks for English prose left in the Japanese
// pages, outside code spans, code blocks and link targets.
func TestJapaneseHasNoEnglish(t *testing.T) {
	t.Parallel()
	res := renderedT(t)
	for _, f := range res.Files {
		if !strings.HasPrefix(f.Path, "ja/") {
			continue
		}
		doc := mdParser.Parse(text.NewReader(f.Data))
		_ = gast.Walk(doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
			if !entering {
				return gast.WalkContinue, nil
			}
			switch n.(type) {
			case *gast.CodeSpan, *gast.FencedCodeBlock, *gast.CodeBlock:
				return gast.WalkSkipChildren, nil
			case *gast.Paragraph, *gast.Heading, *east.TableCell:
				s := names.Replace(literal.ReplaceAllString(proseText(n, f.Data), " "))
				if englishRun.MatchString(s) {
					t.Errorf("%s: English left in the Japanese page: %q", f.Path, englishRun.FindString(s))
				}
				return gast.WalkSkipChildren, nil
			}
			return gast.WalkContinue, nil
		})
	}
}

// proseText returns the text of a block without its code spans.
func proseText(n gast.Node, src []byte) string {
	var b strings.Builder
	_ = gast.Walk(n, func(c gast.Node, entering bool) (gast.WalkStatus, error) {
		if !entering {
			return gast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *gast.CodeSpan:
			b.WriteString(" ")
			return gast.WalkSkipChildren, nil
		case *gast.Link:
			// A link to an entry of the message reference is named by the
			// kind's name ("user", "control_response/success (initialize)"),
			// which stays as the CLI writes it.
			if strings.Contains(string(c.Destination), "messages/") && strings.Contains(string(c.Destination), "#") {
				b.WriteString(" ")
				return gast.WalkSkipChildren, nil
			}
		case *gast.Text:
			b.Write(c.Segment.Value(src))
			if c.SoftLineBreak() {
				b.WriteByte(' ')
			}
		case *gast.String:
			b.Write(c.Value)
		}
		return gast.WalkContinue, nil
	})
	return b.String()
}

func BenchmarkRender(b *testing.B) {
	root, err := FindModuleRoot(".")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Render(b.Context(), root); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSignalRendered checks that a recording's signal shows on its
// scenario's page, in the table of messages and the sequence diagram,
// in both languages.
func TestSignalRendered(t *testing.T) {
	t.Parallel()
	res := renderedT(t)
	want := map[string][]string{
		"en/scenarios/control/signal-sigint-idle.md":  {"| ← 2 | signal SIGINT |  | "},
		"ja/scenarios/control/signal-sigint-idle.md":  {"| ← 2 | シグナル SIGINT |  | "},
		"en/scenarios/control/signal-sigterm-idle.md": {"    C-)L: signal SIGTERM\n"},
		"ja/scenarios/control/signal-sigterm-idle.md": {"    C-)L: シグナル SIGTERM\n"},
	}
	for _, f := range res.Files {
		for _, w := range want[f.Path] {
			if !strings.Contains(string(f.Data), w) {
				t.Errorf("%s lacks %q", f.Path, w)
			}
		}
		delete(want, f.Path)
	}
	for p := range want {
		t.Errorf("no page %s", p)
	}
}

// maxPageSize is the largest generated page: GitHub stops rendering
// Markdown files not much larger, and a reader stops before that.
const maxPageSize = 400_000

// TestPageSizes fails when a generated page is larger than maxPageSize:
// a page that grows with the number of recorded versions has to be split
// or to show each recorded line once.
func TestPageSizes(t *testing.T) {
	t.Parallel()
	for _, f := range renderedT(t).Files {
		if len(f.Data) > maxPageSize {
			t.Errorf("%s is %d bytes, over %d", f.Path, len(f.Data), maxPageSize)
		}
	}
}

// TestNoGoNamesInMeanings fails when the meaning of a member in the
// English reference names a Go identifier of the model (a type, a field
// or an enum constant such as SubtypeSuccess or IsError): the reference
// describes the JSON, in JSON names and values; Go names belong in godoc.
func TestNoGoNamesInMeanings(t *testing.T) {
	t.Parallel()
	names := goIdentifiers()
	word := regexp.MustCompile(`[A-Za-z][A-Za-z0-9]*`)
	checked := 0
	for _, f := range renderedT(t).Files {
		if !strings.HasPrefix(f.Path, "en/messages/") {
			continue
		}
		for line := range strings.SplitSeq(string(f.Data), "\n") {
			// A member row: | `key` | type | meaning | versions |
			cells := strings.Split(line, " | ")
			if !strings.HasPrefix(line, "| `") || len(cells) != 4 {
				continue
			}
			checked++
			for _, w := range word.FindAllString(cells[2], -1) {
				if names[w] {
					t.Errorf("%s: the meaning of %s names the Go identifier %s: %s", f.Path, strings.TrimPrefix(cells[0], "| "), w, cells[2])
				}
			}
		}
	}
	if checked < 500 {
		t.Errorf("checked %d member rows; has the table changed?", checked)
	}
}

// goIdentifiers returns the Go identifiers of the model a reader could
// take for JSON: types, fields and constants whose names join several
// words, less those that are JSON keys or values as well.
func goIdentifiers() map[string]bool {
	s := loadSchema()
	ids := map[string]bool{}
	json := map[string]bool{}
	for _, t := range s.Types {
		ids[t.Name] = true
		for _, m := range t.Members {
			ids[m.Field] = true
			json[m.Key], json[m.Const] = true, true
			for _, v := range m.OneOf {
				json[v] = true
			}
		}
		for _, tool := range t.Tools {
			json[tool] = true
		}
	}
	for _, u := range s.Unions {
		ids[u.Name] = true
	}
	for _, e := range s.Enums {
		ids[e.Name] = true
		for _, v := range e.Values {
			ids[v.Name] = true
			json[v.Value] = true
		}
	}
	for id := range ids {
		if json[id] || !severalWords(id) {
			delete(ids, id)
		}
	}
	return ids
}
