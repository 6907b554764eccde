package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"text/tabwriter"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/transcript"
)

// runStats prints the figures of stream-json transcripts (or recordings):
// tokens (input, output, cache read and write) and cost per model, turns,
// tool calls by name with their errors and times, durations, permission
// denials; added up over the files, and per file with -json.
//
//	ccwire stats [-json] FILE...
//
// FILE "-" reads standard input. Exit code 0 on success, 1 when a file
// cannot be read, 2 on usage errors.
func runStats(ctx context.Context, e env, args []string) int {
	fs := flag.NewFlagSet("stats", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print the figures as JSON, with each file's")
	usage := func(w io.Writer) {
		fmt.Fprintln(w, "Usage: ccwire stats [-json] FILE...")
		fmt.Fprintln(w, "\nPrints the figures of stream-json transcripts (the CLI's stdout; FILE - reads stdin)")
		fmt.Fprintln(w, "or recordings (.txtar), added up: tokens and cost per model, turns, tool calls by name")
		fmt.Fprintln(w, "with error counts and times, durations, permission denials.")
		fmt.Fprintln(w, "\nFlags:")
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(e.stderr)
	}
	if code, ok := parseCommandFlags(fs, args, e, usage); !ok {
		return code
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(e.stderr, "ccwire stats: no files given")
		usage(e.stderr)
		return 2
	}
	total := &transcript.Stats{}
	var files []statsJSON
	for _, name := range fs.Args() {
		st, err := fileStats(ctx, e, name)
		if err != nil {
			fmt.Fprintf(e.stderr, "ccwire stats: %v\n", err)
			return 1
		}
		total.Merge(st)
		f := newStatsJSON(st)
		f.File = name
		files = append(files, f)
	}
	if *asJSON {
		out := newStatsJSON(total)
		out.Files = files
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			fmt.Fprintf(e.stderr, "ccwire stats: %v\n", err)
			return 1
		}
		return 0
	}
	printStats(e.stdout, total, len(files))
	return 0
}

// fileStats reads the transcript or recording name ("-": stdin).
func fileStats(ctx context.Context, e env, name string) (*transcript.Stats, error) {
	rd := transcript.NewReader(e.stdin, protocol.WithMaxLineSize(0))
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		rd = transcript.NewReader(f, protocol.WithMaxLineSize(0)).FromFile(name)
	}
	st := &transcript.Stats{}
	for ev, err := range claude.Events(rd.All()) {
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		st.Add(ev)
	}
	return st, nil
}

// statsJSON is what -json prints.
type statsJSON struct {
	File              string                            `json:"file,omitempty"`
	Turns             int64                             `json:"turns"`
	ErrorTurns        int64                             `json:"error_turns"`
	ModelCalls        int64                             `json:"model_calls"`
	Outcome           string                            `json:"outcome"`
	DurationMS        int64                             `json:"duration_ms"`
	APIDurationMS     int64                             `json:"api_duration_ms"`
	CostUSD           float64                           `json:"cost_usd"`
	Tokens            transcript.ModelStats             `json:"tokens"`
	Models            map[string]*transcript.ModelStats `json:"models"`
	ToolCalls         int64                             `json:"tool_calls"`
	ToolErrors        int64                             `json:"tool_errors"`
	Tools             map[string]*transcript.ToolStats  `json:"tools"`
	PermissionDenials []transcript.Denial               `json:"permission_denials"`
	Messages          int64                             `json:"messages"`
	BadLines          int64                             `json:"bad_lines"`
	Files             []statsJSON                       `json:"files,omitempty"`
}

func newStatsJSON(s *transcript.Stats) statsJSON {
	calls, errs := s.ToolCalls()
	out := statsJSON{
		Turns: s.Turns, ErrorTurns: s.ErrorTurns, ModelCalls: s.ModelCalls, Outcome: s.Outcome,
		DurationMS: s.DurationMS, APIDurationMS: s.APIDurationMS, CostUSD: s.CostUSD,
		Tokens: s.Tokens(), Models: s.Models, ToolCalls: calls, ToolErrors: errs, Tools: s.Tools,
		PermissionDenials: s.Denials, Messages: s.Messages, BadLines: s.BadLines,
	}
	if out.Models == nil {
		out.Models = map[string]*transcript.ModelStats{}
	}
	if out.Tools == nil {
		out.Tools = map[string]*transcript.ToolStats{}
	}
	if out.PermissionDenials == nil {
		out.PermissionDenials = []transcript.Denial{}
	}
	return out
}

// printStats prints s as text tables.
func printStats(w io.Writer, s *transcript.Stats, files int) {
	calls, errs := s.ToolCalls()
	fmt.Fprintf(w, "%s, %s (%d in error), %s, %s, %s, %s\n",
		count(int64(files), "file"), count(s.Turns, "turn"), s.ErrorTurns, count(s.ModelCalls, "model call"),
		count(calls, "tool call"), count(s.Messages, "message"), count(s.BadLines, "bad line"))
	if s.Outcome != "" {
		fmt.Fprintf(w, "Outcome of the last turn: %s\n", s.Outcome)
	}
	if s.DurationMS > 0 {
		fmt.Fprintf(w, "Duration: %s (waiting for the API: %s)\n", ms(s.DurationMS), ms(s.APIDurationMS))
	} else {
		fmt.Fprintln(w, "Duration: not recorded")
	}
	fmt.Fprintf(w, "Cost: $%.5f\n", s.CostUSD)

	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "MODEL\tINPUT\tOUTPUT\tCACHE READ\tCACHE WRITE\tCOST")
	for _, name := range s.ModelNames() {
		m := s.Models[name]
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t$%.5f\n", name, m.InputTokens, m.OutputTokens, m.CacheReadTokens, m.CacheWriteTokens, m.CostUSD)
	}
	t := s.Tokens()
	fmt.Fprintf(tw, "total\t%d\t%d\t%d\t%d\t$%.5f\n", t.InputTokens, t.OutputTokens, t.CacheReadTokens, t.CacheWriteTokens, t.CostUSD)
	tw.Flush()

	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "TOOL\tCALLS\tERRORS\tTIME")
	for _, name := range s.ToolNames() {
		x := s.Tools[name]
		time := "-"
		if x.Timed > 0 {
			time = ms(x.DurationMS) + " (" + count(x.Timed, "call") + ")"
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\n", name, x.Calls, x.Errors, time)
	}
	fmt.Fprintf(tw, "total\t%d\t%d\n", calls, errs)
	tw.Flush()

	fmt.Fprintf(w, "\nPermission denials: %d\n", len(s.Denials))
	for _, d := range s.Denials {
		fmt.Fprintf(w, "  %s (%s)\n", d.Tool, d.ToolUseID)
	}
}

func count(n int64, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return strconv.FormatInt(n, 10) + " " + unit + "s"
}

func ms(n int64) string {
	return strconv.FormatFloat(float64(n)/1000, 'f', 1, 64) + " s"
}
