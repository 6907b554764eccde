package fakecli_test

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/fakecli"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

// benchScenarios are the scenarios BenchmarkReplay plays: a one-shot
// text answer, two turns, and a permission round trip.
var benchScenarios = []string{"text-simple", "multi-turn", "permission-prompt-allow"}

// realRuns caches the wall time of one real-CLI run per version and
// scenario, so that b.N rounds of a sub-benchmark run the CLI once.
var realRuns sync.Map // "version/id" -> time.Duration (0: could not run)

// realWall runs scenario id once against the installed CLI of version
// (through package scenario, with its fake API) and returns the run's
// wall time, or 0 if the CLI is not installed or the run failed.
func realWall(b *testing.B, version, id string) time.Duration {
	key := version + "/" + id
	if d, ok := realRuns.Load(key); ok {
		return d.(time.Duration)
	}
	var d time.Duration
	defer func() { realRuns.Store(key, d) }()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	bin, err := cliinstall.Install(ctx, version)
	if err != nil {
		b.Logf("no real CLI %s (%v): run `ccwire cli install`", version, err)
		return 0
	}
	sc, err := scenario.Load(filepath.Join("..", "scenarios", id+".txtar"))
	if err != nil {
		b.Fatal(err)
	}
	res := (&scenario.Runner{Binary: bin}).Run(ctx, sc)
	if res.Status != scenario.Passed {
		b.Logf("real CLI %s, %s: %v", version, id, res.Err)
		return 0
	}
	d = res.Elapsed
	return d
}

// BenchmarkReplay replays recorded scenarios through the fake, in process
// (a Player on pipes) and as a process (the test binary run as the fake
// CLI, as an SDK runs it), driven by the recording's stdin. Each reports
// real-ms: the wall time of one run of the same scenario by the real CLI
// (package scenario's runner, fake API included), measured in the same
// benchmark, and x-faster: real time over replay time (the target is at
// least 100).
func BenchmarkReplay(b *testing.B) {
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	recs, err := filepath.Abs(recordingsDir)
	if err != nil {
		b.Fatal(err)
	}
	for _, version := range []string{"2.1.37", "2.1.330"} {
		dir := filepath.Join(recordingsDir, version)
		for _, id := range benchScenarios {
			rec, err := recording.ReadRecording(filepath.Join(dir, id+scenario.RecordingExt))
			if err != nil {
				b.Fatal(err)
			}
			report := func(b *testing.B) {
				real := realWall(b, version, id)
				if real == 0 || b.Elapsed() == 0 {
					return
				}
				per := float64(b.Elapsed()) / float64(b.N)
				b.ReportMetric(float64(real)/float64(time.Millisecond), "real-ms")
				b.ReportMetric(float64(real)/per, "x-faster")
			}
			b.Run(version+"/"+id+"/inprocess", func(b *testing.B) {
				env := fakecli.Env{Cwd: b.TempDir(), PID: os.Getpid()}
				lookup := fakecli.DirLookup(dir)
				realWall(b, version, id) // before the timer: the real run is not timed
				b.ResetTimer()
				for b.Loop() {
					ctx, cancel := context.WithTimeout(b.Context(), 20*time.Second)
					inR, inW := io.Pipe()
					outR, outW := io.Pipe()
					p := &fakecli.Player{Recording: rec, Lookup: lookup, Env: env}
					done := make(chan error, 1)
					go func() {
						_, err := p.Run(ctx, inR, outW)
						outW.Close()
						inR.Close()
						done <- err
					}()
					if _, err := drive(ctx, rec, env, inW, outR, nil); err != nil {
						b.Fatal(err)
					}
					if err := <-done; err != nil {
						b.Fatal(err)
					}
					cancel()
				}
				report(b)
			})
			b.Run(version+"/"+id+"/process", func(b *testing.B) {
				env := fakecli.Env{Cwd: b.TempDir()}
				realWall(b, version, id)
				b.ResetTimer()
				for b.Loop() {
					ctx, cancel := context.WithTimeout(b.Context(), 20*time.Second)
					cmd := exec.CommandContext(ctx, exe, "--scenario", id, "--cli-version", version, "--recordings", recs,
						"--output-format", "stream-json", "--input-format", "stream-json", "--verbose")
					cmd.Env = append(os.Environ(), asCLIEnv+"=cli")
					playProcess(b, ctx, cmd, rec, env)
					cancel()
				}
				report(b)
			})
		}
	}
}
