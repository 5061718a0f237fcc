package iq

import "fmt"

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
		return fmt.Errorf("iq: no piece number %d (want 0 to %d)", p, NumPieces-1)
	}
	letter := byte('A' + p)
	if o < 0 || o >= len(orientations[p]) {
		return fmt.Errorf("iq: piece %c has no orientation %d (it has %d)", letter, o, len(orientations[p]))
	}
	for _, v := range b.cells {
		if v == letter {
			return fmt.Errorf("iq: piece %c is already on the board", letter)
		}
	}
	shape := orientations[p][o]
	for _, s := range shape {
		rr, cc := r+s.Row-shape[0].Row, c+s.Col-shape[0].Col
		if rr < 0 || rr >= Size || cc < 0 || cc > rr {
			return fmt.Errorf("iq: piece %c would go off the board", letter)
		}
		if v := b.At(rr, cc); v != Empty {
			return fmt.Errorf("iq: piece %c would overlap piece %c at row %d, column %d", letter, v, rr+1, cc+1)
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
