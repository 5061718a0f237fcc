package nonogram

import (
	"cmp"
	"errors"
	"slices"
	"strconv"
	"strings"

	"gridsolve/solvers/msg"
)

// Size limits, checked before anything is allocated for a puzzle.
const (
	MaxSide  = 1000    // rows or columns
	MaxCells = 250_000 // rows × columns
	maxRun   = 1 << 20 // a larger run never fits; refusing it keeps sums small
	maxInput = 8 << 20 // bytes of text
)

// Clues are the runs of black cells of every row (top to bottom) and column
// (left to right), each listed left to right or top to bottom. An empty
// line has no runs.
type Clues struct {
	Rows, Cols [][]int
	// Given lists the cells given with the clues, as Tatham's Pattern
	// pre-fills squares, as a position (see the package doc) of
	// GivenBlack, GivenWhite and NotGiven cells, row-major; nil when no
	// cell is given. A solution keeps every given cell.
	Given []byte
	// Inks is the palette of a colour puzzle, and RowInks and ColInks,
	// alongside Rows and Cols, the ink of each run as an index into it;
	// all three are nil in a black and white puzzle (see Ink).
	Inks             []Ink
	RowInks, ColInks [][]int
}

// The cells of Clues.Given, as the judge format writes them: those of a
// position. A colour puzzle can give a cell in a colour by that colour's
// letter.
const (
	GivenBlack = markBlack
	GivenWhite = markWhite
	NotGiven   = markUnknown
)

// CluesOf returns the clues of a picture given as pic[row][col], true for
// black. Rows shorter than the longest are padded with white.
func CluesOf(pic [][]bool) *Clues {
	w := 0
	for _, row := range pic {
		w = max(w, len(row))
	}
	at := func(r, c int) bool { return c < len(pic[r]) && pic[r][c] }
	c := &Clues{Rows: make([][]int, len(pic)), Cols: make([][]int, w)}
	for r := range pic {
		c.Rows[r] = runsOf(w, func(i int) bool { return at(r, i) })
	}
	for col := range w {
		c.Cols[col] = runsOf(len(pic), func(i int) bool { return at(i, col) })
	}
	return c
}

// runsOf lists the runs of black cells of a line of n cells.
func runsOf(n int, isBlack func(int) bool) []int {
	var runs []int
	run := 0
	for i := 0; i <= n; i++ {
		if i < n && isBlack(i) {
			run++
		} else if run > 0 {
			runs = append(runs, run)
			run = 0
		}
	}
	return runs
}

// String formats c in the judge format: "X Y" (rows, columns), then one line
// "S a1 .. aS" per row, then per column, "0" for an empty line. A colour
// puzzle writes each run with its ink's letter, "2 3a 1b", and after the
// clues its palette: a line "colours N", then one line per ink, its
// letter, its RGB as six hex digits and its name, if it has one:
//
//	1 2
//	2 1a 1b
//	1 1a
//	1 1b
//	colours 2
//	a e02020 red
//	b 2040c0 blue
//
// Given
// cells, if any, follow in a section of their own: a line "given", then X
// lines of Y cells, '#' (given black), 'x' (given white) or '.' (not
// given), as in a position:
//
//	2 2
//	1 1
//	1 2
//	1 2
//	1 1
//	given
//	.#
//	x.
//
// A puzzle without given cells has no such section, and a black and white
// one no colours, so its text is what it was before either was read. In a
// colour puzzle a cell is given in an ink by its letter.
func (c *Clues) String() string {
	var b strings.Builder
	msg.Fprintf(&b, "%d %d\n", len(c.Rows), len(c.Cols))
	for l, runs := range append(append([][]int(nil), c.Rows...), c.Cols...) {
		b.WriteString(strconv.Itoa(len(runs)))
		if c.IsColour() {
			writeColourRuns(&b, runs, c.inksOf(l))
		} else {
			for _, r := range runs {
				b.WriteByte(' ')
				b.WriteString(strconv.Itoa(r))
			}
		}
		b.WriteByte('\n')
	}
	if c.IsColour() {
		c.writePalette(&b)
	}
	if c.Given != nil {
		b.WriteString("given\n")
		for r := range c.Rows {
			b.Write(c.Given[r*len(c.Cols) : (r+1)*len(c.Cols)])
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// validate checks the size limits and that every run is positive.
func (c *Clues) validate() error {
	if c == nil {
		return errors.New("nonogram: no clues")
	}
	if err := checkSize(len(c.Rows), len(c.Cols)); err != nil {
		return msg.Errorf("nonogram: %v", err)
	}
	for l, runs := range append(append([][]int(nil), c.Rows...), c.Cols...) {
		for _, r := range runs {
			if r < 1 || r > maxRun {
				return msg.Errorf("nonogram: %s: run %d out of range 1..%d", lineName(l, len(c.Rows)), r, maxRun)
			}
		}
	}
	if c.Given != nil && len(c.Given) != len(c.Rows)*len(c.Cols) {
		return errors.New("nonogram: given cells do not fit the size of the puzzle")
	}
	return c.validateColours()
}

// givenCells makes the row-major cells of a given section, every one not
// given, for a puzzle of rows and cols.
func givenCells(rows, cols int) []byte {
	given, _ := parsePosition("", rows, cols, 0, "")
	return given
}

// noneGiven reports whether no cell of given is given: such a section is
// left out, so that the puzzle's text is the one without it.
func noneGiven(given []byte) bool {
	for _, g := range given {
		if g != NotGiven {
			return false
		}
	}
	return true
}

// lineName names line l of the rows-then-columns order, counting from 1.
func lineName(l, rows int) string {
	if l < rows {
		return msg.Sprintf("row %d", l+1)
	}
	return msg.Sprintf("column %d", l-rows+1)
}

// checkSize enforces the size limits.
func checkSize(rows, cols int) error {
	if rows < 1 || cols < 1 || rows > MaxSide || cols > MaxSide || rows*cols > MaxCells {
		return msg.Errorf("size %dx%d out of range (1..%d per side, at most %d cells)", rows, cols, MaxSide, MaxCells)
	}
	return nil
}

// ParseClues reads one puzzle in any of the formats Game.Formats lists,
// telling them apart by their first characters:
//   - the judge format, given cells included (see String);
//   - webpbn's XML format, in colour too (see pbnPuzzle);
//   - the .non format of Steve Simpson's solver: "width W", "height H",
//     then "rows" and "columns" each followed by one rule per line, runs
//     perhaps with colour letters (see parseNon);
//   - Simon Tatham's Pattern game IDs "WxH:c1/c2/.../r1/r2/...", column
//     clues then row clues, numbers of a clue separated by '.', an empty
//     clue empty or "0", perhaps with pre-filled squares after a ','
//     (see parseTatham); a random seed ID "WxH#..." is refused with what
//     to paste instead;
//   - puzz.link (pzprjs) nonogram URLs ".../p?nonogram/W/H/data";
//   - a picture, rows of '#' (black) and '.' (white), whose clues are
//     derived from it.
func ParseClues(text string) (*Clues, error) {
	if len(text) > maxInput {
		return nil, msg.Errorf("nonogram: input longer than %d bytes", maxInput)
	}
	return detect(text).parse(text)
}

// lineReader walks the lines of a text, counting them for error messages.
type lineReader struct {
	rest string
	n    int // lines read so far
}

func newLineReader(text string) *lineReader { return &lineReader{rest: text} }

// next returns the next line without its end of line, false at the end.
func (in *lineReader) next() (string, bool) {
	if in.rest == "" {
		return "", false
	}
	line, rest, _ := strings.Cut(in.rest, "\n")
	in.rest = rest
	in.n++
	return strings.TrimSuffix(line, "\r"), true
}

// skipBlank skips blank lines and reports whether the text ended.
func (in *lineReader) skipBlank() bool {
	for in.rest != "" {
		line, rest, _ := strings.Cut(in.rest, "\n")
		if strings.TrimSpace(line) != "" {
			return false
		}
		in.rest = rest
		in.n++
	}
	return true
}

// parseJudge reads one puzzle in the judge format, after any blank lines.
func parseJudge(in *lineReader) (*Clues, error) {
	in.skipBlank()
	head, ok := in.next()
	if !ok {
		return nil, errors.New("nonogram: no puzzle in input")
	}
	f := strings.Fields(head)
	if len(f) != 2 {
		return nil, msg.Errorf("nonogram: line %d: want \"X Y\" (rows, columns), got %q", in.n, clip(head))
	}
	rows, err1 := strconv.Atoi(f[0])
	cols, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil {
		return nil, msg.Errorf("nonogram: line %d: want \"X Y\" (rows, columns), got %q", in.n, clip(head))
	}
	if err := checkSize(rows, cols); err != nil {
		return nil, msg.Errorf("nonogram: line %d: %v", in.n, err)
	}
	c := &Clues{Rows: make([][]int, rows), Cols: make([][]int, cols)}
	var inks [][]int // of every line, rows then columns, once a run has a letter
	inkLine := 0     // the text's line of the first run with a letter
	for l := range rows + cols {
		text, ok := in.next()
		name := lineName(l, rows)
		if !ok {
			return nil, msg.Errorf("nonogram: line %d: %s: missing clue", in.n+1, name)
		}
		f := strings.Fields(text)
		if len(f) == 0 {
			return nil, msg.Errorf("nonogram: line %d: %s: empty line (write 0 for no runs)", in.n, name)
		}
		count, err := strconv.Atoi(f[0])
		if err != nil || count < 0 {
			return nil, msg.Errorf("nonogram: line %d: %s: bad clue count %q", in.n, name, clip(f[0]))
		}
		if count != len(f)-1 {
			return nil, msg.Errorf("nonogram: line %d: %s: clue count %d but %d numbers", in.n, name, count, len(f)-1)
		}
		runs, lineInks, err := parseInkRuns(f[1:])
		if err != nil {
			return nil, msg.Errorf("nonogram: line %d: %s: %v", in.n, name, err)
		}
		if lineInks != nil && inks == nil {
			inks, inkLine = make([][]int, rows+cols), in.n
		}
		if inks != nil {
			inks[l] = lineInks
		}
		if l < rows {
			c.Rows[l] = runs
		} else {
			c.Cols[l-rows] = runs
		}
	}
	if err := parseColours(in, c, inks, inkLine); err != nil {
		return nil, err
	}
	if err := parseGiven(in, c); err != nil {
		return nil, err
	}
	return c, nil
}

// parseInkRuns reads the runs of a clue line of the judge format, each
// perhaps with its ink's letter; inks is nil when none has one, and -1
// for a run without one when others have.
func parseInkRuns(f []string) (runs, inks []int, err error) {
	digits := f
	for i, s := range f {
		d, ink, ok := splitInk(s)
		if !ok || ink < 0 {
			continue // parseRuns says what is wrong
		}
		if inks == nil {
			digits, inks = slices.Clone(f), make([]int, len(f))
			for j := range inks {
				inks[j] = -1
			}
		}
		digits[i], inks[i] = d, ink
	}
	runs, err = parseRuns(digits)
	return runs, inks, err
}

// parseColours reads the colours section that may follow the clues in the
// judge format (see Clues.String), after any blank lines, and gives the
// runs their inks: with a palette every run has a letter, without one
// none. inks are the letters read on each line, nil if none had any, the
// first of them on line inkLine of the text.
func parseColours(in *lineReader, c *Clues, inks [][]int, inkLine int) error {
	before := *in
	in.skipBlank()
	line, _ := in.next()
	f := strings.Fields(line)
	if len(f) != 2 || f[0] != "colours" {
		*in = before
		if inks != nil {
			return msg.Errorf("nonogram: line %d: runs with colour letters, but no colours section after the clues", inkLine)
		}
		return nil
	}
	n, err := strconv.Atoi(f[1])
	if err != nil {
		return msg.Errorf("nonogram: line %d: bad number of colours %q", in.n, clip(f[1]))
	}
	if c.Inks, err = parsePalette(in, n); err != nil {
		return err
	}
	rows := len(c.Rows)
	c.RowInks, c.ColInks = make([][]int, rows), make([][]int, len(c.Cols))
	for l := range rows + len(c.Cols) {
		runs, dst := c.Rows, c.RowInks
		at := l
		if l >= rows {
			runs, dst, at = c.Cols, c.ColInks, l-rows
		}
		var lineInks []int
		if inks != nil {
			lineInks = inks[l]
		}
		if len(runs[at]) > 0 && lineInks == nil || slices.Contains(lineInks, -1) {
			return msg.Errorf("nonogram: %s: a run without a colour letter in a colour puzzle", lineName(l, rows))
		}
		for _, ink := range lineInks {
			if ink >= n {
				return msg.Errorf("nonogram: %s: a run in colour %c, but the puzzle has %d colours", lineName(l, rows), InkLetter(ink), n)
			}
		}
		dst[at] = lineInks
	}
	return nil
}

// parseGiven reads the given cells that may follow a puzzle's clues in
// the judge format (see Clues.String), after any blank lines; without a
// "given" line it reads nothing.
func parseGiven(in *lineReader, c *Clues) error {
	before := *in
	in.skipBlank()
	if line, ok := in.next(); !ok || strings.TrimSpace(line) != "given" {
		*in = before
		return nil
	}
	// The next rows lines, or as many as there are, read as a position.
	rows := in.rest
	for range c.Rows {
		in.next()
	}
	given, err := parsePosition(rows[:len(rows)-len(in.rest)], len(c.Rows), len(c.Cols), len(c.Inks), "given cells")
	if err != nil {
		return err
	}
	if !noneGiven(given) {
		c.Given = given
	}
	return nil
}

// parseRuns reads positive run lengths.
func parseRuns(f []string) ([]int, error) {
	var runs []int
	for _, s := range f {
		r, err := strconv.Atoi(s)
		if err != nil || r < 1 || r > maxRun {
			return nil, msg.Errorf("bad run %q (want 1..%d)", clip(s), maxRun)
		}
		runs = append(runs, r)
	}
	return runs, nil
}

// parseRule reads a clue whose numbers are separated by sep, where "0" or
// nothing at all means an empty line.
func parseRule(s string, sep string) ([]int, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "0" {
		return nil, nil
	}
	f := strings.Split(s, sep)
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	return parseRuns(f)
}

// clip shortens text quoted in error messages.
func clip(s string) string {
	if len(s) > 20 {
		return s[:20] + "..."
	}
	return s
}

// The .non format (Steve Simpson's, with the extensions of pbnsolve and
// of the nonogram-db collection) is lines of keywords:
//
//	width 4          (or "columns 4")
//	height 5         (or "rows 5")
//	rows             then one rule per row, top to bottom
//	4
//	1,1
//	...
//	columns          then one rule per column, left to right
//	...
//
// A rule lists the runs separated by commas (or spaces, as pbnsolve
// reads them); "0" is a line with no runs, and so is a blank line: the
// rules follow their keyword line by line. Files that instead put blank
// lines between rules, as Simpson's description allows, are read that
// way when their rules only add up without the blank lines. A run may end
// in a colour letter ("3a,1b"), which a line "color a #e02020" may define
// (nonogram-db's extension): a file whose runs have one colour, letter or
// none, is black and white, and two or more make a colour puzzle, its
// inks in the order the color lines define them, then as runs first use
// them, and those without a color line in colours of their own choosing.
// Lines starting with '#' are comments; any other line starting with a
// word is a property (title, by, copyright, catalogue, license, maxrule,
// goal, ...) and ignored, and so are the grid lines of 0, 1 and ? that
// pbnsolve writes after a bare "goal" or "saved".
//
// parseNon reads it.
func parseNon(text string) (*Clues, error) {
	// The end of the last line starts no line of its own.
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	rows, cols := -1, -1
	var c Clues
	var haveRows, haveCols bool
	var inks nonInks
	var rowInks, colInks [][]int // the runs' letters, as indexes into inks.letters
	for i := 0; i < len(lines); i++ {
		f := strings.Fields(lines[i])
		if len(f) == 0 || f[0][0] == '#' {
			continue
		}
		key := f[0]
		errf := func(line int, format string, a ...any) error {
			return msg.Errorf("nonogram: .non line %d: "+format, append([]any{line + 1}, a...)...)
		}
		switch {
		case (key == "width" || key == "height" || key == "rows" || key == "columns") && len(f) == 2:
			n, err := strconv.Atoi(f[1])
			if err != nil || n < 1 || n > MaxSide {
				return nil, errf(i, "bad %s %q (want 1..%d)", key, clip(f[1]), MaxSide)
			}
			if key == "width" || key == "columns" {
				cols = n
			} else {
				rows = n
			}
		case (key == "rows" || key == "columns") && len(f) == 1:
			n, dst := rows, &c.Rows
			if key == "columns" {
				n, dst = cols, &c.Cols
				haveCols = true
			} else {
				haveRows = true
			}
			if rows < 0 || cols < 0 {
				return nil, errf(i, "%s before width and height", key)
			}
			if err := checkSize(rows, cols); err != nil {
				return nil, errf(i, "%v", err)
			}
			rules, end, err := nonRules(lines, i+1, n)
			if err != nil {
				return nil, errf(end, "%s: %v", key, err)
			}
			*dst = make([][]int, n)
			dstInks := &rowInks
			if key == "columns" {
				dstInks = &colInks
			}
			*dstInks = make([][]int, n)
			for r, at := range rules {
				runs, letters, err := inks.parseRule(lines[at])
				if err != nil {
					return nil, errf(at, "%s rule %d: %v", key, r+1, err)
				}
				(*dst)[r], (*dstInks)[r] = runs, letters
			}
			i = end
		case key == "color" && len(f) >= 3:
			inks.define(f[1], f[2])
		case (key == "goal" || key == "saved") && len(f) == 1:
			for i+1 < len(lines) && strings.Trim(lines[i+1], "01? \t\r") == "" && strings.TrimSpace(lines[i+1]) != "" {
				i++
			}
		case key[0] >= '0' && key[0] <= '9':
			return nil, errf(i, "rule outside rows or columns")
		}
	}
	if !haveRows || !haveCols {
		return nil, errors.New("nonogram: .non: want both rows and columns")
	}
	if len(c.Rows) != rows || len(c.Cols) != cols {
		return nil, errors.New("nonogram: .non: width or height changed after the rules")
	}
	if err := inks.colour(&c, rowInks, colInks); err != nil {
		return nil, msg.Errorf("nonogram: .non: %v", err)
	}
	return &c, nil
}

// nonRules finds the n rules that follow a "rows" or "columns" line, from
// lines[start] on, up to the next line that starts with a word: rules
// start with a digit; blank lines are empty rules, unless the rules add
// up to n without them; comments are skipped. It returns the indexes of
// the rules' lines and of the last line of the block.
func nonRules(lines []string, start, n int) (rules []int, end int, err error) {
	var block, filled []int // the block's lines; those not blank
	end = start - 1
	for at := start; at < len(lines); at++ {
		t := strings.TrimSpace(lines[at])
		if t != "" && t[0] == '#' {
			continue
		}
		if t != "" && (t[0] < '0' || t[0] > '9') {
			break
		}
		block, end = append(block, at), at
		if t != "" {
			filled = append(filled, at)
		}
	}
	switch {
	case len(filled) == n:
		return filled, end, nil
	case len(filled) < n && len(block) >= n && (len(filled) == 0 || filled[len(filled)-1] <= block[n-1]):
		return block[:n], end, nil
	case len(filled) < n && len(block) >= n:
		return nil, end, msg.Errorf("want %d rules, got %d and %d blank lines between them", n, len(filled), len(block)-len(filled))
	}
	return nil, end, msg.Errorf("want %d rules, got %d", n, len(filled))
}

// nonInks are the colours of a .non file: the letters of its color
// lines and its runs, in the order met, "" for runs without one, each
// with its RGB ("" if no color line gives one) and whether a run uses it.
type nonInks struct {
	letters, rgb []string
	used         []bool
}

// index is the index of letter, added if new.
func (k *nonInks) index(letter string) int {
	i := slices.Index(k.letters, letter)
	if i < 0 {
		i = len(k.letters)
		k.letters, k.rgb, k.used = append(k.letters, letter), append(k.rgb, ""), append(k.used, false)
	}
	return i
}

// define reads a line "color a #e02020".
func (k *nonInks) define(letter, rgb string) {
	k.rgb[k.index(letter)] = longRGB(rgb)
}

// parseRule reads a .non rule: runs separated by commas or spaces, each
// perhaps followed by a colour letter; "0" or a blank line has none. It
// returns the runs and their colours, as indexes of k.letters.
func (k *nonInks) parseRule(rule string) (runs, inks []int, err error) {
	f := strings.FieldsFunc(rule, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\r' })
	if len(f) == 1 && f[0] == "0" {
		return nil, nil, nil
	}
	for i, s := range f {
		digits := strings.TrimRight(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
		colour := s[len(digits):]
		if digits == "" || len(colour) > 1 {
			continue // parseRuns says what is wrong
		}
		ink := k.index(colour)
		k.used[ink] = true
		f[i], inks = digits, append(inks, ink)
	}
	runs, err = parseRuns(f)
	return runs, inks, err
}

// colour makes c a colour puzzle when its runs, of lines rowInks and
// colInks, have two or more colours: the inks the runs use, in the order
// k met them.
func (k *nonInks) colour(c *Clues, rowInks, colInks [][]int) error {
	order := make([]int, len(k.letters)) // k's index to the ink's
	for i, used := range k.used {
		order[i] = -1
		if used {
			order[i] = len(c.Inks)
			c.Inks = append(c.Inks, Ink{Name: "", RGB: cmp.Or(k.rgb[i], defaultRGB[len(c.Inks)%len(defaultRGB)])})
		}
	}
	switch {
	case len(c.Inks) < 2:
		c.Inks = nil
		return nil
	case len(c.Inks) > MaxInks:
		return msg.Errorf("%d colours: at most %d are supported", len(c.Inks), MaxInks)
	}
	for _, lines := range [][][]int{rowInks, colInks} {
		for _, inks := range lines {
			for j, ink := range inks {
				inks[j] = order[ink]
			}
		}
	}
	c.RowInks, c.ColInks = rowInks, colInks
	return nil
}

// isTathamID reports whether s looks like a Pattern game ID, "W:...",
// "WxH:...", or a random seed ID, "W#..." or "WxH#...".
func isTathamID(s string) bool {
	i := strings.IndexAny(s, ":#")
	if i <= 0 || strings.ContainsAny(s, " \n") {
		return false
	}
	for _, r := range s[:i] {
		if (r < '0' || r > '9') && r != 'x' {
			return false
		}
	}
	return true
}

// parseTatham reads a game ID of Simon Tatham's Pattern: "WxH:" (or "W:"
// for a square) then the column clues and the row clues separated by '/',
// numbers of a clue separated by '.'. Pattern's decode of the description
// (validate_desc and new_game in pattern.c) reads after the clues an
// optional ',' and the squares it pre-fills, row-major: each letter skips
// as many squares as it is past 'a' or 'A', then gives the next square,
// black for a capital and white for a small letter; 'z' and 'Z' skip 25
// squares and give none, and so does a letter that skips to the end.
func parseTatham(id string) (*Clues, error) {
	params, desc, isGame := strings.Cut(id, ":")
	if !isGame {
		params, _, _ = strings.Cut(id, "#")
		return nil, msg.Errorf("nonogram: pattern: %q is a random seed ID, from which only Pattern makes its puzzle: in Pattern, choose Game, Specific… and paste the game ID shown there (%s:…)", clip(id), clip(params))
	}
	ws, hs, square := strings.Cut(params, "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := w, error(nil)
	if square {
		h, err2 = strconv.Atoi(hs)
	}
	if err1 != nil || err2 != nil {
		return nil, msg.Errorf("nonogram: pattern: bad size %q", clip(params))
	}
	if err := checkSize(h, w); err != nil {
		return nil, msg.Errorf("nonogram: pattern: %v", err)
	}
	desc, squares, prefilled := strings.Cut(desc, ",")
	clues := strings.Split(desc, "/")
	if len(clues) != w+h {
		return nil, msg.Errorf("nonogram: pattern: want %d clues (%d columns, %d rows), got %d", w+h, w, h, len(clues))
	}
	c := &Clues{Cols: make([][]int, w), Rows: make([][]int, h)}
	for i, s := range clues {
		runs, err := parseRule(s, ".")
		if err != nil {
			return nil, msg.Errorf("nonogram: pattern: clue %d: %v", i+1, err)
		}
		if i < w {
			c.Cols[i] = runs
		} else {
			c.Rows[i-w] = runs
		}
	}
	if prefilled {
		given, err := parseTathamSquares(squares, h, w)
		if err != nil {
			return nil, msg.Errorf("nonogram: pattern: pre-filled squares: %v", err)
		}
		c.Given = given
	}
	return c, nil
}

// parseTathamSquares reads the pre-filled squares of a Pattern game ID
// (see parseTatham) into given cells; nil if none is given.
func parseTathamSquares(s string, h, w int) ([]byte, error) {
	given := givenCells(h, w)
	i, at := 0, 0 // the square next, the letter next
	for i < len(given) {
		if at == len(s) {
			return nil, msg.Errorf("too few letters for %d squares", len(given))
		}
		ch := s[at]
		at++
		skip := int(ch|0x20) - 'a' // the letter's small form, past 'a'
		if ch|0x20 < 'a' || ch|0x20 > 'z' {
			return nil, msg.Errorf("letter %d is %q, want a to z or A to Z", at, ch)
		}
		if i += skip; i > len(given) {
			return nil, msg.Errorf("letter %d skips past the last square", at)
		}
		if skip < 25 && i < len(given) {
			given[i] = [2]byte{GivenBlack, GivenWhite}[ch>>5&1] // capitals have bit 5 clear
			i++
		}
	}
	if at < len(s) {
		return nil, msg.Errorf("%d letters after the last square", len(s)-at)
	}
	if noneGiven(given) {
		return nil, nil
	}
	return given, nil
}

// parsePuzzLink reads a puzz.link (pzprjs) nonogram URL
// ".../p?nonogram/W/H/data". The data lists the clue cells outside the
// grid: (H+1)/2 above each column, left to right, then (W+1)/2 left of each
// row, top to bottom, each group starting next to the grid. A cell is a hex
// digit, '-' and two hex digits, or 'g'..'z' skipping 1..20 empty cells.
func parsePuzzLink(url string) (*Clues, error) {
	_, rest, _ := strings.Cut(url, "nonogram/")
	f := strings.SplitN(rest, "/", 3)
	if len(f) < 2 {
		return nil, errors.New("nonogram: puzz.link: want nonogram/W/H/data")
	}
	w, err1 := strconv.Atoi(f[0])
	h, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil {
		return nil, msg.Errorf("nonogram: puzz.link: bad size %q/%q", clip(f[0]), clip(f[1]))
	}
	if err := checkSize(h, w); err != nil {
		return nil, msg.Errorf("nonogram: puzz.link: %v", err)
	}
	data := ""
	if len(f) == 3 {
		data = f[2]
	}
	above, left := (h+1)/2, (w+1)/2
	top, total := w*above, w*above+h*left
	c := &Clues{Cols: make([][]int, w), Rows: make([][]int, h)}
	// Clue cells of a line come nearest to the grid first: last run first.
	place := func(cell, v int) {
		if cell < top {
			c.Cols[cell/above] = append(c.Cols[cell/above], v)
		} else {
			r := (cell - top) / left
			c.Rows[r] = append(c.Rows[r], v)
		}
	}
	cell := 0
	for i := 0; i < len(data) && cell < total; i++ {
		ch := data[i]
		switch {
		case isHex(ch):
			v, _ := strconv.ParseUint(data[i:i+1], 16, 8)
			if v == 0 {
				return nil, msg.Errorf("nonogram: puzz.link: data %d: clue 0", i+1)
			}
			place(cell, int(v))
		case ch == '-':
			if i+2 >= len(data) || !isHex(data[i+1]) || !isHex(data[i+2]) {
				return nil, msg.Errorf("nonogram: puzz.link: data %d: '-' needs two hex digits", i+1)
			}
			v, _ := strconv.ParseUint(data[i+1:i+3], 16, 8)
			if v == 0 {
				return nil, msg.Errorf("nonogram: puzz.link: data %d: clue 0", i+1)
			}
			place(cell, int(v))
			i += 2
		case ch >= 'g' && ch <= 'z':
			cell += int(ch - 'g')
		case ch == '.':
			return nil, msg.Errorf("nonogram: puzz.link: data %d: unknown '?' clues are not supported", i+1)
		default:
			return nil, msg.Errorf("nonogram: puzz.link: data %d: unexpected %q", i+1, ch)
		}
		cell++
	}
	for _, runs := range append(append([][]int(nil), c.Cols...), c.Rows...) {
		for i, j := 0, len(runs)-1; i < j; i, j = i+1, j-1 {
			runs[i], runs[j] = runs[j], runs[i]
		}
	}
	return c, nil
}

func isHex(ch byte) bool { return ch >= '0' && ch <= '9' || ch >= 'a' && ch <= 'f' }
