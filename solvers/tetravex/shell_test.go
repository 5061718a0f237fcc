package tetravex

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// The shell search alone, which solve only uses when it wins the race,
// counts the pictures of small puzzles as brute force does.
func TestShellAgainstBacktracking(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	count := 200
	if testing.Short() {
		count = 40
	}
	seen := map[int]int{}
	for n := 1; n <= 4; n++ {
		for range count {
			p := randomPuzzle(n, 1+rng.IntN(5), rng)
			s := newShellSolver(p, query{limit: 2})
			if !s.run(math.MaxInt64) {
				t.Fatalf("%v: the search did not finish", p)
			}
			if want := picturesByBacktracking(p, 2); s.solutions != want {
				t.Fatalf("%v: %d solutions, want %d", p, s.solutions, want)
			}
			if s.solutions > 0 {
				checkPlacement(t, p, s.first)
			}
			seen[s.solutions]++
		}
	}
	for solutions := range 3 {
		if seen[solutions] < count/10 {
			t.Errorf("only %d puzzles with %d solutions: the comparison proves little", seen[solutions], solutions)
		}
	}
}

// picturesFixed counts as picturesByBacktracking does, with, at each
// position where fixed is not -1, only cards equal to p.Cards[fixed[pos]].
// Equal cards make the same boards, so it tries one of them.
func picturesFixed(p *Puzzle, fixed []int, limit int) int {
	board := make([]Card, len(p.Cards))
	used := make([]bool, len(p.Cards))
	seen := map[string]bool{}
	var place func(pos int)
	place = func(pos int) {
		if len(seen) == limit {
			return
		}
		if pos == len(board) {
			seen[fmt.Sprint(board)] = true
			return
		}
		tried := map[Card]bool{}
		for i, c := range p.Cards {
			if !used[i] && !tried[c] && (fixed[pos] < 0 || c == p.Cards[fixed[pos]]) && fits(p.N, board, pos, c) {
				tried[c] = true
				used[i], board[pos] = true, c
				place(pos + 1)
				used[i] = false
			}
		}
	}
	place(0)
	return len(seen)
}

// With some cards fixed in place, as Hint asks, the shell search counts
// the pictures as brute force does.
func TestShellFixedAgainstBacktracking(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	count := 300
	if testing.Short() {
		count = 60
	}
	seen := map[int]int{}
	for range count {
		n := 2 + rng.IntN(3)
		p := randomPuzzle(n, 1+rng.IntN(4), rng)
		q := query{limit: 2, fixed: make([]int, len(p.Cards))}
		for pos := range q.fixed {
			q.fixed[pos] = -1
			if rng.IntN(3) == 0 {
				q.fixed[pos] = rng.IntN(len(p.Cards))
			}
		}
		shell := newShellSolver(p, q)
		if !shell.run(math.MaxInt64) {
			t.Fatalf("%v: the search did not finish", p)
		}
		if want := picturesFixed(p, q.fixed, 2); shell.solutions != want {
			t.Fatalf("%v fixed %v: %d solutions, want %d", p, q.fixed, shell.solutions, want)
		}
		if shell.solutions > 0 {
			checkPlacement(t, p, shell.first)
			for pos, i := range q.fixed {
				if i >= 0 && p.Cards[shell.first[pos]] != p.Cards[i] {
					t.Fatalf("%v fixed %v: placement %v moves a fixed card", p, q.fixed, shell.first)
				}
			}
		}
		seen[shell.solutions]++
	}
	for solutions := range 3 {
		if seen[solutions] < count/20 {
			t.Errorf("only %d puzzles with %d solutions: the comparison proves little", seen[solutions], solutions)
		}
	}
}

// With the shell search racing from the start, it decides small puzzles
// first, and solve turns its placement into an answer.
func TestSolveWithShellAgainstBacktracking(t *testing.T) {
	defer func(after int64) { shellAfter = after }(shellAfter)
	shellAfter = 0
	rng := rand.New(rand.NewPCG(15, 16))
	count := 100
	if testing.Short() {
		count = 30
	}
	for n := 2; n <= 4; n++ {
		compare(t, n, 5, count, solvedByBacktracking, rng)
	}
}
