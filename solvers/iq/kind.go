package iq

import (
	"sync"

	"gridsolve/solvers/msg"
)

// Kind is the shape of a board. Both hold NumCells cells, which the twelve
// pieces fill exactly.
type Kind uint8

const (
	// Triangle is the board of NOI 2005: ten rows, row r (from 0) of r+1
	// cells, left-aligned. It is the zero Kind, so the zero Board.
	Triangle Kind = iota
	// Rectangle is the board of Kanoodle and IQ Puzzler: RectRows rows
	// of RectCols cells.
	Rectangle
)

// The rectangle's size, rows by columns.
const (
	RectRows = 5
	RectCols = 11
)

// String names the kind as the rectangle's header line does.
func (k Kind) String() string {
	if k == Rectangle {
		return "rectangle"
	}
	return "triangle"
}

// Rows returns the number of rows of the board and Cols that of its
// widest row: the page draws a board as a Rows by Cols grid of squares,
// Has telling which squares are cells.
func (k Kind) Rows() int {
	if k == Rectangle {
		return RectRows
	}
	return Size
}

// Cols: see Rows.
func (k Kind) Cols() int {
	if k == Rectangle {
		return RectCols
	}
	return Size
}

// Has reports whether row r, column c (both from 0) is a cell of the board.
func (k Kind) Has(r, c int) bool {
	return r >= 0 && c >= 0 && r < k.Rows() && c < k.Cols() && (k == Rectangle || c <= r)
}

// Index numbers the cells row by row from 0 at the top left: on the
// triangle row r, column c is r*(r+1)/2 + c, on the rectangle
// r*RectCols + c. Hints name cells so. It panics if the cell is off the
// board, like an index out of range.
//
// Index and RowCol stay out of line (go:noinline): no search calls them,
// and inlined at each of their many callers they cost the worker 1.8 KB
// of Brotli.
//
//go:noinline
func (k Kind) Index(r, c int) int {
	if !k.Has(r, c) {
		panic(msg.Sprintf("iq: cell (%d, %d) is off the %s", r, c, k))
	}
	if k == Rectangle {
		return r*RectCols + c
	}
	return r*(r+1)/2 + c
}

// RowCol returns the row and column of cell i, the inverse of Index.
//
//go:noinline
func (k Kind) RowCol(i int) (r, c int) {
	if k == Rectangle {
		return i / RectCols, i % RectCols
	}
	for (r+1)*(r+2)/2 <= i {
		r++
	}
	return r, i - r*(r+1)/2
}

// geometry holds what the search needs to know of one kind of board: where
// the pieces go, which cells touch, and the board's symmetries.
type geometry struct {
	kind Kind
	// placements lists every placement of every piece, piece by piece, in
	// every orientation and position that stays on the board.
	placements []placement
	// firstPlacement[p] is the index of piece p's first placement;
	// firstPlacement[NumPieces] is the number of placements.
	firstPlacement [NumPieces + 1]int
	byPiece        [NumPieces]pieceSets
	neighbours     [NumCells]uint64 // per cell: the cells sharing a side with it
	// symmetries are the maps of cells of the board's symmetries but the
	// identity: the triangle's one reflection; the rectangle's two and its
	// half turn.
	symmetries [][NumCells]uint8

	// emptyCover is the matrix of the empty board as layout{} lays it
	// out, the one asked for most: newProblem copies it, one block of
	// memory, rather than build it row by row every time.
	emptyCover *exactCover
	// emptyCovers keeps copies of emptyCover for reuse, each taken by one
	// search at a time: copying the matrix costs as much as a short
	// search. Their rows are emptyCover's, so they are never built on.
	emptyCovers sync.Pool
}

// geometries are made on first use: a worker that only ever sees one kind
// of board works out one.
var geometries [Rectangle + 1]struct {
	once sync.Once
	g    *geometry
}

// geo returns the kind's geometry; a kind out of range is the triangle's.
func (k Kind) geo() *geometry {
	if k > Rectangle {
		k = Triangle
	}
	e := &geometries[k]
	e.once.Do(func() { e.g = newGeometry(k) })
	return e.g
}

func newGeometry(k Kind) *geometry {
	g := &geometry{kind: k}
	for r := range k.Rows() {
		for c := range k.Cols() {
			if !k.Has(r, c) {
				continue
			}
			for _, d := range []Cell{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				if k.Has(r+d.Row, c+d.Col) {
					g.neighbours[k.Index(r, c)] |= 1 << k.Index(r+d.Row, c+d.Col)
				}
			}
		}
	}
	// The symmetries: the triangle's reflection swaps its left edge and
	// bottom row; the rectangle's turn it over left to right (bit 0 of
	// flip), top to bottom (bit 1), or both, a half turn.
	last, lastCol := k.Rows()-1, k.Cols()-1
	flips := []int{0}
	if k == Rectangle {
		flips = []int{1, 2, 3}
	}
	for _, flip := range flips {
		var s [NumCells]uint8
		for i := range NumCells {
			r, c := k.RowCol(i)
			if k == Triangle {
				r, c = last-c, last-r
			}
			if flip&1 != 0 {
				c = lastCol - c
			}
			if flip&2 != 0 {
				r = last - r
			}
			s[i] = uint8(k.Index(r, c))
		}
		g.symmetries = append(g.symmetries, s)
	}
	g.placePieces()
	g.emptyCover = new(exactCover)
	g.emptyCover.build(g, 0, allPieces, layout{})
	g.emptyCovers.New = func() any { return g.emptyCover.clone() }
	return g
}
