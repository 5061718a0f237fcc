package tetravex

import (
	"context"
	"math/bits"
	"slices"
	"strings"

	"gridsolve/solvers/msg"
	"gridsolve/solvers/trace"
)

// The trace of a Tetravex search (see package trace) is the heuristic
// depth-first search the write-ups tell, square by square:
//
//   - Choose: the search enters a square (At, numbered row-major) and
//     says which cards left fit there and why each other one does not:
//     an edge that does not match the card to its left or above, a right
//     edge no card left can follow in its row, or a count of edge values
//     that could no longer match (more edges of a value on one side than
//     cards and border squares to meet them).
//   - Fail: the same, when no card fits: a dead end.
//   - Try: a card laid on the square: the square takes the card's index.
//   - Undo: the card taken back, the backtrack.
//   - Found: every square filled; its cells are the whole board, so that
//     a trace cut short still ends on the answer.
//
// A trace board holds, per square, the index in Puzzle.Cards of the card
// on it (the page labels card i as i+1), or -1 for an empty square; the
// start board is empty.
//
// solve races four such searches, from the four corners of the board (on
// the puzzle turned), and later a fifth that fills it in shells; the
// first to finish decides. Each row-major search is recorded, and the
// trace is that of the one that decided, its squares and sides named on
// the board as given. The search stops at the first solution, as the
// judge's does: the trace's answer is solve's with limit 1.

// Trace solves the puzzle given in the judge format, as the judge does,
// recording up to limit steps (see the comment above).
func (Game) Trace(ctx context.Context, text string, limit int) (trace.Trace, error) {
	p, err := ParsePuzzle(text)
	if err != nil {
		return trace.Trace{}, err
	}
	race := &raceTrace{limit: limit}
	a, nodes, err := solve(ctx, p, query{limit: 1, trace: race}, trace.Progress(ctx))
	if err != nil {
		return trace.Trace{}, err
	}
	return race.result(p, a, nodes), nil
}

// raceTrace records the row-major searches of one solve.
type raceTrace struct {
	limit    int
	searches []*rowTrace
	winner   *rowTrace // the search that decided; nil when the shell search did
	nodes    int64     // the nodes of the search that decided
}

// rowTrace records one row-major search of p, the puzzle turned turn
// times. The search calls it only when it is not nil; its methods are
// never inlined into the search, whose code (and the page's download)
// would grow by their words at every call.
type rowTrace struct {
	r          *trace.Recorder
	p          *Puzzle
	turn       int
	given      []int // per position searched, its position on the board as given
	backtracks int64
}

// corners names the square each search starts from, by its turn.
var corners = [4]string{"top left", "bottom left", "bottom right", "top right"}

// sideNames names a neighbour on the board as given, by its side.
var sideNames = [4]string{Top: "above", Right: "to its right", Bottom: "below", Left: "to its left"}

func (race *raceTrace) newSearch(p *Puzzle, turn int) *rowTrace {
	t := &rowTrace{r: trace.NewRecorder(race.limit), p: p, turn: turn, given: make([]int, len(p.Cards))}
	for pos := range t.given {
		t.given[turnedPosition(p.N, pos, turn)] = pos
	}
	race.searches = append(race.searches, t)
	return t
}

// decided notes the search that finished first.
func (race *raceTrace) decided(s search) {
	race.nodes = s.visited()
	if row, ok := s.(*solver); ok {
		race.winner = row.rec
	}
}

// result returns the trace of the search that decided, ending on the
// verdict: a, found in nodes over all the searches.
func (race *raceTrace) result(p *Puzzle, a *Answer, nodes int64) trace.Trace {
	start := make([]int, len(p.Cards))
	for i := range start {
		start[i] = -1
	}
	t := race.winner
	if t == nil { // the shell search decided: show the search from the top left
		t = race.searches[0]
	}
	tr := t.r.Trace(start)
	var last trace.Step
	if n := len(tr.Steps); n > 0 {
		last = tr.Steps[n-1]
	}
	how := msg.Sprintf("the search from the %s corner decided", corners[t.turn])
	if race.winner == nil {
		how = "the search filling the board in shells from the top left corner decided (it is not shown step by step)"
	}
	all := msg.Sprintf("%d nodes in all four searches from the corners", nodes)
	if a.Possible {
		if race.winner != nil {
			tr.Steps[len(tr.Steps)-1].Note += msg.Sprintf(" Possible: %s, %s.", how, all)
			return tr
		}
		// The shell search's answer, whole.
		tr.Steps = append(tr.Steps, trace.Step{Kind: trace.Found, At: -1, Cells: allSquares(p), Values: slices.Clone(a.Place),
			Nodes: race.nodes, Backtracks: last.Backtracks, Note: msg.Sprintf("Possible: %s, %s.", how, all)})
		return tr
	}
	// The verdict, past the limit too: every square emptied, so that a
	// trace cut short also ends on it.
	tr.Steps = append(tr.Steps, trace.Step{Kind: trace.Fail, At: -1, Cells: allSquares(p), Values: start,
		Nodes: race.nodes, Backtracks: t.backtracks,
		Note: msg.Sprintf("Impossible: every card was tried on every square it could go; %s, %s.", how, all)})
	return tr
}

// allSquares returns the positions of p's board, in order.
func allSquares(p *Puzzle) []int {
	cells := make([]int, len(p.Cards))
	for i := range cells {
		cells[i] = i
	}
	return cells
}

// add records s with the counters of the search.
func (t *rowTrace) add(sv *solver, s trace.Step) {
	s.Nodes, s.Backtracks = sv.nodes, t.backtracks
	t.r.Add(s)
}

// card returns the index in Puzzle.Cards of the card of kind k that a
// square takes when used cards of that kind lie before it.
func (s *solver) card(k, used int) int { return s.cards[k][used] }

// enter records what the search finds entering position p: the cards
// that fit there, untried, and why each other card left does not.
//
//go:noinline
func (t *rowTrace) enter(s *solver, p int, untried uint64) {
	kind := trace.Choose
	if untried == 0 {
		kind = trace.Fail
	}
	if t.r.Full() {
		t.r.Add(trace.Step{Kind: kind})
		return
	}
	sq, h, v := &s.squares[p], &s.horizontal, &s.vertical
	at := t.given[p]
	left := s.available & sq.allowed
	var why []string
	// Cards of the kinds, each named by the next card of it the search
	// would use, and the verb for them.
	names := func(kinds uint64, one, more string) string {
		var b strings.Builder
		n := bits.OnesCount64(kinds)
		for i := 0; kinds != 0 && i < 6; i++ {
			k := bits.TrailingZeros64(kinds)
			kinds &= kinds - 1
			if i > 0 {
				b.WriteString(", ")
			}
			msg.Fprintf(&b, "%d", cardLabel(s.card(k, len(s.cards[k])-s.remaining[k])))
		}
		if n > 6 {
			msg.Fprintf(&b, " and %d more", n-6)
		}
		if n == 1 {
			return "card " + b.String() + " " + one
		}
		return "cards " + b.String() + " " + more
	}
	switch {
	case sq.freeLeft-h.pos|sq.freeRight-h.neg|sq.freeTop-v.pos|sq.freeBottom-v.neg < 0:
		why = append(why, "the edge values left can no longer match: one side has more edges of a value than cards and border squares to meet them")
	case sq.lookBelow && s.squares[sq.left].under == 0:
		why = append(why, "no card left could start the row below under this row's cards")
	default:
		rejected := left &^ untried
		for _, n := range []struct {
			side  int // on the board searched
			kinds uint64
		}{
			{Left, rejected &^ s.rightOf[s.board[sq.left]]},
			{Top, rejected & s.rightOf[s.board[sq.left]] &^ s.below[s.board[sq.up]]},
		} {
			if n.kinds == 0 {
				continue
			}
			nb, face := s.board[sq.left], Right
			if n.side == Top {
				nb, face = s.board[sq.up], Bottom
			}
			edge := t.p.Cards[s.cards[nb][0]][face]
			why = append(why, msg.Sprintf("%s the edge %d of the card %s", names(n.kinds, "does not meet", "do not meet"), edge, sideNames[(n.side-t.turn+4)%4]))
		}
		rejected &= s.rightOf[s.board[sq.left]] & s.below[s.board[sq.up]]
		if k := rejected &^ sq.ahead; k != 0 {
			why = append(why, names(k, "would leave", "would leave")+" an edge that no card left can follow in the row")
		}
		if k := rejected & sq.ahead; k != 0 {
			why = append(why, names(k, "would leave", "would leave")+" counts of edge values that can no longer match")
		}
	}
	note := msg.Sprintf("Square at %s: ", cellName(s.n, at))
	if untried == 0 {
		note += "no card fits"
	} else {
		note += names(untried, "fits", "fit")
	}
	if len(why) > 0 {
		note += "; " + strings.Join(why, "; ")
	}
	t.add(s, trace.Step{Kind: kind, At: at, Note: note + "."})
}

// try records the card of kind k laid on position p.
//
//go:noinline
func (t *rowTrace) try(s *solver, p, k int) {
	if t.r.Full() {
		t.r.Add(trace.Step{Kind: trace.Try})
		return
	}
	at, card := t.given[p], s.card(k, len(s.cards[k])-s.remaining[k]-1)
	t.add(s, trace.Step{Kind: trace.Try, At: at, Cells: []int{at}, Values: []int{card},
		Note: msg.Sprintf("Try card %d at %s.", cardLabel(card), cellName(s.n, at))})
}

// undo records the card of kind k on position p taken back.
//
//go:noinline
func (t *rowTrace) undo(s *solver, p, k int) {
	t.backtracks++
	if t.r.Full() {
		t.r.Add(trace.Step{Kind: trace.Undo})
		return
	}
	at, card := t.given[p], s.card(k, len(s.cards[k])-s.remaining[k]-1)
	t.add(s, trace.Step{Kind: trace.Undo, At: at, Cells: []int{at}, Values: []int{-1},
		Note: msg.Sprintf("Take card %d back from %s.", cardLabel(card), cellName(s.n, at))})
}

// found records the board filled, whole.
//
//go:noinline
func (t *rowTrace) found(s *solver) {
	place := make([]int, len(s.first))
	for pos, card := range s.placement() {
		place[t.given[pos]] = card
	}
	t.add(s, trace.Step{Kind: trace.Found, At: -1, Cells: allSquares(t.p), Values: place,
		Note: msg.Sprintf("Every square is filled, after %d nodes and %d backtracks.", s.nodes, t.backtracks)})
}
