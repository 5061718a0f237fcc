package tetravex

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"gridsolve/solvers/play"
)

// BenchmarkGenerate deals cards per size and level, as the page's New does.
func BenchmarkGenerate(b *testing.B) {
	for _, n := range []int{3, 4, 5, 6, 7, 8} {
		for level := 1; level <= 3; level++ {
			b.Run(fmt.Sprintf("%dx%d/level%d", n, n, level), func(b *testing.B) {
				for i := 0; b.Loop(); i++ {
					if _, err := (Game{}).Generate(context.Background(), play.Options{W: n, H: n, Level: level, Seed: uint64(i)}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkHint gives one card for an empty 5×5 board.
func BenchmarkHint(b *testing.B) {
	text, err := (Game{}).Generate(context.Background(), play.Options{W: 5, H: 5, Level: 2, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	empty := strings.TrimSpace(strings.Repeat("- ", 25))
	for b.Loop() {
		if _, err := (Game{}).Hint(context.Background(), text, empty); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSolveGenerated solves as the page does (counting solutions up
// to two) the slowest of the first ten deals of the hardest level at the
// two largest sizes, and, for "budget", a deal that takes between half of
// solveBudget and all of it: its time bounds the time Solve takes on any
// deal, which TestGenerateSolvesWithinBudget keeps within solveBudget.
func BenchmarkSolveGenerated(b *testing.B) {
	for _, n := range []int{7, 8} {
		b.Run(fmt.Sprintf("%dx%d/level3", n, n), func(b *testing.B) {
			var slowest *Puzzle
			var most int64
			for seed := range 10 {
				text, err := (Game{}).Generate(context.Background(), play.Options{W: n, Level: 3, Seed: uint64(seed)})
				if err != nil {
					b.Fatal(err)
				}
				p, err := ParsePuzzle(text)
				if err != nil {
					b.Fatal(err)
				}
				if _, nodes, _ := solveWithin(context.Background(), p, solveBudget); nodes > most {
					slowest, most = p, nodes
				}
			}
			benchmarkCount(b, slowest)
		})
	}
	b.Run("budget", func(b *testing.B) {
		// Deals with 10 values: most 8×8 ones take millions of nodes.
		rng := rand.New(rand.NewPCG(8, 10))
		for {
			p := Generate(8, 10, rng)
			if a, nodes, _ := solveWithin(context.Background(), p, solveBudget); a != nil && nodes > solveBudget/2 {
				benchmarkCount(b, p)
				return
			}
		}
	})
}

// benchmarkCount solves p as Solve does and reports its nodes.
func benchmarkCount(b *testing.B, p *Puzzle) {
	var nodes int64
	for b.Loop() {
		_, n, err := solve(context.Background(), p, query{limit: 2}, nil)
		if err != nil {
			b.Fatal(err)
		}
		nodes = n
	}
	b.ReportMetric(float64(nodes), "nodes/op")
}
