package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/ccwire/ccwire/corpus"
	"github.com/ccwire/ccwire/fakecli"
)

// runFakeCLI runs a fake Claude Code CLI that plays a recording, or
// installs one as "claude" in a folder.
//
//	ccwire fake-cli [--scenario ID] [--cli-version V] [--recordings DIR | --embedded] [--chaos FAULTS] [CLI flags...]
//	ccwire fake-cli install [flags] DIR
func runFakeCLI(ctx context.Context, e env, args []string) int {
	if len(args) > 0 && args[0] == "install" {
		return runFakeCLIInstall(e, args[1:])
	}
	// SIGINT and SIGTERM are the played CLI's to react to, as it does:
	// they do not cancel the fake's context.
	signals, stop := fakecli.Signals()
	defer stop()
	return fakecli.Main(context.WithoutCancel(ctx), args, fakecli.Stdio{Stdin: e.stdin, Stdout: e.stdout, Stderr: e.stderr}, fakecli.Config{Embedded: corpus.Recordings, Signals: signals})
}

func fakeCLIInstallUsage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintln(w, `Usage: ccwire fake-cli install [flags] DIR

Writes DIR/claude, a script that runs this ccwire binary (copied to DIR/ccwire)
as a fake Claude Code CLI, for PATH or an SDK's CLI-path option. The flags
set the script's defaults; the CCWIRE_FAKE_* environment variables override them.

Flags:`)
	fs.SetOutput(w)
	fs.PrintDefaults()
}

// runFakeCLIInstall writes DIR/claude and DIR/ccwire.
func runFakeCLIInstall(e env, args []string) int {
	fs := flag.NewFlagSet("ccwire fake-cli install", flag.ContinueOnError)
	scenarioID := fs.String("scenario", "", "default scenario to play")
	version := fs.String("cli-version", "", "default CLI version (default: the newest recorded)")
	recDir := fs.String("recordings", "", "recordings folder (default: the ccwire module's the working folder is in)")
	embedded := fs.Bool("embedded", false, "play the recordings built into the binary")
	chaos := fs.String("chaos", "", "default faults to inject, `FAULT[@TURN],...` (see claude --help)")
	for _, a := range args {
		if a == "-h" || a == "-help" || a == "--help" {
			fakeCLIInstallUsage(e.stdout, fs)
			return 0
		}
	}
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(e.stderr, "ccwire fake-cli install: %v\n\n", err)
		fakeCLIInstallUsage(e.stderr, fs)
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprint(e.stderr, "ccwire fake-cli install: want one folder\n\n")
		fakeCLIInstallUsage(e.stderr, fs)
		return 2
	}
	dir, err := filepath.Abs(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(e.stderr, "ccwire fake-cli install: %v\n", err)
		return 1
	}
	if _, err := fakecli.ParseChaos(*chaos); err != nil {
		fmt.Fprintf(e.stderr, "ccwire fake-cli install: %v\n", err)
		return 2
	}
	env := map[string]string{fakecli.EnvScenario: *scenarioID, fakecli.EnvCLIVersion: *version, fakecli.EnvChaos: *chaos}
	switch {
	case *embedded:
		env[fakecli.EnvEmbedded] = "1"
	case *recDir != "":
		if env[fakecli.EnvRecordings], err = filepath.Abs(*recDir); err != nil {
			fmt.Fprintf(e.stderr, "ccwire fake-cli install: %v\n", err)
			return 1
		}
	default:
		if wd, err := os.Getwd(); err == nil {
			env[fakecli.EnvRecordings] = fakecli.ModuleRecordings(wd)
		}
	}
	claude, err := fakecli.Install(dir, env)
	if err != nil {
		fmt.Fprintf(e.stderr, "ccwire fake-cli install: %v\n", err)
		return 1
	}
	fmt.Fprintln(e.stdout, claude)
	return 0
}
