package tetravex

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// benchmarkSolve decides each of the puzzles once per iteration, as the
// judge does, and reports the search nodes they took: a change that keeps
// them keeps the search order, and its time is the cost per node.
func benchmarkSolve(b *testing.B, puzzles []*Puzzle) {
	var nodes int64
	for b.Loop() {
		nodes = 0
		for _, p := range puzzles {
			_, n, err := solve(context.Background(), p, query{limit: 1}, nil)
			if err != nil {
				b.Fatal(err)
			}
			nodes += n
		}
	}
	b.ReportMetric(float64(nodes), "nodes/op")
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
// ones with 10 values, take hundreds of millions: BenchmarkImpossible8x8
// and BenchmarkPossible8x8 give theirs a budget.)
var flippedSets = []struct{ n, values, count int }{{6, 8, 20}, {7, 10, 10}}

// Puzzles from flippedSets, all impossible (TestFlippedAreImpossible).
func BenchmarkFlipped(b *testing.B) {
	for _, set := range flippedSets {
		b.Run(fmt.Sprintf("%dx%d/values=%d", set.n, set.n, set.values), func(b *testing.B) {
			benchmarkSolve(b, flippedPuzzles(set.n, set.values, set.count))
		})
	}
}

// eightByEight is the size of the sets below: 20 puzzles with 6 to 10
// values, four of each.
const eightByEight = 20

// budget8x8 bounds the search nodes of each 8×8 puzzle, so that an
// iteration stays short: most of these puzzles take far longer to decide.
// (Given 20 million nodes, 15 of the 16 with 9 or 10 values are decided,
// in 12 thousand to 16 million nodes; none of those with 6 to 8 values.)
const budget8x8 = 1 << 18

// impossible8x8 returns the 8×8 puzzles of BenchmarkImpossible8x8:
// generated and then made impossible by turning one card's top to bottom.
func impossible8x8() []*Puzzle {
	rng := rand.New(rand.NewPCG(8, 8))
	var puzzles []*Puzzle
	for i := range eightByEight {
		p := Generate(8, 6+i%5, rng)
		flipCard(p, rng)
		puzzles = append(puzzles, p)
	}
	return puzzles
}

// possible8x8 returns the generated 8×8 puzzles of BenchmarkPossible8x8.
func possible8x8() []*Puzzle {
	rng := rand.New(rand.NewPCG(8, 9))
	var puzzles []*Puzzle
	for i := range eightByEight {
		puzzles = append(puzzles, Generate(8, 6+i%5, rng))
	}
	return puzzles
}

// benchmarkBudget decides each puzzle with at most budget8x8 nodes (give
// or take a round of turns) and reports how many it decided and the nodes
// it took; want is the verdict every decided puzzle must have, and a
// possible one's placement is checked.
func benchmarkBudget(b *testing.B, puzzles []*Puzzle, want bool) {
	var decided, nodes int64
	for b.Loop() {
		decided, nodes = 0, 0
		for _, p := range puzzles {
			ctx, cancel := context.WithCancel(context.Background())
			a, n, err := solve(ctx, p, query{limit: 1}, func(n int64) {
				if n >= budget8x8 {
					cancel()
				}
			})
			cancel()
			nodes += n
			if err != nil {
				continue
			}
			if a.Possible != want {
				b.Fatalf("%v: Possible = %v, want %v", p, a.Possible, want)
			}
			if a.Possible {
				checkPlacement(b, p, a.Place)
			}
			decided++
		}
	}
	b.ReportMetric(float64(decided), "decided/op")
	b.ReportMetric(float64(nodes), "nodes/op")
}

// Twenty impossible 8×8 puzzles, each given budget8x8 nodes.
func BenchmarkImpossible8x8(b *testing.B) {
	benchmarkBudget(b, impossible8x8(), false)
}

// Twenty possible 8×8 puzzles, each given budget8x8 nodes.
func BenchmarkPossible8x8(b *testing.B) {
	benchmarkBudget(b, possible8x8(), true)
}

// The impossible 8×8 puzzles with 10 values, decided by the shell search
// alone: solve races it only past shellAfter nodes, beyond the budget of
// BenchmarkImpossible8x8.
func BenchmarkShellImpossible8x8Values10(b *testing.B) {
	var puzzles []*Puzzle
	for i, p := range impossible8x8() {
		if 6+i%5 == 10 {
			puzzles = append(puzzles, p)
		}
	}
	var nodes int64
	for b.Loop() {
		nodes = 0
		for _, p := range puzzles {
			s := newShellSolver(p, query{limit: 1})
			s.run(math.MaxInt64)
			if s.solutions != 0 {
				b.Fatalf("%v: %d solutions, want none", p, s.solutions)
			}
			nodes += s.nodes
		}
	}
	b.ReportMetric(float64(nodes), "nodes/op")
}

// The slowest impossible 8×8 puzzle with 10 values of
// BenchmarkImpossible8x8, decided in full: it takes more than shellAfter
// nodes, so every search of solve races.
func BenchmarkSlowImpossible8x8Values10(b *testing.B) {
	p := impossible8x8()[4]
	var nodes int64
	for b.Loop() {
		a, n, err := solve(context.Background(), p, query{limit: 1}, nil)
		if err != nil || a.Possible {
			b.Fatalf("%v: %v, %v", p, a, err)
		}
		nodes = n
	}
	b.ReportMetric(float64(nodes), "nodes/op")
}
