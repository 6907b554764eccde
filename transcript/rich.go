package transcript

import (
	"html/template"
	"net/url"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
)

// TextNode is a node of a model's text read as Markdown, in the safe
// subset that both `ccwire render -html` and the page of `ccwire web`
// show: headings, paragraphs, lists, tables, code blocks and spans,
// emphasis, block quotes and links to http(s) addresses. Tag is an HTML
// element name of that subset ("" for plain text, which Text holds);
// Href is a link's address; Children are the element's content. Nothing
// of the source becomes markup but through Tag: raw HTML in the text
// stays text, and a link to another scheme (javascript:, data:, file:)
// stays its words.
type TextNode struct {
	Tag      string     `json:"t,omitempty"`
	Text     string     `json:"x,omitempty"`
	Href     string     `json:"h,omitempty"`
	Children []TextNode `json:"c,omitempty"`
}

// markdown is the one Markdown reader of model text: CommonMark with
// GitHub's tables and strikethrough (goldmark, the Go ecosystem's
// CommonMark-compliant, maintained parser). Its HTML renderer is never
// used: ParseText walks the syntax tree and keeps the safe subset, so raw
// HTML cannot pass whatever the renderer's options.
var markdown = goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough))

// ParseText reads a model's text as Markdown and returns its nodes.
func ParseText(src string) []TextNode {
	b := []byte(src)
	doc := markdown.Parser().Parse(text.NewReader(b))
	return children(doc, b)
}

// children returns the nodes of n's children.
func children(n ast.Node, src []byte) []TextNode {
	var out []TextNode
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		out = append(out, node(c, src)...)
	}
	return out
}

// node returns the nodes of n: one element, or the plain text of a node
// outside the safe subset.
func node(n ast.Node, src []byte) []TextNode {
	el := func(tag string) []TextNode { return []TextNode{{Tag: tag, Children: children(n, src)}} }
	switch n := n.(type) {
	case *ast.Paragraph:
		return el("p")
	case *ast.TextBlock:
		return children(n, src)
	case *ast.Heading:
		return el("h" + strconv.Itoa(min(max(n.Level, 1), 6)))
	case *ast.ThematicBreak:
		return []TextNode{{Tag: "hr"}}
	case *ast.Blockquote:
		return el("blockquote")
	case *ast.List:
		if n.IsOrdered() {
			return el("ol")
		}
		return el("ul")
	case *ast.ListItem:
		return el("li")
	case *ast.CodeBlock, *ast.FencedCodeBlock, *ast.HTMLBlock:
		// Raw HTML blocks show as the code they are.
		var sb strings.Builder
		lines := n.Lines()
		for i := range lines.Len() {
			seg := lines.At(i)
			sb.Write(seg.Value(src))
		}
		if h, ok := n.(*ast.HTMLBlock); ok && h.HasClosure() {
			sb.Write(h.ClosureLine.Value(src))
		}
		return []TextNode{{Tag: "pre", Children: []TextNode{{Tag: "code", Text: sb.String()}}}}
	case *ast.Text:
		s := string(n.Segment.Value(src))
		switch {
		case n.HardLineBreak():
			return []TextNode{{Text: s}, {Tag: "br"}}
		case n.SoftLineBreak():
			s += "\n"
		}
		return []TextNode{{Text: s}}
	case *ast.String:
		return []TextNode{{Text: string(n.Value)}}
	case *ast.CodeSpan:
		return []TextNode{{Tag: "code", Text: plain(n, src)}}
	case *ast.Emphasis:
		if n.Level >= 2 {
			return el("strong")
		}
		return el("em")
	case *east.Strikethrough:
		return el("del")
	case *ast.Link:
		if href, ok := webLink(string(n.Destination)); ok {
			return []TextNode{{Tag: "a", Href: href, Children: children(n, src)}}
		}
		return children(n, src)
	case *ast.AutoLink:
		u := string(n.URL(src))
		if href, ok := webLink(u); ok {
			return []TextNode{{Tag: "a", Href: href, Children: []TextNode{{Text: u}}}}
		}
		return []TextNode{{Text: u}}
	case *ast.Image:
		return children(n, src) // its alt text: the page loads no image
	case *ast.RawHTML:
		var sb strings.Builder
		for i := range n.Segments.Len() {
			seg := n.Segments.At(i)
			sb.Write(seg.Value(src))
		}
		return []TextNode{{Text: sb.String()}}
	case *east.Table:
		rows := children(n, src)
		if len(rows) == 0 {
			return nil
		}
		t := TextNode{Tag: "table", Children: []TextNode{{Tag: "thead", Children: rows[:1]}}}
		if len(rows) > 1 {
			t.Children = append(t.Children, TextNode{Tag: "tbody", Children: rows[1:]})
		}
		return []TextNode{t}
	case *east.TableHeader, *east.TableRow:
		return el("tr")
	case *east.TableCell:
		if _, head := n.Parent().(*east.TableHeader); head {
			return el("th")
		}
		return el("td")
	}
	return children(n, src)
}

// plain returns the text of n's children.
func plain(n ast.Node, src []byte) string {
	var sb strings.Builder
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			sb.Write(c.Segment.Value(src))
		case *ast.String:
			sb.Write(c.Value)
		default:
			sb.WriteString(plain(c, src))
		}
	}
	return sb.String()
}

// webLink returns href if it is an absolute http or https address.
func webLink(href string) (string, bool) {
	u, err := url.Parse(strings.TrimSpace(href))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", false
	}
	return u.String(), true
}

// textTags are the elements a TextNode may be, with whether they are
// void (no content, no end tag).
var textTags = map[string]bool{
	"p": false, "h1": false, "h2": false, "h3": false, "h4": false, "h5": false, "h6": false,
	"hr": true, "br": true, "blockquote": false, "ul": false, "ol": false, "li": false,
	"pre": false, "code": false, "em": false, "strong": false, "del": false, "a": false,
	"table": false, "thead": false, "tbody": false, "tr": false, "th": false, "td": false,
}

// TextHTML returns the HTML of nodes: the elements of the safe subset
// alone, every text escaped, links to http(s) only, opening elsewhere
// without a referrer. A node of another tag shows its content alone.
func TextHTML(nodes []TextNode) template.HTML {
	var sb strings.Builder
	writeText(&sb, nodes)
	return template.HTML(sb.String())
}

func writeText(sb *strings.Builder, nodes []TextNode) {
	for _, n := range nodes {
		void, ok := textTags[n.Tag]
		if n.Tag == "a" {
			if _, web := webLink(n.Href); !web {
				ok = false
			}
		}
		if !ok {
			sb.WriteString(template.HTMLEscapeString(n.Text))
			writeText(sb, n.Children)
			continue
		}
		sb.WriteString("<" + n.Tag)
		if n.Tag == "a" {
			sb.WriteString(` href="` + template.HTMLEscapeString(n.Href) + `" rel="noopener noreferrer" target="_blank"`)
		}
		sb.WriteString(">")
		if void {
			continue
		}
		sb.WriteString(template.HTMLEscapeString(n.Text))
		writeText(sb, n.Children)
		sb.WriteString("</" + n.Tag + ">")
	}
}
