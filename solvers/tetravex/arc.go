package tetravex

import "math/bits"

// arcSolver is a depth-first search, run in steps like solver, that keeps
// for every empty position the set of kinds that may still go there and
// narrows these sets after every card placed:
//
//   - a kind stays at a position only while each neighbour may hold a kind
//     showing the same value on the shared edge (arc consistency);
//   - a position left with one kind gets it at once;
//   - a kind whose cards are all placed leaves every set, and a kind with
//     one card left that only one position may take goes there at once;
//   - a kind with c cards left must be in the sets of at least c positions
//     (checked for c up to 3);
//   - the counting bounds of solver.feasible must hold.
//
// It then branches on a position with few kinds (see branch). A node costs
// about ten of the row search's (11 thousand instructions against 1.2 on
// the flipped 6×6 puzzles with 8 values of the benchmarks), but on hard
// puzzles with 6 to 10 values it takes 15 to 80 times fewer nodes. With
// few values, where a kind has many cards, the sets narrow little: it
// takes 6 million nodes on the hard 5×5 puzzle of the tests, which has
// three values, where the row search takes a few hundred thousand.
//
// A board has at most 64 cards, so a set of kinds, like the set of empty
// positions, is one word. The puzzle may have at most 16 distinct values.
type arcSolver struct {
	n     int
	kinds []Card  // the distinct cards, with values renumbered 0, 1, ...
	cards [][]int // indices in Puzzle.Cards of the cards of each kind
	// fit[side][v] holds the kinds whose edge on side is v.
	fit [4][]uint64
	// An edge value v on side is also bit side*16+v of a word: shows[k]
	// has the bits of kind k's four edges, sides[pos] those of the sides
	// where pos has a neighbour, and fitAt and theirsAt give for each bit
	// the kinds showing that value on that side and on the opposite one.
	shows           []uint64
	sides           []uint64
	fitAt, theirsAt [64]uint64
	neighbour       [][4]int // per position and side: the adjacent position, or -1

	// stack[d] is the state at depth d, the position it branches on and
	// the kinds not tried there; depth is -1 once the search is over.
	stack []arcState
	depth int

	// The positions whose sets settle has to propagate, and what they
	// were before.
	changed uint64
	told    [MaxN * MaxN]uint64
	// conflicts counts, per position, the times that narrowing its set
	// or its neighbour's emptied the other.
	conflicts [MaxN * MaxN]int

	limit     int
	solutions int
	first     []int
	nodes     int64 // kinds tried at a branching position
}

// arcState is everything the search changes, copied whole at each branch
// (a few hundred bytes) so that taking a card back is free.
type arcState struct {
	kinds [MaxN * MaxN]uint64 // per position: the kinds that may go there; one once placed
	empty uint64              // positions with no card placed yet
	left  [MaxN * MaxN]uint8  // per kind: cards not placed yet
	// The kinds with at least one, two and three cards left.
	some, two, three uint64
	// The counting bounds of solver.move: per side of the board, its
	// positions still empty; the balance of left over right edges of the
	// cards left, and of top over bottom edges.
	border       [4]int8
	across, down smallBalance

	pos     int    // the position branched on
	untried uint64 // its kinds not tried yet
}

// smallBalance is a balance of at most 16 values.
type smallBalance struct {
	diff     [16]int8
	pos, neg int8
}

func (b *smallBalance) add(v int, d int8) {
	old := b.diff[v]
	b.diff[v] += d
	b.pos += max(b.diff[v], 0) - max(old, 0)
	b.neg += max(-b.diff[v], 0) - max(-old, 0)
}

// newArcSolver prepares the search for q on p.
func newArcSolver(p *Puzzle, q query) *arcSolver {
	n, size := p.N, len(p.Cards)
	s := &arcSolver{n: n, limit: q.limit, neighbour: make([][4]int, size), stack: make([]arcState, size+1)}
	var dense [MaxValue + 1]int
	for i := range dense {
		dense[i] = -1
	}
	values := 0
	kindOf := make(map[Card]int)
	kindOfCard := make([]int, size)
	root := &s.stack[0]
	root.border = [4]int8{int8(n), int8(n), int8(n), int8(n)}
	for i, c := range p.Cards {
		for side, v := range c {
			if dense[v] < 0 {
				dense[v] = values
				values++
			}
			c[side] = dense[v]
		}
		k, ok := kindOf[c]
		if !ok {
			k = len(s.kinds)
			kindOf[c] = k
			s.kinds = append(s.kinds, c)
			s.cards = append(s.cards, nil)
		}
		s.cards[k] = append(s.cards[k], i)
		kindOfCard[i] = k
		root.left[k]++
		root.across.add(c[Left], 1)
		root.across.add(c[Right], -1)
		root.down.add(c[Top], 1)
		root.down.add(c[Bottom], -1)
	}
	for side := range s.fit {
		s.fit[side] = make([]uint64, values)
	}
	s.shows = make([]uint64, len(s.kinds))
	for k, c := range s.kinds {
		for side, v := range c {
			s.fit[side][v] |= 1 << k
			s.shows[k] |= 1 << (side*16 + v)
		}
		root.count(k)
	}
	for side := range 4 {
		for v := range values {
			s.fitAt[side*16+v] = s.fit[side][v]
			s.theirsAt[side*16+v] = s.fit[opposite(side)][v]
		}
	}
	s.sides = make([]uint64, size)
	all := ^uint64(0) >> (64 - len(s.kinds))
	for pos := range size {
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
		for side, q := range s.neighbour[pos] {
			if q >= 0 {
				s.sides[pos] |= 0xffff << (side * 16)
			}
		}
		root.kinds[pos] = all
		if q.fixed != nil && q.fixed[pos] >= 0 {
			root.kinds[pos] = 1 << kindOfCard[q.fixed[pos]]
		}
		root.empty |= 1 << pos
	}

	s.depth = 0
	// Make the sets consistent with each other once in full; from then
	// on settle only follows what changes.
	ok := true
	for pos := range size {
		for side, q := range s.neighbour[pos] {
			if q < 0 {
				continue
			}
			if set := root.kinds[q] & s.beside(root.kinds[pos], side); set != root.kinds[q] {
				s.narrow(root, q, set)
				ok = ok && set != 0
			}
		}
	}
	switch {
	case !ok || !s.settle(root):
		s.depth = -1
	case root.empty == 0:
		s.solved(root)
		s.depth = -1
	default:
		s.branch(root)
	}
	return s
}

// sideBalance returns the balance that a card's edge on side of the board
// leaves, and how.
func (st *arcState) sideBalance(side int) (*smallBalance, int8) {
	switch side {
	case Left:
		return &st.across, -1
	case Right:
		return &st.across, 1
	case Top:
		return &st.down, -1
	}
	return &st.down, 1
}

// count sets the bits of kind k in some, two and three from left[k].
func (st *arcState) count(k int) {
	bit, c := uint64(1)<<k, st.left[k]
	st.some, st.two, st.three = st.some&^bit, st.two&^bit, st.three&^bit
	if c >= 1 {
		st.some |= bit
	}
	if c >= 2 {
		st.two |= bit
	}
	if c >= 3 {
		st.three |= bit
	}
}

// narrow sets the kinds of position pos of st to set, a subset, and
// remembers what they were before, for settle to propagate.
func (s *arcSolver) narrow(st *arcState, pos int, set uint64) {
	if s.changed&(1<<pos) == 0 {
		s.changed |= 1 << pos
		s.told[pos] = st.kinds[pos]
	}
	st.kinds[pos] = set
}

// place puts a card of kind k, which must be in its set, at the empty
// position pos of st and reports whether every empty position still has
// a kind.
func (s *arcSolver) place(st *arcState, pos, k int) bool {
	bit := uint64(1) << k
	s.narrow(st, pos, bit)
	st.empty &^= 1 << pos
	st.left[k]--
	st.count(k)
	card := &s.kinds[k]
	for side, q := range s.neighbour[pos] {
		if q < 0 {
			st.border[side]--
			if balance, sign := st.sideBalance(side); balance != nil {
				balance.add(card[side], sign)
			}
		}
	}
	if st.left[k] > 0 {
		return true
	}
	for set := st.empty; set != 0; set &= set - 1 {
		q := bits.TrailingZeros64(set)
		if st.kinds[q]&bit != 0 {
			if s.narrow(st, q, st.kinds[q]&^bit); st.kinds[q] == 0 {
				return false
			}
		}
	}
	return true
}

// settle narrows the sets of st after those of the positions in s.changed
// have been narrowed, placing the cards it finds forced, until nothing
// changes; it reports false if the cards left cannot fill the empty
// positions. It relies on every kind that may go to a position matching
// on each side a kind that may go to the neighbour there, as the neighbour
// stood in s.told if it is in s.changed: so only the values that the kinds
// taken from the neighbour showed, and the kinds left there no longer
// show, take kinds away from the position.
func (s *arcSolver) settle(st *arcState) bool {
	for {
		// A placed neighbour is checked too: positions placed in the
		// same round have not been checked against each other.
		for s.changed != 0 {
			a := bits.TrailingZeros64(s.changed)
			s.changed &= s.changed - 1
			kinds, gone := st.kinds[a], s.told[a]&^st.kinds[a]
			// The values that the kinds taken away showed, and the kinds
			// left no longer show, are lost to the neighbours.
			var shown uint64
			for set := gone; set != 0; set &= set - 1 {
				shown |= s.shows[bits.TrailingZeros64(set)]
			}
			lose := shown & s.sides[a]
			for set := lose; set != 0; set &= set - 1 {
				if bit := bits.TrailingZeros64(set); kinds&s.fitAt[bit] != 0 {
					lose &^= 1 << bit
				}
			}
			if lose == 0 {
				continue
			}
			var lost [4]uint64
			for ; lose != 0; lose &= lose - 1 {
				bit := bits.TrailingZeros64(lose)
				lost[bit>>4] |= s.theirsAt[bit]
			}
			for side, b := range s.neighbour[a] {
				if b >= 0 && st.kinds[b]&lost[side] != 0 {
					if s.narrow(st, b, st.kinds[b]&^lost[side]); st.kinds[b] == 0 {
						s.conflicts[a]++
						s.conflicts[b]++
						return false
					}
				}
			}
		}
		// Place the positions left with one kind, then count where the
		// kinds may go.
		var once, twice, thrice uint64
		for set := st.empty; set != 0; set &= set - 1 {
			pos := bits.TrailingZeros64(set)
			kinds := st.kinds[pos]
			if kinds&(kinds-1) == 0 {
				if !s.place(st, pos, bits.TrailingZeros64(kinds)) {
					return false
				}
				continue
			}
			thrice |= twice & kinds
			twice |= once & kinds
			once |= kinds
		}
		if s.changed != 0 {
			continue // the counts may be stale
		}
		if st.some&^once != 0 || st.two&^twice != 0 || st.three&^thrice != 0 ||
			st.across.pos > st.border[Left] || st.across.neg > st.border[Right] ||
			st.down.pos > st.border[Top] || st.down.neg > st.border[Bottom] {
			return false
		}
		// A kind with one card left and one position for it goes there.
		lone := st.some &^ st.two & once &^ twice
		if lone == 0 {
			return true
		}
		for ; lone != 0; lone &= lone - 1 {
			k := bits.TrailingZeros64(lone)
			pos := -1
			for set := st.empty; set != 0 && pos < 0; set &= set - 1 {
				if q := bits.TrailingZeros64(set); st.kinds[q]&(1<<k) != 0 {
					pos = q
				}
			}
			if pos < 0 || !s.place(st, pos, k) {
				return false // an earlier lone kind took its position
			}
		}
	}
}

// beside returns the kinds that may lie on side of a position that may
// hold the given kinds: those whose opposite edge shows a value that one
// of them shows on side.
func (s *arcSolver) beside(kinds uint64, side int) uint64 {
	var set uint64
	for v, these := range s.fit[side] {
		if kinds&these != 0 {
			set |= s.fit[opposite(side)][v]
		}
	}
	return set
}

// branch makes st branch on the empty position with the fewest kinds
// for its conflicts (the dom/wdeg rule): a fifth fewer nodes on the 8×8
// puzzles with 10 values of the benchmarks than the fewest kinds alone.
func (s *arcSolver) branch(st *arcState) {
	best, bestWeight := 65, 1
	for set := st.empty; set != 0; set &= set - 1 {
		pos := bits.TrailingZeros64(set)
		kinds, weight := bits.OnesCount64(st.kinds[pos]), s.conflicts[pos]+1
		if kinds*bestWeight < best*weight {
			best, bestWeight, st.pos = kinds, weight, pos
		}
	}
	st.untried = st.kinds[st.pos]
}

// solved records the full board of st as a solution.
func (s *arcSolver) solved(st *arcState) {
	s.solutions++
	if s.solutions > 1 {
		return
	}
	used := make([]int, len(s.kinds))
	s.first = make([]int, len(s.neighbour))
	for pos := range s.first {
		k := bits.TrailingZeros64(st.kinds[pos])
		s.first[pos] = s.cards[k][used[k]]
		used[k]++
	}
}

// run goes on with the search until it finishes or has visited limit
// nodes in all, and reports whether it finished; see solver.run.
func (s *arcSolver) run(limit int64) bool {
	for s.depth >= 0 {
		st := &s.stack[s.depth]
		if st.untried == 0 {
			s.depth--
			continue
		}
		if s.nodes == limit {
			return false
		}
		s.nodes++
		k := bits.TrailingZeros64(st.untried)
		st.untried &= st.untried - 1
		next := &s.stack[s.depth+1]
		*next = *st
		s.changed = 0
		if !s.place(next, st.pos, k) || !s.settle(next) {
			continue
		}
		if next.empty == 0 {
			s.solved(next)
			if s.solutions == s.limit {
				return true
			}
			continue
		}
		s.branch(next)
		s.depth++
	}
	return true
}
