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
	// trace, if not nil, records the row-major searches (see Game.Trace).
	trace *raceTrace
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
			if q.trace != nil {
				q.trace.decided(s)
			}
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
// that fit, never a list of those that might. Each square holds, worked
// out beforehand, what its place on the board means for the search, so
// that a node is nearly straight-line code: in wasm, every branch taken
// and every call costs far more than natively.
type solver struct {
	n         int
	squares   []square // per position
	kinds     []Card   // the distinct cards, with values renumbered 0, 1, ...
	cards     [][]int  // indices in Puzzle.Cards of the cards of each kind
	remaining []int    // how many cards of each kind are not placed yet
	available uint64   // kinds with cards not placed yet
	// board holds the kind placed at each position filled so far, and in
	// its last entry, past the board, none: the neighbour of the positions
	// on the top and left borders.
	board     []int
	filled    int   // positions filled when run last stopped
	limit     int   // solutions wanted
	solutions int   // solutions found
	first     []int // the first solution: card indices by position

	// Per kind k, the kinds that fit beside it: rightOf[k] have k's right
	// edge as their left one, below[k] k's bottom as their top, and
	// leftOf[k] k's left edge as their right one. sameLeft[k] and
	// sameRight[k] share k's left, right edge. rightOf and below have an
	// entry for none too: all kinds.
	rightOf, below, leftOf, sameLeft, sameRight []uint64
	values                                      int // distinct values

	// Counting bounds; see run.
	horizontal, vertical tally
	demand               []int // per value: tops imposed by placed cards minus unplaced tops
	// spare holds the kinds whose bottom edge has a negative demand: a card
	// of one leaves a card for the top it imposes.
	spare    uint64
	byBottom []uint64 // per value: the kinds with that bottom edge

	nodes int64 // positions entered

	rec *rowTrace // records the search's steps; nil when not traced
}

// square is what solver knows of one board position: where it is and what
// that means for the search, all worked out beforehand not to divide or
// branch per node, and how the search stands there.
type square struct {
	row, col int
	left, up int // the board entries of its left and top neighbours (none's, if it has none)

	// The free positions on each border when this one is entered, itself
	// included: see run.
	freeLeft, freeRight, freeTop, freeBottom int
	// The same for the borders it is on, and beyond any count for those it
	// is not on: with so many free positions, a border is never tight.
	tightLeft, tightRight, tightTop, tightBottom int

	// How a card placed here changes the counts (see run): of its edge
	// on sideH, by dH, and on sideV, by dV (-1 for its left and top
	// edges, 1 for its right and bottom ones, 0 if it is on no left or
	// right, top or bottom border), and the demand for its top and bottom
	// edges, by 1 or 0.
	sideH, dH, sideV, dV, demandTop, demandBottom int
	// border says whether sq is on the border of a board of more than one
	// card (which has no counts to keep).
	border bool

	// anyBottom is all kinds on the bottom row, which imposes no top edge,
	// and none elsewhere; see run.
	anyBottom uint64
	firstRow  bool // on the top row of a board of more than one
	rowStart  bool // first of a row under another: see rowAhead
	lookBelow bool // whether rowBelow is worth its cost here

	allowed uint64 // the kinds it may hold: a fixed one, or all
	untried uint64 // candidates not tried yet
	// ahead holds the kinds whose right edge lets the rest of its row be
	// filled, judging by the top edges imposed on the row when it was
	// entered; see rowAhead.
	ahead uint64
	// under holds the kinds that may go to the position below, judging by
	// the bottom edges of the cards in its row up to it; see rowBelow.
	under uint64
}

// never is more free positions than a board has: a border whose count
// is compared with it is never tight.
const never = 1 << 30

// newSolver prepares the search for q on p turned turn times: p itself
// must be turned, q not. Small puzzles take few nodes, so it allocates
// little (each allocation costs much more in wasm).
func newSolver(p *Puzzle, q query, turn int) *solver {
	size := len(p.Cards)
	s := &solver{
		n: p.N, limit: q.limit, board: make([]int, size+1), squares: make([]square, size),
		kinds: make([]Card, 0, size), remaining: make([]int, 0, size),
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
	none := len(s.kinds)
	s.board[size] = none
	n := p.N
	for pos := range size {
		r, c := pos/n, pos%n
		sq := square{
			row: r, col: c, left: pos - 1, up: pos - n,
			border:   n > 1 && (r == 0 || r == n-1 || c == 0 || c == n-1),
			freeLeft: n - r, freeRight: n - r, freeTop: 0, freeBottom: n,
			tightLeft: never, tightRight: never, tightTop: never, tightBottom: never,
			demandBottom: 1,
			firstRow:     r == 0 && n > 1, rowStart: c == 0 && r > 0,
			lookBelow: c > 0 && r < n-1 && s.values > fewValues,
			allowed:   ^uint64(0), ahead: ^uint64(0),
		}
		if c > 0 {
			sq.freeLeft--
		} else {
			sq.left = size
			sq.tightLeft, sq.sideH, sq.dH = sq.freeLeft, Left, -1
		}
		if c == n-1 {
			sq.tightRight, sq.sideH, sq.dH = sq.freeRight, Right, 1
		}
		if r == 0 {
			sq.freeTop = n - c
			sq.up = size
			sq.tightTop, sq.sideV, sq.dV, sq.demandTop = sq.freeTop, Top, -1, 1
		}
		if r == n-1 {
			sq.freeBottom = n - c
			sq.tightBottom, sq.sideV, sq.dV, sq.demandBottom = sq.freeBottom, Bottom, 1, 0
			sq.anyBottom = ^uint64(0)
		}
		s.squares[pos] = sq
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
	s.horizontal.values, s.vertical.values = make([]edgeValue, s.values), make([]edgeValue, s.values)
	for v := range s.values {
		s.horizontal.values[v] = edgeValue{first: bySide[Left][v], second: bySide[Right][v]}
		s.vertical.values[v] = edgeValue{first: bySide[Top][v], second: bySide[Bottom][v]}
	}
	s.demand = make([]int, s.values)
	kinds := len(s.kinds)
	s.rightOf, s.below, s.leftOf = make([]uint64, kinds+1), make([]uint64, kinds+1), make([]uint64, kinds)
	s.sameLeft, s.sameRight = make([]uint64, kinds), make([]uint64, kinds)
	s.rightOf[none], s.below[none] = ^uint64(0), ^uint64(0)
	for k, c := range s.kinds {
		s.available |= 1 << k
		s.rightOf[k] = bySide[Left][c[Right]]
		s.below[k] = bySide[Top][c[Bottom]]
		s.leftOf[k] = bySide[Right][c[Left]]
		s.sameLeft[k] = bySide[Left][c[Left]]
		s.sameRight[k] = bySide[Right][c[Right]]
		m := s.remaining[k]
		s.horizontal.values[c[Left]].diff += m
		s.horizontal.values[c[Right]].diff -= m
		s.vertical.values[c[Top]].diff += m
		s.vertical.values[c[Bottom]].diff -= m
		s.demand[c[Top]] -= m
	}
	s.horizontal.total()
	s.vertical.total()
	s.byBottom = bySide[Bottom]
	for v, d := range s.demand {
		if d < 0 {
			s.spare |= s.byBottom[v]
		}
	}
	if q.trace != nil {
		s.rec = q.trace.newSearch(p, turn)
	}
	return s
}

// tally counts, per value, edges on one side of the unplaced cards minus
// edges on the opposite side, keeping the totals of the surpluses and of
// the deficits, and the kinds with a surplus on their first side or a
// deficit on their second.
type tally struct {
	values   []edgeValue
	pos, neg int
	// over holds the kinds whose edge on the first side has a surplus,
	// under those whose edge on the second side has a deficit.
	over, under uint64
}

// edgeValue is what a tally keeps of one value.
type edgeValue struct {
	diff          int
	first, second uint64 // the kinds with that edge on each side
}

// total works out pos, neg, over and under from the diffs.
func (t *tally) total() {
	for _, e := range t.values {
		if e.diff > 0 {
			t.pos += e.diff
			t.over |= e.first
		}
		if e.diff < 0 {
			t.neg -= e.diff
			t.under |= e.second
		}
	}
}

// add adds d, which is -1, 0 or 1, to the diff of value v, without
// branching (see solver). A change of one moves the diff between old and
// old+d, so which of them are above or below 0 shows in their sum, 2*old+d.
func (t *tally) add(v, d int) {
	e := &t.values[v]
	sum := 2*e.diff + d
	e.diff += d
	t.pos += d & (-sum >> 63) // the sum is positive
	t.neg -= d & (sum >> 63)  // the sum is negative
	t.over ^= e.first & zero(sum-1)
	t.under ^= e.second & zero(sum+1)
}

// zero returns all kinds if x is 0, else none.
func zero(x int) uint64 {
	return ^uint64((x | -x) >> 63)
}

// addDemand adds d, which is -1, 0 or 1, to the demand for top edge v.
func (s *solver) addDemand(v, d int) {
	old := s.demand[v]
	s.demand[v] = old + d
	s.spare ^= s.byBottom[v] & zero(2*old+d+1) // between -1 and 0
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

// notTight returns all kinds if count is below tight, else none.
func notTight(count, tight int) uint64 {
	return uint64((count - tight) >> 63)
}

// firstRowFits returns the kinds of fit that may go on the top row as far
// as demand goes. A card there uses up a top edge as well as imposing one:
// both demands must be negative, or the one below -1 if the card's top and
// bottom are the same. (fit is already in spare: the demand for its
// bottom edge is negative.)
func (s *solver) firstRowFits(fit uint64) uint64 {
	for m := fit; m != 0; m &= m - 1 {
		k := bits.TrailingZeros64(m)
		card := &s.kinds[k]
		if d := s.demand[card[Top]]; d >= 0 || d == -1 && card[Top] == card[Bottom] {
			fit &^= 1 << k
		}
	}
	return fit
}

// run goes on with the depth-first search until it finishes or has visited
// limit nodes in all, and reports whether it finished: having found the
// solutions wanted, or having exhausted every placement.
//
// Entering a position, it works out its candidates, once: the state is the
// same each time the search comes back to it. They are none if the
// counting bounds show the board cannot be completed, else the kinds left
// whose left and top edges fit its placed neighbours, whose right edge
// lets the rest of its row be filled (see rowAhead), which the position
// allows, and which keep the counting bounds.
//
// The counting bounds: the surplus of left edges over right edges must fit
// on the free left-border positions, the surplus of right edges on the free
// right-border ones, likewise for tops and bottoms, and every imposed top
// edge must still have a card. The row below must also be able to start
// under the cards placed so far in the position's row (see rowBelow).
//
// On a border whose surplus of edges just fits on its free positions, a
// card must use up one of them. The next position would find out, but a
// hard search enters so many dead first rows that checking here halves its
// nodes (the flipped 6×6 and 7×7 sets of the benchmarks). Likewise a card
// must leave a card for each top edge it imposes: a quarter fewer nodes on
// the hard 5×5 puzzle of the tests.
//
// Placing a card or taking it back, run keeps the counts up to date:
//
// horizontal's diff of v is the number of unplaced left edges v, minus
// unplaced right edges v, minus 1 if the next position must have left
// edge v. In any completion, every unplaced right edge off the right border
// meets an unplaced left edge, and every unplaced left edge off the left
// border meets an unplaced right edge or is the imposed one; so the diff is
// the number of left-border cards with left edge v minus right-border cards
// with right edge v. Placing a card inside the board changes nothing: the
// edge it uses up was imposed, the one it leaves is imposed on its
// neighbour. vertical does the same for top and bottom edges.
//
// demand[v] is the number of positions whose top edge must be v minus the
// unplaced cards with top v; a positive demand can never be met, and
// the candidates are only cards that keep every demand at most 0.
//
// Each step is written out in this one function, with as few branches as
// can be: in wasm, every call and every branch taken costs far more than
// natively (a call per node took a sixth more instructions in V8).
func (s *solver) run(limit int64) bool {
	p := s.filled // the position to enter
	for {
		var untried uint64
		if p < len(s.squares) {
			if s.nodes == limit {
				s.filled = p
				return false
			}
			s.nodes++
			// The candidates at p. Any of the free positions less the
			// count is negative if and only if their OR is.
			sq, h, v := &s.squares[p], &s.horizontal, &s.vertical
			if sq.freeLeft-h.pos|sq.freeRight-h.neg|sq.freeTop-v.pos|sq.freeBottom-v.neg >= 0 &&
				!(sq.lookBelow && !s.rowBelow(sq.left)) {
				if sq.rowStart {
					s.rowAhead(sq.row)
				}
				untried = s.available & sq.allowed & sq.ahead &
					s.rightOf[s.board[sq.left]] & s.below[s.board[sq.up]] &
					(h.over | notTight(h.pos, sq.tightLeft)) & (h.under | notTight(h.neg, sq.tightRight)) &
					(v.over | notTight(v.pos, sq.tightTop)) & (v.under | notTight(v.neg, sq.tightBottom)) &
					(s.spare | sq.anyBottom)
				if sq.firstRow {
					untried = s.firstRowFits(untried)
				}
			}
			if s.rec != nil {
				s.rec.enter(s, p, untried)
			}
		} else {
			s.solutions++
			if s.solutions == 1 {
				s.first = s.placement()
			}
			if s.rec != nil {
				s.rec.found(s)
			}
			if s.solutions == s.limit {
				return true
			}
		}
		// Every candidate failed at p, or the board is full: take back
		// cards until one with candidates left.
		for untried == 0 {
			if p == 0 {
				return true
			}
			p--
			k := s.board[p]
			if s.rec != nil {
				s.rec.undo(s, p, k)
			}
			sq, card := &s.squares[p], &s.kinds[k]
			if sq.border {
				s.horizontal.add(card[sq.sideH&3], -sq.dH)
				s.vertical.add(card[sq.sideV&3], -sq.dV)
				s.addDemand(card[Top], -sq.demandTop)
			}
			s.addDemand(card[Bottom], -sq.demandBottom)
			s.remaining[k]++
			s.available |= 1 << (k & 63)
			untried = sq.untried
		}
		sq := &s.squares[p]
		k := bits.TrailingZeros64(untried)
		sq.untried = untried & (untried - 1)
		card := &s.kinds[k]
		if sq.border {
			s.horizontal.add(card[sq.sideH&3], sq.dH)
			s.vertical.add(card[sq.sideV&3], sq.dV)
			s.addDemand(card[Top], sq.demandTop)
		}
		s.addDemand(card[Bottom], sq.demandBottom)
		s.remaining[k]--
		s.available &^= 1 << (k & 63) & zero(s.remaining[k])
		s.board[p] = k
		if s.rec != nil {
			s.rec.try(s, p, k)
		}
		p++
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
		// One card per left edge will do; two at a time, as a column
		// takes two on average on the hard 5×5 puzzle of the tests
		// (each loop iteration costs much in wasm).
		for start := row[c].ahead & s.available & s.below[above[c]]; start != 0; {
			k := bits.TrailingZeros64(start)
			fit |= s.leftOf[k]
			start &^= s.sameLeft[k]
			if start == 0 {
				break
			}
			k = bits.TrailingZeros64(start)
			fit |= s.leftOf[k]
			start &^= s.sameLeft[k]
		}
		row[c-1].ahead = fit
	}
}

// placement returns the card indices by position of the full board: the
// cards of each kind in the order of the puzzle.
func (s *solver) placement() []int {
	used := make([]int, len(s.kinds))
	place := make([]int, len(s.board)-1)
	for pos, k := range s.board[:len(place)] {
		place[pos] = s.cards[k][used[k]]
		used[k]++
	}
	return place
}
