package iq

import (
	"errors"
	"io"
	"strings"

	"gridsolve/solvers/msg"
)

const (
	// Size is the number of rows; row r (from 0) holds r+1 cells.
	Size = 10
	// NumCells is the number of cells on the triangular board.
	NumCells = Size * (Size + 1) / 2
	// Empty marks a cell with no piece on it.
	Empty = '.'
	// maxInput bounds the judge input, so hostile sizes are refused early.
	maxInput = 8 << 20
)

// Board is the triangle: row r (from 0) has r+1 cells, left-aligned. Each
// cell holds Empty or a piece letter 'A' to 'L'. The zero value is empty.
type Board struct {
	cells [NumCells]byte // 0 is an empty cell, so the zero Board is usable
}

// index numbers the cells row by row.
func index(r, c int) int {
	if c < 0 || c > r || r >= Size {
		panic(msg.Sprintf("iq: cell (%d, %d) is off the board", r, c))
	}
	return r*(r+1)/2 + c
}

// At returns the letter at row r, column c (both from 0), or Empty. It
// panics if the cell is off the board, like an index out of range.
func (b *Board) At(r, c int) byte {
	if v := b.cells[index(r, c)]; v != 0 {
		return v
	}
	return Empty
}

// Set puts v (Empty or a letter) at row r, column c. It panics if the cell
// is off the board.
func (b *Board) Set(r, c int, v byte) {
	if v == Empty {
		v = 0
	}
	b.cells[index(r, c)] = v
}

// String returns the board in the judge format: ten lines, each ending in a
// newline.
func (b *Board) String() string {
	var s strings.Builder
	s.Grow(NumCells + Size) // one allocation
	for r := range Size {
		for c := range r + 1 {
			s.WriteByte(b.At(r, c))
		}
		s.WriteByte('\n')
	}
	return s.String()
}

// rows returns the board's lines without newlines.
func (b *Board) rows() []string {
	text := b.String()
	rows := make([]string, Size)
	for r := range rows {
		start := index(r, 0) + r // the cells and newlines of the lines before
		rows[r] = text[start : start+r+1]
	}
	return rows
}

// ParseBoard reads one board in the judge format. Blank lines, trailing
// spaces and carriage returns are ignored.
func ParseBoard(text string) (*Board, error) {
	if len(text) > maxInput {
		return nil, msg.Errorf("iq: input longer than %d bytes", maxInput)
	}
	boards, err := parseBoards(text, 1)
	if err != nil {
		return nil, err
	}
	return boards[0], nil
}

// ReadBoards reads one or more boards in the judge format, one after the
// other (the NOI input holds one, the SPOJ variant several).
func ReadBoards(in io.Reader) ([]*Board, error) {
	data, err := io.ReadAll(io.LimitReader(in, maxInput+1))
	if err != nil {
		return nil, msg.Errorf("iq: %w", err)
	}
	if len(data) > maxInput {
		return nil, msg.Errorf("iq: input longer than %d bytes", maxInput)
	}
	return parseBoards(string(data), 0)
}

// parseBoards reads boards of Size non-blank lines each; want is the exact
// number expected, or 0 for at least one.
func parseBoards(text string, want int) ([]*Board, error) {
	var boards []*Board
	var b *Board
	r := 0 // row of the next line within b
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, " \t\r")
		if line == "" {
			continue
		}
		if r == 0 {
			if want > 0 && len(boards) == want {
				return nil, msg.Errorf("iq: line %d: want %d lines, got more", n+1, Size*want)
			}
			b = new(Board)
			boards = append(boards, b)
		}
		if len(line) != r+1 {
			return nil, msg.Errorf("iq: line %d: want %d cells, got %d", n+1, r+1, len(line))
		}
		for c := range len(line) {
			v := line[c]
			if v != Empty && (v < 'A' || v > 'L') {
				return nil, msg.Errorf("iq: line %d: unexpected character %q (want '.' or A to L)", n+1, v)
			}
			b.Set(r, c, v)
		}
		r = (r + 1) % Size
	}
	if len(boards) == 0 {
		return nil, errors.New("iq: no board in the input")
	}
	if r != 0 {
		return nil, msg.Errorf("iq: last board has %d lines, want %d", r, Size)
	}
	return boards, nil
}
