package flip

import "gridsolve/solvers/msg"

// MaxSide bounds both sides of a board, so a board holds at most
// MaxSide*MaxSide cells.
const MaxSide = 512

// Board is a W×H grid of black and white cells, and the colour it must
// end in: a Flip puzzle.
type Board struct {
	W, H  int
	Black []bool // row-major: cell (x, y) is Black[y*W+x]
	Goal  Goal
}

// NewBoard returns an all-white w×h board, or an error when a side is outside
// 1..MaxSide.
func NewBoard(w, h int) (*Board, error) {
	if err := checkSize(w, h); err != nil {
		return nil, err
	}
	return &Board{W: w, H: h, Black: make([]bool, w*h)}, nil
}

func checkSize(w, h int) error {
	if w < 1 || h < 1 || w > MaxSide || h > MaxSide {
		return msg.Errorf("flip: board %dx%d is outside 1..%d per side", w, h, MaxSide)
	}
	return nil
}

// Press flips cell i (row-major, 0 <= i < W*H) and its orthogonal neighbours.
func (b *Board) Press(i int) {
	x, y := i%b.W, i/b.W
	b.Black[i] = !b.Black[i]
	if x > 0 {
		b.Black[i-1] = !b.Black[i-1]
	}
	if x+1 < b.W {
		b.Black[i+1] = !b.Black[i+1]
	}
	if y > 0 {
		b.Black[i-b.W] = !b.Black[i-b.W]
	}
	if y+1 < b.H {
		b.Black[i+b.W] = !b.Black[i+b.W]
	}
}

// check reports a board whose fields disagree or exceed the limits.
func (b *Board) check() error {
	if err := checkSize(b.W, b.H); err != nil {
		return err
	}
	if len(b.Black) != b.W*b.H {
		return msg.Errorf("flip: %dx%d board has %d cells, want %d", b.W, b.H, len(b.Black), b.W*b.H)
	}
	return nil
}
