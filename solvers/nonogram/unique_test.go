package nonogram

import (
	"context"
	"math/rand/v2"
	"testing"
)

// BenchmarkMakeUnique makes eight random 8×8 black and white pictures
// with several solutions unique, as the page's Make it unique does.
func BenchmarkMakeUnique(b *testing.B) {
	rng := rand.New(rand.NewPCG(25, 1))
	var pics [][][]bool
	for len(pics) < 8 {
		pic := drawPicture(rng, 8, 8, 0.3+0.4*rng.Float64())
		if n, _ := bruteSolve(CluesOf(pic)); n > 1 {
			pics = append(pics, pic)
		}
	}
	b.ResetTimer()
	for range b.N {
		for _, pic := range pics {
			if ch, err := MakeUnique(context.Background(), clonePic(pic), 1<<20); err != nil || !ch.Found {
				b.Fatalf("%+v %v", ch, err)
			}
		}
	}
}
