package claude

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
)

// This file finds and reads the session transcripts the CLI keeps under
// its config folder, as the TypeScript Agent SDK's session functions do
// (listSessions, getSessionMessages...): <config>/projects/<project>/ holds
// one <session ID>.jsonl per session run in the project's folder, where
// <project> is the folder's absolute path with every character but ASCII
// letters and digits replaced by "-".

// HistoryOptions say where the session history is: the CLI's config folder
// and, optionally, one project.
type HistoryOptions struct {
	// ConfigDir is the CLI's config folder. Default: the environment's
	// CLAUDE_CONFIG_DIR, else ~/.claude, as the CLI and the Agent SDKs
	// choose it. A client's sessions are in its [Options].ConfigDir.
	ConfigDir string
	// Dir is the project: the working directory the sessions ran in (a
	// client's [Options].WorkDir). Empty means every project of the
	// config folder.
	Dir string
}

// ErrInvalidSessionID is the error (wrapped) for a session ID that is not
// a UUID, which the session functions refuse before touching any file.
var ErrInvalidSessionID = errors.New("session ID is not a UUID")

// SessionNotFoundError reports that no transcript of the session is in the
// config folder (or in the project HistoryOptions.Dir names). It matches
// [fs.ErrNotExist].
type SessionNotFoundError struct {
	SessionID string
	ConfigDir string
	Dir       string // the project searched, empty for every project
}

// Error says which session was not found where.
func (e *SessionNotFoundError) Error() string {
	where := "any project of " + e.ConfigDir
	if e.Dir != "" {
		where = "the project " + e.Dir + " in " + e.ConfigDir
	}
	return fmt.Sprintf("claude: session %s not found in %s", e.SessionID, where)
}

// Is reports whether target is [fs.ErrNotExist].
func (e *SessionNotFoundError) Is(target error) bool { return target == fs.ErrNotExist }

// SessionFileError reports a line of a session transcript that is not a
// JSON object. Reading stops there: no line is skipped unreported.
type SessionFileError struct {
	Path string // the transcript file
	Line int    // the line's number, from 1
	Err  error
}

// Error names the file and line.
func (e *SessionFileError) Error() string {
	return fmt.Sprintf("claude: %s:%d: bad session entry: %v", e.Path, e.Line, e.Err)
}

// Unwrap returns the decoding error.
func (e *SessionFileError) Unwrap() error { return e.Err }

// history is HistoryOptions resolved: absolute folders.
type history struct {
	configDir string
	dir       string // the project folder as given, made absolute; "" for all
}

// resolve returns the options with the defaults filled in.
func (o HistoryOptions) resolve() (history, error) {
	h := history{configDir: o.ConfigDir}
	if h.configDir == "" {
		h.configDir = os.Getenv("CLAUDE_CONFIG_DIR")
	}
	if h.configDir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return h, fmt.Errorf("claude: session history: no config folder: %w", err)
		}
		h.configDir = filepath.Join(home, ".claude")
	}
	var err error
	if h.configDir, err = filepath.Abs(h.configDir); err != nil {
		return h, err
	}
	if o.Dir != "" {
		if h.dir, err = filepath.Abs(o.Dir); err != nil {
			return h, err
		}
	}
	return h, nil
}

// projectsDir is the folder of every project's sessions.
func (h history) projectsDir() string { return filepath.Join(h.configDir, "projects") }

// notFound returns the error for a session not found.
func (h history) notFound(sessionID string) error {
	return &SessionNotFoundError{SessionID: sessionID, ConfigDir: h.configDir, Dir: h.dir}
}

// maxProjectName is the longest project folder name the CLI writes whole;
// a longer one is cut and given a hash of the path.
const maxProjectName = 200

// ProjectDirName returns the name of the folder under <config>/projects
// that holds the sessions the CLI ran in the folder dir (an absolute
// path): every UTF-16 code unit that is not an ASCII letter or digit
// becomes "-"; a name longer than 200 is cut to 200 and followed by "-"
// and a hash of dir in base 36, as the CLI does it.
func ProjectDirName(dir string) string {
	units := utf16.Encode([]rune(dir))
	name := make([]byte, len(units))
	for i, u := range units {
		if u < 128 && (u >= 'a' && u <= 'z' || u >= 'A' && u <= 'Z' || u >= '0' && u <= '9') {
			name[i] = byte(u)
		} else {
			name[i] = '-'
		}
	}
	if len(name) <= maxProjectName {
		return string(name)
	}
	var hash int32
	for _, u := range units {
		hash = hash*31 + int32(u)
	}
	abs := int64(hash)
	if abs < 0 {
		abs = -abs
	}
	return string(name[:maxProjectName]) + "-" + strconv.FormatInt(abs, 36)
}

// projectDirs returns the folders that hold the sessions of h.dir: the one
// named for the folder as given and for its real path (symbolic links
// resolved), and, for a name the CLI cut, every folder with its first 200
// characters (the hash differs between the CLI's runtimes). Without h.dir,
// every project folder. Folders that do not exist are left out.
func (h history) projectDirs() ([]string, error) {
	root := h.projectsDir()
	if h.dir == "" {
		ents, err := os.ReadDir(root)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		if err != nil {
			return nil, fmt.Errorf("claude: session history: %w", err)
		}
		var dirs []string
		for _, e := range ents {
			if e.IsDir() || e.Type()&fs.ModeSymlink != 0 {
				dirs = append(dirs, filepath.Join(root, e.Name()))
			}
		}
		return dirs, nil
	}
	paths := []string{h.dir}
	if real, err := filepath.EvalSymlinks(h.dir); err == nil && real != h.dir {
		paths = append(paths, real)
	}
	var dirs []string
	add := func(d string) {
		if fi, err := os.Stat(d); err == nil && fi.IsDir() && !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	for _, p := range paths {
		name := ProjectDirName(p)
		add(filepath.Join(root, name))
		if len(name) > maxProjectName {
			matches, _ := filepath.Glob(filepath.Join(root, globEscape(name[:maxProjectName])+"-*"))
			for _, m := range matches {
				add(m)
			}
		}
	}
	return dirs, nil
}

// globEscape escapes the characters filepath.Match gives a meaning. A
// project name holds only letters, digits and "-", so there are none; the
// escape keeps that true if the naming changes.
func globEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// sessionFile is the transcript of one session.
type sessionFile struct {
	path       string
	projectDir string
}

// findSession returns the transcript of sessionID, searching h's projects
// (a file of size 0 does not count, as in the SDK).
func (h history) findSession(ctx context.Context, sessionID string) (sessionFile, error) {
	if err := checkSessionID(sessionID); err != nil {
		return sessionFile{}, err
	}
	dirs, err := h.projectDirs()
	if err != nil {
		return sessionFile{}, err
	}
	for _, d := range dirs {
		if err := ctx.Err(); err != nil {
			return sessionFile{}, err
		}
		p := filepath.Join(d, sessionID+".jsonl")
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Size() > 0 {
			return sessionFile{path: p, projectDir: d}, nil
		}
	}
	return sessionFile{}, h.notFound(sessionID)
}

// locate resolves opts and finds the transcript of sessionID.
func locate(ctx context.Context, sessionID string, opts HistoryOptions) (history, sessionFile, error) {
	h, err := opts.resolve()
	if err != nil {
		return h, sessionFile{}, err
	}
	sf, err := h.findSession(ctx, sessionID)
	return h, sf, err
}

// checkSessionID refuses an ID that is not a UUID: it names files.
func checkSessionID(id string) error {
	if !uuidPattern.MatchString(id) {
		return fmt.Errorf("claude: %q: %w", id, ErrInvalidSessionID)
	}
	return nil
}

// readEntries yields every entry of the transcript at path in file order.
// A line that is not a JSON object ends it with a *SessionFileError;
// blank lines hold nothing and are passed over.
func readEntries(ctx context.Context, path string) iter.Seq2[*SessionEntry, error] {
	return func(yield func(*SessionEntry, error) bool) {
		f, err := os.Open(path)
		if err != nil {
			yield(nil, fmt.Errorf("claude: session history: %w", err))
			return
		}
		defer f.Close()
		r := bufio.NewReaderSize(f, 64<<10)
		var buf []byte
		for n := 1; ; n++ {
			line, err := readLine(r, buf[:0])
			buf = line
			if err != nil && !errors.Is(err, io.EOF) {
				yield(nil, fmt.Errorf("claude: session history: read %s: %w", path, err))
				return
			}
			if len(bytes.TrimSpace(line)) > 0 {
				if cerr := ctx.Err(); cerr != nil {
					yield(nil, cerr)
					return
				}
				e, derr := DecodeSessionEntry(slices.Clone(line))
				if derr != nil {
					yield(nil, &SessionFileError{Path: path, Line: n, Err: derr})
					return
				}
				e.LineNumber = n
				if !yield(e, nil) {
					return
				}
			}
			if err != nil {
				return
			}
		}
	}
}

// readLine reads one line of any length into buf, without its newline;
// io.EOF comes with the last line.
func readLine(r *bufio.Reader, buf []byte) ([]byte, error) {
	for {
		chunk, err := r.ReadSlice('\n')
		buf = append(buf, chunk...)
		switch {
		case err == nil:
			return buf[:len(buf)-1], nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		default:
			return buf, err
		}
	}
}

// SessionEntries yields every entry of a session's transcript in file
// order, conversation and bookkeeping alike, reading the file as it goes:
// a transcript of any size takes the memory of its longest line. A line
// that is not a JSON object ends the sequence with a [*SessionFileError]
// naming the file and line; a session that is not there, with a
// [*SessionNotFoundError].
func SessionEntries(ctx context.Context, sessionID string, opts HistoryOptions) iter.Seq2[*SessionEntry, error] {
	return func(yield func(*SessionEntry, error) bool) {
		_, sf, err := locate(ctx, sessionID, opts)
		if err != nil {
			yield(nil, err)
			return
		}
		for e, err := range readEntries(ctx, sf.path) {
			if !yield(e, err) || err != nil {
				return
			}
		}
	}
}
