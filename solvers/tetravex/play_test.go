package tetravex

import (
	"context"
	"testing"

	"gridsolve/solvers/play"
)

// A hundred puzzles at each level, over the sizes the page offers: each
// is solvable with a unique picture, uses the level's values, and comes
// back the same from the same options.
func TestGenerateUnique(t *testing.T) {
	count := 100
	if testing.Short() {
		count = 15
	}
	for level := 1; level <= 3; level++ {
		for seed := range count {
			o := play.Options{W: 2 + seed%5, Level: level, Seed: uint64(seed)}
			text, err := Game{}.Generate(context.Background(), o)
			if err != nil {
				t.Fatalf("Generate(%+v): %v", o, err)
			}
			p, err := ParsePuzzle(text)
			if err != nil {
				t.Fatalf("Generate(%+v) = %q: %v", o, text, err)
			}
			if p.N != o.W {
				t.Fatalf("Generate(%+v) made a %d×%d board", o, p.N, p.N)
			}
			for _, c := range p.Cards {
				for _, v := range c {
					if v >= levelValues(o.W, level) {
						t.Fatalf("Generate(%+v) = %q: value %d at level %d", o, text, v, level)
					}
				}
			}
			a, err := Solve(context.Background(), p, nil)
			if err != nil {
				t.Fatal(err)
			}
			if a.Solutions != 1 {
				t.Fatalf("Generate(%+v) = %q: %d solutions, want 1", o, text, a.Solutions)
			}
			checkPlacement(t, p, a.Place)
			if again, _ := (Game{}).Generate(context.Background(), o); again != text {
				t.Fatalf("Generate(%+v) twice: %q, then %q", o, text, again)
			}
		}
	}
}

func TestGenerateRejectsBadOptions(t *testing.T) {
	for _, o := range []play.Options{{W: 1, Level: 1}, {W: MaxN + 1, Level: 1}, {W: 4, Level: 0}, {W: 4, Level: 4}} {
		if text, err := (Game{}).Generate(context.Background(), o); err == nil {
			t.Errorf("Generate(%+v) = %q, want an error", o, text)
		}
	}
}

// Every size the page may ask for, even those whose uniqueness is not
// promised, gives a solvable puzzle.
func TestGenerateLargeIsPossible(t *testing.T) {
	for n := 7; n <= MaxN; n++ {
		o := play.Options{W: n, Level: 1, Seed: 1}
		text, err := Game{}.Generate(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		p, err := ParsePuzzle(text)
		if err != nil {
			t.Fatal(err)
		}
		a, _, err := solve(context.Background(), p, query{limit: 1}, nil)
		if err != nil || !a.Possible {
			t.Fatalf("Generate(%+v) = %q: %+v, %v; want possible", o, text, a, err)
		}
		checkPlacement(t, p, a.Place)
	}
}
