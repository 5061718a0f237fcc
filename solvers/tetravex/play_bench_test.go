package tetravex

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"gridsolve/solvers/play"
)

// BenchmarkGenerate deals cards per size and level, as the page's New does.
func BenchmarkGenerate(b *testing.B) {
	for _, n := range []int{3, 4, 5} {
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

// BenchmarkHint gives one card for an empty 5×5 board.
func BenchmarkHint(b *testing.B) {
	text, err := (Game{}).Generate(context.Background(), play.Options{W: 5, H: 5, Level: 2, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	empty := strings.TrimSpace(strings.Repeat("- ", 25))
	for b.Loop() {
		if _, err := (Game{}).Hint(context.Background(), text, empty); err != nil {
			b.Fatal(err)
		}
	}
}
