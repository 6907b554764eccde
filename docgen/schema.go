package docgen

import (
	"fmt"
	"go/ast"
	"go/doc"
	"go/doc/comment"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/ccwire/ccwire/protocol"
)

// protocolImportPath is the import path of the package the schema is read
// from.
const protocolImportPath = "github.com/ccwire/ccwire/protocol"

// fieldShape is how a member of a protocol type holds its value, as the
// member tables of package protocol declare it.
type fieldShape int

// The field shapes.
const (
	shapeConst     fieldShape = iota // a fixed string: type or subtype
	shapeString                      // a string
	shapeNumber                      // a number
	shapeBoolean                     // a boolean
	shapeStrings                     // an array of strings
	shapeRaw                         // any JSON, kept as is
	shapeOpaque                      // any JSON whose members depend on something else (tool inputs)
	shapeObject                      // an object of type elem
	shapeObjects                     // an array of objects of type elem
	shapeObjectMap                   // an object whose values are objects of type elem
	shapeBlocks                      // an array of content blocks
	shapeContent                     // a string or an array of content blocks
	shapeVariant                     // an object of one of the types implementing elem
)

// constructorShapes maps the field constructors of package protocol to the
// shapes they declare.
var constructorShapes = map[string]fieldShape{
	"constField":           shapeConst,
	"stringField":          shapeString,
	"requiredStringField":  shapeString,
	"nullableStringField":  shapeString,
	"intField":             shapeNumber,
	"requiredIntField":     shapeNumber,
	"nullableIntField":     shapeNumber,
	"floatField":           shapeNumber,
	"requiredFloatField":   shapeNumber,
	"boolField":            shapeBoolean,
	"requiredBoolField":    shapeBoolean,
	"stringsField":         shapeStrings,
	"rawField":             shapeRaw,
	"inputField":           shapeOpaque,
	"objectField":          shapeObject,
	"objectsField":         shapeObjects,
	"requiredObjectsField": shapeObjects,
	"objectMapField":       shapeObjectMap,
	"blocksField":          shapeBlocks,
	"contentField":         shapeContent,
	"variantField":         shapeVariant,
}

// schema is what the source of package protocol says about the protocol:
// the doc comments of its types, their fields and their JSON members, and
// the enums.
type schema struct {
	types map[string]*goType
	enums []*enumDoc
	// implementers lists, per interface, the types implementing it, in
	// source order.
	implementers map[string][]string
	// payloads names the payload type of the successful responses to each
	// control request subtype that has one.
	payloads map[protocol.ControlSubtype]string
}

// payloadDoc matches the doc comment of a payload type, which says which
// request it answers: "InitializeResponse is the payload answering an
// initialize request".
var payloadDoc = regexp.MustCompile(`^(\w+) is the payload answering an? ` + "`?" + `(\w+)` + "`?" + ` request\b`)

// payloadHolder and payloadMember are the protocol type and the member
// holding the payload of a successful control response.
const (
	payloadHolder = "SuccessResponse"
	payloadMember = "response"
)

// isPayload reports whether a protocol type is the payload of a
// successful control response.
func (s *schema) isPayload(name string) bool {
	for _, p := range s.payloads {
		if p == name {
			return true
		}
	}
	return false
}

// readPayloads finds the payload types, by the request their doc comment
// says they answer.
func (s *schema) readPayloads() error {
	s.payloads = map[protocol.ControlSubtype]string{}
	control := s.enum("ControlSubtype")
	for name, t := range s.types {
		if len(t.doc) == 0 {
			continue
		}
		m := payloadDoc.FindStringSubmatch(t.doc[0])
		if m == nil || m[1] != name {
			continue
		}
		sub := protocol.ControlSubtype(m[2])
		if control == nil || !slices.ContainsFunc(control.consts, func(c constDoc) bool { return c.value == m[2] }) {
			return fmt.Errorf("payload type %s answers %q, which is no ControlSubtype", name, m[2])
		}
		if other, dup := s.payloads[sub]; dup {
			return fmt.Errorf("payload types %s and %s both answer %s", other, name, sub)
		}
		s.payloads[sub] = name
	}
	return nil
}

// goType is one type of package protocol.
type goType struct {
	name   string
	doc    []string // paragraphs of the doc comment
	fields []*fieldDoc
	// hasTable reports whether the type has a member table.
	hasTable bool
	// consts maps the keys of the type's fixed members to their values
	// ("type": "text").
	consts map[string]string
}

// field returns the member named key, nil when the type does not know it.
func (t *goType) field(key string) *fieldDoc {
	if t == nil {
		return nil
	}
	for _, f := range t.fields {
		if f.key == key {
			return f
		}
	}
	return nil
}

// fieldDoc is one JSON member of a protocol type.
type fieldDoc struct {
	key      string
	goName   string // the Go field, "" for a fixed member
	goType   string // the Go field's type as written
	doc      string // the field's comment
	shape    fieldShape
	elem     string // the nested type (object shapes) or interface (variant)
	constVal string // the value of a fixed member
	nullable bool   // the member may be null
}

// enumDoc is a string type of package protocol with its constants.
type enumDoc struct {
	name   string
	doc    []string
	consts []constDoc
}

// constDoc is one constant of an enum.
type constDoc struct {
	name  string
	value string
	doc   string
}

// loadSchema parses the non-test Go files of the protocol package in dir.
func loadSchema(dir string) (*schema, error) {
	s := &schema{types: map[string]*goType{}, implementers: map[string][]string{}}
	// go/doc trims the syntax trees it is given, so the tables are read from
	// a second parse.
	fset, files, err := parseProtocol(dir)
	if err != nil {
		return nil, err
	}
	if err := s.readDocs(fset, files); err != nil {
		return nil, err
	}
	if _, files, err = parseProtocol(dir); err != nil {
		return nil, err
	}
	if err := s.readTables(files); err != nil {
		return nil, err
	}
	if err := s.readPayloads(); err != nil {
		return nil, err
	}
	return s, nil
}

// parseProtocol parses the non-test files of package protocol in dir.
func parseProtocol(dir string) (*token.FileSet, []*ast.File, error) {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, fmt.Errorf("read protocol source: %w", err)
	}
	var files []*ast.File
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments)
		if err != nil {
			return nil, nil, fmt.Errorf("parse protocol source: %w", err)
		}
		if f.Name.Name == "protocol" {
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		return nil, nil, fmt.Errorf("no Go files of package protocol in %s", dir)
	}
	return fset, files, nil
}

// readDocs reads the types, their doc comments, their fields' comments, the
// enums and which types implement which interfaces.
func (s *schema) readDocs(fset *token.FileSet, files []*ast.File) error {
	pkg, err := doc.NewFromFiles(fset, files, protocolImportPath, doc.PreserveAST)
	if err != nil {
		return fmt.Errorf("read protocol docs: %w", err)
	}
	render := func(text string) []string { return docParagraphs(pkg.Parser().Parse(text)) }
	methods := map[string]map[string]bool{}
	var structs, ifaces []string
	ifaceMethods := map[string][]string{}
	for _, t := range pkg.Types {
		gt := &goType{name: t.Name, doc: render(t.Doc), consts: map[string]string{}}
		s.types[t.Name] = gt
		methods[t.Name] = map[string]bool{}
		for _, m := range t.Methods {
			methods[t.Name][m.Name] = true
		}
		spec := t.Decl.Specs[0].(*ast.TypeSpec)
		switch typ := spec.Type.(type) {
		case *ast.StructType:
			structs = append(structs, t.Name)
			for _, f := range typ.Fields.List {
				if len(f.Names) == 0 || !f.Names[0].IsExported() {
					continue
				}
				text := strings.TrimSpace(commentText(f.Doc) + " " + commentText(f.Comment))
				for _, n := range f.Names {
					gt.fields = append(gt.fields, &fieldDoc{goName: n.Name, goType: exprString(fset, f.Type), doc: text})
				}
			}
		case *ast.InterfaceType:
			ifaces = append(ifaces, t.Name)
			for _, m := range typ.Methods.List {
				for _, n := range m.Names {
					ifaceMethods[t.Name] = append(ifaceMethods[t.Name], n.Name)
				}
			}
		case *ast.Ident:
			if typ.Name != "string" || len(t.Consts) == 0 {
				continue
			}
			e := &enumDoc{name: t.Name, doc: gt.doc}
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
							return fmt.Errorf("constant %s: %w", n.Name, err)
						}
						e.consts = append(e.consts, constDoc{
							name: n.Name, value: v,
							doc: strings.Join(render(commentText(vs.Doc)+" "+commentText(vs.Comment)), " "),
						})
					}
				}
			}
			s.enums = append(s.enums, e)
		}
	}
	implements := func(st, iface string) bool {
		ok := len(ifaceMethods[iface]) > 0
		for _, m := range ifaceMethods[iface] {
			ok = ok && methods[st][m]
		}
		return ok
	}
	// narrower reports whether interface j asks for every method of i and
	// more: a type implementing j belongs to j, not to i (a control
	// response has a subtype as a control request body has, and a request
	// ID too).
	narrower := func(j, i string) bool {
		if len(ifaceMethods[j]) <= len(ifaceMethods[i]) {
			return false
		}
		for _, m := range ifaceMethods[i] {
			if !slices.Contains(ifaceMethods[j], m) {
				return false
			}
		}
		return true
	}
	for _, iface := range ifaces {
		for _, st := range structs {
			if !implements(st, iface) {
				continue
			}
			if slices.ContainsFunc(ifaces, func(j string) bool { return narrower(j, iface) && implements(st, j) }) {
				continue
			}
			s.implementers[iface] = append(s.implementers[iface], st)
		}
	}
	return nil
}

// readTables reads the member tables: for every type with one, its JSON
// members in table order, each tied to its Go field.
func (s *schema) readTables(files []*ast.File) error {
	tableType := map[string]string{} // table variable -> type
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, sp := range gd.Specs {
				vs := sp.(*ast.ValueSpec)
				star, ok := vs.Type.(*ast.StarExpr)
				if !ok {
					continue
				}
				ix, ok := star.X.(*ast.IndexExpr)
				if !ok || identName(ix.X) != "table" {
					continue
				}
				for _, n := range vs.Names {
					tableType[n.Name] = identName(ix.Index)
				}
			}
		}
	}
	consts := s.constValues()
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			aliases := map[string]string{}
			var err error
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if err != nil {
					return false
				}
				switch n := n.(type) {
				case *ast.TypeSpec:
					if n.Assign.IsValid() {
						aliases[n.Name.Name] = identName(n.Type)
					}
				case *ast.AssignStmt:
					if len(n.Lhs) != 1 || len(n.Rhs) != 1 {
						return true
					}
					typ, ok := tableType[identName(n.Lhs[0])]
					call, isCall := n.Rhs[0].(*ast.CallExpr)
					if !ok || !isCall || identName(call.Fun) != "newTable" {
						return true
					}
					err = s.readTable(typ, call.Args, aliases, consts)
					return false
				}
				return true
			})
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// readTable reads the field constructors of one table of type typ.
func (s *schema) readTable(typ string, args []ast.Expr, aliases, consts map[string]string) error {
	gt := s.types[typ]
	if gt == nil {
		return fmt.Errorf("protocol: table of unknown type %s", typ)
	}
	resolve := func(e ast.Expr) string {
		n := identName(e)
		if a, ok := aliases[n]; ok {
			return a
		}
		return n
	}
	byGo := map[string]*fieldDoc{}
	for _, f := range gt.fields {
		byGo[f.goName] = f
	}
	gt.hasTable = true
	var members []*fieldDoc
	for _, arg := range args {
		call, ok := arg.(*ast.CallExpr)
		if !ok {
			return fmt.Errorf("protocol: table of %s: member is not a constructor call", typ)
		}
		if identName(call.Fun) == "required" && len(call.Args) == 1 {
			if call, ok = call.Args[0].(*ast.CallExpr); !ok {
				return fmt.Errorf("protocol: table of %s: required of something else than a constructor call", typ)
			}
		}
		fun, typeArgs := call.Fun, []ast.Expr(nil)
		switch x := fun.(type) {
		case *ast.IndexExpr:
			fun, typeArgs = x.X, []ast.Expr{x.Index}
		case *ast.IndexListExpr:
			fun, typeArgs = x.X, x.Indices
		}
		ctor := identName(fun)
		shape, ok := constructorShapes[ctor]
		if !ok {
			return fmt.Errorf("protocol: table of %s: unknown field constructor %s; teach docgen its shape", typ, ctor)
		}
		if len(call.Args) == 0 {
			return fmt.Errorf("protocol: table of %s: %s without arguments", typ, ctor)
		}
		lit, ok := call.Args[0].(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return fmt.Errorf("protocol: table of %s: %s whose key is not a string literal", typ, ctor)
		}
		key, _ := strconv.Unquote(lit.Value)
		fd := &fieldDoc{key: key, shape: shape, nullable: strings.HasPrefix(ctor, "nullable")}
		if shape == shapeConst {
			if len(call.Args) < 2 {
				return fmt.Errorf("protocol: table of %s: constField %q without value", typ, key)
			}
			v, err := constExpr(call.Args[1], consts)
			if err != nil {
				return fmt.Errorf("protocol: table of %s: constField %q: %w", typ, key, err)
			}
			fd.constVal = v
			gt.consts[key] = v
			members = append(members, fd)
			continue
		}
		var getter *ast.FuncLit
		for _, a := range call.Args[1:] {
			if fl, ok := a.(*ast.FuncLit); ok {
				getter = fl
				break
			}
		}
		name := getterField(getter)
		if name == "" {
			return fmt.Errorf("protocol: table of %s: member %q has no getter returning &x.Field", typ, key)
		}
		if src := byGo[name]; src != nil {
			fd.goName, fd.goType, fd.doc = src.goName, src.goType, src.doc
		} else {
			return fmt.Errorf("protocol: table of %s: member %q names unknown field %s", typ, key, name)
		}
		switch shape {
		case shapeObject, shapeObjects, shapeObjectMap:
			if len(typeArgs) != 2 {
				return fmt.Errorf("protocol: table of %s: member %q: %s needs two type arguments", typ, key, ctor)
			}
			fd.elem = resolve(typeArgs[1])
		case shapeBlocks, shapeContent:
			fd.elem = "ContentBlock"
		case shapeVariant:
			fd.elem = strings.TrimPrefix(fd.goType, "*")
		}
		members = append(members, fd)
	}
	gt.fields = members
	return nil
}

// constValues returns the values of the package's string constants.
func (s *schema) constValues() map[string]string {
	out := map[string]string{}
	for _, e := range s.enums {
		for _, c := range e.consts {
			out[c.name] = c.value
		}
	}
	return out
}

// constExpr evaluates the value of a constField: a string literal, a
// constant, or string(constant).
func constExpr(e ast.Expr, consts map[string]string) (string, error) {
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind == token.STRING {
			return strconv.Unquote(x.Value)
		}
	case *ast.Ident:
		if v, ok := consts[x.Name]; ok {
			return v, nil
		}
	case *ast.CallExpr:
		if identName(x.Fun) == "string" && len(x.Args) == 1 {
			return constExpr(x.Args[0], consts)
		}
	}
	return "", fmt.Errorf("value is not a string constant")
}

// getterField returns Field from a getter func(m *T) *F { return &m.Field }.
func getterField(fl *ast.FuncLit) string {
	if fl == nil || len(fl.Body.List) != 1 {
		return ""
	}
	ret, ok := fl.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return ""
	}
	u, ok := ret.Results[0].(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return ""
	}
	sel, ok := u.X.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	return sel.Sel.Name
}

// identName returns the name of an identifier, "" for other expressions.
func identName(e ast.Expr) string {
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// exprString prints a type expression.
func exprString(fset *token.FileSet, e ast.Expr) string {
	var b strings.Builder
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

// docParagraphs renders a parsed doc comment as Markdown paragraphs, one
// line each: doc links become code spans, lists become "- " lines and code
// blocks are left out (the reference shows recorded examples instead).
func docParagraphs(d *comment.Doc) []string {
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

// typeOf returns the protocol type name, or nil.
func (s *schema) typeOf(name string) *goType { return s.types[name] }

// variantFor returns the implementer of iface whose fixed member key has
// value v ("type": "text" for ContentBlock), "" when none has.
func (s *schema) variantFor(iface, key, v string) string {
	for _, name := range s.implementers[iface] {
		if t := s.types[name]; t != nil && t.consts[key] == v {
			return name
		}
	}
	return ""
}

// discriminatorKey is the member that chooses the implementer of an
// interface: "type" for content blocks, "subtype" for control bodies.
func (s *schema) discriminatorKey(iface string) string {
	for _, name := range s.implementers[iface] {
		t := s.types[name]
		if t == nil {
			continue
		}
		if _, ok := t.consts["type"]; ok {
			return "type"
		}
		if _, ok := t.consts["subtype"]; ok {
			return "subtype"
		}
	}
	return "type"
}

// enum returns the enum named name, nil if there is none.
func (s *schema) enum(name string) *enumDoc {
	for _, e := range s.enums {
		if e.name == name {
			return e
		}
	}
	return nil
}

// constName returns the name of the constant of an enum with a value, ""
// if there is none.
func (s *schema) constName(enum, v string) string {
	if e := s.enum(enum); e != nil {
		for _, c := range e.consts {
			if c.value == v {
				return c.name
			}
		}
	}
	return ""
}

// texts returns every doc text of the schema the pages can show: the
// paragraphs of the types' and enums' docs, the constants' and the
// fields' comments.
func (s *schema) texts() map[string]bool {
	out := map[string]bool{}
	for _, t := range s.types {
		for _, d := range t.doc {
			out[d] = true
		}
		for _, f := range t.fields {
			if f.doc != "" {
				out[f.doc] = true
			}
		}
	}
	for _, e := range s.enums {
		for _, c := range e.consts {
			out[c.doc] = true
		}
	}
	return out
}
