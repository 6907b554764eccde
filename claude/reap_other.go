//go:build unix && !linux && !darwin

package claude

// markedProcesses finds nothing where there is no /proc: only the process
// group is killed.
func markedProcesses(marker string) []int { return nil }
