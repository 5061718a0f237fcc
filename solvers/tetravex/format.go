package tetravex

import (
	"io"
	"strconv"
	"strings"

	"gridsolve/solvers/msg"
)

// Limits on the puzzles this package accepts. The judge's boards go up to
// 5×5 with digits; the page may go up to 8×8 and two-digit values.
const (
	MaxN     = 8
	MaxValue = 99
	maxInput = 8 << 20 // bytes
)

// Sides of a card, indexing Card.
const (
	Top = iota
	Right
	Bottom
	Left
)

// Card is one square card: its values on the top, right, bottom and left
// edges, in the judge's order. Cards are never rotated.
type Card [4]int

// Puzzle is an N×N board to fill with the N*N Cards.
type Puzzle struct {
	N     int
	Cards []Card
}

// String returns the puzzle in the judge text format, with the final 0
// that ends the input, so that ParsePuzzle(p.String()) gives p back.
func (p *Puzzle) String() string {
	var b strings.Builder
	msg.Fprintf(&b, "%d\n", p.N)
	for _, c := range p.Cards {
		msg.Fprintf(&b, "%d %d %d %d\n", c[Top], c[Right], c[Bottom], c[Left])
	}
	b.WriteString("0\n")
	return b.String()
}

// ParsePuzzle parses one puzzle in the judge text format; the final 0
// ending the input may be left out.
func ParsePuzzle(text string) (*Puzzle, error) {
	ps, err := Parse(strings.NewReader(text))
	if err != nil {
		return nil, err
	}
	if len(ps) != 1 {
		return nil, msg.Errorf("tetravex: want one game, got %d", len(ps))
	}
	return ps[0], nil
}

// Parse reads every puzzle of a judge input: for each game a line with n,
// then n*n lines "top right bottom left"; a line with 0 ends the input.
// Blank lines are ignored, and so is a missing final 0.
func Parse(r io.Reader) ([]*Puzzle, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxInput+1))
	if err != nil {
		return nil, msg.Errorf("tetravex: %w", err)
	}
	if len(data) > maxInput {
		return nil, msg.Errorf("tetravex: input is larger than %d MiB", maxInput>>20)
	}
	lr := lineReader{lines: strings.Split(string(data), "\n")}
	var puzzles []*Puzzle
	for game := 1; ; game++ {
		fields, line, ok := lr.next()
		if !ok {
			return puzzles, nil
		}
		if len(fields) != 1 {
			return nil, msg.Errorf("tetravex: game %d line %d: want the board size alone, got %d fields", game, line, len(fields))
		}
		n, err := strconv.Atoi(fields[0])
		if err != nil || n < 0 || n > MaxN {
			return nil, msg.Errorf("tetravex: game %d line %d: board size %.20q is not a number from 1 to %d", game, line, fields[0], MaxN)
		}
		if n == 0 {
			if _, line, ok := lr.next(); ok {
				return nil, msg.Errorf("tetravex: line %d: text after the final 0", line)
			}
			return puzzles, nil
		}
		p := &Puzzle{N: n, Cards: make([]Card, n*n)}
		for i := range p.Cards {
			fields, line, ok := lr.next()
			if !ok {
				return nil, msg.Errorf("tetravex: game %d: input ends after %d of %d cards", game, i, n*n)
			}
			if len(fields) != 4 {
				return nil, msg.Errorf("tetravex: game %d line %d: want 4 numbers (top right bottom left), got %d", game, line, len(fields))
			}
			for side, f := range fields {
				v, err := strconv.Atoi(f)
				if err != nil || v < 0 || v > MaxValue {
					return nil, msg.Errorf("tetravex: game %d line %d: value %.20q is not a number from 0 to %d", game, line, f, MaxValue)
				}
				p.Cards[i][side] = v
			}
		}
		puzzles = append(puzzles, p)
	}
}

// lineReader hands out the non-blank lines of a text split into fields,
// with their 1-based line numbers.
type lineReader struct {
	lines []string
	read  int // lines read so far
}

func (lr *lineReader) next() (fields []string, line int, ok bool) {
	for lr.read < len(lr.lines) {
		lr.read++
		if fields := strings.Fields(lr.lines[lr.read-1]); len(fields) > 0 {
			return fields, lr.read, true
		}
	}
	return nil, 0, false
}

// validate checks a puzzle built by hand rather than parsed.
func (p *Puzzle) validate() error {
	if p.N < 1 || p.N > MaxN {
		return msg.Errorf("tetravex: board size %d is not from 1 to %d", p.N, MaxN)
	}
	if len(p.Cards) != p.N*p.N {
		return msg.Errorf("tetravex: a %d×%d board needs %d cards, got %d", p.N, p.N, p.N*p.N, len(p.Cards))
	}
	for i, c := range p.Cards {
		for _, v := range c {
			if v < 0 || v > MaxValue {
				return msg.Errorf("tetravex: card %d: value %d is not from 0 to %d", i+1, v, MaxValue)
			}
		}
	}
	return nil
}
