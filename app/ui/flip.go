package ui

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gridsolve/solvers"
	"gridsolve/solvers/flip"
)

// flipMaxSide bounds the board the editor draws; the solver takes more
// through import.
const flipMaxSide = 64

// flipEditor draws a flip board; in play mode a click presses a cell as in
// the game, and the board drawn before play is kept to Reset to.
type flipEditor struct {
	noKeys
	cells   *flip.Board // the board shown
	play    bool
	start   *flip.Board // play: the board play started from
	presses int         // play: presses so far
	fewest  int         // play: the fewest presses that solve start, -1 unknown, -2 impossible
	answer  *flip.Answer
}

// The starting board is POJ 1753's sample, solvable in 4 presses.
func newFlip() *flipEditor {
	b, _ := flip.ParseBoard("bwwb\nbbwb\nbwwb\nbwww\n")
	return &flipEditor{cells: b, fewest: -1}
}

func (*flipEditor) game() string       { return "flip" }
func (*flipEditor) title() string      { return "Flip" }
func (e *flipEditor) text() string     { return e.cells.String() }
func (e *flipEditor) clearAnswer()     { e.answer = nil }
func (e *flipEditor) size() (w, h int) { return e.cells.W, e.cells.H }

// snapshot: "edit" and the board, or "play <presses> <fewest>", the
// starting board and the board shown.
func (e *flipEditor) snapshot() string {
	if !e.play {
		return "edit\n" + e.cells.String()
	}
	return fmt.Sprintf("play %d %d\n%s%s", e.presses, e.fewest, e.start, e.cells)
}

func (e *flipEditor) restore(s string) error {
	head, body, _ := strings.Cut(s, "\n")
	f := strings.Fields(head)
	switch {
	case len(f) == 1 && f[0] == "edit":
		return e.load(body)
	case len(f) == 3 && f[0] == "play":
		presses, err1 := strconv.Atoi(f[1])
		fewest, err2 := strconv.Atoi(f[2])
		// body is the two boards' texts, each a "w h" line and h rows.
		var w, h int
		_, err3 := fmt.Sscanf(body, "%d %d\n", &w, &h)
		lines := strings.SplitAfter(body, "\n")
		if err1 != nil || err2 != nil || err3 != nil || presses < 0 || fewest < -2 ||
			h < 1 || h > flipMaxSide || len(lines) < 2*(h+1) {
			return fmt.Errorf("flip: damaged play state")
		}
		start, err3 := e.parse(strings.Join(lines[:h+1], ""))
		cells, err4 := e.parse(strings.Join(lines[h+1:], ""))
		if err3 != nil || err4 != nil || cells.W != start.W || cells.H != start.H {
			return fmt.Errorf("flip: damaged play state")
		}
		e.cells, e.start, e.play, e.presses, e.fewest, e.answer = cells, start, true, presses, fewest, nil
		return nil
	}
	return fmt.Errorf("flip: unknown saved state %q", clip(head, 20))
}

func (e *flipEditor) parse(text string) (*flip.Board, error) {
	b, err := flip.ParseBoard(text)
	if err != nil {
		return nil, err
	}
	if b.W > flipMaxSide || b.H > flipMaxSide {
		return nil, fmt.Errorf("flip: the editor draws boards up to %d×%d, this one is %d×%d", flipMaxSide, flipMaxSide, b.W, b.H)
	}
	return b, nil
}

func (e *flipEditor) load(text string) error {
	b, err := e.parse(text)
	if err != nil {
		return err
	}
	e.cells, e.answer, e.play, e.start, e.presses, e.fewest = b, nil, false, nil, 0, -1
	return nil
}

func (e *flipEditor) tools(p *Page) []app.UI {
	if e.play {
		return []app.UI{
			p.toolButton("Draw", "mode", "edit", false).ID("flip-edit"),
			p.toolButton("Play", "mode", "play", true).ID("flip-play"),
			p.toolButton("Reset", "reset", "", false).ID("flip-reset"),
			app.Span().ID("flip-presses").Class("hint").Text(e.playLine()),
		}
	}
	return []app.UI{
		p.toolNumber("Width", "w", e.cells.W, 1, flipMaxSide),
		p.toolNumber("Height", "h", e.cells.H, 1, flipMaxSide),
		p.toolButton("Draw", "mode", "edit", true).ID("flip-edit"),
		p.toolButton("Play", "mode", "play", false).ID("flip-play"),
		p.toolButton("Clear", "clear", "", false),
		p.toolButton("Invert", "invert", "", false),
		e.goalPicker(p),
	}
}

// goalNames are the goal picker's words for flip.Goals: Tatham's Flip
// calls white cells light and black ones dark.
var goalNames = [len(flip.Goals)]string{"Either colour", "All white (light)", "All black (dark)"}

// goalPicker chooses the colour the board must end in; its value is the
// goal's index in flip.Goals.
func (e *flipEditor) goalPicker(p *Page) app.UI {
	opts := make([]app.UI, len(flip.Goals))
	for i, g := range flip.Goals {
		opts[i] = app.Option().Value(strconv.Itoa(i)).Text(goalNames[i]).Selected(g == e.cells.Goal)
	}
	return app.Label().Class("field").Body(
		app.Span().Text("Goal"),
		app.Select().ID("flip-goal").DataSet("tool", "goal").Aria("label", "The colour the board must end in").
			Body(opts...).OnChange(p.onTool),
	)
}

// playLine is the play mode's running score.
func (e *flipEditor) playLine() string {
	fewest := ""
	switch {
	case e.fewest >= 0:
		fewest = fmt.Sprintf(" (fewest possible: %d)", e.fewest)
	case e.fewest == -2:
		fewest = " (this board cannot be solved)"
	}
	if e.cells.Solved() {
		return fmt.Sprintf("Solved in %s%s.", count(e.presses, "press", "presses"), fewest)
	}
	return fmt.Sprintf("%s so far%s. Make the board %s.", count(e.presses, "press", "presses"), fewest, e.cells.Goal)
}

func (e *flipEditor) tool(name, value string) error {
	if e.play && name != "mode" && name != "reset" {
		return nil
	}
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
		nb.Goal = e.cells.Goal
		for y := range min(h, e.cells.H) {
			for x := range min(w, e.cells.W) {
				nb.Black[y*w+x] = e.cells.Black[y*e.cells.W+x]
			}
		}
		e.cells = nb
	case "mode":
		switch {
		case value == "play" && !e.play:
			start := *e.cells
			start.Black = append([]bool(nil), e.cells.Black...)
			e.play, e.start, e.presses, e.fewest = true, &start, 0, -1
		case value == "edit" && e.play:
			// Back to drawing the board play started from.
			e.cells, e.play, e.start, e.presses, e.fewest = e.start, false, nil, 0, -1
		}
	case "reset":
		if e.play {
			reset := *e.start
			reset.Black = append([]bool(nil), e.start.Black...)
			e.cells, e.presses = &reset, 0
		}
	case "goal":
		g, err := strconv.Atoi(value)
		if err != nil || g < 0 || g >= len(flip.Goals) {
			return fmt.Errorf("flip: unknown goal %q", clip(value, 12))
		}
		e.cells.Goal = flip.Goals[g]
	case "clear":
		clear(e.cells.Black)
	case "invert":
		for i := range e.cells.Black {
			e.cells.Black[i] = !e.cells.Black[i]
		}
	}
	return nil
}

// press in play mode presses the cell; in draw mode the left button
// toggles it and a stroke paints that colour, the right one paints white.
func (e *flipEditor) press(i int, alt bool) (byte, bool) {
	if i < 0 || i >= len(e.cells.Black) {
		return 0, false
	}
	if e.play {
		e.cells.Press(i)
		e.presses++
		return 0, true
	}
	v := !e.cells.Black[i]
	if alt {
		v = false
	}
	changed := e.cells.Black[i] != v
	e.cells.Black[i] = v
	return byte(boolInt(v)), changed
}

func (e *flipEditor) paint(i int, v byte) bool {
	if e.play || v > 1 || i < 0 || i >= len(e.cells.Black) || e.cells.Black[i] == (v == 1) {
		return false
	}
	e.cells.Black[i] = v == 1
	return true
}

func (e *flipEditor) board(p *Page) app.UI {
	b := e.cells
	return app.Div().Class("gridwrap").Body(p.gridView(b.W, b.H, func(i int) cell {
		c := cell{class: "white", label: "white"}
		if b.Black[i] {
			c.class, c.label = "black", "black"
		}
		if e.answer != nil && e.answer.Possible && e.answer.Presses.Has(i) {
			c.class += " press"
			c.label += ", press"
		}
		return c
	}, classIf("flip", e.play, "playing"), "Flip board"))
}

// work asks for the fewest presses of the board play started from.
func (e *flipEditor) work() (jobRequest, bool) {
	if !e.play || e.fewest != -1 {
		return jobRequest{}, false
	}
	return jobRequest{op: opSolve, game: "flip", text: e.start.String()}, true
}

func (e *flipEditor) took(r jobRequest, raw []byte) {
	var a flip.Answer
	if !e.play || r.text != e.start.String() || json.Unmarshal(raw, &a) != nil {
		return
	}
	e.fewest = -2
	if a.Possible {
		e.fewest = a.Count
	}
}

func (e *flipEditor) setAnswer(raw []byte) (answerLine, error) {
	var a flip.Answer
	if err := json.Unmarshal(raw, &a); err != nil {
		return answerLine{}, err
	}
	e.answer = &a
	if !a.Possible {
		return no(fmt.Sprintf("Impossible: no presses make the board %s.", e.cells.Goal)), nil
	}
	colour := map[string]string{"b": "black", "w": "white"}[a.Color]
	if a.Count == 0 {
		return yes("Already all " + colour + ": no presses needed."), nil
	}
	proof := "the fewest possible"
	if !a.Minimal {
		proof = "not proven the fewest"
	}
	sets := ""
	if a.Minimal {
		sets = " " + solutionsLine(a.Solutions, "fewest-press set")
	}
	if a.Count == 1 {
		return yes(fmt.Sprintf("Press the marked cell to turn it all %s (%s).%s", colour, proof, sets)), nil
	}
	return yes(fmt.Sprintf("Press the %d marked cells to turn it all %s (%s).%s", a.Count, colour, proof, sets)), nil
}

func (e *flipEditor) dealSize() (w, h int) { return e.cells.W, e.cells.H }

// deal starts playing a new board.
func (e *flipEditor) deal(text string) error {
	if err := e.load(text); err != nil {
		return err
	}
	return e.tool("mode", "play")
}

// hintRequest: a press from the board shown (the puzzle is the board play
// started from).
func (e *flipEditor) hintRequest() (puzzle, position string, ok bool) {
	start := e.cells
	if e.play {
		start = e.start
	}
	return start.String(), e.cells.String(), !e.cells.Solved()
}

func (e *flipEditor) playState() (on, won bool) {
	return e.play, e.play && e.presses > 0 && e.cells.Solved()
}

// The game's help panel, images and other parts (see parts.go).

// flipHelp is the game's "How it works" panel.
var flipHelp = gameHelp{
	rules: []string{
		"Each cell is black or white. Pressing a cell flips it and its neighbours above, below, left and right.",
		"Goal: make the whole board one colour, all black or all white, with the fewest presses. The solver gives that number, or Impossible.",
		"The Goal picker asks for one colour only: all white (light, as in Simon Tatham's Flip, whose game IDs open with that goal) or all black (dark).",
	},
	picture: flipPress,
	marks: []helpMark{
		mark("black", "", "a black cell"),
		mark("white", "", "a white cell"),
		mark("white press", "", "amber dot: press here (the answer's presses, in any order)"),
	},
	format:  "16 cells, b black or w white, read as a 4×4 board row by row; spaces and line breaks don't matter.",
	example: "bwwb\nbbwb\nbwwb\nbwww\n",
	also: []helpExample{
		{"The same on one line", "bwwbbbwbbwwbbwww"},
		{`Any size: a "w h" line, then h rows`, "5 3\nbwwbb\nwwbbw\nbbbww\n"},
		{`A goal after the size: white or black`, "3 3 white\nbwb\nwbw\nbwb\n"},
	},
	play: "press",
	keys: gridKeys,
}

func (*flipEditor) help() gameHelp { return flipHelp }

// flipPress shows one press on a 3×3 board: the middle and its four
// neighbours flip.
func flipPress() app.UI {
	const plus = "010111010" // the cells the middle press flips
	return app.Div().Class("help-steps").Body(
		miniGrid("flip", 9, 3, func(i int) string {
			if i == 4 {
				return "white press"
			}
			return "white"
		}),
		app.Span().Class("help-arrow").Text("→"),
		miniGrid("flip", 9, 3, func(i int) string {
			if plus[i] == '1' {
				return "black"
			}
			return "white"
		}),
	)
}

// draw: the black cells; the answer rings the cells to press.
func (e *flipEditor) draw(answer bool) (*sketch, error) {
	b, a := e.cells, e.answer
	if answer {
		if a == nil {
			return nil, errNoAnswer
		}
		if !a.Possible {
			return nil, errNoSolution
		}
	}
	s := newSketch(float64(b.W), float64(b.H))
	for i, black := range b.Black {
		x, y := float64(i%b.W), float64(i/b.W)
		if black {
			s.Rect(x, y, 1, 1, ink)
		}
		if answer && a.Presses.Has(i) {
			s.Circle(x+0.5, y+0.5, 0.3, "none", "#d0021b")
		}
	}
	s.Grid(0, 0, b.W, b.H, 0)
	if answer {
		colour := "white"
		if a.Color == "b" {
			colour = "black"
		}
		s.Caption = fmt.Sprintf("Press the %d circled cells: every cell turns %s.", a.Count, colour)
	}
	return s, nil
}

func (*flipEditor) colours() cssColours    { return nil }
func (*flipEditor) input() boardInput      { return boardInput{} }
func (e *flipEditor) fileSize() (w, h int) { return e.size() }
func (e *flipEditor) marginChars() int     { return 0 }

// openShared: a shared board is pressed to one colour, in play.
func (e *flipEditor) openShared(text string) error { return e.deal(text) }

// warmup: 40×40, dealt and solved natively in 0.2 ms.
func (*flipEditor) warmup() warmup {
	return warmup{deal: solvers.Options{W: 40, H: 40, Level: 3}, order: 1}
}
