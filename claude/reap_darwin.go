//go:build darwin

package claude

import (
	"os"

	"golang.org/x/sys/unix"
)

// markedProcesses returns the processes whose environment holds the entry
// marker ("KEY=VALUE"), read with sysctl (kern.proc.all, then each one's
// kern.procargs2, which the system gives for the user's own processes).
// The CLI's descendants inherit the marker even when they leave its
// process group (the Bash tool starts detached shells), so this finds
// every process a session left behind.
func markedProcesses(marker string) []int {
	procs, err := unix.SysctlKinfoProcSlice("kern.proc.all")
	if err != nil {
		return nil
	}
	self := os.Getpid()
	var pids []int
	for _, p := range procs {
		pid := int(p.Proc.P_pid)
		if pid <= 0 || pid == self {
			continue
		}
		args, err := unix.SysctlRaw("kern.procargs2", pid)
		if err != nil {
			continue // gone, a zombie, or not ours
		}
		if procArgsHaveEnv(args, marker) {
			pids = append(pids, pid)
		}
	}
	return pids
}
