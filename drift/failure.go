package drift

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ccwire/ccwire/scenario"
)

// FailureKind says why a run of a scenario on a release failed. Every
// kind keeps the release from being recorded by `ccwire track` (and, for
// a release with no recordings yet, by `ccwire spec`): nothing of a run
// that failed becomes a recording or a finding. The kinds tell what to
// do about it. [Installing], [Starting], [Crashed] and [Hung] say the
// release, or the machine, is broken: the CLI did not run the scenario
// to its end, and a later run tries again. [Unexpected] says the CLI ran
// as a process should and did not do what the scenario expects: a
// protocol change (or a scenario that needs a variant) for someone to
// look at, never taken as the release's new truth.
type FailureKind string

// The kinds of failure, in the order [ClassifyFailure] tells them apart.
const (
	// Installing: the release could not be resolved or installed, so
	// nothing ran.
	Installing FailureKind = "install"
	// Starting: the run could not start the CLI, or set up what it
	// needs (the fake API, the working folder): there is no recording.
	Starting FailureKind = "start"
	// Hung: the CLI did not exit by itself. The runner stopped it after
	// the scenario's timeout, or after the grace a failed turn gives it.
	Hung FailureKind = "hang"
	// Crashed: the CLI exited by itself with another status than the
	// scenario wants (want.json exit_code): a crash, or a refusal to
	// run (an unknown flag, a missing dependency).
	Crashed FailureKind = "crash"
	// Unexpected: the CLI exited with the status the scenario wants,
	// and what it wrote or asked the API differs from the scenario's
	// expectations.
	Unexpected FailureKind = "expectations"
)

// Broken reports whether the kind says the release (or the machine) is
// broken rather than the protocol changed: every kind but [Unexpected].
func (k FailureKind) Broken() bool { return k != Unexpected }

// stderrTail is what the runner prefixes the tail of the CLI's stderr
// with among a failure's problems (scenario.Runner.Run).
const stderrTail = "the CLI's stderr (tail):\n"

// RunFailure is a failed run, classified: what `ccwire track` reports
// for a release it does not record.
type RunFailure struct {
	// Scenario is the scenario ("" for a release that did not install)
	// and Version the release.
	Scenario string      `json:"scenario,omitempty"`
	Version  string      `json:"cli_version"`
	Kind     FailureKind `json:"kind"`
	// ExitCode is the CLI's exit status (-1: it did not exit by
	// itself), and WantExit the one the scenario wants; both 0 when
	// the CLI did not run.
	ExitCode int `json:"exit_code"`
	WantExit int `json:"want_exit_code"`
	// Stderr is the tail of the CLI's stderr, "" for none.
	Stderr string `json:"stderr,omitempty"`
	// Reason is the first line of the first problem the run found (or
	// the install error).
	Reason string `json:"reason"`
	// Err is the run's error: a [*scenario.Failure], or the install
	// error.
	Err error `json:"-"`
}

// ClassifyFailure classifies a failed run; nil for a run that did not
// fail.
func ClassifyFailure(r scenario.Result) *RunFailure {
	if r.Status != scenario.Failed {
		return nil
	}
	f := &RunFailure{Scenario: r.Scenario.ID, Version: r.Version, Err: r.Err}
	var problems []error
	if sf := (*scenario.Failure)(nil); errors.As(r.Err, &sf) {
		problems = sf.Problems
	}
	for _, p := range problems {
		if text, ok := strings.CutPrefix(p.Error(), stderrTail); ok {
			f.Stderr = strings.TrimSpace(text)
		} else if f.Reason == "" {
			f.Reason = firstLine(p.Error())
		}
	}
	if f.Reason == "" {
		f.Reason = firstLine(fmt.Sprint(r.Err))
	}
	if pl, err := r.Scenario.Plan(r.Version); err == nil {
		f.WantExit = pl.Want.ExitCode
	}
	switch {
	case r.Recording == nil:
		f.Kind = Starting
	case r.Recording.ExitCode < 0:
		f.Kind, f.ExitCode = Hung, r.Recording.ExitCode
	case r.Recording.ExitCode != f.WantExit:
		f.Kind, f.ExitCode = Crashed, r.Recording.ExitCode
	default:
		f.Kind, f.ExitCode = Unexpected, r.Recording.ExitCode
	}
	return f
}

// InstallFailure is the failure of a release that did not install.
func InstallFailure(version string, err error) *RunFailure {
	return &RunFailure{Version: version, Kind: Installing, Reason: firstLine(err.Error()), Err: err}
}

// Error says, on one line, what failed and why: the scenario, the kind,
// the exit status and the start of the CLI's stderr.
func (f *RunFailure) Error() string {
	var b strings.Builder
	if f.Scenario != "" {
		fmt.Fprintf(&b, "scenario %s: ", f.Scenario)
	}
	switch f.Kind {
	case Installing:
		fmt.Fprintf(&b, "the release did not install: %s", f.Reason)
	case Starting:
		fmt.Fprintf(&b, "the run could not start: %s", f.Reason)
	case Hung:
		fmt.Fprintf(&b, "the CLI hung: it did not exit by itself and was stopped (%s)", f.Reason)
	case Crashed:
		fmt.Fprintf(&b, "the CLI crashed: it exited with status %d (want %d)", f.ExitCode, f.WantExit)
	default:
		fmt.Fprintf(&b, "its expectations fail, though the CLI exited as wanted: a protocol change to look at, or a scenario to give a variant (%s)", f.Reason)
	}
	if f.Stderr != "" {
		excerpt := strings.Join(strings.Fields(f.Stderr), " ")
		if len(excerpt) > 200 {
			excerpt = strings.ToValidUTF8(excerpt[:200], "") + "…"
		}
		fmt.Fprintf(&b, "; stderr: %s", excerpt)
	}
	return b.String()
}

// Unwrap returns the run's error.
func (f *RunFailure) Unwrap() error { return f.Err }

// firstLine is s up to its first line break.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return strings.TrimSpace(line)
}
