package iq

import (
	"context"
	"errors"
	"math/rand/v2"

	"gridsolve/solvers/msg"
	"gridsolve/solvers/play"
)

// Orientations returns the distinct shapes of piece p (0 for A to 11 for
// L) under rotation and reflection, each as offsets from its anchor, the
// leftmost cell of its top row: the anchor is (0, 0) and comes first, the
// other cells follow row by row. It returns nil for a p out of range.
func Orientations(p int) [][]Cell {
	if p < 0 || p >= NumPieces {
		return nil
	}
	var all [][]Cell
	for _, shape := range orientations[p] {
		offsets := make([]Cell, len(shape))
		for k, c := range shape {
			offsets[k] = Cell{c.Row - shape[0].Row, c.Col - shape[0].Col}
		}
		all = append(all, offsets)
	}
	return all
}

// Fit says why piece p in orientation o (an index into Orientations(p)),
// its anchor on row r, column c (from 0), cannot go on b: not a piece, the
// piece already on the board, a cell off the board or on another piece.
// It returns nil when the piece fits.
func (b *Board) Fit(p, o, r, c int) error {
	if p < 0 || p >= NumPieces {
		return msg.Errorf("iq: no piece number %d (want 0 to %d)", p, NumPieces-1)
	}
	letter := byte('A' + p)
	if o < 0 || o >= len(orientations[p]) {
		return msg.Errorf("iq: piece %c has no orientation %d (it has %d)", letter, o, len(orientations[p]))
	}
	for _, v := range b.cells {
		if v == letter {
			return msg.Errorf("iq: piece %c is already on the board", letter)
		}
	}
	shape := orientations[p][o]
	for _, s := range shape {
		rr, cc := r+s.Row-shape[0].Row, c+s.Col-shape[0].Col
		if !b.kind.Has(rr, cc) {
			return msg.Errorf("iq: piece %c would go off the board", letter)
		}
		if v := b.At(rr, cc); v != Empty {
			return msg.Errorf("iq: piece %c would overlap piece %c at row %d, column %d", letter, v, rr+1, cc+1)
		}
	}
	return nil
}

// Place puts piece p in orientation o with its anchor on row r, column c,
// if it fits (see Fit).
func (b *Board) Place(p, o, r, c int) error {
	if err := b.Fit(p, o, r, c); err != nil {
		return err
	}
	shape := orientations[p][o]
	for _, s := range shape {
		b.Set(r+s.Row-shape[0].Row, c+s.Col-shape[0].Col, byte('A'+p))
	}
	return nil
}

// levelPieces is the number of pieces a generated puzzle has on its board
// at levels 1 (easy) and 2; level 3 (hard) keeps as few as it can (see
// Generate).
var levelPieces = [...]int{1: 7, 2: 5}

// hardTries is how many random ways to take pieces off a level 3 puzzle
// Generate tries, keeping the one with the fewest pieces left.
const hardTries = 8

// Generate deals a starting position, as the booklets of the physical game
// do: some pieces of a random full board already placed, such that the
// others complete it in one way only. Level 1 (easy) places 7 pieces,
// level 2 places 5, level 3 (hard) as few as it finds: pieces are taken
// off in a random order as long as the completion stays unique, the best
// of hardTries orders. On the triangle that leaves 2 or 3 pieces, seldom
// 4 (of seeds 1 to 100: 38, 59 and 3 puzzles; twice the tries only turn a
// few more 3s into 2s).
//
// o.Pieces, when not 0, asks for that many pieces placed instead, 1 to
// 11, whatever the level: the completion is unique when the fewest pieces
// found keeping it so are no more; with fewer pieces it has several. o.W
// by o.H of RectCols by RectRows (or RectRows by RectCols) asks for the
// rectangle, any other size the triangle. The same options give the same
// puzzle.
func (Game) Generate(ctx context.Context, o play.Options) (string, error) {
	pieces := 0 // the pieces to place; 0 for as few as keep it unique
	switch {
	case o.Pieces != 0:
		if o.Pieces < 1 || o.Pieces >= NumPieces {
			return "", msg.Errorf("iq: %d pieces placed is not from 1 to %d", o.Pieces, NumPieces-1)
		}
		pieces = o.Pieces
	case o.Level < 1 || o.Level > 3:
		return "", msg.Errorf("iq: level %d is not from 1 to 3", o.Level)
	case o.Level < 3:
		pieces = levelPieces[o.Level]
	}
	kind := Triangle
	if o.W*o.H == NumCells && min(o.W, o.H) == RectRows {
		kind = Rectangle
	}
	rng := rand.New(rand.NewPCG(o.Seed, uint64(o.Level)))
	full, err := randomBoard(ctx, kind, rng)
	if err != nil {
		return "", err
	}
	var best []int // pieces kept, in the order they would be given back
	for range hardTries {
		kept, err := fewestUnique(ctx, full, rng.Perm(NumPieces))
		if err != nil {
			return "", err
		}
		if best == nil || len(kept) < len(best) {
			best = kept
		}
		if pieces > 0 && len(best) <= pieces || o.Pieces == 0 && o.Level < 3 {
			break
		}
	}
	if pieces > 0 && len(best) > pieces {
		best = best[:pieces] // not enough to make the completion unique
	}
	keep := make(map[byte]bool)
	for _, p := range best {
		keep[byte('A'+p)] = true
	}
	// Giving pieces of the same board back keeps the completion unique.
	for _, p := range rng.Perm(NumPieces) {
		if len(keep) < pieces {
			keep[byte('A'+p)] = true
		}
	}
	return only(full, keep).String(), nil
}

// randomBoard returns a full board of the kind, the first the search finds
// with its branches in a random order.
func randomBoard(ctx context.Context, kind Kind, rng *rand.Rand) (*Board, error) {
	pr, err := newProblem(ctx, NewBoard(kind), nil, layout{rng: rng})
	if err != nil {
		return nil, err
	}
	var full *Board
	pr.cover.search(func(rows []int32) bool {
		full = pr.fill(rows)
		return false
	})
	if pr.cover.err != nil {
		return nil, pr.cover.err
	}
	return full, nil
}

// fewestUnique takes the pieces of the full board off in the given order,
// each unless its absence lets the others complete the board in a second
// way, and returns the pieces left.
func fewestUnique(ctx context.Context, full *Board, order []int) ([]int, error) {
	keep := make(map[byte]bool)
	for p := range NumPieces {
		keep[byte('A'+p)] = true
	}
	for _, p := range order {
		delete(keep, byte('A'+p))
		a, err := solve(ctx, only(full, keep), nil, 2)
		if err != nil {
			return nil, err
		}
		if a.Solutions > 1 {
			keep[byte('A'+p)] = true
		}
	}
	var kept []int
	for _, p := range order {
		if keep[byte('A'+p)] {
			kept = append(kept, p)
		}
	}
	return kept, nil
}

// only returns a copy of b with just the pieces in keep.
func only(b *Board, keep map[byte]bool) *Board {
	out := *b
	for i, v := range out.cells {
		if !keep[v] {
			out.cells[i] = 0
		}
	}
	return &out
}

// Hint gives one piece to place on position, the board with the player's
// pieces added to those of puzzle, both in the board's text. Hint.Cells
// are the cells it covers, numbered row by row (see Kind.Index), and
// Hint.Move its letter. It prefers a forced
// piece: the only one that can cover some empty cell, or a piece with only
// one place left. Otherwise the piece comes from a completion of the
// position. When there is none, the hint names, if one does, a piece of the
// player's whose removal makes the position completable again (Move
// "remove"); when no single piece does, it has no cells.
func (Game) Hint(ctx context.Context, puzzle, position string) (play.Hint, error) {
	start, err := ParseBoard(puzzle)
	if err != nil {
		return play.Hint{}, err
	}
	pos, err := ParseBoard(position)
	if err != nil {
		return play.Hint{}, err
	}
	if err := Validate(pos); err != nil {
		return play.Hint{}, err
	}
	if start.kind != pos.kind {
		return play.Hint{}, msg.Errorf("iq: the position is on the %s, the puzzle on the %s", pos.kind, start.kind)
	}
	for i, v := range start.cells {
		if v != 0 && pos.cells[i] != v {
			return play.Hint{}, msg.Errorf("iq: the position has moved or removed piece %c of the puzzle", v)
		}
	}
	h, _, err := hint(ctx, start, pos)
	return h, err
}

// hint is Hint on parsed boards; forced tells a hint that every completion
// of pos contains.
func hint(ctx context.Context, start, pos *Board) (h play.Hint, forced bool, err error) {
	pr, err := newProblem(ctx, pos, nil, layout{})
	if err != nil {
		return h, false, err
	}
	m := pr.cover
	if m.empty == 0 {
		return play.Hint{Reason: "The board is full: the puzzle is solved."}, false, nil
	}
	var solution []int32
	m.search(func(rows []int32) bool {
		solution = append([]int32(nil), rows...)
		return false
	})
	if m.err != nil {
		return h, false, m.err
	}
	if solution == nil {
		return takeBack(ctx, start, pos)
	}
	// The search leaves the matrix as it found it: a column with one row
	// left is a placement every completion holds.
	best := m.next[0]
	for col := m.next[0]; col != 0; col = m.next[col] {
		if m.size[col] < m.size[best] || m.size[col] == m.size[best] && headerCell(col) >= 0 && headerCell(best) < 0 {
			best = col
		}
	}
	what := headerCell(best)
	if m.size[best] == 1 {
		pl := m.geo.placements[m.placement(m.nodes[best].down)]
		reason := msg.Sprintf("Piece %c fits in one place only: here.", 'A'+pl.piece)
		if what >= 0 {
			r, c := pos.kind.RowCol(what)
			reason = msg.Sprintf("Only piece %c can cover the cell at row %d, column %d: it must go here.", 'A'+pl.piece, r+1, c+1)
		}
		return placementHint(pl, reason), true, nil
	}
	// Otherwise, of the completion found, the piece at the tightest spot.
	for _, r := range solution {
		pl := m.geo.placements[r]
		if what >= 0 && pl.mask>>what&1 != 0 || what < 0 && pl.piece == -1-what {
			return placementHint(pl, msg.Sprintf("Piece %c can go here: the board can still be completed with it.", 'A'+pl.piece)), false, nil
		}
	}
	return h, false, errors.New("iq: internal error: the completion found misses a column")
}

// takeBack is the hint for a position with no completion: a piece of the
// player's whose removal leaves one, if any.
func takeBack(ctx context.Context, start, pos *Board) (play.Hint, bool, error) {
	if *start == *pos {
		return play.Hint{Reason: "The puzzle itself cannot be completed."}, false, nil
	}
	for p := range NumPieces {
		letter := byte('A' + p)
		var mask uint64
		for i, v := range pos.cells {
			if v == letter && start.cells[i] != letter {
				mask |= 1 << i
			}
		}
		if mask == 0 {
			continue
		}
		without := *pos
		for i := range without.cells {
			if mask>>i&1 != 0 {
				without.cells[i] = 0
			}
		}
		a, err := solve(ctx, &without, nil, 1)
		if err != nil {
			return play.Hint{}, false, err
		}
		if a.Solved {
			return play.Hint{
				Cells:  cellsOf(mask),
				Move:   "remove",
				Reason: msg.Sprintf("The board cannot be completed with piece %c there: take it back.", letter),
			}, false, nil
		}
	}
	return play.Hint{Reason: "The board cannot be completed from here: take back some pieces."}, false, nil
}

func placementHint(pl placement, reason string) play.Hint {
	return play.Hint{Cells: cellsOf(pl.mask), Move: string(rune('A' + pl.piece)), Reason: reason}
}

// cellsOf lists the cells of mask in increasing order.
func cellsOf(mask uint64) []int {
	var cells []int
	for i := range NumCells {
		if mask>>i&1 != 0 {
			cells = append(cells, i)
		}
	}
	return cells
}
