package flip

// The flip text formats, as ParseBoard reads them.
//
// The judge's 4×4 board: 16 cells, b (black) or w (white), in any layout,
// whitespace ignored. Its goal is either colour, as in POJ 1753.
//
//	bwwb
//	bbwb
//	bwwb
//	bwww
//
// The sized board: a header line "w h", then h lines of w cells, blank
// lines skipped. The header may name the goal after the size: "white"
// (every cell white, Tatham's Flip), "black" (every cell black) or
// "either" (one colour, either; the default, written as no word), so that
// a text without a goal means what it always did:
//
//	4 2 white
//	bwwb
//	bbwb
//
// The judge reads sized boards one after another, each header starting a
// board, when its input starts with a header; its 4×4 boards have no
// header, so no judge text of theirs changes meaning.

import (
	"bytes"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"gridsolve/solvers/msg"
)

// ParseBoard reads one board, either in the sized form
//
//	w h [goal]
//	<h lines of w cells>
//
// or, without the header line, as the 16 cells of a 4×4 judge board in any
// layout, whose goal is Either. Cells are b (black) or w (white);
// whitespace between cells is ignored and blank lines are skipped.
func ParseBoard(text string) (*Board, error) {
	ls := lines(text)
	for i, s := range ls {
		if strings.TrimSpace(s) == "" {
			continue
		}
		if isHeader(s) {
			b, _, err := parseSized(ls, i, false)
			return b, err
		}
		return parseJudgeBoard(text)
	}
	return nil, msg.Errorf("flip: empty board")
}

// isHeader reports whether a non-blank line starts like a "w h" header,
// with a number, where a header-less board starts with a cell.
func isHeader(s string) bool {
	r, _ := utf8.DecodeRuneInString(strings.TrimSpace(s))
	return unicode.IsDigit(r) || r == '-' || r == '+'
}

// parseJudgeBoard reads a header-less board: exactly 16 cells.
func parseJudgeBoard(text string) (*Board, error) {
	b := &Board{W: 4, H: 4, Black: make([]bool, 16)}
	n := 0
	for i, s := range lines(text) {
		var err error
		if n, err = readCells(b.Black, n, i+1, s, ` for a 4x4 board without a "w h" header`); err != nil {
			return nil, err
		}
	}
	if n < 16 {
		return nil, msg.Errorf("flip: got %d cells, want 16 for a 4x4 board without a \"w h\" header", n)
	}
	return b, nil
}

// readCells reads the cells of line s, b or w among any whitespace, into
// cells from n on, and returns the new n. A cell past the end of cells is
// an error, which more describes.
func readCells(cells []bool, n, line int, s, more string) (int, error) {
	for _, r := range s {
		if unicode.IsSpace(r) {
			continue
		}
		if r != 'b' && r != 'w' {
			return n, msg.Errorf("flip: line %d: unexpected %q (want b or w)", line, r)
		}
		if n == len(cells) {
			return n, msg.Errorf("flip: line %d: more than %d cells%s", line, n, more)
		}
		cells[n] = r == 'b'
		n++
	}
	return n, nil
}

// goalOf returns the goal whose header word is word, or Goal(len(Goals))
// if none is.
func goalOf(word string) Goal {
	g := 0
	for g < len(goalWords) && goalWords[g] != word {
		g++
	}
	return Goal(g)
}

// parseSized reads the board whose "w h [goal]" header is ls[at], and
// returns it and the index of the line after it. With many, a header
// after its rows ends it, as in the judge's run of boards; any other line
// after its rows is an error.
func parseSized(ls []string, at int, many bool) (*Board, int, error) {
	headerLine := at + 1
	f := strings.Fields(ls[at])
	if len(f) != 2 && len(f) != 3 {
		return nil, 0, msg.Errorf("flip: line %d: want a \"w h\" header, got %d fields", headerLine, len(f))
	}
	w, errW := strconv.Atoi(f[0])
	h, errH := strconv.Atoi(f[1])
	if errW != nil || errH != nil {
		return nil, 0, msg.Errorf("flip: line %d: want a \"w h\" header of two numbers", headerLine)
	}
	b, err := NewBoard(w, h)
	if err != nil {
		return nil, 0, msg.Errorf("flip: line %d: %w", headerLine, err)
	}
	if len(f) == 3 {
		if b.Goal = goalOf(f[2]); int(b.Goal) == len(Goals) {
			return nil, 0, msg.Errorf("flip: line %d: unknown goal after \"w h\" (want white, black or either)", headerLine)
		}
	}
	y := 0
	for i := at + 1; i < len(ls); i++ {
		s, line := ls[i], i+1
		if strings.TrimSpace(s) == "" {
			continue
		}
		if y == h {
			if many && isHeader(s) {
				return b, i, nil
			}
			return nil, 0, msg.Errorf("flip: line %d: more than the %d rows in the header", line, h)
		}
		x, err := readCells(b.Black[y*w:][:w], 0, line, s, "")
		if err != nil {
			return nil, 0, err
		}
		if x < w {
			return nil, 0, msg.Errorf("flip: line %d: got %d cells, want %d", line, x, w)
		}
		y++
	}
	if y < h {
		return nil, 0, msg.Errorf("flip: got %d rows, want %d", y, h)
	}
	return b, len(ls), nil
}

// lines splits text after each newline, line i+1 at index i; a last
// line that is empty when text ends with a newline is blank, as the
// parsers skip. A slice, not an iterator: in WebAssembly each loop over an
// iterator is a closure of its own, which made the worker bigger.
func lines(text string) []string { return strings.SplitAfter(text, "\n") }

// String returns the board in the extended form ParseBoard reads.
func (b *Board) String() string {
	var s strings.Builder
	msg.Fprintf(&s, "%d %d", b.W, b.H)
	if g := b.Goal; g == AllWhite || g == AllBlack {
		s.WriteByte(' ')
		s.WriteString(goalWords[g])
	}
	s.WriteByte('\n')
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
// after another until the end, whitespace ignored; or, when the input
// starts with a "w h" header, sized boards one after another.
func parseJudge(data []byte) ([]*Board, error) {
	if t := bytes.TrimLeftFunc(data, unicode.IsSpace); len(t) > 0 && isHeader(string(t[:1])) {
		return parseSizedRun(string(data))
	}
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

// parseSizedRun reads sized boards one after another, the first line that
// is not blank being a header.
func parseSizedRun(text string) ([]*Board, error) {
	ls := lines(text)
	var boards []*Board
	i := 0
	for i < len(ls) && strings.TrimSpace(ls[i]) == "" {
		i++
	}
	for i < len(ls) {
		b, next, err := parseSized(ls, i, true)
		if err != nil {
			return nil, err
		}
		boards = append(boards, b)
		i = next
	}
	return boards, nil
}
