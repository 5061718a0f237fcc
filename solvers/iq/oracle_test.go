package iq

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestWalledOffAgainstRegions compares walledOff with its definition,
// worked out from every whole region of empty cells: on random boards,
// for every placement that fits and random sets of fillable sizes.
func TestWalledOffAgainstRegions(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	boards := 30
	if testing.Short() {
		boards = 8
	}
	for round := range boards {
		b := NewBoard(kinds[round%2])
		g := b.Kind().geo()
		for _, p := range rng.Perm(NumPieces)[:rng.IntN(6)] {
			randomPlacement(rng, b, p)
		}
		var empty uint64
		for i, v := range b.cells {
			if v == 0 {
				empty |= 1 << i
			}
		}
		for i := range g.placements {
			pl := &g.placements[i]
			if pl.mask&^empty != 0 {
				continue
			}
			sums := rng.Uint64() | 1
			want := false
			left := empty &^ pl.mask
			for left != 0 { // each region of the empty cells left
				region := left & -left
				for {
					grown := region
					for c := range NumCells {
						if region>>c&1 != 0 {
							grown |= g.neighbours[c] & left
						}
					}
					if grown == region {
						break
					}
					region = grown
				}
				size := bits.OnesCount64(region)
				if region&pl.ring != 0 && size <= maxPocket && sums>>size&1 == 0 {
					want = true
				}
				left &^= region
			}
			if got := walledOff(&g.neighbours, empty, pl, sums); got != want {
				t.Fatalf("walledOff(placement %d, sums %b) = %v, want %v on\n%s", i, sums, got, want, b)
			}
		}
	}
}

// TestValidateAgainstShapes compares Validate with its definition: the
// cells of each letter, moved to the top left, make one orientation of
// its piece. The boards are random letters on random cells, and random
// placements of pieces with a cell or two changed.
func TestValidateAgainstShapes(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	rounds := 3000
	if testing.Short() {
		rounds = 500
	}
	valid := 0
	for round := range rounds {
		b := NewBoard(kinds[round/2%2])
		if round%2 == 0 {
			for _, p := range rng.Perm(NumPieces)[:1+rng.IntN(6)] {
				randomPlacement(rng, b, p)
			}
			for range rng.IntN(3) { // a cell emptied or marked with a letter
				v := byte(0)
				if rng.IntN(2) == 0 {
					v = 'A' + byte(rng.IntN(NumPieces))
				}
				b.cells[rng.IntN(NumCells)] = v
			}
		} else {
			for range 1 + rng.IntN(8) {
				b.cells[rng.IntN(NumCells)] = 'A' + byte(rng.IntN(3))
			}
		}
		var cells [NumPieces][]Cell
		g := toGrid(b)
		for r := range gridSide {
			for c := range gridSide {
				if v := g[r][c]; 'A' <= v && v <= 'L' {
					cells[v-'A'] = append(cells[v-'A'], Cell{r, c})
				}
			}
		}
		want := true
		for p, got := range cells {
			if got != nil {
				n := normalize(got)
				want = want && slices.ContainsFunc(orientations[p], func(o []Cell) bool { return slices.Equal(o, n) })
			}
		}
		if err := Validate(b); (err == nil) != want {
			t.Fatalf("Validate = %v, want valid %v:\n%s", err, want, b)
		}
		if want {
			valid++
		}
	}
	if valid == 0 || valid == rounds {
		t.Errorf("%d valid boards of %d: the test lost its point", valid, rounds)
	}
}

// TestNeighboursAgainstGrid checks each board's neighbours, the cells
// sharing a side, against the squares of the plain model's grid.
func TestNeighboursAgainstGrid(t *testing.T) {
	for _, k := range kinds {
		g := k.geo()
		i := 0 // cells numbered row by row
		for r := range gridSide {
			for c := range gridSide {
				if !onBoard(k, r, c) {
					continue
				}
				if gr, gc := k.RowCol(i); gr != r || gc != c || k.Index(r, c) != i || !k.Has(r, c) {
					t.Fatalf("%s cell %d: RowCol %d, %d, want %d, %d", k, i, gr, gc, r, c)
				}
				var want []int
				for _, d := range [][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}} {
					if rr, cc := r+d[0], c+d[1]; rr >= 0 && cc >= 0 && rr < gridSide && cc < gridSide && onBoard(k, rr, cc) {
						want = append(want, k.Index(rr, cc))
					}
				}
				if got := cellsOf(g.neighbours[i]); !slices.Equal(got, want) {
					t.Errorf("%s cell %d (%d, %d): neighbours %v, want %v", k, i, r, c, got, want)
				}
				i++
			}
		}
		if i != NumCells {
			t.Errorf("%s: %d cells, want %d", k, i, NumCells)
		}
		for r := -1; r <= gridSide; r++ {
			for c := -1; c <= gridSide; c++ {
				inGrid := r >= 0 && c >= 0 && r < gridSide && c < gridSide
				if k.Has(r, c) != (inGrid && onBoard(k, r, c)) {
					t.Errorf("%s: Has(%d, %d) = %v", k, r, c, k.Has(r, c))
				}
			}
		}
	}
}
