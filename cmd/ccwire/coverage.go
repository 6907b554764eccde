package main

import (
	"encoding/json"
	"fmt"
	"regexp"

	"github.com/ccwire/ccwire/drift"
	"github.com/ccwire/ccwire/scenario"
)

// specCoverage is ccwire spec --coverage: it reports the coverage of the
// versions (every recorded one when empty) by the recordings in recs and
// by scenarios, those filter matches if not nil.
func specCoverage(e env, recs folder, versions []string, scenarios []*scenario.Scenario, filter *regexp.Regexp, asJSON bool) int {
	keep := func(id string) bool { return filter == nil || filter.MatchString(id) }
	report, err := drift.BuildCoverage(recs.fsys, recs.name, versions, scenarios, keep)
	if err != nil {
		fmt.Fprintf(e.stderr, "ccwire spec: --coverage: %v\n", err)
		return 1
	}
	if asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(report)
	} else {
		err = report.WriteText(e.stdout)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "ccwire spec: %v\n", err)
		return 1
	}
	return 0
}
