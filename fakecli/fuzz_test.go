package fakecli_test

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/fakecli"
	"github.com/ccwire/ccwire/scenario"
)

// FuzzPlayerStdin feeds arbitrary stdin to a fake playing a permission
// scenario: it must end, with status 0 or 1, and never panic.
func FuzzPlayerStdin(f *testing.F) {
	dir := filepath.Join(recordingsDir, "2.1.37")
	rec, err := scenario.ReadRecording(filepath.Join(dir, "permission-prompt-allow"+scenario.RecordingExt))
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
