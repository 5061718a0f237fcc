package nonogram

import (
	"strings"

	"gridsolve/solvers/msg"
	"gridsolve/solvers/play"
)

// The judge bench's parts (solvers.Bench).

// Cases cuts a judge input into its puzzles.
func (Game) Cases(judge string) ([]string, error) {
	return play.CaseTexts(parseAll(judge))
}

// Join writes the puzzles a blank line apart.
func (Game) Join(cases []string) string { return strings.Join(cases, "\n") }

// CaseName names puzzle i: the output has no names of its own.
func (Game) CaseName(i int) string { return msg.Sprintf("Puzzle %d", i+1) }

// Sample is two puzzles in the statement's format: rows and columns,
// then each row's runs and each column's, a count first; the second has
// no solution.
func (Game) Sample() string {
	return `5 5
1 1
1 3
1 5
1 3
1 1
1 1
1 3
1 5
1 3
1 1

2 2
1 2
0
0
1 1
`
}
