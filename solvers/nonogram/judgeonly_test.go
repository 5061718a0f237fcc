//go:build judgeonly

package nonogram

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// The solver worker's build (tag judgeonly) lists and reads the judge
// format alone, and what the editors write in it reads back and solves
// as in the full build: run by make test-unit with the tag.
func TestJudgeOnly(t *testing.T) {
	game := Game{}
	if got := game.Formats(); len(got) != 1 || got[0].Name != "judge" {
		t.Fatalf("Formats() = %v, want the judge format alone", got)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	for range 50 {
		w, h := 1+rng.IntN(12), 1+rng.IntN(12)
		pic := make([][]bool, h)
		for r := range pic {
			pic[r] = make([]bool, w)
			for c := range pic[r] {
				pic[r][c] = rng.IntN(2) == 0
			}
		}
		c := CluesOf(pic)
		text := c.String()
		got, err := ParseClues(text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if !slices.EqualFunc(got.Rows, c.Rows, slices.Equal) || !slices.EqualFunc(got.Cols, c.Cols, slices.Equal) {
			t.Fatalf("%q read back as %v", text, got)
		}
		a, err := game.Solve(context.Background(), text, nil)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if status := a.(*Answer).Status; status == "none" {
			t.Fatalf("%q: status %q for clues of a picture", text, status)
		}
	}
	// A format the worker is never sent is read as judge text, and so
	// refused with an error rather than misread.
	if _, err := ParseClues("2x2:2/1/1/2"); err == nil {
		t.Error("a Tatham id was read in the judge-only build")
	}
}
