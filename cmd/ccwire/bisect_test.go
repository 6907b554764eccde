package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ccwire/ccwire/drift"
)

// fakeNPMView writes an npm that prints versions as npm view does.
func fakeNPMView(t *testing.T, versions ...string) string {
	t.Helper()
	data, err := json.Marshal(versions)
	if err != nil {
		t.Fatal(err)
	}
	npm := filepath.Join(t.TempDir(), "npm")
	if err := os.WriteFile(npm, []byte("#!/bin/sh\necho '"+string(data)+"'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return npm
}

func TestRunBisect(t *testing.T) {
	t.Parallel()
	sandbox := `,"sandbox_enabled":false`
	cache := fakeCache(t, map[string]string{"2.1.37": "", "2.1.38": "", "2.1.39": "", "2.1.40": sandbox, "2.1.41": sandbox, "2.1.42": sandbox})
	npm := fakeNPMView(t, "2.1.36", "2.1.37", "2.1.38", "2.1.39", "2.1.40", "2.1.41", "2.1.42", "2.1.43")
	_, scenarios := specFixture(t, map[string]string{
		"good":  specScenario("good", ""),
		"later": specScenario("later", `, "cli": ">=2.1.41", "not_applicable": {"en": "only from 2.1.41", "ja": "2.1.41以降のみ"}`),
	})
	// Recordings where "good" shows the member, for --member alone.
	recordings := t.TempDir()
	checkRun(t, []string{"spec", "--cache-dir", cache, "--scenarios", scenarios, "--cli-version", "2.1.42", "--record", recordings}, 0, nil, nil)
	common := []string{"bisect", "--cache-dir", cache, "--scenarios", scenarios, "--npm", npm, "--recordings", recordings}
	tests := []struct {
		name      string
		args      []string
		code      int
		stdout    []string
		stderrHas []string
	}{
		{name: "help", args: []string{"bisect", "-h"}, stdout: []string{"Usage: ccwire bisect", "-member"}},
		{name: "nothing to follow", args: []string{"bisect", "2.1.37", "2.1.42"}, code: 2, stderrHas: []string{"give --scenario, --member or both"}},
		{name: "one version", args: []string{"bisect", "--scenario", "good", "2.1.37"}, code: 2, stderrHas: []string{"want two versions"}},
		{name: "bad member", args: []string{"bisect", "--member", "system/init.", "2.1.37", "2.1.42"}, code: 2, stderrHas: []string{"--member"}},
		{name: "not a version", args: []string{"bisect", "--npm", npm, "--scenario", "good", "x", "2.1.42"}, code: 2, stderrHas: []string{`"x" is not a version`}},
		{name: "FROM after TO", args: append(common, "--scenario", "good", "2.1.42", "2.1.37"), code: 2, stdout: []string{""},
			stderrHas: []string{"ccwire bisect: FROM 2.1.42 is newer than TO 2.1.37: give the older version first (ccwire bisect … 2.1.37 2.1.42)\n"}},
		{name: "FROM latest after TO", args: append(common, "--scenario", "good", "latest", "2.1.37"), code: 2, stdout: []string{""},
			stderrHas: []string{"ccwire bisect: FROM latest (2.1.43) is newer than TO 2.1.37"}},
		{name: "FROM is TO", args: append(common, "--scenario", "good", "2.1.37", "2.1.37"), code: 2, stdout: []string{""},
			stderrHas: []string{"ccwire bisect: FROM and TO are both 2.1.37: nothing lies between them"}},
		{name: "unknown scenario", args: append(common, "--scenario", "nope", "2.1.37", "2.1.42"), code: 1, stderrHas: []string{"no scenario nope"}},
		{name: "unpublished", args: append(common, "--scenario", "good", "2.1.37", "2.1.44"), code: 1, stderrHas: []string{"2.1.44 is not a published version"}},
		{
			name: "member",
			args: append(common, "--member", "system/init.sandbox_enabled", "2.1.37", "2.1.42"),
			stdout: []string{
				"ccwire bisect: system/init.sandbox_enabled from 2.1.37 to 2.1.42: 6 published versions, about 5 probes, each running scenario good\n",
				"2.1.37  absent   (scenario good: pass)\n2.1.42  boolean  (scenario good: pass)\n2.1.39  absent   (scenario good: pass)\n2.1.40  boolean  (scenario good: pass)\n",
				"first version with system/init.sandbox_enabled (boolean): 2.1.40 (last without: 2.1.39)\n",
			},
		},
		{
			name:   "member of a scenario that does not apply",
			args:   append(common, "--member", "system/init.sandbox_enabled", "--scenario", "later", "2.1.37", "2.1.42"),
			code:   1,
			stdout: []string{"2.1.37  skipped"},
		},
		{
			name:   "a scenario's verdict",
			args:   append(common, "--scenario", "later", "2.1.37", "2.1.42"),
			stdout: []string{"first version where scenario later is pass: 2.1.41 (last where it is n/a: 2.1.40)\n"},
		},
		{name: "firsts without texts", args: append(common, "--firsts", "f.json", "--en", "e", "--scenario", "good", "2.1.37", "2.1.42"), code: 2, stderrHas: []string{"--firsts needs --en and --ja"}},
		{name: "texts without firsts", args: append(common, "--ja", "j", "--scenario", "good", "2.1.37", "2.1.42"), code: 2, stderrHas: []string{"--en and --ja go with --firsts"}},
		{name: "no change", args: append(common, "--scenario", "good", "2.1.37", "2.1.42"), code: 1, stderrHas: []string{"scenario good is pass on both 2.1.37 and 2.1.42"}},
		{name: "latest cannot install", args: append(common, "--scenario", "good", "2.1.37", "latest"), code: 1, stderrHas: []string{"the newest version, 2.1.43"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			checkRun(t, tc.args, tc.code, tc.stdout, tc.stderrHas)
		})
	}
	t.Run("firsts", func(t *testing.T) {
		t.Parallel()
		file := filepath.Join(t.TempDir(), "firsts.json")
		member := []string{"--firsts", file, "--member", "system/init.sandbox_enabled", "--scenario", "good"}
		ends := []string{"2.1.37", "2.1.42"}
		checkRun(t, slices.Concat(common, member, []string{"--en", "first", "--ja", "一"}, ends), 0, []string{"added to " + file + "\n"}, nil)
		// The same change again replaces it; another text adds a finding.
		checkRun(t, slices.Concat(common, member, []string{"--en", "first", "--ja", "二"}, ends), 0, nil, nil)
		checkRun(t, slices.Concat(common, []string{"--firsts", file, "--scenario", "later", "--en", "later", "--ja", "後"}, ends), 0, nil, nil)
		f, err := drift.ReadFirsts(file)
		if err != nil {
			t.Fatal(err)
		}
		want := []drift.First{
			{Version: "2.1.40", LastWithout: "2.1.39", Member: "system/init.sandbox_enabled", Scenario: "good", En: "first", Ja: "二", Probes: []string{"2.1.37", "2.1.42", "2.1.39", "2.1.40"}},
			{Version: "2.1.41", LastWithout: "2.1.40", Scenario: "later", En: "later", Ja: "後", Probes: []string{"2.1.37", "2.1.42", "2.1.39", "2.1.40", "2.1.41"}},
		}
		if diff := cmp.Diff(want, f.Findings); diff != "" {
			t.Errorf("findings (-want +got):\n%s", diff)
		}
	})
	t.Run("JSON", func(t *testing.T) {
		t.Parallel()
		out := checkRun(t, append(common, "-json", "--member", "system/init.sandbox_enabled", "--scenario", "good", "2.1.37", "2.1.42"), 0, nil, nil)
		var rep struct {
			Subject string
			drift.Bisection
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("%v:\n%s", err, out)
		}
		if rep.First != "2.1.40" || rep.LastWithout != "2.1.39" || rep.After != "boolean" || rep.Subject != "system/init.sandbox_enabled" || len(rep.Steps) < 3 {
			t.Errorf("JSON %+v", rep)
		}
		if strings.Contains(out, "ccwire bisect:") {
			t.Errorf("progress on stdout:\n%s", out)
		}
	})
}
