package iq

import (
	"math/bits"
	"slices"
	"strings"

	"gridsolve/solvers/msg"
)

// Cell is a position on the square grid: row down, column right.
type Cell struct {
	Row int `json:"row"`
	Col int `json:"col"`
}

// Piece is one of the twelve parts, in its base orientation.
type Piece struct {
	Letter string `json:"letter"` // "A" to "L"
	Cells  []Cell `json:"cells"`  // sorted by row, then column; top-left at (0, 0)
}

// Pieces lists the twelve parts A to L. Their sizes sum to NumCells.
var Pieces = func() (all [NumPieces]Piece) {
	// One call of piece in a loop, not one per piece: the worker inlines
	// this package, and twelve inlined calls made 10 KB of WebAssembly.
	shapes := [NumPieces]string{
		"11/10",       // A
		"1111",        // B
		"111/100",     // C
		"11/11",       // D
		"1/1/111",     // E
		"1111/01",     // F
		"111/101",     // G
		"111/110",     // H
		"111/0011",    // I
		"010/111/010", // J
		"1/11/011",    // K
		"1111/1",      // L
	}
	for i, shape := range shapes {
		all[i] = piece(string(rune('A'+i)), shape)
	}
	return all
}()

// NumPieces is the number of parts, A to L.
const NumPieces = 12

// piece reads a shape written as rows of 0 and 1 separated by '/'.
func piece(letter, shape string) Piece {
	p := Piece{Letter: letter}
	for r, line := range strings.Split(shape, "/") {
		for c := range len(line) {
			if line[c] == '1' {
				p.Cells = append(p.Cells, Cell{r, c})
			}
		}
	}
	return p
}

// orientations holds, per piece, every distinct shape reachable by rotation
// and reflection, each normalized (see normalize).
var orientations = func() (all [NumPieces][][]Cell) {
	for i, p := range Pieces {
		shape := slices.Clone(p.Cells)
		for flip := range 2 {
			for range 4 {
				n := normalize(shape)
				if !slices.ContainsFunc(all[i], func(o []Cell) bool { return slices.Equal(o, n) }) {
					all[i] = append(all[i], n)
				}
				for k, c := range shape { // rotate a quarter turn
					shape[k] = Cell{c.Col, -c.Row}
				}
			}
			if flip == 0 {
				for k, c := range shape { // mirror left to right
					shape[k] = Cell{c.Row, -c.Col}
				}
			}
		}
	}
	return all
}()

// normalize returns the cells shifted so the smallest row and column are 0,
// sorted by row then column, so equal shapes compare equal.
func normalize(cells []Cell) []Cell {
	minR, minC := cells[0].Row, cells[0].Col
	for _, c := range cells {
		minR, minC = min(minR, c.Row), min(minC, c.Col)
	}
	n := make([]Cell, len(cells))
	for k, c := range cells {
		n[k] = Cell{c.Row - minR, c.Col - minC}
	}
	// An insertion sort: a piece has five cells at most, and
	// slices.SortFunc on Cells took 16 KB of the worker's WebAssembly.
	for i := 1; i < len(n); i++ {
		for j := i; j > 0 && (n[j].Row < n[j-1].Row || n[j].Row == n[j-1].Row && n[j].Col < n[j-1].Col); j-- {
			n[j], n[j-1] = n[j-1], n[j]
		}
	}
	return n
}

// Validate checks that every letter on the board covers exactly the cells of
// one orientation of its piece. The statement promises this of its inputs,
// so a board breaking it is malformed rather than unsolvable.
func Validate(b *Board) error {
	var masks [NumPieces]uint64 // per piece: the cells marked with it
	for i, v := range b.cells {
		switch {
		case v == 0:
		case 'A' <= v && v <= 'L':
			masks[v-'A'] |= 1 << i
		default:
			r, _ := b.kind.RowCol(i)
			return msg.Errorf("iq: line %d: unexpected character %q", r+1, v)
		}
	}
	for p, mask := range masks {
		if mask != 0 && !b.kind.geo().isPlacement(p, mask) {
			return msg.Errorf("iq: the cells marked %c do not make piece %c's shape", 'A'+p, 'A'+p)
		}
	}
	return nil
}

// isPlacement reports whether the cells of mask are where some placement
// of piece p puts it. The placements hold every orientation at every
// position on the board, so that is whether the cells, moved to the
// top left, make one orientation of the piece.
func (g *geometry) isPlacement(p int, mask uint64) bool {
	if bits.OnesCount64(mask) != len(Pieces[p].Cells) {
		return false
	}
	// A placement on every cell of mask and on no more is on mask.
	on := g.byPiece[p].every
	for m := mask; m != 0; m &= m - 1 {
		over := &g.byPiece[p].over[bits.TrailingZeros64(m)]
		on[0], on[1], on[2], on[3], on[4] = on[0]&over[0], on[1]&over[1], on[2]&over[2], on[3]&over[3], on[4]&over[4]
	}
	return on != placementSet{}
}
