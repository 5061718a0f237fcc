package ships

import (
	"strings"

	"gridsolve/solvers/msg"
	"gridsolve/solvers/play"
)

// Format names, as Export takes them.
const (
	formatJudge = "ships text"
	formatGrid  = "plain grid"
)

// Formats lists the formats Import reads and Export writes, the judge
// text first. The plain grid is the judge text without its "w h" header
// and "0 0" end: just the rows, as a board is drawn on squared paper.
func (Game) Formats() []play.Format {
	return []play.Format{
		{Name: formatJudge, Ext: ".txt", Example: "4 2\nxx..\n.o..\n0 0\n", Export: true},
		{Name: formatGrid, Ext: ".txt", Example: "xx..\n.o..\n", Export: true},
	}
}

// Detect names the format Import reads text as, before reading it: text
// that starts with a digit is judge text, anything else a plain grid.
func (g Game) Detect(text string) play.Format {
	if t := strings.TrimSpace(text); t != "" && t[0] >= '0' && t[0] <= '9' {
		return g.Formats()[0]
	}
	return g.Formats()[1]
}

// Import reads a board in either format (see Detect) and returns it as
// judge text.
func (g Game) Import(text string) (string, play.Format, error) {
	if len(text) > maxInput {
		return "", play.Format{}, msg.Errorf("ships: input longer than %d bytes", maxInput)
	}
	formats := g.Formats()
	if g.Detect(text) == formats[0] {
		b, err := ParseBoard(text)
		if err != nil {
			return "", play.Format{}, err
		}
		return b.String(), formats[0], nil
	}
	b, err := parseGrid(text)
	if err != nil {
		return "", play.Format{}, err
	}
	return b.String(), formats[1], nil
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
	case formatGrid:
		var sb strings.Builder
		for y := range b.H {
			sb.Write(b.Cells[y*b.W : (y+1)*b.W])
			sb.WriteByte('\n')
		}
		return sb.String(), nil
	}
	return "", msg.Errorf("ships: unknown format %q (want %q or %q)", format, formatJudge, formatGrid)
}

// parseGrid reads rows of 'x', 'o' and '.', all of one length; blank
// lines around them and trailing spaces are ignored.
func parseGrid(text string) (*Board, error) {
	var rows []string
	ended := false // a blank line came after the rows
	for line := range strings.Lines(text) {
		line = strings.TrimRight(line, " \t\r\n")
		switch {
		case line == "":
			ended = len(rows) > 0
			continue
		case ended:
			return nil, msg.Errorf("ships: text after the grid's %d rows: %q", len(rows), clip(line))
		case len(rows) == MaxSide:
			return nil, msg.Errorf("ships: the grid has more than %d rows", MaxSide)
		}
		rows = append(rows, line)
	}
	if len(rows) == 0 {
		return nil, msg.Errorf("ships: no board in the input")
	}
	w := len(rows[0])
	if w > MaxSide {
		return nil, msg.Errorf("ships: grid row 1 has %d cells, more than %d", w, MaxSide)
	}
	b := &Board{W: w, H: len(rows), Cells: make([]byte, 0, w*len(rows))}
	for y, row := range rows {
		if len(row) != w {
			return nil, msg.Errorf("ships: grid row %d has %d cells, want %d like row 1", y+1, len(row), w)
		}
		for x := range w {
			if c := row[x]; c != 'x' && c != 'o' && c != '.' {
				return nil, msg.Errorf("ships: grid row %d cell %d is %q, want 'x' (hit), 'o' (miss) or '.' (not shot)", y+1, x+1, c)
			}
		}
		b.Cells = append(b.Cells, row...)
	}
	return b, nil
}
