package flip

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestFirstRows checks firstRows and pressSets against the leftover matrix
// built one unit first row at a time, on boards of every small shape and
// some wide and transposed ones: M is symmetric, so a colour is reachable
// exactly when its leftover from no presses lies in the span of M's rows,
// and the quiet rows number w minus M's rank. Each colour's first row,
// solved with polynomials from what chasing from none leaves wrong
// (solveSlowly), must leave nothing wrong when chased, be the one
// firstRows finds for white, and its chase give the press set pressSets
// gives; the quiet rows must be quiet and independent.
func TestFirstRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 11))
	var sizes [][2]int
	for w := 1; w <= 24; w++ {
		for h := w; h <= 24; h++ {
			sizes = append(sizes, [2]int{w, h})
		}
	}
	sizes = append(sizes, [][2]int{{30, 30}, {39, 39}, {63, 70}, {64, 64}, {65, 65}, {66, 90}, {100, 100}, {127, 130}, {128, 128}, {129, 129}, {200, 200}}...)
	sizes = append(sizes, [][2]int{{7, 3}, {20, 11}, {70, 63}, {131, 129}, {275, 261}}...) // transposed
	if !testing.Short() {
		sizes = append(sizes, [2]int{257, 300}, [2]int{512, 512})
	}
	solved := map[bool]int{} // how many boards' colours had a solution or not
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
		quiet := c.firstRows(targets, make([]uint64, c.chaseWords()), make([]uint64, len(targets)*c.system().stride))

		scratch := make([]uint64, c.chaseWords())
		leftover := func(first []uint64, need need) []uint64 {
			_, left := c.chase(first, need, scratch)
			return slices.Clone(left)
		}
		m := make([][]uint64, c.w)
		for i := range m {
			unit := make([]uint64, c.words)
			unit[i/64] = 1 << (i % 64)
			m[i] = leftover(unit, need{})
		}
		rankM := rank(m)
		sys := c.system()
		for i, tg := range targets {
			var sets [len(colors)][]uint64
			if tg.first != nil {
				var counts [len(colors)]int
				sets, counts = c.pressSets(make([]uint64, c.chaseWords()+c.h*c.words), tg, sys.flipAll)
				for k, set := range sets {
					if counts[k] != popcount(set) {
						t.Fatalf("%dx%d board %d colour %s: %d presses counted, %d in the set", size[0], size[1], i, colors[k], counts[k], popcount(set))
					}
				}
			}
			for k, need := range []need{{tg.toWhite, ^uint64(0)}, {tg.toWhite, 0}} {
				left := leftover(make([]uint64, c.words), need)
				if solvable := rank(append(slices.Clone(m), left)) == rankM; (tg.first != nil) != solvable {
					t.Fatalf("%dx%d board %d colour %s: solvable %v, the leftover matrix says %v", size[0], size[1], i, colors[k], tg.first != nil, solvable)
				}
				solved[tg.first != nil]++
				if tg.first == nil {
					continue
				}
				want := make([]uint64, sys.stride)
				sys.solveSlowly(want, left)
				first := want[:c.words]
				if slices.ContainsFunc(leftover(first, need), nonzero) {
					t.Fatalf("%dx%d board %d colour %s: chasing the first row leaves cells wrong", size[0], size[1], i, colors[k])
				}
				if colors[k] == "w" && !slices.Equal(tg.first, first) {
					t.Fatalf("%dx%d board %d: first row %x, solving with polynomials gives %x", size[0], size[1], i, tg.first, first)
				}
				if presses, _ := c.chase(first, need, scratch); !slices.Equal(sets[k], presses) {
					t.Fatalf("%dx%d board %d colour %s: presses %x, chasing its own first row gives %x", size[0], size[1], i, colors[k], sets[k], presses)
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
	if solved[false] == 0 || solved[true] == 0 {
		t.Errorf("%d boards solvable and %d not: want some of each", solved[true], solved[false])
	}
}

func nonzero(x uint64) bool { return x != 0 }

// targets is the systems of boards as solveAll sets them up.
func (c *chaser) targets(boards []*Board) []target {
	targets := make([]target, len(boards))
	for i, b := range boards {
		toWhite := c.pack(make([]uint64, c.h*c.words), b.Black)
		targets[i].toWhite = toWhite
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
