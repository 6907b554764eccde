// Command untyped lists the members that recordings hold and the protocol
// model does not type, each once, with the CLI versions and recordings
// that hold it: what to add to package protocol when a new CLI version's
// recordings land (see CONTRIBUTING.md, "Adding a member a new CLI release
// writes"). It prints what [FindUntyped] finds.
//
//	go run ./protocol/untyped [-recordings DIR] [-json] [VERSION...]
//
// With no VERSION it reads every version under DIR (default recordings).
// The exit code is 0 when the model types every member, 1 when it does
// not or the recordings cannot be read, 2 on usage errors.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"text/tabwriter"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run runs the command with args and returns its exit code.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("untyped", flag.ContinueOnError)
	dir := fs.String("recordings", "recordings", "the recordings folder")
	asJSON := fs.Bool("json", false, "print the list as JSON")
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintln(w, "Usage: go run ./protocol/untyped [-recordings DIR] [-json] [VERSION...]")
		fmt.Fprintln(w, "\nLists the members the recordings of the CLI versions (every version under DIR")
		fmt.Fprintln(w, "when none is given) hold and the protocol model does not type, each once, with")
		fmt.Fprintln(w, "the versions and recordings that hold it. Exit code: 0 when the model types")
		fmt.Fprintln(w, "every member, 1 when it does not or the recordings cannot be read, 2 on usage errors.")
		fmt.Fprintln(w, "\nFlags:")
		fs.PrintDefaults()
	}
	var usage bytes.Buffer
	fs.SetOutput(&usage)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			_, _ = stdout.Write(usage.Bytes())
			return 0
		}
		_, _ = stderr.Write(usage.Bytes())
		return 2
	}
	untyped, err := FindUntyped(ctx, *dir, fs.Args()...)
	if err != nil {
		fmt.Fprintln(stderr, "untyped:", err)
		return 1
	}
	if *asJSON {
		if untyped == nil {
			untyped = []Untyped{}
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(untyped); err != nil {
			fmt.Fprintln(stderr, "untyped:", err)
			return 1
		}
	} else {
		printTable(stdout, untyped)
	}
	if len(untyped) > 0 {
		return 1
	}
	return 0
}

// printTable writes the list as a table: the member, the versions that hold
// it, the number of lines and recordings, and where it was first seen.
func printTable(w io.Writer, untyped []Untyped) {
	if len(untyped) == 0 {
		fmt.Fprintln(w, "the protocol model types every recorded member")
		return
	}
	fmt.Fprintf(w, "%d members the protocol model does not type:\n\n", len(untyped))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "MEMBER\tCLI VERSIONS\tLINES\tRECORDINGS\tFIRST SEEN")
	for _, u := range untyped {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%s\n", u, strings.Join(u.Versions, " "), u.Count, len(u.Recordings), u.First)
	}
	tw.Flush()
}
