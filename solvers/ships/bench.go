package ships

import (
	"strings"

	"gridsolve/solvers/msg"
	"gridsolve/solvers/play"
)

// The judge bench's parts (solvers.Bench).

// Cases cuts a judge input into its games, each with its final "0 0".
func (Game) Cases(judge string) ([]string, error) {
	return play.CaseTexts(Parse(strings.NewReader(judge)))
}

// Join writes the games one after another, a blank line apart, and one
// "0 0" at the end.
func (Game) Join(cases []string) string {
	var b strings.Builder
	for _, c := range cases {
		b.WriteString(strings.TrimSuffix(c, "0 0\n"))
		b.WriteByte('\n')
	}
	b.WriteString("0 0\n")
	return b.String()
}

// CaseName is the problem's own name for game i: its output's "Game #3".
func (Game) CaseName(i int) string { return msg.Sprintf("Game #%d", i+1) }

// Sample is three games in the statement's format: a whole fleet with
// one cell left unshot, a fleet whose misses are not yet shot, and a
// board with two hits, where a second miss may come.
func (Game) Sample() string {
	return `8 8
xxxxoooo
ooooooxo
oooxooxo
oxxxxoxx
oxxxooxx
ooxxooxx
oooxxoxx
oooooxx.

8 8
xxxx....
......x.
...x..x.
.xxxx.xx
.xxx..xx
..xx..xx
...xx.xx
.....xx.

6 6
.x....
.x....
......
......
......
......
0 0
`
}
