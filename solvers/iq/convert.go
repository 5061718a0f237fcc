package iq

import (
	"slices"
	"strings"

	"gridsolve/solvers/msg"
	"gridsolve/solvers/play"
)

// Format names, as Export takes them.
const (
	formatJudge     = "IQ text"
	formatTriangle  = "spaced triangle"
	formatRectangle = "rectangle text"
	formatGrid      = "plain grid"
)

// Formats lists the triangle's formats, the judge text first: every
// puzzle of the judge format can be written in each. Import reads the
// rectangle's too, and Export writes a rectangle in those; FormatsOf lists
// the formats of either board.
func (Game) Formats() []play.Format {
	return FormatsOf(Triangle)
}

// FormatsOf lists the formats of a kind of board, its own text first.
// The triangle's are the judge text and the spaced triangle, the board as
// it looks: each row centred, its cells one space apart. The rectangle's
// are its text (see the top of format.go) and the plain grid, the same
// rows without the header line, their cells next to each other or one
// space apart. In all, '.' is an empty cell.
func FormatsOf(k Kind) []play.Format {
	names := formatNames(k)
	formats := make([]play.Format, len(names))
	for i, name := range names {
		formats[i] = play.Format{Name: name, Ext: ".txt", Example: example(k, name), Export: true}
	}
	return formats
}

// formatNames names the formats of a kind of board, its own text first.
func formatNames(k Kind) []string {
	if k == Rectangle {
		return []string{formatRectangle, formatGrid}
	}
	return []string{formatJudge, formatTriangle}
}

// example is a board of kind k with piece A in the top left corner, in
// the format named.
func example(k Kind, format string) string {
	b := NewBoard(k)
	b.Set(0, 0, 'A')
	b.Set(1, 0, 'A')
	b.Set(1, 1, 'A')
	s, _ := Game{}.Export(b.String(), format)
	return s
}

// detect tells the format of text, the kind of board it holds and
// whether it starts with a header. The rectangle's text is told by its
// header, the plain grid by its first row of RectCols cells, the spaced
// triangle by the spaces between cells.
func detect(text string) (name string, kind Kind, headed bool) {
	switch {
	case isRectangle(text):
		return formatRectangle, Rectangle, true
	case firstRowCells(text) == RectCols:
		return formatGrid, Rectangle, false
	case spaced(text):
		return formatTriangle, Triangle, false
	}
	return formatJudge, Triangle, false
}

// Detect names the format Import reads text as, before reading it.
func (Game) Detect(text string) play.Format {
	name, kind, _ := detect(text)
	formats := FormatsOf(kind)
	return formats[slices.IndexFunc(formats, func(f play.Format) bool { return f.Name == name })]
}

// Import reads a board in any of the formats (see Detect) and returns its
// text (the judge text for a triangle).
func (Game) Import(text string) (string, play.Format, error) {
	if len(text) > maxInput {
		return "", play.Format{}, msg.Errorf("iq: input longer than %d bytes", maxInput)
	}
	name, kind, headed := detect(text)
	if name == formatGrid || name == formatTriangle {
		text = unspaced(text)
	}
	boards, err := parseBoards(kind, headed, text, 1)
	if err != nil {
		return "", play.Format{}, err
	}
	b := boards[0]
	formats := FormatsOf(b.kind)
	return b.String(), formats[slices.IndexFunc(formats, func(f play.Format) bool { return f.Name == name })], nil
}

// firstRowCells returns the number of cells of the first line that is not
// blank, spaces between them left out.
func firstRowCells(text string) int {
	for line := range strings.Lines(text) {
		if f := strings.Fields(line); len(f) > 0 {
			return len(strings.Join(f, ""))
		}
	}
	return 0
}

// unspaced returns the text with the spaces between cells left out.
func unspaced(text string) string {
	var sb strings.Builder
	for line := range strings.Lines(text) {
		sb.WriteString(strings.Join(strings.Fields(line), ""))
		sb.WriteByte('\n')
	}
	return sb.String()
}

// spaced tells whether a line of text has a space or tab between two
// cells, which the judge format never has.
func spaced(text string) bool {
	for line := range strings.Lines(text) {
		if len(strings.Fields(line)) > 1 {
			return true
		}
	}
	return false
}

// Export writes a board given as its text (judge text for a triangle) in
// the format named, one of its kind's.
func (Game) Export(judge, format string) (string, error) {
	b, err := ParseBoard(judge)
	if err != nil {
		return "", err
	}
	if names := formatNames(b.kind); !slices.Contains(names, format) {
		return "", msg.Errorf("iq: the %s has no format %q (want %q or %q)", b.kind, format, names[0], names[1])
	}
	switch format {
	case formatJudge, formatRectangle:
		return b.String(), nil
	case formatGrid:
		return strings.Join(b.rows(), "\n") + "\n", nil
	case formatTriangle:
		var sb strings.Builder
		for r := range Size {
			sb.WriteString(strings.Repeat(" ", Size-1-r))
			for c := range r + 1 {
				if c > 0 {
					sb.WriteByte(' ')
				}
				sb.WriteByte(b.At(r, c))
			}
			sb.WriteByte('\n')
		}
		return sb.String(), nil
	}
	return "", msg.Errorf("iq: unknown format %q", format)
}
