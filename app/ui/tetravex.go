package ui

import (
	"encoding/json"
	"fmt"
	"html"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gridsolve/solvers"
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

	// Play, as in GNOME Tetravex: the cards start shuffled in a tray; a
	// card is moved (or two swapped) by tapping it and then a slot.
	play   bool
	slots  []int // board slots 0..n²-1 then tray slots n²..2n²-1: a card, or -1
	picked int   // the slot whose card is picked up, or -1
	won    bool  // the board is solved: cards no longer move
}

func newTetravex() *tetravexEditor {
	return &tetravexEditor{puzzle: tetravex.Generate(3, 10, rand.New(rand.NewPCG(7, 3))), sel: -1, picked: -1}
}

func (*tetravexEditor) game() string           { return "tetravex" }
func (*tetravexEditor) title() string          { return "Tetravex" }
func (e *tetravexEditor) text() string         { return e.puzzle.String() }
func (e *tetravexEditor) clearAnswer()         { e.answer = nil }
func (e *tetravexEditor) size() (w, h int)     { return 0, 0 } // keys move the edge selection
func (e *tetravexEditor) paint(int, byte) bool { return false }

// snapshot: the cards' judge text, or in play "play" ("play won" once
// solved), the cards, "=" and the slots' cards ("-" for an empty slot).
func (e *tetravexEditor) snapshot() string {
	if !e.play {
		return e.text()
	}
	slots := make([]string, len(e.slots))
	for k, c := range e.slots {
		slots[k] = "-"
		if c >= 0 {
			slots[k] = strconv.Itoa(c)
		}
	}
	head := "play"
	if e.won {
		head = "play won"
	}
	return fmt.Sprintf("%s\n%s=\n%s\n", head, e.puzzle, strings.Join(slots, " "))
}

func (e *tetravexEditor) restore(s string) error {
	head, body, _ := strings.Cut(s, "\n")
	if head != "play" && head != "play won" {
		return e.load(s)
	}
	cards, slotText, ok := strings.Cut(body, "=\n")
	if !ok {
		return fmt.Errorf("tetravex: damaged game")
	}
	if err := e.load(cards); err != nil {
		return err
	}
	n := len(e.puzzle.Cards)
	f := strings.Fields(slotText)
	slots, seen := make([]int, 2*n), make([]bool, n)
	if len(f) != 2*n {
		return fmt.Errorf("tetravex: damaged game")
	}
	for k, v := range f {
		slots[k] = -1
		if v == "-" {
			continue
		}
		c, err := strconv.Atoi(v)
		if err != nil || c < 0 || c >= n || seen[c] {
			return fmt.Errorf("tetravex: damaged game")
		}
		slots[k], seen[c] = c, true
	}
	if slices.Contains(seen, false) {
		return fmt.Errorf("tetravex: damaged game")
	}
	e.play, e.slots, e.won = true, slots, head == "play won"
	return nil
}

// startPlay deals the cards, shuffled, into the tray.
func (e *tetravexEditor) startPlay() {
	n := len(e.puzzle.Cards)
	e.slots = make([]int, 2*n)
	for k := range n {
		e.slots[k] = -1
	}
	copy(e.slots[n:], rand.Perm(n))
	e.play, e.picked, e.won, e.answer = true, -1, false, nil
}

// solvedNow reports a full board whose touching edges all match.
func (e *tetravexEditor) solvedNow() bool {
	n := e.puzzle.N
	for k := range n * n {
		if e.slots[k] < 0 {
			return false
		}
	}
	return len(e.mismatches()) == 0
}

// mismatches lists the edges (card*4+side) of board cards that do not
// match the card they touch.
func (e *tetravexEditor) mismatches() map[int]bool {
	n, bad := e.puzzle.N, map[int]bool{}
	at := func(y, x int) int { return e.slots[y*n+x] }
	card := func(c int) tetravex.Card { return e.puzzle.Cards[c] }
	for y := range n {
		for x := range n {
			c := at(y, x)
			if c < 0 {
				continue
			}
			if x+1 < n && at(y, x+1) >= 0 && card(c)[tetravex.Right] != card(at(y, x+1))[tetravex.Left] {
				bad[4*c+tetravex.Right], bad[4*at(y, x+1)+tetravex.Left] = true, true
			}
			if y+1 < n && at(y+1, x) >= 0 && card(c)[tetravex.Bottom] != card(at(y+1, x))[tetravex.Top] {
				bad[4*c+tetravex.Bottom], bad[4*at(y+1, x)+tetravex.Top] = true, true
			}
		}
	}
	return bad
}

// move takes a tap on slot i: it picks up the card there, or puts the
// picked card there, swapping it with the card there if any.
func (e *tetravexEditor) move(i int) bool {
	if i < 0 || i >= len(e.slots) || e.won {
		return false
	}
	switch {
	case e.picked < 0 && e.slots[i] >= 0:
		e.picked = i
		return false
	case e.picked < 0 || e.picked == i:
		e.picked = -1
		return false
	}
	e.slots[e.picked], e.slots[i] = e.slots[i], e.slots[e.picked]
	e.picked = -1
	e.won = e.solvedNow()
	return true
}

func (e *tetravexEditor) load(text string) error {
	pz, err := tetravex.ParsePuzzle(text)
	if err != nil {
		return err
	}
	e.puzzle, e.answer, e.sel = pz, nil, -1
	e.play, e.slots, e.picked, e.won = false, nil, -1, false
	return nil
}

func (e *tetravexEditor) tools(p *Page) []app.UI {
	if e.play {
		return []app.UI{
			p.toolButton("Edit", "mode", "edit", false).ID("tv-edit"),
			p.toolButton("Play", "mode", "play", true).ID("tv-play"),
			p.toolButton("Restart", "mode", "restart", false),
		}
	}
	ui := []app.UI{
		p.toolButton("Play", "mode", "play", false).ID("tv-play"),
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
	if e.play && name != "mode" {
		return nil
	}
	switch name {
	case "mode":
		switch value {
		case "play", "restart":
			e.startPlay()
		case "edit":
			e.play, e.slots, e.picked = false, nil, -1
		}
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

// press selects edge i, or counts it up when it is selected already; in
// play it moves cards (see move).
func (e *tetravexEditor) press(i int, alt bool) (byte, bool) {
	if e.play {
		return 0, e.move(i)
	}
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
	if e.play {
		return false
	}
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

// slotsHTML draws n rows of slots from slot first on: a card, or an empty
// place to put one. Slot numbers are the cells' data-i.
func (e *tetravexEditor) slotsHTML(t *tab, first int) []app.UI {
	n := e.puzzle.N
	bad := e.mismatches()
	return tileRows(n, func(b *strings.Builder, y, x int) {
		slot := first + y*n + x
		class := "tile slot"
		if slot == e.picked {
			class += " picked"
		}
		k := e.slots[slot]
		// The hint rings its target place and the card it names.
		if t.hinted(slot) || k >= 0 && t.hint != nil && t.hint.Move == strconv.Itoa(k) {
			class += " hinted"
		}
		if k < 0 {
			fmt.Fprintf(b, `<div class="%s empty" data-i="%d" role="gridcell" aria-label="Empty place"></div>`, class, slot)
			return
		}
		e.writeTile(b, class, fmt.Sprintf(` data-i="%d"`, slot), k, func(s int) bool { return slot < n*n && bad[4*k+s] })
	})
}

// tileRows draws n rows of n tiles, tile writing the one at row y,
// column x.
func tileRows(n int, tile func(b *strings.Builder, y, x int)) []app.UI {
	rows := make([]app.UI, n)
	var b strings.Builder
	for y := range n {
		b.Reset()
		b.WriteString(`<div class="row" role="row">`)
		for x := range n {
			tile(&b, y, x)
		}
		b.WriteString(`</div>`)
		rows[y] = app.Raw(b.String())
	}
	return rows
}

// writeTile writes card k as a tile of the given class and attributes,
// its edges marked bad where bad says.
func (e *tetravexEditor) writeTile(b *strings.Builder, class, attrs string, k int, bad func(side int) bool) {
	card := e.puzzle.Cards[k]
	fmt.Fprintf(b, `<div class="%s"%s role="gridcell" aria-label="Card %d: %d %d %d %d"><span class="num" aria-hidden="true">%d</span>`,
		class, attrs, k+1, card[0], card[1], card[2], card[3], k+1)
	for s, name := range [4]string{"t", "r", "b", "l"} {
		cls := "edge " + name + " v" + strconv.Itoa(card[s]%10)
		if bad(s) {
			cls += " bad"
		}
		fmt.Fprintf(b, `<div class="%s"><span>%d</span></div>`, cls, card[s])
	}
	b.WriteString(`</div>`)
}

func (e *tetravexEditor) board(p *Page) app.UI {
	a := e.answer
	if a != nil && a.Possible && len(a.Place) != len(e.puzzle.Cards) {
		a = nil
	}
	// The solver's answer, in edit and play alike.
	solution := []app.UI{
		app.If(a != nil && a.Possible, func() app.UI {
			return app.Div().Body(
				app.H3().Text("Solution"),
				app.Div().ID("solution").Class("cards solved").Body(e.cardsHTML(a.Place, false)...),
			)
		}),
		app.If(a != nil && !a.Possible, func() app.UI {
			return app.Div().Body(app.H3().Text("Solution"), app.P().ID("solution").Class("result").Text("Impossible."))
		}),
	}
	if e.play {
		n := e.puzzle.N
		return app.Div().Class("tetravex-boards playing").Style("--n", strconv.Itoa(n)).Body(
			withInput(app.Div().ID("grid").Class("cards play").TabIndex(0).Attr("role", "grid").
				Aria("label", "Tetravex: tap a card, then the place to put it"), e.input()).Body(
				app.Div().Body(app.H3().Text("Board"), app.Div().Class("cards board").Body(e.slotsHTML(p.cur(), 0)...)),
				app.Div().Body(app.H3().Text("Tray"), app.Div().Class("cards tray").Body(e.slotsHTML(p.cur(), n*n)...)),
			),
			app.Div().Body(solution...),
		)
	}
	identity := make([]int, len(e.puzzle.Cards))
	for i := range identity {
		identity[i] = i
	}
	return app.Div().Class("tetravex-boards").Style("--n", strconv.Itoa(e.puzzle.N)).Body(
		append([]app.UI{app.Div().Body(
			app.H3().Text("Cards"),
			withInput(app.Div().ID("grid").Class("cards").TabIndex(0).Attr("role", "grid").
				Aria("label", "Tetravex cards: click an edge, type its value; arrows step"), e.input()).
				Body(e.cardsHTML(identity, true)...),
		)}, solution...)...,
	)
}

func (e *tetravexEditor) setAnswer(raw []byte) (answerLine, error) {
	var a tetravex.Answer
	if err := json.Unmarshal(raw, &a); err != nil {
		return answerLine{}, err
	}
	e.answer = &a
	if !a.Possible {
		return no("Impossible: the cards cannot tile the board."), nil
	}
	line := "Possible: the solution is drawn under Solution. " + solutionsLine(a.Solutions, "arrangement")
	if a.IdenticalSwap {
		line += " Identical cards could swap places: that counts as the same arrangement."
	}
	return yes(line), nil
}

func (e *tetravexEditor) dealSize() (w, h int) { return e.puzzle.N, e.puzzle.N }

// deal starts playing new cards.
func (e *tetravexEditor) deal(text string) error {
	if err := e.load(text); err != nil {
		return err
	}
	e.startPlay()
	return nil
}

// hintRequest: in play, the board's cards in tetravex's position format.
func (e *tetravexEditor) hintRequest() (puzzle, position string, ok bool) {
	if !e.play || e.won {
		return "", "", false
	}
	n := e.puzzle.N
	pos := make([]string, n*n)
	for k := range pos {
		pos[k] = "-"
		if c := e.slots[k]; c >= 0 {
			pos[k] = strconv.Itoa(c)
		}
	}
	return e.text(), strings.Join(pos, " "), true
}

func (e *tetravexEditor) playState() (on, won bool) { return e.play, e.won }

// The game's help panel, images and other parts (see parts.go).

// tetravexHelp is the game's "How it works" panel.
// tetravexKeys: in the editor, a click picks an edge and keys set it; in
// Play, cards move by clicks alone.
var tetravexKeys = []helpKey{
	{"click an edge", "pick it; click it again to raise it by one"},
	{"0–9", "type the picked edge's value"},
	{"↑ / +, ↓ / −", "raise or lower it by one"},
	{"← →", "pick the previous or next edge"},
	{"Backspace / Delete", "set it to 0"},
}

var tetravexHelp = gameHelp{
	rules: []string{
		"Place the n×n cards on the n×n board, one per square, without turning them, so that wherever two cards touch their edges show the same number.",
		"The solver says Possible, and draws a solution, or Impossible.",
	},
	picture: tetravexSolved,
	marks: []helpMark{
		{tetravexValues(), "each number has its own colour, so matching edges match in colour too"},
	},
	format:  `A line with n, then n×n lines "top right bottom left", one card each. A line with 0 ends the input.`,
	example: "2\n6 1 5 8\n1 4 2 7\n2 8 0 9\n3 5 6 4\n0\n",
	play:    "place a card",
	keys:    tetravexKeys,
}

func (*tetravexEditor) help() gameHelp { return tetravexHelp }

// tetravexValues shows every edge value 0–9 in its colour.
func tetravexValues() []helpCell {
	cells := make([]helpCell, 10)
	for v := range cells {
		cells[v] = helpCell{class: "v" + strconv.Itoa(v), text: strconv.Itoa(v)}
	}
	return cells
}

// tetravexCards is a solved 2×2 board, row by row; the panel's judge
// example holds the same cards in another order.
var tetravexCards = []tetravex.Card{
	{1, 4, 2, 7}, {3, 5, 6, 4},
	{2, 8, 0, 9}, {6, 1, 5, 8},
}

// tetravexSolved draws tetravexCards in place, as the board draws cards.
func tetravexSolved() app.UI {
	sides := [4]string{"t", "r", "b", "l"}
	var rows []app.UI
	for y := 0; y < len(tetravexCards); y += 2 {
		tiles := make([]app.UI, 2)
		for x := range 2 {
			card := tetravexCards[y+x]
			edges := make([]app.UI, 4)
			for s, name := range sides {
				v := strconv.Itoa(card[s])
				edges[s] = app.Div().Class("edge " + name + " v" + strconv.Itoa(card[s]%10)).Body(app.Span().Text(v))
			}
			tiles[x] = app.Div().Class("tile").Body(edges...)
		}
		rows = append(rows, app.Div().Class("row").Body(tiles...))
	}
	return app.Div().Class("cards solved help-cards").Body(rows...)
}

// tetravexColours are the edge values' colours on the page, which the
// images use.
var tetravexColours = cssColours{
	{".v0", "#f6f6f6"}, {".v1", "#ffd6d6"}, {".v2", "#ffe3c2"}, {".v3", "#fff3b0"}, {".v4", "#d8f5c8"},
	{".v5", "#c4ecec"}, {".v6", "#cfe0ff"}, {".v7", "#e2d4ff"}, {".v8", "#f8d1ec"}, {".v9", "#dcdcdc"},
}

func (*tetravexEditor) colours() cssColours { return tetravexColours }

// card is the size of a tetravex card in cell units, and gap the space
// between cards not yet placed.
const (
	card = 2.0
	gap  = 0.25
)

// draw: the cards apart, in their order; the answer puts them in place.
func (e *tetravexEditor) draw(answer bool) (*sketch, error) {
	p, a := e.puzzle, e.answer
	order := make([]int, len(p.Cards))
	for i := range order {
		order[i] = i
	}
	step := card + gap
	if answer {
		if a == nil {
			return nil, errNoAnswer
		}
		if !a.Possible || len(a.Place) != len(order) {
			return nil, errNoSolution
		}
		order, step = a.Place, card // a solved board: the cards touch
	}
	side := float64(p.N-1)*step + card
	s := newSketch(side, side)
	for i, k := range order {
		drawCard(s, float64(i%p.N)*step, float64(i/p.N)*step, p.Cards[k])
	}
	return s, nil
}

// drawCard draws a card as four triangles meeting in its centre, each
// coloured and labelled by its edge value.
func drawCard(s *sketch, x, y float64, c tetravex.Card) {
	cx, cy := x+card/2, y+card/2
	corners := [5][2]float64{{x, y}, {x + card, y}, {x + card, y + card}, {x, y + card}, {x, y}}
	for side := range 4 { // top, right, bottom, left: between corners side and side+1
		p, q := corners[side], corners[side+1]
		v := c[side]
		s.Triangle(p[0], p[1], q[0], q[1], cx, cy, tetravexColours.of(".v"+strconv.Itoa(v%10)))
		// The label sits a third of the way from the edge's middle to the centre.
		lx, ly := (p[0]+q[0])/2, (p[1]+q[1])/2
		s.Text(lx+(cx-lx)/2.6, ly+(cy-ly)/2.6, 0.55, strconv.Itoa(v), ink)
	}
	s.Line(x, y, x+card, y+card, 0.02)
	s.Line(x+card, y, x, y+card, 0.02)
	for side := range 4 {
		p, q := corners[side], corners[side+1]
		s.Line(p[0], p[1], q[0], q[1], 0.05)
	}
}

// input: digits type an edge's value, + and - step it, Backspace and
// Delete clear it (see key).
func (*tetravexEditor) input() boardInput {
	return boardInput{keys: "0 1 2 3 4 5 6 7 8 9 + - Backspace Delete"}
}

// warmup: 6×6, dealt and solved natively in 1.8 ms.
func (*tetravexEditor) warmup() warmup {
	return warmup{deal: solvers.Options{W: 6, H: 6, Level: 2}, order: 2}
}

// fileSize: n×n cards, though the keyboard moves on edges, not cells.
func (e *tetravexEditor) fileSize() (w, h int) { return e.puzzle.N, e.puzzle.N }
func (e *tetravexEditor) marginChars() int     { return 0 }

// openShared: shared cards are dealt to the tray, in play.
func (e *tetravexEditor) openShared(text string) error { return e.deal(text) }

// stepBoard draws a trace's board (see tetravex's Trace: per square the
// index of its card, -1 for none) as the solution's cards are drawn, the
// squares not filled yet empty, and the square the step is about ringed.
func (e *tetravexEditor) stepBoard(p *Page, v stepView) app.UI {
	n := e.puzzle.N
	rows := tileRows(n, func(b *strings.Builder, y, x int) {
		pos := y*n + x
		class := "tile"
		if pos < len(v.changed) && v.changed[pos] {
			class += " stepped"
		}
		if v.step.Kind != 0 && v.step.At == pos {
			class += " at"
		}
		k := -1
		if pos < len(v.board) {
			k = v.board[pos]
		}
		if k < 0 || k >= len(e.puzzle.Cards) {
			fmt.Fprintf(b, `<div class="%s slot empty" role="gridcell" aria-label="Empty square"></div>`, class)
			return
		}
		e.writeTile(b, class, "", k, func(int) bool { return false })
	})
	return app.Div().Class("tetravex-boards steps-cards").Style("--n", strconv.Itoa(n)).Body(
		app.Div().ID("steps-grid").Class("cards solved").Attr("role", "grid").
			Aria("label", fmt.Sprintf("Tetravex board, %d by %d, at the step shown", n, n)).Body(rows...),
	)
}
