package iq

import (
	"strings"

	"gridsolve/solvers/msg"
	"gridsolve/solvers/play"
)

// Format names, as Export takes them.
const (
	formatJudge    = "IQ text"
	formatTriangle = "spaced triangle"
)

// Formats lists the formats Import reads and Export writes, the judge
// text first. The spaced triangle is the board as it looks: each row
// centred, its cells one space apart, '.' for an empty cell.
func (Game) Formats() []play.Format {
	return []play.Format{
		{Name: formatJudge, Ext: ".txt", Example: example(formatJudge), Export: true},
		{Name: formatTriangle, Ext: ".txt", Example: example(formatTriangle), Export: true},
	}
}

// example is a board with piece A in the top corner, in the format named.
func example(format string) string {
	var b Board
	b.Set(0, 0, 'A')
	b.Set(1, 0, 'A')
	b.Set(1, 1, 'A')
	s, _ := Game{}.Export(b.String(), format)
	return s
}

// Detect names the format Import reads text as, before reading it: the
// spaced triangle is told by the spaces between cells.
func (g Game) Detect(text string) play.Format {
	if spaced(text) {
		return g.Formats()[1]
	}
	return g.Formats()[0]
}

// Import reads a board in either format (see Detect) and returns it as
// judge text.
func (g Game) Import(text string) (string, play.Format, error) {
	if len(text) > maxInput {
		return "", play.Format{}, msg.Errorf("iq: input longer than %d bytes", maxInput)
	}
	format := g.Detect(text)
	if format != g.Formats()[0] {
		var sb strings.Builder
		for line := range strings.Lines(text) {
			sb.WriteString(strings.Join(strings.Fields(line), ""))
			sb.WriteByte('\n')
		}
		text = sb.String()
	}
	b, err := ParseBoard(text)
	if err != nil {
		return "", play.Format{}, err
	}
	return b.String(), format, nil
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

// Export writes a board given as judge text in the format named.
func (Game) Export(judge, format string) (string, error) {
	b, err := ParseBoard(judge)
	if err != nil {
		return "", err
	}
	switch format {
	case formatJudge:
		return b.String(), nil
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
	return "", msg.Errorf("iq: unknown format %q (want %q or %q)", format, formatJudge, formatTriangle)
}
