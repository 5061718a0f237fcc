package flip

import (
	"context"
	"math/rand/v2"

	"gridsolve/solvers/msg"
	"gridsolve/solvers/play"
)

// maxDeals is how many random boards Generate tries for one puzzle before
// it gives up on a level the board size cannot reach.
const maxDeals = 1000

// Generate deals a solvable o.W×o.H board (4×4, the judge's size, when both
// are zero) by pressing k distinct random cells of an all-black or all-white
// board. Its difficulty is its fewest-press count, which the solver confirms
// (for the few sizes whose null space is too big to search, the count is the
// best it found): with n = W*H cells, level 1 needs 1..a presses, level 2
// a+1..b and level 3 b+1..c, where a = max(1, n/8), b = max(a+1, n/4) and
// c = max(b+1, n/2); a 4×4 board takes 1–2, 3–4 and 5–8 presses. The same
// options give the same board, in the extended "w h" text form.
func (Game) Generate(ctx context.Context, o play.Options) (string, error) {
	w, h := o.W, o.H
	if w == 0 && h == 0 {
		w, h = 4, 4
	}
	b, err := NewBoard(w, h)
	if err != nil {
		return "", err
	}
	if o.Level < 1 || o.Level > 3 {
		return "", msg.Errorf("flip: level %d is outside 1..3", o.Level)
	}
	n := w * h
	lo, hi := levelRange(n, o.Level)
	if lo > n {
		return "", msg.Errorf("flip: a %dx%d board is too small for level %d", w, h, o.Level)
	}
	hi = min(hi, n)
	rng := rand.New(rand.NewPCG(o.Seed, 0x666c6970)) // "flip"
	order := make([]int, n)
	for range maxDeals {
		if err := ctx.Err(); err != nil {
			return "", err
		}
		black := rng.IntN(2) == 1
		for i := range b.Black {
			b.Black[i] = black
			order[i] = i
		}
		// The first k cells of a partial shuffle are k distinct cells.
		k := lo + rng.IntN(hi-lo+1)
		for i := range k {
			j := i + rng.IntN(n-i)
			order[i], order[j] = order[j], order[i]
			b.Press(order[i])
		}
		a, err := Solve(ctx, b)
		if err != nil {
			return "", err
		}
		if a.Possible && lo <= a.Count && a.Count <= hi {
			return b.String(), nil
		}
	}
	return "", msg.Errorf("flip: found no %dx%d board needing %d to %d presses", w, h, lo, hi)
}

// levelRange is the fewest-press count of a level on a board of n cells.
func levelRange(n, level int) (lo, hi int) {
	a := max(1, n/8)
	b := max(a+1, n/4)
	c := max(b+1, n/2)
	switch level {
	case 1:
		return 1, a
	case 2:
		return a + 1, b
	}
	return b + 1, c
}

// Hint suggests one press from a fewest-press solution of position, the
// current board in either text form ParseBoard reads; puzzle is the board
// dealt, which must have the same size, and its goal is the one played
// for. A board no presses can bring to the goal, or one already there, gets
// a hint with no cells saying so.
func (Game) Hint(ctx context.Context, puzzle, position string) (play.Hint, error) {
	start, err := ParseBoard(puzzle)
	if err != nil {
		return play.Hint{}, msg.Errorf("puzzle: %w", err)
	}
	b, err := ParseBoard(position)
	if err != nil {
		return play.Hint{}, msg.Errorf("position: %w", err)
	}
	if b.W != start.W || b.H != start.H {
		return play.Hint{}, msg.Errorf("flip: position is %dx%d but the puzzle is %dx%d", b.W, b.H, start.W, start.H)
	}
	b.Goal = start.Goal // the puzzle's, whatever the position says
	a, err := Solve(ctx, b)
	if err != nil {
		return play.Hint{}, err
	}
	none := play.Hint{Cells: []int{}}
	switch {
	case !a.Possible:
		none.Reason = "No presses make this board " + b.Goal.String() + "."
		return none, nil
	case a.Count == 0:
		none.Reason = msg.Sprintf("The board is already all %s.", colorName(a.Color))
		return none, nil
	}
	i := 0
	for !a.Presses.Has(i) {
		i++
	}
	hint := play.Hint{Cells: []int{i}, Move: "press"}
	where := msg.Sprintf("Press row %d, column %d", i/b.W+1, i%b.W+1)
	solution := "a fewest-press solution"
	if !a.Minimal {
		solution = "the shortest solution found"
	}
	if a.Count == 1 {
		hint.Reason = msg.Sprintf("%s: that one press makes the board all %s.", where, colorName(a.Color))
	} else {
		hint.Reason = msg.Sprintf("%s: it is one of the %d presses of %s from here.", where, a.Count, solution)
	}
	return hint, nil
}

func colorName(c string) string {
	if c == "b" {
		return "black"
	}
	return "white"
}
