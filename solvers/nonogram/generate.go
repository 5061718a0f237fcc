package nonogram

import (
	"bytes"
	"context"
	"math/rand/v2"

	"gridsolve/solvers/msg"
	"gridsolve/solvers/play"
)

// Levels of generated puzzles, by the reasoning that solves them from a
// blank board (see reason and levelOf).
const (
	Easy   = 1 // line reasoning alone: one row or column at a time
	Medium = 2 // line reasoning and one or two probes
	Hard   = 3 // more probes, or the solver has to search
)

// mediumProbes is the most probes a Medium puzzle needs.
const mediumProbes = 2

// maxDraws bounds the pictures Generate draws before it gives up: on
// small boards the harder levels hardly ever occur.
const maxDraws = 2000

// MaxGenerateSide bounds the size of generated puzzles: larger ones take
// too long to check.
const MaxGenerateSide = 60

// difficulty says how puzzle c can be solved from the blank board (see
// reason): with how many probes, and whether they settle every cell.
func difficulty(ctx context.Context, c *Clues) (probes int, solved bool, err error) {
	grid, probes, err := reason(ctx, c)
	return probes, !bytes.ContainsRune(grid, markUnknown), err
}

// reason applies line reasoning to the blank board, run to a fixpoint and
// helped by probes: each assumes a colour for one undecided cell, in
// row-major passes, and keeps the other colour when line reasoning then
// finds a line that cannot fit. It returns the grid (in the position
// format) when nothing more can be learnt, and the number of probes that
// found a contradiction. c must have a solution.
func reason(ctx context.Context, c *Clues) (grid []byte, probes int, err error) {
	r, err := reasonFrom(ctx, c, bytes.Repeat([]byte{markUnknown}, len(c.Rows)*len(c.Cols)))
	return r.grid, len(r.probes), err
}

// pictureDensity is the share of black cells in the pictures drawn for o.
// Sparser pictures are harder but more often have several solutions, and
// each repair costs a solve, which grows with the board: so the density
// falls with the level and rises with the size. The figures were measured:
// with them a puzzle of the level is found within tens of pictures.
func pictureDensity(o play.Options) float64 {
	d := [...]float64{Easy: 0.5, Medium: 0.45, Hard: 0.4}[o.Level]
	for _, cells := range []int{150, 400, 1600} {
		if o.W*o.H >= cells {
			d += 0.05
		}
	}
	return d
}

// levelOf turns what difficulty found into a level.
func levelOf(probes int, solved bool) int {
	switch {
	case solved && probes == 0:
		return Easy
	case solved && probes <= mediumProbes:
		return Medium
	}
	return Hard
}

// Generate implements solvers.Player. It draws random pictures of o.W × o.H
// cells and returns, in the judge format, the clues of the first one that
// has a unique solution and the level asked for (see difficulty). A
// picture whose clues have several solutions is repaired: the colour of a
// cell where two solutions differ is flipped, which rules one out, and the
// new clues are tried again. The density of black cells depends on the
// level: fuller pictures are easier. With o.Colours, the puzzle is in that
// many colours (see generateColour).
func (Game) Generate(ctx context.Context, o play.Options) (string, error) {
	if o.W < 1 || o.H < 1 || o.W > MaxGenerateSide || o.H > MaxGenerateSide {
		return "", msg.Errorf("nonogram: cannot generate %dx%d puzzles (1..%d per side)", o.W, o.H, MaxGenerateSide)
	}
	if o.Level < Easy || o.Level > Hard {
		return "", msg.Errorf("nonogram: level %d out of range %d..%d", o.Level, Easy, Hard)
	}
	if o.Colours != 0 {
		return generateColour(ctx, o)
	}
	rng := rand.New(rand.NewPCG(o.Seed, uint64(o.W)<<32|uint64(o.H)<<16|uint64(o.Level)))
	density := pictureDensity(o)
	for range maxDraws {
		pic := drawPicture(rng, o.H, o.W, density)
		c, err := makeUnique(ctx, rng, pic)
		if err != nil {
			return "", err
		}
		if c == nil {
			continue
		}
		probes, solved, err := difficulty(ctx, c)
		if err != nil {
			return "", err
		}
		if levelOf(probes, solved) == o.Level {
			return c.String(), nil
		}
	}
	return "", msg.Errorf("nonogram: no %dx%d puzzle of level %d found in %d pictures; try a larger board", o.W, o.H, o.Level, maxDraws)
}

// drawPicture draws h rows of w cells, each black with probability
// density.
func drawPicture(rng *rand.Rand, h, w int, density float64) [][]bool {
	pic := make([][]bool, h)
	for r := range pic {
		pic[r] = make([]bool, w)
		for c := range pic[r] {
			pic[r][c] = rng.Float64() < density
		}
	}
	return pic
}

// makeUnique returns the clues of pic once they have a unique solution,
// flipping cells of pic where two solutions differ; nil if that takes
// too many flips.
func makeUnique(ctx context.Context, rng *rand.Rand, pic [][]bool) (*Clues, error) {
	for range len(pic) + len(pic[0]) {
		c := CluesOf(pic)
		a, err := Solve(ctx, c, nil)
		if err != nil {
			return nil, err
		}
		if a.Status != Multiple {
			return c, nil // unique: pic is one solution
		}
		differ := a.differ()
		at := differ[rng.IntN(len(differ))]
		pic[at[0]][at[1]] = !pic[at[0]][at[1]]
	}
	return nil, nil
}

// differ lists the cells, as (row, column), where a's two solutions differ.
func (a *Answer) differ() [][2]int {
	var differ [][2]int
	for r, row := range a.Grid {
		for col := range row {
			if row[col] != a.Other[r][col] {
				differ = append(differ, [2]int{r, col})
			}
		}
	}
	return differ
}
