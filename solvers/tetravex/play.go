package tetravex

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"gridsolve/solvers/msg"
	"gridsolve/solvers/play"
)

// levelValues is the number of distinct edge values at each level, 1 to 3,
// by board size: fewer values make more cards look alike, so more wrong
// places look right. Past 4×4 the harder levels keep more values, as with
// fewer a deal almost never has a unique picture; past 6×6 they keep more
// still, for Solve to decide them within solveBudget. What makes a deal
// slow is few values for its size: Solve must rule out every other
// picture, and each value fewer multiplies the median search by 3 to 5
// (median nodes over 100 deals with 8, 9, 10, 11 values: 7×7 1.6 M,
// 256 K, 71 K, 16 K; 8×8 billions, 4.7 M, 628 K, 258 K at 12).
func levelValues(n, level int) int {
	switch {
	case n <= 4:
		return [...]int{10, 6, 4}[level-1]
	case n == 5:
		return [...]int{10, 7, 6}[level-1]
	case n == 6:
		return [...]int{10, 9, 8}[level-1]
	case n == 7:
		return [...]int{11, 10, 9}[level-1]
	default:
		return [...]int{13, 12, 11}[level-1]
	}
}

const (
	// generateTries is the most deals Generate looks at for one that
	// passes: at the hardest levels about one deal in ten fails.
	generateTries = 40
	// solveBudget is the most search nodes Solve may take on a dealt
	// puzzle: about 0.3 s of CPU natively at the 70 ns a node measured
	// on a 2-core machine loaded 20 times over (BenchmarkSolveGenerated;
	// 35 ns a node at half that load), under a second in the page.
	solveBudget = 1 << 22
)

// Generate deals an o.W×o.W puzzle (o.W from 2 to MaxN; o.H is ignored)
// at level o.Level from 1 (easy) to 3 (hard), which sets the number of
// distinct edge values (see levelValues). The puzzle is always solvable;
// it deals again until Solve proves the puzzle's picture unique (identical
// cards may still swap) within solveBudget search nodes, up to
// generateTries deals, and else returns the last one. The tests check
// that this never happens over the first hundred seeds of every size and
// level. The same options give the same puzzle.
func (Game) Generate(ctx context.Context, o play.Options) (string, error) {
	if o.W < 2 || o.W > MaxN {
		return "", msg.Errorf("tetravex: board size %d is not from 2 to %d", o.W, MaxN)
	}
	if o.Level < 1 || o.Level > 3 {
		return "", msg.Errorf("tetravex: level %d is not from 1 to 3", o.Level)
	}
	rng := rand.New(rand.NewPCG(o.Seed, uint64(o.W*10+o.Level)))
	var p *Puzzle
	for range generateTries {
		p = Generate(o.W, levelValues(o.W, o.Level), rng)
		a, _, err := solveWithin(ctx, p, solveBudget)
		if err != nil {
			return "", err
		}
		if a != nil && a.Solutions == 1 {
			break
		}
	}
	return p.String(), nil
}

// solveWithin solves p as Solve does, giving up past budget search nodes:
// it returns the answer, or none if the budget ran out, and the nodes it
// took; an error only if ctx ends or p is not a puzzle.
func solveWithin(ctx context.Context, p *Puzzle, budget int64) (*Answer, int64, error) {
	stop, cancel := context.WithCancel(ctx)
	defer cancel()
	a, nodes, err := solve(stop, p, query{limit: 2}, func(nodes int64) {
		if nodes > budget {
			cancel()
		}
	})
	switch {
	case err != nil && ctx.Err() != nil:
		return nil, nodes, ctx.Err()
	case err != nil && !errors.Is(err, context.Canceled):
		return nil, nodes, err
	case err != nil || nodes > budget:
		// Stopped, or finished within the round of turns that went past
		// the budget.
		return nil, nodes, nil
	}
	return a, nodes, nil
}

// ParsePosition reads a player's board for p: one line of N*N fields in
// row-major order, each the index of the card lying there (0-based, in the
// order of the puzzle's cards) or "-" for an empty cell, such as
// "3 - 0 -" on a 2×2 board. It returns the card index of each cell, -1
// for an empty one.
func ParsePosition(p *Puzzle, text string) ([]int, error) {
	fields := strings.Fields(text)
	if len(fields) != len(p.Cards) {
		return nil, msg.Errorf("tetravex: position: want %d cells (card numbers or -), got %d", len(p.Cards), len(fields))
	}
	board := make([]int, len(fields))
	placed := make([]bool, len(p.Cards))
	for pos, f := range fields {
		board[pos] = -1
		if f == "-" {
			continue
		}
		i, err := strconv.Atoi(f)
		if err != nil || i < 0 || i >= len(p.Cards) {
			return nil, msg.Errorf("tetravex: position: cell %d: %.20q is neither - nor a card number from 0 to %d", pos+1, f, len(p.Cards)-1)
		}
		if placed[i] {
			return nil, msg.Errorf("tetravex: position: card %d lies on two cells", i)
		}
		placed[i], board[pos] = true, i
	}
	return board, nil
}

// Hint gives one step from position (see ParsePosition) towards solving
// puzzle (judge text). In order of preference:
//   - if the cards on the board are in no solution together, the first
//     card in reading order that no solution has together with the ones
//     before it: Move "remove";
//   - a forced card: the only card left whose edges meet the cards around
//     some cell, or a card that fits only one empty cell;
//   - else a card of a solution that keeps every card on the board, next
//     to them if possible.
//
// Move is the card's number as in the position (0-based), or "remove";
// the reason names cards as people see them, from 1 (see cardLabel).
func (Game) Hint(ctx context.Context, puzzle, position string) (play.Hint, error) {
	p, err := ParsePuzzle(puzzle)
	if err != nil {
		return play.Hint{}, err
	}
	board, err := ParsePosition(p, position)
	if err != nil {
		return play.Hint{}, err
	}
	a, _, err := solve(ctx, p, query{limit: 2, fixed: board}, nil)
	if err != nil {
		return play.Hint{}, err
	}
	if !a.Possible {
		return takeBack(ctx, p, board)
	}
	if !slices.Contains(board, -1) {
		return play.Hint{Reason: "The puzzle is solved."}, nil
	}
	if h, ok := forced(p, board); ok {
		return h, nil
	}
	pos := nextTo(p.N, board)
	card := unplaced(p, board, p.Cards[a.Place[pos]])
	which := "the solution"
	if a.Solutions > 1 {
		which = "a solution that keeps the cards on the board"
	}
	return play.Hint{
		Cells:  []int{pos},
		Move:   strconv.Itoa(card),
		Reason: msg.Sprintf("Card %d goes at %s: it is part of %s.", cardLabel(card), cellName(p.N, pos), which),
	}, nil
}

// takeBack finds the first card of board, in reading order, that no
// solution has together with the cards before it.
func takeBack(ctx context.Context, p *Puzzle, board []int) (play.Hint, error) {
	kept := make([]int, len(board))
	for pos := range kept {
		kept[pos] = -1
	}
	for pos, i := range board {
		if i < 0 {
			continue
		}
		kept[pos] = i
		a, _, err := solve(ctx, p, query{limit: 1, fixed: kept}, nil)
		if err != nil {
			return play.Hint{}, err
		}
		if a.Possible {
			continue
		}
		reason := msg.Sprintf("Card %d at %s is in no solution with the cards before it in reading order: take it back.", cardLabel(i), cellName(p.N, pos))
		if !slices.ContainsFunc(kept[:pos], func(j int) bool { return j >= 0 }) {
			reason = msg.Sprintf("Card %d is in no solution at %s: take it back.", cardLabel(i), cellName(p.N, pos))
		}
		return play.Hint{Cells: []int{pos}, Move: "remove", Reason: reason}, nil
	}
	// Unreachable: the cards together are in no solution, so one of them
	// is the first to break it.
	return play.Hint{}, errors.New("tetravex: hint: no card to take back")
}

// forced looks for a card that must go to an empty cell of board, judging
// only by the edges of the cards around the cell and the cards left.
func forced(p *Puzzle, board []int) (play.Hint, bool) {
	left := make(map[Card]int) // cards of each kind not on the board
	for i, c := range p.Cards {
		if !slices.Contains(board, i) {
			left[c]++
		}
	}
	cellsFor := make(map[Card][]int) // empty cells where each kind fits
	for pos, i := range board {
		if i >= 0 {
			continue
		}
		var only []Card
		for c := range left {
			if meets(p, board, pos, c) {
				only = append(only, c)
				cellsFor[c] = append(cellsFor[c], pos)
			}
		}
		if len(only) == 1 {
			card := unplaced(p, board, only[0])
			return play.Hint{
				Cells:  []int{pos},
				Move:   strconv.Itoa(card),
				Reason: msg.Sprintf("Card %d goes at %s: no other card left meets the edges around it.", cardLabel(card), cellName(p.N, pos)),
			}, true
		}
	}
	for i, c := range p.Cards {
		if cells := cellsFor[c]; len(cells) == left[c] && !slices.Contains(board, i) {
			pos := cells[0]
			return play.Hint{
				Cells:  []int{pos},
				Move:   strconv.Itoa(i),
				Reason: msg.Sprintf("Card %d goes at %s: it meets the edges of no other empty cell.", cardLabel(i), cellName(p.N, pos)),
			}, true
		}
	}
	return play.Hint{}, false
}

// meets reports whether card c agrees with every card next to cell pos.
func meets(p *Puzzle, board []int, pos int, c Card) bool {
	for side, q := range around(p.N, pos) {
		if q >= 0 && board[q] >= 0 && p.Cards[board[q]][(side+2)%4] != c[side] {
			return false
		}
	}
	return true
}

// around returns the cells above, right of, below and left of pos (indexed
// by the side of pos they touch), -1 past the border.
func around(n, pos int) [4]int {
	r, c := pos/n, pos%n
	cells := [4]int{-1, -1, -1, -1}
	if r > 0 {
		cells[Top] = pos - n
	}
	if c < n-1 {
		cells[Right] = pos + 1
	}
	if r < n-1 {
		cells[Bottom] = pos + n
	}
	if c > 0 {
		cells[Left] = pos - 1
	}
	return cells
}

// nextTo returns the first empty cell in reading order next to a card on
// the board, or the first empty cell if none is.
func nextTo(n int, board []int) int {
	first := -1
	for pos, i := range board {
		if i >= 0 {
			continue
		}
		for _, q := range around(n, pos) {
			if q >= 0 && board[q] >= 0 {
				return pos
			}
		}
		if first < 0 {
			first = pos
		}
	}
	return first
}

// unplaced returns the first card equal to c that is not on the board.
func unplaced(p *Puzzle, board []int, c Card) int {
	for i, d := range p.Cards {
		if d == c && !slices.Contains(board, i) {
			return i
		}
	}
	return -1
}

// cardLabel is the number people see on card i (an index in Puzzle.Cards):
// the page numbers cards from 1, as the judge text lists them.
func cardLabel(i int) int { return i + 1 }

// cellName names a cell for people.
func cellName(n, pos int) string {
	return msg.Sprintf("row %d, column %d", pos/n+1, pos%n+1)
}
