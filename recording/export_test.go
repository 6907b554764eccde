package recording

// ExpandGrowth is Expand, also returning what it read and produced (see
// expandFloor).
func ExpandGrowth(data []byte, s *Store) (full []byte, read, produced int64, err error) {
	g := &growth{what: "a recording's units", read: int64(len(data))}
	full, err = rewrite(data, expandUnit(s, g))
	return full, g.read, g.produced, err
}

// ObjectGrowth returns what joining the texts of the object r read and
// produced.
func ObjectGrowth(s *Store, r Ref) (read, produced int64, err error) {
	v, err := s.getRaw(r)
	if err != nil {
		return 0, 0, err
	}
	g := &growth{what: "an object's texts", read: int64(len(v.AppendCompact(nil)))}
	_, _, err = joinTextsIn(v, s, g)
	return g.read, g.produced, err
}

// Expansion bounds, for tests.
const (
	ExpandFloor = expandFloor
	ExpandRatio = expandRatio
)
