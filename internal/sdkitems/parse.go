package main

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// The groups of items, as package drift names them.
const (
	groupControl = "control_request"
	groupStdout  = "stdout"
	groupHook    = "hook_event"
)

// The declarations of sdk.d.ts the items come from.
const (
	controlUnion = "SDKControlRequestInner" // the control request bodies, both ways
	stdoutUnion  = "StdoutMessage"          // every line the CLI writes on stdout
	hookEvents   = "HOOK_EVENTS"            // the hook events
)

// controlKinds are the stdout kinds that carry control requests and
// their answers: StdoutMessage has them, but the control group counts
// them, by subtype, so the stdout group leaves them out (41 + 46 + 34 =
// 121 items, as issue 31 counts).
var controlKinds = []string{"control_request", "control_response"}

// item is one item of the SDK: a control request subtype, a stdout kind
// (its type, with the subtype for system and result messages) or a hook
// event.
type item struct {
	Group, Name string
}

// errDecl reports a declaration of sdk.d.ts that the parser cannot read.
var errDecl = errors.New("sdk.d.ts")

// declRe finds a type alias's declaration: its name, then the text from
// its right-hand side on.
var declRe = regexp.MustCompile(`(?m)^\s*(?:export\s+)?(?:declare\s+)?type\s+([A-Za-z_$][\w$]*)\s*(?:<[^=]*>)?\s*=\s*`)

// constRe finds the HOOK_EVENTS tuple.
var constRe = regexp.MustCompile(`(?m)^\s*(?:export\s+)?declare\s+const\s+` + hookEvents + `\s*:\s*readonly\s*\[([^\]]*)\]`)

// literalRe is one single- or double-quoted string literal.
var literalRe = regexp.MustCompile(`'([^'\\]*)'|"([^"\\]*)"`)

// memberRe is a member of an object type: its name and type, up to ";".
var memberRe = regexp.MustCompile(`^\s*(?:readonly\s+)?([A-Za-z_$][\w$]*)\??\s*:\s*([^;]*);?\s*$`)

// typeNameRe is a type's name, qualified or not ("coreTypes.SDKMessage").
var typeNameRe = regexp.MustCompile(`^[A-Za-z_$][\w$.]*$`)

// dts is a parsed sdk.d.ts: the right-hand side of each type alias.
type dts struct {
	types map[string]string
}

// parseDTS reads the type aliases of src, comments removed. A name
// declared twice keeps its first declaration (namespaces re-declare
// none of the ones read here).
func parseDTS(src string) *dts {
	src = stripComments(src)
	d := &dts{types: map[string]string{}}
	for _, m := range declRe.FindAllStringSubmatchIndex(src, -1) {
		name := src[m[2]:m[3]]
		if _, ok := d.types[name]; ok {
			continue
		}
		d.types[name] = rhs(src[m[1]:])
	}
	return d
}

// stripComments removes /* */ comments and // comments that start a
// line, keeping newlines so that lines stay lines.
func stripComments(src string) string {
	var b strings.Builder
	for {
		i := strings.Index(src, "/*")
		if i < 0 {
			b.WriteString(src)
			break
		}
		b.WriteString(src[:i])
		j := strings.Index(src[i+2:], "*/")
		if j < 0 {
			break
		}
		b.WriteString(strings.Repeat("\n", strings.Count(src[i:i+2+j+2], "\n")))
		src = src[i+2+j+2:]
	}
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "//") {
			lines[i] = ""
		}
	}
	return strings.Join(lines, "\n")
}

// topLevel calls at with the index of each byte of s outside every
// bracket and string literal, in order, until at returns false.
func topLevel(s string, at func(i int) bool) {
	depth := 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
			continue
		case c == '\'' || c == '"' || c == '`':
			quote = c
			continue
		case c == '{' || c == '(' || c == '[' || c == '<':
			depth++
			continue
		case c == '}' || c == ')' || c == ']' || c == '>':
			if c != '>' || i == 0 || s[i-1] != '=' { // not an arrow, =>
				depth--
			}
			continue
		}
		if depth == 0 && !at(i) {
			return
		}
	}
}

// rhs returns the right-hand side of a declaration starting at s: up to
// the ";" outside every bracket and string.
func rhs(s string) string {
	end := len(s)
	topLevel(s, func(i int) bool {
		if s[i] == ';' {
			end = i
			return false
		}
		return true
	})
	return strings.TrimSpace(s[:end])
}

// splitTop splits s at sep outside every bracket and string, trimming
// the parts and dropping empty ones (a leading "|").
func splitTop(s string, sep byte) []string {
	var parts []string
	start := 0
	topLevel(s, func(i int) bool {
		if s[i] == sep {
			parts = append(parts, s[start:i])
			start = i + 1
		}
		return true
	})
	parts = append(parts, s[start:])
	out := parts[:0]
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// objectTypes returns the object types a named type stands for: the type
// itself when it is an object literal, the objects of each variant when
// it is a union of names (resolved through namespaces such as
// "coreTypes.SDKMessage").
func (d *dts) objectTypes(name string, seen []string) ([]string, error) {
	name = name[strings.LastIndexByte(name, '.')+1:]
	if slices.Contains(seen, name) {
		return nil, fmt.Errorf("%w: type %s refers to itself", errDecl, name)
	}
	body, ok := d.types[name]
	if !ok {
		return nil, fmt.Errorf("%w: no declaration of type %s", errDecl, name)
	}
	if strings.HasPrefix(body, "{") {
		return []string{body}, nil
	}
	variants := splitTop(body, '|')
	if len(variants) < 2 {
		return nil, fmt.Errorf("%w: type %s is neither an object literal nor a union of named types: %.80q", errDecl, name, body)
	}
	var objs []string
	for _, v := range variants {
		if !typeNameRe.MatchString(v) {
			return nil, fmt.Errorf("%w: union %s has a variant that is no type name: %.80q", errDecl, name, v)
		}
		o, err := d.objectTypes(v, append(seen, name))
		if err != nil {
			return nil, err
		}
		objs = append(objs, o...)
	}
	return objs, nil
}

// literals returns the values of a member of the object type obj (its
// top-level members only) that is a string literal or a union of them,
// none when obj has no such member, and an error when it has one of
// another type.
func literals(obj, member string) ([]string, error) {
	inner := strings.TrimSpace(obj)
	inner = strings.TrimSuffix(strings.TrimPrefix(inner, "{"), "}")
	for _, m := range splitTop(inner, ';') {
		// A member is on one line, or starts with its name on its first.
		mm := memberRe.FindStringSubmatch(strings.ReplaceAll(m, "\n", " ") + ";")
		if mm == nil || mm[1] != member {
			continue
		}
		var vals []string
		for _, v := range splitTop(mm[2], '|') {
			lm := literalRe.FindStringSubmatch(v)
			if lm == nil || lm[0] != v {
				return nil, fmt.Errorf("%w: member %s is no string literal: %.80q", errDecl, member, mm[2])
			}
			if lm[1]+lm[2] == "" {
				return nil, fmt.Errorf("%w: member %s has an empty literal: %.80q", errDecl, member, mm[2])
			}
			vals = append(vals, lm[1]+lm[2])
		}
		return vals, nil
	}
	return nil, nil
}

// sdkItems reads the items of sdk.d.ts's source: the subtypes of the
// control request bodies (SDKControlRequestInner), the stdout kinds
// (StdoutMessage's variants: the type, with the subtype for system and
// result messages, so each result subtype apart) and the hook events
// (HOOK_EVENTS), each group in the SDK's order, without repeats.
func sdkItems(src string) ([]item, error) {
	d := parseDTS(src)
	var items []item
	add := func(group, name string) {
		if it := (item{group, name}); !slices.Contains(items, it) {
			items = append(items, it)
		}
	}
	objs, err := d.objectTypes(controlUnion, nil)
	if err != nil {
		return nil, err
	}
	for _, o := range objs {
		subs, err := literals(o, "subtype")
		if err != nil {
			return nil, fmt.Errorf("%s: %w", controlUnion, err)
		}
		if len(subs) == 0 {
			return nil, fmt.Errorf("%w: a variant of %s has no subtype: %.80q", errDecl, controlUnion, o)
		}
		for _, s := range subs {
			add(groupControl, s)
		}
	}
	if objs, err = d.objectTypes(stdoutUnion, nil); err != nil {
		return nil, err
	}
	for _, o := range objs {
		types, err := literals(o, "type")
		if err != nil {
			return nil, fmt.Errorf("%s: %w", stdoutUnion, err)
		}
		if len(types) != 1 {
			return nil, fmt.Errorf("%w: a variant of %s has no one type: %.80q", errDecl, stdoutUnion, o)
		}
		subs, err := literals(o, "subtype")
		if err != nil {
			return nil, fmt.Errorf("%s: %w", stdoutUnion, err)
		}
		t := types[0]
		if slices.Contains(controlKinds, t) {
			continue
		}
		if (t == "system" || t == "result") && len(subs) > 0 {
			for _, s := range subs {
				add(groupStdout, t+"/"+s)
			}
		} else {
			add(groupStdout, t)
		}
	}
	m := constRe.FindStringSubmatch(stripComments(src))
	if m == nil {
		return nil, fmt.Errorf("%w: no declaration of const %s", errDecl, hookEvents)
	}
	for _, v := range splitTop(m[1], ',') {
		lm := literalRe.FindStringSubmatch(v)
		if lm == nil || lm[0] != v || lm[1]+lm[2] == "" {
			return nil, fmt.Errorf("%w: %s holds no string literal: %.80q", errDecl, hookEvents, v)
		}
		add(groupHook, lm[1]+lm[2])
	}
	for _, g := range []string{groupControl, groupStdout, groupHook} {
		if !slices.ContainsFunc(items, func(it item) bool { return it.Group == g }) {
			return nil, fmt.Errorf("%w: no %s items", errDecl, g)
		}
	}
	return items, nil
}
