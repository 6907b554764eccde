package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/recording"
)

// recordings returns a recordings folder with CLI 2.1.37's text-simple
// recording as version 9.9.9's, its system/init given the member zz_new
// if add.
func recordings(t *testing.T, add bool) string {
	t.Helper()
	data, err := recording.ReadFile(filepath.Join("..", "..", "recordings", "2.1.37", "text-simple.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if add {
		s := strings.Replace(string(data), `"subtype":"init",`, `"subtype":"init","zz_new":1,`, 1)
		if s == string(data) {
			t.Fatal("the recording has no system/init")
		}
		data = []byte(s)
	}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "9.9.9"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "9.9.9", "text-simple.txtar"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestRun(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name         string
		args         []string
		code         int
		stdout, errs string
	}{
		{"untyped member", []string{"-recordings", "ADD"}, 1, "system/init.zz_new  9.9.9", ""},
		{"every member typed", []string{"-recordings", "CLEAN", "9.9.9"}, 0, "the protocol model types every recorded member", ""},
		{"no such version", []string{"-recordings", "CLEAN", "1.0.0"}, 1, "", "no recordings of CLI 1.0.0"},
		{"help", []string{"-h"}, 0, "Usage: go run ./protocol/untyped", ""},
		{"bad flag", []string{"-nope"}, 2, "", "Usage:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			args := append([]string(nil), tt.args...)
			for i, a := range args {
				switch a {
				case "ADD":
					args[i] = recordings(t, true)
				case "CLEAN":
					args[i] = recordings(t, false)
				}
			}
			var stdout, stderr bytes.Buffer
			code := run(context.Background(), args, &stdout, &stderr)
			if code != tt.code || !strings.Contains(stdout.String(), tt.stdout) || !strings.Contains(stderr.String(), tt.errs) {
				t.Errorf("run(%q) = %d\nstdout: %s\nstderr: %s\nwant %d, stdout with %q, stderr with %q", tt.args, code, stdout.String(), stderr.String(), tt.code, tt.stdout, tt.errs)
			}
		})
	}
}

func TestRunJSON(t *testing.T) {
	t.Parallel()
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"-json", "-recordings", recordings(t, true)}, &stdout, &stderr); code != 1 {
		t.Fatalf("exit code %d, stderr %s", code, stderr.String())
	}
	var got []Untyped
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].String() != "system/init.zz_new" || got[0].Versions[0] != "9.9.9" || !strings.HasSuffix(got[0].First, "text-simple.txtar:2") {
		t.Errorf("-json: %+v", got)
	}
	stdout.Reset()
	if code := run(context.Background(), []string{"-json", "-recordings", recordings(t, false)}, &stdout, &stderr); code != 0 || strings.TrimSpace(stdout.String()) != "[]" {
		t.Errorf("-json of typed recordings: %d %s", code, stdout.String())
	}
}
