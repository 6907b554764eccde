// Command claude-fake is a fake Claude Code CLI: it plays ccwire's
// recordings of the real CLI's stream-json sessions, built in, so that
// tests of programs that drive Claude Code run without Node.js, an API key
// or a network. Build it under the name the program looks for:
//
//	go build -o bin/claude github.com/ccwire/ccwire/cmd/claude-fake
//	CCWIRE_FAKE_SCENARIO=text-simple PATH=$PWD/bin:$PATH your-tests
//
// It takes the CLI's flags, and --scenario, --cli-version, --recordings
// and --embedded (or the CCWIRE_FAKE_* environment variables); see
// package fakecli and docs/fake-cli.md.
package main

import (
	"context"
	"os"

	"github.com/ccwire/ccwire/corpus"
	"github.com/ccwire/ccwire/fakecli"
)

func main() {
	// SIGINT and SIGTERM are the played CLI's to react to, as it does.
	signals, stop := fakecli.Signals()
	code := fakecli.Main(context.Background(), os.Args[1:], fakecli.Stdio{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}, fakecli.Config{Embedded: corpus.Recordings, Signals: signals})
	stop()
	os.Exit(code)
}
