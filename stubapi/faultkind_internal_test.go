package stubapi

import (
	"slices"
	"testing"
)

// TestFaultKindTable checks that every entry of the table of fault kinds
// has what its stage and failure need, so that validation, dispatch and
// the docs can rely on it.
func TestFaultKindTable(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, s := range faultKindTable {
		t.Run(string(s.Kind), func(t *testing.T) {
			if s.Kind == "" || seen[string(s.Kind)] {
				t.Fatalf("kind %q is empty or listed twice", s.Kind)
			}
			seen[string(s.Kind)] = true
			if s.Sees == "" || s.SeesJA == "" || s.describe == nil {
				t.Error("needs Sees, SeesJA and describe")
			}
			for _, p := range s.Params {
				if !slices.ContainsFunc(faultParamTable, func(ps FaultParamSpec) bool { return ps.Param == p }) {
					t.Errorf("takes %q, which the table of members lacks", p)
				}
			}
			switch s.Stage {
			case StageBeforeHeaders:
				if s.early == nil || s.strike != nil || s.message != nil || s.beforeStatus != nil || s.DefaultAt != "" || s.Takes(ParamAt) {
					t.Error("a kind striking before the headers has early only, and takes no at")
				}
			case StageInStream:
				if s.early != nil || s.strike == nil || s.message == nil || s.DefaultAt == "" || !s.Takes(ParamAt) || !s.Takes(ParamBlock) {
					t.Error("a kind striking in the stream has strike and message, a DefaultAt, and takes at and block")
				}
			default:
				t.Errorf("unknown stage %q", s.Stage)
			}
			switch s.Fails {
			case FailsAlways, FailsNever:
			case FailsWithoutDuration:
				if !s.Takes(ParamDuration) {
					t.Error("fails without a duration but takes none")
				}
			default:
				t.Errorf("unknown failure %q", s.Fails)
			}
		})
	}
	for _, sh := range faultShorthands {
		if seen[sh.Name] {
			t.Errorf("shorthand %q is also a kind", sh.Name)
		}
		if sh.Status < 400 || sh.Status > 599 {
			t.Errorf("shorthand %q has status %d", sh.Name, sh.Status)
		}
	}
	for _, p := range faultParamTable {
		if p.isSet == nil || p.Doc == "" || p.DocJA == "" || p.Type == "" || p.TypeJA == "" {
			t.Errorf("member %q needs isSet, Doc, DocJA, Type and TypeJA", p.Param)
		}
		if len(KindsTaking(p.Param)) == 0 {
			t.Errorf("no kind takes member %q", p.Param)
		}
	}
}
