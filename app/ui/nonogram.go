package ui

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gridsolve/app/draw"
	"gridsolve/solvers"
	"gridsolve/solvers/nonogram"
)

// nonoMaxSide bounds the puzzles the editor draws.
const nonoMaxSide = 50

// nonoMode is what the nonogram editor does with clicks; its word is the
// Mode tool's value and the snapshot's first line.
type nonoMode string

const (
	nonoDraw  nonoMode = "draw"  // clicks paint the picture; the clues follow it
	nonoClues nonoMode = "clues" // the clues are typed; the picture is not used
	nonoPlay  nonoMode = "play"  // the clues are fixed; clicks fill or dot cells
)

// Cells of the player's grid in play mode. They are the judge text's
// given cells too (nonogram.GivenBlack, GivenWhite, NotGiven), so a
// puzzle's given cells are where play starts.
const (
	unknown = nonogram.NotGiven
	filled  = nonogram.GivenBlack
	dotted  = nonogram.GivenWhite // known empty
)

// nonogramEditor edits a nonogram as a drawn picture whose clues follow it,
// or as typed clues, and plays it: the player fills and dots cells until
// every line matches its clue.
type nonogramEditor struct {
	noKeys
	mode   nonoMode
	clues  *nonogram.Clues
	pic    [][]int  // draw: the drawn picture, len(clues.Rows) × len(clues.Cols): 0 white, k ink k-1
	ink    int      // the colour picker's ink: what draw and play fill cells with
	black  [][]bool // draw: scratch for a black and white picture's clues (see blackCells)
	grid   []byte   // play: the player's cells, row-major: unknown, filled or dotted
	wrong  []bool   // play: cells Check found wrong, until the next change
	sol    []byte   // play: the unique solution, from the solver; nil until known
	solErr string   // play: why there is no solution to check against
	// play: Check was asked before the solution came: check on its arrival
	checkWaits bool
	answer     *nonogram.Answer
	warn       string    // a note on the last mode change, shown under the tools
	check      nonoCheck // the designer's check (see nonogram_check.go)
	// dealColours is how many colours New deals, 0 for black and white
	// (see nonogram_deal.go).
	dealColours int

	pict pictureDialog // Open a picture (see nonogram_picture.go)
}

func newNonogram() *nonogramEditor {
	e := &nonogramEditor{mode: nonoDraw}
	e.pic = blankPicture(8, 8)
	for _, rc := range [][2]int{{1, 2}, {1, 5}, {2, 2}, {2, 5}, {4, 1}, {4, 6}, {5, 2}, {5, 3}, {5, 4}, {5, 5}} {
		e.pic[rc[0]][rc[1]] = 1
	}
	e.clues = cluesOfPicture(e.pic, nil)
	return e
}

// startGrid is the player's grid before any move: the given cells filled
// or dotted, every other cell unknown.
func (e *nonogramEditor) startGrid() []byte {
	if e.clues.Given != nil {
		return slices.Clone(e.clues.Given)
	}
	return slices.Repeat([]byte{unknown}, e.width()*e.height())
}

// given reports whether cell i is given with the clues: fixed in play.
func (e *nonogramEditor) given(i int) bool {
	return e.clues.Given != nil && e.clues.Given[i] != nonogram.NotGiven
}

func blankPicture(w, h int) [][]int {
	pic := make([][]int, h)
	for y := range pic {
		pic[y] = make([]int, w)
	}
	return pic
}

func (*nonogramEditor) game() string       { return "nonogram" }
func (*nonogramEditor) title() string      { return "Nonogram" }
func (e *nonogramEditor) text() string     { return e.clues.String() }
func (e *nonogramEditor) clearAnswer()     { e.answer = nil }
func (e *nonogramEditor) width() int       { return len(e.clues.Cols) }
func (e *nonogramEditor) height() int      { return len(e.clues.Rows) }
func (e *nonogramEditor) size() (w, h int) { return e.width(), e.height() }

func (e *nonogramEditor) load(text string) error {
	c, err := nonogram.ParseClues(text)
	if err != nil {
		return err
	}
	if len(c.Rows) > nonoMaxSide || len(c.Cols) > nonoMaxSide {
		return fmt.Errorf("nonogram: the editor draws puzzles up to %d×%d, this one is %d×%d",
			nonoMaxSide, nonoMaxSide, len(c.Cols), len(c.Rows))
	}
	e.setClues(c)
	return nil
}

// setClues takes clues typed or loaded: the picture no longer leads.
func (e *nonogramEditor) setClues(c *nonogram.Clues) {
	e.followInks(c.Inks)
	e.clues, e.answer, e.mode, e.warn = c, nil, nonoClues, ""
	e.pic = blankPicture(len(c.Cols), len(c.Rows))
	e.grid, e.wrong, e.sol, e.solErr = nil, nil, nil, ""
	e.ink = min(e.ink, max(0, len(c.Inks)-1))
}

// snapshot: the mode's word, then the picture (draw), the clues (clues),
// or the player's grid rows, a "=" line and the clues (play). A colour
// picture writes its cells by their inks' letters, then a "=" line and
// its clues, which carry the palette.
func (e *nonogramEditor) snapshot() string {
	switch e.mode {
	case nonoDraw:
		var b strings.Builder
		b.WriteString("draw\n")
		for _, row := range e.pic {
			for _, v := range row {
				b.WriteByte(e.picChar(v))
			}
			b.WriteByte('\n')
		}
		if e.clues.IsColour() {
			b.WriteString("=\n" + e.text())
		}
		return b.String()
	case nonoPlay:
		var b strings.Builder
		b.WriteString("play\n")
		for y := range e.height() {
			b.Write(e.grid[y*e.width() : (y+1)*e.width()])
			b.WriteByte('\n')
		}
		return b.String() + "=\n" + e.text()
	}
	return "clues\n" + e.text()
}

func (e *nonogramEditor) restore(s string) error {
	word, body, _ := strings.Cut(s, "\n")
	switch mode := nonoMode(word); mode {
	case nonoClues:
		return e.load(body)
	case nonoDraw:
		cells, palette, colour := strings.Cut(body, "=\n")
		var inks []nonogram.Ink
		if colour {
			c, err := nonogram.ParseClues(palette)
			if err != nil || !c.IsColour() {
				return fmt.Errorf("nonogram: damaged picture")
			}
			inks = c.Inks
		}
		rows := strings.Split(strings.TrimSuffix(cells, "\n"), "\n")
		if len(rows) == 0 || len(rows) > nonoMaxSide || len(rows[0]) == 0 || len(rows[0]) > nonoMaxSide {
			return fmt.Errorf("nonogram: damaged picture")
		}
		pic := blankPicture(len(rows[0]), len(rows))
		for y, row := range rows {
			if len(row) != len(rows[0]) {
				return fmt.Errorf("nonogram: damaged picture")
			}
			for x := range row {
				k := inkOfCell(row[x], len(inks))
				if k < 0 && row[x] != '.' {
					return fmt.Errorf("nonogram: damaged picture")
				}
				pic[y][x] = k + 1
			}
		}
		e.setClues(cluesOfPicture(pic, inks))
		e.pic, e.mode = pic, nonoDraw
		return nil
	case nonoPlay:
		gridText, clues, ok := strings.Cut(body, "=\n")
		if !ok {
			return fmt.Errorf("nonogram: damaged play state")
		}
		if err := e.load(clues); err != nil {
			return err
		}
		grid := []byte(strings.ReplaceAll(gridText, "\n", ""))
		if len(grid) != e.width()*e.height() || slices.ContainsFunc(grid, func(v byte) bool { return !e.playable(v) }) {
			return fmt.Errorf("nonogram: damaged play state")
		}
		e.mode, e.grid, e.wrong = nonoPlay, grid, nil
		return nil
	}
	return fmt.Errorf("nonogram: unknown saved state %q", clip(word, 20))
}

func (e *nonogramEditor) tools(p *Page) []app.UI {
	ui := []app.UI{
		p.toolButton("Draw picture", "mode", string(nonoDraw), e.mode == nonoDraw).ID("nono-draw"),
		p.toolButton("Edit clues", "mode", string(nonoClues), e.mode == nonoClues).ID("nono-clues"),
		p.toolButton("Play", "mode", string(nonoPlay), e.mode == nonoPlay).ID("nono-play"),
	}
	ui = append(ui, e.paletteTools(p)...)
	if e.mode == nonoPlay {
		ui = append(ui,
			p.toolButton("Check", "check", "", false).ID("nono-check"),
			p.toolButton("Restart", "clear", "", false),
		)
	} else {
		ui = append(ui,
			p.toolNumber("Width", "w", e.width(), 1, nonoMaxSide),
			p.toolNumber("Height", "h", e.height(), 1, nonoMaxSide),
			p.toolButton("Clear", "clear", "", false).ID("nono-clear"),
		)
	}
	hint := map[nonoMode]string{
		nonoDraw:  "Click or drag to draw; right-click erases. The clues follow the picture.",
		nonoClues: "Type the clues below, one line per row or column.",
		nonoPlay:  "Left: fill. Right or long-press: dot (known empty). Drag to paint.",
	}[e.mode]
	if e.clues.IsColour() {
		hint = map[nonoMode]string{
			nonoDraw:  "Pick a colour, then click or drag to paint with it; right-click erases. The clues follow the picture.",
			nonoClues: "Type the clues below, one line per row or column, each run with its colour's letter: 3a 1b.",
			nonoPlay:  "Pick a colour. Left: fill with it. Right or long-press: dot (known white). Drag to paint.",
		}[e.mode]
	}
	if e.warn != "" {
		hint = e.warn
	}
	ui = append(ui, e.checkTools(p)...)
	return append(ui, app.Span().Class("hint").Text(hint), e.pictureUI(p))
}

func (e *nonogramEditor) tool(name, value string) error {
	e.warn = ""
	if strings.HasPrefix(name, "ink") {
		return e.paletteTool(name, value)
	}
	switch name {
	case "w", "h":
		if e.mode == nonoPlay {
			return nil
		}
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > nonoMaxSide {
			return fmt.Errorf("nonogram: size must be 1 to %d", nonoMaxSide)
		}
		w, h := e.width(), e.height()
		if name == "w" {
			w = n
		} else {
			h = n
		}
		pic := blankPicture(w, h)
		for y := range min(h, len(e.pic)) {
			copy(pic[y], e.pic[y])
		}
		e.pic = pic
		c := e.clues
		if e.mode == nonoDraw {
			e.clues = cluesOfPicture(pic, c.Inks)
		} else {
			e.clues = &nonogram.Clues{Rows: resizeLines(c.Rows, h), Cols: resizeLines(c.Cols, w),
				Given: resizeGiven(c.Given, e.width(), w, h), Inks: c.Inks}
			if c.IsColour() {
				e.clues.RowInks, e.clues.ColInks = resizeLines(c.RowInks, h), resizeLines(c.ColInks, w)
			}
		}
	case "mode":
		e.setMode(nonoMode(value))
	case "clear":
		switch e.mode {
		case nonoDraw:
			e.pic = blankPicture(e.width(), e.height())
			e.clues = cluesOfPicture(e.pic, e.clues.Inks)
		case nonoClues:
			e.clues = cluesOfPicture(blankPicture(e.width(), e.height()), e.clues.Inks)
		case nonoPlay:
			e.grid = e.startGrid()
			e.wrong = nil
		}
	case "check":
		e.checkPlay()
	case "unique", "accept":
		return e.checkTool(name, value)
	case "deal-colours":
		return e.dealColoursTool(value)
	case "rows", "cols":
		if e.mode != nonoClues {
			return nil
		}
		lines, inks, err := parseClueLines(name, value, len(e.clues.Inks))
		if err != nil {
			return err
		}
		c := &nonogram.Clues{Rows: e.clues.Rows, Cols: e.clues.Cols, Inks: e.clues.Inks,
			RowInks: e.clues.RowInks, ColInks: e.clues.ColInks}
		if name == "rows" {
			c.Rows, c.RowInks = lines, inks
		} else {
			c.Cols, c.ColInks = lines, inks
		}
		if len(c.Rows) == e.height() && len(c.Cols) == e.width() {
			c.Given = e.clues.Given // new runs, the same cells
		}
		e.setClues(c)
	}
	return nil
}

// setMode switches modes without losing the clues: drawing starts from
// the solution when one is known, and otherwise says that the clues will
// follow the (empty) picture, which Undo takes back.
func (e *nonogramEditor) setMode(mode nonoMode) {
	if mode == e.mode {
		return
	}
	from := e.mode
	switch mode {
	case nonoDraw:
		pic := e.picture()
		given := e.clues.Given != nil
		runs := *e.clues // the clues without given cells
		runs.Given = nil
		drawn := cluesOfPicture(pic, e.clues.Inks)
		empty := drawn.String() != runs.String()
		e.pic, e.mode = pic, nonoDraw
		e.clues = drawn
		// A drawn picture's clues are all of its puzzle: no cell is given.
		switch {
		case empty && given:
			e.warn = "The clues now follow the picture, which is empty, without the given cells: Undo brings the clues back."
		case empty:
			e.warn = "The clues now follow the picture, which is empty: Undo brings the typed clues back."
		case given:
			e.warn = "The clues now follow the picture, without the given cells: Undo brings them back."
		}
	case nonoClues:
		e.mode = nonoClues
	case nonoPlay:
		e.mode = nonoPlay
		e.grid = e.startGrid()
		e.wrong, e.sol, e.solErr = nil, nil, ""
	default:
		return
	}
	if from == nonoPlay {
		e.grid, e.wrong, e.sol = nil, nil, nil
	}
}

// picture is the best picture to draw from: the drawn one, else a solution
// found for these clues, else the player's filled cells.
func (e *nonogramEditor) picture() [][]int {
	w, h := e.width(), e.height()
	pic := blankPicture(w, h)
	inks := len(e.clues.Inks)
	switch {
	case e.mode == nonoDraw:
		return e.pic
	case e.answer != nil && e.answer.Status != nonogram.None && len(e.answer.Grid) == h:
		for y, row := range e.answer.Grid {
			for x := range min(w, len(row)) {
				pic[y][x] = inkOfCell(row[x], inks) + 1
			}
		}
	case e.sol != nil:
		for i, v := range e.sol {
			pic[i/w][i%w] = inkOfCell(v, inks) + 1
		}
	}
	return pic
}

// resizeGiven keeps the given cells of a w0-wide grid that fall in a w×h
// one; nil when none does.
func resizeGiven(given []byte, w0, w, h int) []byte {
	if given == nil {
		return nil
	}
	out := slices.Repeat([]byte{nonogram.NotGiven}, w*h)
	kept := false
	for i, g := range given {
		if x, y := i%w0, i/w0; x < w && y < h && g != nonogram.NotGiven {
			out[y*w+x], kept = g, true
		}
	}
	if !kept {
		return nil
	}
	return out
}

func resizeLines(lines [][]int, n int) [][]int {
	out := make([][]int, n)
	copy(out, lines)
	return out
}

// parseClueLines reads clue text: one line per row (or column), its run
// lengths separated by spaces or commas; a blank line or "0" is empty. In
// a puzzle of inks colours (0 for black and white) each run ends with its
// ink's letter, "3a 1b", and lineInks lists them; it is nil otherwise.
func parseClueLines(name, text string, inks int) (lines, lineInks [][]int, err error) {
	text = strings.TrimRight(strings.ReplaceAll(text, "\r", ""), "\n")
	for i, line := range strings.Split(text, "\n") {
		var runs, runInks []int
		for _, f := range strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' }) {
			digits, ink, err := splitRunInk(f, inks)
			if err != nil {
				return nil, nil, fmt.Errorf("nonogram: %s line %d: %v", name, i+1, err)
			}
			n, err := strconv.Atoi(digits)
			if err != nil || n < 0 || n > nonoMaxSide {
				return nil, nil, fmt.Errorf("nonogram: %s line %d: %q is not a run length from 0 to %d", name, i+1, clip(f, 12), nonoMaxSide)
			}
			if n > 0 {
				runs, runInks = append(runs, n), append(runInks, ink)
			}
		}
		lines, lineInks = append(lines, runs), append(lineInks, runInks)
	}
	if len(lines) > nonoMaxSide {
		return nil, nil, fmt.Errorf("nonogram: %d %s, at most %d", len(lines), name, nonoMaxSide)
	}
	if inks == 0 {
		lineInks = nil
	}
	return lines, lineInks, nil
}

// clueText writes clue lines as the judge text does, one per line: "3 1",
// or "3a 1b" with inks (nil for black and white), "0" for an empty line.
func clueText(lines, inks [][]int) string {
	var b strings.Builder
	for l, runs := range lines {
		if len(runs) == 0 {
			b.WriteString("0")
		}
		for k, n := range runs {
			if k > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(n))
			if inks != nil {
				b.WriteByte(nonogram.InkLetter(inks[l][k]))
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// press: drawing toggles the picture's cell (the other button erases);
// playing fills it (the other button dots it), or clears it back to
// unknown when it already is so.
func (e *nonogramEditor) press(i int, alt bool) (byte, bool) {
	w, h := e.width(), e.height()
	if i < 0 || i >= w*h {
		return 0, false
	}
	switch e.mode {
	case nonoDraw:
		v := byte(e.ink + 1)
		if alt || e.pic[i/w][i%w] == int(v) {
			v = 0
		}
		return v, e.paint(i, v)
	case nonoPlay:
		v := e.fill()
		if alt {
			v = dotted
		}
		if e.grid[i] == v {
			v = unknown
		}
		return v, e.paint(i, v)
	}
	return 0, false
}

func (e *nonogramEditor) paint(i int, v byte) bool {
	w, h := e.width(), e.height()
	if i < 0 || i >= w*h {
		return false
	}
	switch e.mode {
	case nonoDraw:
		if int(v) > max(1, len(e.clues.Inks)) || e.pic[i/w][i%w] == int(v) {
			return false
		}
		e.pic[i/w][i%w] = int(v)
		if e.clues.IsColour() {
			e.clues = cluesOfPicture(e.pic, e.clues.Inks)
		} else {
			e.black = blackCells(e.pic, e.black)
			e.clues = nonogram.CluesOf(e.black)
		}
		return true
	case nonoPlay:
		if e.grid[i] == v || !e.playable(v) || e.given(i) {
			return false
		}
		e.grid[i] = v
		e.wrong = nil
		return true
	}
	return false
}

// playLineDone reports whether a line of the player's grid matches its
// clue exactly, runs and (in a colour puzzle) their inks, reading filled
// cells as their inks and the rest as white.
func playLineDone(runs, inks []int, colours, n int, at func(int) byte) bool {
	k, run, ink := 0, 0, -1
	for i := 0; i <= n; i++ {
		c := -1
		if i < n {
			c = inkOfCell(at(i), colours)
		}
		if c != ink && run > 0 {
			if k == len(runs) || runs[k] != run || inks != nil && inks[k] != ink {
				return false
			}
			k, run = k+1, 0
		}
		if ink = c; c >= 0 {
			run++
		}
	}
	return k == len(runs)
}

// doneLines lists which rows and columns match their clues in play.
func (e *nonogramEditor) doneLines() (rows, cols []bool) {
	w, h := e.width(), e.height()
	rows, cols = make([]bool, h), make([]bool, w)
	if e.mode != nonoPlay {
		return rows, cols
	}
	c, n := e.clues, len(e.clues.Inks)
	for y := range h {
		rows[y] = playLineDone(c.Rows[y], lineInks(c.RowInks, y), n, w, func(x int) byte { return e.grid[y*w+x] })
	}
	for x := range w {
		cols[x] = playLineDone(c.Cols[x], lineInks(c.ColInks, x), n, h, func(y int) byte { return e.grid[y*w+x] })
	}
	return rows, cols
}

// solvedNow reports a play grid whose every line matches its clue: that is
// a solution, whichever the solver found.
func (e *nonogramEditor) solvedNow() bool {
	if e.mode != nonoPlay {
		return false
	}
	rows, cols := e.doneLines()
	return !slices.Contains(rows, false) && !slices.Contains(cols, false)
}

// checkPlay marks the player's cells that disagree with the unique solution;
// before the solver has sent it, the check waits for it.
func (e *nonogramEditor) checkPlay() {
	if e.mode != nonoPlay {
		return
	}
	if e.sol == nil {
		e.checkWaits = e.solErr == ""
		return
	}
	e.checkWaits = false
	e.wrong = make([]bool, len(e.grid))
	for i, v := range e.grid {
		inked := inkOfCell(v, len(e.clues.Inks)) >= 0
		e.wrong[i] = inked && e.sol[i] != v || v == dotted && inkOfCell(e.sol[i], len(e.clues.Inks)) >= 0
	}
}

// mistakes counts the cells Check marked.
func (e *nonogramEditor) mistakes() int {
	n := 0
	for _, w := range e.wrong {
		n += boolInt(w)
	}
	return n
}

// work asks the solver for the solution that Check compares with in
// play, and for the designer's check otherwise.
func (e *nonogramEditor) work() (jobRequest, bool) {
	if e.mode != nonoPlay {
		return e.checkWork()
	}
	if e.sol != nil || e.solErr != "" {
		return jobRequest{}, false
	}
	return jobRequest{op: opSolve, game: "nonogram", text: e.text()}, true
}

func (e *nonogramEditor) took(r jobRequest, raw []byte) {
	var a nonogram.Answer
	if r.op != opSolve {
		e.tookCheck(r, raw)
		return
	}
	if e.mode != nonoPlay || r.text != e.text() {
		return
	}
	if raw == nil {
		e.solErr = "The solver found no solution in time, so Check cannot tell mistakes on this puzzle; Hint still helps."
		e.checkWaits = false
		return
	}
	if json.Unmarshal(raw, &a) != nil {
		return
	}
	switch {
	case a.Status == nonogram.None:
		e.solErr = "These clues have no solution."
	case a.Status == nonogram.Multiple:
		e.solErr = "These clues have more than one solution, so Check cannot tell a mistake."
	case len(a.Grid) != e.height():
		e.solErr = "The solver's answer does not fit."
	default:
		e.sol = []byte(strings.Join(a.Grid, ""))
		e.solErr = ""
		if e.checkWaits {
			e.checkPlay()
		}
	}
}

// playStatus is the line under the board in play mode.
func (e *nonogramEditor) playStatus() string {
	switch {
	case e.solvedNow():
		return "Solved! Every row and column matches its clue."
	case e.wrong != nil && e.mistakes() == 0:
		return "No mistakes so far."
	case e.wrong != nil:
		return fmt.Sprintf("%d cells are wrong: they are ringed in red.", e.mistakes())
	case e.solErr != "":
		return e.solErr
	case e.checkWaits:
		return "Checking…"
	}
	return "Fill the cells the clues call for. Greyed clues are done."
}

// clueWidth is the row clues' width in ch: the longest row clue, with a
// space between numbers.
func (e *nonogramEditor) clueWidth() int {
	width := 2
	for _, runs := range e.clues.Rows {
		n := 0
		for _, r := range runs {
			n += len(strconv.Itoa(r)) + 1
		}
		width = max(width, n)
	}
	return width
}

// clueHeight is the most numbers a column clue stacks above the grid, for
// fitting the board to the screen's height.
func (e *nonogramEditor) clueHeight() int {
	n := 1
	for _, runs := range e.clues.Cols {
		n = max(n, len(runs))
	}
	return n
}

// marginChars is the row clues' width, drawn left of the cells.
func (e *nonogramEditor) marginChars() int { return e.clueWidth() + 2 }

func (e *nonogramEditor) board(p *Page) app.UI {
	w, h := e.width(), e.height()
	rowsDone, colsDone := e.doneLines()
	cursor := p.cur().cursor
	var b strings.Builder
	rows := make([]app.UI, 0, h+1)
	// Column clues: one stack of numbers per column, above the grid.
	b.WriteString(`<div class="row" role="row"><div class="corner"></div>`)
	for x, runs := range e.clues.Cols {
		fmt.Fprintf(&b, `<div class="clue col%s" role="columnheader" aria-label="Column %d clue %s">`,
			map[bool]string{true: " done"}[colsDone[x]], x+1, runsText(runs))
		for k, r := range runs {
			e.writeRun(&b, r, e.clues.ColInks, x, k)
		}
		b.WriteString(`</div>`)
	}
	b.WriteString(`</div>`)
	rows = append(rows, app.Raw(b.String()))
	t := p.cur()
	classes, labels, styles := make([]string, w), make([]string, w), make([]string, w)
	marks := e.checkMarks()
	for y := range h {
		if t.rows.kept(y) {
			rows = append(rows, app.Raw(t.rows.rows[y]))
			continue
		}
		key := append(t.rows.key[:0], byte(boolInt(rowsDone[y])))
		for x := range w {
			i := y*w + x
			class, label := e.cellLook(x, y, marks)
			if x%5 == 4 && x+1 < w {
				class += " rule-r"
			}
			if y%5 == 4 && y+1 < h {
				class += " rule-b"
			}
			if i == cursor {
				class += " cursor"
			}
			if t.hinted(i) {
				class, label = class+" hinted", label+", the hint"
			}
			styles[x] = e.inkStyle(x, y)
			if styles[x] != "" {
				label = inkLabel(label, inkName(e.clues, e.inkAt(x, y)))
			}
			classes[x], labels[x] = class, label
			key = appendKey(key, class, label, styles[x])
		}
		key = appendKey(key, runsText(e.clues.Rows[y]))
		t.rows.key = key
		rows = append(rows, app.Raw(t.rows.row(y, key, func() string {
			var b strings.Builder
			fmt.Fprintf(&b, `<div class="row" role="row"><div class="clue rowclue%s" role="rowheader" aria-label="Row %d clue %s">`,
				map[bool]string{true: " done"}[rowsDone[y]], y+1, runsText(e.clues.Rows[y]))
			for k, r := range e.clues.Rows[y] {
				e.writeRun(&b, r, e.clues.RowInks, y, k)
			}
			b.WriteString(`</div>`)
			for x := range w {
				writeCell(&b, y*w+x, x, y, cell{class: classes[x], label: labels[x], style: styles[x]})
			}
			b.WriteString(`</div>`)
			return b.String()
		})))
	}
	verdict := ""
	if e.answer != nil {
		verdict = string(e.answer.Status)
	}
	grid := boardGrid(w, h, "nonogram "+string(e.mode), "Nonogram").Style("--clue-w", fmt.Sprintf("%dch", e.clueWidth())).
		Style("--clue-h", strconv.Itoa(e.clueHeight())).Body(rows...)
	return app.Div().Class("nonogram-editor").Body(
		app.Div().Class("gridwrap").Body(grid),
		app.If(verdict != "", func() app.UI {
			return app.P().Class("result").Body(app.Text("Solutions: "), app.Span().ID("verdict").Text(verdict))
		}),
		e.checkPanel(p),
		app.If(e.mode == nonoPlay, func() app.UI {
			return app.P().ID("play-status").Class(classIf("result", e.solvedNow(), "solved")).Text(e.playStatus())
		}),
		app.If(e.mode != nonoPlay, func() app.UI {
			return app.Div().Class("clue-fields").Body(
				e.clueField(p, "rows", "Row clues (one line per row)"),
				e.clueField(p, "cols", "Column clues (one line per column)"),
			)
		}),
	)
}

// cellLook is a cell's classes (besides "cell") and spoken label.
func (e *nonogramEditor) cellLook(x, y int, marks checkMarks) (class, label string) {
	w := e.width()
	i := y*w + x
	class, label = "", "empty"
	if e.mode == nonoPlay {
		switch e.grid[i] {
		case dotted:
			class, label = "dot", "dotted"
		case unknown:
			label = "unknown"
		default:
			class, label = "fill", "filled"
		}
		if e.wrong != nil && e.wrong[i] {
			class, label = class+" wrong", label+", wrong"
		}
		return givenLook(class, label, e.given(i))
	}
	if a := e.answer; a != nil && a.Status != nonogram.None && y < len(a.Grid) && x < len(a.Grid[y]) {
		if a.Grid[y][x] == '#' {
			class, label = "fill", "black"
		}
		if a.Status == nonogram.Multiple && y < len(a.Other) && x < len(a.Other[y]) && a.Other[y][x] != a.Grid[y][x] {
			class, label = class+" differs", label+", differs in another solution"
		}
		class, label = givenLook(class, label, e.given(i))
		return e.checkLook(i, class, label, marks)
	}
	switch {
	case e.mode == nonoDraw && e.pic[y][x] > 0:
		class, label = "fill", "black"
	case e.given(i) && e.clues.Given[i] == nonogram.GivenWhite:
		class, label = "dot", "white"
	case e.given(i):
		class, label = "fill", "black"
	}
	class, label = givenLook(class, label, e.given(i))
	return e.checkLook(i, class, label, marks)
}

// givenLook marks a given cell's look: a corner tab, and "given" said first.
func givenLook(class, label string, given bool) (string, string) {
	if !given {
		return class, label
	}
	return strings.TrimSpace(class + " given"), "given " + label
}

// runsText writes a clue's runs, "0" for an empty line.
func runsText(runs []int) string {
	if len(runs) == 0 {
		return "0"
	}
	s := make([]string, len(runs))
	for i, r := range runs {
		s[i] = strconv.Itoa(r)
	}
	return strings.Join(s, " ")
}

func (e *nonogramEditor) clueField(p *Page, name, label string) app.UI {
	lines, inks := e.clues.Rows, e.clues.RowInks
	if name == "cols" {
		lines, inks = e.clues.Cols, e.clues.ColInks
	}
	if !e.clues.IsColour() {
		inks = nil
	}
	text := clueText(lines, inks)
	return app.Label().Class("field").Body(
		app.Span().Text(label),
		app.Textarea().ID("clues-"+name).Class("mono").Rows(8).Spellcheck(false).
			ReadOnly(e.mode != nonoClues).DataSet("tool", name).Attr("value", text).OnChange(p.onTool),
	)
}

func (e *nonogramEditor) setAnswer(raw []byte) (answerLine, error) {
	var a nonogram.Answer
	if err := json.Unmarshal(raw, &a); err != nil {
		return answerLine{}, err
	}
	e.answer = &a
	switch a.Status {
	case nonogram.Unique:
		return yes("Unique solution, drawn on the grid."), nil
	case nonogram.Multiple:
		return yes("Several solutions: one is drawn; ringed cells differ in another."), nil
	}
	return no("No solution: the clues contradict each other."), nil
}

func (e *nonogramEditor) dealSize() (w, h int) { return e.width(), e.height() }

// portfolio is the most workers a nonogram's Solve takes: the search and
// clause learners of as many seeds (nonogram.OpLearn), which on a hard
// puzzle finish at times far apart (BenchmarkPortfolioRandom50).
const portfolio = 8

// rivalSolves races clause learners with Solve's search on a black and
// white puzzle (a colour one has no learner yet): seed 0's first, then
// other seeds'.
func (e *nonogramEditor) rivalSolves() []rival {
	if e.clues.IsColour() {
		return nil
	}
	rivals := make([]rival, portfolio-1)
	for seed := range rivals {
		rivals[seed] = rival{nonogram.OpLearn, ""}
		if seed > 0 {
			rivals[seed].arg = strconv.Itoa(seed)
		}
	}
	return rivals
}

// deal starts playing new clues.
func (e *nonogramEditor) deal(text string) error {
	if err := e.load(text); err != nil {
		return err
	}
	e.setMode(nonoPlay)
	return nil
}

// hintRequest: in play, the player's grid as rows of '#' (filled), 'x'
// (dotted) and '.' (unknown).
func (e *nonogramEditor) hintRequest() (puzzle, position string, ok bool) {
	if e.mode != nonoPlay || e.solvedNow() {
		return "", "", false
	}
	var b strings.Builder
	for y := range e.height() {
		b.Write(e.grid[y*e.width() : (y+1)*e.width()])
		b.WriteByte('\n')
	}
	return e.text(), b.String(), true
}

func (e *nonogramEditor) playState() (on, won bool) { return e.mode == nonoPlay, e.solvedNow() }

// The game's help panel, images and other parts (see parts.go).

// nonogramHelp is the game's "How it works" panel.
var nonogramHelp = gameHelp{
	rules: []string{
		"Colour cells black so that every row and column matches its clue: the lengths of its runs of black cells, in order, with at least one white cell between runs. \"1 1\" is two single cells with a gap; an empty clue is an all-white line.",
		"In a colour puzzle each run has a colour, shown by its number's swatch: runs of different colours may touch, runs of the same colour have a white cell between them. Add colour turns a black-and-white picture into one; pick a colour to draw or fill with it.",
		"The solver draws the picture and says whether it is the only one.",
	},
	picture: nonogramExample,
	marks: []helpMark{
		mark("fill", "", "a black cell"),
		mark("", "", "a white cell"),
		mark("fill differs", "", "ringed: another solution colours this cell the other way, so the clues have more than one picture"),
		mark("fill given", "", "blue corner: a given cell, part of the puzzle (a pre-filled square of Tatham's Pattern), fixed in play"),
		mark("unsettled", "", "hatched: line reasoning alone, one row or column at a time, cannot settle this cell"),
		mark("suggest", "", "outlined: a suggested change that makes the picture the only solution of its clues"),
	},
	format:  `A line "X Y" (rows, columns), then one line per row, then one per column: the number of runs, then the runs; "0" for an empty line.`,
	example: "5 5\n2 1 1\n1 5\n1 5\n1 3\n1 1\n1 2\n1 4\n1 4\n1 4\n1 2\n",
	also: []helpExample{
		{"Simon Tatham's Pattern ID: columns, then rows", "5x5:2/4/4/4/2/1.1/5/5/3/1"},
		{"Given cells after a comma: each letter skips that many squares (a none, b one…) and gives the next, black for a capital, white for a small letter", "5x5:2/4/4/4/2/1.1/5/5/3/1,aAx"},
	},
	play:    "fill",
	playAlt: "dot (a cell known empty)",
	keys:    gridKeys,
}

func (*nonogramEditor) help() gameHelp { return nonogramHelp }

// nonogramPicture is the small example the nonogram panel draws; its clues
// are the panel's judge example.
var nonogramPicture = []string{
	".#.#.",
	"#####",
	"#####",
	".###.",
	"..#..",
}

// nonogramExample draws nonogramPicture with its clues, as the board does.
func nonogramExample() app.UI {
	pic := make([][]bool, len(nonogramPicture))
	for r, row := range nonogramPicture {
		pic[r] = make([]bool, len(row))
		for c := range len(row) {
			pic[r][c] = row[c] == '#'
		}
	}
	clues := nonogram.CluesOf(pic)
	w := len(clues.Cols)
	cols := make([]app.UI, w)
	for c, runs := range clues.Cols {
		cols[c] = app.Div().Class("col").Text(runsText(runs))
	}
	rows := []app.UI{app.Div().Class("row").Body(append([]app.UI{app.Div().Class("corner")}, cols...)...)}
	for r, runs := range clues.Rows {
		cells := []app.UI{app.Div().Class("rowclue").Text(runsText(runs))}
		for c := range w {
			class := "cell"
			if pic[r][c] {
				class += " fill"
			}
			cells = append(cells, app.Div().Class(class))
		}
		rows = append(rows, app.Div().Class("row").Body(cells...))
	}
	return app.Div().Class("grid help-grid nonogram").Body(rows...)
}

// draw: the clues around an empty grid (see draw.Nonogram); the answer
// fills in the picture.
func (e *nonogramEditor) draw(answer bool) (*sketch, error) {
	if !answer {
		return draw.Nonogram(e.clues, nil), nil
	}
	if a := e.answer; a == nil {
		return nil, errNoAnswer
	} else if a.Status == nonogram.None || len(a.Grid) != e.height() {
		return nil, errNoSolution
	}
	return draw.Nonogram(e.clues, e.answer), nil
}

func (*nonogramEditor) colours() cssColours    { return nil }
func (*nonogramEditor) input() boardInput      { return boardInput{} }
func (e *nonogramEditor) fileSize() (w, h int) { return e.size() }

// openShared: shared clues are played, the clues shown around the grid.
func (e *nonogramEditor) openShared(text string) error { return e.deal(text) }

// warmup: 25×25, the size of the hard benchmark; natively the deal takes
// 216 ms and the solve 4 ms.
func (*nonogramEditor) warmup() warmup {
	return warmup{deal: solvers.Options{W: 25, H: 25, Level: 3}, order: 3}
}
