package corpustest

// Race reports whether the race detector is on, for the tests.
const Race = race
