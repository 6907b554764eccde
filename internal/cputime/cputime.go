// Package cputime reads the CPU time the running process has used, on every
// platform ccwire builds for: benchmarks report it next to wall time, and
// ccwire spec compares it with the run's wall time.
package cputime
