package nonogram

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"gridsolve/solvers/play"
)

// TestGenerateColour checks generated colour puzzles: each has the size,
// the inks and the level asked for, every ink is in the picture, and the
// solution is unique, by brute force on small boards and by the solver
// on larger ones.
func TestGenerateColour(t *testing.T) {
	count := uint64(12)
	if testing.Short() {
		count = 4
	}
	for _, o := range []play.Options{
		{W: 4, H: 4, Level: Easy, Colours: 2}, {W: 5, H: 4, Level: Easy, Colours: 3}, {W: 5, H: 5, Level: Medium, Colours: 2},
		{W: 10, H: 10, Level: Easy, Colours: 5}, {W: 10, H: 10, Level: Medium, Colours: 3}, {W: 15, H: 15, Level: Hard, Colours: 3},
		{W: 20, H: 20, Level: Easy, Colours: 3},
	} {
		for seed := range count {
			o.Seed = seed
			text, c := generated(t, o)
			if len(c.Rows) != o.H || len(c.Cols) != o.W || len(c.Inks) != o.Colours || !usesEveryInk(c) {
				t.Fatalf("%+v: got %dx%d in %d colours:\n%s", o, len(c.Cols), len(c.Rows), len(c.Inks), text)
			}
			if o.W*o.H <= 25 {
				if n := bruteColourSolve(c); n != 1 {
					t.Fatalf("%+v:\n%s: %d solutions by brute force", o, text, n)
				}
			} else if a, err := Solve(context.Background(), c, nil); err != nil || a.Status != Unique {
				t.Fatalf("%+v:\n%s: %v %v", o, text, a, err)
			}
			r, err := colourReasonFrom(context.Background(), c, bytes.Repeat([]byte{markUnknown}, o.W*o.H))
			if level := levelOf(len(r.probes), !bytes.ContainsRune(r.grid, markUnknown)); err != nil || level != o.Level {
				t.Fatalf("%+v:\n%s: level %d", o, text, level)
			}
		}
	}
}

func TestGenerateColourErrors(t *testing.T) {
	for _, n := range []int{-1, 1, MaxGenerateColours + 1} {
		_, err := Game{}.Generate(context.Background(), play.Options{W: 5, H: 5, Level: Easy, Colours: n})
		if err == nil || !strings.Contains(err.Error(), "colours") {
			t.Errorf("%d colours: %v", n, err)
		}
	}
}

func BenchmarkGenerateColour(b *testing.B) {
	for i := range b.N {
		if _, err := (Game{}).Generate(context.Background(), play.Options{W: 15, H: 15, Level: Medium, Colours: 3, Seed: uint64(i)}); err != nil {
			b.Fatal(err)
		}
	}
}
