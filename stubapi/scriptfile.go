package stubapi

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// This file is the script file format, which the package doc describes:
// the structs below say, with their struct tags, how a script sits in a
// file; json/v2 decodes them strictly (unknown and repeated members,
// wrong types and null are errors), and the errors are turned into
// *ScriptError naming the member's path and its line and column.

// scriptFile is a script file.
type scriptFile struct {
	Turns *[]turnFile `json:"turns"`
}

// turnFile is a turn of a script file. The fields are in the order of
// their names, the order the encoder has always written them in.
type turnFile struct {
	Content      *[]blockFile `json:"content,omitempty"`
	Fault        *faultFile   `json:"fault,omitempty"`
	Faults       *[]faultFile `json:"faults,omitempty"`
	StopReason   string       `json:"stop_reason,omitempty"`
	StopSequence string       `json:"stop_sequence,omitempty"`
	Text         stringOrList `json:"text,omitempty"`
	Thinking     *string      `json:"thinking,omitempty"`
	ToolUse      []blockFile  `json:"tool_use,omitempty"`
	Usage        *Usage       `json:"usage,omitempty"`
}

// blockFile is a content block, or a call of tool_use (without type).
// Which members a block may have depends on its type: blockMembers.
type blockFile struct {
	Data      *string    `json:"data,omitempty"`
	ID        *string    `json:"id,omitempty"`
	Input     objectJSON `json:"input,omitempty"`
	Name      *string    `json:"name,omitempty"`
	Signature *string    `json:"signature,omitempty"`
	Text      *string    `json:"text,omitempty"`
	Thinking  *string    `json:"thinking,omitempty"`
	Type      *BlockType `json:"type,omitempty"`
}

// blockMembers are the members of each block type besides type.
var blockMembers = map[BlockType][]string{
	BlockText:             {"text"},
	BlockThinking:         {"thinking", "signature"},
	BlockRedactedThinking: {"data"},
	BlockToolUse:          {"id", "name", "input"},
}

// faultFile is a fault of a script file: kind, times, and the members of
// the table of fault kinds (FaultParams).
type faultFile struct {
	At         Phase       `json:"at,omitempty"`
	Block      int         `json:"block,omitempty"`
	Duration   duration    `json:"duration,omitempty"`
	ErrorType  string      `json:"error_type,omitempty"`
	Headers    headerFile  `json:"headers,omitempty"`
	Kind       *string     `json:"kind"`
	Message    string      `json:"message,omitempty"`
	RetryAfter duration    `json:"retry_after,omitempty"`
	Status     int         `json:"status,omitempty"`
	Times      timesMember `json:"times,omitempty"`
}

// wanter is a type of the file format that says what its JSON is.
type wanter interface{ want() string }

// stringOrList is a string or an array of strings.
type stringOrList []string

func (*stringOrList) want() string { return "a string or an array of strings" }

// UnmarshalJSONFrom decodes a string or an array of strings.
func (l *stringOrList) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	switch dec.PeekKind() {
	case '[':
		var items []string
		if err := json.UnmarshalDecode(dec, &items, dec.Options()); err != nil {
			return err
		}
		*l = items
		return nil
	case '"':
		var s string
		if err := json.UnmarshalDecode(dec, &s, dec.Options()); err != nil {
			return err
		}
		*l = stringOrList{s}
		return nil
	}
	return wrongKind(dec, l)
}

// MarshalJSON writes one string as a string, several as an array.
func (l stringOrList) MarshalJSON() ([]byte, error) {
	if len(l) == 1 {
		return marshalOrdered(l[0])
	}
	return marshalOrdered([]string(l))
}

// objectJSON is a JSON object kept as its compact text.
type objectJSON stdjson.RawMessage

func (*objectJSON) want() string { return "an object" }

// UnmarshalJSONFrom keeps an object's text, compacted.
func (o *objectJSON) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	if dec.PeekKind() != '{' {
		return wrongKind(dec, o)
	}
	v, err := dec.ReadValue()
	if err != nil {
		return err
	}
	*o = objectJSON(compactJSON(stdjson.RawMessage(v)))
	return nil
}

// MarshalJSON writes the object as it is.
func (o objectJSON) MarshalJSON() ([]byte, error) { return o, nil }

// duration is a Go duration written as a string such as "1.5s".
type duration time.Duration

func (*duration) want() string { return `a duration string such as "1.5s" or "200ms"` }

// UnmarshalJSONFrom parses a duration string.
func (d *duration) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	if dec.PeekKind() != '"' {
		return wrongKind(dec, d)
	}
	var s string
	if err := json.UnmarshalDecode(dec, &s); err != nil {
		return err
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		return fmt.Errorf("want %s: %w", d.want(), err)
	}
	*d = duration(v)
	return nil
}

// MarshalJSON writes the duration as Go writes it.
func (d duration) MarshalJSON() ([]byte, error) {
	return marshalOrdered(time.Duration(d).String())
}

// timesMember is a fault's times: a positive integer or "always".
type timesMember int

func (*timesMember) want() string { return `a positive integer or "always"` }

// UnmarshalJSONFrom decodes a positive integer or "always".
func (n *timesMember) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	v, err := dec.ReadValue()
	if err != nil {
		return err
	}
	if string(v) == `"always"` {
		*n = Always
		return nil
	}
	i, err := strconv.Atoi(string(v))
	if err != nil || i < 1 {
		return fmt.Errorf("want %s, got %s", n.want(), v)
	}
	*n = timesMember(i)
	return nil
}

// MarshalJSON writes Always as "always".
func (n timesMember) MarshalJSON() ([]byte, error) {
	if n == Always {
		return []byte(`"always"`), nil
	}
	return strconv.AppendInt(nil, int64(n), 10), nil
}

// headerFile is a fault's headers, in the order the file writes them:
// names to a string or an array of strings.
type headerFile []headerMember

type headerMember struct {
	name   string
	values stringOrList
}

func (*headerFile) want() string { return "an object" }

// UnmarshalJSONFrom decodes the headers member by member.
func (h *headerFile) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	if dec.PeekKind() != '{' {
		return wrongKind(dec, h)
	}
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	out := headerFile{}
	for dec.PeekKind() != '}' {
		name, err := dec.ReadToken()
		if err != nil {
			return err
		}
		m := headerMember{name: name.String()}
		if err := json.UnmarshalDecode(dec, &m.values, dec.Options()); err != nil {
			return err
		}
		out = append(out, m)
	}
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	*h = out
	return nil
}

// MarshalJSON writes the headers as an object.
func (h headerFile) MarshalJSON() ([]byte, error) {
	m := make(map[string]stringOrList, len(h))
	for _, hm := range h {
		m[hm.name] = append(m[hm.name], hm.values...)
	}
	return marshalOrdered(m)
}

// wrongKind is the error of a value whose JSON kind dst does not take.
func wrongKind(dec *jsontext.Decoder, dst any) error {
	got := kindName(dec.PeekKind())
	if err := dec.SkipValue(); err != nil {
		return err
	}
	return fmt.Errorf("want %s, got %s", want(reflect.TypeOf(dst)), got)
}

// want says what JSON a value of type t is.
func want(t reflect.Type) string {
	if t.Kind() != reflect.Pointer {
		t = reflect.PointerTo(t)
	}
	if w, ok := reflect.Zero(t).Interface().(wanter); ok {
		return w.want()
	}
	switch t.Elem().Kind() {
	case reflect.String:
		return "a string"
	case reflect.Int, reflect.Int64:
		return "an integer"
	case reflect.Bool:
		return "a boolean"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Pointer:
		return want(t.Elem())
	}
	return "an object"
}

// kindName names a JSON kind as the errors do.
func kindName(k jsontext.Kind) string {
	switch k {
	case 'n':
		return "null"
	case 't', 'f':
		return "boolean"
	case '"':
		return "string"
	case '0':
		return "number"
	case '{':
		return "object"
	case '[':
		return "array"
	}
	return "nothing"
}

// rejectNull makes null an error wherever the file format has it: no
// member of a script may be null.
var rejectNull = json.WithUnmarshalers(json.UnmarshalFromFunc(func(dec *jsontext.Decoder, v any) error {
	if dec.PeekKind() != 'n' {
		return errors.ErrUnsupported
	}
	return wrongKind(dec, v)
}))

// LoadScript reads a script file from r; see ParseScript.
func LoadScript(r io.Reader) (Script, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return Script{}, fmt.Errorf("stubapi: reading script: %w", err)
	}
	return ParseScript(data)
}

// ParseScript decodes a script file strictly — unknown fields, duplicate
// fields, wrong types, null and trailing data are errors naming their
// JSON path and line and column (*ScriptError) — and validates the
// script; validation errors name the line and column of their turn.
func ParseScript(data []byte) (Script, error) {
	if err := syntaxCheck(data); err != nil {
		return Script{}, err
	}
	var f scriptFile
	err := json.Unmarshal(data, &f, json.RejectUnknownMembers(true), rejectNull)
	if err == nil {
		var s Script
		if s, err = f.script(); err == nil {
			if err = s.Validate(); err == nil {
				return s, nil
			}
		}
	}
	return Script{}, locate(data, err)
}

// UnmarshalJSON decodes s from the script file format, strictly, and
// validates it; see ParseScript.
func (s *Script) UnmarshalJSON(data []byte) error {
	out, err := ParseScript(data)
	if err != nil {
		return err
	}
	*s = out
	return nil
}

// syntaxCheck reports a JSON syntax error with its line and column.
func syntaxCheck(data []byte) error {
	var v any
	err := stdjson.Unmarshal(data, &v)
	if err == nil {
		return nil
	}
	var syn *stdjson.SyntaxError
	if errors.As(err, &syn) {
		// The offset counts the offending byte.
		line, col := lineCol(data, max(0, syn.Offset-1))
		return &ScriptError{Line: line, Column: col, Err: err}
	}
	return &ScriptError{Err: err}
}

// lineCol returns the 1-based line and column of byte offset of data.
func lineCol(data []byte, offset int64) (line, col int) {
	return newLineIndex(data).lineCol(offset)
}

// lineIndex holds the offsets of a text's line breaks, in order: it finds
// the line and column of an offset without counting the lines before it,
// so that placing many problems in a file takes time in proportion to
// their number, not to their number times the file's length.
type lineIndex struct {
	size   int64
	breaks []int64
}

// newLineIndex returns the line index of data.
func newLineIndex(data []byte) lineIndex {
	ix := lineIndex{size: int64(len(data))}
	for i := 0; ; {
		j := bytes.IndexByte(data[i:], '\n')
		if j < 0 {
			return ix
		}
		i += j
		ix.breaks = append(ix.breaks, int64(i))
		i++
	}
}

// lineCol returns the 1-based line and column of byte offset.
func (ix lineIndex) lineCol(offset int64) (line, col int) {
	offset = min(offset, ix.size)
	n, _ := slices.BinarySearch(ix.breaks, offset) // the breaks before offset
	start := int64(-1)
	if n > 0 {
		start = ix.breaks[n-1]
	}
	return n + 1, int(offset - start)
}

// maxProblems is how many problems of a script its error lists; the rest
// are counted in a last one (*MoreProblemsError).
const maxProblems = 20

// MoreProblemsError ends the problems of a script that has more than its
// error lists: how many were left out.
type MoreProblemsError struct {
	// N is the number of problems left out.
	N int
}

// Error says how many problems were left out.
func (e *MoreProblemsError) Error() string {
	if e.N == 1 {
		return "stubapi script: and 1 more problem"
	}
	return fmt.Sprintf("stubapi script: and %d more problems", e.N)
}

// joinProblems joins a script's problems: the first maxProblems of them,
// and a *MoreProblemsError for the others; nil for none.
func joinProblems(errs []error) error {
	if len(errs) > maxProblems {
		errs = append(errs[:maxProblems:maxProblems], &MoreProblemsError{N: len(errs) - maxProblems})
	}
	return errors.Join(errs...)
}

// locate turns err, from decoding or validating data, into *ScriptError
// (or a join of them) with their lines and columns: a member's own, or
// that of the nearest enclosing member the file has.
func locate(data []byte, err error) error {
	var errs []error
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	} else {
		errs = []error{err}
	}
	var offsets map[string]int64
	var lines lineIndex
	for i, e := range errs {
		if _, ok := e.(*MoreProblemsError); ok {
			continue
		}
		se := asScriptError(data, e)
		if se.Line == 0 {
			if offsets == nil {
				offsets = memberOffsets(data)
				lines = newLineIndex(data)
			}
			for p := se.Path; ; p = parentPath(p) {
				off, ok := offsets[p]
				if !ok {
					// Validation names a turn's one fault faults[0].
					off, ok = offsets[strings.Replace(p, ".faults[0]", ".fault", 1)]
				}
				if ok {
					se.Line, se.Column = lines.lineCol(off)
					break
				}
				if p == "" {
					break
				}
			}
		}
		errs[i] = se
	}
	if len(errs) == 1 {
		return errs[0]
	}
	return errors.Join(errs...) // as many as joinProblems left
}

// asScriptError turns an error of json/v2 or of the file format into a
// *ScriptError with the path of the member at fault.
func asScriptError(data []byte, err error) *ScriptError {
	var se *ScriptError
	if errors.As(err, &se) {
		return se
	}
	var sem *json.SemanticError
	if errors.As(err, &sem) {
		path := pointerPath(sem.JSONPointer)
		switch {
		case errors.Is(sem.Err, json.ErrUnknownName):
			return &ScriptError{Path: path, Err: errors.New("unknown field")}
		case sem.Err == nil && sem.GoType != nil:
			got := kindName(sem.JSONKind)
			if sem.JSONKind == '0' && sem.JSONValue != nil {
				got = string(sem.JSONValue)
			}
			return &ScriptError{Path: path, Err: fmt.Errorf("want %s, got %s", want(sem.GoType), got)}
		case sem.GoType != nil && sem.JSONKind == '0' && (errors.Is(sem.Err, strconv.ErrSyntax) || errors.Is(sem.Err, strconv.ErrRange)):
			return &ScriptError{Path: path, Err: fmt.Errorf("want %s, got %s", want(sem.GoType), sem.JSONValue)}
		case sem.Err != nil:
			return &ScriptError{Path: path, Err: sem.Err}
		}
		return &ScriptError{Path: path, Err: err}
	}
	var syn *jsontext.SyntacticError
	if errors.As(err, &syn) {
		path := pointerPath(syn.JSONPointer)
		if errors.Is(syn.Err, jsontext.ErrDuplicateName) {
			// The offset is the second name's; the path's would be the first's.
			line, col := lineCol(data, syn.ByteOffset)
			return &ScriptError{Path: path, Line: line, Column: col, Err: errors.New("field appears twice")}
		}
		return &ScriptError{Path: path, Err: syn.Err}
	}
	return &ScriptError{Err: err}
}

// pointerPath writes a JSON pointer as a script path: turns[0].text.
func pointerPath(p jsontext.Pointer) string {
	var b strings.Builder
	for tok := range p.Tokens() {
		if _, err := strconv.Atoi(tok); err == nil && tok != "" {
			b.WriteString("[" + tok + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(tok)
	}
	return b.String()
}

// parentPath returns the path of the member holding the one at path.
func parentPath(path string) string {
	i := strings.LastIndexAny(path, ".[")
	if i < 0 {
		return ""
	}
	return path[:i]
}

// memberOffsets returns the byte offset of every member and element of
// data by its path: a member's is that of its name.
func memberOffsets(data []byte) map[string]int64 {
	out := map[string]int64{}
	dec := jsontext.NewDecoder(bytes.NewReader(data), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	for {
		off := dec.InputOffset()
		for off < int64(len(data)) && strings.IndexByte(" \t\r\n,:", data[off]) >= 0 {
			off++
		}
		tok, err := dec.ReadToken()
		if err != nil {
			return out
		}
		if k := tok.Kind(); k == '}' || k == ']' {
			continue
		}
		p := pointerPath(dec.StackPointer())
		if _, ok := out[p]; !ok {
			out[p] = off
		}
	}
}

// script converts the file's script to a Script.
func (f *scriptFile) script() (Script, error) {
	if f.Turns == nil {
		return Script{}, &ScriptError{Path: "turns", Err: errors.New("missing; a script is {\"turns\": [...]}")}
	}
	s := Script{Turns: make([]Turn, 0, len(*f.Turns))}
	for i := range *f.Turns {
		t, err := (*f.Turns)[i].turn(fmt.Sprintf("turns[%d]", i))
		if err != nil {
			return Script{}, err
		}
		s.Turns = append(s.Turns, t)
	}
	return s, nil
}

func (tf *turnFile) turn(path string) (Turn, error) {
	var t Turn
	if tf.Content != nil {
		for _, sh := range []struct {
			name string
			set  bool
		}{{"thinking", tf.Thinking != nil}, {"text", tf.Text != nil}, {"tool_use", tf.ToolUse != nil}} {
			if sh.set {
				return Turn{}, &ScriptError{Path: path + "." + sh.name, Err: errors.New(`cannot be combined with "content"; put every block in "content"`)}
			}
		}
		for i := range *tf.Content {
			b, err := (*tf.Content)[i].block(fmt.Sprintf("%s.content[%d]", path, i), "")
			if err != nil {
				return Turn{}, err
			}
			t.Content = append(t.Content, b)
		}
		t.Empty = len(*tf.Content) == 0
	}
	if tf.Thinking != nil {
		t.Content = append(t.Content, Think(*tf.Thinking))
	}
	for _, s := range tf.Text {
		t.Content = append(t.Content, Say(s))
	}
	for i := range tf.ToolUse {
		b, err := tf.ToolUse[i].block(fmt.Sprintf("%s.tool_use[%d]", path, i), BlockToolUse)
		if err != nil {
			return Turn{}, err
		}
		t.Content = append(t.Content, b)
	}
	t.StopReason, t.StopSequence, t.Usage = tf.StopReason, tf.StopSequence, tf.Usage
	if tf.Fault != nil && tf.Faults != nil {
		return Turn{}, &ScriptError{Path: path + ".faults", Err: errors.New(`give "fault" or "faults", not both`)}
	}
	if tf.Fault != nil {
		f, err := tf.Fault.fault(path + ".fault")
		if err != nil {
			return Turn{}, err
		}
		t.Faults = []Fault{f}
	}
	if tf.Faults != nil {
		for i := range *tf.Faults {
			f, err := (*tf.Faults)[i].fault(fmt.Sprintf("%s.faults[%d]", path, i))
			if err != nil {
				return Turn{}, err
			}
			t.Faults = append(t.Faults, f)
		}
	}
	return t, nil
}

// block converts a block of content, or a call of tool_use when typ is
// BlockToolUse.
func (bf *blockFile) block(path string, typ BlockType) (Block, error) {
	choices := "want text, thinking, redacted_thinking or tool_use"
	switch {
	case typ != "" && bf.Type != nil:
		return Block{}, &ScriptError{Path: path + ".type", Err: errors.New("unknown field")}
	case typ == "" && bf.Type == nil:
		return Block{}, &ScriptError{Path: path + ".type", Err: errors.New("missing; " + choices)}
	case typ == "":
		typ = *bf.Type
	}
	members, ok := blockMembers[typ]
	if !ok {
		return Block{}, &ScriptError{Path: path + ".type", Err: fmt.Errorf("unknown block type %q (%s)", typ, choices)}
	}
	b := Block{Type: typ}
	for _, m := range []struct {
		name string
		src  *string
		dst  *string
	}{{"data", bf.Data, &b.Data}, {"id", bf.ID, &b.ID}, {"name", bf.Name, &b.Name}, {"signature", bf.Signature, &b.Signature}, {"text", bf.Text, &b.Text}, {"thinking", bf.Thinking, &b.Thinking}} {
		if m.src == nil {
			continue
		}
		if !contains(members, m.name) {
			return Block{}, &ScriptError{Path: path + "." + m.name, Err: fmt.Errorf("unknown field (a %s block has %s)", typ, strings.Join(members, ", "))}
		}
		*m.dst = *m.src
	}
	if bf.Input != nil {
		if typ != BlockToolUse {
			return Block{}, &ScriptError{Path: path + ".input", Err: fmt.Errorf("unknown field (a %s block has %s)", typ, strings.Join(members, ", "))}
		}
		b.Input = stdjson.RawMessage(bf.Input)
	}
	return b, nil
}

func (ff *faultFile) fault(path string) (Fault, error) {
	if ff.Kind == nil {
		return Fault{}, &ScriptError{Path: path + ".kind", Err: fmt.Errorf("missing; want one of %s", strings.Join(faultKindChoices(), ", "))}
	}
	f := Fault{
		Kind:       FaultKind(*ff.Kind),
		Status:     ff.Status,
		ErrorType:  ff.ErrorType,
		Message:    ff.Message,
		RetryAfter: time.Duration(ff.RetryAfter),
		At:         ff.At,
		Block:      ff.Block,
		Duration:   time.Duration(ff.Duration),
		Times:      int(ff.Times),
	}
	if status, ok := shorthandStatus(*ff.Kind); ok {
		f.Kind, f.Status = FaultHTTPError, status
	}
	if kindSpec(f.Kind) == nil {
		return Fault{}, &ScriptError{Path: path + ".kind", Err: fmt.Errorf("unknown fault kind %q (want one of %s)", *ff.Kind, strings.Join(faultKindChoices(), ", "))}
	}
	for _, hm := range ff.Headers {
		for _, v := range hm.values {
			if f.Headers == nil {
				f.Headers = http.Header{}
			}
			f.Headers.Add(hm.name, v)
		}
	}
	return f, nil
}

// MarshalJSON encodes s in the script file format, using the shorthand
// turn fields where they say the same.
func (s Script) MarshalJSON() ([]byte, error) {
	turns := make([]turnFile, 0, len(s.Turns))
	for _, t := range s.Turns {
		turns = append(turns, fileTurn(t))
	}
	return marshalOrdered(scriptFile{Turns: &turns})
}

// marshalOrdered marshals v with HTML left unescaped.
func marshalOrdered(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := stdjson.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

func fileTurn(t Turn) turnFile {
	tf := turnFile{StopReason: t.StopReason, StopSequence: t.StopSequence, Usage: t.Usage}
	if shorthand(t.Content) {
		for _, b := range t.Content {
			switch b.Type {
			case BlockThinking:
				tf.Thinking = &b.Thinking
			case BlockText:
				tf.Text = append(tf.Text, b.Text)
			case BlockToolUse:
				tf.ToolUse = append(tf.ToolUse, fileBlock(b, false))
			}
		}
	} else if len(t.Content) > 0 || t.Empty {
		blocks := make([]blockFile, 0, len(t.Content))
		for _, b := range t.Content {
			blocks = append(blocks, fileBlock(b, true))
		}
		tf.Content = &blocks
	}
	switch len(t.Faults) {
	case 0:
	case 1:
		f := fileFault(t.Faults[0])
		tf.Fault = &f
	default:
		faults := make([]faultFile, len(t.Faults))
		for i, f := range t.Faults {
			faults[i] = fileFault(f)
		}
		tf.Faults = &faults
	}
	return tf
}

// shorthand reports whether blocks can be written with the thinking, text
// and tool_use fields: an optional thinking block with a derived
// signature, then text blocks, then tool calls.
func shorthand(blocks []Block) bool {
	stage := 0
	for i, b := range blocks {
		switch {
		case b.Type == BlockThinking && i == 0 && b.Signature == "" && b.Text == "" && b.Data == "" && b.ID == "" && b.Name == "" && b.Input == nil:
			stage = 1
		case b.Type == BlockText && stage <= 2 && b.Thinking == "" && b.Signature == "" && b.Data == "" && b.ID == "" && b.Name == "" && b.Input == nil:
			stage = 2
		case b.Type == BlockToolUse && b.Text == "" && b.Thinking == "" && b.Signature == "" && b.Data == "":
			stage = 3
		default:
			return false
		}
	}
	return len(blocks) > 0
}

// fileBlock is b as the file writes it: a call of tool_use, or a block of
// content (typed) with the members of its type.
func fileBlock(b Block, typed bool) blockFile {
	var bf blockFile
	if typed {
		bf.Type = &b.Type
	}
	switch b.Type {
	case BlockText:
		bf.Text = &b.Text
	case BlockThinking:
		bf.Thinking = &b.Thinking
		if b.Signature != "" {
			bf.Signature = &b.Signature
		}
	case BlockRedactedThinking:
		bf.Data = &b.Data
	default:
		bf.Name = &b.Name
		if b.ID != "" {
			bf.ID = &b.ID
		}
		if len(b.Input) > 0 {
			bf.Input = objectJSON(b.Input)
		}
	}
	return bf
}

func fileFault(f Fault) faultFile {
	kind := string(f.Kind)
	ff := faultFile{
		At:         f.At,
		Block:      f.Block,
		Duration:   duration(f.Duration),
		ErrorType:  f.ErrorType,
		Kind:       &kind,
		Message:    f.Message,
		RetryAfter: duration(f.RetryAfter),
		Status:     f.Status,
		Times:      timesMember(f.Times),
	}
	for name, values := range f.Headers {
		ff.Headers = append(ff.Headers, headerMember{name: name, values: values})
	}
	return ff
}
