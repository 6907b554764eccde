package fakecli_test

import (
	"context"
	"flag"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/ccwire/ccwire/fakecli"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

// fakeBinary is the claude-fake BenchmarkFakeProcess runs; "" builds one.
var fakeBinary = flag.String("fake-binary", "", "the claude-fake `file` BenchmarkFakeProcess runs (default: one built from this checkout)")

// BenchmarkFakeProcess starts the fake CLI as a process (cmd/claude-fake,
// built first with go build, the corpus's pack built in), plays a
// recording to it as its host did, and reports the CPU time the process
// used, user and system, as cpu-ms/process: that of the process alone,
// not of the benchmark driving it, so a loaded machine changes it little.
// "embedded" plays the recordings built in (--embedded), "folder" those
// of the recordings folder (--recordings).
// With -fake-binary, it runs that claude-fake instead (one built from
// another commit, to compare).
func BenchmarkFakeProcess(b *testing.B) {
	exe := *fakeBinary
	if exe == "" {
		exe = filepath.Join(b.TempDir(), "claude")
		build := exec.CommandContext(b.Context(), "go", "build", "-o", exe, "github.com/ccwire/ccwire/cmd/claude-fake")
		if out, err := build.CombinedOutput(); err != nil {
			b.Fatalf("go build cmd/claude-fake: %v\n%s", err, out)
		}
	}
	recs, err := filepath.Abs(recordingsDir)
	if err != nil {
		b.Fatal(err)
	}
	for _, version := range []string{"2.1.37", "2.1.332"} {
		for _, id := range []string{"text-simple", "permission-prompt-allow"} {
			rec, err := recording.ReadRecording(filepath.Join(recordingsDir, version, id+scenario.RecordingExt))
			if err != nil {
				b.Fatal(err)
			}
			for _, from := range []struct{ name, flag, value string }{{"embedded", "--embedded", ""}, {"folder", "--recordings", recs}} {
				b.Run(version+"/"+id+"/"+from.name, func(b *testing.B) {
					env := fakecli.Env{Cwd: b.TempDir()}
					var cpu time.Duration
					for b.Loop() {
						ctx, cancel := context.WithTimeout(b.Context(), time.Minute)
						args := []string{"--scenario", id, "--cli-version", version, from.flag}
						if from.value != "" {
							args = append(args, from.value)
						}
						cmd := exec.CommandContext(ctx, exe, append(args, "--output-format", "stream-json", "--input-format", "stream-json", "--verbose")...)
						cmd.Dir = env.Cwd
						playProcess(b, ctx, cmd, rec, env)
						cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
						cancel()
					}
					b.ReportMetric(float64(cpu)/float64(time.Millisecond)/float64(b.N), "cpu-ms/process")
				})
			}
		}
	}
}

// playProcess starts cmd, a fake CLI, drives it through recording rec as
// its host did, and waits for it to exit.
func playProcess(b *testing.B, ctx context.Context, cmd *exec.Cmd, rec *recording.Recording, env fakecli.Env) {
	b.Helper()
	in, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	if _, err := drive(ctx, rec, env, in, out, cmd.Process.Signal); err != nil {
		b.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		b.Fatal(err)
	}
}
