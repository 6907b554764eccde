package tempdir

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
)

// busy returns the names of the entries of dir that a running process
// uses, as far as /proc tells: its working folder, or a path in its
// arguments or environment (HOME, TMPDIR) is in one. A CLI whose ccwire
// was killed runs on for a while in the folders ccwire made for it, and
// writes in them; those are swept once it is gone too.
func busy(dir string) map[string]bool {
	out := map[string]bool{}
	procs, err := os.ReadDir("/proc")
	if err != nil {
		return out
	}
	dir = filepath.Clean(dir) + string(filepath.Separator)
	note := func(data []byte) {
		for len(data) > 0 {
			i := bytes.Index(data, []byte(dir))
			if i < 0 {
				return
			}
			data = data[i+len(dir):]
			end := bytes.IndexAny(data, "/\x00 :")
			if end < 0 {
				end = len(data)
			}
			out[string(data[:end])] = true
		}
	}
	for _, p := range procs {
		if strings.TrimLeft(p.Name(), "0123456789") != "" {
			continue
		}
		base := filepath.Join("/proc", p.Name())
		if cwd, err := os.Readlink(filepath.Join(base, "cwd")); err == nil {
			note([]byte(cwd + "/"))
		}
		for _, f := range []string{"cmdline", "environ"} {
			if data, err := os.ReadFile(filepath.Join(base, f)); err == nil {
				note(data)
			}
		}
	}
	return out
}
