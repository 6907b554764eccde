package recording

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/ccwire/ccwire/internal/jsontree"
	"github.com/ccwire/ccwire/internal/wholefile"
)

// ObjectsDir is the name of the object store's folder in a recordings
// folder.
const ObjectsDir = "objects"

// Kind is the kind of a stored unit, the first part of its reference and
// the folder of its objects.
type Kind string

// The kinds of stored units.
const (
	KindHeader  Kind = "header"  // the headers of an API request
	KindTool    Kind = "tool"    // a tool definition of a request body
	KindSystem  Kind = "system"  // a block of a request body's system prompt
	KindMessage Kind = "message" // a message of a request body's conversation
	KindLine    Kind = "line"    // a stdout message: system/init, control_response, result
	// KindText is a paragraph of a long text in another object (see
	// splitTexts); recordings never reference one.
	KindText Kind = "text"
)

// hashLen is how many hex digits of the SHA-256 a reference keeps.
const hashLen = 16

// refPattern matches a reference: @kind:hash or @kind:hint:hash.
var refPattern = regexp.MustCompile(`^@(header|tool|system|message|line|text):(?:(.*):)?([0-9a-f]{16})$`)

// Ref is a reference to a stored unit.
type Ref struct {
	Kind Kind
	Hint string // the tool's name or the message's role; "" for none
	Hash string // hashLen hex digits
}

// ParseRef parses a reference; ok is false for a string that is not one.
func ParseRef(s string) (r Ref, ok bool) {
	m := refPattern.FindStringSubmatch(s)
	if m == nil {
		return Ref{}, false
	}
	return Ref{Kind: Kind(m[1]), Hint: m[2], Hash: m[3]}, true
}

// String writes the reference as a recording holds it.
func (r Ref) String() string {
	if r.Hint == "" {
		return "@" + string(r.Kind) + ":" + r.Hash
	}
	return "@" + string(r.Kind) + ":" + r.Hint + ":" + r.Hash
}

// path is the object's file, slash-separated, relative to the store.
func (r Ref) path() string { return path.Join(string(r.Kind), r.Hash+".json") }

// file is the object's file, slash-separated, relative to the recordings
// folder: for messages.
func (r Ref) file() string { return path.Join(ObjectsDir, r.path()) }

// Store is a content-addressed store of JSON values: the objects folder of
// a recordings folder. It reads from a file system and, when made by
// [OpenStore], writes into its folder.
type Store struct {
	fsys fs.FS  // the objects folder
	dir  string // the objects folder on disk, "" for a read-only store
}

// OpenStore returns the store of the recordings folder dir (its objects
// folder, which Put creates when needed).
func OpenStore(dir string) *Store {
	d := filepath.Join(dir, ObjectsDir)
	return &Store{fsys: os.DirFS(d), dir: d}
}

// StoreFS returns the read-only store of a recordings folder in fsys (such
// as the embedded corpus): its objects folder.
func StoreFS(fsys fs.FS) *Store {
	sub, err := fs.Sub(fsys, ObjectsDir)
	if err != nil {
		sub = fsys // fs.Sub fails only on a bad name, and ObjectsDir is good
	}
	return &Store{fsys: sub}
}

// ErrMissingObject means a reference names an object the store does not
// have.
var ErrMissingObject = errors.New("object not in the store")

// Get returns the value a reference names, its long texts joined from
// their paragraphs within the bounds of expansion (see [ExpansionError]).
func (s *Store) Get(r Ref) (*jsontree.Value, error) {
	v, _, _, err := s.get(r)
	return v, err
}

// ErrDamagedObject means an object's content does not match its hash:
// writing a recording that holds its value again repairs it ([Store.Put]).
var ErrDamagedObject = errors.New("the store is damaged")

// getRaw returns the object a reference names as stored. An object on
// disk must be a regular file: a named pipe or a device is an error, not
// a wait.
func (s *Store) getRaw(r Ref) (*jsontree.Value, error) {
	var data []byte
	var err error
	if s.dir != "" {
		data, err = wholefile.ReadFile(filepath.Join(s.dir, filepath.FromSlash(r.path())))
	} else {
		data, err = fs.ReadFile(s.fsys, r.path())
	}
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s (%s)", ErrMissingObject, r, r.file())
	}
	if err != nil {
		return nil, fmt.Errorf("object %s (%s): %w", r, r.file(), err)
	}
	v, err := jsontree.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("object %s (%s): %w: %w", r, r.file(), ErrDamagedObject, err)
	}
	return v, nil
}

// Paragraphs returns the references to paragraphs (objects of KindText)
// that the object r names holds, each once: the objects it needs besides
// itself.
func (s *Store) Paragraphs(r Ref) ([]Ref, error) {
	if r.Kind == KindText {
		return nil, nil
	}
	v, err := s.getRaw(r)
	if err != nil {
		return nil, err
	}
	if hashOf(v.AppendCompact(nil)) == r.Hash {
		return nil, nil
	}
	_, refs, err := joinTexts(v, s)
	if err != nil {
		return nil, fmt.Errorf("object %s: %w", r, err)
	}
	var out []Ref
	for _, p := range refs {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out, nil
}

// Put stores v as a unit of kind, with hint for people, and returns its
// reference. Storing a value the store has, sound, is a no-op; an object
// that is damaged (its content does not match its hash, or a paragraph of
// it is missing or damaged) or is not a regular file is written again.
// Its long texts are stored as paragraphs (see splitTexts).
func (s *Store) Put(kind Kind, hint string, v *jsontree.Value) (Ref, error) {
	r := Ref{Kind: kind, Hint: cleanHint(hint), Hash: hashOf(v.AppendCompact(nil))}
	if s.dir == "" {
		return Ref{}, errors.New("the store is read-only")
	}
	if _, err := s.Get(r); err == nil {
		return r, nil
	}
	return r, s.write(r, v)
}

// write writes the object r in its stored form: v with its long texts as
// paragraphs, unless r is a paragraph.
func (s *Store) write(r Ref, v *jsontree.Value) error {
	if r.Kind != KindText {
		split, ok, err := splitTexts(v, s)
		if err != nil {
			return err
		}
		if ok {
			v = split
		}
	}
	data := append(v.AppendCompact(nil), '\n')
	file := filepath.Join(s.dir, filepath.FromSlash(r.path()))
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	// Whole or not at all, so that a reader, or a run writing the same
	// object at once, never sees half of it.
	if err := wholefile.WriteFile(file, data, 0o644); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// hashOf returns the reference hash of a unit's compact JSON.
func hashOf(compact []byte) string {
	sum := sha256.Sum256(compact)
	return hex.EncodeToString(sum[:])[:hashLen]
}

// cleanHint makes a hint fit a reference: no colon, no line break, at
// most 64 bytes.
func cleanHint(h string) string {
	h = strings.Map(func(r rune) rune {
		if r == ':' || r == '\n' || r == '\r' || r == '"' || r == '\\' {
			return '_'
		}
		return r
	}, h)
	if len(h) > 64 {
		n := 64
		for n > 0 && !utf8.RuneStart(h[n]) {
			n--
		}
		h = h[:n]
	}
	return h
}

// storeParagraphs writes the object r as paragraphs if it is stored whole
// and has a long text; it reports how many objects it rewrote (0 or 1).
func (s *Store) storeParagraphs(r Ref) (int, error) {
	if r.Kind == KindText {
		return 0, nil
	}
	v, err := s.getRaw(r)
	if err != nil {
		return 0, err
	}
	if hashOf(v.AppendCompact(nil)) != r.Hash {
		return 0, nil // stored as paragraphs already
	}
	if _, ok, err := splitTexts(v, s); err != nil || !ok {
		return 0, err
	}
	return 1, s.write(r, v)
}
