package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/doc"
	"go/doc/comment"
	"go/parser"
	"go/printer"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// model is what the protocol package's source declares: its wire structs
// with their tags, its enums and its unions.
type model struct {
	structs []*wireStruct
	byName  map[string]*wireStruct
	enums   []*enum
	unions  []*union
	// methods lists, per type, the methods written by hand.
	methods map[string]map[string]bool
	// enumByName finds the enums by name.
	enumByName map[string]*enum
}

// wireStruct is a struct of package protocol that is a JSON object: it
// embeds envelope (a message) or objectState.
type wireStruct struct {
	name     string
	doc      []string
	state    string // "envelope" or "objectState"
	union    string // the union it is a variant of, "" if none
	consts   []keyValue
	fallback bool     // the union's variant for values it does not know
	answers  string   // the control request subtype it is the payload of
	tools    []string // the tools whose tool_use_result has this shape
	fields   []*wireField
}

// keyValue is a fixed member: "type": "text".
type keyValue struct{ key, value string }

// wireField is one JSON member of a wire struct.
type wireField struct {
	goName   string
	goType   string // as written in the source
	key      string
	doc      string
	shape    string // a schema.Shape constant's value
	elem     string // nested struct (object shapes) or union (variant)
	enum     string // the named string type of a string member with constants
	number   string // "integer" or "float" for numbers
	required bool
	nullable bool
	oneOf    []string
}

// enum is a named string type with constants.
type enum struct {
	name   string
	doc    []string
	values []enumValue
}

type enumValue struct{ name, value, doc string }

// union is an interface whose implementations are wire structs told apart
// by a discriminating member.
type union struct {
	name     string
	doc      []string
	key      string // the discriminating member: "type" or "subtype"
	accessor string // the interface method returning that member's value
	result   string // its result type
	variants []*wireStruct
}

// parsePackage reads the non-test, non-generated Go files of dir.
func parsePackage(dir string) (*token.FileSet, []*ast.File, error) {
	fset := token.NewFileSet()
	var files []*ast.File
	err := fs.WalkDir(os.DirFS(dir), ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() {
			if p != "." {
				return fs.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") || strings.HasSuffix(p, "_gen.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, p), nil, parser.ParseComments)
		if err != nil {
			return err
		}
		files = append(files, f)
		return nil
	})
	return fset, files, err
}

// readModel builds the model from the parsed package.
func readModel(fset *token.FileSet, files []*ast.File) (*model, error) {
	m := &model{byName: map[string]*wireStruct{}, methods: map[string]map[string]bool{}, enumByName: map[string]*enum{}}
	pkg, err := doc.NewFromFiles(fset, files, "github.com/ccwire/ccwire/protocol", doc.PreserveAST|doc.AllDecls)
	if err != nil {
		return nil, err
	}
	render := func(text string) []string { return paragraphs(pkg.Parser().Parse(text)) }
	structTypes := map[string]*ast.StructType{}
	for _, t := range pkg.Types {
		m.methods[t.Name] = map[string]bool{}
		for _, f := range t.Methods {
			m.methods[t.Name][f.Name] = true
		}
		spec := t.Decl.Specs[0].(*ast.TypeSpec)
		switch typ := spec.Type.(type) {
		case *ast.StructType:
			structTypes[t.Name] = typ
			if ws, err := readStruct(t.Name, typ); err != nil {
				return nil, err
			} else if ws != nil {
				ws.doc = render(t.Doc)
				m.structs = append(m.structs, ws)
				m.byName[ws.name] = ws
			}
		case *ast.InterfaceType:
			if u := readUnion(t.Name, typ); u != nil {
				u.doc = render(t.Doc)
				m.unions = append(m.unions, u)
			}
		case *ast.Ident:
			if typ.Name != "string" || len(t.Consts) == 0 {
				continue
			}
			e := &enum{name: t.Name, doc: render(t.Doc)}
			for _, c := range t.Consts {
				for _, sp := range c.Decl.Specs {
					vs := sp.(*ast.ValueSpec)
					for i, n := range vs.Names {
						if i >= len(vs.Values) {
							continue
						}
						lit, ok := vs.Values[i].(*ast.BasicLit)
						if !ok || lit.Kind != token.STRING {
							continue
						}
						v, err := strconv.Unquote(lit.Value)
						if err != nil {
							return nil, fmt.Errorf("constant %s: %w", n.Name, err)
						}
						text := strings.Join(render(commentText(vs.Doc)+" "+commentText(vs.Comment)), " ")
						e.values = append(e.values, enumValue{name: n.Name, value: v, doc: text})
					}
				}
			}
			m.enums = append(m.enums, e)
			m.enumByName[e.name] = e
		}
	}
	// Source order, as the tables have always been written.
	pos := map[string]token.Pos{}
	for _, t := range pkg.Types {
		pos[t.Name] = t.Decl.Pos()
	}
	byPos := func(a, b *wireStruct) int { return fileOrder(fset, pos[a.name], pos[b.name]) }
	slices.SortStableFunc(m.structs, byPos)
	for _, ws := range m.structs {
		typ := structTypes[ws.name]
		if err := m.readFields(fset, ws, typ); err != nil {
			return nil, err
		}
	}
	for _, u := range m.unions {
		for _, ws := range m.structs {
			if ws.union == u.name {
				u.variants = append(u.variants, ws)
			}
		}
		for _, v := range u.variants {
			if len(v.consts) > 0 {
				u.key = v.consts[0].key
				break
			}
		}
	}
	m.unions = slices.DeleteFunc(m.unions, func(u *union) bool { return len(u.variants) == 0 })
	for _, ws := range m.structs {
		if ws.union != "" && !slices.ContainsFunc(m.unions, func(u *union) bool { return u.name == ws.union }) {
			return nil, fmt.Errorf("%s: union %s is not an interface of the package", ws.name, ws.union)
		}
	}
	return m, nil
}

// fileOrder compares two positions by file name, then offset.
func fileOrder(fset *token.FileSet, a, b token.Pos) int {
	pa, pb := fset.Position(a), fset.Position(b)
	if c := strings.Compare(filepath.Base(pa.Filename), filepath.Base(pb.Filename)); c != 0 {
		return c
	}
	return pa.Offset - pb.Offset
}

// readStruct reads the tag of a struct's embedded state; nil when the
// struct is no wire object.
func readStruct(name string, typ *ast.StructType) (*wireStruct, error) {
	if name == "envelope" {
		return nil, nil // what messages embed, not a message
	}
	for _, f := range typ.Fields.List {
		if len(f.Names) != 0 {
			continue
		}
		id, ok := f.Type.(*ast.Ident)
		if !ok || (id.Name != "envelope" && id.Name != "objectState") {
			continue
		}
		ws := &wireStruct{name: name, state: id.Name}
		for opt := range strings.SplitSeq(tagOf(f, "wire"), ",") {
			k, v, _ := strings.Cut(opt, "=")
			switch {
			case opt == "":
			case k == "union":
				ws.union = v
			case opt == "fallback":
				ws.fallback = true
			case k == "answers":
				ws.answers = v
			case k == "tool" && v != "":
				ws.tools = strings.Split(v, "|")
			case v != "":
				ws.consts = append(ws.consts, keyValue{k, v})
			default:
				return nil, fmt.Errorf("%s: unknown wire option %q on its %s", name, opt, id.Name)
			}
		}
		return ws, nil
	}
	return nil, nil
}

// readUnion reads an interface whose first method returns a named type: the
// accessor of the discriminating member.
func readUnion(name string, typ *ast.InterfaceType) *union {
	for _, f := range typ.Methods.List {
		ft, ok := f.Type.(*ast.FuncType)
		if !ok || len(f.Names) != 1 || ft.Results == nil || len(ft.Results.List) != 1 {
			continue
		}
		if id, ok := ft.Results.List[0].Type.(*ast.Ident); ok && id.Name != "string" && id.Name != "bool" {
			return &union{name: name, accessor: f.Names[0].Name, result: id.Name}
		}
	}
	return nil
}

// readFields reads the tagged members of a wire struct.
func (m *model) readFields(fset *token.FileSet, ws *wireStruct, typ *ast.StructType) error {
	for _, f := range typ.Fields.List {
		if len(f.Names) != 1 {
			continue
		}
		key := tagOf(f, "json")
		if key == "-" || !f.Names[0].IsExported() {
			continue
		}
		if key == "" {
			return fmt.Errorf("%s.%s: no json tag (give `json:\"-\"` to a field that is no member)", ws.name, f.Names[0].Name)
		}
		wf := &wireField{
			goName: f.Names[0].Name,
			goType: exprString(fset, f.Type),
			key:    key,
			doc:    strings.TrimSpace(commentText(f.Doc) + " " + commentText(f.Comment)),
		}
		input := false
		for opt := range strings.SplitSeq(tagOf(f, "wire"), ",") {
			k, v, _ := strings.Cut(opt, "=")
			switch {
			case opt == "":
			case opt == "required":
				wf.required = true
			case opt == "nullable":
				wf.nullable = true
			case opt == "input":
				input = true
			case k == "oneof":
				wf.oneOf = strings.Split(v, "|")
			default:
				return fmt.Errorf("%s.%s: unknown wire option %q", ws.name, wf.goName, opt)
			}
		}
		if err := m.classify(wf, input); err != nil {
			return fmt.Errorf("%s.%s: %w", ws.name, wf.goName, err)
		}
		ws.fields = append(ws.fields, wf)
	}
	return nil
}

// classify sets a member's shape from its Go type.
func (m *model) classify(f *wireField, input bool) error {
	t := f.goType
	switch {
	case input:
		if t != "json.RawMessage" {
			return fmt.Errorf("input member of type %s, want json.RawMessage", t)
		}
		f.shape = "input"
	case t == "string":
		f.shape = "string"
	case t == "int64":
		f.shape, f.number = "number", "integer"
	case t == "float64":
		f.shape, f.number = "number", "float"
	case t == "bool":
		f.shape = "boolean"
	case t == "[]string":
		f.shape = "strings"
	case t == "json.RawMessage":
		f.shape = "raw"
	case t == "Content":
		f.shape, f.elem = "content", "ContentBlock"
	case t == "[]ContentBlock":
		f.shape, f.elem = "blocks", "ContentBlock"
	case strings.HasPrefix(t, "map[string]") && m.byName[t[len("map[string]"):]] != nil:
		f.shape, f.elem = "objectMap", t[len("map[string]"):]
	case strings.HasPrefix(t, "[]") && m.byName[t[2:]] != nil:
		f.shape, f.elem = "objects", t[2:]
	case m.byName[t] != nil:
		f.shape, f.elem = "object", t
	case m.enumByName[t] != nil:
		f.shape, f.enum = "string", t
	case slices.ContainsFunc(m.unions, func(u *union) bool { return u.name == t }):
		f.shape, f.elem = "variant", t
	default:
		return fmt.Errorf("type %s has no JSON shape", t)
	}
	if f.nullable && f.shape != "string" && f.number != "integer" {
		return fmt.Errorf("nullable %s member: only strings and integers can be", f.shape)
	}
	return nil
}

func tagOf(f *ast.Field, key string) string {
	if f.Tag == nil {
		return ""
	}
	s, err := strconv.Unquote(f.Tag.Value)
	if err != nil {
		return ""
	}
	return reflect.StructTag(s).Get(key)
}

func exprString(fset *token.FileSet, e ast.Expr) string {
	var b bytes.Buffer
	_ = printer.Fprint(&b, fset, e)
	return b.String()
}

// commentText returns the text of a comment group with the lines joined.
func commentText(g *ast.CommentGroup) string {
	if g == nil {
		return ""
	}
	return strings.TrimSpace(g.Text())
}

// paragraphs renders a parsed doc comment as Markdown paragraphs, one line
// each: doc links become code spans, lists become "- " lines and code
// blocks are left out.
func paragraphs(d *comment.Doc) []string {
	var out []string
	for _, b := range d.Content {
		switch b := b.(type) {
		case *comment.Paragraph:
			out = append(out, inlineText(b.Text))
		case *comment.List:
			for _, it := range b.Items {
				var parts []string
				for _, p := range it.Content {
					if p, ok := p.(*comment.Paragraph); ok {
						parts = append(parts, inlineText(p.Text))
					}
				}
				out = append(out, "- "+strings.Join(parts, " "))
			}
		case *comment.Heading:
			out = append(out, inlineText(b.Text))
		}
	}
	return out
}

// inlineText renders doc comment text on one line.
func inlineText(texts []comment.Text) string {
	var b strings.Builder
	for _, t := range texts {
		switch t := t.(type) {
		case comment.Plain:
			b.WriteString(string(t))
		case comment.Italic:
			b.WriteString(string(t))
		case *comment.Link:
			b.WriteString(inlineText(t.Text))
		case *comment.DocLink:
			b.WriteString("`" + inlineText(t.Text) + "`")
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}
