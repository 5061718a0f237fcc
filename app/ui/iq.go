package ui

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gridsolve/solvers"
	"gridsolve/solvers/iq"
)

// iqEditor edits an IQ board: the triangle, which sits in the lower left
// of a Size×Size grid (row r holds columns 0 to r), or Kanoodle's 5×11
// rectangle, chosen with the board picker; the page's cell i is row
// i/Cols, column i%Cols of the board's grid (see iq.Kind). Pieces are
// placed whole: pick one from the palette, turn it (R, the wheel) or
// mirror it (F), and click where its anchor, the first cell of its top
// row, goes; a ghost shows where it would land. Clicking a placed piece picks it up again.
// Painting single cells stays as a second tool, for odd boards.
type iqEditor struct {
	b        *iq.Board
	painting bool // the cell-painting tool instead of whole pieces
	brush    byte // painting: a piece letter, or iq.Empty for the eraser
	piece    int  // placing: the piece in hand, 0 to 11, or -1
	orient   int  // placing: its index in iq.Orientations(piece)
	hover    int  // placing: the cell under the pointer, or -1
	msg      string
	checking bool // Check asked whether the position can be completed
	dealt    bool // playing a position New dealt (the page times it)
	// dealPieces is the number of pieces New places, 0 for as many as
	// the difficulty's.
	dealPieces int
	answer     *iq.Answer
}

func newIQ() *iqEditor { return &iqEditor{b: &iq.Board{}, brush: 'A', hover: -1} }

func (*iqEditor) game() string       { return "iq" }
func (*iqEditor) title() string      { return "IQ" }
func (e *iqEditor) text() string     { return e.b.String() }
func (e *iqEditor) clearAnswer()     { e.answer = nil }
func (e *iqEditor) size() (w, h int) { return e.b.Kind().Cols(), e.b.Kind().Rows() }

// cellOf reads the page's cell i as a row and column of the board, ok
// when it is one of the board's cells.
func (e *iqEditor) cellOf(i int) (r, c int, ok bool) {
	k := e.b.Kind()
	if i < 0 {
		return 0, 0, false
	}
	r, c = i/k.Cols(), i%k.Cols()
	return r, c, k.Has(r, c)
}

// cells calls f with each cell of the board, row by row.
func (e *iqEditor) cells(f func(r, c int)) {
	k := e.b.Kind()
	for r := range k.Rows() {
		for c := range k.Cols() {
			if k.Has(r, c) {
				f(r, c)
			}
		}
	}
}

// boardNames are the board picker's words for the kinds, by iq.Kind.
var boardNames = [...]string{iq.Triangle: "Triangle", iq.Rectangle: "Rectangle 5×11"}

// boardPicker chooses the board; a change of board empties it (Undo
// brings the last one back).
func (e *iqEditor) boardPicker(p *Page) app.UI {
	return toolSelect(p, "Board", "iq-board", "board", "The board: the triangle or Kanoodle's rectangle",
		boardNames[:], int(e.b.Kind()), func(k int) string { return iq.Kind(k).String() })
}

// toolSelect is a labelled drop-down list applying tool name with the
// chosen option's value(k), option k showing names[k].
func toolSelect(p *Page, label, id, name, aria string, names []string, chosen int, value func(k int) string) app.UI {
	opts := make([]app.UI, len(names))
	for k, n := range names {
		opts[k] = app.Option().Value(value(k)).Text(n).Selected(k == chosen)
	}
	return app.Label().Class("field").Body(
		app.Span().Text(label),
		app.Select().ID(id).DataSet("tool", name).Aria("label", aria).Body(opts...).OnChange(p.onTool),
	)
}

// snapshot: the board's judge text, after a "play" line when the board was
// dealt by New (the page times its play).
func (e *iqEditor) snapshot() string {
	if e.dealt {
		return "play\n" + e.text()
	}
	return e.text()
}

func (e *iqEditor) restore(s string) error {
	board, dealt := strings.CutPrefix(s, "play\n")
	if err := e.load(board); err != nil {
		return err
	}
	e.dealt = dealt
	return nil
}

func (e *iqEditor) load(text string) error {
	b, err := iq.ParseBoard(text)
	if err != nil {
		return err
	}
	e.b, e.answer, e.msg, e.dealt = b, nil, "", false
	if e.onBoard(e.piece) {
		e.piece = -1
	}
	return nil
}

// onBoard reports whether piece p is placed.
func (e *iqEditor) onBoard(p int) bool {
	return p >= 0 && strings.IndexByte(e.b.String(), byte('A'+p)) >= 0
}

func (e *iqEditor) tools(p *Page) []app.UI {
	ui := []app.UI{
		e.boardPicker(p),
		p.toolButton("Pieces", "tool", "pieces", !e.painting).ID("iq-pieces"),
		p.toolButton("Paint cells", "tool", "paint", e.painting).ID("iq-paint"),
	}
	if e.painting {
		for _, pc := range iq.Pieces {
			l := pc.Letter
			ui = append(ui, p.toolButton(l, "brush", l, string(e.brush) == l).ID("brush-"+l).Class("swatch p-"+l))
		}
		ui = append(ui, p.toolButton("Eraser", "brush", string(iq.Empty), e.brush == iq.Empty).ID("brush-erase"))
	} else {
		hk, ho, at, hinted := e.hintPlacement(p.cur().hint)
		palette := make([]app.UI, iq.NumPieces)
		for k, pc := range iq.Pieces {
			o, v := 0, strconv.Itoa(k)
			if k == e.piece {
				o = e.orient
			}
			if hinted && k == hk { // picking the hinted piece picks it turned as the hint has it
				v = fmt.Sprintf("%d/%d", k, ho)
			}
			palette[k] = p.toolButton("", "piece", v, k == e.piece).ID("piece-"+pc.Letter).
				Class(classIf("piece-pick", e.onBoard(k), "placed")).Aria("label", "Piece "+pc.Letter).
				Body(pieceShape(k, o))
		}
		ui = append(ui,
			app.Div().Class("palette").Body(palette...),
			p.toolButton("Rotate (R)", "turn", "rotate", false).ID("iq-rotate"),
			p.toolButton("Mirror (F)", "turn", "mirror", false).ID("iq-mirror"),
		)
		if hinted {
			ui = append(ui, p.toolButton("Place it", "place", fmt.Sprintf("%d/%d/%d", hk, ho, at), false).
				ID("iq-place-hint").Title("Place the hinted piece where the hint shows"))
		}
	}
	return append(ui,
		p.toolButton("Check", "check", "", false).ID("iq-check").Title("Can this position still be completed?"),
		app.Button().ID("iq-count").Class("tool").Text("Count").Title("In how many ways can this position be completed?").
			Disabled(p.cur().solving != 0).OnClick(p.onCount),
		p.toolButton("Clear", "clear", "", false))
}

// pieceShape draws piece k in orientation o as a small grid of squares.
func pieceShape(k, o int) app.UI {
	shape := iq.Orientations(k)[o]
	minC := 0
	for _, c := range shape {
		minC = min(minC, c.Col)
	}
	cells := make([]app.UI, len(shape))
	for n, c := range shape {
		cells[n] = app.Span().Class("p-"+iq.Pieces[k].Letter).
			Style("grid-area", fmt.Sprintf("%d / %d", c.Row+1, c.Col-minC+1))
	}
	return app.Span().Class("mini").Aria("hidden", true).Body(cells...)
}

func (e *iqEditor) tool(name, value string) error {
	e.msg = ""
	switch name {
	case "tool":
		e.painting = value == "paint"
	case "brush":
		if len(value) == 1 && (value[0] == iq.Empty || value[0] >= 'A' && value[0] < 'A'+iq.NumPieces) {
			e.brush = value[0]
		}
	case "piece": // "k", or "k/o" for piece k turned as orientation o
		ks, os, turned := strings.Cut(value, "/")
		k, err := strconv.Atoi(ks)
		o, err2 := strconv.Atoi(os)
		switch {
		case err != nil || k < 0 || k >= iq.NumPieces:
		case turned && err2 == nil && o >= 0 && o < len(iq.Orientations(k)):
			e.piece, e.orient = k, o
		case !turned && k != e.piece:
			e.piece, e.orient = k, 0
		}
	case "place": // "k/o/cell": the hint's placement
		f := strings.Split(value, "/")
		if len(f) != 3 {
			return nil
		}
		k, err1 := strconv.Atoi(f[0])
		o, err2 := strconv.Atoi(f[1])
		at, err3 := strconv.Atoi(f[2])
		if err1 != nil || err2 != nil || err3 != nil || k < 0 || k >= iq.NumPieces || o < 0 || o >= len(iq.Orientations(k)) {
			return nil
		}
		r, c, ok := e.cellOf(at)
		if !ok {
			return nil
		}
		if err := e.b.Place(k, o, r, c); err != nil {
			e.msg = strings.TrimPrefix(err.Error(), "iq: ") + "."
			return nil
		}
		e.handNext()
	case "turn":
		e.turn(value == "mirror")
	case "clear":
		e.b, e.dealt = iq.NewBoard(e.b.Kind()), false
	case "board":
		k := iq.Triangle
		if value == iq.Rectangle.String() {
			k = iq.Rectangle
		}
		if k != e.b.Kind() {
			e.b, e.answer, e.dealt, e.hover = iq.NewBoard(k), nil, false, -1
			e.handNext()
		}
	case "deal":
		if n, err := strconv.Atoi(value); err == nil && n >= 0 && n < iq.NumPieces {
			e.dealPieces = n
		}
	case "check":
		e.checking, e.msg = true, "Checking…"
	}
	return nil
}

// turn rotates the piece in hand a quarter turn clockwise, or mirrors it
// left to right, by finding the turned shape among its orientations.
func (e *iqEditor) turn(mirror bool) {
	if e.piece < 0 {
		return
	}
	all := iq.Orientations(e.piece)
	turned := make([]iq.Cell, len(all[e.orient]))
	for n, c := range all[e.orient] {
		if mirror {
			turned[n] = iq.Cell{Row: c.Row, Col: -c.Col}
		} else {
			turned[n] = iq.Cell{Row: c.Col, Col: -c.Row}
		}
	}
	want := anchored(turned)
	for o, shape := range all {
		if slices.Equal(anchored(shape), want) {
			e.orient = o
			return
		}
	}
}

// anchored sorts cells row by row and moves the first to (0, 0), the form
// iq.Orientations uses.
func anchored(cells []iq.Cell) []iq.Cell {
	out := slices.Clone(cells)
	slices.SortFunc(out, func(a, b iq.Cell) int {
		if a.Row != b.Row {
			return a.Row - b.Row
		}
		return a.Col - b.Col
	})
	for n := len(out) - 1; n >= 0; n-- {
		out[n] = iq.Cell{Row: out[n].Row - out[0].Row, Col: out[n].Col - out[0].Col}
	}
	return out
}

// key: R turns the piece in hand, F mirrors it.
func (e *iqEditor) key(k string) bool {
	switch k {
	case "r", "R":
		e.turn(false)
	case "f", "F":
		e.turn(true)
	}
	return false // the board is unchanged; the page renders anyway
}

// setHover moves the ghost to cell i.
func (e *iqEditor) setHover(i int) {
	if !e.painting && e.piece >= 0 {
		e.hover = i
	}
}

// press places the piece in hand with its anchor on cell i, or picks up
// the piece on cell i (the other button just takes it off). Painting
// paints the brush (the other button erases) on cell i, and a stroke goes
// on painting it.
func (e *iqEditor) press(i int, alt bool) (byte, bool) {
	r, c, ok := e.cellOf(i)
	if !ok {
		return 0, false
	}
	if e.painting {
		v := e.brush
		if alt {
			v = iq.Empty
		}
		return v, e.paintCell(i, v)
	}
	e.msg = ""
	if l := e.b.At(r, c); l != iq.Empty {
		k := int(l - 'A')
		o := e.orientOf(l)
		e.cells(func(rr, cc int) {
			if e.b.At(rr, cc) == l {
				e.b.Set(rr, cc, iq.Empty)
			}
		})
		if !alt && o >= 0 {
			e.piece, e.orient = k, o
		}
		return 0, true
	}
	if e.piece < 0 {
		e.msg = "Pick a piece first."
		return 0, false
	}
	if err := e.b.Place(e.piece, e.orient, r, c); err != nil {
		e.msg = strings.TrimPrefix(err.Error(), "iq: ") + "."
		return 0, false
	}
	e.handNext()
	return 0, true
}

// handNext puts the first piece not yet placed in hand.
func (e *iqEditor) handNext() {
	e.piece = -1
	for k := range iq.NumPieces {
		if !e.onBoard(k) {
			e.piece, e.orient = k, 0
			break
		}
	}
}

// hintPlacement reads a hint that places a piece: the piece, its
// orientation and its anchor cell (the first cell of its top row, where
// press places it), if the piece is not on the board yet.
func (e *iqEditor) hintPlacement(h *solvers.Hint) (piece, orient, anchor int, ok bool) {
	if h == nil || len(h.Move) != 1 || h.Move[0] < 'A' || h.Move[0] >= 'A'+iq.NumPieces || len(h.Cells) == 0 {
		return 0, 0, 0, false
	}
	piece = int(h.Move[0] - 'A')
	if e.onBoard(piece) {
		return 0, 0, 0, false
	}
	cells := make([]iq.Cell, len(h.Cells))
	w := e.b.Kind().Cols()
	for n, i := range h.Cells {
		cells[n] = iq.Cell{Row: i / w, Col: i % w}
	}
	want := anchored(cells)
	first := slices.MinFunc(cells, func(a, b iq.Cell) int {
		if a.Row != b.Row {
			return a.Row - b.Row
		}
		return a.Col - b.Col
	})
	for o, shape := range iq.Orientations(piece) {
		if slices.Equal(anchored(shape), want) {
			return piece, o, first.Row*w + first.Col, true
		}
	}
	return 0, 0, 0, false
}

// orientOf finds the orientation of the piece marked l on the board.
func (e *iqEditor) orientOf(l byte) int {
	var cells []iq.Cell
	e.cells(func(r, c int) {
		if e.b.At(r, c) == l {
			cells = append(cells, iq.Cell{Row: r, Col: c})
		}
	})
	want := anchored(cells)
	for o, shape := range iq.Orientations(int(l - 'A')) {
		if slices.Equal(anchored(shape), want) {
			return o
		}
	}
	return -1
}

func (e *iqEditor) paint(i int, v byte) bool {
	if !e.painting {
		return false
	}
	return e.paintCell(i, v)
}

func (e *iqEditor) paintCell(i int, v byte) bool {
	r, c, ok := e.cellOf(i)
	if !ok || e.b.At(r, c) == v || v != iq.Empty && (v < 'A' || v >= 'A'+iq.NumPieces) {
		return false
	}
	e.b.Set(r, c, v)
	return true
}

// ghost is the cells the piece in hand would cover at the hovered cell,
// and whether it fits there.
func (e *iqEditor) ghost() (cells []int, fits bool) {
	if e.painting || e.piece < 0 || e.hover < 0 {
		return nil, false
	}
	k := e.b.Kind()
	r, c, _ := e.cellOf(e.hover)
	for _, s := range iq.Orientations(e.piece)[e.orient] {
		rr, cc := r+s.Row, c+s.Col
		if k.Has(rr, cc) {
			cells = append(cells, rr*k.Cols()+cc)
		}
	}
	return cells, e.b.Fit(e.piece, e.orient, r, c) == nil
}

func (e *iqEditor) board(p *Page) app.UI {
	a := e.answer
	if a != nil && a.Solved && len(a.Rows) != e.b.Kind().Rows() {
		a = nil
	}
	ghost, fits := e.ghost()
	w, h := e.size()
	grid := p.gridView(w, h, func(i int) cell {
		r, c, ok := e.cellOf(i)
		if !ok {
			return cell{class: "off", label: "off the board"}
		}
		var x cell
		switch l := e.b.At(r, c); {
		case l != iq.Empty:
			x = cell{class: "given p-" + string(l), text: string(l), label: "piece " + string(l)}
		case a != nil && a.Solved && c < len(a.Rows[r]):
			l := a.Rows[r][c]
			x = cell{class: "solved p-" + string(l), text: string(l), label: "solution piece " + string(l)}
		default:
			x = cell{class: "empty", label: "empty"}
		}
		if slices.Contains(ghost, i) {
			x.class = strings.TrimPrefix(x.class, "empty") + " ghost p-" + iq.Pieces[e.piece].Letter
			if !fits {
				x.class += " bad"
			}
		}
		return x
	}, "iq", "IQ board")
	hint := "Pick a piece, turn it with R or the wheel, mirror it with F, and click where its top-left cell goes. Click a placed piece to pick it up; right-click takes it off."
	if e.painting {
		hint = "Pick a letter, then click or drag over cells to paint it; right-click erases."
	}
	if e.msg != "" {
		hint = e.msg
	}
	if e.solvedNow() {
		hint = "Solved! All twelve pieces fill the " + e.b.Kind().String() + "."
	}
	return app.Div().Body(
		app.Div().Class("gridwrap").Body(grid),
		app.P().ID("iq-msg").Class(classIf("hint", e.msg != "", "warn")).Text(hint),
	)
}

func (e *iqEditor) setAnswer(raw []byte) (answerLine, error) {
	var a iq.Answer
	if err := json.Unmarshal(raw, &a); err != nil {
		return answerLine{}, err
	}
	e.answer = &a
	if !a.Solved {
		return no("No solution: the missing pieces cannot fill the " + e.b.Kind().String() + "."), nil
	}
	return yes("Solved: the missing pieces are drawn in. " + solutionsLine(a.Solutions, "completion")), nil
}

// work runs Check: can the position still be completed? The answer is
// not shown, only whether there is one.
func (e *iqEditor) work() (jobRequest, bool) {
	if !e.checking {
		return jobRequest{}, false
	}
	return jobRequest{op: opSolve, game: "iq", text: e.text()}, true
}

func (e *iqEditor) took(r jobRequest, raw []byte) {
	var a iq.Answer
	if !e.checking || r.text != e.text() || json.Unmarshal(raw, &a) != nil {
		return
	}
	e.checking = false
	switch {
	case !a.Solved:
		e.msg = "This position cannot be completed: take some pieces back."
	case a.Solutions == 1:
		e.msg = "This position can still be completed, in exactly one way."
	default:
		e.msg = "This position can still be completed, in more than one way."
	}
}

// solvedNow reports a full board of valid pieces.
func (e *iqEditor) solvedNow() bool {
	return !strings.Contains(e.text(), string(iq.Empty)) && iq.Validate(e.b) == nil
}

// dealSize: the generator deals the rectangle for its size, 11 by 5, and
// the triangle for any other.
func (e *iqEditor) dealSize() (w, h int) { return e.size() }

// tuneDeal asks for the chosen number of pieces placed.
func (e *iqEditor) tuneDeal(o *solvers.Options) { o.Pieces = e.dealPieces }

// dealChoice picks the number of pieces New places.
func (e *iqEditor) dealChoice(p *Page) app.UI {
	return toolSelect(p, "Pieces placed", "iq-deal-pieces", "deal", "Pieces New places on the board",
		dealNames[:], e.dealPieces, strconv.Itoa)
}

// dealNames are the words of dealChoice, by the number of pieces placed.
var dealNames = [iq.NumPieces]string{"As the difficulty", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"}

// deal shows a new starting position, to play with whole pieces.
func (e *iqEditor) deal(text string) error {
	if err := e.load(text); err != nil {
		return err
	}
	e.dealt, e.painting = true, false
	return nil
}

func (e *iqEditor) playState() (on, won bool) { return e.dealt, e.dealt && e.solvedNow() }

// hintRequest: a piece placement from the board as it is.
func (e *iqEditor) hintRequest() (puzzle, position string, ok bool) {
	return e.text(), e.text(), strings.Contains(e.text(), string(iq.Empty))
}

// boardCells maps the iq package's cell numbers (see iq.Kind.Index) to
// this board's, r*Cols+c.
func (e *iqEditor) boardCells(cells []int) []int {
	k := e.b.Kind()
	out := make([]int, 0, len(cells))
	for _, i := range cells {
		if i >= 0 && i < iq.NumCells {
			r, c := k.RowCol(i)
			out = append(out, r*k.Cols()+c)
		}
	}
	return out
}

// The game's help panel, images and other parts (see parts.go).

// iqHelp is the game's "How it works" panel.
// iqKeys: the cursor's, and the chosen piece's turns.
var iqKeys = append(slices.Clip(gridKeys),
	helpKey{"R / wheel", "rotate the chosen piece"},
	helpKey{"F", "mirror it"},
)

var iqHelp = gameHelp{
	rules: []string{
		"Fill the triangle of 55 cells, rows of 1 to 10, with the twelve pieces below, each used once. Pieces may be turned and flipped over.",
		"Place some pieces yourself; the solver fills in the rest, or says there is no solution. Count says in how many ways the rest can be filled (32,288 for the empty triangle), counting on every core of the machine.",
		"The same twelve pieces are Kanoodle's (IQ Puzzler's), whose booklet sets its challenges on a rectangle of 5 rows of 11 cells: pick it with Board. It fills in 371,020 ways; its text starts with the line \"rectangle 11x5\".",
	},
	picture: iqPictures,
	marks: []helpMark{
		mark("given p-A", "A", "bold, ringed: a piece you placed"),
		mark("solved p-A", "A", "plain: a piece the solver placed"),
		mark("empty", "", "an empty cell"),
	},
	format:  "Ten lines, line i holding i cells: . for an empty cell or a piece letter A–L.",
	example: "A\nAA\n...\nBBBB\n.....\n......\n.......\n........\n.........\n..........\n",
	also: []helpExample{{"The rectangle: the line \"rectangle 11x5\", then its five rows of eleven cells (or the rows alone)",
		"rectangle 11x5\nAA.........\nA..........\n...........\n...........\n...........\n"}},
	play:    "place the chosen piece",
	playAlt: "take a placed piece off",
	keys:    iqKeys,
}

func (*iqEditor) help() gameHelp { return iqHelp }

// iqPictures are the help's pictures: the pieces, and the rectangle
// filled by them.
func iqPictures() app.UI {
	return app.Div().Body(iqPieces(), iqRectangle())
}

// iqFilled is a filled rectangle, one of its 371,020 fillings, for the
// help's picture (TestIQHelpRectangle checks it is one).
var iqFilled = [iq.RectRows]string{"AAJFFFFLLLL", "AJJJFKKIIIL", "CGJGHHKKEII", "CGGGHHHKEDD", "CCBBBBEEEDD"}

// iqRectangle draws iqFilled.
func iqRectangle() app.UI {
	return app.Div().Class("help-rect").Body(
		miniGrid("iq", iq.NumCells, iq.RectCols, func(i int) string {
			return "solved p-" + string(iqFilled[i/iq.RectCols][i%iq.RectCols])
		}),
		app.P().Class("hint").Text("Kanoodle's rectangle, filled: one of its 371,020 fillings."))
}

// iqPieces draws the twelve pieces in their solver's base orientation.
func iqPieces() app.UI {
	pieces := make([]app.UI, len(iq.Pieces))
	for i, p := range iq.Pieces {
		cells := make([][2]int, len(p.Cells))
		for k, c := range p.Cells {
			cells[k] = [2]int{c.Row, c.Col}
		}
		pieces[i] = helpShape("solved p-"+p.Letter, cells, p.Letter)
	}
	return app.Div().Class("help-fleet").Body(pieces...)
}

// iqColours are the pieces' colours on the page, which the images use.
var iqColours = cssColours{
	{".p-A", "#e6194b"}, {".p-B", "#3cb44b"}, {".p-C", "#ffe119"}, {".p-D", "#4a8fe7"}, {".p-E", "#f58231"}, {".p-F", "#b06ad6"},
	{".p-G", "#42d4f4"}, {".p-H", "#f032e6"}, {".p-I", "#bfef45"}, {".p-J", "#fabed4"}, {".p-K", "#c8a26b"}, {".p-L", "#a9a9ff"},
}

func (*iqEditor) colours() cssColours { return iqColours }

// draw: the board with the pieces placed, each lettered in its colour;
// the answer fills in the rest.
func (e *iqEditor) draw(answer bool) (*sketch, error) {
	a, k := e.answer, e.b.Kind()
	if answer {
		if a == nil {
			return nil, errNoAnswer
		}
		if !a.Solved || len(a.Rows) != k.Rows() {
			return nil, errNoSolution
		}
	}
	w, h := e.size()
	s := newSketch(float64(w), float64(h))
	e.cells(func(r, c int) {
		l := e.b.At(r, c)
		if l == iq.Empty && answer && c < len(a.Rows[r]) {
			l = a.Rows[r][c]
		}
		x, y := float64(c), float64(r)
		if color := iqColours.of(".p-" + string(l)); color != "" {
			s.Rect(x, y, 1, 1, color)
			s.Text(x+0.5, y+0.5, 0.5, string(l), ink)
		}
		// Each side of the cell: thick where the board ends, thin
		// otherwise (the right and bottom sides are the next cells' left
		// and top, so only drawn at the edge).
		for _, side := range [...]struct {
			dr, dc         int
			x1, y1, x2, y2 float64
		}{{-1, 0, x, y, x + 1, y}, {0, -1, x, y, x, y + 1}, {1, 0, x, y + 1, x + 1, y + 1}, {0, 1, x + 1, y, x + 1, y + 1}} {
			switch in := k.Has(r+side.dr, c+side.dc); {
			case !in:
				s.Line(side.x1, side.y1, side.x2, side.y2, 0.07)
			case side.dr < 0 || side.dc < 0:
				s.Line(side.x1, side.y1, side.x2, side.y2, 0.03)
			}
		}
	})
	return s, nil
}

// input: R and F turn the piece in hand, as a wheel turn over the board
// does, and the board shows the piece in hand where the pointer hovers.
func (e *iqEditor) input() boardInput {
	return boardInput{keys: "r R f F", wheelKey: "r", hover: e.setHover}
}

// warmup: dealt natively in 21 ms, the most of it.
func (*iqEditor) warmup() warmup { return warmup{deal: solvers.Options{Level: 3}, order: 4} }

func (e *iqEditor) fileSize() (w, h int) { return e.size() }
func (e *iqEditor) marginChars() int     { return 0 }

// openShared: a shared position is completed with whole pieces, timed as
// a dealt one.
func (e *iqEditor) openShared(text string) error { return e.deal(text) }

// formats: the shown board's, its own text first (the judge text for the
// triangle, the rectangle's text for the rectangle).
func (e *iqEditor) formats() []solvers.Format { return iq.FormatsOf(e.b.Kind()) }

// stepBoard draws a trace's board (see iq's Trace: 0 empty, 1 to 12 the
// pieces A to L, cells in the board's own numbering) on the editor's
// grid: the pieces given as the editor draws them, those the search laid
// like a solution's, and the cell of the column chosen ringed.
func (e *iqEditor) stepBoard(p *Page, v stepView) app.UI {
	k := e.b.Kind()
	w, h := e.size()
	rows := gridRows(v.rows, w, h, true, func(i int) cell {
		r, c, ok := e.cellOf(i)
		if !ok {
			return cell{class: "off", label: "off the board"}
		}
		at := k.Index(r, c)
		if at >= len(v.board) { // a trace of the other board
			return cell{class: "empty", label: "empty"}
		}
		x := cell{class: "empty", label: "empty"}
		if n := v.board[at]; n >= 1 && n <= iq.NumPieces {
			l := iq.Pieces[n-1].Letter
			x = cell{class: "solved p-" + l, text: l, label: "piece " + l}
			if e.b.At(r, c) != iq.Empty {
				x.class, x.label = "given p-"+l, "given piece "+l
			}
		}
		if v.changed[at] {
			x.class += " stepped"
		}
		if v.step.Kind != 0 && v.step.At == at {
			x.class += " at"
			x.label += ", the column chosen"
		}
		return x
	})
	return stepsGridBox(w, h, "iq", "IQ board").Body(rows...)
}
