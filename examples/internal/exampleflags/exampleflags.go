// Package exampleflags gives the example programs the flags they share and
// the [claude.Options] those flags stand for. With none of them an example
// runs as a program of the user's would: the `claude` on PATH, with the
// user's login, settings and working directory (zero claude.Options).
//
//   - -api URL points the CLI at another Anthropic API (ANTHROPIC_BASE_URL),
//     such as the fake one `ccwire stub --script examples/X/script.json`
//     serves;
//   - -claude-version V installs Claude Code V into ccwire's cache (with
//     npm, on first use) and runs it instead of the one on PATH;
//   - -isolate runs the CLI sealed off ([claude.Isolation]): a throwaway
//     HOME, config folder and working directory, a clean environment, a
//     dummy key and no network but the API of -api, which it needs.
package exampleflags

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/ccwire/ccwire/claude"
)

// Flags are the values of the shared flags.
type Flags struct {
	// API is -api: the Anthropic API base URL, "" for the CLI's own.
	API string
	// Version is -claude-version: the Claude Code version to install and
	// run, "" for the `claude` on PATH.
	Version string
	// Isolate is -isolate: run the CLI sealed off, against API.
	Isolate bool
}

// Register defines the shared flags on fs, storing their values in f.
func (f *Flags) Register(fs *flag.FlagSet) {
	fs.StringVar(&f.API, "api", "", "base `URL` of the Anthropic API the CLI talks to (default: the CLI's own, as the user set it up)")
	fs.StringVar(&f.Version, "claude-version", "", "Claude Code `version` to install (with npm, on first use) and run (default: the claude on PATH)")
	fs.BoolVar(&f.Isolate, "isolate", false, "run the CLI sealed off, as tests do: a throwaway HOME and folder, a dummy key, no network but -api (required)")
}

// errIsolateWithoutAPI is the usage error of -isolate without -api.
var errIsolateWithoutAPI = errors.New("-isolate needs -api: the sealed CLI reaches no API but that one")

// Options returns the client options f stands for: the zero value, the
// user's own Claude Code, unless a flag says otherwise.
func (f *Flags) Options() (claude.Options, error) {
	opts := claude.Options{Version: f.Version, BaseURL: f.API}
	if f.Isolate {
		if f.API == "" {
			return claude.Options{}, errIsolateWithoutAPI
		}
		opts.Isolation = &claude.Isolation{}
	}
	return opts, nil
}

// Parse registers the shared flags on [flag.CommandLine] next to those the
// program defined, parses the command line with usage heading the help,
// and returns the options the shared flags stand for. Help asked for (-h)
// goes to stdout and exits with status 0; a usage error goes to stderr,
// with the usage, and exits with status 2.
func Parse(usage string) claude.Options {
	var f Flags
	f.Register(flag.CommandLine)
	flag.Usage = func() {
		fmt.Fprint(flag.CommandLine.Output(), usage+"\nFlags:\n")
		flag.PrintDefaults()
	}
	flag.CommandLine.Init(flag.CommandLine.Name(), flag.ContinueOnError)
	var out bytes.Buffer
	flag.CommandLine.SetOutput(&out)
	err := flag.CommandLine.Parse(os.Args[1:])
	flag.CommandLine.SetOutput(os.Stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		os.Stdout.Write(out.Bytes())
		os.Exit(0)
	case err != nil:
		os.Stderr.Write(out.Bytes())
		os.Exit(2)
	}
	opts, err := f.Options()
	if err != nil {
		fmt.Fprintf(os.Stderr, "%v\n", err)
		flag.Usage()
		os.Exit(2)
	}
	return opts
}
