package tetravex

import (
	"strings"

	"gridsolve/solvers/msg"
	"gridsolve/solvers/play"
)

// The judge bench's parts (solvers.Bench).

// Cases cuts a judge input into its games, each with its final 0.
func (Game) Cases(judge string) ([]string, error) {
	return play.CaseTexts(Parse(strings.NewReader(judge)))
}

// Join writes the games one after another and one 0 at the end.
func (Game) Join(cases []string) string {
	var b strings.Builder
	for _, c := range cases {
		b.WriteString(strings.TrimSuffix(c, "0\n"))
	}
	b.WriteString("0\n")
	return b.String()
}

// CaseName is the problem's own name for game i: its output's "Game 3".
func (Game) CaseName(i int) string { return msg.Sprintf("Game %d", i+1) }

// Sample is two games in the statement's format: a 2×2 whose cards fit
// (placed in order they already do) and one where no card can match.
func (Game) Sample() string {
	return `2
5 9 1 4
4 4 5 6
6 8 5 4
0 4 4 3
2
1 1 1 1
2 1 2 1
3 3 3 3
4 4 4 4
0
`
}
