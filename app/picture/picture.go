// Package picture turns a picture into the cells of a nonogram: its size
// in cells (keeping the picture's proportions), black and white by a
// threshold, or a few colours by median cut. The browser decodes and
// scales the picture (web/picture.js), so the page carries no image
// decoder; this package only counts pixels, and Sniff reads a file's
// first bytes to tell a picture, and its size, before the browser
// decodes it.
//
// Pixels are RGBA bytes, row-major, as a canvas's getImageData gives
// them. A picture is drawn on white paper: a transparent pixel is white.
package picture

import (
	"slices"
	"strconv"
)

const (
	// MaxSide bounds a nonogram's width and height in cells (the editor's).
	MaxSide = 50
	// MinInks and MaxInks bound the colours a colour picture is reduced
	// to, besides the white background (the editor's palette).
	MinInks = 2
	MaxInks = 5
	// MaxSample bounds the pixels per cell, across, that the browser
	// scales to and Shrink averages (see Sample).
	MaxSample = 8
)

// Image is a picture's pixels: W×H, four bytes (R, G, B, A) a pixel.
type Image struct {
	W, H int
	Pix  []byte
}

// RGB is an opaque colour.
type RGB [3]uint8

// Hex writes c as six hex digits, as the palette keeps colours.
func (c RGB) Hex() string {
	n := int(c[0])<<16 | int(c[1])<<8 | int(c[2])
	s := strconv.FormatInt(int64(n)|1<<24, 16)
	return s[1:]
}

// at is pixel i of m, drawn on white.
func (m Image) at(i int) RGB {
	p := m.Pix[i*4 : i*4+4]
	a := int(p[3])
	var c RGB
	for k := range c {
		c[k] = uint8((int(p[k])*a + 255*(255-a) + 127) / 255)
	}
	return c
}

// luma is c's brightness, 0 (black) to 255 (white).
func luma(c RGB) int {
	return (299*int(c[0]) + 587*int(c[1]) + 114*int(c[2]) + 500) / 1000
}

// clampSide brings n into 1..MaxSide.
func clampSide(n int) int { return max(1, min(MaxSide, n)) }

// ratio is n×num/den, rounded to the nearest whole number.
func ratio(n, num, den int) int { return (2*n*num + den) / (2 * den) }

// Keep sizes a picture of nw×nh pixels in cells: side is its width (or,
// when byWidth is false, its height), and the other side follows the
// picture's proportions; each side is 1 to MaxSide, so when the other
// side would pass MaxSide it is MaxSide and the chosen one follows it.
func Keep(nw, nh, side int, byWidth bool) (w, h int) {
	nw, nh = max(1, nw), max(1, nh)
	if !byWidth {
		h, w = Keep(nh, nw, side, true)
		return w, h
	}
	w = clampSide(side)
	if ratio(w, nh, nw) > MaxSide {
		return clampSide(ratio(MaxSide, nw, nh)), MaxSide
	}
	return w, clampSide(ratio(w, nh, nw))
}

// Fit sizes a picture of nw×nh pixels in cells with long cells on its
// longer side.
func Fit(nw, nh, long int) (w, h int) { return Keep(nw, nh, long, nw >= nh) }

// Sample is how many pixels a side of a cell takes when a picture of
// nw×nh pixels is scaled for w×h cells: the browser scales it to
// w×Sample by h×Sample pixels, and Shrink averages each cell's square.
// Averaging whole pixels keeps a picture whose cells are blocks of pixels
// exact, which a browser's scaling filters blur at the blocks' edges.
func Sample(nw, nh, w, h int) int {
	return max(1, min(MaxSample, nw/max(1, w), nh/max(1, h)))
}

// Shrink averages m, w×s by h×s pixels, into w×h, each pixel the mean of
// its s×s square, on white.
func Shrink(m Image, w, h int) Image {
	s := m.W / max(1, w)
	out := Image{W: w, H: h, Pix: make([]byte, 0, w*h*4)}
	n := s * s
	for y := range h {
		for x := range w {
			var sum [3]int
			for dy := range s {
				for dx := range s {
					c := m.at((y*s+dy)*m.W + x*s + dx)
					for k := range sum {
						sum[k] += int(c[k])
					}
				}
			}
			for k := range sum {
				out.Pix = append(out.Pix, byte((sum[k]+n/2)/n))
			}
			out.Pix = append(out.Pix, 255)
		}
	}
	return out
}

// Threshold is m in black and white: 1 for a pixel darker than level
// (brightness 0 to 255), 0 for the rest.
func Threshold(m Image, level int) []int {
	cells := make([]int, m.W*m.H)
	for i := range cells {
		if luma(m.at(i)) < level {
			cells[i] = 1
		}
	}
	return cells
}

// Otsu is the threshold level that best parts m's pixels into a dark and a
// light group (Otsu's method: the one of most variance between the
// groups), the middle of the levels that do it equally well.
func Otsu(m Image) int {
	var hist [256]int
	n := m.W * m.H
	for i := range n {
		hist[luma(m.at(i))]++
	}
	total := 0
	for v, c := range hist {
		total += v * c
	}
	// Level t parts the pixels into those below t and the rest.
	best, first, last := -1.0, 128, 128
	below, sumBelow := 0, 0
	for t := 1; t <= 255; t++ {
		below += hist[t-1]
		sumBelow += (t - 1) * hist[t-1]
		above := n - below
		if below == 0 || above == 0 {
			continue
		}
		d := float64(sumBelow)/float64(below) - float64(total-sumBelow)/float64(above)
		between := float64(below) * float64(above) * d * d
		switch {
		case between > best*(1+1e-12):
			best, first, last = between, t, t
		case between >= best*(1-1e-12):
			last = t
		}
	}
	return (first + last) / 2
}

// swatch is one colour of a picture and how many pixels have it.
type swatch struct {
	c RGB
	n int
}

// Quantise reduces m to at most k inks on a white background, by median
// cut on its colours refined by a few rounds of k-means: k+1 colours, the
// one nearest white the background. cells has 0 for the background and
// j+1 for inks[j]; inks are distinct, none white, and ordered by the
// cells they cover, most first. The same picture always gives the same
// answer.
//
// It sorts only []int (colours packed as 0xRRGGBB, with what they are
// sorted by above): each other kind slices.Sort were given would add its
// own copy of the sort to app.wasm.
func Quantise(m Image, k int) (cells []int, inks []RGB) {
	k = max(MinInks, min(MaxInks, k))
	counts := map[int]int{}
	for i := range m.W * m.H {
		counts[pack(m.at(i))]++
	}
	keys := make([]int, 0, len(counts))
	for c := range counts {
		keys = append(keys, c)
	}
	slices.Sort(keys)
	colours := make([]swatch, len(keys))
	for i, c := range keys {
		colours[i] = swatch{unpack(c), counts[c]}
	}

	centres := medianCut(colours, k+1)
	for range 8 {
		centres = refine(colours, centres)
	}
	// The background, then the inks: white and repeats merged into what
	// they match.
	white := RGB{255, 255, 255}
	bg := nearest(centres, white)
	class := make([]int, len(centres)) // centre j's ink + 1, 0 for the background
	var used []swatch
	for j, c := range centres {
		if j == bg || c == white {
			continue
		}
		class[j] = len(used) + 1
		for u := range used {
			if used[u].c == c {
				class[j] = u + 1
			}
		}
		if class[j] > len(used) {
			used = append(used, swatch{c: c})
		}
	}
	byColour := make(map[int]int, len(colours)) // by packed colour
	for _, s := range colours {
		v := class[nearest(centres, s.c)]
		byColour[pack(s.c)] = v
		if v > 0 {
			used[v-1].n += s.n
		}
	}
	// Most used first, ink a the picture's main colour; equals by colour.
	order := make([]int, len(used))
	for u, s := range used {
		order[u] = (m.W*m.H-s.n)<<24 | pack(s.c)
	}
	slices.Sort(order)
	rank := make([]int, len(used)+1)
	for r, key := range order {
		c := unpack(key & 0xffffff)
		for u := range used {
			if used[u].c == c {
				rank[u+1] = r + 1
			}
		}
		inks = append(inks, c)
	}
	cells = make([]int, m.W*m.H)
	for i := range cells {
		cells[i] = rank[byColour[pack(m.at(i))]]
	}
	return cells, inks
}

func pack(c RGB) int   { return int(c[0])<<16 | int(c[1])<<8 | int(c[2]) }
func unpack(p int) RGB { return RGB{uint8(p >> 16), uint8(p >> 8), uint8(p)} }

func dist(a, b RGB) int {
	d := 0
	for k := range a {
		e := int(a[k]) - int(b[k])
		d += e * e
	}
	return d
}

// nearest is the index of the centre nearest c, the first of equals.
func nearest(centres []RGB, c RGB) int {
	best := 0
	for j := range centres {
		if dist(centres[j], c) < dist(centres[best], c) {
			best = j
		}
	}
	return best
}

// medianCut parts colours (sorted) into at most n boxes, each time
// cutting the box of widest spread in one channel across that channel at
// its median pixel, and returns each box's mean colour.
func medianCut(colours []swatch, n int) []RGB {
	boxes := [][]swatch{colours}
	for len(boxes) < n {
		pick, ch, spread := -1, 0, 0
		for b, box := range boxes {
			if len(box) < 2 {
				continue
			}
			for k := range 3 {
				lo, hi := box[0].c[k], box[0].c[k]
				for _, s := range box {
					lo, hi = min(lo, s.c[k]), max(hi, s.c[k])
				}
				if int(hi-lo) > spread || pick < 0 {
					pick, ch, spread = b, k, int(hi-lo)
				}
			}
		}
		if pick < 0 {
			break // every box is one colour
		}
		// The box's colours in order of the channel, then as they were.
		box := boxes[pick]
		keys := make([]int, len(box))
		for i, s := range box {
			keys[i] = int(s.c[ch])<<32 | i
		}
		slices.Sort(keys)
		sorted := make([]swatch, len(box))
		for i, key := range keys {
			sorted[i] = box[key&(1<<32-1)]
		}
		copy(box, sorted)
		total := 0
		for _, s := range box {
			total += s.n
		}
		cut, seen := 1, box[0].n
		for cut < len(box)-1 && 2*seen < total {
			seen += box[cut].n
			cut++
		}
		boxes[pick] = box[:cut]
		boxes = append(boxes, box[cut:])
	}
	centres := make([]RGB, len(boxes))
	for b, box := range boxes {
		centres[b] = mean(box)
	}
	return centres
}

// mean is the colours' average, by pixel, rounded.
func mean(colours []swatch) RGB {
	var sum [3]int
	n := 0
	for _, s := range colours {
		for k := range sum {
			sum[k] += int(s.c[k]) * s.n
		}
		n += s.n
	}
	var c RGB
	for k := range c {
		c[k] = uint8((sum[k] + n/2) / max(1, n))
	}
	return c
}

// refine is one round of k-means: each colour joins its nearest centre,
// and each centre moves to its colours' mean; a centre left with none is
// dropped.
func refine(colours []swatch, centres []RGB) []RGB {
	groups := make([][]swatch, len(centres))
	for _, s := range colours {
		j := nearest(centres, s.c)
		groups[j] = append(groups[j], s)
	}
	out := centres[:0:0]
	for _, g := range groups {
		if len(g) > 0 {
			out = append(out, mean(g))
		}
	}
	return out
}
