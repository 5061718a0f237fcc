package tetravex

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchmarkSolve decides each of the puzzles once per iteration, as the
// judge does.
func benchmarkSolve(b *testing.B, puzzles []*Puzzle) {
	for b.Loop() {
		for _, p := range puzzles {
			if _, _, err := solve(context.Background(), p, query{limit: 1}, nil); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// randomPuzzles returns count puzzles of size n with values below values,
// all generated (solvable) or all with random cards (mostly impossible).
func randomPuzzles(n, values, count int, solvable bool) []*Puzzle {
	rng := rand.New(rand.NewPCG(uint64(n), uint64(values)))
	var puzzles []*Puzzle
	for range count {
		p := Generate(n, values, rng)
		if !solvable {
			for i := range p.Cards {
				for side := range 4 {
					p.Cards[i][side] = rng.IntN(values)
				}
			}
		}
		puzzles = append(puzzles, p)
	}
	return puzzles
}

// Ten 5×5 puzzles per operation.
func Benchmark5x5(b *testing.B) {
	for _, values := range []int{2, 3} {
		b.Run(fmt.Sprintf("generated/values=%d", values), func(b *testing.B) {
			benchmarkSolve(b, randomPuzzles(5, values, 10, true))
		})
		b.Run(fmt.Sprintf("random/values=%d", values), func(b *testing.B) {
			benchmarkSolve(b, randomPuzzles(5, values, 10, false))
		})
	}
}

func BenchmarkHard5x5(b *testing.B) {
	p, err := ParsePuzzle(hardPuzzle)
	if err != nil {
		b.Fatal(err)
	}
	benchmarkSolve(b, []*Puzzle{p})
}

// Ten puzzles per operation.
func Benchmark6x6Values10(b *testing.B) {
	benchmarkSolve(b, randomPuzzles(6, 10, 10, true))
}

// Ten puzzles per operation.
func Benchmark7x7Values10(b *testing.B) {
	benchmarkSolve(b, randomPuzzles(7, 10, 10, true))
}

// Ten puzzles per operation, solved and their solutions counted.
func BenchmarkCount6x6Values10(b *testing.B) {
	puzzles := randomPuzzles(6, 10, 10, true)
	for b.Loop() {
		for _, p := range puzzles {
			if _, err := Solve(context.Background(), p, nil); err != nil {
				b.Fatal(err)
			}
		}
	}
}
