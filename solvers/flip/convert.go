package flip

// Formats Import and Export know besides the flip text of ParseBoard:
//
// Simon Tatham's Flip game ID, "WxHc:MATRIX,GRID". W and H are the board's
// sides and c says the press shapes are crosses (r: random shapes). MATRIX
// is a bitmap of (W*H)² bits, row i listing the cells a press of cell i
// flips; GRID is a bitmap of W*H bits, 1 for a dark cell. Cells are
// row-major; each bitmap is written in hex, four bits to a digit, the first
// bit the digit's highest, the last digit padded with zeros. Only crosses
// are gridsolve's game, so other shapes are refused. Dark cells are read as
// black and light ones as white, as flip.c draws them, and Tatham's Flip is
// won only when every cell is light (every grid bit 0), so an ID reads as a
// board with the goal AllWhite. Export writes one only for a puzzle whose
// goal is all white (see tathamGoal).
//
//	2x2c:edb7,9
//
// is a 2×2 board with its top-left and bottom-right cells dark: the crosses
// of cells 0..3 are 1110, 1101, 1011 and 0111, that is e, d, b and 7.
//
// A plain grid: one line per row, # (or 1) for black and . (or 0) for
// white, every row as long; blank lines are skipped. It has no goal: it
// reads as either colour, and a board's goal is not written.
//
//	#..
//	.#.

import (
	"strconv"
	"strings"

	"gridsolve/solvers/msg"
	"gridsolve/solvers/play"
)

// Format names, as Export takes them.
const (
	formatText   = "flip text"
	formatTatham = "Tatham's Flip game ID"
	formatGrid   = "plain grid"
)

// Formats lists the formats Import reads and Export writes, flip text first.
func (Game) Formats() []play.Format {
	return []play.Format{
		{Name: formatText, Ext: ".txt", Example: "3 2\nbwb\nwbw\n", Export: true},
		{Name: formatTatham, Ext: ".txt", Example: "2x2c:edb7,9", Export: true},
		{Name: formatGrid, Ext: ".txt", Example: "#.#\n.#.\n", Export: true},
	}
}

// Import reads a board in any of the Formats, telling them apart by their
// first line: "WxH" starts a Tatham ID, a line of only
// #, ., 1 and 0 a plain grid, anything else flip text. It returns the board
// as flip text.
func (g Game) Import(text string) (string, play.Format, error) {
	if len(text) > maxInput {
		return "", play.Format{}, msg.Errorf("flip: input is larger than %d bytes", maxInput)
	}
	formats := g.Formats()
	var b *Board
	var err error
	format := formats[0]
	switch first := firstLine(text); {
	case isTathamID(first):
		b, err = parseTatham(strings.TrimSpace(text))
		format = formats[1]
	case strings.Trim(first, "#.01") == "":
		b, err = parseGrid(text)
		format = formats[2]
	default:
		b, err = ParseBoard(text)
	}
	if err != nil {
		return "", play.Format{}, err
	}
	return b.String(), format, nil
}

// Export writes a board given in flip text in the format named.
func (Game) Export(judge, format string) (string, error) {
	b, err := ParseBoard(judge)
	if err != nil {
		return "", err
	}
	switch format {
	case formatText:
		return b.String(), nil
	case formatTatham:
		if err := tathamGoal(b); err != nil {
			return "", err
		}
		return tathamID(b)
	case formatGrid:
		// A plain grid has no goal: writing one would lose it unsaid.
		if b.Goal != Either {
			return "", msg.Errorf("flip: a plain grid cannot hold the goal %s: save it as flip text", b.Goal)
		}
		return gridString(b), nil
	}
	return "", msg.Errorf("flip: unknown format %q (want %q, %q or %q)", format, formatText, formatTatham, formatGrid)
}

// firstLine is the first non-blank line of text, trimmed.
func firstLine(text string) string {
	for s := range strings.Lines(text) {
		if s = strings.TrimSpace(s); s != "" {
			return s
		}
	}
	return ""
}

// isTathamID reports whether s starts like Tatham's game parameters: digits,
// x, a digit.
func isTathamID(s string) bool {
	w := strings.TrimLeft(s, "0123456789")
	return w != s && len(w) >= 2 && w[0] == 'x' && '0' <= w[1] && w[1] <= '9'
}

// parseTatham reads a Tatham Flip game ID.
func parseTatham(id string) (*Board, error) {
	params, desc, found := strings.Cut(id, ":")
	if !found {
		if strings.Contains(params, "#") {
			return nil, msg.Errorf("flip: Tatham's Flip ID %q is a random seed, not a game; use the game ID (WxHc:...)", id)
		}
		return nil, msg.Errorf("flip: Tatham's Flip ID %q has no game description after a colon", id)
	}
	sides := strings.TrimSuffix(params, "c")
	if strings.HasSuffix(params, "r") {
		return nil, msg.Errorf("flip: Tatham's Flip ID uses random press shapes; gridsolve plays crosses only")
	}
	ws, hs, _ := strings.Cut(sides, "x")
	w, errW := strconv.Atoi(ws)
	h, errH := strconv.Atoi(hs)
	if errW != nil || errH != nil {
		return nil, msg.Errorf("flip: Tatham's Flip ID parameters %q: want WxH or WxHc", params)
	}
	b, err := NewBoard(w, h)
	if err != nil {
		return nil, err
	}
	b.Goal = AllWhite
	wh := w * h
	matrix, grid, _ := strings.Cut(desc, ",")
	if len(matrix) != (wh*wh+3)/4 {
		return nil, msg.Errorf("flip: Tatham's Flip ID: press matrix has %d hex digits, want %d for %dx%d", len(matrix), (wh*wh+3)/4, w, h)
	}
	if len(grid) != (wh+3)/4 {
		return nil, msg.Errorf("flip: Tatham's Flip ID: grid has %d hex digits after the comma, want %d for %dx%d", len(grid), (wh+3)/4, w, h)
	}
	err = readHex(matrix, wh*wh, func(i int, bit bool) error {
		if bit != crossHas(w, i/wh, i%wh) {
			return msg.Errorf("pressing row %d, column %d flips cells outside its cross; gridsolve plays crosses only", i/wh/w+1, i/wh%w+1)
		}
		return nil
	})
	if err != nil {
		return nil, msg.Errorf("flip: Tatham's Flip ID: press matrix: %w", err)
	}
	err = readHex(grid, wh, func(i int, bit bool) error {
		b.Black[i] = bit
		return nil
	})
	if err != nil {
		return nil, msg.Errorf("flip: Tatham's Flip ID: grid: %w", err)
	}
	return b, nil
}

// readHex calls use with bits 0..n-1 of a bitmap written as hex digits,
// highest bit first, stopping at the first error.
func readHex(hex string, n int, use func(i int, bit bool) error) error {
	for d := range len(hex) {
		v, err := strconv.ParseUint(hex[d:d+1], 16, 8)
		if err != nil {
			return msg.Errorf("digit %d is %q, not hex", d+1, hex[d])
		}
		for j := range min(4, n-4*d) {
			if err := use(4*d+j, v&(8>>j) != 0); err != nil {
				return err
			}
		}
	}
	return nil
}

// crossHas reports whether pressing cell i flips cell j on a board w wide.
func crossHas(w, i, j int) bool {
	dx, dy := i%w-j%w, i/w-j/w
	return dx*dx+dy*dy <= 1
}

// maxTathamCells bounds the boards written as Tatham IDs, whose press matrix
// grows with the square of the cells: the most that fit Import's input limit,
// so that every ID Import reads can be written back.
const maxTathamCells = 5792

// tathamGoal says why b cannot be written as a Tatham ID, or returns nil
// if it can: Tatham's game is won only when every cell is white, so an ID
// of a puzzle with another goal would be another puzzle, one the page's
// answer may not solve. That holds for an either-colour puzzle too, unless
// its fewest presses happen to end white; but finding out takes a solve,
// and Export runs in the page, which would then link the whole solver (22
// KB more Brotli to load before the editor shows), so such a puzzle is
// asked to take the goal all white first, one step on the page.
func tathamGoal(b *Board) error {
	if b.Goal == AllWhite {
		return nil
	}
	return msg.Errorf("flip: Tatham's Flip is won only when every cell is white (light), and this puzzle's goal is to make it %s; set its goal to all white to export it", b.Goal)
}

// tathamID writes b as a Tatham Flip game ID with cross-shaped presses.
func tathamID(b *Board) (string, error) {
	wh := b.W * b.H
	if wh > maxTathamCells {
		return "", msg.Errorf("flip: a %dx%d board is too big for a Tatham ID (at most %d cells)", b.W, b.H, maxTathamCells)
	}
	var s strings.Builder
	msg.Fprintf(&s, "%dx%dc:", b.W, b.H)
	writeHex(&s, wh*wh, func(i int) bool { return crossHas(b.W, i/wh, i%wh) })
	s.WriteByte(',')
	writeHex(&s, wh, func(i int) bool { return b.Black[i] })
	return s.String(), nil
}

// writeHex writes the n bits bit(0..n-1) as hex digits, highest bit first.
func writeHex(s *strings.Builder, n int, bit func(int) bool) {
	for i := 0; i < n; i += 4 {
		d := 0
		for j := range min(4, n-i) {
			if bit(i + j) {
				d |= 8 >> j
			}
		}
		s.WriteByte("0123456789abcdef"[d])
	}
}

// parseGrid reads a plain grid.
func parseGrid(text string) (*Board, error) {
	var rows []string
	for i, s := range lines(text) {
		line := i + 1
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		if bad := strings.Trim(s, "#.01"); bad != "" {
			return nil, msg.Errorf("flip: plain grid line %d: unexpected %q (want #, ., 1 or 0)", line, bad[0])
		}
		if len(rows) > 0 && len(s) != len(rows[0]) {
			return nil, msg.Errorf("flip: plain grid line %d: %d cells, but the first row has %d", line, len(s), len(rows[0]))
		}
		if len(rows) == MaxSide {
			return nil, msg.Errorf("flip: plain grid line %d: more than %d rows", line, MaxSide)
		}
		rows = append(rows, s)
	}
	if len(rows) == 0 {
		return nil, msg.Errorf("flip: empty board")
	}
	b, err := NewBoard(len(rows[0]), len(rows))
	if err != nil {
		return nil, err
	}
	for y, row := range rows {
		for x := range len(row) {
			b.Black[y*b.W+x] = row[x] == '#' || row[x] == '1'
		}
	}
	return b, nil
}

// gridString writes b as a plain grid of # and .
func gridString(b *Board) string {
	var s strings.Builder
	for i, black := range b.Black {
		s.WriteByte(".#"[b2u(black)])
		if (i+1)%b.W == 0 {
			s.WriteByte('\n')
		}
	}
	return s.String()
}
