package nonogram

import (
	"errors"
	"strconv"
	"strings"

	"gridsolve/solvers/msg"
)

// A colour puzzle's runs each have an ink, one of the colours of its
// palette besides the white background (webpbn's rules): two runs of the
// same ink next in a line have at least one white cell between them, two
// of different inks may touch. Clues.Inks lists the palette and
// Clues.RowInks and Clues.ColInks the ink of every run; a black and white
// puzzle has none of them, and everything about it is as it was before
// colours were read.
//
// Everywhere text names an ink, the judge format, positions, given cells,
// .non rules and answers, it is by its letter: the first ink is 'a', the
// second 'b', and so on, skipping 'x', which marks a white cell in a
// position.

// Ink is one colour of a colour puzzle's palette.
type Ink struct {
	Name string // as a file or the player calls it, e.g. "red"; may be empty
	RGB  string // six lower-case hex digits, e.g. "e02020"
}

// inkLetters are the letters of the inks, in order: MaxInks of them.
const inkLetters = "abcdefghijklmnopqrstuvwyz"

// MaxInks is the most inks a colour puzzle has.
const MaxInks = len(inkLetters)

// InkLetter is the letter of ink i (see the comment on Ink).
func InkLetter(i int) byte { return inkLetters[i] }

// inkOf is the ink whose letter is ch, or -1.
func inkOf(ch byte) int { return strings.IndexByte(inkLetters, ch) }

// IsColour reports whether c is a colour puzzle.
func (c *Clues) IsColour() bool { return c.Inks != nil }

// ColourCluesOf returns the clues of a colour picture given as
// pic[row][col], 0 for white and i+1 for ink i of inks. Rows shorter than
// the longest are padded with white.
func ColourCluesOf(pic [][]int, inks []Ink) *Clues {
	w := 0
	for _, row := range pic {
		w = max(w, len(row))
	}
	at := func(r, c int) int {
		if c < len(pic[r]) {
			return pic[r][c]
		}
		return 0
	}
	c := &Clues{Rows: make([][]int, len(pic)), Cols: make([][]int, w), Inks: inks,
		RowInks: make([][]int, len(pic)), ColInks: make([][]int, w)}
	for r := range pic {
		c.Rows[r], c.RowInks[r] = colourRunsOf(w, func(i int) int { return at(r, i) })
	}
	for col := range w {
		c.Cols[col], c.ColInks[col] = colourRunsOf(len(pic), func(i int) int { return at(i, col) })
	}
	return c
}

// colourRunsOf lists the runs of a line of n cells of colour(i), 0 for
// white and i+1 for ink i, with their inks.
func colourRunsOf(n int, colour func(int) int) (runs, inks []int) {
	run, ink := 0, 0
	for i := 0; i <= n; i++ {
		c := 0
		if i < n {
			c = colour(i)
		}
		if c != ink && run > 0 {
			runs, inks = append(runs, run), append(inks, ink-1)
			run = 0
		}
		if ink = c; c > 0 {
			run++
		}
	}
	return runs, inks
}

// validateColours checks the inks of a colour puzzle: one for every run,
// each in the palette, and a palette of 1..MaxInks colours given in RGB.
// The parsers make only such clues; these are checked for clues made in
// code.
func (c *Clues) validateColours() error {
	if c.Inks == nil {
		if c.RowInks != nil || c.ColInks != nil {
			return errors.New("nonogram: runs have inks but the puzzle has no palette")
		}
		return nil
	}
	bad := len(c.Inks) > MaxInks || len(c.RowInks) != len(c.Rows) || len(c.ColInks) != len(c.Cols)
	for _, ink := range c.Inks {
		bad = bad || !isRGB(ink.RGB) || strings.ContainsAny(ink.Name, "\n\r")
	}
	for l := 0; !bad && l < len(c.Rows)+len(c.Cols); l++ {
		runs, inks := c.Rows, c.RowInks
		at := l
		if l >= len(c.Rows) {
			runs, inks, at = c.Cols, c.ColInks, l-len(c.Rows)
		}
		bad = len(inks[at]) != len(runs[at])
		for _, ink := range inks[at] {
			bad = bad || uint(ink) >= uint(len(c.Inks))
		}
	}
	if bad || len(c.Inks) == 0 {
		return msg.Errorf("nonogram: the colours do not fit the runs: want 1..%d inks, each six hex digits, and one of them for every run", MaxInks)
	}
	return nil
}

// isRGB reports whether s is six lower-case hex digits.
func isRGB(s string) bool {
	if len(s) != 6 {
		return false
	}
	for i := range len(s) {
		if !isHex(s[i]) {
			return false
		}
	}
	return true
}

// inksOf returns the inks of line l in the rows-then-columns order.
func (c *Clues) inksOf(l int) []int {
	if l < len(c.Rows) {
		return c.RowInks[l]
	}
	return c.ColInks[l-len(c.Rows)]
}

// writeColourRuns writes the runs of a colour line in the judge format,
// "3a 1b".
func writeColourRuns(b *strings.Builder, runs, inks []int) {
	for i, r := range runs {
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(r))
		b.WriteByte(InkLetter(inks[i]))
	}
}

// writePalette writes the colours section of the judge format.
func (c *Clues) writePalette(b *strings.Builder) {
	msg.Fprintf(b, "colours %d\n", len(c.Inks))
	for i, ink := range c.Inks {
		msg.Fprintf(b, "%c %s", InkLetter(i), ink.RGB)
		if ink.Name != "" {
			b.WriteString(" " + ink.Name)
		}
		b.WriteByte('\n')
	}
}

// splitInk splits a run written with its ink's letter, "3a", into its
// number and its ink; ink is -1 without a letter, and ok false when the
// text is not digits and perhaps one letter.
func splitInk(s string) (digits string, ink int, ok bool) {
	if s == "" {
		return "", -1, false
	}
	last := s[len(s)-1]
	if last >= '0' && last <= '9' {
		return s, -1, true
	}
	if ink = inkOf(last); ink < 0 || len(s) == 1 {
		return s, -1, false
	}
	return s[:len(s)-1], ink, true
}

// parsePalette reads the colours section of the judge format after a
// line "colours N": N lines "L RRGGBB name", L the inks' letters in
// order and the name optional.
func parsePalette(in *lineReader, n int) ([]Ink, error) {
	if n < 1 || n > MaxInks {
		return nil, msg.Errorf("nonogram: line %d: %d colours (want 1..%d)", in.n, n, MaxInks)
	}
	inks := make([]Ink, n)
	for i := range inks {
		line, ok := in.next()
		if !ok {
			return nil, msg.Errorf("nonogram: line %d: colour %c: missing", in.n+1, InkLetter(i))
		}
		f := strings.Fields(line)
		if len(f) < 2 || f[0] != string(InkLetter(i)) || !isRGB(f[1]) {
			return nil, msg.Errorf("nonogram: line %d: want colour %c as \"%c RRGGBB name\" (six hex digits), got %q", in.n, InkLetter(i), InkLetter(i), clip(line))
		}
		inks[i] = Ink{RGB: f[1], Name: strings.Join(f[2:], " ")}
	}
	return inks, nil
}
