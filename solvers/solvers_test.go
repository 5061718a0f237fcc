package solvers

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gridsolve/solvers/flip"
	"gridsolve/solvers/iq"
	"gridsolve/solvers/nonogram"
	"gridsolve/solvers/ships"
	"gridsolve/solvers/tetravex"
)

// Every game can be played, and read and written in its judge text and at
// least one plain-text grid format, which the page offers for Save… and
// detects on paste.
func TestEveryGameConverts(t *testing.T) {
	for _, g := range All {
		if _, ok := g.(Player); !ok {
			t.Errorf("%s is not a Player", g.Name())
		}
		c, ok := g.(Converter)
		if !ok {
			t.Errorf("%s is not a Converter", g.Name())
			continue
		}
		fs := c.Formats()
		if len(fs) < 2 {
			t.Errorf("%s has %d formats, want its judge text and a grid", g.Name(), len(fs))
		}
		for _, f := range fs {
			if f.Name == "" || f.Ext == "" {
				t.Errorf("%s: format %+v is not described", g.Name(), f)
			}
			if _, got, err := c.Import(f.Example); err != nil || got.Name != f.Name {
				t.Errorf("%s: the example of %s, %q, reads as %q (%v)", g.Name(), f.Name, f.Example, got.Name, err)
			}
		}
	}
}

// randomPuzzle makes a puzzle of each game as judge text, of any size the
// game allows up to a bound that keeps the test quick, that the format
// named can hold: Flip's Tatham IDs hold only the goal all white, its
// plain grids only the default, either colour.
var randomPuzzle = map[string]func(rng *rand.Rand, format string) string{
	"ships": func(rng *rand.Rand, _ string) string {
		b := &ships.Board{W: 1 + rng.IntN(ships.MaxSide), H: 1 + rng.IntN(ships.MaxSide)}
		for range b.W * b.H {
			b.Cells = append(b.Cells, "xo."[rng.IntN(3)])
		}
		return b.String()
	},
	"flip": func(rng *rand.Rand, format string) string {
		b, _ := flip.NewBoard(1+rng.IntN(12), 1+rng.IntN(12))
		for i := range b.Black {
			b.Black[i] = rng.IntN(2) == 0
		}
		switch b.Goal = flip.Goals[rng.IntN(len(flip.Goals))]; format {
		case "Tatham's Flip game ID":
			b.Goal = flip.AllWhite
		case "plain grid":
			b.Goal = flip.Either
		}
		return b.String()
	},
	"iq": func(rng *rand.Rand, _ string) string {
		var b iq.Board
		for r := range iq.Size {
			for c := range r + 1 {
				b.Set(r, c, ".ABCDEFGHIJKL"[rng.IntN(13)])
			}
		}
		return b.String()
	},
	"nonogram": func(rng *rand.Rand, _ string) string {
		pic := make([][]bool, 1+rng.IntN(30))
		w := 1 + rng.IntN(30)
		for y := range pic {
			pic[y] = make([]bool, w)
			for x := range pic[y] {
				pic[y][x] = rng.IntN(2) == 0
			}
		}
		return nonogram.CluesOf(pic).String()
	},
	"tetravex": func(rng *rand.Rand, _ string) string {
		p := &tetravex.Puzzle{N: 1 + rng.IntN(tetravex.MaxN)}
		top := 1 + rng.IntN(tetravex.MaxValue) // one- and two-digit values alike
		for range p.N * p.N {
			p.Cards = append(p.Cards, tetravex.Card{rng.IntN(top + 1), rng.IntN(top + 1), rng.IntN(top + 1), rng.IntN(top + 1)})
		}
		return p.String()
	},
}

// Every format a game writes reads back as the same puzzle, detected as
// that format.
func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 23))
	for _, g := range All {
		c := g.(Converter)
		for range 100 {
			for _, f := range c.Formats() {
				if !f.Export {
					continue
				}
				judge := randomPuzzle[g.Name()](rng, f.Name)
				out, err := c.Export(judge, f.Name)
				if err != nil {
					t.Fatalf("%s: Export(%s) of %q: %v", g.Name(), f.Name, judge, err)
				}
				back, got, err := c.Import(out)
				if err != nil || back != judge || got.Name != f.Name {
					t.Fatalf("%s: %s %q reads back as %s %q (%v), want %q", g.Name(), f.Name, out, got.Name, back, err, judge)
				}
			}
		}
	}
}

// Import never panics, and what it accepts, written again in the format
// it was read as, reads back the same.
func FuzzImport(f *testing.F) {
	for i, g := range All {
		for _, format := range g.(Converter).Formats() {
			f.Add(uint8(i), format.Example)
		}
	}
	f.Add(uint8(4), "|1|\n|1 1|\n|1|\n|1|\n")
	f.Add(uint8(0), "x\n\nx")
	f.Fuzz(func(t *testing.T, game uint8, in string) {
		c := All[int(game)%len(All)].(Converter)
		judge, format, err := c.Import(in)
		if err != nil || !format.Export {
			return
		}
		out, err := c.Export(judge, format.Name)
		if err != nil {
			t.Fatalf("Export(%q, %s): %v", judge, format.Name, err)
		}
		if again, _, err := c.Import(out); err != nil || again != judge {
			t.Fatalf("%s of %q: %q reads back as %q (%v)", format.Name, judge, out, again, err)
		}
	})
}
func TestNodeCountAcrossPuzzles(t *testing.T) {
	var c NodeCount
	for _, report := range []int64{10, 20, 5, 15, 30} {
		c.Add(report)
	}
	// Reports 10, 20 for the first puzzle, 5, 15, 30 for the second.
	if got := c.Total(); got != 50 {
		t.Errorf("total after two puzzles = %d, want 50", got)
	}
}

// Every game's judge input is taken apart by the page's judge bench:
// Cases and Join undo each other on generated puzzles, the sample reads,
// and the cases have names of their own.
func TestEveryGameHasABench(t *testing.T) {
	ctx := context.Background()
	for _, g := range All {
		b, ok := g.(Bench)
		if !ok {
			t.Errorf("%s is not a Bench", g.Name())
			continue
		}
		if cases, err := b.Cases(b.Sample()); err != nil || len(cases) == 0 {
			t.Errorf("%s: sample: %d cases, %v", g.Name(), len(cases), err)
		}
		var cases []string
		for seed := range uint64(4) {
			text, err := g.(Player).Generate(ctx, Options{W: 8, H: 8, Level: 1, Seed: seed})
			if err != nil {
				t.Fatalf("%s: generate: %v", g.Name(), err)
			}
			one, err := b.Cases(text)
			if err != nil || len(one) != 1 {
				t.Fatalf("%s: %q cut into %q, %v; want one case", g.Name(), text, one, err)
			}
			cases = append(cases, one[0])
		}
		if got, err := b.Cases(b.Join(cases)); err != nil || !slices.Equal(got, cases) {
			t.Errorf("%s: Cases(Join(%q)) = %q, %v", g.Name(), cases, got, err)
		}
		if _, err := b.Cases("?"); err == nil {
			t.Errorf("%s: Cases of %q is no error", g.Name(), "?")
		}
		if b.CaseName(0) == b.CaseName(1) || !strings.HasSuffix(b.CaseName(11), "12") {
			t.Errorf("%s: cases named %q, %q, %q", g.Name(), b.CaseName(0), b.CaseName(1), b.CaseName(11))
		}
	}
}

// Every game's solver records its steps for the page's Step through, and
// records some on its bench sample's first case.
func TestEveryGameTraces(t *testing.T) {
	for _, g := range All {
		tr, ok := g.(Tracer)
		if !ok {
			t.Errorf("%s is not a Tracer", g.Name())
			continue
		}
		cases, err := g.(Bench).Cases(g.(Bench).Sample())
		if err != nil {
			t.Fatalf("%s: sample: %v", g.Name(), err)
		}
		got, err := tr.Trace(context.Background(), cases[0], 1000)
		if err != nil || len(got.Steps) == 0 {
			t.Errorf("%s: trace of the sample: %d steps, %v", g.Name(), len(got.Steps), err)
		}
	}
}
