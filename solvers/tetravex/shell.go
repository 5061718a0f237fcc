package tetravex

import "math/bits"

// shellSolver is a depth-first search, run in steps like solver, that
// fills the board in square shells growing from the top-left corner: shell
// k is column k from the top down to row k, then row k from the right back
// to the left border. Every position but the first of a shell has two
// placed neighbours, as in row order, but a corner that cannot be
// completed is found after k*k cards rather than after whole rows. On the
// impossible 8×8 puzzles with 10 values of the benchmarks, its nodes vary
// less than fourfold from corner to corner where row order's vary up to
// a hundredfold, and on one of them it takes about a million from every
// corner where row order takes 2.6 million from its best. With few values
// (the hard 5×5 puzzle of the tests has three) it takes hundreds of times
// more than row order, so solve races both.
//
// A board has at most 64 cards, so a set of kinds is one word: the
// candidates of a position are the kinds left that match each placed
// neighbour, one AND per neighbour.
type shellSolver struct {
	n         int
	kinds     []Card  // the distinct cards
	cards     [][]int // indices in Puzzle.Cards of the cards of each kind
	remaining []int   // how many cards of each kind are not placed yet
	left      uint64  // kinds with cards left
	// fit[side][v] holds the kinds whose edge on side is v.
	fit     [4][MaxValue + 1]uint64
	allowed []uint64 // per position: the kinds it may hold (a fixed one, or all)

	order                []int              // positions in the order they are filled
	placedBy             []int              // per position: its index in order
	neighbour            [][4]int           // per position and side: the adjacent position, or -1
	placed               [][]link           // per depth: the links of its position to the cards before
	beside               [][]emptyNeighbour // per depth: the empty neighbours of its position
	board                []int              // kind placed at each position filled so far
	depth                int                // positions filled
	untried              []uint64           // per depth: candidates not tried yet
	entered              []bool             // per depth: whether untried is set
	edges                [4]int             // per side: board positions on that border not yet filled
	horizontal, vertical balance

	// Look-ahead over the shell being filled; see shellAhead.
	starts    []int        // per depth: the shell that starts there, or 0
	aheadSide []int        // per depth: the side of a card to check, or -1
	aheadSet  []*valueSet  // per depth: the values allowed on that side
	reach     [][]valueSet // [k][c]: see shellAhead
	finish    [][]valueSet // [k][r]: see shellAhead

	limit     int
	solutions int
	first     []int
	nodes     int64
}

// balance counts, per value, edges on one side of the unplaced cards minus
// edges on the opposite side, keeping the totals of the surpluses and of the
// deficits.
type balance struct {
	diff     []int
	pos, neg int
}

func (b *balance) add(v, d int) {
	old := b.diff[v]
	b.diff[v] += d
	b.pos += max(b.diff[v], 0) - max(old, 0)
	b.neg += max(-b.diff[v], 0) - max(-old, 0)
}

// valueSet is a set of edge values, at most MaxValue.
type valueSet [4]uint64

func (vs *valueSet) add(v int)      { vs[v>>6] |= 1 << (v & 63) }
func (vs *valueSet) has(v int) bool { return vs[v>>6]&(1<<(v&63)) != 0 }

// opposite returns the side facing side on the neighbouring card.
func opposite(side int) int { return (side + 2) % 4 }

// newShellSolver prepares the search for q on p.
func newShellSolver(p *Puzzle, q query) *shellSolver {
	n, size := p.N, len(p.Cards)
	s := &shellSolver{
		n: n, limit: q.limit,
		allowed: make([]uint64, size), placedBy: make([]int, size), neighbour: make([][4]int, size),
		board: make([]int, size), untried: make([]uint64, size), entered: make([]bool, size),
		edges: [4]int{n, n, n, n},
	}
	values := 0
	for _, c := range p.Cards {
		for _, v := range c {
			values = max(values, v+1)
		}
	}
	s.horizontal.diff = make([]int, values)
	s.vertical.diff = make([]int, values)
	kindOf := make(map[Card]int)
	for i, c := range p.Cards {
		k, ok := kindOf[c]
		if !ok {
			k = len(s.kinds)
			kindOf[c] = k
			s.kinds = append(s.kinds, c)
			s.cards = append(s.cards, nil)
			s.remaining = append(s.remaining, 0)
			for side, v := range c {
				s.fit[side][v] |= 1 << k
			}
			s.left |= 1 << k
		}
		s.cards[k] = append(s.cards[k], i)
		s.remaining[k]++
		s.horizontal.add(c[Left], 1)
		s.horizontal.add(c[Right], -1)
		s.vertical.add(c[Top], 1)
		s.vertical.add(c[Bottom], -1)
	}
	for pos := range s.allowed {
		s.allowed[pos] = ^uint64(0)
	}
	if q.fixed != nil {
		for pos, i := range q.fixed {
			if i >= 0 {
				s.allowed[pos] = 1 << kindOf[p.Cards[i]]
			}
		}
	}

	s.reach = make([][]valueSet, n)
	s.finish = make([][]valueSet, n)
	for k := range n {
		s.reach[k] = make([]valueSet, k)
		s.finish[k] = make([]valueSet, k+1)
		check := func(side int, set *valueSet) {
			s.aheadSide = append(s.aheadSide, side)
			s.aheadSet = append(s.aheadSet, set)
		}
		s.starts = append(s.starts, k)
		for r := range k + 1 {
			s.order = append(s.order, r*n+k)
			switch {
			case k == 0:
				check(-1, nil)
			case r < k:
				check(Bottom, &s.finish[k][r+1])
			default:
				check(Left, &s.reach[k][k-1])
			}
			if r < k {
				s.starts = append(s.starts, 0)
			}
		}
		for c := k - 1; c >= 0; c-- {
			s.order = append(s.order, k*n+c)
			s.starts = append(s.starts, 0)
			if c > 0 {
				check(Left, &s.reach[k][c-1])
			} else {
				check(-1, nil)
			}
		}
	}
	for i, pos := range s.order {
		s.placedBy[pos] = i
		r, c := pos/n, pos%n
		s.neighbour[pos] = [4]int{-1, -1, -1, -1}
		if r > 0 {
			s.neighbour[pos][Top] = pos - n
		}
		if c < n-1 {
			s.neighbour[pos][Right] = pos + 1
		}
		if r < n-1 {
			s.neighbour[pos][Bottom] = pos + n
		}
		if c > 0 {
			s.neighbour[pos][Left] = pos - 1
		}
	}
	// links returns the links of pos to the first filled positions of order.
	links := func(pos, filled int) []link {
		var ls []link
		for side, q := range s.neighbour[pos] {
			if q >= 0 && s.placedBy[q] < filled {
				ls = append(ls, link{side, opposite(side), q})
			}
		}
		return ls
	}
	s.placed = make([][]link, size)
	s.beside = make([][]emptyNeighbour, size)
	for d, pos := range s.order {
		s.placed[d] = links(pos, d)
		for _, q := range s.neighbour[pos] {
			if q >= 0 && s.placedBy[q] > d {
				s.beside[d] = append(s.beside[d], emptyNeighbour{q, links(q, d+1)})
			}
		}
	}
	return s
}

// link says that the card at pos lies on side of a position, so that the
// position's card must show on side what that card shows on theirs.
type link struct{ side, theirs, pos int }

// emptyNeighbour is an empty position beside the card last placed, with
// its links to the cards placed so far.
type emptyNeighbour struct {
	pos   int
	links []link
}

// candidates returns the kinds with cards left that position pos may
// hold beside the placed cards of links.
func (s *shellSolver) candidates(pos int, links []link) uint64 {
	set := s.left & s.allowed[pos]
	for _, l := range links {
		set &= s.fit[l.side][s.kinds[s.board[l.pos]][l.theirs]]
	}
	return set
}

// neighboursFit reports whether every empty neighbour of the position
// filled at depth d, the last placed, still has a candidate.
func (s *shellSolver) neighboursFit(d int) bool {
	for _, e := range s.beside[d] {
		if s.candidates(e.pos, e.links) == 0 {
			return false
		}
	}
	return true
}

// move places a card of kind k at position pos (sign 1) or takes it back
// (sign -1), keeping the counting bounds up to date: see solver.move,
// whose argument holds in any order of filling.
func (s *shellSolver) move(k, pos, sign int) {
	card := s.kinds[k]
	for side, q := range s.neighbour[pos] {
		if q < 0 {
			s.edges[side] -= sign
		}
	}
	if s.neighbour[pos][Left] < 0 {
		s.horizontal.add(card[Left], -sign)
	}
	if s.neighbour[pos][Right] < 0 {
		s.horizontal.add(card[Right], sign)
	}
	if s.neighbour[pos][Top] < 0 {
		s.vertical.add(card[Top], -sign)
	}
	if s.neighbour[pos][Bottom] < 0 {
		s.vertical.add(card[Bottom], sign)
	}
	s.remaining[k] -= sign
	if s.remaining[k] == 0 {
		s.left &^= 1 << k
	} else {
		s.left |= 1 << k
	}
	s.board[pos] = k
}

// feasible reports whether the counting bounds allow completing the board:
// the surplus of left edges over right edges must fit on the empty
// left-border positions, and so on for each side.
func (s *shellSolver) feasible() bool {
	return s.horizontal.pos <= s.edges[Left] && s.horizontal.neg <= s.edges[Right] &&
		s.vertical.pos <= s.edges[Top] && s.vertical.neg <= s.edges[Bottom]
}

// run goes on with the search until it finishes or has visited limit
// nodes in all, and reports whether it finished; see solver.run.
func (s *shellSolver) run(limit int64) bool {
	for {
		d := s.depth
		if d == len(s.order) {
			s.solutions++
			if s.solutions == 1 {
				s.first = s.placement()
			}
			if s.solutions == s.limit {
				return true
			}
			s.depth--
			s.move(s.board[s.order[d-1]], s.order[d-1], -1)
			continue
		}
		if !s.entered[d] {
			if s.nodes == limit {
				return false
			}
			s.nodes++
			s.entered[d] = true
			s.untried[d] = 0
			if s.feasible() && (s.starts[d] == 0 || s.shellAhead(s.starts[d])) {
				s.untried[d] = s.candidates(s.order[d], s.placed[d])
			}
		}
		pos, placed := s.order[d], false
		for s.untried[d] != 0 && !placed {
			k := bits.TrailingZeros64(s.untried[d])
			s.untried[d] &= s.untried[d] - 1
			if side := s.aheadSide[d]; side >= 0 && !s.aheadSet[d].has(s.kinds[k][side]) {
				continue
			}
			s.move(k, pos, 1)
			if placed = s.neighboursFit(d); !placed {
				s.move(k, pos, -1)
			}
		}
		if placed {
			s.depth++
			continue
		}
		// Every candidate failed here: take back the card before.
		s.entered[d] = false
		if d == 0 {
			return true
		}
		s.depth--
		s.move(s.board[s.order[d-1]], s.order[d-1], -1)
	}
}

// shellAhead fills reach[k] and finish[k] for shell k, about to be
// entered, and reports whether the shell may be filled, judging by the
// cards left: reach[k][c] holds the right edges that a card at row k,
// column c can have so that the row can be filled from the left border to
// it, under the bottoms of row k-1; finish[k][r] holds the top edges that
// a card at row r, column k can have so that the column can be filled from
// it down to row k, beside the rights of column k-1, the last card's left
// edge in reach[k][k-1]. Cards only get used up as the shell fills, so the
// sets stay true supersets until it is entered again.
func (s *shellSolver) shellAhead(k int) bool {
	n, reach, finish := s.n, s.reach[k], s.finish[k]
	for c := range k {
		pos := k*n + c
		reach[c] = valueSet{}
		top := s.kinds[s.board[pos-n]][Bottom]
		for set := s.left & s.allowed[pos] & s.fit[Top][top]; set != 0; set &= set - 1 {
			card := s.kinds[bits.TrailingZeros64(set)]
			if c == 0 || reach[c-1].has(card[Left]) {
				reach[c].add(card[Right])
			}
		}
	}
	// The corner's candidates are few, so gather them by the values of
	// reach[k-1] rather than test every kind left.
	var corner uint64
	for w, word := range reach[k-1] {
		for ; word != 0; word &= word - 1 {
			corner |= s.fit[Left][w<<6|bits.TrailingZeros64(word)]
		}
	}
	finish[k] = valueSet{}
	for set := corner & s.left & s.allowed[k*n+k]; set != 0; set &= set - 1 {
		finish[k].add(s.kinds[bits.TrailingZeros64(set)][Top])
	}
	found := false
	for r := k - 1; r >= 0; r-- {
		pos := r*n + k
		finish[r] = valueSet{}
		left := s.kinds[s.board[pos-1]][Right]
		for set := s.left & s.allowed[pos] & s.fit[Left][left]; set != 0; set &= set - 1 {
			card := s.kinds[bits.TrailingZeros64(set)]
			if finish[r+1].has(card[Bottom]) {
				finish[r].add(card[Top])
				found = found || r == 0
			}
		}
	}
	return found
}

// placement returns the card indices by position of the full board.
func (s *shellSolver) placement() []int {
	used := make([]int, len(s.kinds))
	place := make([]int, len(s.board))
	for pos, k := range s.board {
		place[pos] = s.cards[k][used[k]]
		used[k]++
	}
	return place
}
