package ui

import (
	"encoding/json"
	"fmt"
	"html"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gridsolve/solvers/tetravex"
)

// tetravexEditor draws the cards of a tetravex puzzle. Clicking an edge
// selects it, clicking it again counts it up; the keyboard types digits
// into the selected edge, arrows step its value or move along the edges.
type tetravexEditor struct {
	puzzle *tetravex.Puzzle
	sel    int  // selected edge, card*4+side, or -1
	typing bool // the last key typed a digit into sel, so the next one extends it
	answer *tetravex.Answer
}

func newTetravex() *tetravexEditor {
	return &tetravexEditor{puzzle: tetravex.Generate(3, 10, rand.New(rand.NewPCG(7, 3))), sel: -1}
}

func (*tetravexEditor) game() string             { return "tetravex" }
func (*tetravexEditor) title() string            { return "Tetravex" }
func (e *tetravexEditor) text() string           { return e.puzzle.String() }
func (e *tetravexEditor) clearAnswer()           { e.answer = nil }
func (e *tetravexEditor) size() (w, h int)       { return 0, 0 } // keys move the edge selection
func (e *tetravexEditor) snapshot() string       { return e.text() }
func (e *tetravexEditor) restore(s string) error { return e.load(s) }
func (e *tetravexEditor) paint(int, byte) bool   { return false }

func (e *tetravexEditor) load(text string) error {
	pz, err := tetravex.ParsePuzzle(text)
	if err != nil {
		return err
	}
	e.puzzle, e.answer, e.sel = pz, nil, -1
	return nil
}

func (e *tetravexEditor) tools(p *Page) []app.UI {
	ui := []app.UI{
		p.toolNumber("Size n", "n", e.puzzle.N, 1, tetravex.MaxN),
		p.toolButton("Random", "random", "", false),
		p.toolButton("Zero", "zero", "", false),
		app.Span().Class("hint").Text("Click an edge to select it, again to count up; or type digits, ↑/↓ to step, ←/→ to move."),
	}
	if e.sel >= 0 && e.sel < 4*len(e.puzzle.Cards) {
		// A number pad for touch screens: two digits in a row make 10 to 99.
		pad := make([]app.UI, 0, 12)
		for d := range 10 {
			pad = append(pad, p.toolButton(strconv.Itoa(d), "digit", strconv.Itoa(d), false).ID("pad-"+strconv.Itoa(d)))
		}
		pad = append(pad,
			p.toolButton("−", "digit", "-", false).Aria("label", "One less"),
			p.toolButton("+", "digit", "+", false).Aria("label", "One more"),
		)
		ui = append(ui, app.Div().ID("numpad").Class("numpad").Aria("label", "Value of the selected edge").Body(pad...))
	}
	return ui
}

func (e *tetravexEditor) tool(name, value string) error {
	switch name {
	case "n":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > tetravex.MaxN {
			return fmt.Errorf("tetravex: size must be 1 to %d", tetravex.MaxN)
		}
		cards := make([]tetravex.Card, n*n)
		copy(cards, e.puzzle.Cards)
		e.puzzle = &tetravex.Puzzle{N: n, Cards: cards}
		e.sel = -1
	case "random":
		e.puzzle = tetravex.Generate(e.puzzle.N, 10, rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1)))
	case "zero":
		clear(e.puzzle.Cards)
	case "digit":
		e.key(value)
	}
	return nil
}

// press selects edge i, or counts it up when it is selected already.
func (e *tetravexEditor) press(i int, alt bool) (byte, bool) {
	if i < 0 || i >= 4*len(e.puzzle.Cards) {
		return 0, false
	}
	e.typing = false
	if e.sel != i {
		e.sel = i
		return 0, false
	}
	step := 1
	if alt {
		step = 9
	}
	e.set(i, (e.value(i)+step)%10)
	return 0, true
}

func (e *tetravexEditor) value(i int) int { return e.puzzle.Cards[i/4][i%4] }
func (e *tetravexEditor) set(i, v int)    { e.puzzle.Cards[i/4][i%4] = v }

func (e *tetravexEditor) key(key string) bool {
	i := e.sel
	if i < 0 || i >= 4*len(e.puzzle.Cards) {
		return false
	}
	if len(key) == 1 && key[0] >= '0' && key[0] <= '9' {
		d := int(key[0] - '0')
		if v := e.value(i)*10 + d; e.typing && v <= tetravex.MaxValue {
			d = v
		}
		e.set(i, d)
		e.typing = true
		return true
	}
	e.typing = false
	switch key {
	case "ArrowUp", "+":
		e.set(i, min(e.value(i)+1, tetravex.MaxValue))
	case "ArrowDown", "-":
		e.set(i, max(e.value(i)-1, 0))
	case "Backspace", "Delete":
		e.set(i, 0)
	case "ArrowRight":
		e.sel = (i + 1) % (4 * len(e.puzzle.Cards))
		return false
	case "ArrowLeft":
		e.sel = (i + 4*len(e.puzzle.Cards) - 1) % (4 * len(e.puzzle.Cards))
		return false
	default:
		return false
	}
	return true
}

// cardsHTML draws n×n cards, card k at position k taken from order[k].
// Edge values are numbers, so the HTML holds no user text.
func (e *tetravexEditor) cardsHTML(order []int, editable bool) []app.UI {
	n := e.puzzle.N
	rows := make([]app.UI, n)
	sides := [4]string{"t", "r", "b", "l"}
	sideNames := [4]string{"top", "right", "bottom", "left"}
	var b strings.Builder
	for y := range n {
		b.Reset()
		b.WriteString(`<div class="row">`)
		for x := range n {
			k := order[y*n+x]
			card := e.puzzle.Cards[k]
			// Cards are numbered as in the judge text, in both boards,
			// so the solution shows which card went where.
			fmt.Fprintf(&b, `<div class="tile" data-card="%d"><span class="num" aria-hidden="true">%d</span>`, k, k+1)
			for s, name := range sides {
				class := "edge " + name + " v" + strconv.Itoa(card[s]%10)
				attr := ""
				if editable {
					attr = fmt.Sprintf(` data-i="%d" role="gridcell" aria-label="Card %d %s: %d"`, 4*k+s, k+1, sideNames[s], card[s])
					if 4*k+s == e.sel {
						class += " sel"
					}
				}
				fmt.Fprintf(&b, `<div class="%s"%s><span>%d</span></div>`, html.EscapeString(class), attr, card[s])
			}
			b.WriteString(`</div>`)
		}
		b.WriteString(`</div>`)
		rows[y] = app.Raw(b.String())
	}
	return rows
}

func (e *tetravexEditor) board(p *Page) app.UI {
	identity := make([]int, len(e.puzzle.Cards))
	for i := range identity {
		identity[i] = i
	}
	a := e.answer
	if a != nil && a.Possible && len(a.Place) != len(identity) {
		a = nil
	}
	return app.Div().Class("tetravex-boards").Style("--n", strconv.Itoa(e.puzzle.N)).Body(
		app.Div().Body(
			app.H3().Text("Cards"),
			app.Div().ID("grid").Class("cards").TabIndex(0).Attr("role", "grid").
				Aria("label", "Tetravex cards: click an edge, type its value; arrows step").
				Body(e.cardsHTML(identity, true)...),
		),
		app.If(a != nil && a.Possible, func() app.UI {
			return app.Div().Body(
				app.H3().Text("Solution"),
				app.Div().ID("solution").Class("cards solved").Body(e.cardsHTML(a.Place, false)...),
			)
		}),
		app.If(a != nil && !a.Possible, func() app.UI {
			return app.Div().Body(app.H3().Text("Solution"), app.P().ID("solution").Class("result").Text("Impossible."))
		}),
	)
}

func (e *tetravexEditor) setAnswer(raw []byte) (string, error) {
	var a tetravex.Answer
	if err := json.Unmarshal(raw, &a); err != nil {
		return "", err
	}
	e.answer = &a
	if !a.Possible {
		return "Impossible: the cards cannot tile the board.", nil
	}
	return "Possible: the solution is drawn beside the cards.", nil
}

func (e *tetravexEditor) dealSize() (w, h int) { return e.puzzle.N, e.puzzle.N }

// deal shows new cards.
func (e *tetravexEditor) deal(text string) error { return e.load(text) }
