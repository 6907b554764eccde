package cliinstall_test

import (
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/cliinstall"
)

func TestResolve(t *testing.T) {
	t.Parallel()
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Fatalf("npm is needed to test dist-tags: %v", err)
	}
	// A registry that knows the package with two dist-tags, one that
	// refuses every request, and an address nobody listens on.
	registry := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.Contains(r.URL.Path, "claude-code") {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"name":"@anthropic-ai/claude-code","dist-tags":{"latest":"2.1.331","next":"2.2.0-beta.1"},` +
			`"versions":{"2.1.331":{"name":"@anthropic-ai/claude-code","version":"2.1.331"},"2.2.0-beta.1":{"name":"@anthropic-ai/claude-code","version":"2.2.0-beta.1"}}}`))
	}))
	t.Cleanup(registry.Close)
	refusing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "forbidden", http.StatusForbidden)
	}))
	t.Cleanup(refusing.Close)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	deadAddr := l.Addr().String()
	l.Close()
	reg := func(url string) cliinstall.Option {
		return cliinstall.WithNPMArgs("--registry="+url+"/", "--fetch-retries=0", "--prefer-online", "--cache="+t.TempDir())
	}
	noNPM := cliinstall.WithNPM(filepath.Join(t.TempDir(), "no-npm"))

	for _, tc := range []struct {
		name, spec, want string
		opts             []cliinstall.Option
		err              error
	}{
		{name: "exact version, no npm", spec: "2.1.37", want: "2.1.37", opts: []cliinstall.Option{noNPM}},
		{name: "prerelease, no npm", spec: "2.2.0-beta.1", want: "2.2.0-beta.1", opts: []cliinstall.Option{noNPM}},
		{name: "empty is the default", spec: "", want: cliinstall.DefaultVersion, opts: []cliinstall.Option{noNPM}},
		{name: "latest", spec: cliinstall.LatestTag, want: "2.1.331", opts: []cliinstall.Option{reg(registry.URL)}},
		{name: "another tag", spec: "next", want: "2.2.0-beta.1", opts: []cliinstall.Option{reg(registry.URL)}},
		{name: "unknown tag", spec: "stable", opts: []cliinstall.Option{reg(registry.URL)}, err: cliinstall.ErrUnknownTag},
		{name: "range", spec: "^2.1.0", opts: []cliinstall.Option{noNPM}, err: cliinstall.ErrInvalidVersion},
		{name: "npm missing", spec: "latest", opts: []cliinstall.Option{noNPM}, err: cliinstall.ErrNPMNotFound},
		{name: "registry refuses", spec: "latest", opts: []cliinstall.Option{reg(refusing.URL)}, err: cliinstall.ErrRegistry},
		{name: "registry unreachable", spec: "latest", opts: []cliinstall.Option{reg("http://" + deadAddr)}, err: cliinstall.ErrRegistry},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			opts := append([]cliinstall.Option{cliinstall.WithNPM(npm)}, tc.opts...)
			got, err := cliinstall.Resolve(installCtx(t), tc.spec, opts...)
			if tc.err == nil {
				if err != nil || got != tc.want {
					t.Fatalf("Resolve(%q) = %q, %v; want %q", tc.spec, got, err, tc.want)
				}
				return
			}
			if !errors.Is(err, tc.err) {
				t.Fatalf("Resolve(%q) = %q, %v; want an error wrapping %v", tc.spec, got, err, tc.err)
			}
			var re *cliinstall.ResolveError
			if !errors.Is(tc.err, cliinstall.ErrInvalidVersion) && !errors.As(err, &re) {
				t.Errorf("Resolve(%q) error %T is not a *ResolveError", tc.spec, err)
			}
			if errors.Is(tc.err, cliinstall.ErrUnknownTag) && !strings.Contains(err.Error(), "latest=2.1.331") {
				t.Errorf("the error does not list the tags there are: %v", err)
			}
			t.Logf("%v", err)
		})
	}
}
