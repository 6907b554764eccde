package transcript_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ccwire/ccwire/transcript"
)

// checkComments checks what every comment must be: at most max bytes,
// valid UTF-8, fences and <details> blocks closed.
func checkComments(t *testing.T, comments []string, max int) {
	t.Helper()
	for i, c := range comments {
		if len(c) > max {
			t.Errorf("comment %d: %d bytes, over %d", i, len(c), max)
		}
		if !utf8.ValidString(c) {
			t.Errorf("comment %d: invalid UTF-8", i)
		}
		if open := openMarkup(c); open != "" {
			t.Errorf("comment %d leaves %s open:\n%s", i, open, c)
		}
	}
}

// openMarkup returns what a comment leaves open: "a fence", "a <details>
// block" or "".
func openMarkup(c string) string {
	fence, details := "", 0
	for _, line := range strings.Split(c, "\n") {
		t := strings.TrimSpace(line)
		isFence := len(t) >= 3 && (t[0] == '`' || t[0] == '~') && len(t)-len(strings.TrimLeft(t, t[:1])) >= 3
		switch {
		case fence != "":
			if isFence && strings.Trim(t, t[:1]) == "" && len(t) >= len(fence) && t[0] == fence[0] {
				fence = ""
			}
		case isFence:
			fence = t[:len(t)-len(strings.TrimLeft(t, t[:1]))]
		case strings.HasPrefix(t, "<details"):
			details++
			if strings.HasSuffix(t, "</details>") {
				details--
			}
		case strings.HasSuffix(t, "</details>"):
			details--
		}
	}
	switch {
	case fence != "":
		return "a fence"
	case details != 0:
		return "a <details> block"
	}
	return ""
}

func TestSplitter(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("word ", 200) // 1000 bytes on one line
	fenced := "```go\n" + strings.Repeat("fmt.Println(\"hello, world\")\n", 60) + "```\n"
	details := "<details><summary>Bash result</summary>\n\n```\n" + strings.Repeat("output line\n", 100) + "```\n\n</details>\n"
	for _, tc := range []struct {
		name   string
		max    int
		blocks []string
		want   int  // comments
		whole  bool // every block lies whole in one comment
	}{
		{name: "no limit", max: 0, blocks: []string{"a", "b", long, fenced}, want: 1, whole: true},
		{name: "fits", max: 4096, blocks: []string{"a", "b", "c"}, want: 1, whole: true},
		{name: "packs", max: 1100, blocks: []string{long, long, "x", long}, want: 3, whole: true},
		{name: "keeps fences whole", max: 1200, blocks: []string{strings.Repeat("intro ", 100), "```\n" + strings.Repeat("fmt.Println(\"hello, world\")\n", 30) + "```\n", "outro"}, want: 2, whole: true},
		{name: "long line cut", max: 300, blocks: []string{long}, want: 4},
		{name: "fence larger than a comment", max: 500, blocks: []string{fenced}, want: 4},
		{name: "details larger than a comment", max: 400, blocks: []string{"head", details, "tail"}},
		{name: "tiny max is MinComment", max: 10, blocks: []string{"a", "b"}, want: 1, whole: true},
		{name: "multibyte", max: 300, blocks: []string{strings.Repeat("日本語", 200)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			sp := &transcript.Splitter{Max: tc.max}
			var comments []string
			for _, b := range tc.blocks {
				comments = append(comments, sp.Add(b)...)
			}
			if c := sp.Flush(); c != "" {
				comments = append(comments, c)
			}
			limit := max(tc.max, transcript.MinComment)
			if tc.max == 0 {
				limit = 1 << 30
			}
			checkComments(t, comments, limit)
			if tc.want != 0 && len(comments) != tc.want {
				t.Errorf("%d comments, want %d", len(comments), tc.want)
			}
			if tc.whole {
				for _, b := range tc.blocks {
					found := false
					for _, c := range comments {
						found = found || strings.Contains(c, strings.TrimRight(b, "\n"))
					}
					if !found {
						t.Errorf("block %.40q split across comments", b)
					}
				}
			}
			// No text is lost: every line of the blocks is in the comments.
			all := strings.Join(comments, "")
			for _, b := range tc.blocks {
				for _, line := range strings.Split(strings.TrimSpace(b), "\n") {
					if len(line) < 100 && !strings.Contains(all, line) {
						t.Errorf("line %q lost", line)
					}
				}
			}
		})
	}
}

// FuzzSplitter packs arbitrary blocks: every comment fits, is valid UTF-8
// when the blocks are, and closes what it opens.
func FuzzSplitter(f *testing.F) {
	f.Add("```\ncode\n```", "<details><summary>x</summary>\n\ntext\n</details>", 300)
	f.Add(strings.Repeat("a", 1000), "~~~~\n~~~\n~~~~", 256)
	f.Fuzz(func(t *testing.T, a, b string, size int) {
		if !utf8.ValidString(a) || !utf8.ValidString(b) || size < 0 || size > 1<<20 {
			return
		}
		sp := &transcript.Splitter{Max: size}
		var comments []string
		for _, blk := range []string{a, b, a} {
			comments = append(comments, sp.Add(blk)...)
		}
		if c := sp.Flush(); c != "" {
			comments = append(comments, c)
		}
		limit := size
		if size == 0 {
			limit = 1 << 30
		}
		limit = max(limit, transcript.MinComment)
		for i, c := range comments {
			if len(c) > limit {
				t.Fatalf("comment %d: %d bytes, over %d", i, len(c), limit)
			}
			if !utf8.ValidString(c) {
				t.Fatalf("comment %d: invalid UTF-8", i)
			}
		}
	})
}

func TestRenderComments(t *testing.T) {
	t.Parallel()
	// A transcript with a long tool result, rendered as 1000-byte comments.
	var in bytes.Buffer
	in.WriteString(`{"type":"system","subtype":"init","session_id":"s","model":"m"}` + "\n")
	for i := range 5 {
		fmt.Fprintf(&in, `{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Step %d."},{"type":"tool_use","id":"t%d","name":"Bash","input":{"command":"seq 1000"}}]}}`+"\n", i, i)
		fmt.Fprintf(&in, `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t%d","content":%q}]}}`+"\n", i, strings.Repeat("a line of output\n", 1000))
	}
	in.WriteString(`{"type":"result","subtype":"success","num_turns":5,"total_cost_usd":0.5,"session_id":"s"}` + "\n")
	var comments []string
	err := transcript.RenderComments(transcript.Messages(&in), transcript.Options{}, 1000, func(c string) error {
		comments = append(comments, c)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	checkComments(t, comments, 1000)
	details := 0
	for _, c := range comments {
		details += strings.Count(c, "<details>")
		if strings.Contains(c, "(continued)") {
			t.Errorf("a folded result was split:\n%s", c)
		}
	}
	if details != 5 {
		t.Errorf("%d folded results, want 5", details)
	}
	if !strings.Contains(comments[len(comments)-1], "## Summary") {
		t.Errorf("the last comment has no summary")
	}
}
