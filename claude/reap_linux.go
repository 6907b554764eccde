//go:build linux

package claude

import (
	"bytes"
	"os"
	"strconv"
)

// markedProcesses returns the processes whose environment holds the entry
// marker ("KEY=VALUE"). The CLI's descendants inherit the marker even when
// they leave its process group (the Bash tool starts detached shells), so
// this finds every process a session left behind.
func markedProcesses(marker string) []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	want := []byte(marker)
	self := os.Getpid()
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		env, err := os.ReadFile("/proc/" + e.Name() + "/environ")
		if err != nil {
			continue // gone, or not ours
		}
		for entry := range bytes.SplitSeq(env, []byte{0}) {
			if bytes.Equal(entry, want) {
				pids = append(pids, pid)
				break
			}
		}
	}
	return pids
}
