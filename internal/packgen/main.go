// Command packgen writes the pack of a recordings folder (see
// recording.Pack): go generate ./corpus runs it to make the pack package
// corpus embeds.
//
//	go run ./internal/packgen -o corpus/recordings.pack recordings
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"

	"github.com/ccwire/ccwire/internal/wholefile"
	"github.com/ccwire/ccwire/recording"
)

func main() {
	out := flag.String("o", "", "the pack `file` to write")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "Usage: packgen -o FILE DIR\n\nWrites the pack of the recordings folder DIR to FILE.")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *out == "" || flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	var b bytes.Buffer
	if err := recording.Pack(&b, os.DirFS(flag.Arg(0))); err != nil {
		fmt.Fprintln(os.Stderr, "packgen:", err)
		os.Exit(1)
	}
	if err := wholefile.WriteFile(*out, b.Bytes(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "packgen:", err)
		os.Exit(1)
	}
}
