package schema

//go:generate go run ../../cmd/ccwire schema -root ../.. -out ../../schema

import (
	"errors"
	"fmt"
	"iter"
	"maps"
	"slices"
	"strings"

	"github.com/ccwire/ccwire/internal/jsontree"
)

// The identifiers of the JSON Schemas [JSONSchema] writes.
const (
	// Draft2020 is their $schema: JSON Schema draft 2020-12.
	Draft2020 = "https://json-schema.org/draft/2020-12/schema"
	// IDBase starts their $id, which goes on with the CLI version and the
	// file's name: IDBase + "2.1.37/" + BundleFile.
	IDBase = "https://github.com/ccwire/ccwire/raw/main/schema/"
	// BundleFile is the name of a version's bundle: every definition, and
	// the choice of message kinds a line is one of.
	BundleFile = "stream-json.schema.json"
)

// Line is one line of the protocol as a recording of a CLI version holds
// it: the input of [JSONSchema].
type Line struct {
	File string // the recording
	Num  int    // the line's number in File, for errors
	Dir  string // "stdin" (the CLI read it) or "stdout" (the CLI wrote it)
	Msg  []byte // the message: one JSON object
	// Answers is, for a control response, the subtype of the control
	// request it answers (the walk of a recording matches them,
	// recording.Walk), "" when unknown or for another message.
	Answers string
}

// String returns where the line is, as FILE:LINE.
func (l Line) String() string { return fmt.Sprintf("%s:%d", l.File, l.Num) }

// File is one file of a [Bundle]: its name in the version's folder and its
// content.
type File struct {
	Path string // slash-separated, relative to schema/<version>/
	Data []byte
}

// Bundle is the JSON Schema of one CLI version's protocol, as
// [JSONSchema] builds it from the model and that version's lines.
type Bundle struct {
	// Version is the CLI version.
	Version string
	// Kinds are the message kinds the lines hold, by the name of their
	// definition (the protocol type: SystemInit, AssistantMessage...),
	// sorted.
	Kinds []string
	// Answers maps the control request subtypes whose successful answers
	// the lines hold with a payload to the payload's definition
	// (initialize: InitializeResponse).
	Answers map[string]string
	// Lines is the number of lines read.
	Lines int

	defs map[string]*jsontree.Value // every definition, by name
	root *jsontree.Value            // the bundle without its $defs
}

// JSONSchema builds the JSON Schema (draft 2020-12) of the protocol that
// CLI version wrote and read in lines, from the model m: a definition per
// protocol type the lines hold, named after it, with the members the lines
// show (typed by the model, or by the values seen for members the model
// lacks), required when every object of the type has them; a choice among
// a union's variants by their discriminating members (type, subtype), with
// the union's fallback for the values the lines do not show, as package
// protocol decodes them; the payload of a successful control response
// typed by the request it answers (Line.Answers).
// Objects allow members beyond those listed: the protocol grows, and the
// model keeps them.
//
// It fails on a line that is not a JSON object, and on a value of a
// member of another JSON type than the model says (which package protocol
// would keep raw, as a mismatch), naming the line.
func JSONSchema(m *Model, version string, lines iter.Seq2[Line, error]) (*Bundle, error) {
	b := &builder{
		m:       m,
		version: version,
		types:   map[string]*typeObs{},
		unions:  map[string]map[string]bool{},
		kinds:   map[string]map[string]bool{},
		answers: map[string]string{},
	}
	for _, t := range m.Types {
		if t.Message {
			b.message = m.Union(t.Union)
			break
		}
	}
	if b.message == nil {
		return nil, errors.New("schema: the model has no message union")
	}
	var errs []error
	n := 0
	for l, err := range lines {
		if err != nil {
			return nil, fmt.Errorf("schema: CLI %s: %w", version, err)
		}
		n++
		if err := b.line(l); err != nil {
			errs = append(errs, err)
		}
		if len(errs) == maxErrors {
			break
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("schema: CLI %s: %w", version, err)
	}
	if n == 0 {
		return nil, fmt.Errorf("schema: CLI %s: no lines", version)
	}
	bu := b.bundle()
	bu.Lines = n
	return bu, nil
}

// The member holding the payload of a successful control response, which
// the model keeps raw: its type depends on the request answered.
const (
	payloadHolder = "SuccessResponse"
	payloadMember = "response"
)

// maxErrors is how many bad lines [JSONSchema] reports before it stops.
const maxErrors = 20

// JSON returns the bundle's file: the choice of message kinds and every
// definition.
func (b *Bundle) JSON() []byte {
	root := b.root.Clone()
	defs := jsontree.NewObject()
	for _, name := range slices.Sorted(maps.Keys(b.defs)) {
		defs.Set(name, b.defs[name])
	}
	root.Set("$defs", defs)
	return append(root.AppendIndent(nil, ""), '\n')
}

// Kind returns the schema of one message kind, standing alone: the kind's
// definition and those it refers to. ok is false when the lines hold no
// such kind.
func (b *Bundle) Kind(name string) (data []byte, ok bool) {
	if !slices.Contains(b.Kinds, name) {
		return nil, false
	}
	s := jsontree.NewObject()
	s.Set("$schema", jsontree.NewString(Draft2020))
	s.Set("$id", jsontree.NewString(IDBase+b.Version+"/"+name+".schema.json"))
	s.Set("title", jsontree.NewString(name+", Claude Code "+b.Version))
	s.Set("$ref", jsontree.NewString(defRef(name)))
	defs := jsontree.NewObject()
	for _, d := range b.closure(name) {
		defs.Set(d, b.defs[d])
	}
	s.Set("$defs", defs)
	return append(s.AppendIndent(nil, ""), '\n'), true
}

// Files returns the files of the version's folder: the bundle
// ([BundleFile]) and one file per message kind, <Kind>.schema.json,
// sorted by name.
func (b *Bundle) Files() []File {
	files := []File{{Path: BundleFile, Data: b.JSON()}}
	for _, k := range b.Kinds {
		data, _ := b.Kind(k)
		files = append(files, File{Path: k + ".schema.json", Data: data})
	}
	slices.SortFunc(files, func(x, y File) int { return strings.Compare(x.Path, y.Path) })
	return files
}

// closure returns the definitions name refers to, itself included, sorted:
// by $ref, and the payload definitions for the holder of payloads.
func (b *Bundle) closure(name string) []string {
	seen := map[string]bool{}
	var visit func(string)
	visit = func(n string) {
		if seen[n] || b.defs[n] == nil {
			return
		}
		seen[n] = true
		for _, r := range refs(b.defs[n]) {
			visit(r)
		}
		if n == payloadHolder {
			// Its payload's description names the payload definitions.
			for _, p := range b.Answers {
				visit(p)
			}
		}
	}
	visit(name)
	return slices.Sorted(maps.Keys(seen))
}

// refs returns the definitions a schema refers to with $ref.
func refs(v *jsontree.Value) []string {
	var out []string
	v.Walk(func(key string, val *jsontree.Value) *jsontree.Value {
		if key == "$ref" && val.Kind == jsontree.String {
			out = append(out, strings.TrimPrefix(val.Str, "#/$defs/"))
		}
		return val
	})
	return out
}

// A jsonKind is a set of JSON types, integers told from other numbers.
type jsonKind uint8

const (
	kindNull jsonKind = 1 << iota
	kindBool
	kindInt
	kindNumber // a number with a fraction or an exponent
	kindString
	kindArray
	kindObject
)

// kindOf returns the JSON type of v.
func kindOf(v *jsontree.Value) jsonKind {
	switch v.Kind {
	case jsontree.Bool:
		return kindBool
	case jsontree.Number:
		if strings.ContainsAny(v.Str, ".eE") {
			return kindNumber
		}
		return kindInt
	case jsontree.String:
		return kindString
	case jsontree.Array:
		return kindArray
	case jsontree.Object:
		return kindObject
	}
	return kindNull
}

// names returns the JSON Schema type names of the set, integer left out
// when number is in: null, boolean, integer, number, string, array, object.
func (k jsonKind) names() []string {
	var out []string
	for _, x := range []struct {
		k    jsonKind
		name string
	}{{kindNull, "null"}, {kindBool, "boolean"}, {kindInt, "integer"}, {kindNumber, "number"}, {kindString, "string"}, {kindArray, "array"}, {kindObject, "object"}} {
		if k&x.k == 0 || (x.k == kindInt && k&kindNumber != 0) {
			continue
		}
		out = append(out, x.name)
	}
	return out
}

// accepts returns the JSON types the model lets member mm hold, null
// aside.
func accepts(mm *Member) jsonKind {
	switch mm.Shape {
	case ShapeConst, ShapeString:
		return kindString
	case ShapeNumber:
		if mm.Integer {
			return kindInt
		}
		return kindInt | kindNumber
	case ShapeBoolean:
		return kindBool
	case ShapeStrings, ShapeObjects, ShapeBlocks:
		return kindArray
	case ShapeContent:
		return kindString | kindArray
	case ShapeInput, ShapeObject, ShapeObjectMap, ShapeVariant:
		return kindObject
	}
	return ^jsonKind(0)
}

// typeObs is what the lines showed of a protocol type.
type typeObs struct {
	n       int                   // objects seen
	members map[string]*memberObs // by key
}

// memberObs is what the lines showed of one member of a type.
type memberObs struct {
	n      int             // objects holding it
	kinds  jsonKind        // the JSON types of its values
	items  jsonKind        // the JSON types of its elements, for an array the model lacks
	values map[string]bool // its string values, for a member with an enum or several values
}

// builder collects what one version's lines show and writes the schema.
type builder struct {
	m       *Model
	version string
	message *Union // the union of whole lines

	types   map[string]*typeObs        // by type name
	unions  map[string]map[string]bool // variants seen, by union
	kinds   map[string]map[string]bool // directions seen, by message kind
	answers map[string]string          // payload type by request subtype answered
	at      Line                       // the line being read
}

// line reads one line.
func (b *builder) line(l Line) error {
	b.at = l
	v, err := jsontree.Parse(l.Msg)
	if err != nil {
		return fmt.Errorf("%s: %w", l, err)
	}
	if v.Kind != jsontree.Object {
		return fmt.Errorf("%s: a %s, not a JSON object", l, v.Kind)
	}
	t, err := b.pick(b.message, v)
	if err != nil {
		return err
	}
	if b.kinds[t.Name] == nil {
		b.kinds[t.Name] = map[string]bool{}
	}
	b.kinds[t.Name][l.Dir] = true
	return errors.Join(b.answer(v), b.object(t, v, t.Name))
}

// answer reads the payload of a successful answer to a control request
// with the type of that request's answers (Line.Answers).
func (b *builder) answer(v *jsontree.Value) error {
	switch v.StringAt("type") {
	case "control_response":
		r := v.Get("response")
		if r.StringAt("subtype") != "success" {
			return nil
		}
		sub := b.at.Answers
		payload := r.Get(payloadMember)
		if sub == "" || payload == nil || payload.Kind != jsontree.Object {
			return nil
		}
		t := b.m.Payloads()[sub]
		if t == nil {
			return nil
		}
		b.answers[sub] = t.Name
		return b.object(t, payload, payloadHolder+"."+payloadMember)
	}
	return nil
}

// discriminators returns the members that choose t among its union's
// variants, with their values: the fixed members, then the member with
// several values (OneOf).
func discriminators(t *Type) []disc {
	var out []disc
	for _, mm := range t.Members {
		switch {
		case mm.Shape == ShapeConst:
			out = append(out, disc{mm.Key, []string{mm.Const}})
		case len(mm.OneOf) > 0:
			out = append(out, disc{mm.Key, mm.OneOf})
		}
	}
	return out
}

// disc is a discriminating member and the values it takes.
type disc struct {
	key    string
	values []string
}

// isFallback reports whether t is its union's variant for the values the
// other variants do not take: flagged so, and with no values of its own
// to be chosen by.
func isFallback(t *Type) bool {
	return t.Fallback && !slices.ContainsFunc(t.Members, func(mm *Member) bool { return len(mm.OneOf) > 0 })
}

// pick returns the variant of u the object v is, as package protocol
// chooses it: the variant whose discriminating members v has with their
// values, the most specific one when several have, a fallback when none.
func (b *builder) pick(u *Union, v *jsontree.Value) (*Type, error) {
	var best *Type
	bestN := -1
	for _, name := range u.Variants {
		t := b.m.Type(name)
		if t == nil {
			continue
		}
		ds := discriminators(t)
		if !isFallback(t) && len(ds) == 0 {
			continue
		}
		ok := true
		for _, d := range ds {
			x := v.Get(d.key)
			if x == nil || x.Kind != jsontree.String || !slices.Contains(d.values, x.Str) {
				ok = false
				break
			}
		}
		if ok && len(ds) > bestN {
			best, bestN = t, len(ds)
		}
	}
	if best == nil {
		return nil, fmt.Errorf("%s: no variant of %s fits and it has no fallback", b.at, u.Name)
	}
	if b.unions[u.Name] == nil {
		b.unions[u.Name] = map[string]bool{}
	}
	b.unions[u.Name][best.Name] = true
	return best, nil
}

// object reads the object v as type t; path names v for errors.
func (b *builder) object(t *Type, v *jsontree.Value, path string) error {
	o := b.types[t.Name]
	if o == nil {
		o = &typeObs{members: map[string]*memberObs{}}
		b.types[t.Name] = o
	}
	o.n++
	var errs []error
	seen := map[string]bool{}
	for _, mem := range v.Members {
		key, x := mem.Key, mem.Val
		if seen[key] {
			continue
		}
		seen[key] = true
		mo := o.members[key]
		if mo == nil {
			mo = &memberObs{values: map[string]bool{}}
			o.members[key] = mo
		}
		mo.n++
		k := kindOf(x)
		mo.kinds |= k
		mm := t.Member(key)
		if mm != nil && x.Kind == jsontree.String && (mm.Enum != "" || len(mm.OneOf) > 0) {
			mo.values[x.Str] = true
		}
		if mm == nil {
			for _, e := range x.Elems {
				mo.items |= kindOf(e)
			}
			continue
		}
		if k != kindNull && accepts(mm)&k == 0 {
			errs = append(errs, fmt.Errorf("%s: %s.%s is JSON %s; the model (%s) says %s", b.at, path, key, k.names()[0], t.Name, mm.Shape))
			continue
		}
		if mm.Shape == ShapeConst && x.Kind == jsontree.String && x.Str != mm.Const {
			errs = append(errs, fmt.Errorf("%s: %s.%s is %q; the model (%s) says %q", b.at, path, key, x.Str, t.Name, mm.Const))
			continue
		}
		if err := b.member(mm, x, path+"."+key); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// member reads the value x of a member whose JSON type fits the model.
func (b *builder) member(mm *Member, x *jsontree.Value, path string) error {
	var errs []error
	elem := func(i int, e *jsontree.Value, want jsonKind) bool {
		if k := kindOf(e); k != kindNull && k&want == 0 {
			errs = append(errs, fmt.Errorf("%s: %s[%d] is JSON %s; the model says %s", b.at, path, i, k.names()[0], mm.Shape))
			return false
		}
		return e.Kind != jsontree.Null
	}
	switch mm.Shape {
	case ShapeObject:
		errs = append(errs, b.object(b.elemType(mm), x, path))
	case ShapeVariant:
		errs = append(errs, b.variant(mm.Elem, x, path))
	case ShapeObjectMap:
		for _, e := range x.Members {
			if elem(0, e.Val, kindObject) {
				errs = append(errs, b.object(b.elemType(mm), e.Val, path+"."+e.Key))
			}
		}
	case ShapeStrings, ShapeObjects, ShapeBlocks, ShapeContent:
		for i, e := range x.Elems {
			switch mm.Shape {
			case ShapeStrings:
				elem(i, e, kindString)
			case ShapeObjects:
				if elem(i, e, kindObject) {
					errs = append(errs, b.object(b.elemType(mm), e, fmt.Sprintf("%s[%d]", path, i)))
				}
			default:
				if elem(i, e, kindObject) {
					errs = append(errs, b.variant(blocksUnion(mm), e, fmt.Sprintf("%s[%d]", path, i)))
				}
			}
		}
	}
	return errors.Join(errs...)
}

// variant reads x as a variant of union u.
func (b *builder) variant(union string, x *jsontree.Value, path string) error {
	u := b.m.Union(union)
	if u == nil {
		return fmt.Errorf("%s: %s: the model has no union %s", b.at, path, union)
	}
	t, err := b.pick(u, x)
	if err != nil {
		return err
	}
	return b.object(t, x, path)
}

// elemType returns the type of an object member's values; a member the
// model gives no known type reads as an empty type.
func (b *builder) elemType(mm *Member) *Type {
	if t := b.m.Type(mm.Elem); t != nil {
		return t
	}
	return &Type{Name: mm.Elem}
}

// blocksUnion returns the union of the blocks of a blocks or content
// member: its Elem, ContentBlock when the model does not say.
func blocksUnion(mm *Member) string {
	if mm.Elem != "" {
		return mm.Elem
	}
	return "ContentBlock"
}

// defRef returns the reference to definition name.
func defRef(name string) string { return "#/$defs/" + name }

func str(s string) *jsontree.Value { return jsontree.NewString(s) }

func strs(ss []string) *jsontree.Value {
	a := jsontree.NewArray()
	for _, s := range ss {
		a.Elems = append(a.Elems, str(s))
	}
	return a
}

func object(kv ...any) *jsontree.Value {
	o := jsontree.NewObject()
	for i := 0; i+1 < len(kv); i += 2 {
		o.Set(kv[i].(string), kv[i+1].(*jsontree.Value))
	}
	return o
}

func ref(name string) *jsontree.Value { return object("$ref", str(defRef(name))) }

// bundle writes the schema of what the lines showed.
func (b *builder) bundle() *Bundle {
	bu := &Bundle{Version: b.version, Answers: b.answers, defs: map[string]*jsontree.Value{}}
	var todo []string
	need := func(name string) {
		if _, ok := bu.defs[name]; !ok {
			bu.defs[name] = nil
			todo = append(todo, name)
		}
	}
	for k := range b.kinds {
		bu.Kinds = append(bu.Kinds, k)
	}
	slices.Sort(bu.Kinds)
	branches := b.branches(b.message)
	for _, n := range branches {
		need(n)
	}
	for _, sub := range slices.Sorted(maps.Keys(b.answers)) {
		need(b.answers[sub])
	}
	for len(todo) > 0 {
		name := todo[0]
		todo = todo[1:]
		var def *jsontree.Value
		if u := b.m.Union(name); u != nil {
			def = b.unionDef(u)
		} else {
			def = b.typeDef(name)
		}
		bu.defs[name] = def
		for _, r := range refs(def) {
			need(r)
		}
	}
	oneOf := jsontree.NewArray()
	for _, n := range branches {
		oneOf.Elems = append(oneOf.Elems, ref(n))
	}
	bu.root = object(
		"$schema", str(Draft2020),
		"$id", str(IDBase+b.version+"/"+BundleFile),
		"title", str("Claude Code "+b.version+" stream-json line"),
		"description", str(b.rootDoc()),
		"oneOf", oneOf,
	)
	return bu
}

// rootDoc is the description of the bundle.
func (b *builder) rootDoc() string {
	return "One line of the stream-json protocol of Claude Code " + b.version +
		" (claude -p --input-format stream-json --output-format stream-json --verbose), as the CLI wrote it on stdout or read it on stdin" +
		" in the recordings of the ccwire scenarios.\n\n" +
		"A line is one of the message kinds the recordings hold, told apart by type (and subtype), or a kind they do not hold," +
		" which validates against the fallback definitions as package protocol decodes it. A definition lists the members the recordings show," +
		" typed by package protocol's model (or by the values seen, for members the model lacks); required are those every recorded object has." +
		" Objects may have other members: the protocol grows.\n\n" +
		"Generated by `ccwire schema` from package protocol's model and the recordings; do not edit."
}

// branches returns the variants of u a schema chooses among: those seen,
// in the model's order, then the fallbacks.
func (b *builder) branches(u *Union) []string {
	var seen, fallbacks []string
	for _, name := range u.Variants {
		t := b.m.Type(name)
		switch {
		case t == nil:
		case isFallback(t):
			fallbacks = append(fallbacks, name)
		case b.unions[u.Name][name]:
			seen = append(seen, name)
		}
	}
	return append(seen, fallbacks...)
}

// unionDef is the definition of a union: a choice among its branches.
func (b *builder) unionDef(u *Union) *jsontree.Value {
	oneOf := jsontree.NewArray()
	for _, n := range b.branches(u) {
		oneOf.Elems = append(oneOf.Elems, ref(n))
	}
	def := jsontree.NewObject()
	if doc := strings.Join(u.Doc, "\n\n"); doc != "" {
		def.Set("description", str(doc))
	}
	def.Set("oneOf", oneOf)
	return def
}

// seenDiscs returns the discriminating members of t with the values a
// schema lets them take: a fixed member's value, and of a member with
// several values those seen.
func (b *builder) seenDiscs(t *Type) []disc {
	ds := discriminators(t)
	for i, d := range ds {
		if len(d.values) > 1 {
			var vals []string
			if o := b.types[t.Name]; o != nil && o.members[d.key] != nil {
				for _, v := range d.values {
					if o.members[d.key].values[v] {
						vals = append(vals, v)
					}
				}
			}
			ds[i].values = vals
		}
	}
	return ds
}

// claimed returns the discriminating member that tells apart the other
// branches of fallback f's union that share f's fixed members, and the
// values they take for it: those f must not have.
func (b *builder) claimed(f *Type) (string, []string) {
	u := b.m.Union(f.Union)
	if u == nil {
		return "", nil
	}
	prefix := discriminators(f)
	var key string
	var values []string
	for _, n := range b.branches(u) {
		if n == f.Name {
			continue
		}
		ds := b.seenDiscs(b.m.Type(n))
		if len(ds) <= len(prefix) || !slices.EqualFunc(ds[:len(prefix)], prefix, func(x, y disc) bool {
			return x.key == y.key && slices.Equal(x.values, y.values)
		}) {
			continue
		}
		key = ds[len(prefix)].key
		for _, v := range ds[len(prefix)].values {
			if !slices.Contains(values, v) {
				values = append(values, v)
			}
		}
	}
	slices.Sort(values)
	return key, values
}

// typeDef is the definition of a protocol type.
func (b *builder) typeDef(name string) *jsontree.Value {
	t := b.m.Type(name)
	if t == nil {
		t = &Type{Name: name}
	}
	o := b.types[name]
	if o == nil {
		o = &typeObs{members: map[string]*memberObs{}}
	}
	def := jsontree.NewObject()
	if doc := b.typeDoc(t); doc != "" {
		def.Set("description", str(doc))
	}
	def.Set("type", str("object"))
	props := jsontree.NewObject()
	var required []string
	fallback := isFallback(t)
	for _, mm := range t.Members {
		mo := o.members[mm.Key]
		if mm.Shape == ShapeConst {
			// A discriminator: listed, seen or not, and required when
			// always seen, or when nothing was (a fallback nobody saw
			// still needs it to be told apart).
			props.Set(mm.Key, object("const", str(mm.Const)))
			if o.n == 0 || (mo != nil && mo.n == o.n) {
				required = append(required, mm.Key)
			}
			continue
		}
		if mo == nil {
			continue
		}
		props.Set(mm.Key, b.memberSchema(t, mm, mo, fallback))
		if mo.n == o.n {
			required = append(required, mm.Key)
		}
	}
	var unknown []string
	for k := range o.members {
		if t.Member(k) == nil {
			unknown = append(unknown, k)
		}
	}
	slices.Sort(unknown)
	for _, k := range unknown {
		mo := o.members[k]
		props.Set(k, unknownSchema(mo))
		if mo.n == o.n {
			required = append(required, k)
		}
	}
	if len(props.Members) > 0 {
		def.Set("properties", props)
	}
	if len(required) > 0 {
		def.Set("required", strs(required))
	}
	if fallback {
		if key, values := b.claimed(t); key != "" && len(values) > 0 {
			def.Set("not", object(
				"required", strs([]string{key}),
				"properties", object(key, object("enum", strs(values))),
			))
		}
	}
	def.Set("additionalProperties", jsontree.NewBool(true))
	return def
}

// typeDoc is the description of a type's definition: its doc, what it
// answers, where the recordings show it.
func (b *builder) typeDoc(t *Type) string {
	paras := slices.Clone(t.Doc)
	if t.Answers != "" {
		paras = append(paras, "The payload (response.response) of a successful control_response to a control request of subtype "+t.Answers+".")
	}
	if isFallback(t) {
		paras = append(paras, "The fallback of "+t.Union+": the kinds the recordings of CLI "+b.version+" do not show.")
	}
	switch dirs := b.kinds[t.Name]; {
	case dirs["stdin"] && dirs["stdout"]:
		paras = append(paras, "Recorded on stdin and stdout.")
	case dirs["stdin"]:
		paras = append(paras, "Recorded on stdin: the CLI reads it.")
	case dirs["stdout"]:
		paras = append(paras, "Recorded on stdout: the CLI writes it.")
	}
	return strings.Join(paras, "\n\n")
}

// memberSchema is the schema of a member of the model the lines show.
func (b *builder) memberSchema(t *Type, mm *Member, mo *memberObs, fallback bool) *jsontree.Value {
	s := jsontree.NewObject()
	doc := mm.Doc
	if t.Name == payloadHolder && mm.Key == payloadMember && len(b.answers) > 0 {
		var pairs []string
		for _, sub := range slices.Sorted(maps.Keys(b.answers)) {
			pairs = append(pairs, sub+": "+b.answers[sub])
		}
		doc += ". Its type depends on the request answered: " + strings.Join(pairs, ", ") + "."
	}
	if doc != "" {
		s.Set("description", str(doc))
	}
	null := mm.Nullable || mo.kinds&kindNull != 0
	switch mm.Shape {
	case ShapeString:
		s.Set("type", str("string"))
		if len(mm.OneOf) > 0 {
			// A discriminator: the values seen choose this type.
			var vals []string
			for _, v := range mm.OneOf {
				if mo.values[v] {
					vals = append(vals, v)
				}
			}
			s.Set("enum", strs(vals))
			null = false
		} else if e := b.m.Enum(mm.Enum); e != nil && !fallback {
			var vals []string
			for _, v := range e.Values {
				vals = append(vals, v.Value)
			}
			for _, v := range slices.Sorted(maps.Keys(mo.values)) {
				if !slices.Contains(vals, v) {
					vals = append(vals, v)
				}
			}
			enum := strs(vals)
			if null {
				enum.Elems = append(enum.Elems, &jsontree.Value{Kind: jsontree.Null})
			}
			s.Set("enum", enum)
		}
	case ShapeNumber:
		if mm.Integer {
			s.Set("type", str("integer"))
		} else {
			s.Set("type", str("number"))
		}
	case ShapeBoolean:
		s.Set("type", str("boolean"))
	case ShapeStrings:
		s.Set("type", str("array"))
		s.Set("items", object("type", str("string")))
	case ShapeRaw:
		return s
	case ShapeInput:
		s.Set("type", str("object"))
	case ShapeObject:
		s.Set("$ref", str(defRef(mm.Elem)))
	case ShapeObjects:
		s.Set("type", str("array"))
		s.Set("items", ref(mm.Elem))
	case ShapeObjectMap:
		s.Set("type", str("object"))
		s.Set("additionalProperties", ref(mm.Elem))
	case ShapeBlocks:
		s.Set("type", str("array"))
		s.Set("items", ref(blocksUnion(mm)))
	case ShapeContent:
		s.Set("oneOf", jsontree.NewArray(
			object("type", str("string")),
			object("type", str("array"), "items", ref(blocksUnion(mm))),
		))
	case ShapeVariant:
		s.Set("$ref", str(defRef(mm.Elem)))
	}
	if null {
		nullable(s)
	}
	return s
}

// nullable lets the schema s take null as well.
func nullable(s *jsontree.Value) {
	null := object("type", str("null"))
	switch {
	case s.Get("$ref") != nil:
		r := s.Get("$ref")
		s.Members = slices.DeleteFunc(s.Members, func(m jsontree.Member) bool { return m.Key == "$ref" })
		s.Set("anyOf", jsontree.NewArray(object("$ref", r), null))
	case s.Get("oneOf") != nil:
		o := s.Get("oneOf")
		o.Elems = append(o.Elems, null)
	case s.Get("type") != nil:
		s.Set("type", strs([]string{s.Get("type").Str, "null"}))
	}
}

// unknownSchema is the schema of a member the model lacks: the JSON types
// of the values seen, and of their elements.
func unknownSchema(mo *memberObs) *jsontree.Value {
	s := object("description", str("Not in package protocol's model: typed from the values the recordings show."))
	setType(s, mo.kinds)
	if mo.kinds == kindArray && mo.items != 0 {
		s.Set("items", setType(jsontree.NewObject(), mo.items))
	}
	return s
}

// setType sets the type of s to the JSON types of k.
func setType(s *jsontree.Value, k jsonKind) *jsontree.Value {
	if names := k.names(); len(names) == 1 {
		s.Set("type", str(names[0]))
	} else {
		s.Set("type", strs(names))
	}
	return s
}
