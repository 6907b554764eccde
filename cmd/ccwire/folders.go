package main

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"

	"github.com/ccwire/ccwire/corpus"
	"github.com/ccwire/ccwire/drift"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
	"github.com/ccwire/ccwire/scenarios"
)

// The project folders the commands read, the scenarios and the
// recordings, are a checkout's when ccwire runs in one (at its root, or
// named by a flag); anywhere else an installed ccwire reads the copies
// built into it (packages scenarios and recordings), those of the commit
// it was built from.
const (
	scenariosDir  = "scenarios"
	recordingsDir = "recordings"

	builtinScenarios  = "the scenarios built into ccwire"
	builtinRecordings = "the recordings built into ccwire"
)

// folder is a project folder a command reads: a folder on disk, or the
// copy built into ccwire.
type folder struct {
	fsys fs.FS  // its files
	dir  string // the folder on disk; "" for the built-in copy
	name string // what messages call it: dir, or builtinScenarios…
}

// openFolder returns the folder named by a flag (flagDir, when not ""),
// or else the folder def of the working folder if there is one (a
// checkout of ccwire), or else the copy built into ccwire that builtin
// returns, called builtinName.
func openFolder(flagDir, def string, builtin func() fs.FS, builtinName string) folder {
	dir := flagDir
	if dir == "" {
		if st, err := os.Stat(def); err == nil && st.IsDir() {
			dir = def
		}
	}
	if dir == "" {
		return folder{fsys: builtin(), name: builtinName}
	}
	return folder{fsys: os.DirFS(dir), dir: dir, name: dir}
}

// scenarioFolder returns the scenarios' folder: the one a --scenarios
// flag names (flagDir), or ./scenarios, or the built-in scenarios.
func scenarioFolder(flagDir string) folder {
	return openFolder(flagDir, scenariosDir, func() fs.FS { return scenarios.FS }, builtinScenarios)
}

// recordingsFolder returns the recordings' folder: the one a flag names
// (flagDir), or ./recordings, or the built-in recordings.
func recordingsFolder(flagDir string) folder {
	return openFolder(flagDir, recordingsDir, builtinRecordingsFS, builtinRecordings)
}

// builtinRecordingsFS returns the recordings built into ccwire (package
// corpus). If their pack is damaged, a broken build, every read fails
// with why.
func builtinRecordingsFS() fs.FS {
	fsys, err := corpus.Recordings()
	if err != nil {
		return brokenFS{err}
	}
	return fsys
}

// brokenFS is a file system that cannot be read, and says why.
type brokenFS struct{ err error }

// Open fails with the reason the file system cannot be read.
func (b brokenFS) Open(name string) (fs.File, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: b.err}
}

// loadScenarios reads the scenario files of f.
func (f folder) loadScenarios() ([]*scenario.Scenario, error) {
	if f.dir != "" {
		return scenario.LoadDir(f.dir)
	}
	return scenario.LoadFS(f.fsys)
}

// hasRecordings reports whether the recordings folder f has recordings
// of version.
func (f folder) hasRecordings(version string) bool {
	files, _ := fs.Glob(f.fsys, path.Join(version, "*"+scenario.RecordingExt))
	return len(files) > 0
}

// loadCorpus reads the recordings of version in the recordings folder f.
func (f folder) loadCorpus(version string, opts drift.LoadOptions) (*drift.Corpus, error) {
	if f.dir != "" {
		return drift.Load(filepath.Join(f.dir, version), opts)
	}
	c, err := drift.LoadFS(f.fsys, version, opts)
	if err != nil {
		return nil, err
	}
	c.Dir = path.Join(recordingsDir, version) + " (built into ccwire)"
	return c, nil
}

// versions returns the CLI versions the recordings folder f has
// recordings of, oldest first.
func (f folder) versions() ([]string, error) {
	if f.dir != "" {
		return recording.Versions(f.dir)
	}
	return recording.VersionsFS(f.fsys)
}

// readRecording reads the recording name (slash-separated, such as
// "2.1.37/text-simple.txtar") of the recordings folder f.
func (f folder) readRecording(name string) (*recording.Recording, error) {
	if f.dir != "" {
		return recording.ReadRecording(filepath.Join(f.dir, filepath.FromSlash(name)))
	}
	return recording.ReadRecordingFS(f.fsys, name)
}
