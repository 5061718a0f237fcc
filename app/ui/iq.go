package ui

import (
	"encoding/json"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gridsolve/solvers/iq"
)

// iqEditor draws the IQ triangle: pick a piece letter (or the eraser) from
// the palette, then click cells to paint it. The triangle sits in the lower
// left of a Size×Size grid: row r holds columns 0 to r.
type iqEditor struct {
	noKeys
	b      *iq.Board
	brush  byte // a piece letter, or iq.Empty for the eraser
	answer *iq.Answer
}

func newIQ() *iqEditor { return &iqEditor{b: &iq.Board{}, brush: 'A'} }

func (*iqEditor) game() string             { return "iq" }
func (*iqEditor) title() string            { return "IQ" }
func (e *iqEditor) text() string           { return e.b.String() }
func (e *iqEditor) clearAnswer()           { e.answer = nil }
func (e *iqEditor) size() (w, h int)       { return iq.Size, iq.Size }
func (e *iqEditor) snapshot() string       { return e.text() }
func (e *iqEditor) restore(s string) error { return e.load(s) }

func (e *iqEditor) load(text string) error {
	b, err := iq.ParseBoard(text)
	if err != nil {
		return err
	}
	e.b, e.answer = b, nil
	return nil
}

func (e *iqEditor) tools(p *Page) []app.UI {
	ui := make([]app.UI, 0, iq.NumPieces+3)
	for _, pc := range iq.Pieces {
		l := pc.Letter
		ui = append(ui, p.toolButton(l, "brush", l, string(e.brush) == l).ID("brush-"+l).Class("swatch p-"+l))
	}
	ui = append(ui,
		p.toolButton("Eraser", "brush", string(iq.Empty), e.brush == iq.Empty).ID("brush-erase"),
		p.toolButton("Clear", "clear", "", false),
	)
	return ui
}

func (e *iqEditor) tool(name, value string) error {
	switch name {
	case "brush":
		if len(value) == 1 && (value[0] == iq.Empty || value[0] >= 'A' && value[0] < 'A'+iq.NumPieces) {
			e.brush = value[0]
		}
	case "clear":
		e.b = &iq.Board{}
	}
	return nil
}

// press paints the brush (the other button erases) on cell i, and a
// stroke goes on painting it.
func (e *iqEditor) press(i int, alt bool) (byte, bool) {
	v := e.brush
	if alt {
		v = iq.Empty
	}
	return v, e.paint(i, v)
}

func (e *iqEditor) paint(i int, v byte) bool {
	r, c := i/iq.Size, i%iq.Size
	if i < 0 || r >= iq.Size || c > r || e.b.At(r, c) == v || v != iq.Empty && (v < 'A' || v >= 'A'+iq.NumPieces) {
		return false
	}
	e.b.Set(r, c, v)
	return true
}

func (e *iqEditor) board(p *Page) app.UI {
	a := e.answer
	if a != nil && a.Solved && len(a.Rows) != iq.Size {
		a = nil
	}
	grid := p.gridView(iq.Size, iq.Size, func(i int) cell {
		r, c := i/iq.Size, i%iq.Size
		if c > r {
			return cell{class: "off", label: "off the board"}
		}
		if l := e.b.At(r, c); l != iq.Empty {
			return cell{class: "given p-" + string(l), text: string(l), label: "piece " + string(l)}
		}
		if a != nil && a.Solved && c < len(a.Rows[r]) {
			l := a.Rows[r][c]
			return cell{class: "solved p-" + string(l), text: string(l), label: "solution piece " + string(l)}
		}
		return cell{class: "empty", label: "empty"}
	}, "iq", "IQ board")
	return app.Div().Body(
		app.Div().Class("gridwrap").Body(grid),
		app.P().Class("hint").Text("Pick a piece, then click or drag over cells to place it; right-click erases. Bold letters are the pieces you placed; the solver fills the rest."),
	)
}

func (e *iqEditor) setAnswer(raw []byte) (string, error) {
	var a iq.Answer
	if err := json.Unmarshal(raw, &a); err != nil {
		return "", err
	}
	e.answer = &a
	if !a.Solved {
		return "No solution: the missing pieces cannot fill the triangle.", nil
	}
	return "Solved: the missing pieces are drawn in.", nil
}

func (e *iqEditor) dealSize() (w, h int) { return iq.Size, iq.Size }

// deal shows a new starting position.
func (e *iqEditor) deal(text string) error { return e.load(text) }

// hintRequest: a piece placement from the board as it is.
func (e *iqEditor) hintRequest() (puzzle, position string, ok bool) {
	return e.text(), e.text(), strings.Contains(e.text(), string(iq.Empty))
}
