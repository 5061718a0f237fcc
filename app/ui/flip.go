package ui

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gridsolve/solvers/flip"
)

// flipMaxSide bounds the board the editor draws; the solver takes more
// through import.
const flipMaxSide = 64

// flipEditor draws a flip board: in edit mode a click toggles a cell, in
// play mode it presses it as in the game.
type flipEditor struct {
	noKeys
	cells  *flip.Board
	play   bool
	answer *flip.Answer
}

func newFlip() *flipEditor {
	b, _ := flip.ParseBoard("bwbw\nbbwb\nwwbw\nwbbb\n")
	return &flipEditor{cells: b}
}

func (*flipEditor) game() string   { return "flip" }
func (*flipEditor) title() string  { return "Flip" }
func (e *flipEditor) text() string { return e.cells.String() }
func (e *flipEditor) clearAnswer() { e.answer = nil }

func (e *flipEditor) load(text string) error {
	b, err := flip.ParseBoard(text)
	if err != nil {
		return err
	}
	if b.W > flipMaxSide || b.H > flipMaxSide {
		return fmt.Errorf("flip: the editor draws boards up to %d×%d, this one is %d×%d", flipMaxSide, flipMaxSide, b.W, b.H)
	}
	e.cells, e.answer = b, nil
	return nil
}

func (e *flipEditor) tools(p *Page) []app.UI {
	return []app.UI{
		p.toolNumber("Width", "w", e.cells.W, 1, flipMaxSide),
		p.toolNumber("Height", "h", e.cells.H, 1, flipMaxSide),
		p.toolButton("Draw", "mode", "edit", !e.play).ID("flip-edit"),
		p.toolButton("Play", "mode", "play", e.play).ID("flip-play"),
		p.toolButton("Clear", "clear", "", false),
		p.toolButton("Invert", "invert", "", false),
	}
}

func (e *flipEditor) tool(name, value string) error {
	switch name {
	case "w", "h":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > flipMaxSide {
			return fmt.Errorf("flip: size must be 1 to %d", flipMaxSide)
		}
		w, h := e.cells.W, e.cells.H
		if name == "w" {
			w = n
		} else {
			h = n
		}
		nb, err := flip.NewBoard(w, h)
		if err != nil {
			return err
		}
		for y := range min(h, e.cells.H) {
			for x := range min(w, e.cells.W) {
				nb.Black[y*w+x] = e.cells.Black[y*e.cells.W+x]
			}
		}
		e.cells = nb
	case "mode":
		e.play = value == "play"
	case "clear":
		clear(e.cells.Black)
	case "invert":
		for i := range e.cells.Black {
			e.cells.Black[i] = !e.cells.Black[i]
		}
	}
	return nil
}

func (e *flipEditor) click(i int) bool {
	if i < 0 || i >= len(e.cells.Black) {
		return false
	}
	if e.play {
		e.cells.Press(i)
	} else {
		e.cells.Black[i] = !e.cells.Black[i]
	}
	return true
}

func (e *flipEditor) board(p *Page) app.UI {
	b := e.cells
	return p.gridView(b.W, b.H, func(i int) cell {
		c := cell{class: "white"}
		if b.Black[i] {
			c.class = "black"
		}
		if e.answer != nil && e.answer.Possible && i < len(e.answer.Presses) && e.answer.Presses[i] {
			c.class += " press"
		}
		return c
	}, "flip")
}

func (e *flipEditor) setAnswer(raw []byte) (string, error) {
	var a flip.Answer
	if err := json.Unmarshal(raw, &a); err != nil {
		return "", err
	}
	e.answer = &a
	if !a.Possible {
		return "Impossible: no presses make the board one colour.", nil
	}
	colour := map[string]string{"b": "black", "w": "white"}[a.Color]
	proof := "fewest possible"
	if !a.Minimal {
		proof = "not proven fewest"
	}
	return fmt.Sprintf("Press the %d marked cells to turn it all %s (%s).", a.Count, colour, proof), nil
}
