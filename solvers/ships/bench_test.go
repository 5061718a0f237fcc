package ships

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"gridsolve/solvers/play"
)

const sampleInput = `10 10
.x..x.....
oooooxoooo
oxooxxx...
xxoooooo..
xoooxooo..
ooxxxxoo..
oooooxxoox
ooooooxoox
ooooooooxx
oooooooooo

0 0
`

// benchBoards are the boards the benchmarks time: the judge sample, an empty
// 20x20, a 20x20 with a hidden layout and 40% of the cells shot, and a 20x20
// with no consistent grid (a 7x4 block of hits, which the seven ships cannot
// tile: the T covers three cells of one checkerboard colour, the others two).
func benchBoards() map[string]*Board {
	boards := map[string]*Board{}
	var err error
	if boards["Sample"], err = ParseBoard(sampleInput); err != nil {
		panic(err)
	}
	boards["Empty20"] = &Board{W: 20, H: 20, Cells: []byte(strings.Repeat(".", 400))}
	r := rand.New(rand.NewPCG(40, 40))
	b := randomBoard(r, 20, 20, false)
	for i := range b.Cells {
		if b.Cells[i] != '.' && r.Float64() > 0.4 {
			b.Cells[i] = '.'
		}
	}
	boards["Shot40"] = b
	block := &Board{W: 20, H: 20, Cells: []byte(strings.Repeat(".", 400))}
	for y := 8; y < 12; y++ {
		for x := 6; x < 13; x++ {
			block.Cells[y*20+x] = 'x'
		}
	}
	boards["NoGrid20"] = block
	return boards
}

func BenchmarkJudge(b *testing.B) {
	for _, name := range []string{"Sample", "Empty20", "Shot40", "NoGrid20"} {
		board := benchBoards()[name]
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := decide(context.Background(), board, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkSolve(b *testing.B) {
	for _, name := range []string{"Sample", "Empty20", "Shot40", "NoGrid20"} {
		text := benchBoards()[name].String()
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := (Game{}).Solve(context.Background(), text, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkGenerate(b *testing.B) {
	for _, sz := range [][2]int{{10, 10}, {20, 20}, {6, 5}} {
		b.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(b *testing.B) {
			seed := uint64(0)
			for b.Loop() {
				seed++
				if _, err := (Game{}).Generate(context.Background(), play.Options{W: sz[0], H: sz[1], Seed: seed}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkHint(b *testing.B) {
	for _, name := range []string{"Sample", "Empty20", "Shot40"} {
		text := benchBoards()[name].String()
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := (Game{}).Hint(context.Background(), "", text); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
