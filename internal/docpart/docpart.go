// Package docpart writes the generated part of documentation files: the
// text between a begin and an end marker, which a generator (internal/stubdoc,
// internal/chaosdoc) writes from a table in code, and a test checks.
package docpart

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Doc is a documentation file and the language it is in.
type Doc struct {
	// Lang is the language, "en" or "ja".
	Lang string
	// File is the file's path, slash-separated, from the module's root.
	File string
}

// Part is the generated part of some documentation files.
type Part struct {
	// Begin and End are the marker lines around the part, each ending in
	// a newline.
	Begin, End string
	// Body returns the part's text in a language.
	Body func(lang string) string
}

// Rewrite returns doc with its part written anew: Begin, a blank line,
// the body, a blank line and End. A doc without both markers is an
// error.
func (p Part) Rewrite(doc []byte, lang string) ([]byte, error) {
	before, rest, ok := bytes.Cut(doc, []byte(p.Begin))
	if !ok {
		return nil, errors.New("no begin marker: " + strings.TrimSpace(p.Begin))
	}
	_, after, ok := bytes.Cut(rest, []byte(p.End))
	if !ok {
		return nil, errors.New("no end marker: " + strings.TrimSpace(p.End))
	}
	var b bytes.Buffer
	b.Write(before)
	b.WriteString(p.Begin + "\n")
	b.WriteString(p.Body(lang))
	b.WriteString("\n" + p.End)
	b.Write(after)
	return b.Bytes(), nil
}

// Write rewrites the part of each of docs, in the module at root,
// writing only the files that change.
func (p Part) Write(root string, docs []Doc) error {
	for _, d := range docs {
		path := filepath.Join(root, filepath.FromSlash(d.File))
		old, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		out, err := p.Rewrite(old, d.Lang)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if !bytes.Equal(out, old) {
			if err := os.WriteFile(path, out, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// Stale returns the files of docs, in the module at root, whose part
// differs from what Rewrite writes now.
func (p Part) Stale(root string, docs []Doc) ([]string, error) {
	var stale []string
	for _, d := range docs {
		path := filepath.Join(root, filepath.FromSlash(d.File))
		got, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		want, err := p.Rewrite(got, d.Lang)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if !bytes.Equal(got, want) {
			stale = append(stale, d.File)
		}
	}
	return stale, nil
}

// Main is the main function of a generator of the part: it rewrites
// docs in the module at -root (default: the working folder) and exits 1
// with the error, prefixed with name, if it fails.
func (p Part) Main(name string, docs []Doc) {
	root := flag.String("root", ".", "the module's root directory")
	flag.Parse()
	if err := p.Write(*root, docs); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", name, err)
		os.Exit(1)
	}
}

// CheckFresh fails t for each of docs, in the module at root, whose part
// is stale, saying to run generate.
func (p Part) CheckFresh(t testing.TB, root string, docs []Doc, generate string) {
	t.Helper()
	stale, err := p.Stale(root, docs)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range stale {
		t.Errorf("%s is stale: run %s", f, generate)
	}
}
