package cliinstall

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestCheckVersion(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		v  string
		ok bool
	}{
		{"2.1.330", true},
		{"2.1.37", true},
		{"0.0.1", true},
		{"1.0.0-beta.2", true},
		{"", false},
		{"latest", false},
		{"^2.1.0", false},
		{"2.1", false},
		{"02.1.3", false},
		{"2.1.3 ", false},
		{"2.1.3;rm -rf /", false},
		{"../2.1.3", false},
	} {
		err := checkVersion(tc.v)
		if (err == nil) != tc.ok {
			t.Errorf("checkVersion(%q) = %v, want ok=%v", tc.v, err, tc.ok)
		}
		if err != nil && !errors.Is(err, ErrInvalidVersion) {
			t.Errorf("checkVersion(%q) = %v, does not wrap ErrInvalidVersion", tc.v, err)
		}
	}
}

func TestParseVersionOutput(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		out, want string
		ok        bool
	}{
		{"2.1.330 (Claude Code)\n", "2.1.330", true},
		{"2.1.37 (Claude Code)", "2.1.37", true},
		{"warning: something\n1.0.0 (Claude Code)\n", "1.0.0", true},
		{"", "", false},
		{"error: unknown option '--version'", "", false},
	} {
		got, ok := parseVersionOutput(tc.out)
		if got != tc.want || ok != tc.ok {
			t.Errorf("parseVersionOutput(%q) = %q, %v; want %q, %v", tc.out, got, ok, tc.want, tc.ok)
		}
	}
}

func TestVersionEnvVar(t *testing.T) {
	t.Parallel()
	for v, want := range map[string]string{
		"2.1.37":       "CCWIRE_CLAUDE_2_1_37",
		"2.1.330":      "CCWIRE_CLAUDE_2_1_330",
		"1.0.0-beta.2": "CCWIRE_CLAUDE_1_0_0_BETA_2",
	} {
		if got := versionEnvVar(v); got != want {
			t.Errorf("versionEnvVar(%q) = %q, want %q", v, got, want)
		}
	}
}

// Outputs captured from npm 11.
const (
	npmETARGET = `npm warn Unknown user config "nodedir". This will stop working in the next major version of npm.
npm error code ETARGET
npm error notarget No matching version found for @anthropic-ai/claude-code@9.9.9.
npm error notarget In most cases you or one of your dependencies are requesting a package version that doesn't exist.
npm error A complete log of this run can be found in: /root/.npm/_logs/2026-11-21T19_03_44_035Z-debug-0.log
`
	npmE404 = `npm error code E404
npm error 404 Not Found - GET https://registry.npmjs.org/@anthropic-ai%2fclaude-code-nonexistent-pkg
npm error 404
npm error 404  The requested resource '@anthropic-ai/claude-code-nonexistent-pkg@1.0.0' could not be found or you do not have permission to access it.
npm error A complete log of this run can be found in: /root/.npm/_logs/x.log
`
	npmRefused = `npm error code ECONNREFUSED
npm error syscall connect
npm error errno ECONNREFUSED
npm error FetchError: request to http://127.0.0.1:1/@anthropic-ai%2fclaude-code failed, reason: connect ECONNREFUSED 127.0.0.1:1
npm error     at ClientRequest.<anonymous> (/usr/lib/node_modules/npm/node_modules/minipass-fetch/lib/index.js:130:14)
npm error     at process.processTicksAndRejections (node:internal/process/task_queues:83:21) {
npm error   code: 'ECONNREFUSED',
npm error   errno: 'ECONNREFUSED',
npm error   port: 1,
npm error   type: 'system',
npm error }
npm error
npm error If you are behind a proxy, please make sure that the 'proxy' config is set properly.  See: 'npm help config'
npm error A complete log of this run can be found in: /root/.npm/_logs/y.log
`
	npmOldETARGET = "npm ERR! code ETARGET\nnpm ERR! notarget No matching version found for x@1.\n"
	npmEACCES     = "npm error code EACCES\nnpm error syscall mkdir\n"
)

func TestClassifyNPM(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, stderr, code string
		kind               error
		summary            []string // lines the summary must hold
		notInSummary       []string
	}{
		{"ETARGET", npmETARGET, "ETARGET", ErrUnknownVersion, []string{"No matching version found"}, []string{"complete log", "nodedir"}},
		{"E404", npmE404, "E404", ErrUnknownVersion, []string{"could not be found"}, nil},
		{"refused", npmRefused, "ECONNREFUSED", ErrRegistry, []string{"FetchError: request to http://127.0.0.1:1", "proxy"}, []string{"minipass-fetch", "port: 1"}},
		{"old npm", npmOldETARGET, "ETARGET", ErrUnknownVersion, []string{"No matching version"}, nil},
		{"other", npmEACCES, "EACCES", nil, []string{"EACCES"}, nil},
		{"no code", "something broke\n", "", nil, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, kind := classifyNPM(tc.stderr)
			if code != tc.code || kind != tc.kind {
				t.Errorf("classifyNPM = %q, %v; want %q, %v", code, kind, tc.code, tc.kind)
			}
			e := &NPMError{Version: "9.9.9", ExitCode: 1, Code: code, Kind: kind, Stderr: tc.stderr}
			msg := e.Error()
			for _, s := range tc.summary {
				if !strings.Contains(msg, s) {
					t.Errorf("error lacks %q:\n%s", s, msg)
				}
			}
			for _, s := range tc.notInSummary {
				if strings.Contains(msg, s) {
					t.Errorf("error holds noise %q:\n%s", s, msg)
				}
			}
			if kind != nil && !errors.Is(e, kind) {
				t.Errorf("errors.Is(%v) = false", kind)
			}
		})
	}
}

func TestLockFileWaitsAndHonoursContext(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "x.lock")
	unlock, err := lockFile(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 200*time.Millisecond)
	defer cancel()
	if _, err := lockFile(ctx, path); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("second lock while held = %v, want deadline exceeded", err)
	}
	got := make(chan error, 1)
	go func() {
		u, err := lockFile(t.Context(), path)
		if err == nil {
			u()
		}
		got <- err
	}()
	unlock()
	if err := <-got; err != nil {
		t.Fatalf("lock after release = %v", err)
	}
}

func TestPinnedVersions(t *testing.T) {
	t.Parallel()
	if got := PinnedVersions(); !slices.Equal(got, []string{SeedVersion, DefaultVersion}) {
		t.Errorf("PinnedVersions() = %v", got)
	}
	for _, v := range PinnedVersions() {
		if err := checkVersion(v); err != nil {
			t.Error(err)
		}
	}
}

// TestFindEntryPlatformPackage checks the entry point of a version that
// ships its CLI in a platform package, for each platform the Agent SDKs run
// on: found when npm installed it, a typed error when npm left it out
// (bin/claude.exe is then a stub).
func TestFindEntryPlatformPackage(t *testing.T) {
	t.Parallel()
	const version = "2.1.999"
	for _, tt := range []struct {
		goos, goarch string
		platform     string // the platform package's name
		exe          string // the executable in it
	}{
		{"linux", "amd64", PackageName + "-linux-x64", "claude"},
		{"linux", "arm64", PackageName + "-linux-arm64", "claude"},
		{"darwin", "amd64", PackageName + "-darwin-x64", "claude"},
		{"darwin", "arm64", PackageName + "-darwin-arm64", "claude"},
		{"windows", "amd64", PackageName + "-win32-x64", "claude.exe"},
		{"windows", "arm64", PackageName + "-win32-arm64", "claude.exe"},
	} {
		layout := func(t *testing.T, withPlatform bool) string {
			root := t.TempDir()
			pkg := filepath.Join(root, "node_modules", filepath.FromSlash(PackageName))
			write := func(path, data string, mode os.FileMode) {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(data), mode); err != nil {
					t.Fatal(err)
				}
			}
			write(filepath.Join(pkg, "package.json"), `{"version":"`+version+`","bin":{"claude":"bin/claude.exe"},"optionalDependencies":{"`+tt.platform+`":"`+version+`"}}`, 0o644)
			write(filepath.Join(pkg, "bin", "claude.exe"), "echo \"Error: claude native binary not installed.\" >&2\nexit 1\n", 0o755)
			if withPlatform {
				// A script stands in for the platform's binary: it runs here
				// whatever its name.
				write(filepath.Join(root, "node_modules", filepath.FromSlash(tt.platform), tt.exe), "#!/bin/sh\necho '"+version+" (Claude Code)'\n", 0o755)
			}
			return root
		}
		c := newInstallConfig([]Option{WithLookupEnv(func(string) (string, bool) { return "", false })})
		c.goos, c.goarch = tt.goos, tt.goarch
		t.Run(tt.goos+"-"+tt.goarch, func(t *testing.T) {
			t.Parallel()
			if runtime.GOOS == "windows" {
				t.Skip("the stand-in binaries are shell scripts, which Windows does not run")
			}
			t.Run("installed", func(t *testing.T) {
				t.Parallel()
				root := layout(t, true)
				m, err := c.findEntry(t.Context(), root, version)
				if err != nil {
					t.Fatal(err)
				}
				if want := filepath.Join("node_modules", filepath.FromSlash(tt.platform), tt.exe); m.Entry != want || m.Node {
					t.Errorf("entry %+v, want %s", m, want)
				}
			})
			t.Run("left out", func(t *testing.T) {
				t.Parallel()
				_, err := c.findEntry(t.Context(), layout(t, false), version)
				if !errors.Is(err, ErrNoPlatformPackage) || !strings.Contains(err.Error(), tt.platform+"@"+version) {
					t.Fatalf("findEntry = %v, want ErrNoPlatformPackage naming %s@%s", err, tt.platform, version)
				}
			})
		})
	}
}
