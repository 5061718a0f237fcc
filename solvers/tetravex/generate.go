package tetravex

import (
	"math/rand/v2"

	"gridsolve/solvers/msg"
)

// Generate returns a random solvable n×n puzzle with values from 0 to
// values-1: it draws the values on every edge of a board, cuts the board
// into cards and shuffles them. It panics if n is not from 1 to MaxN or
// values not from 1 to MaxValue+1.
func Generate(n, values int, rng *rand.Rand) *Puzzle {
	if n < 1 || n > MaxN || values < 1 || values > MaxValue+1 {
		panic(msg.Sprintf("tetravex: Generate(%d, %d): out of range", n, values))
	}
	// Edges between rows: horizontal[r][c] is the value on top of (r, c);
	// edges between columns: vertical[r][c] is the value left of (r, c).
	horizontal, vertical := make([][]int, n+1), make([][]int, n)
	for r := range horizontal {
		horizontal[r] = make([]int, n)
		for c := range horizontal[r] {
			horizontal[r][c] = rng.IntN(values)
		}
	}
	for r := range vertical {
		vertical[r] = make([]int, n+1)
		for c := range vertical[r] {
			vertical[r][c] = rng.IntN(values)
		}
	}
	p := &Puzzle{N: n}
	for r := range n {
		for c := range n {
			p.Cards = append(p.Cards, Card{
				Top:    horizontal[r][c],
				Right:  vertical[r][c+1],
				Bottom: horizontal[r+1][c],
				Left:   vertical[r][c],
			})
		}
	}
	rng.Shuffle(len(p.Cards), func(i, j int) { p.Cards[i], p.Cards[j] = p.Cards[j], p.Cards[i] })
	return p
}
