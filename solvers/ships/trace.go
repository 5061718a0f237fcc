package ships

import (
	"context"
	"math/bits"
	"slices"

	"gridsolve/solvers/msg"
	"gridsolve/solvers/trace"
)

// The trace of a Ships search (see package trace) is the judge's count of
// the fleets that fit the shots, ship by ship over the hits:
//
//   - Choose: what the search branches on next: the hit with the fewest
//     placements covering it (At is that cell) or the ship with the
//     fewest places left (At is -1).
//   - Try: a ship placed: its cells take the ship's number.
//   - Undo: the ship taken back.
//   - Fail: a dead end: hits that the ships left cannot all cover, a
//     ship with no place left, a fleet that leaves a hit uncovered.
//   - Found: a fleet covering every hit whose ship cells are a grid not
//     counted before; its note carries the count so far. A fleet with the
//     same ship cells as one counted is a Deduce step, not counted again.
//   - The last step, a Deduce, is the verdict, yes or no and why; its
//     cells are the whole board, set to the last grid counted (all 0 when
//     none was), which is what the trace replays to, cut short or not.
//
// A trace board holds, per cell (row-major), 0 for no ship and 1 to 7
// for the ships O, Z, S, J, L, T and I; the start board is all 0 (the
// shots are the puzzle's own).

// Trace answers the judge question for the board given in its text,
// recording up to limit steps of the search (see the comment above).
func (Game) Trace(ctx context.Context, text string, limit int) (trace.Trace, error) {
	b, err := ParseBoard(text)
	if err != nil {
		return trace.Trace{}, err
	}
	t := &fleetTrace{r: trace.NewRecorder(limit), w: b.W, board: make([]int, len(b.Cells)), last: make([]int, len(b.Cells))}
	v, err := judge(ctx, b, trace.Progress(ctx), t)
	if err != nil {
		return trace.Trace{}, err
	}
	tr := t.r.Trace(make([]int, len(b.Cells)))
	cells := make([]int, len(b.Cells))
	for i := range cells {
		cells[i] = i
	}
	at := -1
	if v.win {
		at = v.shot
	}
	tr.Steps = append(tr.Steps, trace.Step{Kind: trace.Deduce, At: at, Cells: cells, Values: t.last,
		Nodes: v.nodes, Backtracks: t.backtracks, Note: v.explain(b)})
	return tr, nil
}

// ShipLetters names the ships, by their number in a trace board from 1
// (their index from 0 in Fleet).
const ShipLetters = "OZSJLTI"

// shipName names ship i (0 for O).
func shipName(i int) string { return ShipLetters[i : i+1] }

// explain says why the judge answers as v does.
func (v verdict) explain(b *Board) string {
	switch v.why {
	case tooSmall:
		return msg.Sprintf("No: the board has %d cells, fewer than the %d the ships take.", b.W*b.H, shipCells)
	case tooManyHits:
		return msg.Sprintf("No: there are more hits than the %d ship cells.", shipCells)
	case tooManyGrids:
		return msg.Sprintf("No: more than %d grids of ship cells fit these shots, too many for one miss to tell apart.", v.grids-1)
	}
	switch {
	case v.grids == 0:
		return "No: no fleet fits these shots."
	case v.grids == 1:
		return "Yes: exactly one grid of ship cells fits these shots: every ship cell is known, with no miss to come."
	case v.win:
		r, c := v.shot/b.W, v.shot%b.W
		return msg.Sprintf("Yes: %d grids fit; a shot where only one of those left has water rules one out, hit or miss, and such shots go on until one grid is left (the first at row %d, column %d), with at most one miss.", v.grids, r+1, c+1)
	}
	return msg.Sprintf("No: %d grids fit, and once some are ruled out every cell not shot is water in none or in two or more of those left: a miss there may leave two, and a second miss.", v.grids)
}

// fleetTrace records a search into a trace.Recorder. The search calls it
// only when it is not nil, so an untraced search pays a nil check per
// event.
type fleetTrace struct {
	r          *trace.Recorder
	w          int   // the board's width, to name cells
	board      []int // the ships placed, as the trace shows them
	last       []int // the board of the last grid counted
	grids      int
	backtracks int64
}

func (t *fleetTrace) add(s *search, st trace.Step) {
	st.Nodes, st.Backtracks = s.nodes, t.backtracks
	t.r.Add(st)
}

// cellName names cell i for people.
func (t *fleetTrace) cellName(i int) string {
	return msg.Sprintf("row %d, column %d", i/t.w+1, i%t.w+1)
}

// cellsOf returns p's cells.
func cellsOf(p *placement) []int {
	cells := make([]int, 0, 4)
	for k, word := range p.bits {
		for ; word != 0; word &= word - 1 {
			cells = append(cells, 64*(int(p.word)+k)+bits.TrailingZeros64(word))
		}
	}
	return cells
}

// The methods the search calls are kept out of it (noinline): their
// words would grow its code, and the page's download, once per call.

func (t *fleetTrace) choose(s *search, at int, note string) {
	t.add(s, trace.Step{Kind: trace.Choose, At: at, Note: note})
}

func (t *fleetTrace) fail(s *search, at int, note string) {
	t.add(s, trace.Step{Kind: trace.Fail, At: at, Note: note})
}

//go:noinline
func (t *fleetTrace) tooManyHits(s *search, hits, left int) {
	t.fail(s, -1, msg.Sprintf("%d hits are left to cover, more than the %d ships left can: a dead end.", hits, left))
}

// anyPlace records the choice of the first ship left, anywhere it fits:
// the last one, or the next one on an open board.
//
//go:noinline
func (t *fleetTrace) anyPlace(s *search, last bool) {
	ship := shipName(bits.TrailingZeros8(s.left))
	if last {
		t.choose(s, -1, msg.Sprintf("Every hit is covered: the last ship, %s, goes anywhere it fits.", ship))
		return
	}
	t.choose(s, -1, msg.Sprintf("Every hit is covered and the board is open: ship %s goes next, anywhere it fits.", ship))
}

//go:noinline
func (t *fleetTrace) fewestPlaces(s *search, ship, places int) {
	t.choose(s, -1, msg.Sprintf("Every hit is covered: ship %s has the fewest places left, %s.", shipName(ship), placesText(places)))
}

//go:noinline
func (t *fleetTrace) uncovered(s *search, hit int) {
	t.fail(s, hit, "The fleet is complete but leaves this hit uncovered: a dead end.")
}

// set puts value v (0 for none) on p's cells, and records the step, what
// is done to the ship ("Place", "Take back").
func (t *fleetTrace) set(s *search, p *placement, v int, kind trace.Kind, what string) {
	cells := cellsOf(p)
	for _, c := range cells {
		t.board[c] = v
	}
	if t.r.Full() {
		t.r.Add(trace.Step{Kind: kind})
		return
	}
	t.add(s, trace.Step{Kind: kind, At: -1, Cells: cells, Values: slices.Repeat([]int{v}, len(cells)),
		Note: msg.Sprintf("%s ship %s from %s.", what, shipName(int(p.ship)), t.cellName(cells[0]))})
}

//go:noinline
func (t *fleetTrace) place(s *search, p *placement) {
	t.set(s, p, int(p.ship)+1, trace.Try, "Place")
}

//go:noinline
func (t *fleetTrace) takeBack(s *search, p *placement) {
	t.backtracks++
	t.set(s, p, 0, trace.Undo, "Take back")
}

// cramped records a scan's dead end: a ship with no place left, or fewer
// open cells than the ships left need.
//
//go:noinline
func (t *fleetTrace) cramped(s *search, ship, places, open, left int) {
	if places == 0 {
		t.fail(s, -1, msg.Sprintf("Ship %s has no place left: a dead end.", shipName(ship)))
		return
	}
	t.fail(s, -1, msg.Sprintf("Only %d cells are open to the %d ships left, which take %d: a dead end.", open, left, 4*left))
}

// uncoverable records hits the ships left cannot cover.
//
//go:noinline
func (t *fleetTrace) uncoverable(s *search, cell, places, left int) {
	if places == 0 && cell >= 0 {
		t.fail(s, cell, msg.Sprintf("No ship left can cover the hit at %s: a dead end.", t.cellName(cell)))
		return
	}
	t.fail(s, -1, msg.Sprintf("The hits left need more ships than the %d left, as no ship can cover two of some of them: a dead end.", left))
}

// branchOn records the choice among the hits and the ships.
//
//go:noinline
func (t *fleetTrace) branchOn(s *search, ship, cell, places int) {
	if ship >= 0 {
		t.choose(s, -1, msg.Sprintf("Ship %s has the fewest places left, %s: try each.", shipName(ship), placesText(places)))
		return
	}
	t.choose(s, cell, msg.Sprintf("The hit at %s has the fewest ways to be covered, %s: try each.", t.cellName(cell), placesText(places)))
}

// placesText says n places in words.
func placesText(n int) string {
	if n == 1 {
		return "one place"
	}
	return msg.Sprintf("%d places", n)
}

// grid records a fleet covering every hit, counted when its grid is new.
//
//go:noinline
func (t *fleetTrace) grid(s *search, isNew bool) {
	if !isNew {
		if !t.r.Full() {
			t.add(s, trace.Step{Kind: trace.Deduce, At: -1, Note: "This fleet covers the same cells as a grid counted already: not counted again."})
		}
		return
	}
	t.grids++
	copy(t.last, t.board)
	cells := make([]int, len(t.board))
	for i := range cells {
		cells[i] = i
	}
	t.add(s, trace.Step{Kind: trace.Found, At: -1, Cells: cells, Values: slices.Clone(t.board),
		Note: msg.Sprintf("Every hit is covered: grid %d, one not counted before (%d so far).", t.grids, t.grids)})
}

// lastShip records the last ship placed at p, completing a fleet that
// covers every hit, then taken back.
//
//go:noinline
func (t *fleetTrace) lastShip(s *search, p *placement, isNew bool) {
	t.place(s, p)
	t.grid(s, isNew)
	t.takeBack(s, p)
}
