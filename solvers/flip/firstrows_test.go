package flip

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestFirstRows checks firstRows against the leftover matrix built one
// unit first row at a time, on boards of every small shape and some wide
// ones: M is symmetric, so a target is solvable exactly when its leftover
// from no presses lies in the span of M's rows, and the quiet rows number w
// minus M's rank. Every first row found must leave nothing wrong when
// chased, and the quiet rows must be quiet and independent.
func TestFirstRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 11))
	var sizes [][2]int
	for w := 1; w <= 24; w++ {
		for h := w; h <= 24; h++ {
			sizes = append(sizes, [2]int{w, h})
		}
	}
	sizes = append(sizes, [][2]int{{30, 30}, {39, 39}, {63, 70}, {64, 64}, {65, 65}, {66, 90}, {100, 100}, {127, 130}, {128, 128}, {129, 129}, {200, 200}}...)
	if !testing.Short() {
		sizes = append(sizes, [2]int{257, 300}, [2]int{512, 512})
	}
	for _, size := range sizes {
		boards := make([]*Board, 3)
		for i := range boards {
			boards[i], _ = NewBoard(size[0], size[1])
			for j := range boards[i].Black {
				switch i {
				case 1:
					boards[i].Black[j] = rng.IntN(2) == 1
				case 2: // made of presses, so solvable
					if rng.IntN(2) == 1 {
						boards[i].Press(j)
					}
				}
			}
		}
		c := newChaser(boards[0])
		targets := c.targets(boards)
		quiet := c.firstRows(targets)

		presses, todo := make([]uint64, 2*c.words), make([]uint64, c.words)
		leftover := func(first []uint64, need need) []uint64 {
			return slices.Clone(c.chase(first, need, presses, todo))
		}
		m := make([][]uint64, c.w)
		for i := range m {
			unit := make([]uint64, c.words)
			unit[i/64] = 1 << (i % 64)
			m[i] = leftover(unit, need{})
		}
		rankM := rank(m)
		for i, tg := range targets {
			for k, first := range tg.first {
				solvable := rank(append(slices.Clone(m), leftover(make([]uint64, c.words), tg.need[k]))) == rankM
				if (first != nil) != solvable {
					t.Fatalf("%dx%d board %d colour %s: solvable %v, the leftover matrix says %v", size[0], size[1], i, colors[k], first != nil, solvable)
				}
				if first != nil && slices.ContainsFunc(leftover(first, tg.need[k]), nonzero) {
					t.Fatalf("%dx%d board %d colour %s: chasing the first row leaves cells wrong", size[0], size[1], i, colors[k])
				}
			}
		}
		if len(quiet) != c.w-rankM {
			t.Fatalf("%dx%d: %d quiet rows, the leftover matrix has %d", size[0], size[1], len(quiet), c.w-rankM)
		}
		for _, q := range quiet {
			if slices.ContainsFunc(leftover(q, need{}), nonzero) {
				t.Fatalf("%dx%d: quiet row %x is not quiet", size[0], size[1], q)
			}
		}
		if r := rank(quiet); r != len(quiet) {
			t.Fatalf("%dx%d: the %d quiet rows have rank %d", size[0], size[1], len(quiet), r)
		}
	}
}

func nonzero(x uint64) bool { return x != 0 }

// targets is the systems of boards as solveAll sets them up.
func (c *chaser) targets(boards []*Board) []target {
	targets := make([]target, len(boards))
	for i, b := range boards {
		toWhite := c.pack(make([]uint64, c.h*c.words), b.Black)
		targets[i].need = [2]need{{toWhite, ^uint64(0)}, {toWhite, 0}}
	}
	return targets
}

// rank is the dimension of the span of vs, by reducing each by the ones
// kept before, keyed by their last bit.
func rank(vs [][]uint64) int {
	kept := map[int][]uint64{}
	for _, v := range vs {
		x := slices.Clone(v)
		for last := lastBit(x); last >= 0; last = lastBit(x) {
			k, ok := kept[last]
			if !ok {
				kept[last] = x
				break
			}
			xor(x, k)
		}
	}
	return len(kept)
}

func lastBit(x []uint64) int {
	for i := len(x) - 1; i >= 0; i-- {
		if x[i] != 0 {
			return 64*i + 63 - bits.LeadingZeros64(x[i])
		}
	}
	return -1
}
