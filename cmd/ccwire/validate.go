package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/ccwire/ccwire/protocol"
)

// runValidate checks stream-json transcripts: every line must decode. It
// reports the messages per kind, everything the protocol model does not
// know (types, subtypes, block kinds, members) with a count and where it was
// first seen, and every malformed or over-limit line.
//
//	ccwire validate [-max-line-size SIZE] [-json] FILE...
//
// FILE "-" reads standard input. The exit code is 0 when every line
// decodes, 1 when one does not (or a file cannot be read), 2 on usage
// errors. Unknown members are reported but do not fail the check.
func runValidate(ctx context.Context, e env, args []string) int {
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	maxLine := byteSize(protocol.DefaultMaxLineSize)
	fs.Var(&maxLine, "max-line-size", "longest line accepted, in bytes (suffixes KiB, MiB, GiB allowed)")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintln(w, "Usage: ccwire validate [-max-line-size SIZE] [-json] FILE...")
		fmt.Fprintln(w, "\nChecks stream-json transcripts (FILE - reads stdin) and reports message kinds,")
		fmt.Fprintln(w, "what the protocol model does not know, and malformed or over-limit lines.")
		fmt.Fprintln(w, "Exit code: 0 when every line decodes, 1 when one does not, 2 on usage errors.")
		fmt.Fprintln(w, "\nFlags:")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args, e); !ok {
		return code
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(e.stderr, "ccwire validate: no files given")
		fs.Usage()
		return 2
	}
	if maxLine <= 0 {
		fmt.Fprintln(e.stderr, "ccwire validate: -max-line-size must be positive")
		return 2
	}

	rep := newValidateReport()
	for _, name := range fs.Args() {
		if err := rep.check(ctx, e, name, int64(maxLine)); err != nil {
			if ctx.Err() != nil {
				fmt.Fprintf(e.stderr, "ccwire validate: %v\n", err)
				return 1
			}
			rep.addError(name, 0, err)
		}
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep.jsonReport()); err != nil {
			fmt.Fprintf(e.stderr, "ccwire validate: %v\n", err)
			return 1
		}
	} else {
		rep.print(e.stdout)
	}
	if len(rep.errors) > 0 {
		return 1
	}
	return 0
}

// byteSize is a flag value holding a number of bytes, written plainly or
// with a KiB, MiB or GiB suffix.
type byteSize int64

// String implements flag.Value.
func (s *byteSize) String() string { return strconv.FormatInt(int64(*s), 10) }

// Set implements flag.Value.
func (s *byteSize) Set(v string) error {
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}} {
		if n, ok := strings.CutSuffix(v, u.suffix); ok {
			v, mult = n, u.mult
			break
		}
	}
	n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	if err != nil {
		return fmt.Errorf("not a size: %q", v)
	}
	if n > 0 && mult > 1 && n > (1<<62)/mult {
		return fmt.Errorf("size too large: %q", v)
	}
	*s = byteSize(n * mult)
	return nil
}

// finding is one thing the model does not know, counted over all files.
type finding struct {
	What  string `json:"what"`  // type, subtype, control_subtype, block or field
	Kind  string `json:"kind"`  // message kind it was found in, e.g. "assistant" or "system/init"
	Name  string `json:"name"`  // the unknown value, or the member's dotted path
	Count int    `json:"count"` // times seen
	First string `json:"first"` // FILE:LINE where it was first seen
}

// lineError is a line that did not decode, or a file that could not be read
// (Line 0).
type lineError struct {
	File  string `json:"file"`
	Line  int    `json:"line,omitempty"`
	Error string `json:"error"`
}

type validateReport struct {
	files    []string
	lines    int
	messages int
	kinds    map[string]int
	findings map[[3]string]*finding
	order    []*finding
	errors   []lineError
}

func newValidateReport() *validateReport {
	return &validateReport{kinds: map[string]int{}, findings: map[[3]string]*finding{}}
}

func (r *validateReport) addError(file string, line int, err error) {
	r.errors = append(r.errors, lineError{File: file, Line: line, Error: err.Error()})
}

func (r *validateReport) find(what, kind, name, where string) {
	k := [3]string{what, kind, name}
	if f, ok := r.findings[k]; ok {
		f.Count++
		return
	}
	f := &finding{What: what, Kind: kind, Name: name, Count: 1, First: where}
	r.findings[k] = f
	r.order = append(r.order, f)
}

// check reads one file ("-" for stdin) into the report. It returns an
// error only when the file cannot be opened or read on; per-line problems
// go into the report.
func (r *validateReport) check(ctx context.Context, e env, name string, maxLine int64) error {
	var in io.Reader
	display := name
	if name == "-" {
		in, display = e.stdin, "<stdin>"
	} else {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	r.files = append(r.files, display)
	rd := protocol.NewReader(in, protocol.WithMaxLineSize(maxLine))
	for m, err := range rd.All() {
		if err := ctx.Err(); err != nil {
			return err
		}
		where := fmt.Sprintf("%s:%d", display, rd.Line())
		if err != nil {
			var de *protocol.DecodeError
			var le *protocol.LineTooLongError
			if !errors.As(err, &de) && !errors.As(err, &le) {
				return err
			}
			r.addError(display, rd.Line(), err)
			continue
		}
		r.messages++
		kind := messageKind(m)
		r.kinds[kind]++
		r.findDrift(m, kind, where)
	}
	r.lines += rd.Line()
	return nil
}

// messageKind names a message's kind: its type, with its subtype when it
// has one.
func messageKind(m protocol.Message) string {
	if s := protocol.SubtypeOf(m); s != "" {
		return string(m.MessageType()) + "/" + string(s)
	}
	if m.MessageType() == "" {
		return "(no type)"
	}
	return string(m.MessageType())
}

// findDrift records what m holds that the model does not know.
func (r *validateReport) findDrift(m protocol.Message, kind, where string) {
	switch m := m.(type) {
	case *protocol.UnknownMessage:
		r.find("type", kind, string(m.Type), where)
	case *protocol.SystemMessage:
		r.find("subtype", kind, string(m.Subtype), where)
	case *protocol.ControlRequest:
		if u, ok := m.Request.(*protocol.UnknownControlRequest); ok {
			r.find("control_subtype", kind, string(u.Subtype), where)
		}
	case *protocol.ControlResponse:
		if u, ok := m.Response.(*protocol.UnknownControlResponse); ok {
			r.find("control_subtype", kind, string(u.Subtype), where)
		}
	}
	var blocks []protocol.ContentBlock
	switch m := m.(type) {
	case *protocol.AssistantMessage:
		blocks = m.Message.Content
	case *protocol.UserMessage:
		blocks = m.Message.Content.Blocks
	}
	var nested []protocol.ContentBlock
	for _, b := range blocks {
		if tr, ok := b.(*protocol.ToolResultBlock); ok {
			nested = append(nested, tr.Content.Blocks...)
		}
	}
	for _, b := range slices.Concat(blocks, nested) {
		if u, ok := b.(*protocol.UnknownBlock); ok {
			r.find("block", kind, string(u.Type), where)
		}
	}
	for _, path := range protocol.UnknownFields(m) {
		r.find("field", kind, path, where)
	}
}

func (r *validateReport) sortedKinds() []string {
	kinds := make([]string, 0, len(r.kinds))
	for k := range r.kinds {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	return kinds
}

func (r *validateReport) print(w io.Writer) {
	fmt.Fprintf(w, "%d files, %d lines, %d messages, %d bad lines\n", len(r.files), r.lines, r.messages, len(r.errors))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	if len(r.kinds) > 0 {
		fmt.Fprintln(tw, "\nmessages:")
		for _, k := range r.sortedKinds() {
			fmt.Fprintf(tw, "  %s\t%d\n", k, r.kinds[k])
		}
	}
	if len(r.order) > 0 {
		fmt.Fprintln(tw, "\nunknown to the protocol model:")
		fmt.Fprintln(tw, "  WHAT\tKIND\tNAME\tCOUNT\tFIRST SEEN")
		for _, f := range r.order {
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%d\t%s\n", f.What, f.Kind, f.Name, f.Count, f.First)
		}
	} else if r.messages > 0 {
		fmt.Fprintln(tw, "\nnothing unknown to the protocol model")
	}
	tw.Flush()
	if len(r.errors) > 0 {
		fmt.Fprintln(w, "\nbad lines:")
		for _, e := range r.errors {
			if e.Line > 0 {
				fmt.Fprintf(w, "  %s:%d: %s\n", e.File, e.Line, strings.TrimPrefix(e.Error, fmt.Sprintf("line %d: ", e.Line)))
			} else {
				fmt.Fprintf(w, "  %s\n", e.Error)
			}
		}
	}
}

// jsonValidateReport is the -json form of the report.
type jsonValidateReport struct {
	OK       bool           `json:"ok"`
	Files    []string       `json:"files"`
	Lines    int            `json:"lines"`
	Messages int            `json:"messages"`
	Kinds    map[string]int `json:"kinds"`
	Unknown  []finding      `json:"unknown"`
	Errors   []lineError    `json:"errors"`
}

func (r *validateReport) jsonReport() jsonValidateReport {
	unknown := make([]finding, 0, len(r.order))
	for _, f := range r.order {
		unknown = append(unknown, *f)
	}
	errs := slices.Clone(r.errors)
	if errs == nil {
		errs = []lineError{}
	}
	return jsonValidateReport{
		OK:       len(r.errors) == 0,
		Files:    append([]string{}, r.files...),
		Lines:    r.lines,
		Messages: r.messages,
		Kinds:    r.kinds,
		Unknown:  unknown,
		Errors:   errs,
	}
}
