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

// flipCard swaps the top and bottom of one card of p whose top and bottom
// differ, if it has one: this keeps the edge counts of every side balanced
// the same way, so counting alone rarely shows the puzzle impossible.
func flipCard(p *Puzzle, rng *rand.Rand) {
	var differ []int
	for i, c := range p.Cards {
		if c[Top] != c[Bottom] {
			differ = append(differ, i)
		}
	}
	if len(differ) > 0 {
		c := &p.Cards[differ[rng.IntN(len(differ))]]
		c[Top], c[Bottom] = c[Bottom], c[Top]
	}
}

// flippedPuzzles returns count generated n×n puzzles with one card flipped
// top to bottom: the impossible puzzles of the issue that asked for them.
func flippedPuzzles(n, values, count int) []*Puzzle {
	rng := rand.New(rand.NewPCG(uint64(n), uint64(values)+100))
	var puzzles []*Puzzle
	for range count {
		p := Generate(n, values, rng)
		flipCard(p, rng)
		puzzles = append(puzzles, p)
	}
	return puzzles
}

// flippedSets are the impossible puzzles the benchmarks solve; each set
// takes a few million search nodes. (Sets of 8×8 puzzles, even possible
// ones with 10 values, take hundreds of millions.)
var flippedSets = []struct{ n, values, count int }{{6, 8, 20}, {7, 10, 10}}

// Puzzles from flippedSets, all impossible (TestFlippedAreImpossible).
func BenchmarkFlipped(b *testing.B) {
	for _, set := range flippedSets {
		b.Run(fmt.Sprintf("%dx%d/values=%d", set.n, set.n, set.values), func(b *testing.B) {
			benchmarkSolve(b, flippedPuzzles(set.n, set.values, set.count))
		})
	}
}
