package tetravex

import (
	"math"
	"math/rand/v2"
	"testing"
)

// The arc search alone counts the pictures of small puzzles, possible and
// impossible, with and without fixed cards, as brute force does.
func TestArcAgainstBacktracking(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	count := 300
	if testing.Short() {
		count = 60
	}
	seen := map[int]int{}
	for n := 1; n <= 4; n++ {
		for range count {
			p := randomPuzzle(n, 1+rng.IntN(5), rng)
			q := query{limit: 2}
			if rng.IntN(3) == 0 {
				q.fixed = make([]int, len(p.Cards))
				for pos := range q.fixed {
					q.fixed[pos] = -1
					if rng.IntN(3) == 0 {
						q.fixed[pos] = rng.IntN(len(p.Cards))
					}
				}
			}
			s := newArcSolver(p, q)
			if !s.run(math.MaxInt64) {
				t.Fatalf("%v: the search did not finish", p)
			}
			want := picturesByBacktracking(p, 2)
			if q.fixed != nil {
				want = picturesFixed(p, q.fixed, 2)
			}
			if s.solutions != want {
				t.Fatalf("%v fixed %v: %d solutions, want %d", p, q.fixed, s.solutions, want)
			}
			if s.solutions > 0 {
				checkPlacement(t, p, s.first)
				for pos, i := range q.fixed {
					if i >= 0 && p.Cards[s.first[pos]] != p.Cards[i] {
						t.Fatalf("%v fixed %v: placement %v moves a fixed card", p, q.fixed, s.first)
					}
				}
			}
			seen[s.solutions]++
		}
	}
	for solutions := range 3 {
		if seen[solutions] < count/5 {
			t.Errorf("only %d puzzles with %d solutions: the comparison proves little", seen[solutions], solutions)
		}
	}
}

// With the arc search racing from the start and for any number of values,
// it decides small puzzles first, and solve turns its placement into an
// answer.
func TestSolveWithArcAgainstBacktracking(t *testing.T) {
	defer func(after int64, values [2]int) { shellAfter, arcValues = after, values }(shellAfter, arcValues)
	shellAfter, arcValues = 0, [2]int{1, 16}
	rng := rand.New(rand.NewPCG(23, 24))
	count := 100
	if testing.Short() {
		count = 30
	}
	for n := 2; n <= 4; n++ {
		compare(t, n, 5, count, solvedByBacktracking, rng)
	}
}
