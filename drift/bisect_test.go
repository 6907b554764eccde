package drift

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// versions returns 2.1.from to 2.1.to.
func versions(from, to int) []string {
	var out []string
	for i := from; i <= to; i++ {
		out = append(out, "2.1."+strconv.Itoa(i))
	}
	return out
}

// fakeProbe observes "absent" before version 2.1.first and "boolean" from
// it on, and fails on the versions of broken.
func fakeProbe(first int, broken ...string) Probe {
	return func(ctx context.Context, v string) (string, error) {
		if slices.Contains(broken, v) {
			return "", fmt.Errorf("%s does not install", v)
		}
		var patch int
		if _, err := fmt.Sscanf(v, "2.1.%d", &patch); err != nil {
			return "", err
		}
		if patch < first {
			return Absent, nil
		}
		return "boolean", nil
	}
}

func TestBisect(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		versions    []string
		probe       Probe
		first, last string
		skipped     []string
		tried       []string
		maxSteps    int
	}{
		{name: "adjacent", versions: versions(330, 331), probe: fakeProbe(331), first: "2.1.331", last: "2.1.330", tried: []string{"2.1.330", "2.1.331"}},
		{name: "wide", versions: versions(37, 331), probe: fakeProbe(200), first: "2.1.200", last: "2.1.199", maxSteps: 2 + 9},
		{name: "the newest", versions: versions(1, 100), probe: fakeProbe(100), first: "2.1.100", last: "2.1.99", maxSteps: 2 + 7},
		{name: "unsorted input", versions: append(versions(50, 60), versions(1, 49)...), probe: fakeProbe(2), first: "2.1.2", last: "2.1.1"},
		{
			name: "a broken version is skipped", versions: versions(1, 9), probe: fakeProbe(5, "2.1.5"),
			first: "2.1.6", last: "2.1.4", skipped: []string{"2.1.5"},
			tried: []string{"2.1.1", "2.1.9", "2.1.5", "2.1.4", "2.1.7", "2.1.6"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var seen []string
			b, err := Bisect(t.Context(), tc.versions, tc.probe, func(s Step) { seen = append(seen, s.Version) })
			if err != nil {
				t.Fatal(err)
			}
			if b.First != tc.first || b.LastWithout != tc.last || b.Before != Absent || b.After != "boolean" {
				t.Errorf("bisect = first %s (%s), last without %s (%s); want %s, %s", b.First, b.After, b.LastWithout, b.Before, tc.first, tc.last)
			}
			if diff := cmp.Diff(tc.skipped, b.Skipped); diff != "" {
				t.Errorf("skipped (-want +got):\n%s", diff)
			}
			var tried []string
			for _, s := range b.Steps {
				tried = append(tried, s.Version)
			}
			if diff := cmp.Diff(seen, tried); diff != "" {
				t.Errorf("steps reported (-want +got):\n%s", diff)
			}
			if tc.tried != nil {
				if diff := cmp.Diff(tc.tried, tried); diff != "" {
					t.Errorf("tried (-want +got):\n%s", diff)
				}
			}
			if tc.maxSteps > 0 && len(tried) > tc.maxSteps {
				t.Errorf("%d steps, want at most %d: %v", len(tried), tc.maxSteps, tried)
			}
		})
	}
}

func TestBisectErrors(t *testing.T) {
	t.Parallel()
	var nc *NoChangeError
	if _, err := Bisect(t.Context(), versions(1, 9), fakeProbe(20), nil); !errors.As(err, &nc) || nc.Observation != Absent {
		t.Errorf("no change: error %v", err)
	}
	if _, err := Bisect(t.Context(), versions(1, 1), fakeProbe(1), nil); err == nil {
		t.Error("one version: no error")
	}
	if _, err := Bisect(t.Context(), versions(1, 9), fakeProbe(5, "2.1.1"), nil); err == nil {
		t.Error("the oldest broken: no error")
	}
	ctx, cancel := context.WithCancel(t.Context())
	calls := 0
	_, err := Bisect(ctx, versions(1, 100), func(ctx context.Context, v string) (string, error) {
		if calls++; calls == 3 {
			cancel()
			return "", ctx.Err()
		}
		return fakeProbe(50)(ctx, v)
	}, nil)
	if !errors.Is(err, context.Canceled) || calls != 3 {
		t.Errorf("canceled: error %v after %d calls", err, calls)
	}
}

func TestBetween(t *testing.T) {
	t.Parallel()
	published := []string{"2.0.0", "2.1.1", "2.1.2-beta.1", "2.1.2", "2.1.10", "2.1.9", "3.0.0"}
	tests := []struct {
		from, to string
		pre      bool
		want     []string
		err      bool
	}{
		{from: "2.1.1", to: "2.1.10", want: []string{"2.1.1", "2.1.2", "2.1.9", "2.1.10"}},
		{from: "2.1.10", to: "2.1.1", want: []string{"2.1.1", "2.1.2", "2.1.9", "2.1.10"}},
		{from: "2.1.1", to: "2.1.2", pre: true, want: []string{"2.1.1", "2.1.2-beta.1", "2.1.2"}},
		{from: "2.1.1", to: "2.1.3", err: true},
		{from: "x", to: "2.1.3", err: true},
	}
	for _, tc := range tests {
		got, err := Between(published, tc.from, tc.to, tc.pre)
		if (err != nil) != tc.err {
			t.Errorf("Between(%s, %s) error %v", tc.from, tc.to, err)
			continue
		}
		if tc.err {
			if tc.from != "x" && !errors.Is(err, ErrUnpublished) {
				t.Errorf("Between(%s, %s) error %v, want ErrUnpublished", tc.from, tc.to, err)
			}
			continue
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("Between(%s, %s) (-want +got):\n%s", tc.from, tc.to, diff)
		}
	}
}
