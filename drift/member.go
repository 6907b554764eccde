package drift

import (
	"errors"
	"fmt"
	"strings"
)

// Member names a kind of message, a member of it, or an item of one of
// its lists, as reports write them:
//
//	system/init                                   a kind (on stdout)
//	system/init.sandbox_enabled                   a member
//	system/init.capabilities[interrupt_receipt_v1] an item of a list
//	stdin control_request/initialize              a kind on another channel
//	api POST /v1/messages?beta=true.body.tools[Bash]
//
// A path is the member's keys from the message's top level joined with
// dots; an array's elements add "[]", or "[name]" in a list of named
// objects (tools, mcp_servers, plugins, commands) and for an item of a
// list compared as a set.
type Member struct {
	Kind Kind `json:"kind"`
	// Path is the member's path in its message, "" for the kind itself.
	Path string `json:"path,omitempty"`
}

// String writes the member as [ParseMember] reads it.
func (m Member) String() string {
	s := m.Kind.Name
	if m.Kind.Channel != Stdout {
		s = string(m.Kind.Channel) + " " + s
	}
	if m.Path != "" {
		s += "." + m.Path
	}
	return s
}

// ParseMember reads a member as [Member] writes it: an optional channel
// (stdout, stdin, api, side; stdout when absent) and a space, the kind's
// name, then optionally a dot and a path.
func ParseMember(s string) (Member, error) {
	s = strings.TrimSpace(s)
	var m Member
	m.Kind.Channel = Stdout
	if ch, rest, ok := strings.Cut(s, " "); ok {
		switch c := Channel(ch); c {
		case Stdout, Stdin, API, SideAPI:
			m.Kind.Channel, s = c, strings.TrimSpace(rest)
		}
	}
	// A kind's name has no dot but for an API request's: its path
	// starts at ".body" or ".header". A side request has no members.
	cut := strings.IndexByte(s, '.')
	switch m.Kind.Channel {
	case API:
		cut = -1
		for _, p := range []string{".body", ".header"} {
			if i := strings.Index(s, p); i >= 0 && (cut < 0 || i < cut) {
				cut = i
			}
		}
	case SideAPI:
		cut = -1
	}
	if cut >= 0 {
		m.Kind.Name, m.Path = s[:cut], s[cut+1:]
	} else {
		m.Kind.Name = s
	}
	switch {
	case m.Kind.Name == "", m.Kind.Name == string(Stdin), m.Kind.Name == string(Stdout), m.Kind.Name == string(API), m.Kind.Name == string(SideAPI):
		return Member{}, errors.New("drift: member: no kind (want e.g. system/init or system/init.sandbox_enabled)")
	case cut >= 0 && m.Path == "":
		return Member{}, fmt.Errorf("drift: member %q: empty path after the dot", s)
	}
	return m, nil
}

// observation is what a shape shows of a member: "absent", "present"
// for a kind or a list item, or the member's JSON types ("boolean",
// "null|string").
func (s *shape) observation(m Member) string {
	if _, ok := s.kinds[m.Kind]; !ok {
		return Absent
	}
	if m.Path == "" {
		return Present
	}
	if t, ok := s.members[m.Kind][m.Path]; ok {
		return strings.Join(t.names(), "|")
	}
	if parent, name, ok := parentPath(m.Path); ok && name != "" && s.items[m.Kind][parent][name] {
		return Present
	}
	return Absent
}

// has reports whether the shape shows m.
func (s *shape) has(m Member) bool { return s.observation(m) != Absent }

// The observations of a member that are not a member's types.
const (
	Absent  = "absent"
	Present = "present"
)

// Observe returns what the corpus's recordings show of a member: Absent,
// Present (a kind or a list item), or the JSON types its values have,
// "|"-separated ("boolean", "null|string"), over every scenario.
func (c *Corpus) Observe(m Member) string {
	all := newShape()
	for _, r := range c.Runs {
		if r.shape != nil {
			all.merge(r.shape)
		}
	}
	return all.observation(m)
}
