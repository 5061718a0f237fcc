package nonogram

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"gridsolve/solvers/msg"
	"gridsolve/solvers/play"
)

// format reads, and perhaps writes, one kind of puzzle text.
type format struct {
	play.Format
	// is tells the format from the text, trimmed of surrounding space and
	// not empty. No two formats claim the same text, except the judge
	// format, which takes whatever the others leave.
	is    func(t string) bool
	parse func(text string) (*Clues, error)
	// Its writer is in writer, not here, so that the solver worker,
	// which only reads puzzles, does not carry the writers.
}

// formats lists every format this build reads, the judge format first as
// Formats promises; importFormats, the others, come after it.
var formats = append([]format{
	{play.Format{Name: "judge", Ext: ".txt", Example: "2 2\n1 1\n1 2\n1 2\n1 1\n", Export: true},
		func(string) bool { return true }, parseJudgeText},
}, importFormats...)

// detect returns the format of text.
func detect(text string) *format {
	t := strings.TrimSpace(text)
	if t == "" {
		return &formats[0]
	}
	for i := 1; i < len(formats); i++ {
		if formats[i].is(t) {
			return &formats[i]
		}
	}
	return &formats[0]
}

// isNon tells a .non file, lines of words after any comment lines
// starting with '#', from a puzz.link URL, which is a single word, and
// from a picture, whose lines start with '#' or '.'.
func isNon(t string) bool {
	for strings.HasPrefix(t, "#") {
		_, t, _ = strings.Cut(t, "\n")
		t = strings.TrimSpace(t)
	}
	return t != "" && (t[0] >= 'a' && t[0] <= 'z' || t[0] >= 'A' && t[0] <= 'Z') && strings.ContainsAny(t, " \t\r\n")
}

func isPuzzLink(t string) bool {
	return strings.Contains(t, "nonogram/") && !strings.ContainsAny(t, " \t\r\n")
}

// Formats implements solvers.Converter.
func (Game) Formats() []play.Format {
	list := make([]play.Format, len(formats))
	for i, f := range formats {
		list[i] = f.Format
	}
	return list
}

// Detect names the format Import reads text as, before reading it: the
// judge format when no other one claims the text.
func (Game) Detect(text string) play.Format { return detect(text).Format }

// Import implements solvers.Converter: text is a puzzle in any format
// ParseClues reads.
func (Game) Import(text string) (string, play.Format, error) {
	if len(text) > maxInput {
		return "", play.Format{}, msg.Errorf("nonogram: input longer than %d bytes", maxInput)
	}
	f := detect(text)
	c, err := f.parse(text)
	if err != nil {
		return "", play.Format{}, err
	}
	return c.String(), f.Format, nil
}

// Export implements solvers.Converter: it writes the puzzle, given in any
// format ParseClues reads, in the format named (see Formats; the case of
// the name does not matter).
func (Game) Export(judge, name string) (string, error) {
	c, err := ParseClues(judge)
	if err != nil {
		return "", err
	}
	for _, f := range formats {
		if strings.EqualFold(f.Name, name) {
			write := writer(f.Name)
			if write == nil {
				return "", msg.Errorf("nonogram: cannot write the %s format", f.Name)
			}
			return write(c)
		}
	}
	return "", msg.Errorf("nonogram: unknown format %q", clip(name))
}

// writer returns the writer of the format named, as formats names it; nil
// for a format that is only imported.
func writer(name string) func(c *Clues) (string, error) {
	switch name {
	case "judge":
		return func(c *Clues) (string, error) { return c.String(), nil }
	case "webpbn XML":
		return noGiven(name, writeXML)
	case ".non":
		return noGiven(name, writeNon)
	case "Tatham Pattern":
		return noColour(name, writeTatham)
	case "puzz.link":
		return noColour(name, noGiven(name, writePuzzLink))
	}
	return nil
}

// noColour refuses colour puzzles, for the formats that cannot write
// them.
func noColour(format string, write func(*Clues) (string, error)) func(*Clues) (string, error) {
	return func(c *Clues) (string, error) {
		if c.IsColour() {
			return "", msg.Errorf("nonogram: the %s format has no colours (webpbn XML, .non and judge text have)", format)
		}
		return write(c)
	}
}

// parseJudgeText reads exactly one puzzle in the judge format.
func parseJudgeText(text string) (*Clues, error) {
	in := newLineReader(text)
	c, err := parseJudge(in)
	if err != nil {
		return nil, err
	}
	if !in.skipBlank() {
		return nil, msg.Errorf("nonogram: line %d: unexpected text after the puzzle", in.n+1)
	}
	return c, nil
}

// writeXML writes webpbn's XML; a colour puzzle's inks are <color>s
// named as the puzzle names them (see xmlInkNames), with their letter for
// char, and each count names its ink.
func writeXML(c *Clues) (string, error) {
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\"?>\n<!DOCTYPE pbn SYSTEM \"https://webpbn.com/pbn-0.3.dtd\">\n")
	names, background := xmlInkNames(c.Inks)
	if c.IsColour() {
		msg.Fprintf(&b, "<puzzleset>\n<puzzle type=\"grid\" defaultcolor=\"%s\" backgroundcolor=\"%s\">\n<color name=\"%s\" char=\".\">ffffff</color>\n",
			names[0], background, background)
		for i, ink := range c.Inks {
			msg.Fprintf(&b, "<color name=\"%s\" char=\"%c\">%s</color>\n", names[i], InkLetter(i), ink.RGB)
		}
	} else {
		b.WriteString("<puzzleset>\n<puzzle type=\"grid\" defaultcolor=\"black\">\n")
		b.WriteString("<color name=\"white\" char=\".\">fff</color>\n<color name=\"black\" char=\"X\">000</color>\n")
	}
	for _, part := range []struct {
		name        string
		lines, inks [][]int
	}{{"columns", c.Cols, c.ColInks}, {"rows", c.Rows, c.RowInks}} {
		msg.Fprintf(&b, "<clues type=%q>\n", part.name)
		for l, runs := range part.lines {
			b.WriteString("<line>")
			for j, r := range runs {
				if c.IsColour() {
					msg.Fprintf(&b, "<count color=\"%s\">%d</count>", names[part.inks[l][j]], r)
				} else {
					msg.Fprintf(&b, "<count>%d</count>", r)
				}
			}
			b.WriteString("</line>\n")
		}
		b.WriteString("</clues>\n")
	}
	b.WriteString("</puzzle>\n</puzzleset>\n")
	return b.String(), nil
}

// writeNon writes the .non format: sizes, then the rules of the rows and
// of the columns, numbers separated by commas and "0" for an empty line.
// A colour puzzle's inks come first, "color a #e02020", and each run
// ends in its ink's letter, "3a,1b".
func writeNon(c *Clues) (string, error) {
	var b strings.Builder
	for i, ink := range c.Inks {
		msg.Fprintf(&b, "color %c #%s\n", InkLetter(i), ink.RGB)
	}
	msg.Fprintf(&b, "width %d\nheight %d\n", len(c.Cols), len(c.Rows))
	for _, part := range []struct {
		name        string
		lines, inks [][]int
	}{{"rows", c.Rows, c.RowInks}, {"columns", c.Cols, c.ColInks}} {
		b.WriteString("\n" + part.name + "\n")
		for l, runs := range part.lines {
			if !c.IsColour() {
				b.WriteString(joinRuns(runs, ",", "0") + "\n")
				continue
			}
			rule := make([]string, len(runs))
			for j, r := range runs {
				rule[j] = strconv.Itoa(r) + string(InkLetter(part.inks[l][j]))
			}
			b.WriteString(cmp.Or(strings.Join(rule, ","), "0") + "\n")
		}
	}
	return b.String(), nil
}

// xmlInkNames names the inks for webpbn's XML, whose names match without
// regard to case: their own names, escaped, or "ink-" and their letter
// for those without one, named as one before them or as "ink-" and any
// letter (which the reader takes for no name). The background is
// "white", or if an ink has that name "background" or "paper".
func xmlInkNames(inks []Ink) (names []string, background string) {
	names = make([]string, len(inks))
	taken := func(name string) bool {
		return slices.ContainsFunc(names, func(s string) bool { return strings.EqualFold(s, name) })
	}
	for i, ink := range inks {
		name := xmlEscape.Replace(ink.Name)
		if name == "" || taken(name) || madeUpName(name) {
			name = "ink-" + string(InkLetter(i))
		}
		names[i] = name
	}
	for _, background = range []string{"white", "background", "paper"} {
		if !taken(background) {
			break
		}
	}
	return names, background
}

// madeUpName reports whether name is one xmlInkNames makes up, "ink-"
// and a letter: the reader takes it for no name.
func madeUpName(name string) bool {
	return len(name) == 5 && strings.EqualFold(name[:4], "ink-")
}

// xmlEscape escapes text for an XML attribute.
var xmlEscape = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

// writeTatham writes a Pattern game ID; an empty clue is written empty,
// as Pattern itself does, and given cells as pre-filled squares (see
// parseTatham), as Pattern's own writer does.
func writeTatham(c *Clues) (string, error) {
	clues := make([]string, 0, len(c.Cols)+len(c.Rows))
	for _, runs := range append(append([][]int(nil), c.Cols...), c.Rows...) {
		clues = append(clues, joinRuns(runs, ".", ""))
	}
	id := msg.Sprintf("%dx%d:%s", len(c.Cols), len(c.Rows), strings.Join(clues, "/"))
	if c.Given == nil {
		return id, nil
	}
	b := []byte(id + ",")
	run := 0 // squares not given since the last letter
	for _, g := range c.Given {
		switch {
		case g == NotGiven && run == 24:
			b, run = append(b, 'z'), 0 // 'z' skips 25 squares
		case g == NotGiven:
			run++
		default:
			b, run = append(b, byte(run)+[2]byte{'A', 'a'}[btoi(g == GivenWhite)]), 0
		}
	}
	if run > 0 {
		b = append(b, byte(run)+'a')
	}
	return string(b), nil
}

// btoi is 1 for true.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// noGiven refuses clues with given cells, for the formats that cannot
// write them.
func noGiven(format string, write func(*Clues) (string, error)) func(*Clues) (string, error) {
	return func(c *Clues) (string, error) {
		if c.Given != nil {
			return "", msg.Errorf("nonogram: the %s format cannot hold given cells (Tatham Pattern and judge text can)", format)
		}
		return write(c)
	}
}

// joinRuns writes runs separated by sep, or empty for no runs.
func joinRuns(runs []int, sep, empty string) string {
	if len(runs) == 0 {
		return empty
	}
	s := make([]string, len(runs))
	for i, r := range runs {
		s[i] = strconv.Itoa(r)
	}
	return strings.Join(s, sep)
}

// writePuzzLink writes a puzz.link URL (see parsePuzzLink), which holds
// runs up to 255 only.
func writePuzzLink(c *Clues) (string, error) {
	w, h := len(c.Cols), len(c.Rows)
	var b strings.Builder
	msg.Fprintf(&b, "https://puzz.link/p?nonogram/%d/%d/", w, h)
	empty := 0 // clue cells skipped but not yet written
	flush := func() {
		for empty > 0 {
			n := min(empty, 20)
			b.WriteByte(byte('g' + n - 1))
			empty -= n
		}
	}
	group := func(runs []int, size int, name string) error {
		for i := range size {
			if i >= len(runs) {
				empty++
				continue
			}
			v := runs[len(runs)-1-i] // nearest the grid first
			if v > 255 {
				return msg.Errorf("nonogram: puzz.link: %s: run %d is longer than 255", name, v)
			}
			flush()
			if v < 16 {
				b.WriteString(strconv.FormatInt(int64(v), 16))
			} else {
				msg.Fprintf(&b, "-%02x", v)
			}
		}
		return nil
	}
	for i, runs := range c.Cols {
		if err := group(runs, (h+1)/2, lineName(h+i, h)); err != nil {
			return "", err
		}
	}
	for i, runs := range c.Rows {
		if err := group(runs, (w+1)/2, lineName(i, h)); err != nil {
			return "", err
		}
	}
	flush()
	return b.String(), nil
}

// parsePicture reads the picture format: one line per row, '#' for a black
// cell and '.' for a white one, every row as long as the first; blank lines
// around the picture are ignored. The clues are those of the picture.
func parsePicture(text string) (*Clues, error) {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if err := checkSize(len(lines), len(strings.TrimSpace(lines[0]))); err != nil {
		return nil, msg.Errorf("nonogram: picture: %v", err)
	}
	pic := make([][]bool, len(lines))
	for r, line := range lines {
		line = strings.TrimSpace(line)
		if len(line) != len(strings.TrimSpace(lines[0])) {
			return nil, msg.Errorf("nonogram: picture: row %d has %d cells, row 1 has %d", r+1, len(line), len(strings.TrimSpace(lines[0])))
		}
		pic[r] = make([]bool, len(line))
		for col := range len(line) {
			switch line[col] {
			case '#':
				pic[r][col] = true
			case '.':
			default:
				return nil, msg.Errorf("nonogram: picture: row %d, column %d: want '#' or '.', got %q", r+1, col+1, line[col])
			}
		}
	}
	return CluesOf(pic), nil
}
