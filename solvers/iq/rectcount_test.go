package iq

import (
	"context"
	"math/bits"
	"testing"
)

// bitCount counts the ways to fill the rest of rectangle b with a second
// plain search, fast enough for the whole empty rectangle: the board is
// one 55-bit word, cells numbered down each column (c*5 + r), and the
// search always fills the lowest empty cell, with the placements of unused
// pieces whose lowest cell it is. Of the package it uses only the board's
// cells; the shapes are brute_test.go's text.
func bitCount(b *Board) int64 {
	const rows, cols = 5, 11
	type placement struct {
		piece int
		mask  uint64
	}
	var filled uint64
	var used uint16
	for r := range rows {
		for c := range cols {
			if v := b.At(r, c); v != '.' {
				filled |= 1 << (c*rows + r)
				used |= 1 << (v - 'A')
			}
		}
	}
	var anchored [rows * cols][]placement
	for p := range NumPieces {
		for _, s := range textOrientations(shapeText[p]) {
			for r0 := 0; r0+len(s) <= rows; r0++ {
				for c0 := 0; c0+len(s[0]) <= cols; c0++ {
					var mask uint64
					for i, row := range s {
						for j := range len(row) {
							if row[j] == '#' {
								mask |= 1 << ((c0+j)*rows + r0 + i)
							}
						}
					}
					low := bits.TrailingZeros64(mask)
					anchored[low] = append(anchored[low], placement{p, mask})
				}
			}
		}
	}
	const full = 1<<(rows*cols) - 1
	var count int64
	var fill func(filled uint64, used uint16)
	fill = func(filled uint64, used uint16) {
		if filled == full {
			count++
			return
		}
		for _, pl := range anchored[bits.TrailingZeros64(^filled)] {
			if used&(1<<pl.piece) == 0 && pl.mask&filled == 0 {
				fill(filled|pl.mask, used|1<<pl.piece)
			}
		}
	}
	fill(filled, used)
	return count
}

// TestCountRectangleAgainstBitSearch: Count, dancing links cut down by the
// board's symmetries, equals the plain bit search's count of every filling
// of Kanoodle's empty rectangle (371,020), and of the rectangle with the X
// in the middle in a short run (the wasm one).
func TestCountRectangleAgainstBitSearch(t *testing.T) {
	b := NewBoard(Rectangle)
	if testing.Short() {
		b = rectBoard(t, ".........../.....J...../....JJJ..../.....J...../...........")
	}
	want := bitCount(b)
	got, err := Count(context.Background(), b)
	if err != nil || got != want {
		t.Fatalf("Count = %d, %v; the plain bit search counts %d:\n%s", got, err, want, b)
	}
	t.Logf("%d fillings of\n%s", want, b)
}
