package scenario

import (
	"bytes"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
)

// clockTick is the unit of the CPU times in /proc/<pid>/stat (USER_HZ),
// 1/100 s on every Linux system.
const clockTick = 10 * time.Millisecond

// procStat returns the fields of /proc/<pid>/stat after the command name:
// state, ppid, … (field 3 onwards of proc(5)).
func procStat(pid int) ([][]byte, bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return nil, false
	}
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return nil, false
	}
	return bytes.Fields(data[i+1:]), true
}

// processCPU returns the CPU time, user plus system, that process pid has
// used so far.
func processCPU(pid int) (time.Duration, bool) {
	f, ok := procStat(pid)
	if !ok || len(f) < 13 {
		return 0, false
	}
	utime, err1 := strconv.ParseInt(string(f[11]), 10, 64)
	stime, err2 := strconv.ParseInt(string(f[12]), 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return time.Duration(utime+stime) * clockTick, true
}

// processBusy reports whether a thread of process pid is running, waiting
// for a core (state R) or waiting for the disk (state D): a process slowed
// down by a loaded machine is busy even though its CPU time hardly grows.
func processBusy(pid int) bool {
	dir := "/proc/" + strconv.Itoa(pid) + "/task"
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		data, err := os.ReadFile(dir + "/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		if i := bytes.LastIndexByte(data, ')'); i >= 0 {
			if f := bytes.Fields(data[i+1:]); len(f) > 0 && (string(f[0]) == "R" || string(f[0]) == "D") {
				return true
			}
		}
	}
	return false
}

// hasChildren reports whether process pid has a child that is running
// (not a zombie), other than one whose command line starts with ignore
// (a server the CLI keeps for the whole session, such as the test MCP
// server: it runs for no tool). It reads the parent of every process in
// /proc: kernels often lack /proc/<pid>/task/<tid>/children.
func hasChildren(pid int, ignore []string) bool {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return false
	}
	want := []byte(strconv.Itoa(pid))
	for _, e := range entries {
		child, err := strconv.Atoi(e.Name())
		if err != nil || child == pid {
			continue
		}
		if f, ok := procStat(child); ok && len(f) > 1 && bytes.Equal(f[1], want) && string(f[0]) != "Z" && !commandStarts(child, ignore) {
			return true
		}
	}
	return false
}

// commandStarts reports whether the command line of process pid starts
// with the arguments prefix (false for an empty prefix).
func commandStarts(pid int, prefix []string) bool {
	if len(prefix) == 0 {
		return false
	}
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	if err != nil {
		return false
	}
	args := strings.Split(strings.TrimSuffix(string(data), "\x00"), "\x00")
	return len(args) >= len(prefix) && slices.Equal(args[:len(prefix)], prefix)
}
