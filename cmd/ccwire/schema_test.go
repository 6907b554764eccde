package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/cliinstall"
)

// runSchemaCmd runs "ccwire schema args..." in-process.
func runSchemaCmd(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(t.Context(), env{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut}, append([]string{"schema"}, args...))
	return code, out.String(), errOut.String()
}

func TestRunSchemaUsage(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name      string
		args      []string
		code      int
		stdoutHas []string
		stderrHas []string
	}{
		{name: "help", args: []string{"-h"}, code: 0, stdoutHas: []string{"Usage: ccwire schema", "-cli-version", "-out", "-check", "-json", "-root", "stream-json.schema.json"}},
		{name: "bad flag", args: []string{"--nope"}, code: 2, stderrHas: []string{"nope", "Usage: ccwire schema"}},
		{name: "arguments", args: []string{"extra"}, code: 2, stderrHas: []string{`unexpected arguments ["extra"]`}},
		{name: "not a module", args: []string{"--root", t.TempDir(), "--out", t.TempDir()}, code: 1, stderrHas: []string{"ccwire schema:", "recordings"}},
		{name: "unknown version", args: []string{"--cli-version", "9.9.9"}, code: 1, stderrHas: []string{"ccwire schema:", "no recordings of CLI 9.9.9"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			code, stdout, stderr := runSchemaCmd(t, tc.args...)
			if code != tc.code {
				t.Errorf("exit code %d, want %d\nstderr: %s", code, tc.code, stderr)
			}
			for _, s := range tc.stdoutHas {
				if !strings.Contains(stdout, s) {
					t.Errorf("stdout lacks %q:\n%s", s, stdout)
				}
			}
			for _, s := range tc.stderrHas {
				if !strings.Contains(stderr, s) {
					t.Errorf("stderr lacks %q:\n%s", s, stderr)
				}
			}
			if tc.code == 0 && stderr != "" {
				t.Errorf("stderr: %s", stderr)
			}
		})
	}
}

// TestSchemaUpToDate regenerates the schemas from the committed
// recordings and compares them with the committed schema/.
func TestSchemaUpToDate(t *testing.T) {
	t.Parallel()
	code, stdout, stderr := runSchemaCmd(t, "--check")
	if code != 0 {
		t.Errorf("schema/ is out of date; run `go generate ./...` or `ccwire schema`. Files that differ:\n%s%s", stdout, stderr)
	}
}

func TestRunSchemaPrint(t *testing.T) {
	t.Parallel()
	code, stdout, stderr := runSchemaCmd(t, "--cli-version", "2.1.37")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	committed, err := os.ReadFile(filepath.Join("..", "..", "schema", "2.1.37", "stream-json.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	if stdout != string(committed) {
		t.Errorf("the printed bundle differs from schema/2.1.37/stream-json.schema.json")
	}
}

// TestRunSchemaWriteCheck writes and checks the schemas of a small module
// (see smallModule): TestSchemaUpToDate checks the whole module's.
func TestRunSchemaWriteCheck(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	root := smallModule(t)
	runSchemaCmd := func(t *testing.T, args ...string) (int, string, string) {
		return runSchemaCmd(t, append([]string{"--root", root}, args...)...)
	}
	code, stdout, stderr := runSchemaCmd(t, "--check", "--out", out)
	if code != 1 || !strings.Contains(stdout, filepath.Join(out, "2.1.37", "stream-json.schema.json")) || !strings.Contains(stderr, "out of date") {
		t.Fatalf("check before writing: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	code, stdout, stderr = runSchemaCmd(t, "--out", out)
	if code != 0 || !strings.Contains(stdout, "wrote ") || !strings.Contains(stdout, "CLI 2.1.37 (") || !strings.Contains(stdout, "CLI "+cliinstall.DefaultVersion+" (") {
		t.Fatalf("write: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	if code, stdout, stderr := runSchemaCmd(t, "--check", "--out", out); code != 0 || stdout != "" {
		t.Errorf("check after writing: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}

	// Files no longer generated: a kind gone from a version, a version
	// whose recordings are gone.
	stale := []string{filepath.Join(out, "2.1.37", "Gone.schema.json"), filepath.Join(out, "1.0.0", "stream-json.schema.json")}
	for _, p := range stale {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("{}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, stdout, _ = runSchemaCmd(t, "--check", "--out", out, "-json")
	var rep schemaReport
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("-json: %v\n%s", err, stdout)
	}
	if want := []string{"1.0.0/stream-json.schema.json", "2.1.37/Gone.schema.json"}; code != 1 || !reflect.DeepEqual(rep.Stale, want) {
		t.Errorf("check with stale files: exit %d, stale %v, want 1, %v", code, rep.Stale, want)
	}
	// 2.1.37 is one of the versions reported, not necessarily the oldest.
	i := slices.IndexFunc(rep.Versions, func(v schemaVersion) bool { return v.Version == "2.1.37" })
	if len(rep.Versions) < 2 || i < 0 || rep.Versions[i].Lines == 0 || len(rep.Versions[i].Kinds) == 0 || len(rep.Versions[i].Files) != len(rep.Versions[i].Kinds)+1 {
		t.Errorf("report versions: %+v", rep.Versions)
	}
	// Writing one version leaves the other versions' folders alone.
	if code, _, stderr := runSchemaCmd(t, "--out", out, "--cli-version", "2.1.37"); code != 0 {
		t.Fatalf("write 2.1.37: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(stale[0]); err == nil {
		t.Error("writing 2.1.37 kept a file it does not generate")
	}
	if _, err := os.Stat(stale[1]); err != nil {
		t.Errorf("writing 2.1.37 removed another version's file: %v", err)
	}
	if code, _, stderr := runSchemaCmd(t, "--out", out); code != 0 {
		t.Fatalf("write: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Dir(stale[1])); err == nil {
		t.Error("writing every version kept the folder of a version with no recordings")
	}
}
