package tetravex

import (
	"context"
)

// Answer is the verdict on one puzzle and, when it is possible, a solution.
type Answer struct {
	Possible bool `json:"possible"`
	// Place holds, for each board position in row-major order, the index in
	// Puzzle.Cards of the card placed there; nil when impossible.
	Place []int `json:"place"`
}

// progressEvery is the number of search nodes between progress reports
// and checks of ctx.
const progressEvery = 1 << 16

// Solve decides whether the cards of p tile its board and finds a placement
// if they do.
func Solve(ctx context.Context, p *Puzzle, progress func(int64)) (*Answer, error) {
	a, _, err := solve(ctx, p, progress)
	return a, err
}

// solve is Solve that also returns the number of search nodes visited.
func solve(ctx context.Context, p *Puzzle, progress func(int64)) (*Answer, int64, error) {
	if err := p.validate(); err != nil {
		return nil, 0, err
	}
	s := newSolver(p)
	s.ctx, s.progress = ctx, progress
	ok := s.fill(0)
	if s.err != nil {
		return nil, s.nodes, s.err
	}
	if !ok {
		return &Answer{}, s.nodes, nil
	}
	return &Answer{Possible: true, Place: s.placement()}, s.nodes, nil
}

// solver fills the board in row-major order, so the next position always has
// its left and top neighbours placed (when it has them) and its candidates
// are looked up by those two values. Identical cards are one kind with a
// count, so the search never tries permutations of equal cards.
type solver struct {
	n         int
	kinds     []Card  // the distinct cards, with values renumbered 0, 1, ...
	cards     [][]int // indices in Puzzle.Cards of the cards of each kind
	remaining []int   // how many cards of each kind are not placed yet
	board     []int   // kind placed at each position filled so far

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

	ctx      context.Context
	progress func(int64)
	nodes    int64
	err      error
}

func newSolver(p *Puzzle) *solver {
	s := &solver{n: p.N, board: make([]int, len(p.Cards))}
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
// edge must still have a card.
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
		s.vertical.pos <= freeTop && s.vertical.neg <= freeBottom
}

// candidates returns the kinds whose left and top edges fit position p.
func (s *solver) candidates(p int) []int {
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

// fill completes the board from position p, reporting whether it could.
func (s *solver) fill(p int) bool {
	if p == len(s.board) {
		return true
	}
	s.nodes++
	if s.nodes%progressEvery == 0 {
		if s.progress != nil {
			s.progress(s.nodes)
		}
		s.err = s.ctx.Err()
	}
	if s.err != nil || !s.feasible(p) {
		return false
	}
	for _, k := range s.candidates(p) {
		if s.remaining[k] == 0 {
			continue
		}
		s.move(k, p, 1)
		if s.fill(p + 1) {
			return true
		}
		s.move(k, p, -1)
		if s.err != nil {
			return false
		}
	}
	return false
}

// placement turns the filled board of kinds into indices of the cards.
func (s *solver) placement() []int {
	used := make([]int, len(s.kinds))
	place := make([]int, len(s.board))
	for p, k := range s.board {
		place[p] = s.cards[k][used[k]]
		used[k]++
	}
	return place
}
