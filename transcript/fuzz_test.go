package transcript_test

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ccwire/ccwire/transcript"
)

// FuzzRender renders arbitrary transcripts as Markdown, as comments and
// as HTML: no panic, comments within their size, and the HTML page
// complete and closing every <details> it opens.
func FuzzRender(f *testing.F) {
	for _, s := range []string{
		`{"type":"system","subtype":"init","session_id":"s","model":"m"}`,
		`{"type":"assistant","message":{"id":"a","role":"assistant","content":[{"type":"thinking","thinking":"hmm"},{"type":"text","text":"` + "```" + `go\nx\n"},{"type":"tool_use","id":"t","name":"Bash","input":{"command":"ls"}}]}}`,
		`{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","is_error":true,"content":[{"type":"text","text":"</details>"}]}]}}`,
		`{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a"}}}`,
		`{"type":"system","subtype":"api_retry","attempt":1,"max_retries":3,"retry_delay_ms":5,"error_status":529}`,
		`{"type":"result","subtype":"error_max_turns","num_turns":1,"total_cost_usd":0.1,"errors":["too many"],"permission_denials":[{"tool_name":"Bash"}]}`,
		`not json`,
	} {
		f.Add(s + "\n" + s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if err := transcript.RenderMarkdown(io.Discard, transcript.Messages(strings.NewReader(in)), transcript.Options{}); err != nil {
			return // not a transcript at all
		}
		err := transcript.RenderComments(transcript.Messages(strings.NewReader(in)), transcript.Options{}, 512, func(c string) error {
			if len(c) > 512 {
				t.Fatalf("comment of %d bytes", len(c))
			}
			if utf8.ValidString(in) && !utf8.ValidString(c) {
				t.Fatalf("invalid UTF-8 in comment %q", c)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		var page bytes.Buffer
		if err := transcript.RenderHTML(&page, transcript.Messages(strings.NewReader(in)), transcript.HTMLOptions{}); err != nil {
			t.Fatal(err)
		}
		p := page.String()
		if !strings.HasSuffix(strings.TrimSpace(p), "</html>") {
			t.Fatal("the page is not complete")
		}
		if open, closed := strings.Count(p, "<details"), strings.Count(p, "</details>"); open != closed {
			t.Fatalf("%d <details> opened, %d closed", open, closed)
		}
	})
}
