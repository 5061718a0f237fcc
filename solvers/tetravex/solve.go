package tetravex

import "context"

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
// placed (when it has them) and its candidates are looked up by those two
// values. Identical cards are one kind with a count, so the search never
// tries permutations of equal cards.
type solver struct {
	n         int
	kinds     []Card  // the distinct cards, with values renumbered 0, 1, ...
	cards     [][]int // indices in Puzzle.Cards of the cards of each kind
	remaining []int   // how many cards of each kind are not placed yet
	board     []int   // kind placed at each position filled so far
	filled    int     // positions filled
	tried     []int   // per position: candidates tried there, or -1 if not entered
	fixed     [][]int // per position, the only kind allowed there as a list, or nil
	limit     int     // solutions wanted
	solutions int     // solutions found
	first     []int   // the first solution: card indices by position

	// Kinds that may go to a position, by the values its neighbours impose.
	values    int // distinct values
	all       []int
	byLeft    [][]int // [left]
	byTop     [][]int // [top]
	byLeftTop [][]int // [left*values + top]

	// Counting bounds; see feasible.
	horizontal, vertical balance
	demand               []int // per value: tops imposed by placed cards minus unplaced tops
	shortage             int   // sum of the positive demands

	// finish[r][c] holds the left edge values from which column c to the
	// end of row r can still be filled, judging by the top edges imposed
	// on those positions when row r was entered; see rowAhead.
	finish [][]valueSet
	// below[r][c] holds the right edge values that column c of row r+1 can
	// end with, judging by the bottom edges of the cards in row r up to
	// column c; see rowBelow.
	below [][]valueSet

	nodes int64 // positions entered
}

// valueSet is a set of (renumbered) edge values: 64 cards have at most 256.
type valueSet [4]uint64

func (vs *valueSet) add(v int)      { vs[v>>6] |= 1 << (v & 63) }
func (vs *valueSet) has(v int) bool { return vs[v>>6]&(1<<(v&63)) != 0 }

// newSolver prepares the search for q on p turned turn times: p itself
// must be turned, q not.
func newSolver(p *Puzzle, q query, turn int) *solver {
	s := &solver{n: p.N, limit: q.limit, board: make([]int, len(p.Cards)), tried: make([]int, len(p.Cards))}
	for pos := range s.tried {
		s.tried[pos] = -1
	}
	var dense [MaxValue + 1]int
	for i := range dense {
		dense[i] = -1
	}
	kindOf := make(map[Card]int)
	for i, c := range p.Cards {
		for side, v := range c {
			if dense[v] < 0 {
				dense[v] = s.values
				s.values++
			}
			c[side] = dense[v]
		}
		k, ok := kindOf[c]
		if !ok {
			k = len(s.kinds)
			kindOf[c] = k
			s.kinds = append(s.kinds, c)
			s.cards = append(s.cards, nil)
			s.remaining = append(s.remaining, 0)
		}
		s.cards[k] = append(s.cards[k], i)
		s.remaining[k]++
	}

	if q.fixed != nil {
		s.fixed = make([][]int, len(p.Cards))
		kindOfCard := make([]int, len(p.Cards))
		for k, cards := range s.cards {
			for _, i := range cards {
				kindOfCard[i] = k
			}
		}
		for pos, i := range q.fixed {
			if i >= 0 {
				s.fixed[turnedPosition(p.N, pos, turn)] = []int{kindOfCard[i]}
			}
		}
	}

	s.below = make([][]valueSet, p.N)
	s.finish = make([][]valueSet, p.N)
	for r := range s.finish {
		s.below[r] = make([]valueSet, p.N)
		s.finish[r] = make([]valueSet, p.N+1)
	}

	s.byLeft = make([][]int, s.values)
	s.byTop = make([][]int, s.values)
	s.byLeftTop = make([][]int, s.values*s.values)
	s.horizontal.diff = make([]int, s.values)
	s.vertical.diff = make([]int, s.values)
	s.demand = make([]int, s.values)
	for k, c := range s.kinds {
		s.all = append(s.all, k)
		s.byLeft[c[Left]] = append(s.byLeft[c[Left]], k)
		s.byTop[c[Top]] = append(s.byTop[c[Top]], k)
		lt := c[Left]*s.values + c[Top]
		s.byLeftTop[lt] = append(s.byLeftTop[lt], k)
		m := s.remaining[k]
		s.horizontal.add(c[Left], m)
		s.horizontal.add(c[Right], -m)
		s.vertical.add(c[Top], m)
		s.vertical.add(c[Bottom], -m)
		s.demand[c[Top]] -= m
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

// move places a card of kind k at position p (sign 1) or takes it back
// (sign -1), keeping the counting bounds up to date.
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
func (s *solver) move(k, p, sign int) {
	r, c := p/s.n, p%s.n
	card := s.kinds[k]
	if c == 0 {
		s.horizontal.add(card[Left], -sign)
	}
	if c == s.n-1 {
		s.horizontal.add(card[Right], sign)
	}
	if r == 0 {
		s.vertical.add(card[Top], -sign)
		s.addDemand(card[Top], sign)
	}
	if r == s.n-1 {
		s.vertical.add(card[Bottom], sign)
	} else {
		s.addDemand(card[Bottom], sign)
	}
	s.remaining[k] -= sign
	s.board[p] = k
}

func (s *solver) addDemand(v, d int) {
	old := s.demand[v]
	s.demand[v] += d
	s.shortage += max(s.demand[v], 0) - max(old, 0)
}

// feasible reports whether the counting bounds allow completing the board
// from position p: the surplus of left edges over right edges must fit on
// the free left-border positions, the surplus of right edges on the free
// right-border ones, likewise for tops and bottoms, and every imposed top
// edge must still have a card. It also checks that the row below can be
// started under the cards placed so far in p's row (see rowBelow).
func (s *solver) feasible(p int) bool {
	n, r, c := s.n, p/s.n, p%s.n
	freeLeft, freeRight := n-r, n-r
	if c > 0 {
		freeLeft--
	}
	freeTop, freeBottom := 0, n
	if r == 0 {
		freeTop = n - c
	}
	if r == n-1 {
		freeBottom = n - c
	}
	return s.shortage == 0 &&
		s.horizontal.pos <= freeLeft && s.horizontal.neg <= freeRight &&
		s.vertical.pos <= freeTop && s.vertical.neg <= freeBottom &&
		(c == 0 || r == n-1 || s.values <= fewValues || s.rowBelow(p-1))
}

// bordersFit reports whether a card of kind k at position p, on a border,
// keeps the counting bounds of feasible: when the surplus of one side's
// edges just fits on the free positions of its border, a card there must
// use up one of them. feasible would find out at the next position, but
// a hard search enters so many dead first rows that checking here halves
// its nodes (the flipped 6×6 and 7×7 sets of the benchmarks).
func (s *solver) bordersFit(k, p int) bool {
	n, r, c, card := s.n, p/s.n, p%s.n, s.kinds[k]
	return (r > 0 || s.vertical.pos < n-c || s.vertical.diff[card[Top]] > 0) &&
		(r < n-1 || s.vertical.neg < n-c || s.vertical.diff[card[Bottom]] < 0) &&
		(c > 0 || s.horizontal.pos < n-r || s.horizontal.diff[card[Left]] > 0) &&
		(c < n-1 || s.horizontal.neg < n-r || s.horizontal.diff[card[Right]] < 0)
}

// demandFits reports whether a card of kind k at position p leaves a card
// for every top edge imposed, as feasible would check at the next position:
// a quarter fewer nodes on the hard 5×5 puzzle of the tests.
func (s *solver) demandFits(k, p int) bool {
	r, card := p/s.n, s.kinds[k]
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

// rowBelow extends below to the card at position p, the last placed, and
// reports whether the row below can still be laid as far as p's column:
// a card there must have p's bottom as its top and a left edge that the
// cards before it can end with. Cards only get used up as the row fills,
// so the sets stay true supersets.
//
// Without it, most nodes of a hard 8×8 search are first rows, built in
// full before rowAhead finds that no second row fits under them; this
// drops most of them a few cards earlier.
func (s *solver) rowBelow(p int) bool {
	r, c := p/s.n, p%s.n
	reach := &s.below[r][c]
	*reach = valueSet{}
	from := &anyValue
	if c > 0 {
		from = &s.below[r][c-1]
	}
	found := false
	for _, k := range s.byTop[s.kinds[s.board[p]][Bottom]] {
		if s.remaining[k] > 0 && from.has(s.kinds[k][Left]) {
			reach.add(s.kinds[k][Right])
			found = true
		}
	}
	return found
}

// candidates returns the kinds whose left and top edges fit position p,
// keeping only the fixed kind if there is one.
func (s *solver) candidates(p int) []int {
	list := s.fitting(p)
	if s.fixed == nil || s.fixed[p] == nil {
		return list
	}
	for _, k := range list {
		if k == s.fixed[p][0] {
			return s.fixed[p]
		}
	}
	return nil
}

// fitting returns the kinds whose left and top edges fit position p.
func (s *solver) fitting(p int) []int {
	r, c := p/s.n, p%s.n
	switch {
	case r == 0 && c == 0:
		return s.all
	case r == 0:
		return s.byLeft[s.kinds[s.board[p-1]][Right]]
	case c == 0:
		return s.byTop[s.kinds[s.board[p-s.n]][Bottom]]
	default:
		left, top := s.kinds[s.board[p-1]][Right], s.kinds[s.board[p-s.n]][Bottom]
		return s.byLeftTop[left*s.values+top]
	}
}

// run goes on with the depth-first search until it finishes or has visited
// limit nodes in all, and reports whether it finished: having found the
// solutions wanted, or having exhausted every placement.
func (s *solver) run(limit int64) bool {
	for {
		p := s.filled
		if p == len(s.board) {
			s.solutions++
			if s.solutions == 1 {
				s.first = s.placement()
			}
			if s.solutions == s.limit {
				return true
			}
			// Look for the next one: take back the last card.
			s.filled--
			s.move(s.board[p-1], p-1, -1)
			continue
		}
		if s.tried[p] < 0 {
			if s.nodes == limit {
				return false
			}
			s.nodes++
			s.tried[p] = 0
			if !s.feasible(p) {
				s.tried[p] = len(s.candidates(p))
			} else if p%s.n == 0 && p > 0 {
				s.rowAhead(p / s.n)
			}
		}
		candidates, ahead := s.candidates(p), s.ahead(p)
		for s.tried[p] < len(candidates) {
			k := candidates[s.tried[p]]
			if s.remaining[k] > 0 && ahead.has(s.kinds[k][Right]) && s.bordersFit(k, p) && s.demandFits(k, p) {
				break
			}
			s.tried[p]++
		}
		if s.tried[p] < len(candidates) {
			s.move(candidates[s.tried[p]], p, 1)
			s.tried[p]++
			s.filled++
			continue
		}
		// Every candidate failed here: take back the card before.
		s.tried[p] = -1
		if p == 0 {
			return true
		}
		s.filled--
		s.move(s.board[p-1], p-1, -1)
	}
}

// rowAhead fills finish[r] for row r, about to be entered: every position
// of the row has its top edge imposed by the card above, so going from the
// right end, a left edge value can start column c's card if some unplaced
// card has the imposed top, that left edge, and a right edge that column
// c+1 can start from. Cards only get used up as the row fills, so the sets
// stay true supersets until the row is entered again.
func (s *solver) rowAhead(r int) {
	n, finish := s.n, s.finish[r]
	finish[n] = anyValue
	for c := n - 1; c > 0; c-- { // column 0 needs no left edge
		finish[c] = valueSet{}
		top := s.kinds[s.board[(r-1)*n+c]][Bottom]
		for _, k := range s.byTop[top] {
			if s.remaining[k] > 0 && finish[c+1].has(s.kinds[k][Right]) {
				finish[c].add(s.kinds[k][Left])
			}
		}
	}
}

// ahead returns the right edge values a card at position p may have so
// that the rest of its row can be filled: see rowAhead. The first row is
// not looked ahead.
func (s *solver) ahead(p int) *valueSet {
	if p < s.n {
		return &anyValue
	}
	return &s.finish[p/s.n][p%s.n+1]
}

var anyValue = valueSet{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}

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
