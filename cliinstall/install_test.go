package cliinstall_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ccwire/ccwire/cliinstall"
)

// installVersion is the version the npm tests install: the smaller download.
const installVersion = cliinstall.SeedVersion

// noEnv hides the process environment from an install, so a developer's
// CCWIRE_CLAUDE or CCWIRE_CACHE_DIR does not steer the test.
func noEnv(string) (string, bool) { return "", false }

// countingNPM writes an npm wrapper that counts its runs in a file and then
// runs the real npm. It returns the wrapper and a function reading the count.
func countingNPM(t *testing.T) (string, func() int) {
	t.Helper()
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Fatalf("npm is needed to test installs: %v", err)
	}
	dir := t.TempDir()
	count := filepath.Join(dir, "runs")
	wrapper := filepath.Join(dir, "npm")
	script := fmt.Sprintf("#!/bin/sh\necho run >> '%s'\nexec '%s' \"$@\"\n", count, npm)
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return wrapper, func() int {
		data, err := os.ReadFile(count)
		if errors.Is(err, os.ErrNotExist) {
			return 0
		}
		if err != nil {
			t.Fatal(err)
		}
		return strings.Count(string(data), "run\n")
	}
}

func installCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
	t.Cleanup(cancel)
	return ctx
}

func TestInstallIsIdempotent(t *testing.T) {
	t.Parallel()
	ctx := installCtx(t)
	npm, runs := countingNPM(t)
	cache := t.TempDir()
	opts := []cliinstall.Option{cliinstall.WithCacheDir(cache), cliinstall.WithNPM(npm), cliinstall.WithLookupEnv(noEnv)}

	if _, err := cliinstall.Locate(ctx, installVersion, opts...); !errors.Is(err, cliinstall.ErrNotInstalled) {
		t.Fatalf("Locate before install = %v, want ErrNotInstalled", err)
	}
	first, err := cliinstall.Install(ctx, installVersion, opts...)
	if err != nil {
		t.Fatal(err)
	}
	if first.Version != installVersion || first.Dir != filepath.Join(cache, "claude-code", installVersion) {
		t.Errorf("Install = %+v", first)
	}
	out, err := first.Command(ctx, "--version").Output()
	if err != nil || !strings.HasPrefix(string(out), installVersion+" ") {
		t.Errorf("%s --version = %q, %v", first, out, err)
	}
	second, err := cliinstall.Install(ctx, installVersion, opts...)
	if err != nil {
		t.Fatal(err)
	}
	located, err := cliinstall.Locate(ctx, installVersion, opts...)
	if err != nil {
		t.Fatal(err)
	}
	if second != first || located != first {
		t.Errorf("reinstall = %+v, locate = %+v, want %+v", second, located, first)
	}
	if n := runs(); n != 1 {
		t.Errorf("npm ran %d times, want 1", n)
	}
	entries, err := os.ReadDir(filepath.Join(cache, "claude-code"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".tmp-") {
			t.Errorf("temporary install folder %s left behind", e.Name())
		}
	}

	// A damaged install (its record is gone) is not used, and a new install
	// replaces it.
	if err := os.Remove(filepath.Join(first.Dir, "ccwire-install.json")); err != nil {
		t.Fatal(err)
	}
	if _, err := cliinstall.Locate(ctx, installVersion, opts...); !errors.Is(err, cliinstall.ErrNotInstalled) {
		t.Fatalf("Locate of a damaged install = %v, want ErrNotInstalled", err)
	}
	again, err := cliinstall.Install(ctx, installVersion, opts...)
	if err != nil {
		t.Fatal(err)
	}
	if again != first {
		t.Errorf("repair = %+v, want %+v", again, first)
	}
	if n := runs(); n != 2 {
		t.Errorf("npm ran %d times after the repair, want 2", n)
	}
}

// installHelperEnv makes the test binary an installer process (see TestMain).
const installHelperEnv = "CCWIRE_TEST_INSTALL_HELPER"

// runInstallHelper installs for a parent test when the test binary runs as a
// helper process; it reports whether it did.
func runInstallHelper() bool {
	spec := os.Getenv(installHelperEnv)
	if spec == "" {
		return false
	}
	cache, npm, _ := strings.Cut(spec, string(os.PathListSeparator))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	b, err := cliinstall.Install(ctx, installVersion, cliinstall.WithCacheDir(cache), cliinstall.WithNPM(npm), cliinstall.WithLookupEnv(noEnv))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println(b.Path)
	os.Exit(0)
	return true
}

func TestInstallConcurrently(t *testing.T) {
	t.Parallel()
	ctx := installCtx(t)
	npm, runs := countingNPM(t)
	cache := t.TempDir()
	opts := []cliinstall.Option{cliinstall.WithCacheDir(cache), cliinstall.WithNPM(npm), cliinstall.WithLookupEnv(noEnv)}

	// Two goroutines and another process install the same version at once.
	const goroutines = 2
	paths := make([]string, goroutines+1)
	errs := make([]error, goroutines+1)
	var wg sync.WaitGroup
	for i := range goroutines {
		wg.Go(func() {
			b, err := cliinstall.Install(ctx, installVersion, opts...)
			paths[i], errs[i] = b.Path, err
		})
	}
	wg.Go(func() {
		cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), installHelperEnv+"="+cache+string(os.PathListSeparator)+npm)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			err = fmt.Errorf("install process: %w: %s", err, stderr.String())
		}
		paths[goroutines], errs[goroutines] = strings.TrimSpace(string(out)), err
	})
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("installer %d: %v", i, err)
		}
		if paths[i] != paths[0] {
			t.Errorf("installer %d got %s, installer 0 got %s", i, paths[i], paths[0])
		}
	}
	if n := runs(); n != 1 {
		t.Errorf("npm ran %d times for %d concurrent installs, want 1", n, len(errs))
	}
}

func TestInstallFailures(t *testing.T) {
	t.Parallel()
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Fatalf("npm is needed to test installs: %v", err)
	}
	// A registry that refuses every request, and an address nobody listens on.
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

	for _, tc := range []struct {
		name    string
		version string
		opts    []cliinstall.Option
		want    error
		code    string
	}{
		{name: "unknown version", version: "9.9.9", want: cliinstall.ErrUnknownVersion, code: "ETARGET"},
		{name: "registry refuses", version: installVersion, want: cliinstall.ErrRegistry, code: "E403",
			opts: []cliinstall.Option{cliinstall.WithNPMArgs("--registry="+refusing.URL+"/", "--fetch-retries=0", "--prefer-online")}},
		{name: "registry unreachable", version: installVersion, want: cliinstall.ErrRegistry, code: "ECONNREFUSED",
			opts: []cliinstall.Option{cliinstall.WithNPMArgs("--registry=http://"+deadAddr+"/", "--fetch-retries=0", "--prefer-online")}},
		{name: "npm missing", version: installVersion, want: cliinstall.ErrNPMNotFound,
			opts: []cliinstall.Option{cliinstall.WithNPM(filepath.Join(t.TempDir(), "no-npm"))}},
		{name: "not exact", version: "latest", want: cliinstall.ErrInvalidVersion},
		{name: "range", version: "^2.1.0", want: cliinstall.ErrInvalidVersion},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cache := t.TempDir()
			opts := append([]cliinstall.Option{cliinstall.WithCacheDir(cache), cliinstall.WithNPM(npm), cliinstall.WithLookupEnv(noEnv)}, tc.opts...)
			_, err := cliinstall.Install(installCtx(t), tc.version, opts...)
			if !errors.Is(err, tc.want) {
				t.Fatalf("Install(%q) = %v, want %v", tc.version, err, tc.want)
			}
			if tc.code != "" {
				var npmErr *cliinstall.NPMError
				if !errors.As(err, &npmErr) || npmErr.Code != tc.code {
					t.Fatalf("Install(%q) = %#v, want an *NPMError with code %s", tc.version, err, tc.code)
				}
			}
			t.Logf("%v", err)
			entries, _ := os.ReadDir(filepath.Join(cache, "claude-code"))
			for _, e := range entries {
				if e.IsDir() {
					t.Errorf("failed install left %s behind", e.Name())
				}
			}
		})
	}
}

// fakeCLI writes a script that answers --version like Claude Code of version.
func fakeCLI(t *testing.T, dir, version string) string {
	t.Helper()
	path := filepath.Join(dir, "claude-"+version)
	script := fmt.Sprintf("#!/bin/sh\n[ \"$1\" = --version ] && echo '%s (Claude Code)' && exit 0\necho \"unknown option $1\" >&2\nexit 1\n", version)
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestExplicitBinary(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	v1 := fakeCLI(t, dir, "1.2.3")
	v2 := fakeCLI(t, dir, "4.5.6")
	broken := filepath.Join(dir, "broken")
	if err := os.WriteFile(broken, []byte("#!/bin/sh\necho oops >&2\nexit 3\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	env := func(kv map[string]string) cliinstall.Option {
		return cliinstall.WithLookupEnv(func(k string) (string, bool) { v, ok := kv[k]; return v, ok })
	}
	for _, tc := range []struct {
		name     string
		version  string
		opts     []cliinstall.Option
		wantPath string
		wantErr  error
	}{
		{"option", "1.2.3", []cliinstall.Option{cliinstall.WithBinaryPath(v1)}, v1, nil},
		{"option any version", "", []cliinstall.Option{cliinstall.WithBinaryPath(v2)}, v2, nil},
		{"option beats env", "1.2.3", []cliinstall.Option{cliinstall.WithBinaryPath(v1), env(map[string]string{"CCWIRE_CLAUDE": v2})}, v1, nil},
		{"env", "4.5.6", []cliinstall.Option{env(map[string]string{"CCWIRE_CLAUDE": v2})}, v2, nil},
		{"version env beats env", "1.2.3", []cliinstall.Option{env(map[string]string{"CCWIRE_CLAUDE": v2, "CCWIRE_CLAUDE_1_2_3": v1})}, v1, nil},
		{"mismatch", "1.2.3", []cliinstall.Option{env(map[string]string{"CCWIRE_CLAUDE": v2})}, "", cliinstall.ErrVersionMismatch},
		{"broken", "", []cliinstall.Option{cliinstall.WithBinaryPath(broken)}, "", nil},
		{"missing", "", []cliinstall.Option{cliinstall.WithBinaryPath(filepath.Join(dir, "nope"))}, "", os.ErrNotExist},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			opts := append([]cliinstall.Option{cliinstall.WithCacheDir(t.TempDir()), cliinstall.WithNPM("/nonexistent/npm")}, tc.opts...)
			for _, f := range []func(context.Context, string, ...cliinstall.Option) (cliinstall.Binary, error){cliinstall.Install, cliinstall.Locate} {
				b, err := f(t.Context(), tc.version, opts...)
				if tc.wantPath == "" {
					if err == nil || (tc.wantErr != nil && !errors.Is(err, tc.wantErr)) {
						t.Fatalf("= %+v, %v; want error %v", b, err, tc.wantErr)
					}
					t.Logf("%v", err)
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				if b.Path != tc.wantPath || b.Node != "" || b.Dir != "" {
					t.Errorf("= %+v, want path %s", b, tc.wantPath)
				}
			}
		})
	}
}

func TestCacheDir(t *testing.T) {
	t.Parallel()
	env := cliinstall.WithLookupEnv(func(k string) (string, bool) {
		if k == cliinstall.EnvCacheDir {
			return "/from/env", true
		}
		return "", false
	})
	if got, err := cliinstall.CacheDir(env); err != nil || got != "/from/env/claude-code" {
		t.Errorf("CacheDir(env) = %q, %v", got, err)
	}
	if got, err := cliinstall.CacheDir(env, cliinstall.WithCacheDir("/opt")); err != nil || got != "/opt/claude-code" {
		t.Errorf("CacheDir(option) = %q, %v", got, err)
	}
	user, userErr := os.UserCacheDir()
	got, err := cliinstall.CacheDir(cliinstall.WithLookupEnv(noEnv))
	if userErr != nil {
		if err == nil {
			t.Errorf("CacheDir() = %q without a user cache folder (%v), want an error", got, userErr)
		}
	} else if err != nil || got != filepath.Join(user, "ccwire", "claude-code") {
		t.Errorf("CacheDir() = %q, %v", got, err)
	}
}

// TestExplicitNPMShim checks that an explicit binary given as the claude.cmd
// shim npm writes on Windows runs the program the shim names: cli.js with
// Node for the JavaScript versions, bin/claude.exe for the native ones. The
// shims in testdata are what npm's cmd-shim 8.0.0 writes into
// node_modules/.bin.
func TestExplicitNPMShim(t *testing.T) {
	t.Parallel()
	pkg := filepath.Join("@anthropic-ai", "claude-code")
	for _, tc := range []struct {
		name   string
		shim   string // in testdata
		target string // under node_modules
		script string
		node   bool
	}{
		{"node", "npm-shim-node.cmd", filepath.Join(pkg, "cli.js"), "console.log('1.2.3 (Claude Code)')\n", true},
		{"native", "npm-shim-native.cmd", filepath.Join(pkg, "bin", "claude.exe"), "#!/bin/sh\necho '1.2.3 (Claude Code)'\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if !tc.node && runtime.GOOS == "windows" {
				t.Skip("the stand-in native binary is a shell script, which Windows does not run")
			}
			modules := t.TempDir()
			shim, err := os.ReadFile(filepath.Join("testdata", tc.shim))
			if err != nil {
				t.Fatal(err)
			}
			for path, data := range map[string][]byte{
				filepath.Join(modules, ".bin", "claude.cmd"): shim,
				filepath.Join(modules, tc.target):            []byte(tc.script),
			} {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, data, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			b, err := cliinstall.Locate(t.Context(), "1.2.3", cliinstall.WithBinaryPath(filepath.Join(modules, ".bin", "claude.cmd")), cliinstall.WithLookupEnv(noEnv))
			if err != nil {
				t.Fatal(err)
			}
			if want := filepath.Join(modules, tc.target); b.Path != want || (b.Node != "") != tc.node || b.Version != "1.2.3" {
				t.Errorf("= %+v, want path %s run by node: %v", b, want, tc.node)
			}
		})
	}
	t.Run("not a shim", func(t *testing.T) {
		t.Parallel()
		path := filepath.Join(t.TempDir(), "claude.cmd")
		if err := os.WriteFile(path, []byte("@echo 1.2.3 (Claude Code)\r\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		_, err := cliinstall.Locate(t.Context(), "", cliinstall.WithBinaryPath(path), cliinstall.WithLookupEnv(noEnv))
		if err == nil || !strings.Contains(err.Error(), "not an npm shim") {
			t.Fatalf("Locate = %v, want an error saying it is not an npm shim", err)
		}
	})
}
