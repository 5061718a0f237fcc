package flip

import (
	"context"
	"fmt"
	"testing"

	"gridsolve/solvers/play"
)

// BenchmarkGenerate deals a board per size and level, as the page's New does.
func BenchmarkGenerate(b *testing.B) {
	for _, n := range []int{5, 10, 20} {
		for level := 1; level <= 3; level++ {
			b.Run(fmt.Sprintf("%dx%d/level%d", n, n, level), func(b *testing.B) {
				for i := 0; b.Loop(); i++ {
					if _, err := (Game{}).Generate(context.Background(), play.Options{W: n, H: n, Level: level, Seed: uint64(i)}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkHint gives one press from a dealt 20×20 board.
func BenchmarkHint(b *testing.B) {
	text, err := (Game{}).Generate(context.Background(), play.Options{W: 20, H: 20, Level: 3, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := (Game{}).Hint(context.Background(), text, text); err != nil {
			b.Fatal(err)
		}
	}
}
