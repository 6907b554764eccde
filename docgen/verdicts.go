package docgen

import (
	"fmt"
	"html"
	"strings"

	"github.com/ccwire/ccwire/drift"
)

// The page of the verdict matrix and its picture, in each language's
// directory.
const (
	verdictsPage    = "verdicts.md"
	verdictsPicture = "verdicts.svg"
)

// verdictClass is how the matrix shows a verdict.
type verdictClass int

// The classes of verdicts, in the order of the legend.
const (
	classRecorded      verdictClass = iota // recorded, or a run that passed
	classNotApplicable                     // the scenario does not apply to the version
	classFailed                            // a run that failed
	classMissing                           // neither a recording nor a verdict
)

// classOf returns the class of a verdict.
func classOf(v drift.Verdict) verdictClass {
	switch v {
	case drift.Pass, drift.Recorded:
		return classRecorded
	case drift.NotApplicable:
		return classNotApplicable
	case drift.Fail:
		return classFailed
	}
	return classMissing
}

// classes are the English names and the colours of the classes.
var classes = []struct {
	name, colour string
}{
	classRecorded:      {"recorded (passes)", "#2da44e"},
	classNotApplicable: {"not applicable", "#d0d7de"},
	classFailed:        {"failed", "#cf222e"},
	classMissing:       {"missing", "#fb8f44"},
}

// verdict returns the class of a scenario on a version.
func (c *corpus) verdict(version, id string) verdictClass {
	v, ok := c.verdicts[version][id]
	if !ok {
		return classMissing
	}
	return classOf(v)
}

// verdictsPageText renders the verdict matrix: the picture, then a table
// with a row per scenario and the versions of each class as ranges, which
// stays readable however many versions are recorded.
func (r *renderer) verdictsPageText() string {
	var p page
	self := verdictsPage
	p.heading(1, r.t("Verdicts by scenario and CLI version"))
	p.para(link(r.t("Protocol reference"), rel(self, indexPage, "")) + " · " + r.otherLanguages(self))
	p.para(r.f("What became of every scenario on every recorded CLI version (%s), from the recordings and each scenario's version range: recorded (the tests check that a run reproduces its recording, so a recording passes), not applicable (the scenario's range leaves the version out), failed, or missing (neither a recording nor a reason).", versionList(r.c.versions)))
	p.para("![" + r.t("Verdicts by scenario and CLI version") + "](" + verdictsPicture + ")")
	var rows [][]string
	for _, m := range r.c.matrix {
		byClass := make([][]string, len(classes))
		for _, v := range r.c.versions {
			cl := r.c.verdict(v, m.id)
			byClass[cl] = append(byClass[cl], v)
		}
		name := code(m.id)
		if sc := r.scenarioByID(m.id); sc != nil {
			name = link(m.id, rel(self, scenarioPage(sc), ""))
		}
		row := []string{name}
		for _, vs := range byClass {
			cell := "—"
			if len(vs) > 0 {
				cell = versionRanges(vs, r.c.versions)
			}
			row = append(row, cell)
		}
		rows = append(rows, row)
	}
	header := []string{r.t("scenario")}
	for _, c := range classes {
		header = append(header, r.t(c.name))
	}
	p.table(header, rows)
	return p.String()
}

// scenarioByID returns the recorded scenario with an ID, nil if none.
func (r *renderer) scenarioByID(id string) *scenarioDoc {
	for _, sc := range r.c.scenarios {
		if sc.id == id {
			return sc
		}
	}
	return nil
}

// The geometry of the picture, in pixels.
const (
	cellW, cellH = 10, 12
	labelW       = 300 // the column of scenario IDs
	headerH      = 70  // the row of versions, written upwards
	legendH      = 24
)

// verdictsSVG draws the verdict matrix: a row per scenario, a column per
// recorded version, a cell coloured by its verdict. Runs of cells with
// the same verdict are drawn as one rectangle, so the picture stays small
// as versions are added.
func (r *renderer) verdictsSVG() string {
	vs := r.c.versions
	legendW := 10
	for _, c := range classes {
		legendW += cellW + 4 + textWidth(r.t(c.name)) + 20
	}
	w := max(labelW+cellW*len(vs)+10, legendW)
	h := headerH + cellH*len(r.c.matrix) + legendH + 10
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="monospace" font-size="10">`+"\n", w, h, w, h)
	fmt.Fprintf(&b, "<title>%s</title>\n", html.EscapeString(r.t("Verdicts by scenario and CLI version")))
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", w, h)
	for i, v := range vs {
		x := labelW + cellW*i + cellW/2 + 3
		fmt.Fprintf(&b, `<text transform="translate(%d %d) rotate(-90)">%s</text>`+"\n", x, headerH-4, html.EscapeString(v))
	}
	for j, m := range r.c.matrix {
		y := headerH + cellH*j
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%s</text>`+"\n", labelW-6, y+cellH-3, html.EscapeString(m.id))
		for i := 0; i < len(vs); {
			cl := r.c.verdict(vs[i], m.id)
			n := 1
			for i+n < len(vs) && r.c.verdict(vs[i+n], m.id) == cl {
				n++
			}
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"><title>%s</title></rect>`+"\n",
				labelW+cellW*i, y+1, cellW*n-1, cellH-2, classes[cl].colour,
				html.EscapeString(m.id+" "+versionRanges(vs[i:i+n], vs)+": "+r.t(classes[cl].name)))
			i += n
		}
	}
	y := headerH + cellH*len(r.c.matrix) + 8
	x := 10
	for _, c := range classes {
		name := r.t(c.name)
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/><text x="%d" y="%d">%s</text>`+"\n",
			x, y, cellW, cellH-2, c.colour, x+cellW+4, y+cellH-3, html.EscapeString(name))
		x += cellW + 4 + textWidth(name) + 20
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// textWidth estimates the width of a text in the picture's font: 6 pixels
// a Latin letter, 10 a Japanese one.
func textWidth(s string) int {
	w := 0
	for _, c := range s {
		if c < 0x80 {
			w += 6
		} else {
			w += 10
		}
	}
	return w
}
