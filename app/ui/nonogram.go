package ui

import (
	"encoding/json"
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gridsolve/solvers/nonogram"
)

// nonoMaxSide bounds the puzzles the editor draws.
const nonoMaxSide = 50

// nonogramEditor edits a nonogram either as clue text, one line of run
// lengths per row and per column, or by drawing a picture whose clues are
// derived from it.
type nonogramEditor struct {
	noKeys
	clues  *nonogram.Clues
	pic    [][]bool // the drawn picture, len(clues.Rows) × len(clues.Cols)
	draw   bool     // clicks paint the picture and the clues follow it
	answer *nonogram.Answer
}

func newNonogram() *nonogramEditor {
	e := &nonogramEditor{draw: true}
	e.pic = blankPicture(8, 8)
	for _, rc := range [][2]int{{1, 2}, {1, 5}, {2, 2}, {2, 5}, {4, 1}, {4, 6}, {5, 2}, {5, 3}, {5, 4}, {5, 5}} {
		e.pic[rc[0]][rc[1]] = true
	}
	e.clues = nonogram.CluesOf(e.pic)
	return e
}

func blankPicture(w, h int) [][]bool {
	pic := make([][]bool, h)
	for y := range pic {
		pic[y] = make([]bool, w)
	}
	return pic
}

func (*nonogramEditor) game() string   { return "nonogram" }
func (*nonogramEditor) title() string  { return "Nonogram" }
func (e *nonogramEditor) text() string { return e.clues.String() }
func (e *nonogramEditor) clearAnswer() { e.answer = nil }
func (e *nonogramEditor) width() int   { return len(e.clues.Cols) }
func (e *nonogramEditor) height() int  { return len(e.clues.Rows) }

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
	e.clues, e.answer, e.draw = c, nil, false
	e.pic = blankPicture(len(c.Cols), len(c.Rows))
}

func (e *nonogramEditor) tools(p *Page) []app.UI {
	return []app.UI{
		p.toolNumber("Width", "w", e.width(), 1, nonoMaxSide),
		p.toolNumber("Height", "h", e.height(), 1, nonoMaxSide),
		p.toolButton("Draw picture", "mode", "draw", e.draw).ID("nono-draw"),
		p.toolButton("Edit clues", "mode", "clues", !e.draw).ID("nono-clues"),
		p.toolButton("Clear", "clear", "", false),
		app.Span().Class("hint").Text(map[bool]string{
			true:  "Click cells to draw; the clues follow the picture.",
			false: "Type the clues below, one line per row or column.",
		}[e.draw]),
	}
}

func (e *nonogramEditor) tool(name, value string) error {
	switch name {
	case "w", "h":
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
		if e.draw {
			e.clues = nonogram.CluesOf(pic)
		} else {
			e.clues = &nonogram.Clues{Rows: resizeLines(e.clues.Rows, h), Cols: resizeLines(e.clues.Cols, w)}
		}
	case "mode":
		if e.draw = value == "draw"; e.draw {
			e.clues = nonogram.CluesOf(e.pic)
		}
	case "clear":
		e.pic = blankPicture(e.width(), e.height())
		if e.draw {
			e.clues = nonogram.CluesOf(e.pic)
		} else {
			e.clues = &nonogram.Clues{Rows: make([][]int, e.height()), Cols: make([][]int, e.width())}
		}
	case "rows", "cols":
		lines, err := parseClueLines(name, value)
		if err != nil {
			return err
		}
		c := &nonogram.Clues{Rows: e.clues.Rows, Cols: e.clues.Cols}
		if name == "rows" {
			c.Rows = lines
		} else {
			c.Cols = lines
		}
		e.setClues(c)
	}
	return nil
}

func resizeLines(lines [][]int, n int) [][]int {
	out := make([][]int, n)
	copy(out, lines)
	return out
}

// parseClueLines reads clue text: one line per row (or column), its run
// lengths separated by spaces or commas; a blank line or "0" is empty.
func parseClueLines(name, text string) ([][]int, error) {
	text = strings.TrimRight(strings.ReplaceAll(text, "\r", ""), "\n")
	var lines [][]int
	for i, line := range strings.Split(text, "\n") {
		var runs []int
		for _, f := range strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' }) {
			n, err := strconv.Atoi(f)
			if err != nil || n < 0 || n > nonoMaxSide {
				return nil, fmt.Errorf("nonogram: %s line %d: %q is not a run length from 0 to %d", name, i+1, clipText(f), nonoMaxSide)
			}
			if n > 0 {
				runs = append(runs, n)
			}
		}
		lines = append(lines, runs)
	}
	if len(lines) > nonoMaxSide {
		return nil, fmt.Errorf("nonogram: %d %s, at most %d", len(lines), name, nonoMaxSide)
	}
	return lines, nil
}

func clipText(s string) string {
	if len(s) > 12 {
		return s[:12] + "…"
	}
	return s
}

func clueText(lines [][]int) string {
	var b strings.Builder
	for _, runs := range lines {
		if len(runs) == 0 {
			b.WriteString("0")
		}
		for j, r := range runs {
			if j > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(r))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func (e *nonogramEditor) click(i int) bool {
	w, h := e.width(), e.height()
	if !e.draw || i < 0 || i >= w*h {
		return false
	}
	e.pic[i/w][i%w] = !e.pic[i/w][i%w]
	e.clues = nonogram.CluesOf(e.pic)
	return true
}

// filled reports how cell (x, y) is drawn: from the answer when there is
// one, else from the picture.
func (e *nonogramEditor) filled(x, y int) (fill, differs bool) {
	if a := e.answer; a != nil && a.Status != "none" && y < len(a.Grid) && x < len(a.Grid[y]) {
		fill = a.Grid[y][x] == '#'
		differs = a.Status == "multiple" && y < len(a.Other) && x < len(a.Other[y]) && a.Other[y][x] != a.Grid[y][x]
		return fill, differs
	}
	return e.draw && e.pic[y][x], false
}

func (e *nonogramEditor) board(p *Page) app.UI {
	w, h := e.width(), e.height()
	size := max(12, min(32, 520/max(w, h)))
	var b strings.Builder
	rows := make([]app.UI, 0, h+1)
	// Column clues: one stack of numbers per column, above the grid.
	b.WriteString(`<div class="row"><div class="corner"></div>`)
	for _, runs := range e.clues.Cols {
		b.WriteString(`<div class="clue col">`)
		for _, r := range runs {
			fmt.Fprintf(&b, `<span>%d</span>`, r)
		}
		b.WriteString(`</div>`)
	}
	b.WriteString(`</div>`)
	rows = append(rows, app.Raw(b.String()))
	for y := range h {
		b.Reset()
		b.WriteString(`<div class="row"><div class="clue rowclue">`)
		for _, r := range e.clues.Rows[y] {
			fmt.Fprintf(&b, `<span>%d</span>`, r)
		}
		b.WriteString(`</div>`)
		for x := range w {
			class := "cell"
			fill, differs := e.filled(x, y)
			if fill {
				class += " fill"
			}
			if differs {
				class += " differs"
			}
			if x%5 == 4 && x+1 < w {
				class += " rule-r"
			}
			if y%5 == 4 && y+1 < h {
				class += " rule-b"
			}
			fmt.Fprintf(&b, `<div class="%s" data-i="%d"></div>`, html.EscapeString(class), y*w+x)
		}
		b.WriteString(`</div>`)
		rows = append(rows, app.Raw(b.String()))
	}
	verdict := ""
	if e.answer != nil {
		verdict = e.answer.Status
	}
	return app.Div().Class("nonogram-editor").Body(
		app.Div().Class("gridwrap").Body(
			app.Div().ID("grid").Class("grid nonogram"+map[bool]string{true: " drawing"}[e.draw]).
				Style("--cell", fmt.Sprintf("%dpx", size)).Body(rows...).OnClick(p.onCell),
		),
		app.If(verdict != "", func() app.UI {
			return app.P().Class("result").Body(app.Text("Solutions: "), app.Span().ID("verdict").Text(verdict))
		}),
		app.Div().Class("clue-fields").Body(
			e.clueField(p, "rows", "Row clues (one line per row)"),
			e.clueField(p, "cols", "Column clues (one line per column)"),
		),
	)
}

func (e *nonogramEditor) clueField(p *Page, name, label string) app.UI {
	lines := e.clues.Rows
	if name == "cols" {
		lines = e.clues.Cols
	}
	return app.Label().Class("field").Body(
		app.Span().Text(label),
		app.Textarea().ID("clues-"+name).Class("mono").Rows(8).Spellcheck(false).
			ReadOnly(e.draw).DataSet("tool", name).Attr("value", clueText(lines)).OnChange(p.onTool),
	)
}

func (e *nonogramEditor) setAnswer(raw []byte) (string, error) {
	var a nonogram.Answer
	if err := json.Unmarshal(raw, &a); err != nil {
		return "", err
	}
	e.answer = &a
	switch a.Status {
	case "unique":
		return "Unique solution, drawn on the grid.", nil
	case "multiple":
		return "Several solutions: one is drawn; ringed cells differ in another.", nil
	}
	return "No solution: the clues contradict each other.", nil
}
