package claude_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/internal/mcpecho"
)

func TestMain(m *testing.M) {
	mcpecho.RunIfAsked() // the tests' --mcp-config starts the test MCP server from this binary
	runRecordedCLI()     // the Examples' fake CLI, playing a recording
	if runFakeCLI() {
		return
	}
	code := m.Run()
	if code == 0 {
		if err := checkLeaks(); err != nil {
			fmt.Fprintln(os.Stderr, "leak check:", err)
			code = 1
		}
	}
	os.Exit(code)
}

// sessions are the sessions the tests started, for the leak check.
var sessions struct {
	sync.Mutex
	all []*claude.Session
}

// track registers s for the leak check.
func track(s *claude.Session) {
	sessions.Lock()
	sessions.all = append(sessions.all, s)
	sessions.Unlock()
}

// checkLeaks reports goroutines of package claude, process groups of the
// sessions and processes carrying a session's marker that outlived the
// tests, after giving them a moment to go.
func checkLeaks() error {
	var err error
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if err = leaks(); err == nil {
			return nil
		}
	}
	return err
}

func leaks() error {
	var errs []error
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	for g := range strings.SplitSeq(string(buf), "\n\n") {
		if strings.Contains(g, "github.com/ccwire/ccwire/claude.") {
			errs = append(errs, fmt.Errorf("goroutine left:\n%s", g))
		}
	}
	sessions.Lock()
	defer sessions.Unlock()
	for _, s := range sessions.all {
		if err := treeGone(s.PID()); err != nil {
			errs = append(errs, fmt.Errorf("a session's processes are alive: %w", err))
		}
		if pids := claude.MarkedProcesses(s.Marker()); len(pids) > 0 {
			errs = append(errs, fmt.Errorf("processes %v carry the marker of session %d", pids, s.PID()))
		}
		if !s.Isolated() {
			continue // the user's own folders
		}
		if _, err := os.Stat(filepath.Dir(s.HomeDir())); !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, fmt.Errorf("folder of session %d not removed (%v)", s.PID(), err))
		}
	}
	return errors.Join(errs...)
}
