package cliinstall_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/ccwire/ccwire/cliinstall"
)

// fakeNPM writes an npm that prints stdout and stderr and exits with code,
// whatever its arguments.
func fakeNPM(t *testing.T, stdout, stderr string, code int) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range map[string]string{"out": stdout, "err": stderr} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	npm := filepath.Join(dir, "npm")
	script := "#!/bin/sh\ncat '" + filepath.Join(dir, "out") + "'\ncat '" + filepath.Join(dir, "err") + "' >&2\nexit " + strconv.Itoa(code) + "\n"
	if err := os.WriteFile(npm, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return npm
}

func TestPublishedVersions(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		stdout string
		stderr string
		code   int
		want   []string
		is     error // the error wraps it
		view   bool  // the error is a *ViewError
	}{
		{name: "list", stdout: `["0.2.9","2.1.37","2.1.100","2.1.99","2.2.0-beta.1","not-a-version"]`, want: []string{"0.2.9", "2.1.37", "2.1.99", "2.1.100", "2.2.0-beta.1"}},
		{name: "one version", stdout: `"1.0.0"`, want: []string{"1.0.0"}},
		{name: "repeated", stdout: `["1.0.0","1.0.0"]`, want: []string{"1.0.0"}},
		{name: "not JSON", stdout: `oops`, view: true},
		{name: "registry down", stderr: "npm error code ECONNREFUSED\nnpm error errno ECONNREFUSED\n", code: 1, is: cliinstall.ErrRegistry, view: true},
		{name: "other failure", stderr: "npm error code EWEIRD\n", code: 1, view: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			npm := fakeNPM(t, tc.stdout, tc.stderr, tc.code)
			got, err := cliinstall.PublishedVersions(t.Context(), cliinstall.WithNPM(npm))
			var ve *cliinstall.ViewError
			if errors.As(err, &ve) != tc.view {
				t.Fatalf("error %v: a *ViewError is %v, want %v", err, !tc.view, tc.view)
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("error %v does not wrap %v", err, tc.is)
			}
			if tc.view {
				if ve.Error() == "" {
					t.Error("empty message")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("versions %q, want %q", got, tc.want)
			}
		})
	}
	t.Run("no npm", func(t *testing.T) {
		t.Parallel()
		_, err := cliinstall.PublishedVersions(t.Context(), cliinstall.WithNPM(filepath.Join(t.TempDir(), "no-npm")))
		if !errors.Is(err, cliinstall.ErrNPMNotFound) {
			t.Errorf("error %v, want ErrNPMNotFound", err)
		}
	})
}
