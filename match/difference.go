package match

import (
	"strconv"
	"strings"
)

// FirstDifference shows the first line where two texts differ (a
// recording and its rewrite, a run and its recording), around the first
// byte where they differ; "(same lines)" when none does.
func FirstDifference(want, got []byte) string {
	wl := strings.Split(string(want), "\n")
	gl := strings.Split(string(got), "\n")
	for i := range max(len(wl), len(gl)) {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			at := 0
			for at < len(w) && at < len(g) && w[at] == g[at] {
				at++
			}
			return "line " + strconv.Itoa(i+1) + ", from byte " + strconv.Itoa(at+1) + ":\n  want " + clip(w, at) + "\n  got  " + clip(g, at)
		}
	}
	return "(same lines)"
}

// clip shows up to 400 bytes of s from 100 before byte at.
func clip(s string, at int) string {
	from := max(0, at-100)
	to := min(len(s), from+400)
	out := s[from:to]
	if from > 0 {
		out = "…" + out
	}
	if to < len(s) {
		out += "…"
	}
	return out
}
