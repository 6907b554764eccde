package drift_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/drift"
)

func TestParseFirsts(t *testing.T) {
	t.Parallel()
	ok := `{"findings": [
		{"first": "2.1.331", "last_without": "2.1.330", "member": "system/init.sandbox_enabled", "en": "e", "ja": "j", "probes": ["2.1.330"]},
		{"first": "2.1.205", "last_without": "2.1.204", "scenario": "bash-single", "en": "e", "ja": "j", "probes": ["2.1.183", "2.1.204"]}
	]}`
	f, err := drift.ParseFirsts([]byte(ok))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, x := range f.Findings {
		got = append(got, x.Version)
	}
	if want := []string{"2.1.205", "2.1.331"}; !slices.Equal(got, want) {
		t.Errorf("order = %v, want %v", got, want)
	}
	for _, tc := range []struct {
		a, b string
		want []string
	}{
		{"2.1.197", "2.1.330", []string{"2.1.205"}},
		{"2.1.205", "2.1.332", []string{"2.1.331"}},
		{"2.1.37", "2.1.332", []string{"2.1.205", "2.1.331"}},
		{"2.1.331", "2.1.332", nil},
	} {
		var vs []string
		for _, x := range f.Within(tc.a, tc.b) {
			vs = append(vs, x.Version)
		}
		if !slices.Equal(vs, tc.want) {
			t.Errorf("Within(%s, %s) = %v, want %v", tc.a, tc.b, vs, tc.want)
		}
	}
	for _, tc := range []struct{ name, json, err string }{
		{"unknown member", `{"findings": [], "x": 1}`, "unknown field"},
		{"bad first", `{"findings": [{"first": "two", "last_without": "2.1.1", "scenario": "s", "en": "e", "ja": "j"}]}`, "finding 1: first:"},
		{"bad order", `{"findings": [{"first": "2.1.1", "last_without": "2.1.2", "scenario": "s", "en": "e", "ja": "j"}]}`, "is not before first"},
		{"no ja", `{"findings": [{"first": "2.1.2", "last_without": "2.1.1", "scenario": "s", "en": "e"}]}`, "one is empty"},
		{"no subject", `{"findings": [{"first": "2.1.2", "last_without": "2.1.1", "en": "e", "ja": "j"}]}`, "name the member or the scenario"},
		{"bad member", `{"findings": [{"first": "2.1.2", "last_without": "2.1.1", "member": "", "scenario": "", "en": "e", "ja": "j"}]}`, "name the member"},
		{"bad probe", `{"findings": [{"first": "2.1.2", "last_without": "2.1.1", "scenario": "s", "en": "e", "ja": "j", "probes": ["x"]}]}`, "probes:"},
	} {
		_, err := drift.ParseFirsts([]byte(tc.json))
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: err = %v, want one containing %q", tc.name, err, tc.err)
		}
	}
}

func TestReadFirsts(t *testing.T) {
	t.Parallel()
	// The module's own file is valid.
	if _, err := drift.ReadFirsts(filepath.Join("..", filepath.FromSlash(drift.FirstsFile))); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	bad := filepath.Join(dir, "firsts.json")
	if err := os.WriteFile(bad, []byte(`{"findings": [{"first": "2.1.1", "last_without": "2.1.2", "scenario": "s", "en": "e", "ja": "j"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := drift.ReadFirsts(bad)
	var fe *drift.FirstsError
	if !errors.As(err, &fe) || fe.File != bad {
		t.Errorf("err = %v, want a *FirstsError naming %s", err, bad)
	}
	if _, err := drift.ReadFirsts(filepath.Join(dir, "none.json")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: err = %v, want os.ErrNotExist", err)
	}
}

func TestFirstsAddWrite(t *testing.T) {
	t.Parallel()
	var f drift.Firsts
	add := func(x drift.First, wantReplaced bool) {
		t.Helper()
		replaced, err := f.Add(x)
		if err != nil || replaced != wantReplaced {
			t.Fatalf("Add(%+v) = %v, %v; want %v, nil", x, replaced, err, wantReplaced)
		}
	}
	add(drift.First{Version: "2.1.205", LastWithout: "2.1.204", Scenario: "s", En: "e", Ja: "j"}, false)
	add(drift.First{Version: "2.1.40", LastWithout: "2.1.39", Member: "system/init.x", En: "x in a <system-reminder>", Ja: "エックス"}, false)
	// The same change bisected again, with a narrower answer.
	add(drift.First{Version: "2.1.200", LastWithout: "2.1.199", Scenario: "s", En: "e", Ja: "j2", Probes: []string{"2.1.199", "2.1.200"}}, true)
	if _, err := f.Add(drift.First{Version: "2.1.1", LastWithout: "2.1.2", Scenario: "s", En: "e", Ja: "j"}); err == nil || !strings.Contains(err.Error(), "is not before first") {
		t.Errorf("Add out of order: err = %v", err)
	}
	file := filepath.Join(t.TempDir(), "firsts.json")
	if err := drift.WriteFirsts(file, &f); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(file); err != nil || !strings.Contains(string(data), `"x in a <system-reminder>"`) || !strings.Contains(string(data), "エックス") {
		t.Errorf("the file does not keep the texts as written (err %v):\n%s", err, data)
	}
	back, err := drift.ReadFirsts(file)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(back.Findings, f.Findings, func(a, b drift.First) bool {
		return a.Version == b.Version && a.Ja == b.Ja && slices.Equal(a.Probes, b.Probes)
	}) || len(back.Findings) != 2 || back.Findings[0].Version != "2.1.40" {
		t.Errorf("read back %+v, want %+v in order of first version", back.Findings, f.Findings)
	}
	if err := drift.WriteFirsts(filepath.Join(t.TempDir(), "no", "such", "folder.json"), &f); err == nil {
		t.Error("WriteFirsts into a missing folder: no error")
	}
}
