package flip

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"gridsolve/solvers/msg"
)

// ParseBoard reads one board, either in the extended form
//
//	w h
//	<h lines of w cells>
//
// or, without the header line, as the 16 cells of a 4×4 judge board in any
// layout. Cells are b (black) or w (white); whitespace between cells is
// ignored and blank lines are skipped.
func ParseBoard(text string) (*Board, error) {
	for i, s := range lines(text) {
		line := i + 1
		if strings.TrimSpace(s) == "" {
			continue
		}
		if r, _ := utf8.DecodeRuneInString(strings.TrimSpace(s)); unicode.IsDigit(r) || r == '-' || r == '+' {
			return parseExtended(text, line, s)
		}
		return parseJudgeBoard(text)
	}
	return nil, msg.Errorf("flip: empty board")
}

// parseJudgeBoard reads a header-less board: exactly 16 cells.
func parseJudgeBoard(text string) (*Board, error) {
	b := &Board{W: 4, H: 4, Black: make([]bool, 0, 16)}
	for i, s := range lines(text) {
		line := i + 1
		for _, r := range s {
			if unicode.IsSpace(r) {
				continue
			}
			if r != 'b' && r != 'w' {
				return nil, msg.Errorf("flip: line %d: unexpected %q (want b or w)", line, r)
			}
			if len(b.Black) == 16 {
				return nil, msg.Errorf("flip: line %d: more than 16 cells for a 4x4 board without a \"w h\" header", line)
			}
			b.Black = append(b.Black, r == 'b')
		}
	}
	if len(b.Black) < 16 {
		return nil, msg.Errorf("flip: got %d cells, want 16 for a 4x4 board without a \"w h\" header", len(b.Black))
	}
	return b, nil
}

// parseExtended reads a board whose "w h" header is the given line.
func parseExtended(text string, headerLine int, header string) (*Board, error) {
	f := strings.Fields(header)
	if len(f) != 2 {
		return nil, msg.Errorf("flip: line %d: want a \"w h\" header, got %d fields", headerLine, len(f))
	}
	w, errW := strconv.Atoi(f[0])
	h, errH := strconv.Atoi(f[1])
	if errW != nil || errH != nil {
		return nil, msg.Errorf("flip: line %d: want a \"w h\" header of two numbers", headerLine)
	}
	b, err := NewBoard(w, h)
	if err != nil {
		return nil, msg.Errorf("flip: line %d: %w", headerLine, err)
	}
	y := 0
	for i, s := range lines(text) {
		line := i + 1
		if line <= headerLine || strings.TrimSpace(s) == "" {
			continue
		}
		if y == h {
			return nil, msg.Errorf("flip: line %d: more than the %d rows in the header", line, h)
		}
		x := 0
		for _, r := range s {
			if unicode.IsSpace(r) {
				continue
			}
			if r != 'b' && r != 'w' {
				return nil, msg.Errorf("flip: line %d: unexpected %q (want b or w)", line, r)
			}
			if x == w {
				return nil, msg.Errorf("flip: line %d: more than %d cells", line, w)
			}
			b.Black[y*w+x] = r == 'b'
			x++
		}
		if x < w {
			return nil, msg.Errorf("flip: line %d: got %d cells, want %d", line, x, w)
		}
		y++
	}
	if y < h {
		return nil, msg.Errorf("flip: got %d rows, want %d", y, h)
	}
	return b, nil
}

// lines splits text after each newline, line i+1 at index i; a last
// line that is empty when text ends with a newline is blank, as the
// parsers skip. A slice, not an iterator: in WebAssembly each loop over an
// iterator is a closure of its own, which made the worker bigger.
func lines(text string) []string { return strings.SplitAfter(text, "\n") }

// String returns the board in the extended form ParseBoard reads.
func (b *Board) String() string {
	var s strings.Builder
	msg.Fprintf(&s, "%d %d\n", b.W, b.H)
	for i, black := range b.Black {
		s.WriteByte("wb"[boolInt(black)])
		if b.W > 0 && (i+1)%b.W == 0 { // a hand-made Board may have W == 0
			s.WriteByte('\n')
		}
	}
	return s.String()
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// parseJudge reads the judge format: 4×4 boards of 16 b/w cells each, one
// after another until the end, whitespace ignored.
func parseJudge(data []byte) ([]*Board, error) {
	var boards []*Board
	var cur *Board
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		i += size
		if unicode.IsSpace(r) {
			continue
		}
		if cur == nil {
			cur = &Board{W: 4, H: 4, Black: make([]bool, 0, 16)}
		}
		if r != 'b' && r != 'w' {
			return nil, msg.Errorf("flip: board %d position %d: unexpected %q (want b or w)", len(boards)+1, len(cur.Black)+1, r)
		}
		cur.Black = append(cur.Black, r == 'b')
		if len(cur.Black) == 16 {
			boards = append(boards, cur)
			cur = nil
		}
	}
	if cur != nil {
		return nil, msg.Errorf("flip: board %d: input ends after %d of its 16 cells", len(boards)+1, len(cur.Black))
	}
	return boards, nil
}
