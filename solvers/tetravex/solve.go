package tetravex

import (
	"context"
	"math/bits"
	"slices"
)

// Answer is the verdict on one puzzle and, when it is possible, a solution.
type Answer struct {
	Possible bool `json:"possible"`
	// Place holds, for each board position in row-major order, the index in
	// Puzzle.Cards of the card placed there; nil when impossible.
	Place []int `json:"place"`
	// Solutions is 0, 1, or 2 for two or more. Solutions are told apart as
	// pictures, by the values they show: swapping two identical cards does
	// not make another one.
	Solutions int `json:"solutions"`
	// IdenticalSwap says the puzzle has identical cards, so Place is one of
	// several ways to lay out its picture.
	IdenticalSwap bool `json:"identicalSwap"`
}

// turnNodes is the number of search nodes each search runs in its turn;
// each unfinished turn ends with a check of ctx (so a puzzle decided in
// its first turn is answered even past a deadline), and each round of
// turns ends with a progress report.
const turnNodes = 1 << 14

// shellAfter is the number of search nodes after which solve also races a
// shell search: about a twentieth of a second, more than any puzzle of
// the 5×5, 6×6 and 7×7 benchmarks takes. Tests set it to 0 to have the
// shell search decide small puzzles.
var shellAfter int64 = 1 << 19

// Solve decides whether the cards of p tile its board, finds a placement if
// they do, and counts the solutions up to two.
func Solve(ctx context.Context, p *Puzzle, progress func(int64)) (*Answer, error) {
	a, _, err := solve(ctx, p, query{limit: 2}, progress)
	return a, err
}

// query says what a search looks for.
type query struct {
	limit int // solutions to find before stopping: 1 to decide, 2 to count
	// fixed, if not nil, holds for each position the index in Puzzle.Cards
	// of a card that must be there (a card of the same kind will do), or -1.
	fixed []int
}

// solve is Solve for any query that also returns the number of search
// nodes visited. Answer.Solutions is only counted up to q.limit.
//
// How long a row-major search takes depends enormously on the corner it
// starts from (a 5×5 puzzle took 160 thousand nodes from one corner and 47
// million from another), so solve runs four searches, on the puzzle turned
// by 0, 90, 180 and 270 degrees, taking turns until one of them finishes.
// Any finished search decides, so this costs at most four times the
// luckiest.
//
// A search that goes on past shellAfter nodes gets a fifth search, which
// fills the board in square shells from the top-left corner (see
// shellSolver): it takes about as long from every corner, and decides
// many 8×8 puzzles with 9 or 10 values that no row order decides within
// seconds, but it rarely beats the luckiest row order on the quicker
// puzzles, so these do not pay for it.
func solve(ctx context.Context, p *Puzzle, q query, progress func(int64)) (*Answer, int64, error) {
	if err := p.validate(); err != nil {
		return nil, 0, err
	}
	var searches []search
	var turns []int
	turnedP := p
	for turn := range 4 {
		searches = append(searches, newSolver(turnedP, q, turn))
		turns = append(turns, turn)
		turnedP = turnedP.turned()
	}
	var nodes int64
	for {
		if len(searches) == 4 && nodes >= shellAfter {
			searches = append([]search{newShellSolver(p, q)}, searches...)
			turns = append([]int{0}, turns...)
		}
		for i, s := range searches {
			before := s.visited()
			done := s.run(before + turnNodes)
			nodes += s.visited() - before
			if !done {
				if err := ctx.Err(); err != nil {
					return nil, nodes, err
				}
				continue
			}
			solutions, first, cards := s.outcome()
			turn := turns[i]
			a := &Answer{Solutions: solutions}
			if solutions > 0 {
				a.Possible = true
				a.Place = make([]int, len(p.Cards))
				for pos := range a.Place {
					a.Place[pos] = first[turnedPosition(p.N, pos, turn)]
				}
				for _, cards := range cards {
					a.IdenticalSwap = a.IdenticalSwap || len(cards) > 1
				}
			}
			return a, nodes, nil
		}
		if progress != nil {
			progress(nodes)
		}
	}
}

// search is one of the searches solve races.
type search interface {
	// run goes on until the search finishes or has visited limit nodes in
	// all, and reports whether it finished.
	run(limit int64) bool
	visited() int64
	// outcome returns the solutions found, the first one (card indices
	// by position) and the indices of the cards of each kind.
	outcome() (solutions int, first []int, cards [][]int)
}

func (s *solver) visited() int64                      { return s.nodes }
func (s *solver) outcome() (int, []int, [][]int)      { return s.solutions, s.first, s.cards }
func (s *shellSolver) visited() int64                 { return s.nodes }
func (s *shellSolver) outcome() (int, []int, [][]int) { return s.solutions, s.first, s.cards }

// turned returns the puzzle turned by 90 degrees clockwise: each card's
// left edge becomes its top edge.
func (p *Puzzle) turned() *Puzzle {
	q := &Puzzle{N: p.N, Cards: make([]Card, len(p.Cards))}
	for i, c := range p.Cards {
		q.Cards[i] = Card{Top: c[Left], Right: c[Top], Bottom: c[Right], Left: c[Bottom]}
	}
	return q
}

// turnedPosition returns where position pos of an n×n board goes when the
// board is turned clockwise by 90 degrees the given number of times.
func turnedPosition(n, pos, turns int) int {
	r, c := pos/n, pos%n
	for range turns {
		r, c = c, n-1-r
	}
	return r*n + c
}

// solver is a depth-first search, run in steps, that fills the board in
// row-major order: the next position always has its left and top neighbours
// placed (when it has them) and its candidates are the kinds that fit both.
// Identical cards are one kind with a count, so the search never tries
// permutations of equal cards.
//
// A board has at most 64 cards, so a set of kinds is one word, and a
// position's candidates are a few ANDs: the search walks only the kinds
// that fit, never a list of those that might. (Each loop iteration costs
// far more in wasm than natively, so fewer of them matter most in the
// browser.)
type solver struct {
	n         int
	squares   []square // per position
	kinds     []Card   // the distinct cards, with values renumbered 0, 1, ...
	cards     [][]int  // indices in Puzzle.Cards of the cards of each kind
	remaining []int    // how many cards of each kind are not placed yet
	available uint64   // kinds with cards not placed yet
	board     []int    // kind placed at each position filled so far
	filled    int      // positions filled
	limit     int      // solutions wanted
	solutions int      // solutions found
	first     []int    // the first solution: card indices by position

	// Per kind k, the kinds that fit beside it: rightOf[k] have k's right
	// edge as their left one, below[k] k's bottom as their top, and
	// leftOf[k] k's left edge as their right one. sameLeft[k] and
	// sameRight[k] share k's left, right edge.
	rightOf, below, leftOf, sameLeft, sameRight []uint64
	values                                      int // distinct values

	// Counting bounds; see moveOnBorder and candidates.
	horizontal, vertical balance
	demand               []int // per value: tops imposed by placed cards minus unplaced tops
	shortage             int   // sum of the positive demands
	// spare holds the kinds whose bottom edge has a negative demand: a card
	// of one leaves a card for the top it imposes (see demandFits).
	spare    uint64
	byBottom []uint64 // per value: the kinds with that bottom edge

	nodes int64 // positions entered
}

// square is what solver knows of one board position: where it is, all
// worked out beforehand not to divide or branch per node, and how the
// search stands there.
type square struct {
	row, col int
	border   bool // whether it is on the border of the board
	// The free positions on each border when this one is entered, itself
	// included: see candidates.
	freeLeft, freeRight, freeTop, freeBottom int

	allowed uint64 // the kinds it may hold: a fixed one, or all
	entered bool   // whether untried holds its candidates
	untried uint64 // candidates not tried yet
	// ahead holds the kinds whose right edge lets the rest of its row be
	// filled, judging by the top edges imposed on the row when it was
	// entered; see rowAhead.
	ahead uint64
	// under holds the kinds that may go to the position below, judging by
	// the bottom edges of the cards in its row up to it; see rowBelow.
	under uint64
}

// newSolver prepares the search for q on p turned turn times: p itself
// must be turned, q not. Small puzzles take few nodes, so it allocates
// little (each allocation costs much more in wasm).
func newSolver(p *Puzzle, q query, turn int) *solver {
	size := len(p.Cards)
	s := &solver{
		n: p.N, limit: q.limit, board: make([]int, size), squares: make([]square, size),
		kinds: make([]Card, 0, size), remaining: make([]int, 0, size),
	}
	for pos := range size {
		n, r, c := p.N, pos/p.N, pos%p.N
		sq := square{
			row: r, col: c, border: r == 0 || r == n-1 || c == 0 || c == n-1,
			freeLeft: n - r, freeRight: n - r, freeTop: 0, freeBottom: n,
			allowed: ^uint64(0),
		}
		if c > 0 {
			sq.freeLeft--
		}
		if r == 0 {
			sq.freeTop = n - c
		}
		if r == n-1 {
			sq.freeBottom = n - c
		}
		s.squares[pos] = sq
	}
	var dense [MaxValue + 1]int
	for i := range dense {
		dense[i] = -1
	}
	kindOfCard := make([]int, size)
	for i, c := range p.Cards {
		for side, v := range c {
			if dense[v] < 0 {
				dense[v] = s.values
				s.values++
			}
			c[side] = dense[v]
		}
		// At most 64 cards: looking through the kinds is quicker than
		// hashing (which wasm does slowly).
		k := slices.Index(s.kinds, c)
		if k < 0 {
			k = len(s.kinds)
			s.kinds = append(s.kinds, c)
			s.remaining = append(s.remaining, 0)
		}
		kindOfCard[i] = k
		s.remaining[k]++
	}
	// The cards of each kind, all in one array.
	s.cards = make([][]int, len(s.kinds))
	grouped, start := make([]int, size), 0
	for k, m := range s.remaining {
		s.cards[k] = grouped[start : start : start+m]
		start += m
	}
	for i, k := range kindOfCard {
		s.cards[k] = append(s.cards[k], i)
	}

	if q.fixed != nil {
		for pos, i := range q.fixed {
			if i >= 0 {
				s.squares[turnedPosition(p.N, pos, turn)].allowed = 1 << kindOfCard[i]
			}
		}
	}

	var bySide [4][]uint64 // [side][v]: the kinds whose edge on side is v
	for side := range bySide {
		bySide[side] = make([]uint64, s.values)
	}
	for k, c := range s.kinds {
		for side, v := range c {
			bySide[side][v] |= 1 << k
		}
	}
	s.horizontal.diff = make([]int, s.values)
	s.vertical.diff = make([]int, s.values)
	s.demand = make([]int, s.values)
	kinds := len(s.kinds)
	s.rightOf, s.below, s.leftOf = make([]uint64, kinds), make([]uint64, kinds), make([]uint64, kinds)
	s.sameLeft, s.sameRight = make([]uint64, kinds), make([]uint64, kinds)
	for k, c := range s.kinds {
		s.available |= 1 << k
		s.rightOf[k] = bySide[Left][c[Right]]
		s.below[k] = bySide[Top][c[Bottom]]
		s.leftOf[k] = bySide[Right][c[Left]]
		s.sameLeft[k] = bySide[Left][c[Left]]
		s.sameRight[k] = bySide[Right][c[Right]]
		m := s.remaining[k]
		s.horizontal.add(c[Left], m)
		s.horizontal.add(c[Right], -m)
		s.vertical.add(c[Top], m)
		s.vertical.add(c[Bottom], -m)
		s.demand[c[Top]] -= m
	}
	s.byBottom = bySide[Bottom]
	for v, d := range s.demand {
		if d < 0 {
			s.spare |= s.byBottom[v]
		}
	}
	return s
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

// moveOnBorder keeps the counting bounds up to date when run places a card
// of kind k at position p on the border (sign 1) or takes it back (sign -1);
// inside the board, only the demand for p's bottom edge changes.
//
// horizontal.diff[v] is the number of unplaced left edges v, minus unplaced
// right edges v, minus 1 if the next position must have left edge v. In any
// completion, every unplaced right edge off the right border meets an
// unplaced left edge, and every unplaced left edge off the left border meets
// an unplaced right edge or is the imposed one; so diff[v] is the number of
// left-border cards with left edge v minus right-border cards with right
// edge v. Placing a card inside the board changes nothing: the edge it uses
// up was imposed, the one it leaves is imposed on its neighbour. vertical
// does the same for top and bottom edges.
//
// demand[v] is the number of positions whose top edge must be v minus the
// unplaced cards with top v; a positive demand can never be met.
func (s *solver) moveOnBorder(k, p, sign int) {
	n, r, c, card := s.n, s.squares[p].row, s.squares[p].col, &s.kinds[k]
	if c == 0 {
		s.horizontal.add(card[Left], -sign)
	}
	if c == n-1 {
		s.horizontal.add(card[Right], sign)
	}
	if r == 0 {
		s.vertical.add(card[Top], -sign)
		s.addDemand(card[Top], sign)
	}
	if r == n-1 {
		s.vertical.add(card[Bottom], sign)
	} else {
		s.addDemand(card[Bottom], sign)
	}
}

// addDemand adds d, 1 or -1, to the demand for top edge v.
func (s *solver) addDemand(v, d int) {
	demand := &s.demand[v]
	old := *demand
	*demand += d
	if old > 0 || *demand > 0 {
		s.shortage += d
	}
	if min(old, *demand) == -1 { // one of them is negative, the other not
		s.spare ^= s.byBottom[v]
	}
}

// demandFits reports whether a card of kind k at sq leaves a card
// for every top edge imposed, as the next position would check:
// a quarter fewer nodes on the hard 5×5 puzzle of the tests.
func (s *solver) demandFits(k int, sq *square) bool {
	r, card := sq.row, &s.kinds[k]
	if r == s.n-1 {
		return r > 0 || s.demand[card[Top]] < 0
	}
	if r > 0 || card[Top] != card[Bottom] {
		return s.demand[card[Bottom]] < 0 && (r > 0 || s.demand[card[Top]] < 0)
	}
	return s.demand[card[Bottom]] < -1
}

// fewValues is the most distinct values with which rowBelow is not worth
// its cost: with so few, the row below can almost always be started (on
// the hard 5×5 puzzle of the tests, with three, it saved 0.2% of the nodes
// and cost 18% more instructions).
const fewValues = 3

// rowBelow extends under to the card at position p, the last placed, and
// reports whether the row below can still be laid as far as p's column:
// a card there must have p's bottom as its top and a left edge that the
// cards before it can end with. Cards only get used up as the row fills,
// so the sets stay true supersets.
//
// Without it, most nodes of a hard 8×8 search are first rows, built in
// full before rowAhead finds that no second row fits under them; this
// drops most of them a few cards earlier.
func (s *solver) rowBelow(p int) bool {
	sq := &s.squares[p]
	fit := ^uint64(0) // kinds whose left edge the cards before can end with
	if sq.col > 0 {
		fit = 0
		for before := s.squares[p-1].under; before != 0; {
			k := bits.TrailingZeros64(before)
			fit |= s.rightOf[k]
			before &^= s.sameRight[k] // one card per right edge will do
		}
	}
	sq.under = fit & s.available & s.below[s.board[p]]
	return sq.under != 0
}

// candidates returns the kinds that may go to position p, being entered:
// none if the counting bounds show the board cannot be completed, else
// those left whose left and top edges fit its placed neighbours, whose
// right edge lets the rest of its row be filled, which p allows, and which
// keep the counting bounds (see demandFits and below). The state is
// the same each time the search comes back to p, so the kinds are checked
// once, here.
//
// The counting bounds: the surplus of left edges over right edges must fit
// on the free left-border positions, the surplus of right edges on the free
// right-border ones, likewise for tops and bottoms, and every imposed top
// edge must still have a card. The row below must also be able to start
// under the cards placed so far in p's row (see rowBelow).
func (s *solver) candidates(p int, sq *square) uint64 {
	n, r, c := s.n, sq.row, sq.col
	if s.shortage > 0 ||
		s.horizontal.pos > sq.freeLeft || s.horizontal.neg > sq.freeRight ||
		s.vertical.pos > sq.freeTop || s.vertical.neg > sq.freeBottom ||
		c > 0 && r < n-1 && s.values > fewValues && !s.rowBelow(p-1) {
		return 0
	}
	if c == 0 && r > 0 {
		s.rowAhead(r)
	}
	fit := s.available & sq.allowed
	if c > 0 {
		fit &= s.rightOf[s.board[p-1]]
	}
	if r > 0 {
		fit &= s.below[s.board[p-n]] & sq.ahead
	}
	// On a border whose surplus of edges just fits on its free positions,
	// a card must use up one of them. The next position would find out,
	// but a hard search enters so many dead first rows that checking here
	// halves its nodes (the flipped 6×6 and 7×7 sets of the benchmarks).
	top := r == 0 && s.vertical.pos >= sq.freeTop
	bottom := r == n-1 && s.vertical.neg >= sq.freeBottom
	left := c == 0 && s.horizontal.pos >= sq.freeLeft
	right := c == n-1 && s.horizontal.neg >= sq.freeRight
	// Most positions are in between the top and bottom rows, where the
	// kinds that fit demandFits are those of spare, and most of those have
	// no tight border.
	if r > 0 && r < n-1 {
		fit &= s.spare
		if !left && !right {
			return fit
		}
	}
	for m := fit; m != 0; m &= m - 1 {
		k := bits.TrailingZeros64(m)
		card := &s.kinds[k]
		if top && s.vertical.diff[card[Top]] <= 0 || bottom && s.vertical.diff[card[Bottom]] >= 0 ||
			left && s.horizontal.diff[card[Left]] <= 0 || right && s.horizontal.diff[card[Right]] >= 0 ||
			!s.demandFits(k, sq) {
			fit &^= 1 << k
		}
	}
	return fit
}

// run goes on with the depth-first search until it finishes or has visited
// limit nodes in all, and reports whether it finished: having found the
// solutions wanted, or having exhausted every placement.
func (s *solver) run(limit int64) bool {
	for {
		// Place the next candidate at p, or take back the card before:
		// every candidate failed at p, or the board is full.
		p := s.filled
		k, sign := 0, 1
		if p < len(s.squares) {
			sq := &s.squares[p]
			if !sq.entered {
				if s.nodes == limit {
					return false
				}
				s.nodes++
				sq.entered = true
				sq.untried = s.candidates(p, sq)
			}
			if sq.untried != 0 {
				k = bits.TrailingZeros64(sq.untried)
				sq.untried &= sq.untried - 1
			} else {
				sq.entered = false
				sign = -1
			}
		} else {
			s.solutions++
			if s.solutions == 1 {
				s.first = s.placement()
			}
			if s.solutions == s.limit {
				return true
			}
			sign = -1
		}
		if sign < 0 {
			if p == 0 {
				return true
			}
			p--
			k = s.board[p]
		}
		if s.squares[p].border {
			s.moveOnBorder(k, p, sign)
		} else {
			s.addDemand(s.kinds[k][Bottom], sign)
		}
		remaining := &s.remaining[k]
		*remaining -= sign
		if *remaining == 0 {
			s.available &^= 1 << k
		} else {
			s.available |= 1 << k
		}
		s.board[p] = k
		s.filled += sign
	}
}

// rowAhead fills ahead for the squares of row r, about to be entered: every position
// of the row has its top edge imposed by the card above, so going from the
// right end, a card can go to column c if it is left, has the imposed top,
// and its right edge can start column c+1; and a card ending column c-1
// needs a right edge that one of those has on its left. Cards only get used
// up as the row fills, so the sets stay true supersets until the row is
// entered again.
func (s *solver) rowAhead(r int) {
	n := s.n
	row, above := s.squares[r*n:r*n+n], s.board[r*n-n:r*n]
	row[n-1].ahead = ^uint64(0)
	for c := n - 1; c > 0; c-- {
		fit := uint64(0)
		for start := row[c].ahead & s.available & s.below[above[c]]; start != 0; {
			k := bits.TrailingZeros64(start)
			fit |= s.leftOf[k]
			start &^= s.sameLeft[k] // one card per left edge will do
		}
		row[c-1].ahead = fit
	}
}

// placement returns the card indices by position of the full board: the
// cards of each kind in the order of the puzzle.
func (s *solver) placement() []int {
	used := make([]int, len(s.kinds))
	place := make([]int, len(s.board))
	for pos, k := range s.board {
		place[pos] = s.cards[k][used[k]]
		used[k]++
	}
	return place
}
