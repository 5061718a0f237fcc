package nonogram

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"gridsolve/solvers/play"
)

// TestGenerateLevels checks generated puzzles with the solver: each has a
// unique solution and the level asked for.
func TestGenerateLevels(t *testing.T) {
	count := 100
	if testing.Short() {
		count = 20
	}
	for _, o := range []play.Options{{W: 5, H: 5, Level: Easy}, {W: 8, H: 6, Level: Medium}, {W: 10, H: 10, Level: Hard}} {
		for seed := range uint64(count) {
			o.Seed = seed
			text, c := generated(t, o)
			if len(c.Rows) != o.H || len(c.Cols) != o.W {
				t.Fatalf("%+v: got %dx%d", o, len(c.Cols), len(c.Rows))
			}
			a, err := Solve(context.Background(), c, nil)
			if err != nil || a.Status != "unique" {
				t.Fatalf("%+v:\n%s: %v %v", o, text, a, err)
			}
			probes, solved, err := difficulty(context.Background(), c)
			if err != nil || levelOf(probes, solved) != o.Level {
				t.Fatalf("%+v:\n%s: %d probes, solved %v: level %d", o, text, probes, solved, levelOf(probes, solved))
			}
		}
	}
}

// generated is the puzzle Generate makes for o, as text and parsed.
func generated(t *testing.T, o play.Options) (string, *Clues) {
	t.Helper()
	text, err := Game{}.Generate(context.Background(), o)
	if err != nil {
		t.Fatalf("%+v: %v", o, err)
	}
	c, err := ParseClues(text)
	if err != nil {
		t.Fatalf("%+v: %v", o, err)
	}
	return text, c
}

// TestReasonAgainstBruteForce checks that the cells line reasoning and
// probes settle have that colour in every solution, so that a puzzle they
// solve has only one.
func TestReasonAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	seen := map[int]int{}
	for range 1000 {
		h, w := 1+rng.IntN(6), 1+rng.IntN(6)
		c := CluesOf(drawPicture(rng, h, w, 0.3+0.3*rng.Float64()))
		sols := completions(c, make([]byte, h*w))
		grid, probes, err := reason(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		for _, sol := range sols {
			for g, m := range grid {
				if m != markUnknown && (m == markBlack) != (sol[g] == '#') {
					t.Fatalf("clues\n%sreasoning settled %s, but %s is a solution", c, grid, sol)
				}
			}
		}
		solved := !bytes.ContainsRune(grid, markUnknown)
		if solved && len(sols) != 1 {
			t.Fatalf("clues\n%ssolved as %s with %d solutions", c, grid, len(sols))
		}
		seen[levelOf(probes, solved)]++
	}
	if seen[Easy] == 0 || seen[Medium] == 0 || seen[Hard] == 0 {
		t.Fatalf("levels seen: %v", seen)
	}
}

func TestGenerateIsDeterministic(t *testing.T) {
	o := play.Options{W: 12, H: 9, Level: Medium, Seed: 42}
	first, err := Game{}.Generate(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := Game{}.Generate(context.Background(), o)
	o.Seed++
	other, _ := Game{}.Generate(context.Background(), o)
	if again != first || other == first {
		t.Fatalf("seed 42 gave\n%sthen\n%sseed 43 gave\n%s", first, again, other)
	}
}

func TestGenerateErrors(t *testing.T) {
	for _, tc := range []struct {
		o    play.Options
		want string
	}{
		{play.Options{W: 0, H: 5, Level: 1}, "cannot generate 0x5 puzzles"},
		{play.Options{W: 5, H: MaxGenerateSide + 1, Level: 1}, "cannot generate"},
		{play.Options{W: 5, H: 5, Level: 4}, "level 4 out of range 1..3"},
		{play.Options{W: 1, H: 3, Level: Medium}, "no 1x3 puzzle of level 2 found in 2000 pictures"},
	} {
		_, err := Game{}.Generate(context.Background(), tc.o)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: got %v, want %q", tc.o, err, tc.want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := (Game{}).Generate(ctx, play.Options{W: 20, H: 20, Level: Hard}); err == nil {
		t.Error("no error when cancelled")
	}
}

func BenchmarkGenerate(b *testing.B) {
	for _, size := range []int{10, 20, 30, 50} {
		for level := Easy; level <= Hard; level++ {
			b.Run(fmt.Sprintf("%dx%d/level%d", size, size, level), func(b *testing.B) {
				seed := uint64(0)
				for b.Loop() {
					if _, err := (Game{}).Generate(context.Background(), play.Options{W: size, H: size, Level: level, Seed: seed}); err != nil {
						b.Fatal(err)
					}
					seed++
				}
			})
		}
	}
}
