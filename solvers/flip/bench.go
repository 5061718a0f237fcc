package flip

import (
	"strings"

	"gridsolve/solvers/msg"
	"gridsolve/solvers/play"
)

// The judge bench's parts (solvers.Bench).

// Cases cuts a judge input into its boards, each in the sized form
// (Board.String).
func (Game) Cases(judge string) ([]string, error) {
	return play.CaseTexts(parseJudge([]byte(judge)))
}

// Join writes the boards one after another, in the sized form as Cases
// gives them.
func (Game) Join(cases []string) string { return strings.Join(cases, "") }

// CaseName names board i: the output has no names of its own.
func (Game) CaseName(i int) string { return msg.Sprintf("Board %d", i+1) }

// Sample is the statement's kind of input, a 4×4 board of b and w, twice
// (the judge reads boards until the input ends): one press away (the
// centre of a plus), then a board no presses make one colour.
func (Game) Sample() string {
	return `wbww
bbbw
wbww
wwww

bwbw
wwbw
bbwb
wbww
`
}
