package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/transcript"
)

// runRender renders a stream-json transcript (or a recording) for people:
// a Markdown progress report by default, cut into comment-sized posts with
// -max-comment, followed live with -follow, or a self-contained HTML page
// with -html.
//
//	ccwire render [-html] [-follow [-interval D]] [-max-comment BYTES] [-json] FILE|-
//
// Exit code 0 on success, 1 when the file cannot be read or rendered, 2 on
// usage errors.
func runRender(ctx context.Context, e env, args []string) int {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	asHTML := fs.Bool("html", false, "write one self-contained HTML page instead of Markdown")
	follow := fs.Bool("follow", false, "follow a running CLI's stdout (a pipe) and print Markdown updates as it works")
	interval := fs.Duration("interval", 10*time.Second, "with -follow, the least time between two updates")
	var maxComment byteSize
	fs.Var(&maxComment, "max-comment", "cut the Markdown into comments of at most `BYTES` (suffixes KiB, MiB allowed; at least "+strconv.Itoa(transcript.MinComment)+")")
	asJSON := fs.Bool("json", false, `print each comment or update as a JSON line {"index":N,"markdown":"..."}`)
	usage := func(w io.Writer) {
		fmt.Fprintln(w, "Usage: ccwire render [-html] [-follow [-interval D]] [-max-comment BYTES] [-json] FILE|-")
		fmt.Fprintln(w, "\nRenders a stream-json transcript (the CLI's stdout; FILE - reads stdin) or a recording")
		fmt.Fprintln(w, "(.txtar) for people: a Markdown progress report, one section per turn and a closing")
		fmt.Fprintln(w, "summary. -max-comment cuts it into comments as a bot would post them; -follow reads a")
		fmt.Fprintln(w, "running CLI's stdout and prints updates no more often than -interval; -html writes one")
		fmt.Fprintln(w, "self-contained HTML page (a timeline of turns and tool calls, tokens and cost, search).")
		fmt.Fprintln(w, "Comments and updates are separated by a line <!-- ccwire: comment N -->, or with -json")
		fmt.Fprintln(w, "printed one JSON object a line.")
		fmt.Fprintln(w, "\nFlags:")
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(e.stderr)
	}
	if code, ok := parseCommandFlags(fs, args, e, usage); !ok {
		return code
	}
	usageError := func(msg string) int {
		fmt.Fprintf(e.stderr, "ccwire render: %s\n", msg)
		usage(e.stderr)
		return 2
	}
	switch {
	case fs.NArg() != 1:
		return usageError("give one FILE, or - for stdin")
	case maxComment != 0 && maxComment < transcript.MinComment:
		return usageError("-max-comment must be at least " + strconv.Itoa(transcript.MinComment))
	case *interval < 0:
		return usageError("-interval must not be negative")
	case *asHTML && (*follow || maxComment != 0 || *asJSON):
		return usageError("-html goes with none of -follow, -max-comment, -json")
	}

	name := fs.Arg(0)
	rd := transcript.NewReader(e.stdin, protocol.WithMaxLineSize(0))
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(e.stderr, "ccwire render: %v\n", err)
			return 1
		}
		defer f.Close()
		rd = transcript.NewReader(f, protocol.WithMaxLineSize(0)).FromFile(name)
	} else {
		name = "<stdin>"
	}
	msgs := rd.All()

	n := 0
	post := func(comment string) error {
		n++
		if *asJSON {
			return json.NewEncoder(e.stdout).Encode(struct {
				Index    int    `json:"index"`
				Markdown string `json:"markdown"`
			}{n, comment})
		}
		sep := ""
		if n > 1 {
			sep = "\n"
		}
		_, err := fmt.Fprintf(e.stdout, "%s<!-- ccwire: comment %d -->\n%s", sep, n, comment)
		return err
	}
	var err error
	switch {
	case *asHTML:
		title := fs.Arg(0)
		if title == "-" {
			title = "" // the default title
		}
		err = transcript.RenderHTML(e.stdout, msgs, transcript.HTMLOptions{Title: title})
	case *follow:
		err = transcript.Follow(ctx, msgs, transcript.FollowOptions{Interval: *interval, MaxComment: int(maxComment)}, post)
	case maxComment != 0 || *asJSON:
		err = transcript.RenderComments(msgs, transcript.Options{}, int(maxComment), post)
	default:
		err = transcript.RenderMarkdown(e.stdout, msgs, transcript.Options{})
	}
	if err != nil {
		if errors.Is(err, context.Canceled) {
			fmt.Fprintf(e.stderr, "ccwire render: %s: interrupted\n", name)
			return 1
		}
		fmt.Fprintf(e.stderr, "ccwire render: %s: %v\n", name, err)
		return 1
	}
	return 0
}
