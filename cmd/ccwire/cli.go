package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"

	"github.com/ccwire/ccwire/cliinstall"
)

// runCLI installs pinned Claude Code CLI versions or prints where one is.
//
//	ccwire cli install [--cache-dir DIR] [--claude PATH] [VERSION...]
//	ccwire cli path [--cache-dir DIR] [--claude PATH] [VERSION]
func runCLI(ctx context.Context, e env, args []string) int {
	if len(args) == 0 {
		cliUsage(e.stderr)
		return 2
	}
	if isHelp(args[0]) {
		cliUsage(e.stdout)
		return 0
	}
	switch args[0] {
	case "install":
		return runCLIInstall(ctx, e, args[1:])
	case "path":
		return runCLIPath(ctx, e, args[1:])
	}
	fmt.Fprintf(e.stderr, "ccwire cli: unknown subcommand %q\n\n", args[0])
	cliUsage(e.stderr)
	return 2
}

func cliUsage(w io.Writer) {
	fmt.Fprintf(w, `Usage:
  ccwire cli install [flags] [VERSION...]   install Claude Code versions (default: the pinned %s)
  ccwire cli path [flags] [VERSION]         print the installed CLI's path (default version %s)

Versions are installed with npm into the cache (%s, default under the user cache folder)
and reused once complete. %s (or %s_<version>, e.g. %s_2_1_37) names an explicit
binary to use instead.

Run "ccwire cli install -h" for the flags.
`, cliinstall.PinnedVersions(), cliinstall.DefaultVersion, cliinstall.EnvCacheDir, cliinstall.EnvBinary, cliinstall.EnvBinary, cliinstall.EnvBinary)
}

// cliFlags are the flags both cli subcommands take.
type cliFlags struct {
	cacheDir string
	binary   string
	quiet    bool
}

func (f *cliFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.cacheDir, "cache-dir", "", "ccwire cache root (default $"+cliinstall.EnvCacheDir+" or the user cache folder)")
	fs.StringVar(&f.binary, "claude", "", "use this Claude Code binary (native executable or cli.js) instead of the cache")
	fs.BoolVar(&f.quiet, "q", false, "do not log install progress")
}

func (f *cliFlags) options(stderr io.Writer) []cliinstall.Option {
	var opts []cliinstall.Option
	if f.cacheDir != "" {
		opts = append(opts, cliinstall.WithCacheDir(f.cacheDir))
	}
	if f.binary != "" {
		opts = append(opts, cliinstall.WithBinaryPath(f.binary))
	}
	if !f.quiet {
		opts = append(opts, cliinstall.WithLogger(slog.New(slog.NewTextHandler(stderr, nil))))
	}
	return opts
}

func runCLIInstall(ctx context.Context, e env, args []string) int {
	fs := flag.NewFlagSet("ccwire cli install", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	var f cliFlags
	f.register(fs)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: ccwire cli install [flags] [VERSION...]\n\nInstalls each VERSION (an exact version or an npm dist-tag such as latest; default: %v) and prints \"VERSION PATH\" per line.\n\nFlags:\n", cliinstall.PinnedVersions())
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args, e); !ok {
		return code
	}
	versions := fs.Args()
	if len(versions) == 0 {
		versions = cliinstall.PinnedVersions()
	}
	opts := f.options(e.stderr)
	failed := false
	for _, v := range versions {
		v, err := cliinstall.Resolve(ctx, v, opts...)
		if err != nil {
			fmt.Fprintf(e.stderr, "ccwire cli install: %v\n", err)
			failed = true
			continue
		}
		b, err := cliinstall.Install(ctx, v, opts...)
		if err != nil {
			fmt.Fprintf(e.stderr, "ccwire cli install: %v\n", err)
			failed = true
			continue
		}
		fmt.Fprintf(e.stdout, "%s %s\n", b.Version, b.Path)
	}
	if failed {
		return 1
	}
	return 0
}

func runCLIPath(ctx context.Context, e env, args []string) int {
	fs := flag.NewFlagSet("ccwire cli path", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	var f cliFlags
	f.register(fs)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: ccwire cli path [flags] [VERSION]\n\nPrints the installed CLI's path (default version %s); fails if it is not installed.\n\nFlags:\n", cliinstall.DefaultVersion)
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args, e); !ok {
		return code
	}
	if fs.NArg() > 1 {
		fmt.Fprintln(e.stderr, "ccwire cli path: at most one VERSION")
		return 2
	}
	b, err := cliinstall.Locate(ctx, fs.Arg(0), f.options(e.stderr)...)
	if err != nil {
		fmt.Fprintf(e.stderr, "ccwire cli path: %v\n", err)
		return 1
	}
	fmt.Fprintln(e.stdout, b.Path)
	return 0
}
