package clienv

import (
	"strings"
	"testing"
)

func TestBuildIsClean(t *testing.T) {
	t.Parallel()
	parent := map[string]string{
		"PATH":                    "/usr/bin:/bin",
		"LANG":                    "C.UTF-8",
		"ANTHROPIC_API_KEY":       "sk-real",
		"ANTHROPIC_BASE_URL":      "https://api.anthropic.com",
		"CLAUDE_CONFIG_DIR":       "/root/.claude",
		"CLAUDE_CODE_USE_BEDROCK": "1",
		"HOME":                    "/root",
		"HTTPS_PROXY":             "http://proxy:3128",
		"CI":                      "true",
	}
	lookup := func(k string) (string, bool) { v, ok := parent[k]; return v, ok }
	env := Build(lookup, "/h", "/h/.claude", "/t", "ANTHROPIC_BASE_URL=http://127.0.0.1:1", "DISABLE_TELEMETRY=0")
	got := map[string]string{}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		if _, dup := got[k]; dup {
			t.Errorf("%s set twice", k)
		}
		got[k] = v
	}
	want := map[string]string{
		"PATH":                "/usr/bin:/bin",
		"LANG":                "C.UTF-8",
		"HOME":                "/h",
		"CLAUDE_CONFIG_DIR":   "/h/.claude",
		"TMPDIR":              "/t",
		"CLAUDE_CODE_TMPDIR":  "/t",
		"ANTHROPIC_BASE_URL":  "http://127.0.0.1:1",
		"DISABLE_TELEMETRY":   "0",
		"DISABLE_AUTOUPDATER": "1",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
		"DISABLE_ERROR_REPORTING":                  "1",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
	for _, k := range []string{"ANTHROPIC_API_KEY", "CLAUDE_CODE_USE_BEDROCK", "HTTPS_PROXY", "CI"} {
		if _, ok := got[k]; ok {
			t.Errorf("%s leaked from the parent", k)
		}
	}
}

func TestSealedNetwork(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		baseURL, noProxy string
	}{
		{"", "127.0.0.1,localhost,::1"},
		{"http://127.0.0.1:4567", "127.0.0.1,localhost,::1"},
		{"http://[::1]:4567", "127.0.0.1,localhost,::1"},
		{"http://stub.internal:8080/v1", "127.0.0.1,localhost,::1,stub.internal"},
		{"::not a url", "127.0.0.1,localhost,::1"},
	} {
		got := map[string]string{}
		for _, kv := range SealedNetwork(tc.baseURL) {
			k, v, _ := strings.Cut(kv, "=")
			got[k] = v
		}
		for _, k := range []string{"HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy"} {
			if got[k] != blackholeProxy {
				t.Errorf("%q: %s = %q", tc.baseURL, k, got[k])
			}
		}
		if got["NO_PROXY"] != tc.noProxy || got["no_proxy"] != tc.noProxy {
			t.Errorf("%q: NO_PROXY = %q, want %q", tc.baseURL, got["NO_PROXY"], tc.noProxy)
		}
	}
}
