package iq

import (
	"strings"

	"gridsolve/solvers/msg"
	"gridsolve/solvers/play"
)

// The judge bench's parts (solvers.Bench).

// Cases cuts a judge input into its boards, ten lines each.
func (Game) Cases(judge string) ([]string, error) {
	return play.CaseTexts(ReadBoards(strings.NewReader(judge)))
}

// Join writes the boards one after another.
func (Game) Join(cases []string) string { return strings.Join(cases, "") }

// CaseName names board i: the output has no names of its own.
func (Game) CaseName(i int) string { return msg.Sprintf("Board %d", i+1) }

// Sample is two boards in the statement's format: six pieces placed,
// then one with no completion: A cuts off the top cell.
func (Game) Sample() string {
	return `.
..
.DD
.DDK
...KK
.HHHKK
.HH....
....BBBB
....ACIII
...AACCCII
.
AA
A..
....
.....
......
.......
........
.........
..........
`
}
