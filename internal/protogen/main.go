// Command protogen generates, from the Go types of package protocol and
// their struct tags, what is mechanical about them: the codec's member
// tables and methods, the dispatch on discriminating members, and the
// description of the protocol that package protocol/schema holds.
//
// Run it with go generate in package protocol:
//
//	go generate ./protocol
//
// The tags it reads, on the fields of a struct that embeds envelope (a
// message) or objectState (any other JSON object):
//
//	json:"key"              the member's JSON name; "-" for a field that is no member
//	wire:"required"         written even when zero by a value built in code
//	wire:"nullable"         a string or integer the protocol always carries, null when zero
//	wire:"input"            a tool input: JSON text written as {} when empty
//	wire:"oneof=a|b"        the values of this member that choose the struct in its union
//
// and on the embedded envelope or objectState, comma-separated:
//
//	union=Name              the struct is a variant of interface Name
//	key=value               a fixed member ("type=text"), written first, in order;
//	                        the fixed members choose the variant, level by level
//	fallback                the variant for values the union does not know at its level
//	answers=subtype         the struct is the payload of a successful answer to that request
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
)

func main() {
	dir := flag.String("dir", ".", "the protocol package's directory")
	check := flag.Bool("check", false, "report stale generated files instead of writing them")
	flag.Parse()
	if err := run(*dir, *check); err != nil {
		fmt.Fprintln(os.Stderr, "protogen:", err)
		os.Exit(1)
	}
}

// run generates the files of package protocol in dir.
func run(dir string, check bool) error {
	files, err := generate(dir)
	if err != nil {
		return err
	}
	var stale []string
	for name, data := range files {
		p := filepath.Join(dir, name)
		if check {
			old, _ := os.ReadFile(p)
			if !bytes.Equal(old, data) {
				stale = append(stale, p)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return err
		}
	}
	if len(stale) > 0 {
		return fmt.Errorf("stale generated files (run go generate ./protocol): %v", stale)
	}
	return nil
}

// generate returns the generated files, by path relative to dir.
func generate(dir string) (map[string][]byte, error) {
	fset, files, err := parsePackage(dir)
	if err != nil {
		return nil, err
	}
	m, err := readModel(fset, files)
	if err != nil {
		return nil, err
	}
	codec, err := m.codec()
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for name, src := range map[string][]byte{
		"codec_gen.go":        codec,
		"schema/model_gen.go": m.describe(),
	} {
		formatted, err := format.Source(src)
		if err != nil {
			return nil, fmt.Errorf("%s: %w\n%s", name, err, src)
		}
		out[name] = formatted
	}
	return out, nil
}
