//go:build windows

package claude

// markedProcesses finds nothing on Windows, and needs not: the CLI's job
// object holds every process it and its descendants start, detached ones
// included, as a job it does not allow to break away from, and
// processTree.kill ends them all.
func markedProcesses(marker string) []int { return nil }
