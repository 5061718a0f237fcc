package tetravex

import (
	"strconv"
	"strings"

	"gridsolve/solvers/msg"
	"gridsolve/solvers/play"
)

// Format names, as Export takes them.
const (
	formatJudge = "tetravex text"
	formatCards = "card grid"
)

// Formats lists the formats Import reads and Export writes, the judge
// text first. The card grid draws the cards in their judge order, n to a
// row, each with its top value above, left and right beside, bottom below:
//
//	+-----+-----+
//	|  1  |  2  |
//	|4   2|3   5|
//	|  3  |  1  |
//	+-----+-----+
func (Game) Formats() []play.Format {
	return []play.Format{
		{Name: formatJudge, Ext: ".txt", Example: "1\n1 2 3 4\n0\n", Export: true},
		{Name: formatCards, Ext: ".txt", Example: "+-----+\n|  1  |\n|4   2|\n|  3  |\n+-----+\n", Export: true},
	}
}

// Detect names the format Import reads text as, before reading it: the
// card grid is told by its first character, '+' or '|'.
func (g Game) Detect(text string) play.Format {
	if t := strings.TrimSpace(text); t != "" && (t[0] == '+' || t[0] == '|') {
		return g.Formats()[1]
	}
	return g.Formats()[0]
}

// Import reads a puzzle in either format (see Detect) and returns it as
// judge text.
func (g Game) Import(text string) (string, play.Format, error) {
	if len(text) > maxInput {
		return "", play.Format{}, msg.Errorf("tetravex: input longer than %d bytes", maxInput)
	}
	formats := g.Formats()
	t := strings.TrimSpace(text)
	if g.Detect(text) == formats[0] {
		p, err := ParsePuzzle(text)
		if err != nil {
			return "", play.Format{}, err
		}
		return p.String(), formats[0], nil
	}
	p, err := parseCards(t)
	if err != nil {
		return "", play.Format{}, err
	}
	return p.String(), formats[1], nil
}

// Export writes a puzzle given as judge text in the format named.
func (Game) Export(judge, format string) (string, error) {
	p, err := ParsePuzzle(judge)
	if err != nil {
		return "", err
	}
	switch format {
	case formatJudge:
		return p.String(), nil
	case formatCards:
		return cardGrid(p), nil
	}
	return "", msg.Errorf("tetravex: unknown format %q (want %q or %q)", format, formatJudge, formatCards)
}

// cardGrid draws p's cards, n to a row, five characters wide each.
func cardGrid(p *Puzzle) string {
	var b strings.Builder
	rule := strings.Repeat("+-----", p.N) + "+\n"
	b.WriteString(rule)
	for r := range p.N {
		row := p.Cards[r*p.N : (r+1)*p.N]
		for _, c := range row {
			msg.Fprintf(&b, "| %-4s", centre(c[Top]))
		}
		b.WriteString("|\n")
		for _, c := range row {
			msg.Fprintf(&b, "|%-2d %2d", c[Left], c[Right])
		}
		b.WriteString("|\n")
		for _, c := range row {
			msg.Fprintf(&b, "| %-4s", centre(c[Bottom]))
		}
		b.WriteString("|\n")
		b.WriteString(rule)
	}
	return b.String()
}

// centre pads a value to four characters so that one digit sits in the
// middle of a five-character card and two digits just left of it.
func centre(v int) string {
	if v < 10 {
		return " " + strconv.Itoa(v)
	}
	return strconv.Itoa(v)
}

// parseCards reads a card grid: rule lines starting with '+' between rows
// of cards, each row three lines of '|'-separated cells (top; left and
// right; bottom). Cards are read left to right, top to bottom.
func parseCards(text string) (*Puzzle, error) {
	var cards []Card
	var block []string  // the content lines of the current row of cards
	start, rows := 0, 0 // the line block starts on; rows of cards read
	flush := func() error {
		if len(block) == 0 {
			return nil
		}
		if len(block) != 3 {
			return msg.Errorf("tetravex: card grid line %d: a row of cards has %d lines, want 3 (top, left and right, bottom)", start, len(block))
		}
		cells := make([][]string, 3)
		for i, l := range block {
			cells[i] = strings.Split(l[1:len(l)-1], "|")
			if len(cells[i]) != len(cells[0]) {
				return msg.Errorf("tetravex: card grid line %d: %d cards, want %d like the line above", start+i, len(cells[i]), len(cells[0]))
			}
		}
		for k := range cells[0] {
			top, errT := value(cells[0][k])
			side := strings.Fields(cells[1][k])
			bottom, errB := value(cells[2][k])
			if len(side) != 2 {
				return msg.Errorf("tetravex: card grid row %d card %d: want the left and right values, got %.20q", rows+1, k+1, strings.TrimSpace(cells[1][k]))
			}
			left, errL := value(side[0])
			right, errR := value(side[1])
			for _, err := range []error{errT, errR, errB, errL} {
				if err != nil {
					return msg.Errorf("tetravex: card grid row %d card %d: %v", rows+1, k+1, err)
				}
			}
			if len(cards) == MaxN*MaxN {
				return msg.Errorf("tetravex: more than %d cards", MaxN*MaxN)
			}
			cards = append(cards, Card{top, right, bottom, left})
		}
		rows++
		block = block[:0]
		return nil
	}
	n := 0
	for line := range strings.Lines(text) {
		n++
		l := strings.TrimSpace(line)
		switch {
		case l == "" || l[0] == '+':
			if err := flush(); err != nil {
				return nil, err
			}
		case len(block) == 3:
			return nil, msg.Errorf("tetravex: card grid line %d: want a rule line of + and - after three lines of cards", n)
		case l[0] != '|' || len(l) < 2 || l[len(l)-1] != '|':
			return nil, msg.Errorf("tetravex: card grid line %d: want cells between '|'", n)
		default:
			if len(block) == 0 {
				start = n
			}
			block = append(block, l)
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	side := 1
	for side*side < len(cards) {
		side++
	}
	if len(cards) == 0 || side*side != len(cards) {
		return nil, msg.Errorf("tetravex: the card grid holds %d cards, not a square number", len(cards))
	}
	if side > MaxN {
		return nil, msg.Errorf("tetravex: %d cards make a %dx%d board, larger than %dx%d", len(cards), side, side, MaxN, MaxN)
	}
	p := &Puzzle{N: side, Cards: cards}
	return p, p.validate()
}

// value reads one edge value of a card grid.
func value(s string) (int, error) {
	s = strings.TrimSpace(s)
	v, err := strconv.Atoi(s)
	if err != nil || v < 0 || v > MaxValue {
		return 0, msg.Errorf("edge value %.20q is not a number from 0 to %d", s, MaxValue)
	}
	return v, nil
}
