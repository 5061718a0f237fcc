package iq

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestOrientationsOffsets(t *testing.T) {
	for p := range NumPieces {
		text := textOrientations(shapeText[p])
		got := Orientations(p)
		if len(got) != len(text) {
			t.Fatalf("piece %c: %d orientations, text model %d", 'A'+p, len(got), len(text))
		}
		for _, g := range text {
			// The anchor is the first '#' of the top row.
			anchor := strings.IndexByte(g[0], '#')
			var offsets []Cell
			for r, row := range g {
				for c := range len(row) {
					if row[c] == '#' {
						offsets = append(offsets, Cell{r, c - anchor})
					}
				}
			}
			if !slices.ContainsFunc(got, func(o []Cell) bool { return slices.Equal(o, offsets) }) {
				t.Errorf("piece %c: offsets %v of %q missing from %v", 'A'+p, offsets, g, got)
			}
		}
	}
	if Orientations(-1) != nil || Orientations(NumPieces) != nil {
		t.Error("Orientations out of range is not nil")
	}
}

// orientationOf returns the index in Orientations(p) of the text model's
// shape g.
func orientationOf(t *testing.T, p int, g []string) int {
	t.Helper()
	var cells []Cell
	for r, row := range g {
		for c := range len(row) {
			if row[c] == '#' {
				cells = append(cells, Cell{r, c})
			}
		}
	}
	o := slices.IndexFunc(orientations[p], func(s []Cell) bool { return slices.Equal(s, cells) })
	if o < 0 {
		t.Fatalf("piece %c: no orientation %q", 'A'+p, g)
	}
	return o
}

func TestFitAgainstTextModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for round := range 6 {
		b := new(Board)
		for _, p := range rng.Perm(NumPieces)[:round] {
			randomPlacement(rng, b, p)
		}
		g := toGrid(b)
		for p := range NumPieces {
			onBoard := strings.IndexByte(b.String(), byte('A'+p)) >= 0
			for _, s := range textOrientations(shapeText[p]) {
				o := orientationOf(t, p, s)
				anchor := strings.IndexByte(s[0], '#')
				for r := -1; r <= Size; r++ {
					for c := -1; c <= Size; c++ {
						err := b.Fit(p, o, r, c)
						want := !onBoard && fits(g, s, r, c-anchor)
						if (err == nil) != want {
							t.Fatalf("Fit(%c, %q, %d, %d) = %v, text model says fits %v:\n%s", 'A'+p, s, r, c, err, want, b)
						}
						if err == nil {
							placed := *b
							if err := placed.Place(p, o, r, c); err != nil {
								t.Fatalf("Place after Fit: %v", err)
							}
							if err := Validate(&placed); err != nil {
								t.Fatalf("Place made a bad board: %v\n%s", err, &placed)
							}
						}
					}
				}
			}
		}
	}
	var b Board
	for _, tc := range []struct {
		p, o, r, c int
		err        string
	}{
		{-1, 0, 0, 0, "no piece number -1"},
		{12, 0, 0, 0, "no piece number 12"},
		{3, 1, 5, 0, "piece D has no orientation 1"},
		{1, 0, 0, 0, "piece B would go off the board"},
		{1, 1, 7, 0, "piece B would go off the board"},
	} {
		if err := b.Fit(tc.p, tc.o, tc.r, tc.c); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("Fit(%d, %d, %d, %d) = %v, want %q", tc.p, tc.o, tc.r, tc.c, err, tc.err)
		}
	}
	if err := b.Place(3, 0, 5, 0); err != nil {
		t.Fatal(err)
	}
	if err := b.Fit(3, 0, 8, 0); err == nil || !strings.Contains(err.Error(), "piece D is already on the board") {
		t.Errorf("Fit of a piece on the board: %v", err)
	}
	if err := b.Fit(1, 1, 6, 0); err == nil || !strings.Contains(err.Error(), "would overlap piece D at row 7, column 1") {
		t.Errorf("Fit over a piece: %v", err)
	}
}
