package iq

import (
	"slices"
	"strings"
)

// This file is an independent, deliberately plain model of the puzzle for
// the tests: shapes as text grids, a board as an 11x11 grid of bytes, and a
// backtracking search that fills the first empty cell. Its only knowledge
// of the two boards is which squares of the grid are cells, in toGrid.

var shapeText = [NumPieces]string{
	"11/10", "1111", "111/100", "11/11", "1/1/111", "1111/01",
	"111/101", "111/110", "111/0011", "010/111/010", "1/11/011", "1111/1",
}

// textOrientations returns the distinct rotations and reflections of a
// shape as text grids of '#' and '.', padded to their bounding box.
func textOrientations(shape string) [][]string {
	rows := strings.Split(shape, "/")
	width := 0
	for _, r := range rows {
		width = max(width, len(r))
	}
	grid := make([]string, len(rows))
	for i, r := range rows {
		r += strings.Repeat("0", width-len(r))
		grid[i] = strings.NewReplacer("1", "#", "0", ".").Replace(r)
	}
	var all [][]string
	seen := map[string]bool{}
	for range 2 {
		for range 4 {
			key := strings.Join(grid, "/")
			if !seen[key] {
				seen[key] = true
				all = append(all, grid)
			}
			grid = turn(grid)
		}
		grid = flip(grid)
	}
	return all
}

// turn rotates a grid a quarter turn clockwise.
func turn(g []string) []string {
	h, w := len(g), len(g[0])
	out := make([]string, w)
	for c := range w {
		var b []byte
		for r := h - 1; r >= 0; r-- {
			b = append(b, g[r][c])
		}
		out[c] = string(b)
	}
	return out
}

// flip mirrors a grid left to right.
func flip(g []string) []string {
	out := make([]string, len(g))
	for i, r := range g {
		b := []byte(r)
		slices.Reverse(b)
		out[i] = string(b)
	}
	return out
}

// gridSide is the side of the square naiveGrid, room for either board.
const gridSide = 11

// naiveGrid is the board on a square; '#' marks squares off the board.
type naiveGrid [gridSide][gridSide]byte

func toGrid(b *Board) *naiveGrid {
	var g naiveGrid
	for r := range gridSide {
		for c := range gridSide {
			g[r][c] = '#'
			if onBoard(b.Kind(), r, c) {
				g[r][c] = b.At(r, c)
			}
		}
	}
	return &g
}

// onBoard tells the squares of the grid that are cells of the board, as
// the puzzles describe them: the triangle's row r has r+1 cells, the
// rectangle is 5 rows of 11.
func onBoard(k Kind, r, c int) bool {
	if k == Rectangle {
		return r < 5 && c < 11
	}
	return r < 10 && c <= r
}

// fromGrid returns the board of kind k with the cells of g.
func fromGrid(k Kind, g *naiveGrid) *Board {
	out := NewBoard(k)
	for r := range gridSide {
		for c := range gridSide {
			if onBoard(k, r, c) {
				out.Set(r, c, g[r][c])
			}
		}
	}
	return out
}

// naiveSearch fills g's empty cells with the pieces not yet on it, trying
// pieces in the given order, and calls found on each full grid until found
// returns false. It returns false when stopped.
func naiveSearch(g *naiveGrid, order []int, found func(*naiveGrid) bool) bool {
	used := [NumPieces]bool{}
	for _, row := range g {
		for _, v := range row {
			if 'A' <= v && v <= 'L' {
				used[v-'A'] = true
			}
		}
	}
	shapes := make([][][]string, NumPieces)
	for p := range NumPieces {
		shapes[p] = textOrientations(shapeText[p])
	}
	var fill func() bool
	fill = func() bool {
		er, ec := -1, -1
		for r := 0; r < gridSide && er < 0; r++ {
			for c := range gridSide {
				if g[r][c] == '.' {
					er, ec = r, c
					break
				}
			}
		}
		if er < 0 {
			return found(g)
		}
		for _, p := range order {
			if used[p] {
				continue
			}
			for _, s := range shapes[p] {
				// The first '#' of the shape's top row goes on the empty cell.
				r0, c0 := er, ec-strings.IndexByte(s[0], '#')
				if !fits(g, s, r0, c0) {
					continue
				}
				put(g, s, r0, c0, 'A'+byte(p))
				used[p] = true
				ok := fill()
				used[p] = false
				put(g, s, r0, c0, '.')
				if !ok {
					return false
				}
			}
		}
		return true
	}
	return fill()
}

func fits(g *naiveGrid, s []string, r0, c0 int) bool {
	for i, row := range s {
		for j := range len(row) {
			if row[j] != '#' {
				continue
			}
			r, c := r0+i, c0+j
			if r < 0 || c < 0 || r >= gridSide || c >= gridSide || g[r][c] != '.' {
				return false
			}
		}
	}
	return true
}

func put(g *naiveGrid, s []string, r0, c0 int, v byte) {
	for i, row := range s {
		for j := range len(row) {
			if row[j] == '#' {
				g[r0+i][c0+j] = v
			}
		}
	}
}

var pieceOrder = []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}

// naiveCount counts the ways to complete b.
func naiveCount(b *Board) int64 {
	var n int64
	naiveSearch(toGrid(b), pieceOrder, func(*naiveGrid) bool { n++; return true })
	return n
}

// naiveSolve returns a completion of b found trying pieces in order, or nil.
func naiveSolve(b *Board, order []int) *Board {
	var out *Board
	naiveSearch(toGrid(b), order, func(g *naiveGrid) bool {
		out = fromGrid(b.Kind(), g)
		return false
	})
	return out
}
