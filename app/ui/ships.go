package ui

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gridsolve/solvers/ships"
)

// shipsEditor draws a battleships game: a click cycles a cell through
// not shot (.), hit (x) and miss (o).
type shipsEditor struct {
	noKeys
	b      *ships.Board
	answer *ships.Answer
}

func newShips() *shipsEditor {
	b, _ := ships.ParseBoard("8 8\n........\n..x.....\n..x..o..\n........\n.o......\n.....x..\n........\n...o....\n")
	return &shipsEditor{b: b}
}

func (*shipsEditor) game() string             { return "ships" }
func (*shipsEditor) title() string            { return "Ships" }
func (e *shipsEditor) text() string           { return e.b.String() }
func (e *shipsEditor) clearAnswer()           { e.answer = nil }
func (e *shipsEditor) size() (w, h int)       { return e.b.W, e.b.H }
func (e *shipsEditor) snapshot() string       { return e.text() }
func (e *shipsEditor) restore(s string) error { return e.load(s) }

func (e *shipsEditor) load(text string) error {
	b, err := ships.ParseBoard(text)
	if err != nil {
		return err
	}
	e.b, e.answer = b, nil
	return nil
}

func (e *shipsEditor) tools(p *Page) []app.UI {
	return []app.UI{
		p.toolNumber("Width", "w", e.b.W, 1, ships.MaxSide),
		p.toolNumber("Height", "h", e.b.H, 1, ships.MaxSide),
		p.toolButton("Clear", "clear", "", false),
		app.Span().Class("hint").Text("Click or drag: not shot → hit → miss. Right-click: miss."),
	}
}

func (e *shipsEditor) tool(name, value string) error {
	switch name {
	case "w", "h":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > ships.MaxSide {
			return fmt.Errorf("ships: size must be 1 to %d", ships.MaxSide)
		}
		w, h := e.b.W, e.b.H
		if name == "w" {
			w = n
		} else {
			h = n
		}
		cells := make([]byte, w*h)
		for i := range cells {
			x, y := i%w, i/w
			cells[i] = '.'
			if x < e.b.W && y < e.b.H {
				cells[i] = e.b.Cells[y*e.b.W+x]
			}
		}
		e.b = &ships.Board{W: w, H: h, Cells: cells}
	case "clear":
		for i := range e.b.Cells {
			e.b.Cells[i] = '.'
		}
	}
	return nil
}

// press cycles a cell through not shot, hit and miss; the other button
// marks a miss (or takes it back).
func (e *shipsEditor) press(i int, alt bool) (byte, bool) {
	if i < 0 || i >= len(e.b.Cells) {
		return 0, false
	}
	v := map[byte]byte{'.': 'x', 'x': 'o', 'o': '.'}[e.b.Cells[i]]
	if alt {
		v = map[bool]byte{true: '.', false: 'o'}[e.b.Cells[i] == 'o']
	}
	e.b.Cells[i] = v
	return v, true
}

func (e *shipsEditor) paint(i int, v byte) bool {
	if i < 0 || i >= len(e.b.Cells) || e.b.Cells[i] == v || (v != 'x' && v != 'o' && v != '.') {
		return false
	}
	e.b.Cells[i] = v
	return true
}

func (e *shipsEditor) board(p *Page) app.UI {
	a := e.answer
	if a != nil && (len(a.Known) != len(e.b.Cells) || (len(a.Ship) != 0 && len(a.Ship) != len(e.b.Cells))) {
		a = nil // not this board's answer
	}
	grid := p.gridView(e.b.W, e.b.H, func(i int) cell {
		switch e.b.Cells[i] {
		case 'x':
			return cell{class: "hit", text: "✕", label: "hit"}
		case 'o':
			return cell{class: "miss", text: "•", label: "miss"}
		}
		c := cell{class: "unknown", label: "not shot"}
		if a == nil {
			return c
		}
		switch a.Known[i] {
		case 'x':
			c.class += " sure-ship"
			c.label += ", surely a ship"
		case 'o':
			c.class += " sure-water"
			c.label += ", surely water"
		default:
			if len(a.Ship) > 0 {
				pct := int(a.Ship[i]*100 + 0.5)
				c.text = strconv.Itoa(pct)
				c.label += fmt.Sprintf(", ship in %d%% of layouts", pct)
				c.style = fmt.Sprintf("background: rgba(255, 152, 0, %.2f)", 0.06+0.85*a.Ship[i])
			}
		}
		if i == a.Next {
			c.class += " next"
			c.label += ", the suggested next shot"
		}
		return c
	}, "ships", "Ships board")
	verdict := ""
	if a != nil {
		verdict = "no."
		if a.Win {
			verdict = "yes."
		}
	}
	return app.Div().Body(
		app.Div().Class("gridwrap").Body(grid),
		app.If(a != nil, func() app.UI {
			return app.Div().Class("legend").Body(
				app.P().Class("result").Body(app.Text("Verdict: "), app.Span().ID("verdict").Text(verdict)),
				app.P().Class("hint").Text("Red squares: surely a ship. Blue: surely water. Numbers: % of consistent layouts with a ship there. Ringed: the suggested next shot."),
			)
		}),
	)
}

func (e *shipsEditor) setAnswer(raw []byte) (string, error) {
	var a ships.Answer
	if err := json.Unmarshal(raw, &a); err != nil {
		return "", err
	}
	e.answer = &a
	layouts := fmt.Sprintf("%d consistent layouts", a.Grids)
	if a.Grids == 1 {
		layouts = "1 consistent layout"
	}
	if a.GridsCapped {
		// The listing stops at a search budget, so its count means little.
		layouts = "too many consistent layouts to list"
	}
	if a.Grids == 0 {
		return "No fleet layout fits these shots.", nil
	}
	if a.Win {
		return "Yes: the fleet can surely be sunk with at most one more miss (" + layouts + ").", nil
	}
	return "No: a second miss cannot be ruled out (" + layouts + ").", nil
}

// hintRequest: the best next shot on the board as it is.
func (e *shipsEditor) hintRequest() (puzzle, position string, ok bool) {
	return e.text(), e.text(), strings.Contains(e.text(), ".")
}
