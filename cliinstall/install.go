package cliinstall

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/ccwire/ccwire/internal/clienv"
	"github.com/ccwire/ccwire/internal/tempdir"
)

// Environment variables the installer reads.
const (
	// EnvCacheDir overrides ccwire's cache root (default: ccwire under
	// [os.UserCacheDir]); versions live in <root>/claude-code/<version>.
	EnvCacheDir = "CCWIRE_CACHE_DIR"
	// EnvBinary names an explicit Claude Code binary (a native executable or
	// cli.js) to use instead of the cache. EnvBinary + "_" + the version with
	// dots as underscores (CCWIRE_CLAUDE_2_1_37) names one for a single
	// version and takes precedence.
	EnvBinary = "CCWIRE_CLAUDE"
)

// Option configures [Install], [Locate] and [CacheDir].
type Option func(*installConfig)

type installConfig struct {
	cacheDir  string
	binary    string
	npm       string
	node      string
	npmArgs   []string
	logger    *slog.Logger
	lookupEnv func(string) (string, bool)
	timeout   time.Duration
	// goos and goarch choose the platform package of a native CLI: the
	// running program's, or another's in tests.
	goos, goarch string
}

// WithCacheDir sets ccwire's cache root; versions live in
// <dir>/claude-code/<version>. It overrides CCWIRE_CACHE_DIR.
func WithCacheDir(dir string) Option {
	return func(c *installConfig) { c.cacheDir = dir }
}

// WithBinaryPath uses an explicit Claude Code binary (a native executable, or
// a cli.js that Node runs) instead of the cache; it is checked with
// --version. It overrides CCWIRE_CLAUDE and CCWIRE_CLAUDE_<version>.
func WithBinaryPath(path string) Option {
	return func(c *installConfig) { c.binary = path }
}

// WithNPM sets the npm executable (default: npm on PATH).
func WithNPM(path string) Option {
	return func(c *installConfig) { c.npm = path }
}

// WithNode sets the Node.js executable that runs JavaScript CLIs (default:
// node on PATH).
func WithNode(path string) Option {
	return func(c *installConfig) { c.node = path }
}

// WithNPMArgs adds arguments to npm install (and to the npm view that
// [Resolve] runs), such as "--registry=URL".
func WithNPMArgs(args ...string) Option {
	return func(c *installConfig) { c.npmArgs = append(c.npmArgs, args...) }
}

// WithLogger sets the logger for install progress (default: discard).
func WithLogger(l *slog.Logger) Option {
	return func(c *installConfig) { c.logger = l }
}

// WithLookupEnv sets how CCWIRE_CACHE_DIR and CCWIRE_CLAUDE* are read
// (default: [os.LookupEnv]); tests pass a map's lookup to run in parallel.
func WithLookupEnv(lookup func(key string) (string, bool)) Option {
	return func(c *installConfig) { c.lookupEnv = lookup }
}

// WithVerifyTimeout bounds each "--version" check (default 60s).
func WithVerifyTimeout(d time.Duration) Option {
	return func(c *installConfig) { c.timeout = d }
}

func newInstallConfig(opts []Option) *installConfig {
	c := &installConfig{timeout: 60 * time.Second, goos: runtime.GOOS, goarch: runtime.GOARCH}
	for _, o := range opts {
		o(c)
	}
	if c.lookupEnv == nil {
		c.lookupEnv = os.LookupEnv
	}
	if c.logger == nil {
		c.logger = slog.New(slog.DiscardHandler)
	}
	return c
}

// CacheDir returns the folder that holds installed versions:
// <root>/claude-code, where root is set by [WithCacheDir], else
// CCWIRE_CACHE_DIR, else ccwire under [os.UserCacheDir].
func CacheDir(opts ...Option) (string, error) {
	return newInstallConfig(opts).versionsDir()
}

func (c *installConfig) versionsDir() (string, error) {
	root := c.cacheDir
	if root == "" {
		root, _ = c.lookupEnv(EnvCacheDir)
	}
	if root == "" {
		user, err := os.UserCacheDir()
		if err != nil {
			return "", fmt.Errorf("cliinstall: no cache folder: %w; set %s", err, EnvCacheDir)
		}
		root = filepath.Join(user, "ccwire")
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		return "", fmt.Errorf("cliinstall: cache folder %q: %w", root, err)
	}
	return filepath.Join(abs, "claude-code"), nil
}

// explicitBinary returns the explicit binary chosen for version and where the
// choice came from, or "" if none.
func (c *installConfig) explicitBinary(version string) (path, source string) {
	if c.binary != "" {
		return c.binary, "WithBinaryPath"
	}
	if version != "" {
		key := versionEnvVar(version)
		if p, ok := c.lookupEnv(key); ok && p != "" {
			return p, key
		}
	}
	if p, ok := c.lookupEnv(EnvBinary); ok && p != "" {
		return p, EnvBinary
	}
	return "", ""
}

// Install returns the Claude Code CLI of the given exact version, installing
// it with npm into the cache if it is not there yet. An empty version means
// [DefaultVersion] (or whatever version an explicit binary has).
//
// A completed install is reused without running npm. Concurrent installs of
// one version, also from other processes, run npm once: they take a file lock,
// install into a temporary folder beside the final one and rename it into
// place. A fresh install is verified by running the CLI with --version.
//
// With an explicit binary ([WithBinaryPath], CCWIRE_CLAUDE_<version>,
// CCWIRE_CLAUDE) nothing is installed: the binary is checked with --version
// and must have the version asked for.
func Install(ctx context.Context, version string, opts ...Option) (Binary, error) {
	c := newInstallConfig(opts)
	if path, source := c.explicitBinary(version); path != "" {
		return c.useExplicit(ctx, path, source, version)
	}
	dir, version, err := c.cacheTarget(version)
	if err != nil {
		return Binary{}, err
	}
	if b, err := c.locateInstalled(dir, version); err == nil {
		return b, nil
	} else if !errors.Is(err, ErrNotInstalled) {
		return Binary{}, err // installing again would not help (node missing, unreadable cache)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Binary{}, fmt.Errorf("cliinstall: create cache folder: %w", err)
	}
	unlock, err := lockFile(ctx, filepath.Join(dir, "."+version+".lock"))
	if err != nil {
		return Binary{}, fmt.Errorf("cliinstall: lock the install of %s: %w", version, err)
	}
	defer unlock()
	// Another process may have finished the install while we waited.
	if b, err := c.locateInstalled(dir, version); err == nil {
		return b, nil
	} else if !errors.Is(err, ErrNotInstalled) {
		return Binary{}, err
	}
	return c.install(ctx, dir, version)
}

// Locate returns the Claude Code CLI of the given version if it is installed
// in the cache (or chosen explicitly), without installing anything. It
// returns an error wrapping [ErrNotInstalled] if the version is not in the
// cache. An empty version means [DefaultVersion].
func Locate(ctx context.Context, version string, opts ...Option) (Binary, error) {
	c := newInstallConfig(opts)
	if path, source := c.explicitBinary(version); path != "" {
		return c.useExplicit(ctx, path, source, version)
	}
	dir, version, err := c.cacheTarget(version)
	if err != nil {
		return Binary{}, err
	}
	return c.locateInstalled(dir, version)
}

// cacheTarget returns the cache folder holding the versions and the version
// to look for in it: [DefaultVersion] for an empty one, checked.
func (c *installConfig) cacheTarget(version string) (dir, v string, err error) {
	if version == "" {
		version = DefaultVersion
	}
	if err := checkVersion(version); err != nil {
		return "", "", err
	}
	dir, err = c.versionsDir()
	if err != nil {
		return "", "", err
	}
	return dir, version, nil
}

// useExplicit checks an explicitly chosen binary.
func (c *installConfig) useExplicit(ctx context.Context, path, source, version string) (Binary, error) {
	if version != "" {
		if err := checkVersion(version); err != nil {
			return Binary{}, err
		}
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return Binary{}, fmt.Errorf("cliinstall: binary from %s: %w", source, err)
	}
	if _, err := os.Stat(abs); err != nil {
		return Binary{}, fmt.Errorf("cliinstall: binary from %s: %w; fix the path or unset it", source, err)
	}
	if target, ok, err := shimTarget(abs); err != nil {
		return Binary{}, fmt.Errorf("cliinstall: binary from %s: %w", source, err)
	} else if ok {
		abs = target
	}
	b := Binary{Path: abs}
	if isScript(abs) {
		if b.Node, err = c.nodePath(); err != nil {
			return Binary{}, err
		}
	}
	got, err := c.verify(ctx, b, version)
	if err != nil {
		if ve, ok := errors.AsType[*VerifyError](err); ok {
			ve.Source = source
		}
		return Binary{}, err
	}
	b.Version = got
	c.logger.Debug("using explicit Claude Code binary", "path", abs, "version", got, "source", source)
	return b, nil
}

// nodePath finds the Node.js executable.
func (c *installConfig) nodePath() (string, error) {
	name := c.node
	if name == "" {
		name = "node"
	}
	p, err := exec.LookPath(name)
	if err != nil {
		return "", fmt.Errorf("cliinstall: this Claude Code version is a Node.js program but %q was not found: %w; install Node.js 18 or later", name, err)
	}
	return p, nil
}

// markerName is the file a completed install holds; it is written before the
// install is renamed into place, so its presence means "complete".
const markerName = "ccwire-install.json"

// installMarker records a completed install.
type installMarker struct {
	Package string `json:"package"`
	Version string `json:"version"`
	// Entry is the CLI's entry point, relative to the version's folder.
	Entry string `json:"entry"`
	// Node tells whether Entry is a JavaScript file Node runs.
	Node        bool      `json:"node"`
	InstalledAt time.Time `json:"installed_at"`
}

// locateInstalled reads a completed install of version from the cache.
func (c *installConfig) locateInstalled(dir, version string) (Binary, error) {
	vdir := filepath.Join(dir, version)
	data, err := os.ReadFile(filepath.Join(vdir, markerName))
	if errors.Is(err, fs.ErrNotExist) {
		return Binary{}, fmt.Errorf("cliinstall: Claude Code %s is not installed in %s; run `ccwire cli install %s`: %w", version, dir, version, ErrNotInstalled)
	}
	if err != nil {
		return Binary{}, fmt.Errorf("cliinstall: read install of %s: %w", version, err)
	}
	var m installMarker
	if err := json.Unmarshal(data, &m); err != nil || m.Version != version || m.Entry == "" || !filepath.IsLocal(m.Entry) {
		return Binary{}, fmt.Errorf("cliinstall: install record %s is damaged; delete %s and install again: %w", filepath.Join(vdir, markerName), vdir, ErrNotInstalled)
	}
	b := Binary{Version: version, Path: filepath.Join(vdir, m.Entry), Dir: vdir}
	if _, err := os.Stat(b.Path); err != nil {
		return Binary{}, fmt.Errorf("cliinstall: install of %s lacks its entry point: %w; delete %s and install again: %w", version, err, vdir, ErrNotInstalled)
	}
	if m.Node {
		if b.Node, err = c.nodePath(); err != nil {
			return Binary{}, err
		}
	}
	return b, nil
}

// install runs npm into a temporary folder in dir, verifies the result and
// renames it to dir/version. The caller holds the version's lock.
func (c *installConfig) install(ctx context.Context, dir, version string) (Binary, error) {
	npm := c.npm
	if npm == "" {
		npm = "npm"
	}
	npmPath, err := exec.LookPath(npm)
	if err != nil {
		return Binary{}, fmt.Errorf("cliinstall: cannot install Claude Code %s: %q not found (%v); install Node.js and npm, or point %s at an installed binary: %w", version, npm, err, EnvBinary, ErrNPMNotFound)
	}
	// Leftovers of installs that died midway; we hold the lock, so none is live.
	if stale, _ := filepath.Glob(filepath.Join(dir, ".tmp-"+version+"-*")); len(stale) > 0 {
		for _, s := range stale {
			_ = os.RemoveAll(s)
		}
	}
	tmp, err := os.MkdirTemp(dir, ".tmp-"+version+"-")
	if err != nil {
		return Binary{}, fmt.Errorf("cliinstall: create install folder: %w", err)
	}
	defer os.RemoveAll(tmp) // a no-op once renamed into place
	if err := os.Chmod(tmp, 0o755); err != nil {
		return Binary{}, fmt.Errorf("cliinstall: create install folder: %w", err)
	}

	args := append([]string{
		"install",
		"--prefix", tmp,
		"--engine-strict=false",
		"--no-audit",
		"--no-fund",
		"--no-update-notifier",
		"--save-exact",
	}, c.npmArgs...)
	args = append(args, PackageName+"@"+version)
	start := time.Now()
	c.logger.Info("installing Claude Code with npm", "version", version, "dir", filepath.Join(dir, version))
	cmd := exec.CommandContext(ctx, npmPath, args...)
	cmd.Dir = tmp
	var stderr bytes.Buffer
	cmd.Stdout = &stderr
	cmd.Stderr = &stderr
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return Binary{}, fmt.Errorf("cliinstall: npm install of %s interrupted: %w", version, context.Cause(ctx))
		}
		code, kind := classifyNPM(stderr.String())
		exit := -1
		if cmd.ProcessState != nil {
			exit = cmd.ProcessState.ExitCode()
		}
		return Binary{}, &NPMError{Version: version, Args: args, ExitCode: exit, Code: code, Stderr: stderr.String(), Kind: kind, Err: err}
	}
	m, err := c.findEntry(ctx, tmp, version)
	if err != nil {
		return Binary{}, err
	}
	m.InstalledAt = time.Now().UTC()
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return Binary{}, err
	}
	if err := os.WriteFile(filepath.Join(tmp, markerName), append(data, '\n'), 0o644); err != nil {
		return Binary{}, fmt.Errorf("cliinstall: record install: %w", err)
	}
	final := filepath.Join(dir, version)
	// A folder without a valid record is a damaged install; replace it.
	if _, err := os.Lstat(final); err == nil {
		if err := os.RemoveAll(final); err != nil {
			return Binary{}, fmt.Errorf("cliinstall: remove damaged install %s: %w", final, err)
		}
	}
	if err := os.Rename(tmp, final); err != nil {
		return Binary{}, fmt.Errorf("cliinstall: move install into place: %w", err)
	}
	c.logger.Info("installed Claude Code", "version", version, "dir", final, "took", time.Since(start).Round(time.Millisecond))
	return c.locateInstalled(dir, version)
}

// findEntry finds the CLI's entry point in a fresh npm install in root and
// verifies it. It tries the package's declared bin first (bin/claude.exe or
// cli.js), then the platform package's native binary, which is what
// bin/claude.exe is a copy of when npm ran the package's postinstall script.
func (c *installConfig) findEntry(ctx context.Context, root, version string) (installMarker, error) {
	pkgDir := filepath.Join(root, "node_modules", filepath.FromSlash(PackageName))
	data, err := os.ReadFile(filepath.Join(pkgDir, "package.json"))
	if err != nil {
		return installMarker{}, fmt.Errorf("cliinstall: npm reported success but %s is missing: %w", PackageName, err)
	}
	var pkg struct {
		Version              string            `json:"version"`
		Bin                  json.RawMessage   `json:"bin"`
		OptionalDependencies map[string]string `json:"optionalDependencies"`
	}
	if err := json.Unmarshal(data, &pkg); err != nil {
		return installMarker{}, fmt.Errorf("cliinstall: read %s's package.json: %w", PackageName, err)
	}
	if pkg.Version != version {
		return installMarker{}, fmt.Errorf("cliinstall: npm installed %s@%s, not %s: %w", PackageName, pkg.Version, version, ErrVersionMismatch)
	}
	var candidates []string
	var bin string
	var bins map[string]string
	if json.Unmarshal(pkg.Bin, &bin) == nil && bin != "" {
		candidates = append(candidates, filepath.Join(pkgDir, filepath.FromSlash(bin)))
	} else if json.Unmarshal(pkg.Bin, &bins) == nil && bins["claude"] != "" {
		candidates = append(candidates, filepath.Join(pkgDir, filepath.FromSlash(bins["claude"])))
	}
	npmPlatform, exe := nativePlatform(c.goos, c.goarch)
	var native []string
	if npmPlatform != "" {
		// linux-x64 and linux-x64-musl, whichever npm chose for this libc.
		native, _ = filepath.Glob(filepath.Join(root, "node_modules", filepath.FromSlash(PackageName)+"-"+npmPlatform+"*", exe))
		candidates = append(candidates, native...)
	}
	// A version that ships its CLI in platform packages, without the one
	// for this platform: npm leaves out an optional dependency it cannot
	// get, and bin/claude.exe stays a stub that says so.
	platform := PackageName + "-" + npmPlatform
	if _, declared := pkg.OptionalDependencies[platform]; declared && len(native) == 0 {
		return installMarker{}, fmt.Errorf("cliinstall: %s@%s ships its CLI in the platform package %s, which npm did not install; is %s@%s published? (`npm view %s@%s version`): %w",
			PackageName, version, platform, platform, version, platform, version, ErrNoPlatformPackage)
	}
	var errs []error
	for _, entry := range candidates {
		b := Binary{Path: entry}
		if isScript(entry) {
			if b.Node, err = c.nodePath(); err != nil {
				return installMarker{}, err
			}
		}
		if _, err := c.verify(ctx, b, version); err != nil {
			errs = append(errs, err)
			continue
		}
		rel, err := filepath.Rel(root, entry)
		if err != nil {
			return installMarker{}, err
		}
		return installMarker{Package: PackageName, Version: version, Entry: rel, Node: b.Node != ""}, nil
	}
	if len(errs) == 0 {
		return installMarker{}, fmt.Errorf("cliinstall: %s@%s declares no claude executable for %s/%s", PackageName, version, c.goos, c.goarch)
	}
	return installMarker{}, errors.Join(errs...)
}

// nativePlatform returns the platform a native CLI's npm package is named
// for on goos/goarch (@anthropic-ai/claude-code-<platform>: "linux-x64",
// "darwin-arm64", "win32-x64"), and the name of the executable in it
// ("claude", "claude.exe" on Windows); platform is "" for a pair Claude Code
// ships no binary for.
func nativePlatform(goos, goarch string) (platform, exe string) {
	arch := map[string]string{"amd64": "x64", "arm64": "arm64"}[goarch]
	system := map[string]string{"linux": "linux", "darwin": "darwin", "windows": "win32"}[goos]
	exe = "claude"
	if goos == "windows" {
		exe = "claude.exe"
	}
	if arch == "" || system == "" {
		return "", exe
	}
	return system + "-" + arch, exe
}

// verify runs the CLI with --version in a throwaway HOME and returns the
// version it reports; want, if not "", must match.
func (c *installConfig) verify(ctx context.Context, b Binary, want string) (string, error) {
	home, err := tempdir.Make("", "ccwire-claude-version-")
	if err != nil {
		return "", fmt.Errorf("cliinstall: %w", err)
	}
	defer os.RemoveAll(home)
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	cmd := b.Command(ctx, "--version")
	cmd.Dir = home
	cmd.Env = clienv.Build(os.LookupEnv, home, filepath.Join(home, ".claude"), home, clienv.SealedNetwork("")...)
	cmd.WaitDelay = 2 * time.Second
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", &VerifyError{Path: b.Path, Want: want, Output: string(out), Err: err}
	}
	got, ok := parseVersionOutput(string(out))
	if !ok {
		return "", &VerifyError{Path: b.Path, Want: want, Output: string(out), Err: errors.New("no version in the output")}
	}
	if want != "" && got != want {
		return "", &VerifyError{Path: b.Path, Want: want, Got: got, Output: string(out), Err: ErrVersionMismatch}
	}
	return strings.TrimSpace(got), nil
}
