package transcript_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/transcript"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestMarkdownGolden renders a few recordings and compares the reports
// with testdata/<version>_<scenario>.md.
func TestMarkdownGolden(t *testing.T) {
	t.Parallel()
	for _, rec := range []string{
		"2.1.330/bash-single",
		"2.1.330/parallel-tools",
		"2.1.330/tool-failure-read-missing",
		"2.1.330/thinking-then-tool",
		"2.1.330/permission-prompt-deny",
		"2.1.330/max-turns-reached",
		"2.1.37/multi-turn",
		"2.1.37/api-sse-error-retry",
		"2.1.330/partial-messages-order",
	} {
		t.Run(rec, func(t *testing.T) {
			t.Parallel()
			got := renderFile(t, filepath.Join("..", "recordings", rec+".txtar"), transcript.Options{})
			golden := filepath.Join("testdata", strings.ReplaceAll(rec, "/", "_")+".md")
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./transcript -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from the rendering (go test ./transcript -update rewrites it):\n%s", golden, got)
			}
		})
	}
}

func renderFile(t testing.TB, path string, opts transcript.Options) []byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var b bytes.Buffer
	if err := transcript.RenderMarkdown(&b, transcript.NewReader(f).FromFile(path).All(), opts); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return b.Bytes()
}

func TestRenderTranscripts(t *testing.T) {
	t.Parallel()
	paths, err := filepath.Glob(filepath.Join("..", "protocol", "testdata", "transcripts", "*", "*.jsonl"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no transcripts: %v", err)
	}
	for _, p := range paths {
		got := renderFile(t, p, transcript.Options{})
		if !bytes.Contains(got, []byte("## Turn 1\n")) || !bytes.Contains(got, []byte("\n## Summary\n")) {
			t.Errorf("%s: no turn or no summary:\n%s", p, got)
		}
	}
}

// hostileTranscript is a session whose tool names and texts try to add
// markup to the report, or to forge the comment separators of ccwire
// render -max-comment.
func hostileTranscript(name, forged string) string {
	q := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	long := strings.Repeat("output line\n", 20) + forged + "\n"
	return strings.Join([]string{
		`{"type":"system","subtype":"init","session_id":"s","model":"m","tools":[]}`,
		`{"type":"assistant","message":{"id":"a1","role":"assistant","content":[{"type":"text","text":` + q("Let me look.\n"+forged+"\n  "+forged) + `},{"type":"tool_use","id":"t1","name":` + q(name) + `,"input":{}},{"type":"tool_use","id":"t2","name":` + q(name) + `,"input":{}}]},"session_id":"s"}`,
		`{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":` + q("short\n"+forged) + `},{"type":"tool_result","tool_use_id":"t2","content":` + q(long) + `,"is_error":true}]},"session_id":"s"}`,
		`{"type":"assistant","message":{"id":"a2","role":"assistant","content":[{"type":"thinking","thinking":` + q(forged) + `},{"type":"text","text":` + q("<!--CCWIRE: comment 9-->") + `}]},"session_id":"s"}`,
		`{"type":"result","subtype":"success","is_error":false,"num_turns":2,"session_id":"s","total_cost_usd":0.01}`,
	}, "\n") + "\n"
}

// TestMarkdownHostile renders tool names made of Markdown and HTML, and
// texts holding the comment separator: the name shows as text in every
// heading (the short result's "↳ NAME result:" was not escaped), on one
// line, and no line of the report reads as a separator, while the model's
// text and the tool output keep their words.
func TestMarkdownHostile(t *testing.T) {
	t.Parallel()
	const name = "x**bold** [link](https://evil.example) <img src=x onerror=alert(1)>\n\n# Heading\n\n<!-- ccwire: comment 7 -->"
	const forged = "<!-- ccwire: comment 2 -->"
	in := hostileTranscript(name, forged)
	var b bytes.Buffer
	if err := transcript.RenderMarkdown(&b, transcript.Messages(strings.NewReader(in)), transcript.Options{}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	separator := regexp.MustCompile(`(?im)^\s*<!--\s*ccwire:`)
	// In a <summary>, an HTML block's line, Markdown is not read: the
	// headings below say how each is escaped.
	for _, bad := range []string{"<img", "\n# Heading", "\n\n# Heading"} {
		if strings.Contains(out, bad) {
			t.Errorf("the report holds %q:\n%s", bad, out)
		}
	}
	if loc := separator.FindStringIndex(out); loc != nil {
		t.Errorf("the report holds a separator line at %d: %q\n%s", loc[0], out[loc[0]:loc[1]], out)
	}
	for _, want := range []string{
		`↳ x\*\*bold\*\* \[link\](https://evil.example) &lt;img src=x onerror=alert(1)&gt;  # Heading  &lt;!-- ccwire: comment 7 --&gt; result:`,
		`<details open><summary>❌ x**bold** [link](https://evil.example) &lt;img src=x onerror=alert(1)&gt;  # Heading  &lt;!-- ccwire: comment 7 --&gt; result (error) (21 lines, 266 B)</summary>`,
		"Let me look.\n<!--\u200b ccwire: comment 2 -->\n  <!--\u200b ccwire: comment 2 -->",
		"short\n<!--\u200b ccwire: comment 2 -->\n```",
		"<!--\u200bCCWIRE: comment 9-->",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}

	// Cut into comments, each separator the command writes is the only
	// one: the comments are those the splitter made.
	var comments []string
	if err := transcript.RenderComments(transcript.Messages(strings.NewReader(in)), transcript.Options{}, 300, func(c string) error {
		comments = append(comments, c)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for i, c := range comments {
		if separator.MatchString(c) {
			t.Errorf("comment %d holds a separator line:\n%s", i+1, c)
		}
	}
}

// TestBadLineBeginsNoTurn renders transcripts with an undecodable line
// between turns: a truncated last line after the result, a warning before
// the first message. Each shows as a warning of its own, not as a turn
// with nothing in it ("## Turn 2" for the truncated line, before).
func TestBadLineBeginsNoTurn(t *testing.T) {
	t.Parallel()
	const (
		init1  = `{"type":"system","subtype":"init","session_id":"s","model":"m","tools":[]}`
		text   = `{"type":"assistant","message":{"id":"a1","role":"assistant","content":[{"type":"text","text":"Hello!"}]},"session_id":"s"}`
		result = `{"type":"result","subtype":"success","is_error":false,"num_turns":1,"session_id":"s","total_cost_usd":0.01}`
	)
	for _, tc := range []struct {
		name, in string
		first    string // the report's first line
	}{
		{"truncated last line", init1 + "\n" + text + "\n" + result + "\n" + init1[:30], "## Turn 1"},
		{"warning first", "Warning: an old Node.js\n" + init1 + "\n" + text + "\n" + result + "\n", "⚠️ line 1: invalid JSON at offset 0: unexpected 'W', want value (near \"Warning: an old Node.js\")"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var md, page bytes.Buffer
			if err := transcript.RenderMarkdown(&md, transcript.Messages(strings.NewReader(tc.in)), transcript.Options{}); err != nil {
				t.Fatal(err)
			}
			if err := transcript.RenderHTML(&page, transcript.Messages(strings.NewReader(tc.in)), transcript.HTMLOptions{}); err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(md.String(), "## Turn "); n != 1 || !strings.HasPrefix(md.String(), tc.first+"\n") || !strings.Contains(md.String(), "⚠️ line ") {
				t.Errorf("%d turn headings, want 1 and a warning; first line want %q:\n%s", n, tc.first, md.String())
			}
			if n := strings.Count(page.String(), `<section class="turn"`); n != 1 || !strings.Contains(page.String(), "Undecodable line") {
				t.Errorf("%d turn sections in the page, want 1 and the undecodable line", n)
			}
		})
	}
}
