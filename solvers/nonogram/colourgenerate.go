package nonogram

import (
	"bytes"
	"context"
	"math/rand/v2"

	"gridsolve/solvers/msg"
	"gridsolve/solvers/play"
)

// MaxGenerateColours is the most inks a generated colour puzzle has; the
// fewest is 2 (one ink is black and white).
const MaxGenerateColours = 5

// generatedInks is the palette of generated colour puzzles, the first
// Options.Colours of them.
var generatedInks = [MaxGenerateColours]Ink{
	{"black", "000000"}, {"red", "e02020"}, {"blue", "2060d0"}, {"green", "20a040"}, {"orange", "f09020"},
}

// colourDensity is the share of inked cells in the pictures drawn for
// each level. Colour clues say more than black and white ones, so most
// pictures are solved line by line; the sparser ones are harder. The
// figures were measured: at 15×15, one picture in 7 to 10 has the level.
var colourDensity = [...]float64{Easy: 0.55, Medium: 0.4, Hard: 0.3}

// colourGenerateBudget bounds, in line solves, the solve of each colour
// picture tried: a picture whose clues take longer is dropped, so that
// New answers in a fraction of a second.
const colourGenerateBudget = 1 << 16

// generateColour is Generate for o.Colours inks: random pictures in
// patches of colour, each made unique by changing the colour of a cell
// where two solutions differ, until one has the level asked for.
func generateColour(ctx context.Context, o play.Options) (string, error) {
	if o.Colours < 2 || o.Colours > MaxGenerateColours {
		return "", msg.Errorf("nonogram: cannot generate puzzles in %d colours (2..%d)", o.Colours, MaxGenerateColours)
	}
	rng := rand.New(rand.NewPCG(o.Seed, uint64(o.W)<<32|uint64(o.H)<<16|uint64(o.Level)<<8|uint64(o.Colours)))
	inks := generatedInks[:o.Colours]
	for range maxDraws {
		pic := drawColourPicture(rng, o.H, o.W, o.Colours, colourDensity[o.Level])
		c, err := makeColourUnique(ctx, rng, pic, inks)
		if err != nil {
			return "", err
		}
		if c == nil {
			continue
		}
		r, err := colourReasonFrom(ctx, c, bytes.Repeat([]byte{markUnknown}, o.W*o.H))
		if err != nil {
			return "", err
		}
		if levelOf(len(r.probes), !bytes.ContainsRune(r.grid, markUnknown)) == o.Level {
			return c.String(), nil
		}
	}
	return "", msg.Errorf("nonogram: no %dx%d puzzle in %d colours of level %d found in %d pictures; try a larger board", o.W, o.H, o.Colours, o.Level, maxDraws)
}

// drawColourPicture draws h rows of w cells, each inked with probability
// density, in patches: an inked cell often takes the ink of the cell to
// its left or above, so that runs of different inks touch as in drawings.
func drawColourPicture(rng *rand.Rand, h, w, inks int, density float64) [][]int {
	pic := make([][]int, h)
	for r := range pic {
		pic[r] = make([]int, w)
		for c := range pic[r] {
			switch k := rng.IntN(3); {
			case rng.Float64() >= density:
			case k == 0 && c > 0 && pic[r][c-1] > 0:
				pic[r][c] = pic[r][c-1]
			case k == 1 && r > 0 && pic[r-1][c] > 0:
				pic[r][c] = pic[r-1][c]
			default:
				pic[r][c] = 1 + rng.IntN(inks)
			}
		}
	}
	return pic
}

// makeColourUnique returns the clues of pic once they have a unique
// solution, giving a cell where two solutions differ another colour; nil
// if that takes too many changes, if the solver needs more than
// colourGenerateBudget, or if some ink is not in the picture.
func makeColourUnique(ctx context.Context, rng *rand.Rand, pic [][]int, inks []Ink) (*Clues, error) {
	for range len(pic) + len(pic[0]) {
		c := ColourCluesOf(pic, inks)
		a, err := solveWithin(ctx, c, colourGenerateBudget)
		if err != nil || a == nil {
			return nil, err
		}
		if a.Status != Multiple {
			if !usesEveryInk(c) {
				return nil, nil
			}
			return c, nil // unique: pic is one solution
		}
		differ := a.differ()
		at := differ[rng.IntN(len(differ))]
		pic[at[0]][at[1]] = (pic[at[0]][at[1]] + 1 + rng.IntN(len(inks))) % (len(inks) + 1)
	}
	return nil, nil
}

// usesEveryInk reports whether every ink of c's palette has a run.
func usesEveryInk(c *Clues) bool {
	used := make([]bool, len(c.Inks))
	for _, inks := range c.RowInks {
		for _, ink := range inks {
			used[ink] = true
		}
	}
	for _, u := range used {
		if !u {
			return false
		}
	}
	return true
}
