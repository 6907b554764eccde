package fakecli_test

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/fakecli"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

// FuzzPlayerStdin feeds arbitrary stdin to a fake playing a permission
// scenario: it must end, with status 0 or 1, and never panic.
func FuzzPlayerStdin(f *testing.F) {
	dir := filepath.Join(recordingsDir, "2.1.37")
	rec, err := recording.ReadRecording(filepath.Join(dir, "permission-prompt-allow"+scenario.RecordingExt))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(userMsg + "\n" + interrupt + "\n")
	f.Add(initReq + "\n" + userMsg + "\n" + `{"type":"control_response","response":{"request_id":"x","response":{"behavior":"deny"}}}` + "\n")
	f.Add("{}\n[]\n\"x\"\n")
	f.Add(`{"type":"control_request","request":{"subtype":"set_permission_mode","mode":5}}` + "\n")
	f.Add("not json\n")
	f.Fuzz(func(t *testing.T, stdin string) {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		p := &fakecli.Player{Recording: rec, Lookup: fakecli.DirLookup(dir)}
		code, err := p.Run(ctx, strings.NewReader(stdin), io.Discard)
		if ctx.Err() != nil {
			t.Fatalf("the fake did not end: %v", err)
		}
		if code != 0 && code != 1 {
			t.Errorf("exit status %d", code)
		}
	})
}

// FuzzCheckRequest checks a command line with arbitrary --mcp-config and
// --agents values against a recording: it never panics, and a command
// line equal to the recording's own passes.
func FuzzCheckRequest(f *testing.F) {
	rec, err := recording.ReadRecording(filepath.Join(recordingsDir, "2.1.332", "sdk-mcp-tool-call"+scenario.RecordingExt))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(`{"mcpServers":{"calc":{"type":"sdk","name":"calc"}}}`, `{"reviewer":{"description":"d","prompt":"p"}}`)
	f.Add(`{"mcpServers":[]}`, `[]`)
	f.Add(`not json`, `{`)
	f.Fuzz(func(t *testing.T, mcp, agents string) {
		a, err := fakecli.ParseArgs("2.1.332", []string{"--mcp-config", mcp, "--agents", agents})
		if err != nil {
			return
		}
		_ = fakecli.CheckRequest(rec, a, nil)
		own, err := fakecli.ParseArgs(rec.Version, rec.Args)
		if err != nil {
			t.Fatal(err)
		}
		if err := fakecli.CheckRequest(rec, own, nil); err != nil {
			t.Fatalf("the recording's own command line: %v", err)
		}
	})
}
