package exampleflags

import (
	"errors"
	"flag"
	"io"
	"reflect"
	"testing"

	"github.com/ccwire/ccwire/claude"
)

// TestOptions checks the options the shared flags stand for: none is the
// zero claude.Options (the user's own CLI, login and folder), and only
// -isolate seals the CLI off.
func TestOptions(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name    string
		args    []string
		want    claude.Options
		isolate bool
		err     error
	}{
		{"none", nil, claude.Options{}, false, nil},
		{"api", []string{"-api", "http://127.0.0.1:8080"}, claude.Options{BaseURL: "http://127.0.0.1:8080"}, false, nil},
		{"version", []string{"-claude-version", "2.1.37"}, claude.Options{Version: "2.1.37"}, false, nil},
		{"isolate", []string{"-isolate", "-api", "http://127.0.0.1:8080", "-claude-version", "2.1.332"},
			claude.Options{BaseURL: "http://127.0.0.1:8080", Version: "2.1.332"}, true, nil},
		{"isolate without api", []string{"-isolate"}, claude.Options{}, false, errIsolateWithoutAPI},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fs := flag.NewFlagSet("example", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			var f Flags
			f.Register(fs)
			if err := fs.Parse(tt.args); err != nil {
				t.Fatal(err)
			}
			got, err := f.Options()
			if !errors.Is(err, tt.err) {
				t.Fatalf("Options() error %v, want %v", err, tt.err)
			}
			if (got.Isolation != nil) != tt.isolate {
				t.Errorf("Options().Isolation = %v, want set: %v", got.Isolation, tt.isolate)
			}
			got.Isolation = nil
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Options() = %+v, want %+v", got, tt.want)
			}
		})
	}
}
