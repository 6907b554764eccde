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
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/transcript"
)

// runValidate checks stream-json transcripts, or the stdout lines of
// recordings (see transcript.Reader): every line must decode. It
// reports the messages per kind, everything the protocol model does not
// know (types, subtypes, block kinds, members) with a count and where it was
// first seen, the known members whose value has a type the model cannot
// hold (mistyped), every malformed or over-limit line, and the files that
// could not be read.
//
//	ccwire validate [--strict] [-max-line-size SIZE] [-json] FILE...
//
// FILE "-" reads standard input. The exit code is 0 when every line
// decodes, 1 when one does not or a file cannot be read, 2 on usage
// errors. Unknown and mistyped members are reported but do not fail the
// check, unless --strict: then anything unknown or mistyped exits 1 too,
// so that CI can gate on drift.
func runValidate(ctx context.Context, e env, args []string) int {
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	maxLine := byteSize(protocol.DefaultMaxLineSize)
	fs.Var(&maxLine, "max-line-size", "longest line accepted, in bytes (suffixes KiB, MiB, GiB allowed)")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	strict := fs.Bool("strict", false, "exit 1 also when anything is unknown to the protocol model or mistyped")
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintln(w, "Usage: ccwire validate [--strict] [-max-line-size SIZE] [-json] FILE...")
		fmt.Fprintln(w, "\nChecks stream-json transcripts (the CLI's stdout; FILE - reads stdin) or recordings")
		fmt.Fprintln(w, "(.txtar: their stdout lines) and reports message kinds, what the protocol model does")
		fmt.Fprintln(w, "not know, members of a type it cannot hold (mistyped), malformed or over-limit lines,")
		fmt.Fprintln(w, "and files that cannot be read (or are neither a transcript nor a recording).")
		fmt.Fprintln(w, "Exit code: 0 when every line decodes, 1 when one does not or a file cannot be")
		fmt.Fprintln(w, "read (with --strict, also when anything is unknown or mistyped), 2 on usage errors.")
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
	rep.strict = *strict
	for _, name := range fs.Args() {
		if err := rep.check(ctx, e, name, int64(maxLine)); err != nil {
			fmt.Fprintf(e.stderr, "ccwire validate: %v\n", err)
			return 1
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
	if !rep.ok() {
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
	Kind  string `json:"kind"`  // message kind it was found in (protocol.Kind), e.g. "assistant/text" or "system/init"
	Name  string `json:"name"`  // the unknown value, or the member's dotted path
	Count int    `json:"count"` // times seen
	First string `json:"first"` // FILE:LINE where it was first seen
}

// mistyped is a known member whose value has a JSON type the model cannot
// hold, counted over all files.
type mistyped struct {
	Kind  string `json:"kind"`  // message kind it was found in (protocol.Kind)
	Name  string `json:"name"`  // the member's dotted path
	Want  string `json:"want"`  // the JSON type(s) the model holds there; "" for a fixed value
	Got   string `json:"got"`   // the JSON type of the value
	Count int    `json:"count"` // times seen
	First string `json:"first"` // FILE:LINE where it was first seen
}

// lineError is a line that did not decode.
type lineError struct {
	File  string `json:"file"`
	Line  int    `json:"line"`
	Error string `json:"error"`
}

// fileError is a file that could not be opened, or whose reading failed
// after Line lines.
type fileError struct {
	File  string `json:"file"`
	Line  int    `json:"line,omitempty"`
	Error string `json:"error"`
}

type validateReport struct {
	strict     bool
	files      []string
	lines      int
	messages   int
	kinds      map[string]int
	findings   map[[3]string]*finding
	order      []*finding
	mistypes   map[[4]string]*mistyped
	mistOrder  []*mistyped
	errors     []lineError
	fileErrors []fileError
}

func newValidateReport() *validateReport {
	return &validateReport{kinds: map[string]int{}, findings: map[[3]string]*finding{}, mistypes: map[[4]string]*mistyped{}}
}

// ok reports whether the check passed.
func (r *validateReport) ok() bool {
	if len(r.errors) > 0 || len(r.fileErrors) > 0 {
		return false
	}
	return !r.strict || (len(r.order) == 0 && len(r.mistOrder) == 0)
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

func (r *validateReport) findMistyped(kind string, mf protocol.MistypedField, where string) {
	k := [4]string{kind, mf.Path, mf.Want, mf.Got}
	if f, ok := r.mistypes[k]; ok {
		f.Count++
		return
	}
	f := &mistyped{Kind: kind, Name: mf.Path, Want: mf.Want, Got: mf.Got, Count: 1, First: where}
	r.mistypes[k] = f
	r.mistOrder = append(r.mistOrder, f)
}

// check reads one file ("-" for stdin) into the report: its lines and
// messages, its bad lines, and, when it cannot be opened or read to its
// end, a file error after the lines read. It returns an error only when
// ctx ends.
func (r *validateReport) check(ctx context.Context, e env, name string, maxLine int64) error {
	in, display := e.stdin, "<stdin>"
	if name != "-" {
		display = name
	}
	r.files = append(r.files, display)
	if name != "-" && strings.HasSuffix(name, recording.Ext) {
		// A recording must be whole: not empty, not torn, its objects
		// present and matching their hashes.
		if _, err := recording.ReadRecording(name); err != nil {
			r.fileErrors = append(r.fileErrors, fileError{File: display, Error: err.Error()})
			return nil
		}
	}
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			r.fileErrors = append(r.fileErrors, fileError{File: display, Error: err.Error()})
			return nil
		}
		defer f.Close()
		in = f
	}
	rd := transcript.NewReader(in, protocol.WithMaxLineSize(maxLine))
	if name != "-" {
		rd.FromFile(name)
	}
	defer func() { r.lines += rd.Lines() }()
	var requests protocol.Requests
	for m, err := range rd.All() {
		if err := ctx.Err(); err != nil {
			return err
		}
		where := fmt.Sprintf("%s:%d", display, rd.Line())
		if err != nil {
			var de *protocol.DecodeError
			var le *protocol.LineTooLongError
			if !errors.As(err, &de) && !errors.As(err, &le) {
				fe := fileError{File: display, Line: rd.Lines(), Error: err.Error()}
				if errors.As(err, new(*transcript.FormatError)) {
					fe.Line = 0 // the error says which lines
				}
				r.fileErrors = append(r.fileErrors, fe)
				return nil
			}
			r.addError(display, rd.Line(), err)
			continue
		}
		r.messages++
		kind := requests.KindOf(m).String()
		r.kinds[kind]++
		r.findDrift(m, kind, where)
	}
	return nil
}

// rawMember returns the JSON text of the member at path in raw, a JSON
// object, following the first occurrence of each key as the protocol's
// dispatch does.
func rawMember(raw []byte, path ...string) (json.RawMessage, bool) {
	for _, key := range path {
		dec := json.NewDecoder(bytes.NewReader(raw))
		if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
			return nil, false
		}
		found := false
		for dec.More() {
			tok, err := dec.Token()
			if err != nil {
				return nil, false
			}
			var v json.RawMessage
			if err := dec.Decode(&v); err != nil {
				return nil, false
			}
			if tok == key {
				raw, found = v, true
				break
			}
		}
		if !found {
			return nil, false
		}
	}
	return raw, true
}

// nameOf is the name a type or subtype is reported under: the value, or,
// when it is not a string (a model that reads it as empty), its JSON text
// abbreviated, or "(missing)".
func nameOf(value string, raw []byte, path ...string) string {
	if value != "" {
		return value
	}
	v, ok := rawMember(raw, path...)
	switch {
	case !ok:
		return "(missing)"
	case len(v) > 0 && v[0] == '"':
		return value // the empty string
	}
	text := string(v)
	if len(text) > 40 {
		text = text[:39] + "…"
	}
	return text
}

// findDrift records what m holds that the model does not know.
func (r *validateReport) findDrift(m protocol.Message, kind, where string) {
	switch m := m.(type) {
	case *protocol.UnknownMessage:
		r.find("type", kind, nameOf(string(m.Type), m.Raw(), "type"), where)
	case *protocol.SystemMessage:
		r.find("subtype", kind, nameOf(string(m.Subtype), m.Raw(), "subtype"), where)
	case *protocol.ControlRequest:
		if u, ok := m.Request.(*protocol.UnknownControlRequest); ok {
			r.find("control_subtype", kind, nameOf(string(u.Subtype), m.Raw(), "request", "subtype"), where)
		}
	case *protocol.ControlResponse:
		if u, ok := m.Response.(*protocol.UnknownControlResponse); ok {
			r.find("control_subtype", kind, nameOf(string(u.Subtype), m.Raw(), "response", "subtype"), where)
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
	for _, path := range protocol.UnknownKeys(m) {
		r.find("field", kind, path, where)
	}
	for _, mf := range protocol.MistypedFields(m) {
		r.findMistyped(kind, mf, where)
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
	fmt.Fprintf(w, "%d files, %d lines, %d messages, %d bad lines", len(r.files), r.lines, r.messages, len(r.errors))
	if len(r.fileErrors) > 0 {
		fmt.Fprintf(w, ", %d unreadable files", len(r.fileErrors))
	}
	fmt.Fprintln(w)
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
	}
	if len(r.mistOrder) > 0 {
		fmt.Fprintln(tw, "\nmistyped (a known member whose value the model cannot hold):")
		fmt.Fprintln(tw, "  KIND\tMEMBER\tWANT\tGOT\tCOUNT\tFIRST SEEN")
		for _, f := range r.mistOrder {
			want := f.Want
			if want == "" {
				want = "(its fixed value)"
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%d\t%s\n", f.Kind, f.Name, want, f.Got, f.Count, f.First)
		}
	}
	if len(r.order) == 0 && len(r.mistOrder) == 0 && r.messages > 0 {
		fmt.Fprintln(tw, "\nnothing unknown to the protocol model")
	}
	tw.Flush()
	if len(r.errors) > 0 {
		fmt.Fprintln(w, "\nbad lines:")
		for _, e := range r.errors {
			fmt.Fprintf(w, "  %s:%d: %s\n", e.File, e.Line, strings.TrimPrefix(e.Error, fmt.Sprintf("line %d: ", e.Line)))
		}
	}
	if len(r.fileErrors) > 0 {
		fmt.Fprintln(w, "\nunreadable files:")
		for _, e := range r.fileErrors {
			if e.Line > 0 {
				fmt.Fprintf(w, "  %s: after line %d: %s\n", e.File, e.Line, e.Error)
			} else {
				fmt.Fprintf(w, "  %s: %s\n", e.File, e.Error)
			}
		}
	}
	if r.strict && (len(r.order) > 0 || len(r.mistOrder) > 0) {
		fmt.Fprintf(w, "\n--strict: %d unknown and %d mistyped findings fail the check\n", len(r.order), len(r.mistOrder))
	}
}

// jsonValidateReport is the -json form of the report.
type jsonValidateReport struct {
	OK         bool           `json:"ok"`
	Strict     bool           `json:"strict"`
	Files      []string       `json:"files"`
	Lines      int            `json:"lines"`
	Messages   int            `json:"messages"`
	Kinds      map[string]int `json:"kinds"`
	Unknown    []finding      `json:"unknown"`
	Mistyped   []mistyped     `json:"mistyped"`
	Errors     []lineError    `json:"errors"`
	FileErrors []fileError    `json:"file_errors"`
}

func (r *validateReport) jsonReport() jsonValidateReport {
	unknown := make([]finding, 0, len(r.order))
	for _, f := range r.order {
		unknown = append(unknown, *f)
	}
	mist := make([]mistyped, 0, len(r.mistOrder))
	for _, f := range r.mistOrder {
		mist = append(mist, *f)
	}
	return jsonValidateReport{
		OK:         r.ok(),
		Strict:     r.strict,
		Files:      append([]string{}, r.files...),
		Lines:      r.lines,
		Messages:   r.messages,
		Kinds:      r.kinds,
		Unknown:    unknown,
		Mistyped:   mist,
		Errors:     append([]lineError{}, r.errors...),
		FileErrors: append([]fileError{}, r.fileErrors...),
	}
}
