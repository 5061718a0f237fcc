package nonogram

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"gridsolve/solvers/jsonw"
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

// bruteColourFewest is the fewest cells of a colour picture to change,
// each to another of white and inks inks, for it to be the unique
// solution of its clues, by trying every set of changes, smallest first,
// with bruteColourSolve.
func bruteColourFewest(pic [][]int, inks int) int {
	return bruteFewestChanges(pic, inks+1, func() bool {
		return bruteColourSolve(ColourCluesOf(pic, testInks[:inks])) == 1
	})
}

// bruteFewestChanges is the fewest cells of pic to change, each to
// another of colours, for unique to hold, by trying every set of
// changes, smallest first.
func bruteFewestChanges[T comparable](pic [][]T, colours int, unique func() bool) int {
	h, w := len(pic), len(pic[0])
	var palette []T
	for range colours {
		palette = append(palette, colourNumber[T](len(palette)))
	}
	var try func(from, left int) bool
	try = func(from, left int) bool {
		if left == 0 {
			return unique()
		}
		for i := from; i < h*w; i++ {
			was := pic[i/w][i%w]
			for _, to := range palette {
				if to == was {
					continue
				}
				pic[i/w][i%w] = to
				ok := try(i+1, left-1)
				pic[i/w][i%w] = was
				if ok {
					return true
				}
			}
		}
		return false
	}
	for k := 0; ; k++ {
		if try(0, k) {
			return k
		}
	}
}

// colourNumber is colour n as a picture holds it: black and white
// pictures hold false and true.
func colourNumber[T comparable](n int) T {
	var v any = n
	var zero T
	if _, isBool := any(zero).(bool); isBool {
		v = n > 0
	}
	return v.(T)
}

// TestMakeUniqueColourFewest checks MakeUniqueColour on small random
// colour pictures against trying every set of changes: its changes make
// the picture unique, and no fewer do.
func TestMakeUniqueColourFewest(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 3))
	needed := map[int]int{}
	runs := 120
	if testing.Short() {
		runs = 30
	}
	for range runs {
		h, w, inks := 3+rng.IntN(2), 3+rng.IntN(2), 2
		if h*w <= 9 && rng.IntN(2) == 0 {
			inks = 3
		}
		pic := colourPicture(rng, h, w, inks, 0.3+0.5*rng.Float64())
		if rng.IntN(3) > 0 { // 2x2 diagonals, each in one ink: ambiguous
			pic = colourPicture(rng, h, w, inks, 0.15)
			for range 1 + rng.IntN(2) {
				r, c, ink := rng.IntN(h-1), rng.IntN(w-1), 1+rng.IntN(inks)
				pic[r][c], pic[r+1][c+1], pic[r][c+1], pic[r+1][c] = ink, ink, 0, 0
			}
		}
		want := bruteColourFewest(pic, inks)
		ch, err := MakeUniqueColour(context.Background(), clonePicture(pic), testInks[:inks], 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		if !ch.Found || !ch.Fewest || len(ch.Cells) != want || len(ch.Colours) != len(ch.Cells) {
			t.Fatalf("picture %v (%d inks): %+v, want %d changes", pic, inks, ch, want)
		}
		for k, i := range ch.Cells {
			if ch.Colours[k] == pic[i/w][i%w] || ch.Colours[k] > inks {
				t.Fatalf("picture %v: change %d of cell %d to %d", pic, k, i, ch.Colours[k])
			}
			pic[i/w][i%w] = ch.Colours[k]
		}
		if n := bruteColourSolve(ColourCluesOf(pic, testInks[:inks])); n != 1 {
			t.Fatalf("changed by %+v to %v: %d solutions", ch, pic, n)
		}
		needed[want]++
	}
	if needed[0] == 0 || needed[1] == 0 || needed[2] == 0 {
		t.Errorf("changes needed: %v", needed)
	}
}

func clonePicture(pic [][]int) [][]int {
	out := make([][]int, len(pic))
	for r := range pic {
		out[r] = slices.Clone(pic[r])
	}
	return out
}

// TestMakeUniqueColourCut: a colour search out of budget or cancelled
// says it found nothing, and suggests nothing.
func TestMakeUniqueColourCut(t *testing.T) {
	pic := [][]int{ // two 2x2 checkerboards, in red and in blue
		{2, 0, 0, 0, 0},
		{0, 2, 0, 0, 0},
		{0, 0, 1, 1, 0},
		{0, 0, 0, 3, 0},
		{0, 0, 0, 0, 3},
	}
	full, err := MakeUniqueColour(context.Background(), clonePicture(pic), testInks[:3], 1<<20)
	if err != nil || !full.Fewest || len(full.Cells) != bruteColourFewest(clonePicture(pic), 3) {
		t.Fatalf("full search: %+v %v", full, err)
	}
	cut, err := MakeUniqueColour(context.Background(), clonePicture(pic), testInks[:3], 2)
	if err != nil || cut.Found || cut.Fewest || len(cut.Cells) != 0 || len(cut.Colours) != 0 {
		t.Fatalf("cut search: %+v %v", cut, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	stopped, err := MakeUniqueColour(ctx, clonePicture(pic), testInks[:3], 1<<20)
	if err == nil || stopped == nil || stopped.Found || len(stopped.Cells) != 0 {
		t.Fatalf("cancelled search: %+v %v", stopped, err)
	}
}

// TestOpUniqueColour runs Make it unique on a colour picture as the
// worker does: the picture's letters, a "=" line and its clues, which
// carry the palette; the answer names each cell's new colour.
func TestOpUniqueColour(t *testing.T) {
	c := ColourCluesOf([][]int{{1, 0}, {0, 1}}, testInks[:2])
	got, err := Game{}.Run(context.Background(), OpUnique, "a.\n.a\n=\n"+c.String(), "", nil)
	if err != nil {
		t.Fatal(err)
	}
	ch := got.(*Changes)
	if !ch.Found || len(ch.Cells) != 1 || len(ch.Colours) != 1 {
		t.Fatalf("red 2x2 checkerboard: %+v", ch)
	}
	var w jsonw.Writer
	ch.AppendJSON(&w)
	raw, err := w.JSON()
	var back Changes
	if err != nil || json.Unmarshal(raw, &back) != nil || !slices.Equal(back.Colours, ch.Colours) || !slices.Equal(back.Cells, ch.Cells) {
		t.Fatalf("JSON %s: %+v %v", raw, back, err)
	}
	for _, bad := range []string{"a.\n.a\n=\n", "a.\n.c\n=\n" + c.String(), "a.\n.#\n=\n" + c.String(), "a.\n=\n" + c.String(), "=\n" + c.String()} {
		if _, err := (Game{}).Run(context.Background(), OpUnique, bad, "", nil); err == nil {
			t.Errorf("picture %q: no error", bad)
		}
	}
}

// FuzzReadColourPicture: any colour picture text is read or refused,
// never a panic, and a picture read fits its clues' size and palette.
func FuzzReadColourPicture(f *testing.F) {
	c := ColourCluesOf([][]int{{1, 0}, {0, 2}}, testInks[:2])
	f.Add("a.\n.b", c.String())
	f.Add("a.\n.#", c.String())
	f.Add("", "2 2\n1\n1\n1\n1\n")
	f.Fuzz(func(t *testing.T, drawn, clues string) {
		pic, inks, err := readColourPicture(drawn, clues)
		if err != nil {
			return
		}
		for _, row := range pic {
			for _, v := range row {
				if len(row) != len(pic[0]) || v < 0 || v > len(inks) {
					t.Fatalf("%q %q: %v of %d inks", drawn, clues, pic, len(inks))
				}
			}
		}
	})
}
