package drift

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/internal/benchcpu"
)

// trackScale is a history of 8,000 published releases (2.1.0 to
// 2.1.7999) with every 25th recorded: before 2.1.4000 track records
// every 10th, from it every release.
func trackScale() (m Matrix, published, recorded []string) {
	m = Matrix{From: "2.1.0", DenseFrom: "2.1.4000", Step: 10}
	var ns, rs []int
	for n := range 8000 {
		ns = append(ns, n)
		if n%25 == 0 {
			rs = append(rs, n)
		}
	}
	return m, vs(ns...), vs(rs...)
}

// BenchmarkPlanTrack plans ccwire track over 8,000 published releases,
// about 4,500 of them missing.
func BenchmarkPlanTrack(b *testing.B) {
	m, published, recorded := trackScale()
	meter := benchcpu.Start()
	for b.Loop() {
		steps, err := PlanTrack(m, published, recorded)
		if err != nil || len(steps) == 0 {
			b.Fatal(err, len(steps))
		}
	}
	meter.Report(b)
}

// naivePlanTrack is PlanTrack as it was, quadratic: every step scans
// every recorded and published version. TestPlanTrackIndex holds the
// index to its answers.
func naivePlanTrack(m Matrix, published, recorded []string) []TrackStep {
	missing, _ := m.Missing(published, recorded)
	have := slices.Clone(recorded)
	steps := []TrackStep{}
	for i, v := range missing {
		older, newer, before, after := naiveNeighbours(published, have, v)
		s := TrackStep{Version: v, Older: older, Before: before}
		if newer != "" && (i+1 == len(missing) || cliversion.CompareStrings(newer, missing[i+1]) < 0) {
			s.Newer, s.After = newer, after
		}
		steps = append(steps, s)
		have = append(have, v)
	}
	return steps
}

func naiveNeighbours(published, recorded []string, version string) (older, newer string, before, after []string) {
	v, err := cliversion.Parse(version)
	if err != nil {
		return "", "", nil, nil
	}
	for _, r := range recorded {
		w, err := cliversion.Parse(r)
		if err != nil || w == v {
			continue
		}
		if w.Less(v) && (older == "" || cliversion.CompareStrings(older, r) < 0) {
			older = r
		}
		if v.Less(w) && (newer == "" || cliversion.CompareStrings(r, newer) < 0) {
			newer = r
		}
	}
	for _, s := range (Matrix{}).releases(published) {
		w, _ := cliversion.Parse(s)
		if older != "" && cliversion.CompareStrings(older, s) < 0 && w.Less(v) {
			before = append(before, s)
		}
		if newer != "" && v.Less(w) && cliversion.CompareStrings(s, newer) < 0 {
			after = append(after, s)
		}
	}
	return older, newer, before, after
}

// TestPlanTrackIndex holds PlanTrack to the quadratic plan it replaced,
// on random histories: releases missing from npm's list, recorded
// versions npm no longer lists, prereleases, repeats and junk.
func TestPlanTrackIndex(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 300 {
		n := 1 + rng.IntN(120)
		var published, recorded []string
		for i := range n {
			v := "2.1." + strconv.Itoa(i)
			if rng.IntN(8) > 0 {
				published = append(published, v)
			}
			if rng.IntN(6) == 0 {
				recorded = append(recorded, v)
			}
			switch rng.IntN(30) {
			case 0:
				published = append(published, v+"-beta.1")
			case 1:
				published = append(published, v)
			case 2:
				recorded = append(recorded, "junk")
			case 3:
				recorded = append(recorded, v+"-rc.1")
			}
		}
		rng.Shuffle(len(published), func(i, j int) { published[i], published[j] = published[j], published[i] })
		m := Matrix{From: "2.1." + strconv.Itoa(rng.IntN(10)), DenseFrom: "2.1." + strconv.Itoa(rng.IntN(n+5)), Step: 1 + rng.IntN(6)}
		got, err := PlanTrack(m, published, recorded)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(naivePlanTrack(m, published, recorded), got, cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("round %d, %+v, published %q, recorded %q: (-naive +index):\n%s", round, m, published, recorded, diff)
		}
	}
}
