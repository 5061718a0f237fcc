package ui

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gridsolve/solvers/nonogram"
)

// The designer's check of a nonogram, run in the solver worker: how the
// puzzle is solved (nonogram.Explain), shown live while drawing or typing
// clues on boards up to nonoLiveSide, and after a Solve on any board; and
// for a drawn picture with several solutions, the fewest cells to change
// to make it unique (nonogram.MakeUnique), accepted one by one.

// nonoLiveSide bounds the boards checked live: larger ones are checked
// after a Solve.
const nonoLiveSide = 30

// nonoCheckDelay is the pause in the edits that starts a check.
const nonoCheckDelay = 300 * time.Millisecond

// nonoCheck is what the worker said of the puzzle, and of which one.
type nonoCheck struct {
	report    *nonogram.Report
	unsettled []bool // report.Unsettled, by cell
	of        string // the puzzle text the report (or err) is of
	err       string // why there is no report for it

	fixWanted bool              // Make it unique was asked for the picture shown
	fix       *nonogram.Changes // the changes found for the picture fixOf
	fixOf     string
	fixErr    string
}

// pictureText is the drawn picture as OpUnique reads it.
func (e *nonogramEditor) pictureText() string {
	return strings.TrimPrefix(e.snapshot(), string(nonoDraw)+"\n")
}

// checkWork is the check the editor wants now, outside play.
func (e *nonogramEditor) checkWork() (jobRequest, bool) {
	text := e.text()
	live := e.width() <= nonoLiveSide && e.height() <= nonoLiveSide
	if e.check.of != text && (live || e.answer != nil) {
		return jobRequest{op: nonogram.OpExplain, game: "nonogram", text: text}, true
	}
	if pic := e.pictureText(); e.mode == nonoDraw && e.check.fixWanted && e.check.fixOf != pic && !e.clues.IsColour() {
		return jobRequest{op: nonogram.OpUnique, game: "nonogram", text: pic}, true
	}
	return jobRequest{}, false
}

// workDelay: checks follow the edits (see liveWork); play's solution is
// wanted at once.
func (e *nonogramEditor) workDelay() time.Duration {
	if e.mode == nonoPlay {
		return 0
	}
	return nonoCheckDelay
}

// tookCheck keeps a check's answer, if it is of the puzzle shown; nil
// when the check ran out of time.
func (e *nonogramEditor) tookCheck(r jobRequest, raw []byte) {
	c := &e.check
	switch r.op {
	case nonogram.OpExplain:
		if r.text != e.text() {
			return
		}
		var rep nonogram.Report
		c.of, c.report, c.unsettled, c.err = r.text, nil, nil, ""
		switch {
		case raw == nil:
			c.err = "The check of how this puzzle is solved ran out of time."
		case json.Unmarshal(raw, &rep) != nil:
			c.err = "The solver sent a broken check."
		default:
			c.report = &rep
			c.unsettled = make([]bool, e.width()*e.height())
			for _, i := range rep.Unsettled {
				if i >= 0 && i < len(c.unsettled) {
					c.unsettled[i] = true
				}
			}
		}
	case nonogram.OpUnique:
		if e.mode != nonoDraw || r.text != e.pictureText() {
			return
		}
		var ch nonogram.Changes
		c.fixOf, c.fix, c.fixErr, c.fixWanted = r.text, nil, "", false
		switch {
		case raw == nil:
			c.fixErr = "No changes found in time."
		case json.Unmarshal(raw, &ch) != nil:
			c.fixErr = "The solver sent broken changes."
		default:
			c.fix = &ch
		}
	}
}

// reportNow is the check of the puzzle shown, if it has come.
func (e *nonogramEditor) reportNow() *nonogram.Report {
	if e.mode == nonoPlay || e.check.of != e.text() {
		return nil
	}
	return e.check.report
}

// suggested lists the changes found for a picture that are not made yet,
// while the picture is that one with some of them made; nil otherwise.
func (e *nonogramEditor) suggested() []int {
	c := &e.check
	rows := strings.Fields(c.fixOf)
	if e.mode != nonoDraw || c.fix == nil || len(rows) != e.height() {
		return nil
	}
	var made []int
	for y, row := range rows {
		if len(row) != e.width() {
			return nil
		}
		for x := range row {
			if (row[x] == '#') != (e.pic[y][x] > 0) {
				made = append(made, y*e.width()+x)
			}
		}
	}
	left := []int{}
	for _, i := range c.fix.Cells {
		if !slices.Contains(made, i) {
			left = append(left, i)
		}
	}
	if len(made)+len(left) != len(c.fix.Cells) {
		return nil // some other cell changed
	}
	return left
}

// checkTool handles Make it unique and the acceptance of one change
// (value: its cell), an edit of the picture like any other.
func (e *nonogramEditor) checkTool(name, value string) error {
	if e.mode != nonoDraw {
		return nil
	}
	if name == "unique" {
		e.check.fixWanted = true
		return nil
	}
	i, err := strconv.Atoi(value)
	if err != nil || !slices.Contains(e.suggested(), i) {
		return fmt.Errorf("nonogram: that change is no longer suggested")
	}
	e.paint(i, byte(boolInt(e.pic[i/e.width()][i%e.width()] == 0)))
	return nil
}

// checkMarks is what the designer's check marks on the board, worked out
// once per drawing of it: matching the report to the puzzle writes the
// puzzle's text, far too dear to do for every cell.
type checkMarks struct {
	report    *nonogram.Report // nil: no check of the puzzle shown
	unsettled []bool
	suggest   []int
}

func (e *nonogramEditor) checkMarks() checkMarks {
	r := e.reportNow()
	if r == nil {
		return checkMarks{}
	}
	return checkMarks{report: r, unsettled: e.check.unsettled, suggest: e.suggested()}
}

// checkLook adds the check's marks to a cell outside play: shaded when
// line reasoning alone cannot settle it, ringed when another solution
// differs there, outlined when a change is suggested.
func (e *nonogramEditor) checkLook(i int, class, label string, m checkMarks) (string, string) {
	r := m.report
	if r == nil {
		return class, label
	}
	if m.unsettled[i] {
		class, label = class+" unsettled", label+", line reasoning alone cannot settle it"
	}
	w := e.width()
	if e.answer == nil && r.Status == nonogram.Multiple && len(r.Grid) == e.height() && len(r.Other) == e.height() &&
		r.Grid[i/w][i%w] != r.Other[i/w][i%w] {
		class, label = class+" differs", label+", differs in another solution"
	}
	if slices.Contains(m.suggest, i) {
		class, label = class+" suggest", label+", a suggested change"
	}
	return class, label
}

// checkTools is Make it unique, offered for a drawn black and white
// picture with several solutions (MakeUnique is black and white only).
func (e *nonogramEditor) checkTools(p *Page) []app.UI {
	if r := e.reportNow(); e.mode != nonoDraw || r == nil || r.Status != nonogram.Multiple || e.suggested() != nil || e.clues.IsColour() {
		return nil
	}
	return []app.UI{p.toolButton("Make it unique", "unique", "", e.check.fixWanted).ID("nono-unique")}
}

// checkPanel is the report under the board, with the suggested changes.
func (e *nonogramEditor) checkPanel(p *Page) app.UI {
	if e.mode == nonoPlay {
		return nil
	}
	var lines []app.UI
	r := e.reportNow()
	switch {
	case r != nil:
		text := r.Summary()
		switch n := len(r.Unsettled); {
		case r.Level == nonogram.ByLines:
		case n == r.Left:
			text += " They are shaded."
		default:
			text += fmt.Sprintf(" Line reasoning alone leaves the %d shaded cells.", n)
		}
		lines = append(lines, app.Span().ID("nono-report").DataSet("level", string(r.Level)).DataSet("status", string(r.Status)).Text(text))
	case e.check.of == e.text() && e.check.err != "":
		lines = append(lines, app.Span().ID("nono-report").Text(e.check.err))
	case e.width() > nonoLiveSide || e.height() > nonoLiveSide:
		lines = append(lines, app.Span().ID("nono-report").Text("Solve to see how this puzzle is solved."))
	}
	c := &e.check
	suggest := e.suggested()
	switch {
	case e.mode != nonoDraw:
	case c.fixWanted && c.fixOf != e.pictureText():
		lines = append(lines, app.Span().ID("nono-fix").Text(" Looking for the fewest changes…"))
	case c.fixErr != "" && c.fixOf == e.pictureText():
		lines = append(lines, app.Span().ID("nono-fix").Text(" "+c.fixErr))
	case c.fix != nil && !c.fix.Found && c.fixOf == e.pictureText():
		lines = append(lines, app.Span().ID("nono-fix").Text(" No changes found within the search's bound."))
	case len(suggest) > 0:
		text := fmt.Sprintf(" Changing the %d outlined cells makes the picture unique (no fewer changes do).", len(suggest))
		if len(suggest) == 1 {
			text = " Changing the outlined cell makes the picture unique."
		}
		next := suggest[0]
		to := "black"
		if e.pic[next/e.width()][next%e.width()] > 0 {
			to = "white"
		}
		lines = append(lines,
			app.Span().ID("nono-fix").Text(text),
			p.toolButton(fmt.Sprintf("Accept: row %d, column %d to %s", next/e.width()+1, next%e.width()+1, to), "accept", strconv.Itoa(next), false).ID("nono-accept"))
	}
	if len(lines) == 0 {
		return nil
	}
	return app.P().Class("result report").Body(lines...)
}
