package fakecli_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/fakecli"
)

// envAgentSDKDir is where `make test` installs the TypeScript Agent SDK
// (the Makefile's agent-sdk target); default agent-sdk-npm in ccwire's cache.
const envAgentSDKDir = "CCWIRE_AGENT_SDK_DIR"

// agentSDK returns the SDK's entry module, skipping the test (failing it
// in CI) when the SDK or node is missing.
func agentSDK(t *testing.T) string {
	t.Helper()
	missing := func(format string, args ...any) string {
		t.Helper()
		if os.Getenv("CI") == "true" {
			t.Fatalf(format, args...)
		}
		t.Skipf(format+"; run `make test` (or `make agent-sdk`) to install it", args...)
		return ""
	}
	dir := os.Getenv(envAgentSDKDir)
	if dir == "" {
		cache, err := cliinstall.CacheDir()
		if err != nil {
			return missing("no cache folder for the Agent SDK: %v", err)
		}
		dir = filepath.Join(filepath.Dir(cache), "npm-agent-sdk")
	}
	entry := filepath.Join(dir, "node_modules", "@anthropic-ai", "claude-agent-sdk", "sdk.mjs")
	if _, err := os.Stat(entry); err != nil {
		return missing("the TypeScript Agent SDK is not installed in %s", dir)
	}
	if _, err := exec.LookPath("node"); err != nil {
		return missing("no node to run the Agent SDK: %v", err)
	}
	return entry
}

// TestAgentSDK runs the official TypeScript Agent SDK against the fake
// through its CLI-path option (a `ccwire fake-cli install` script that
// runs the test binary as ccwire): a one-shot query, a two-turn stream, an
// interrupt mid-turn (q.interrupt() on the first text delta, then another
// turn) and permission round trips with canUseTool, on both recorded
// versions.
func TestAgentSDK(t *testing.T) {
	t.Parallel()
	entry := agentSDK(t)
	recs, err := filepath.Abs(recordingsDir)
	if err != nil {
		t.Fatal(err)
	}
	script, err := fakecli.Install(t.TempDir(), map[string]string{fakecli.EnvRecordings: recs})
	if err != nil {
		t.Fatal(err)
	}
	for _, version := range []string{"2.1.37", "2.1.330"} {
		for _, tc := range []struct {
			mode, scenario string
			results        int
			asked, denials int
			texts          []string
			subtypes       []string // of the results; default all success
		}{
			{mode: "interrupt", scenario: "interrupt-stalled-stream", results: 2, subtypes: []string{"error_during_execution", "success"}, texts: []string{"", "This is a long answer that stalls."}},
			{mode: "oneshot", scenario: "text-simple", results: 1, texts: []string{"Hello!"}},
			{mode: "multi", scenario: "multi-turn", results: 2},
			{mode: "permission-allow", scenario: "permission-prompt-allow", results: 1, asked: 1},
			{mode: "permission-deny", scenario: "permission-prompt-allow", results: 1, asked: 1, denials: 1},
		} {
			t.Run(version+"/"+tc.mode, func(t *testing.T) {
				t.Parallel()
				ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
				defer cancel()
				cmd := exec.CommandContext(ctx, "node", filepath.Join("testdata", "sdk.mjs"), tc.mode)
				cmd.Env = append(os.Environ(), "SDK_ENTRY="+entry, "FAKE_CLAUDE="+script, asCLIEnv+"=ccwire",
					fakecli.EnvScenario+"="+tc.scenario, fakecli.EnvCLIVersion+"="+version)
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				out, err := cmd.Output()
				if err != nil {
					t.Fatalf("node: %v\nstderr (tail): %s\nstdout: %s", err, tail(stderr.String(), 1500), out)
				}
				var results []map[string]any
				var done map[string]any
				sc := bufio.NewScanner(bytes.NewReader(out))
				sc.Buffer(nil, 16<<20)
				var types []string
				for sc.Scan() {
					var m map[string]any
					if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
						t.Fatalf("SDK output %q: %v", sc.Text(), err)
					}
					types = append(types, typeOf(m))
					switch {
					case m["done"] == true:
						done = m
					case m["type"] == "result":
						results = append(results, m)
					}
				}
				if done == nil {
					t.Fatalf("the SDK did not finish; messages %v\nstderr: %s", types, stderr.String())
				}
				if len(results) != tc.results {
					t.Fatalf("%d results, want %d; messages %v", len(results), tc.results, types)
				}
				for i, want := range tc.texts {
					if want != "" && results[i]["result"] != want {
						t.Errorf("result %d: %v, want %q", i+1, results[i]["result"], want)
					}
				}
				for i, r := range results {
					want := "success"
					if i < len(tc.subtypes) {
						want = tc.subtypes[i]
					}
					if r["subtype"] != want {
						t.Errorf("result %d: subtype %v, want %s", i+1, r["subtype"], want)
					}
				}
				if asked := int(done["asked"].(float64)); asked != tc.asked {
					t.Errorf("canUseTool called %d times, want %d", asked, tc.asked)
				}
				last := results[len(results)-1]
				if d, _ := last["permission_denials"].([]any); len(d) != tc.denials {
					t.Errorf("permission_denials %v, want %d", last["permission_denials"], tc.denials)
				}
				if init := types[0]; init != "system/init" {
					t.Errorf("first message %s, want system/init; messages %v", init, types)
				}
				if s := stderr.String(); strings.Contains(s, "ccwire fake-cli") {
					t.Errorf("the fake complained: %s", s)
				}
			})
		}
	}
}

func typeOf(m map[string]any) string {
	t, _ := m["type"].(string)
	if s, ok := m["subtype"].(string); ok {
		t += "/" + s
	}
	return t
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}
