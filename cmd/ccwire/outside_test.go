package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/drift"
	"github.com/ccwire/ccwire/scenario"
)

// runOutside runs the built ccwire with args in a folder outside any
// checkout of ccwire, as an installed ccwire runs, and returns its exit
// code and output.
func runOutside(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(ccwireBinary(t), args...)
	cmd.Dir = t.TempDir()
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatalf("ccwire %s: %v", strings.Join(args, " "), err)
	}
	return code, out.String(), errOut.String()
}

// TestOutsideCheckout runs the built ccwire outside a checkout: the
// commands that read the scenarios and the recordings read the copies
// built into it, and those that write into a checkout name the flag that
// points at one.
func TestOutsideCheckout(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..")
	pinned := cliinstall.PinnedVersions()
	oldest, newest := pinned[0], cliinstall.DefaultVersion

	t.Run("spec --list", func(t *testing.T) {
		t.Parallel()
		code, out, errOut := runOutside(t, "spec", "--list", "-json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var l scenarioList
		if err := json.Unmarshal([]byte(out), &l); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		scs, err := scenario.LoadDir(filepath.Join(root, scenariosDir))
		if err != nil {
			t.Fatal(err)
		}
		var want, got []string
		for _, sc := range scs {
			want = append(want, sc.ID)
		}
		for _, s := range l.Scenarios {
			got = append(got, s.ID)
		}
		if l.Folder != builtinScenarios || !slices.Equal(got, want) {
			t.Errorf("spec --list read %d scenarios from %q, want the %d of %s", len(got), l.Folder, len(want), filepath.Join(root, scenariosDir))
		}
	})
	t.Run("spec --coverage", func(t *testing.T) {
		t.Parallel()
		code, out, errOut := runOutside(t, "spec", "--coverage", "-json", "--cli-version", newest, "--run", "^text-simple$")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var rep drift.CoverageReport
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		if len(rep.Versions) != 1 || rep.Versions[0].Version != newest || rep.Versions[0].Recordings != 1 {
			t.Errorf("coverage of text-simple on %s: %+v", newest, rep.Versions)
		}
	})
	t.Run("schema --cli-version", func(t *testing.T) {
		t.Parallel()
		code, out, errOut := runOutside(t, "schema", "--cli-version", newest)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		want, err := os.ReadFile(filepath.Join(root, "schema", newest, "stream-json.schema.json"))
		if err != nil {
			t.Fatal(err)
		}
		if out != string(want) {
			t.Errorf("schema --cli-version %s outside a checkout is not schema/%s/stream-json.schema.json (%d bytes, want %d)", newest, newest, len(out), len(want))
		}
	})
	t.Run("diff", func(t *testing.T) {
		t.Parallel()
		code, out, errOut := runOutside(t, "diff", "--only", "^text-simple$", oldest, newest)
		if code != 0 || strings.Contains(errOut, "running the scenarios") {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		if want := "Claude Code " + oldest + " → " + newest + ": 1 scenarios compared"; !strings.Contains(out, want) {
			t.Errorf("diff outside a checkout says\n%s\nwant %q", out, want)
		}
	})
	tests := []struct {
		name      string
		args      []string
		stderrHas string
	}{
		// bisect looks the scenario up before asking npm anything.
		{"bisect", []string{"bisect", "--scenario", "no-such-scenario", oldest, newest}, "no scenario no-such-scenario in " + builtinScenarios},
		{"schema writes into a checkout", []string{"schema"}, "give --out"},
		{"docs writes into a checkout", []string{"docs"}, "give --root"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			code, _, errOut := runOutside(t, tc.args...)
			if code != 1 || !strings.Contains(errOut, tc.stderrHas) {
				t.Errorf("ccwire %s: exit %d, stderr:\n%s\nwant exit 1 and %q", strings.Join(tc.args, " "), code, errOut, tc.stderrHas)
			}
		})
	}
}
