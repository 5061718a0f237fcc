package ui

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gridsolve/solvers"
	"gridsolve/solvers/ships"
)

// shipsEditor draws a battleships board: a click cycles a cell through
// not shot (.), hit (x) and miss (o). New puzzle starts a game instead: a
// random fleet is hidden, each click is a shot, and at the end the solver
// replays the game to say from which shot one more miss was guaranteed.
type shipsEditor struct {
	noKeys
	b      *ships.Board
	answer *ships.Answer

	play   bool
	fleet  *ships.Board // play: the hidden fleet, every cell 'x' or 'o'
	shots  []int        // play: the cells shot, in order
	assist bool         // play: show the solver's heatmap and next shot
	replay []bool       // play, at the end: was one more miss guaranteed before each shot
}

func newShips() *shipsEditor {
	b, _ := ships.ParseBoard("8 8\n........\n..x.....\n..x..o..\n........\n.o......\n.....x..\n........\n...o....\n")
	return &shipsEditor{b: b}
}

func (*shipsEditor) game() string       { return "ships" }
func (*shipsEditor) title() string      { return "Ships" }
func (e *shipsEditor) text() string     { return e.b.String() }
func (e *shipsEditor) clearAnswer()     { e.answer = nil }
func (e *shipsEditor) size() (w, h int) { return e.b.W, e.b.H }

// snapshot: the board's judge text, or in play "play <assist>", the
// fleet's text, "=" and the shots in order.
func (e *shipsEditor) snapshot() string {
	if !e.play {
		return e.text()
	}
	shots := make([]string, len(e.shots))
	for k, i := range e.shots {
		shots[k] = strconv.Itoa(i)
	}
	return fmt.Sprintf("play %d\n%s=\n%s\n", boolInt(e.assist), e.fleet, strings.Join(shots, " "))
}

func (e *shipsEditor) restore(s string) error {
	head, body, _ := strings.Cut(s, "\n")
	if head != "play 0" && head != "play 1" {
		return e.load(s)
	}
	fleetText, shotText, ok := strings.Cut(body, "=\n")
	fleet, err := ships.ParseBoard(fleetText)
	if !ok || err != nil || strings.Contains(string(fleet.Cells), ".") {
		return fmt.Errorf("ships: damaged game")
	}
	if err := e.deal(fleetText); err != nil {
		return err
	}
	e.assist = head == "play 1"
	for _, f := range strings.Fields(shotText) {
		i, err := strconv.Atoi(f)
		if err != nil || i < 0 || i >= len(e.b.Cells) || e.b.Cells[i] != '.' {
			return fmt.Errorf("ships: damaged game")
		}
		e.shoot(i)
	}
	return nil
}

// deal starts a game on a hidden fleet, given fully revealed.
func (e *shipsEditor) deal(text string) error {
	fleet, err := ships.ParseBoard(text)
	if err != nil {
		return err
	}
	if strings.Contains(string(fleet.Cells), ".") {
		return fmt.Errorf("ships: a fleet to hide has no unknown cells")
	}
	e.b = &ships.Board{W: fleet.W, H: fleet.H, Cells: []byte(strings.Repeat(".", fleet.W*fleet.H))}
	e.play, e.fleet, e.shots, e.replay, e.answer = true, fleet, nil, nil, nil
	return nil
}

func (e *shipsEditor) dealSize() (w, h int) { return e.b.W, e.b.H }

func (e *shipsEditor) shoot(i int) {
	e.b.Cells[i] = e.fleet.Cells[i]
	e.shots = append(e.shots, i)
}

// score counts hits and misses so far, and the fleet's cells.
func (e *shipsEditor) score() (hits, misses, ship int) {
	for i, v := range e.b.Cells {
		hits += boolInt(v == 'x')
		misses += boolInt(v == 'o')
		ship += boolInt(e.fleet.Cells[i] == 'x')
	}
	return hits, misses, ship
}

func (e *shipsEditor) over() bool {
	if !e.play {
		return false
	}
	hits, _, ship := e.score()
	return hits == ship
}

// work asks for the heatmap of the board (assist), or at the end of a
// game for the replay.
func (e *shipsEditor) work() (jobRequest, bool) {
	switch {
	case e.over() && e.replay == nil:
		return jobRequest{op: ships.OpReplay, game: "ships", text: e.fleet.String(), position: e.shotList()}, true
	case e.play && e.assist && !e.over() && e.answer == nil:
		return jobRequest{op: opSolve, game: "ships", text: e.text()}, true
	}
	return jobRequest{}, false
}

func (e *shipsEditor) shotList() string {
	shots := make([]string, len(e.shots))
	for k, i := range e.shots {
		shots[k] = strconv.Itoa(i)
	}
	return strings.Join(shots, " ")
}

func (e *shipsEditor) took(r jobRequest, raw []byte) {
	switch {
	case r.op == ships.OpReplay && e.over() && r.text == e.fleet.String() && r.position == e.shotList():
		var replay []bool
		if json.Unmarshal(raw, &replay) == nil && len(replay) == len(e.shots) {
			e.replay = replay
		}
	case r.op == opSolve && e.play && e.assist && r.text == e.text():
		var a ships.Answer
		if json.Unmarshal(raw, &a) == nil {
			e.answer = &a
		}
	}
}

// playLine is the game's score, and at its end what the replay found.
func (e *shipsEditor) playLine() string {
	hits, misses, ship := e.score()
	shots, missed := count(len(e.shots), "shot", "shots"), count(misses, "miss", "misses")
	if !e.over() {
		return fmt.Sprintf("%s, %s: %d of %d ship cells found.", shots, missed, hits, ship)
	}
	line := fmt.Sprintf("All seven ships sunk in %s with %s.", shots, missed)
	if e.replay == nil {
		return line + " Replaying the game…"
	}
	if !slices.Contains(e.replay, true) {
		return line + " At no shot was one more miss guaranteed."
	}
	return line + " The solver could guarantee at most one more miss before " + shotRanges(e.replay) + "."
}

// shotRanges names the shots (from 1) where guaranteed holds, as runs:
// "shots 3, 17–29".
func shotRanges(guaranteed []bool) string {
	var runs []string
	for i := 0; i < len(guaranteed); i++ {
		if !guaranteed[i] {
			continue
		}
		j := i
		for j+1 < len(guaranteed) && guaranteed[j+1] {
			j++
		}
		if j == i {
			runs = append(runs, strconv.Itoa(i+1))
		} else {
			runs = append(runs, fmt.Sprintf("%d–%d", i+1, j+1))
		}
		i = j
	}
	if len(runs) == 1 && !strings.Contains(runs[0], "–") {
		return "shot " + runs[0]
	}
	return "shots " + strings.Join(runs, ", ")
}

func (e *shipsEditor) load(text string) error {
	b, err := ships.ParseBoard(text)
	if err != nil {
		return err
	}
	e.b, e.answer, e.play, e.fleet, e.shots, e.replay = b, nil, false, nil, nil, nil
	return nil
}

func (e *shipsEditor) tools(p *Page) []app.UI {
	if e.play {
		return []app.UI{
			p.toolButton("Draw", "mode", "edit", false).ID("ships-edit"),
			p.toolButton("Assist", "assist", "", e.assist).ID("ships-assist").Title("Show the solver's heatmap and next shot"),
			app.Span().ID("ships-score").Class(classIf("hint", e.over(), "solved")).Text(e.playLine()),
		}
	}
	return []app.UI{
		p.toolNumber("Width", "w", e.b.W, 1, ships.MaxSide),
		p.toolNumber("Height", "h", e.b.H, 1, ships.MaxSide),
		p.toolButton("Clear", "clear", "", false),
		app.Span().Class("hint").Text("Click or drag: not shot → hit → miss. Right-click: miss. New puzzle hides a fleet for you to hunt."),
	}
}

func (e *shipsEditor) tool(name, value string) error {
	if e.play {
		switch name {
		case "mode": // back to drawing the board as shot so far
			e.play, e.fleet, e.shots, e.replay, e.answer = false, nil, nil, nil, nil
		case "assist":
			e.assist, e.answer = !e.assist, nil
		}
		return nil
	}
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
	if e.play {
		if e.b.Cells[i] != '.' || e.over() {
			return 0, false
		}
		e.shoot(i)
		return 0, true
	}
	v := map[byte]byte{'.': 'x', 'x': 'o', 'o': '.'}[e.b.Cells[i]]
	if alt {
		v = map[bool]byte{true: '.', false: 'o'}[e.b.Cells[i] == 'o']
	}
	e.b.Cells[i] = v
	return v, true
}

func (e *shipsEditor) paint(i int, v byte) bool {
	if e.play || i < 0 || i >= len(e.b.Cells) || e.b.Cells[i] == v || (v != 'x' && v != 'o' && v != '.') {
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

func (e *shipsEditor) setAnswer(raw []byte) (answerLine, error) {
	var a ships.Answer
	if err := json.Unmarshal(raw, &a); err != nil {
		return answerLine{}, err
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
		return no("No fleet layout fits these shots."), nil
	}
	if a.Win {
		return yes("Yes: the fleet can surely be sunk with at most one more miss (" + layouts + ")."), nil
	}
	return no("No: a second miss cannot be ruled out (" + layouts + ")."), nil
}

// hintRequest: the best next shot on the board as it is; none once a
// game is over.
func (e *shipsEditor) hintRequest() (puzzle, position string, ok bool) {
	return e.text(), e.text(), strings.Contains(e.text(), ".") && !e.over()
}

func (e *shipsEditor) playState() (on, won bool) { return e.play, e.over() }

// The game's help panel, images and other parts (see parts.go).

// shipsHelp is the game's "How it works" panel.
var shipsHelp = gameHelp{
	rules: []string{
		"Seven ships hide on the grid, one of each shape below. They may be turned but never mirrored, and never overlap; they may touch.",
		"Each shot is a hit (part of a ship) or a miss (water). The solver answers one question: from here, can you surely sink every ship with at most one more miss, whatever the layout? Yes or no.",
	},
	picture: shipsFleet,
	marks: []helpMark{
		mark("hit", "✕", "a shot that hit a ship"),
		mark("miss", "•", "a shot into water"),
		mark("sure-ship", "", "surely a ship: every layout that fits the shots has one there"),
		mark("sure-water", "", "surely water"),
		{[]helpCell{{text: "40", background: "rgba(255, 152, 0, .4)"}}, "the % of fitting layouts with a ship there"},
		mark("next", "", "ringed: the suggested next shot"),
	},
	format:  `A line "w h", then h rows of w cells: x hit, o miss, . not shot. A line "0 0" ends the input.`,
	example: "7 4\n..x....\n..x..o.\n.......\n.o.....\n0 0\n",
	play:    "shoot",
	keys:    gridKeys,
}

func (*shipsEditor) help() gameHelp { return shipsHelp }

// shipsFleet draws the seven ships as the solver knows them.
func shipsFleet() app.UI {
	var pieces []app.UI
	for _, rows := range ships.Fleet() {
		var cells [][2]int
		for r, row := range rows {
			for c := range len(row) {
				if row[c] == 'x' {
					cells = append(cells, [2]int{r, c})
				}
			}
		}
		pieces = append(pieces, helpShape("hit", cells, ""))
	}
	return app.Div().Class("help-fleet").Body(pieces...)
}

// draw: the shots in ink; the answer adds the sure cells, each open cell's
// share of layouts with a ship there, and the suggested shot, ringed.
func (e *shipsEditor) draw(answer bool) (*sketch, error) {
	b, a := e.b, e.answer
	if answer && (a == nil || len(a.Known) != len(b.Cells)) {
		return nil, errNoAnswer
	}
	s := newSketch(float64(b.W), float64(b.H))
	for i, v := range b.Cells {
		x, y := float64(i%b.W), float64(i/b.W)
		switch {
		case v == 'x':
			s.Rect(x, y, 1, 1, ink)
		case v == 'o':
			s.Circle(x+0.5, y+0.5, 0.12, ink, "none")
		case answer && a.Known[i] == 'x':
			s.Rect(x, y, 1, 1, "#f5a623")
		case answer && a.Known[i] == 'o':
			s.Rect(x, y, 1, 1, "#d6ebff")
		case answer && len(a.Ship) == len(b.Cells):
			s.Rect(x, y, 1, 1, fmt.Sprintf("rgba(245,166,35,%.2f)", 0.06+0.8*a.Ship[i]))
			s.Text(x+0.5, y+0.5, 0.38, strconv.Itoa(int(a.Ship[i]*100+0.5)), ink)
		}
		if answer && i == a.Next {
			s.Circle(x+0.5, y+0.5, 0.36, "none", "#d0021b")
		}
	}
	s.Grid(0, 0, b.W, b.H, 0)
	if answer {
		s.Caption = "Win with at most one more miss: no. Numbers: % of layouts with a ship there."
		if a.Win {
			s.Caption = "Win with at most one more miss: yes. Numbers: % of layouts with a ship there."
		}
	}
	return s, nil
}

// colours: none of the page's; the images have their own, for paper.
func (*shipsEditor) colours() cssColours    { return nil }
func (*shipsEditor) input() boardInput      { return boardInput{} }
func (e *shipsEditor) fileSize() (w, h int) { return e.size() }
func (e *shipsEditor) marginChars() int     { return 0 }

// openShared: a link holds a board of shots to judge, not a fleet to
// hunt (there is nothing hidden to play against), so it opens to edit.
func (e *shipsEditor) openShared(text string) error { return e.load(text) }

// warmup: a dealt fleet is all revealed; the solve starts from a board
// with no shot, as the player does; natively 20 ms, the most of it the
// solve.
func (*shipsEditor) warmup() warmup {
	return warmup{deal: solvers.Options{W: 10, H: 10}, clear: "xo", order: 5}
}

// stepBoard draws a trace's board (see ships' Trace: 0 no ship, 1 to 7
// the ships O, Z, S, J, L, T and I) over the shots: each ship placed by
// its letter, on a hit or not, and the hit branched on ringed.
func (e *shipsEditor) stepBoard(p *Page, v stepView) app.UI {
	return p.stepGrid(v, e.b.W, e.b.H, func(i int) cell {
		shot := byte('.')
		if i < len(e.b.Cells) {
			shot = e.b.Cells[i]
		}
		var c cell
		switch n := v.board[i]; {
		case n >= 1 && n <= len(ships.ShipLetters):
			l := ships.ShipLetters[n-1 : n]
			c = cell{class: "placed", text: l, label: "ship " + l}
			if shot == 'x' {
				c.class, c.label = "placed on-hit", "ship "+l+" on a hit"
			}
		case shot == 'x':
			c = cell{class: "hit", text: "✕", label: "hit"}
		case shot == 'o':
			c = cell{class: "miss", text: "•", label: "miss"}
		default:
			c = cell{class: "unknown", label: "not shot"}
		}
		if v.step.Kind != 0 && v.step.At == i {
			c.class += " at"
			c.label += ", the cell of this step"
		}
		return c
	}, "ships", "Ships board")
}
