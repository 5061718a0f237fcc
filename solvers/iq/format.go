// The two boards' texts.
//
// The triangle's is the judge format of NOI 2005: ten lines, line i (from
// 1) holding i characters, '.' for an empty cell or the letter A to L of
// the piece on it. Judge reads several such boards one after the other.
//
// The rectangle's, Kanoodle's board, is a header line "rectangle 11x5"
// (width by height) and then five lines of eleven cells, alike:
//
//	rectangle 11x5
//	AA.........
//	A..........
//	...........
//	...........
//	...........
//
// A triangle's first line holds one cell, so a first line starting with
// the word "rectangle" tells the rectangle apart. In both, blank lines,
// trailing spaces and carriage returns are ignored. ParseBoard, Solve,
// Hint, CountPart and Export read either; Judge reads triangles only,
// as the judge does.
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

// Board is a triangle or a rectangle of cells (see Kind). Each cell holds
// Empty or a piece letter 'A' to 'L'. The zero value is the empty
// triangle.
type Board struct {
	cells [NumCells]byte // 0 is an empty cell, so the zero Board is usable
	kind  Kind
}

// NewBoard returns an empty board of the kind.
func NewBoard(k Kind) *Board {
	if k > Rectangle {
		k = Triangle
	}
	return &Board{kind: k}
}

// Kind returns the board's kind.
func (b *Board) Kind() Kind { return b.kind }

// rectHeader is the rectangle's first line.
const rectHeader = "rectangle 11x5"

// At returns the letter at row r, column c (both from 0), or Empty. It
// panics if the cell is off the board, like an index out of range.
func (b *Board) At(r, c int) byte {
	if v := b.cells[b.kind.Index(r, c)]; v != 0 {
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
	b.cells[b.kind.Index(r, c)] = v
}

// String returns the board in its text (see the top of this file): for
// the triangle the judge format, ten lines; for the rectangle its header
// and five lines. Each line ends in a newline.
func (b *Board) String() string {
	var s strings.Builder
	s.Grow(NumCells + Size + len(rectHeader) + 1) // one allocation
	if b.kind == Rectangle {
		s.WriteString(rectHeader + "\n")
	}
	for _, row := range b.rows() {
		s.WriteString(row)
		s.WriteByte('\n')
	}
	return s.String()
}

// rows returns the board's lines of cells, without newlines.
func (b *Board) rows() []string {
	k := b.kind
	var cells [NumCells]byte
	for i, v := range b.cells {
		if v == 0 {
			v = Empty
		}
		cells[i] = v
	}
	text := string(cells[:]) // one allocation for every row
	rows := make([]string, k.Rows())
	for r := range rows {
		start := k.Index(r, 0)
		rows[r] = text[start : start+rowLen(k, r)]
	}
	return rows
}

// rowLen returns the number of cells of row r.
func rowLen(k Kind, r int) int {
	if k == Rectangle {
		return RectCols
	}
	return r + 1
}

// ParseBoard reads one board, a triangle in the judge format or a
// rectangle (see the top of this file).
func ParseBoard(text string) (*Board, error) {
	if len(text) > maxInput {
		return nil, msg.Errorf("iq: input longer than %d bytes", maxInput)
	}
	kind := Triangle
	if isRectangle(text) {
		kind = Rectangle
	}
	boards, err := parseBoards(kind, kind == Rectangle, text, 1)
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
	return parseBoards(Triangle, false, string(data), 0)
}

// parseBoards reads boards of kind k, each of k.Rows() non-blank lines,
// after a header line when headed (the rectangle's text); want is the
// exact number expected, or 0 for at least one.
func parseBoards(k Kind, headed bool, text string, want int) ([]*Board, error) {
	var boards []*Board
	var b *Board
	r := 0 // row of the next line within b
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, " \t\r")
		if line == "" {
			continue
		}
		if headed {
			if f := strings.Fields(line); len(f) != 2 || f[0] != "rectangle" || f[1] != "11x5" {
				return nil, msg.Errorf("iq: line %d: want the header %q, Kanoodle's board, 11 cells wide and 5 high", n+1, rectHeader)
			}
			headed = false
			continue
		}
		if r == 0 {
			if want > 0 && len(boards) == want {
				return nil, msg.Errorf("iq: line %d: want %d lines, got more", n+1, k.Rows()*want)
			}
			b = NewBoard(k)
			boards = append(boards, b)
		}
		if want := rowLen(k, r); len(line) != want {
			return nil, msg.Errorf("iq: line %d: want %d cells, got %d", n+1, want, len(line))
		}
		for c := range len(line) {
			v := line[c]
			if v != Empty && (v < 'A' || v > 'L') {
				return nil, msg.Errorf("iq: line %d: unexpected character %q (want '.' or A to L)", n+1, v)
			}
			b.Set(r, c, v)
		}
		r = (r + 1) % k.Rows()
	}
	if len(boards) == 0 {
		return nil, errors.New("iq: no board in the input")
	}
	if r != 0 {
		return nil, msg.Errorf("iq: last board has %d lines, want %d", r, k.Rows())
	}
	return boards, nil
}

// isRectangle reports whether the text, blank lines and spaces left out,
// starts with the word "rectangle", which no triangle's first line, one
// cell, does.
func isRectangle(text string) bool {
	for i := range len(text) {
		if c := text[i]; c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return strings.HasPrefix(text[i:], "rectangle")
		}
	}
	return false
}
