package main

import (
	"fmt"
	"strings"
)

// describe writes package schema's description of the model.
func (m *model) describe() []byte {
	var b strings.Builder
	b.WriteString(header)
	b.WriteString("package schema\n\n")
	b.WriteString("// protocolModel builds the description of package protocol.\n")
	b.WriteString("func protocolModel() *Model {\n\treturn &Model{\n\t\tTypes: []*Type{\n")
	for _, ws := range m.structs {
		fmt.Fprintf(&b, "\t\t\t{\n\t\t\t\tName: %q,\n", ws.name)
		writeDoc(&b, "\t\t\t\t", ws.doc)
		if ws.state == "envelope" {
			b.WriteString("\t\t\t\tMessage: true,\n")
		}
		if ws.union != "" {
			fmt.Fprintf(&b, "\t\t\t\tUnion: %q,\n", ws.union)
		}
		if ws.fallback {
			b.WriteString("\t\t\t\tFallback: true,\n")
		}
		if ws.answers != "" {
			fmt.Fprintf(&b, "\t\t\t\tAnswers: %q,\n", ws.answers)
		}
		if ws.tools != nil {
			fmt.Fprintf(&b, "\t\t\t\tTools: %#v,\n", ws.tools)
		}
		b.WriteString("\t\t\t\tMembers: []*Member{\n")
		for _, c := range ws.consts {
			fmt.Fprintf(&b, "\t\t\t\t\t{Key: %q, Shape: ShapeConst, Const: %q},\n", c.key, c.value)
		}
		for _, f := range ws.fields {
			var parts []string
			add := func(format string, args ...any) { parts = append(parts, fmt.Sprintf(format, args...)) }
			add("Key: %q", f.key)
			add("Field: %q", f.goName)
			add("GoType: %q", f.goType)
			if f.doc != "" {
				add("Doc: %q", f.doc)
			}
			add("Shape: Shape%s", strings.ToUpper(f.shape[:1])+f.shape[1:])
			if f.elem != "" {
				add("Elem: %q", f.elem)
			}
			if f.enum != "" {
				add("Enum: %q", f.enum)
			}
			if f.number == "integer" {
				add("Integer: true")
			}
			if f.required {
				add("Required: true")
			}
			if f.nullable {
				add("Nullable: true")
			}
			if f.oneOf != nil {
				add("OneOf: %#v", f.oneOf)
			}
			fmt.Fprintf(&b, "\t\t\t\t\t{%s},\n", strings.Join(parts, ", "))
		}
		b.WriteString("\t\t\t\t},\n\t\t\t},\n")
	}
	b.WriteString("\t\t},\n\t\tUnions: []*Union{\n")
	for _, u := range m.unions {
		fmt.Fprintf(&b, "\t\t\t{\n\t\t\t\tName: %q,\n", u.name)
		writeDoc(&b, "\t\t\t\t", u.doc)
		fmt.Fprintf(&b, "\t\t\t\tKey: %q,\n\t\t\t\tVariants: []string{", u.key)
		for i, v := range u.variants {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%q", v.name)
		}
		b.WriteString("},\n\t\t\t},\n")
	}
	b.WriteString("\t\t},\n\t\tEnums: []*Enum{\n")
	for _, e := range m.enums {
		fmt.Fprintf(&b, "\t\t\t{\n\t\t\t\tName: %q,\n", e.name)
		writeDoc(&b, "\t\t\t\t", e.doc)
		b.WriteString("\t\t\t\tValues: []Value{\n")
		for _, v := range e.values {
			fmt.Fprintf(&b, "\t\t\t\t\t{Name: %q, Value: %q, Doc: %q},\n", v.name, v.value, v.doc)
		}
		b.WriteString("\t\t\t\t},\n\t\t\t},\n")
	}
	b.WriteString("\t\t},\n\t}\n}\n")
	return []byte(b.String())
}

// writeDoc writes a Doc member.
func writeDoc(b *strings.Builder, ind string, doc []string) {
	if len(doc) == 0 {
		return
	}
	fmt.Fprintf(b, "%sDoc: []string{\n", ind)
	for _, p := range doc {
		fmt.Fprintf(b, "%s\t%q,\n", ind, p)
	}
	fmt.Fprintf(b, "%s},\n", ind)
}
