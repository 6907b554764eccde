package stubapi_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/internal/benchcpu"
	"github.com/ccwire/ccwire/stubapi"
)

// faultyScript returns a script with a turn of n faults, each of which
// repeats always (so that each but the last is a problem: the faults
// after it can never be reached), one a line.
func faultyScript(n int) []byte {
	var b strings.Builder
	b.WriteString("{\"turns\": [{\"text\": \"x\", \"faults\": [\n")
	for i := range n {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.WriteString(`  {"kind": "overloaded", "times": "always"}`)
	}
	b.WriteString("\n]}]}\n")
	return []byte(b.String())
}

// BenchmarkParseScriptFaults rejects scripts with many problems (issue
// 33, defect 12: one with 100,000 took 121 s, each problem's line counted
// from the start of the file): the time per problem (cpu-ns/problem)
// stays the same as they grow.
func BenchmarkParseScriptFaults(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		data := faultyScript(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			cpu := benchcpu.Start()
			for b.Loop() {
				if _, err := stubapi.ParseScript(data); err == nil {
					b.Fatal("no error")
				}
			}
			cpu.Report(b)
		})
	}
}

// TestParseScriptManyProblems rejects a script with 20,000 faults, all
// but one a problem (issue 33, defect 12: 100,000 took 121 s): the error lists the first 20,
// each with its line, and counts the others.
func TestParseScriptManyProblems(t *testing.T) {
	t.Parallel()
	_, err := stubapi.ParseScript(faultyScript(20000))
	j, ok := err.(interface{ Unwrap() []error })
	if !ok {
		t.Fatalf("ParseScript = %v, want a join of problems", err)
	}
	errs := j.Unwrap()
	if len(errs) != 21 {
		t.Fatalf("ParseScript gave %d problems, want the first 20 and a count of the rest", len(errs))
	}
	for i, e := range errs[:20] {
		want := "stubapi script: line " + strconv.Itoa(i+2) + ", column 3: turns[0].faults[" + strconv.Itoa(i) + "]: fault repeats always"
		if !strings.HasPrefix(e.Error(), want) {
			t.Errorf("problem %d = %v, want %s…", i, e, want)
		}
	}
	if got := errs[20].Error(); got != "stubapi script: and 19979 more problems" {
		t.Errorf("the last problem = %q", got)
	}
	var more *stubapi.MoreProblemsError
	if !errors.As(err, &more) || more.N != 19979 {
		t.Errorf("errors.As(*MoreProblemsError) = %+v", more)
	}
}
