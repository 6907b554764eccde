package transcript_test

import (
	"strings"
	"testing"

	"github.com/ccwire/ccwire/transcript"
)

// TestTextHTML: a model's Markdown becomes the safe subset of HTML: the
// elements people expect, raw HTML as text, links to http(s) only.
func TestTextHTML(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, src string
		want      []string // substrings of the HTML
		not       []string
	}{
		{"heading", "## Plan\n\nDo it.", []string{"<h2>Plan</h2>", "<p>Do it.</p>"}, nil},
		{"lists", "- a\n- b\n\n1. one\n2. two", []string{"<ul><li>a</li><li>b</li></ul>", "<ol><li>one</li><li>two</li></ol>"}, nil},
		{"table", "| a | b |\n|---|---|\n| 1 | 2 |", []string{"<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>"}, nil},
		{"fence", "```go\nif a < b {\n}\n```", []string{"<pre><code>if a &lt; b {\n}\n</code></pre>"}, nil},
		{"inline", "run `go test` **now**, *maybe* ~~not~~", []string{"<code>go test</code>", "<strong>now</strong>", "<em>maybe</em>", "<del>not</del>"}, nil},
		{"link", "[docs](https://example.com/a?b=1&c=2)", []string{`<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">docs</a>`}, nil},
		{"autolink", "<http://example.com>", []string{`<a href="http://example.com"`}, nil},
		{"javascript link", "[x](javascript:alert(1))", []string{"x"}, []string{"<a", "javascript"}},
		{"data link", "[x](data:text/html,hi)", []string{"x"}, []string{"<a"}},
		{"relative link", "[x](/etc/passwd)", []string{"x"}, []string{"<a"}},
		{"raw inline html", `hi <img src=x onerror="alert(1)"> <b>b</b>`, []string{"&lt;img src=x onerror=&#34;alert(1)&#34;&gt;", "&lt;b&gt;b&lt;/b&gt;"}, []string{"<img", "<b>"}},
		{"raw html block", "<script>alert(1)</script>\n\nafter", []string{"&lt;script&gt;alert(1)&lt;/script&gt;", "<p>after</p>"}, []string{"<script"}},
		{"image", "![alt text](http://example.com/x.png)", []string{"alt text"}, []string{"<img"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := string(transcript.TextHTML(transcript.ParseText(tc.src)))
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("%q: HTML %q lacks %q", tc.src, got, w)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(got, n) {
					t.Errorf("%q: HTML %q has %q", tc.src, got, n)
				}
			}
		})
	}
}

// FuzzTextHTML: whatever the text, its HTML has no element outside the
// safe subset and no link but to http(s).
func FuzzTextHTML(f *testing.F) {
	for _, s := range []string{"# h\n\n- a\n\n| a |\n|---|\n| b |", "<script>x</script>", "[a](javascript:x)", "<b onclick=x>", "```\n<img>\n```"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		got := string(transcript.TextHTML(transcript.ParseText(src)))
		for i := strings.IndexByte(got, '<'); i >= 0; i = strings.IndexByte(got, '<') {
			got = got[i+1:]
			name := strings.TrimPrefix(got, "/")
			end := strings.IndexAny(name, " >")
			if end < 0 {
				t.Fatalf("an unclosed tag in the HTML of %q", src)
			}
			switch tag := name[:end]; tag {
			case "p", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "br", "blockquote", "ul", "ol", "li", "pre", "code", "em", "strong", "del",
				"table", "thead", "tbody", "tr", "th", "td":
				if name[end] != '>' {
					t.Fatalf("<%s> with attributes in the HTML of %q", tag, src)
				}
			case "a":
				if !strings.HasPrefix(name, "/a>") && !strings.HasPrefix(name, `a href="http://`) && !strings.HasPrefix(name, `a href="https://`) {
					t.Fatalf("a link %q in the HTML of %q", name, src)
				}
			default:
				t.Fatalf("element %q in the HTML of %q", tag, src)
			}
		}
	})
}
