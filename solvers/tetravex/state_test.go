package tetravex

import (
	"math/rand/v2"
	"testing"
)

// TestSolverStateAgainstDefinitions steps row searches one node at a time
// and checks, before each node, that every word of kinds and every count
// the search keeps up to date step by step is what its definition says,
// worked out from scratch from the cards placed: the availability, the
// counting bounds, the kinds that leave a card for the top they impose
// (spare), and the look-ahead sets of rowAhead and rowBelow, these against
// every row of cards that could be laid, found by backtracking.
func TestSolverStateAgainstDefinitions(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 11))
	count := 60
	if testing.Short() {
		count = 15
	}
	checked := 0
	for i := range count {
		n, values := 2+i%4, 2+rng.IntN(4)
		s := newSolver(randomPuzzle(n, values, rng), query{limit: 2}, 0)
		for steps := 0; steps < 3000 && !s.run(s.nodes+1); steps++ {
			checkState(t, s)
			checked++
		}
	}
	if checked < count*10 {
		t.Errorf("checked %d states, want at least %d", checked, count*10)
	}
}

// checkState checks s, stopped before entering position s.filled.
func checkState(t *testing.T, s *solver) {
	t.Helper()
	n, p := s.n, s.filled
	placed := map[int]int{}
	for _, k := range s.board[:p] {
		placed[k]++
	}
	var available uint64
	for k := range s.kinds {
		if s.remaining[k] != len(s.cards[k])-placed[k] {
			t.Fatalf("kind %d: %d remaining, want %d", k, s.remaining[k], len(s.cards[k])-placed[k])
		}
		if s.remaining[k] > 0 {
			available |= 1 << k
		}
	}
	if s.available != available {
		t.Fatalf("available %b, want %b", s.available, available)
	}

	// The counts as move defines them: all cards, less the edges
	// used up by those placed on the borders, and for demand, the tops
	// imposed by the cards placed.
	horizontal, vertical, demand := make([]int, s.values), make([]int, s.values), make([]int, s.values)
	for k, c := range s.kinds {
		m := len(s.cards[k])
		horizontal[c[Left]] += m
		horizontal[c[Right]] -= m
		vertical[c[Top]] += m
		vertical[c[Bottom]] -= m
		demand[c[Top]] -= m
	}
	for pos, k := range s.board[:p] {
		r, c, card := pos/n, pos%n, s.kinds[k]
		if c == 0 {
			horizontal[card[Left]]--
		}
		if c == n-1 {
			horizontal[card[Right]]++
		}
		if r == 0 {
			vertical[card[Top]]--
			demand[card[Top]]++
		}
		if r == n-1 {
			vertical[card[Bottom]]++
		} else {
			demand[card[Bottom]]++
		}
	}
	checkTally(t, "horizontal", s, &s.horizontal, horizontal, Left, Right)
	checkTally(t, "vertical", s, &s.vertical, vertical, Top, Bottom)
	for v, d := range demand {
		if s.demand[v] != d {
			t.Fatalf("demand[%d] = %d, want %d", v, s.demand[v], d)
		}
		if d > 0 {
			t.Fatalf("demand[%d] = %d: run let a top edge go without a card", v, d)
		}
	}
	var spare uint64
	for k, c := range s.kinds {
		if demand[c[Bottom]] < 0 {
			spare |= 1 << k
		}
	}
	if s.spare != spare {
		t.Fatalf("spare %b, want %b", s.spare, spare)
	}

	r, c := p/n, p%n
	if c == 0 && r > 0 {
		s.rowAhead(r)
		kinds := uint64(1)<<len(s.kinds) - 1
		for col := range n {
			var want uint64
			for k, card := range s.kinds {
				if rowFits(s, r, col+1, card[Right]) {
					want |= 1 << k
				}
			}
			if got := s.squares[r*n+col].ahead & kinds; got != want {
				t.Fatalf("row %d column %d: ahead %b, want %b", r, col, got, want)
			}
		}
	}
	if c > 0 && r < n-1 {
		for col := range c {
			s.rowBelow(r*n + col)
		}
		var want uint64
		for k, card := range s.kinds {
			if s.remaining[k] > 0 && card[Top] == s.kinds[s.board[p-1]][Bottom] && rowEnds(s, r, c-2, card[Left]) {
				want |= 1 << k
			}
		}
		if got := s.squares[p-1].under; got != want {
			t.Fatalf("row %d column %d: under %b, want %b", r, c-1, got, want)
		}
	}
}

// checkTally checks b against the differences it should count, want,
// for edges on sides first and second.
func checkTally(t *testing.T, name string, s *solver, b *tally, want []int, first, second int) {
	t.Helper()
	pos, neg := 0, 0
	for v, d := range want {
		if b.values[v].diff != d {
			t.Fatalf("%s: diff of %d = %d, want %d", name, v, b.values[v].diff, d)
		}
		pos += max(d, 0)
		neg += max(-d, 0)
	}
	var over, under uint64
	for k, c := range s.kinds {
		if want[c[first]] > 0 {
			over |= 1 << k
		}
		if want[c[second]] < 0 {
			under |= 1 << k
		}
	}
	if b.pos != pos || b.neg != neg || b.over != over || b.under != under {
		t.Fatalf("%s: pos %d, neg %d, over %b, under %b; want %d, %d, %b, %b",
			name, b.pos, b.neg, b.over, b.under, pos, neg, over, under)
	}
}

// rowFits reports whether columns from col to the end of row r can be laid,
// starting with left edge left, with cards not placed yet (ignoring how
// many) whose tops are the bottoms of the cards placed in row r-1: the
// definition of rowAhead, by backtracking.
func rowFits(s *solver, r, col, left int) bool {
	if col == s.n {
		return true
	}
	top := s.kinds[s.board[(r-1)*s.n+col]][Bottom]
	for k, card := range s.kinds {
		if s.remaining[k] > 0 && card[Top] == top && card[Left] == left && rowFits(s, r, col+1, card[Right]) {
			return true
		}
	}
	return false
}

// rowEnds reports whether columns 0 to col of row r+1 can be laid, ending
// with right edge right, with cards not placed yet (ignoring how many)
// whose tops are the bottoms of the cards placed in row r: the definition
// of rowBelow, by backtracking.
func rowEnds(s *solver, r, col, right int) bool {
	if col < 0 {
		return true
	}
	top := s.kinds[s.board[r*s.n+col]][Bottom]
	for k, card := range s.kinds {
		if s.remaining[k] > 0 && card[Top] == top && card[Right] == right && rowEnds(s, r, col-1, card[Left]) {
			return true
		}
	}
	return false
}
