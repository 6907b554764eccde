package corpustest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A Test is a test function [Scan] found that reads the recordings as a
// whole or is marked.
type Test struct {
	// Pkg is the package's folder, "./" and slash-separated from the
	// scanned root, as go test takes it (./docgen).
	Pkg string
	// Name is the test function's name; File and Line where it is
	// declared (File relative to the root).
	Name string
	File string
	Line int
	// Marker is the marker it calls, itself or through a function of its
	// package's tests (Versions, Paths, Matrix, Whole), or "" if none.
	Marker string
	// Reads reports whether it reads the recordings as a whole: it, or a
	// function of its package's tests it calls, names a pattern over the
	// recordings folder (filepath.Join("..", "recordings", "*", …),
	// "../recordings/*/*.txtar"), or names the folder (filepath.Join("..",
	// "recordings"), "../recordings", an identifier recordingsDir) and
	// lists a folder (filepath.Glob, os.ReadDir, a walk,
	// a function named …Versions).
	Reads bool
	// Exempt is why a test that seems to read the recordings as a whole
	// does not (from exempt), or "".
	Exempt string
}

// Unmarked reports whether t reads the recordings as a whole and is
// neither marked nor exempt: TestMarked and the list command fail on it.
func (t Test) Unmarked() bool { return t.Reads && t.Marker == "" && t.Exempt == "" }

// exempt are the tests, by package and name, that the scan finds reading
// the recordings as a whole but that read a fixed part of them, and why.
var exempt = map[string]string{
	"./cmd/ccwire TestRunTrack":                "builds a recordings folder of its own in a temporary folder",
	"./cmd/ccwire TestTrackKilledSweepsTemp":   "builds a recordings folder of its own in a temporary folder",
	"./cmd/ccwire TestTrackCLI":                "lists the version folders' names to find the release before the newest pinned one, and copies three scenarios' recordings of it",
	"./fakecli TestNoPlaceholderReachesStdout": "plays the recordings of the pinned versions only",
	"./docgen TestDeterministic":               "renders three named versions, copied into a temporary module",
	"./fakecli TestSoak":                       "plays the recordings of three named versions",
}

// markers are the functions of this package that mark a test.
var markers = []string{"Versions", "Paths", "Dir", "Matrix", "Whole"}

// listers are the calls that list a folder or a file system.
var listers = []string{"filepath.Glob", "fs.Glob", "os.ReadDir", "fs.ReadDir", "filepath.WalkDir", "fs.WalkDir", "filepath.Walk"}

// versionLister is a call that lists recorded versions
// (recording.Versions, recording.VersionsFS, docgen's recordedVersions);
// cliinstall's pinned and published versions are not recordings.
var versionLister = regexp.MustCompile(`(?i)versions(FS)?$`)

// notRecorded are functions named like versionLister that list no recordings.
var notRecorded = []string{"PinnedVersions", "PublishedVersions", "sortVersions", "TestCompareVersions"}

// recordingsName is an identifier that names the recordings folder.
var recordingsName = regexp.MustCompile(`^(?i)recordings?Dir$`)

// upFolder and upPattern are a path up to the recordings folder written
// whole ("../recordings"), and a pattern over it ("../recordings/*/*.txtar").
var (
	upFolder  = regexp.MustCompile(`^(\.\./)+recordings/?$`)
	upPattern = regexp.MustCompile(`^(\.\./)+recordings/.*\*`)
)

// facts are what one function does directly.
type facts struct {
	calls        []string // functions of its package it calls
	marker       string
	lists, names bool // lists a folder; names the recordings folder
	pattern      bool // names a pattern over the repository's recordings folder
	file         string
	line         int
}

// Scan returns the test functions (Test…) of the Go packages under root
// that read the recordings as a whole or are marked, sorted by package
// and name. It skips the recordings, docs and schema folders, testdata,
// hidden folders, and this package (whose tests call the markers on
// fixtures).
func Scan(root string) ([]Test, error) {
	var out []Test
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
			return filepath.SkipDir
		}
		if rel, _ := filepath.Rel(root, path); slices.Contains([]string{"recordings", "docs", "schema", "internal/corpustest"}, filepath.ToSlash(rel)) {
			return filepath.SkipDir
		}
		tests, err := scanDir(root, path)
		out = append(out, tests...)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("corpustest: %w", err)
	}
	slices.SortFunc(out, func(a, b Test) int {
		return strings.Compare(a.Pkg+" "+a.Name, b.Pkg+" "+b.Name)
	})
	return out, nil
}

// scanDir scans the test files of the package in dir.
func scanDir(root, dir string) ([]Test, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil || len(files) == 0 {
		return nil, err
	}
	fset := token.NewFileSet()
	funcs := map[string]*facts{}
	var tests []string
	for _, path := range files {
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		rel, _ := filepath.Rel(root, path)
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				if decl.Recv != nil || decl.Body == nil {
					continue
				}
				fc := inspect(decl.Body)
				fc.file, fc.line = filepath.ToSlash(rel), fset.Position(decl.Pos()).Line
				funcs[decl.Name.Name] = fc
				if strings.HasPrefix(decl.Name.Name, "Test") && decl.Name.Name != "TestMain" {
					tests = append(tests, decl.Name.Name)
				}
			case *ast.GenDecl:
				// A package-level variable holding a function (var versions =
				// sync.OnceValues(func() …)) is called through its name.
				for _, spec := range decl.Specs {
					vs, ok := spec.(*ast.ValueSpec)
					if !ok || len(vs.Names) != len(vs.Values) {
						continue
					}
					for i, v := range vs.Values {
						fc := inspect(v)
						fc.file, fc.line = filepath.ToSlash(rel), fset.Position(vs.Pos()).Line
						funcs[vs.Names[i].Name] = fc
					}
				}
			}
		}
	}
	relDir, _ := filepath.Rel(root, dir)
	pkg := "./" + filepath.ToSlash(relDir)
	if relDir == "." {
		pkg = "."
	}
	var out []Test
	for _, name := range tests {
		var all facts
		seen := map[string]bool{}
		var walk func(string)
		walk = func(n string) {
			fc, ok := funcs[n]
			if !ok || seen[n] {
				return
			}
			seen[n] = true
			all.lists = all.lists || fc.lists
			all.names = all.names || fc.names
			all.pattern = all.pattern || fc.pattern
			if all.marker == "" {
				all.marker = fc.marker
			}
			for _, c := range fc.calls {
				walk(c)
			}
		}
		walk(name)
		t := Test{Pkg: pkg, Name: name, File: funcs[name].file, Line: funcs[name].line, Marker: all.marker, Reads: all.pattern || all.lists && all.names, Exempt: exempt[pkg+" "+name]}
		if t.Reads || t.Marker != "" {
			out = append(out, t)
		}
	}
	return out, nil
}

// inspect returns what body does directly.
func inspect(body ast.Node) *facts {
	fc := &facts{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			switch fun := n.Fun.(type) {
			case *ast.Ident:
				fc.calls = append(fc.calls, fun.Name)
				if versionLister.MatchString(fun.Name) && !slices.Contains(notRecorded, fun.Name) {
					fc.lists = true
				}
			case *ast.SelectorExpr:
				x, ok := fun.X.(*ast.Ident)
				if !ok {
					break
				}
				call := x.Name + "." + fun.Sel.Name
				switch {
				case call == "filepath.Join" || call == "path.Join":
					folder, pattern := joinRecordings(n.Args)
					fc.names = fc.names || folder
					fc.pattern = fc.pattern || pattern
				case x.Name == "corpustest" && slices.Contains(markers, fun.Sel.Name):
					fc.marker = fun.Sel.Name
				case slices.Contains(listers, call),
					versionLister.MatchString(fun.Sel.Name) && !slices.Contains(notRecorded, fun.Sel.Name):
					fc.lists = true
				}
			}
		case *ast.BasicLit:
			if n.Kind == token.STRING {
				if lit, err := strconv.Unquote(n.Value); err == nil {
					fc.names = fc.names || upFolder.MatchString(lit)
					fc.pattern = fc.pattern || upPattern.MatchString(lit)
				}
			}
		case *ast.Ident:
			if recordingsName.MatchString(n.Name) {
				fc.names = true
			}
		}
		return true
	})
	return fc
}

// joinRecordings reports what the arguments of a filepath.Join name:
// the repository's recordings folder (a path up, "..", to "recordings"
// as the last element), or a pattern over it (recordings/*/*.txtar);
// neither when they name one file in it.
func joinRecordings(args []ast.Expr) (folder, pattern bool) {
	var lits []string
	for _, a := range args {
		s := "?"
		if lit, ok := a.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			s, _ = strconv.Unquote(lit.Value)
		}
		lits = append(lits, s)
	}
	i := slices.Index(lits, "recordings")
	if i < 0 || !slices.Contains(lits[:i], "..") {
		return false, false
	}
	return i == len(lits)-1, slices.ContainsFunc(lits[i+1:], func(s string) bool { return strings.Contains(s, "*") })
}

// ModuleRoot returns the folder holding go.mod above dir.
func ModuleRoot(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("corpustest: %w", err)
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("corpustest: no go.mod above %s", dir)
		}
	}
}
