package ships

import (
	"bufio"
	"encoding/binary"
	"errors"
	"io"
	"strconv"
	"strings"

	"gridsolve/solvers/msg"
)

// Limits. The judge promises 2 <= w, h <= 16; the page allows up to 20x20
// and refuses anything larger before allocating.
const (
	MaxSide  = 20
	maxInput = 8 << 20 // bytes of judge text read at most
)

// Board is one game situation: W*H cells, row-major, each 'x' (shot, ship),
// 'o' (shot, water) or '.' (not shot yet).
type Board struct {
	W, H  int
	Cells []byte
}

// String returns the board in the judge format, terminated by "0 0" so that
// it is a complete judge input on its own.
func (b *Board) String() string {
	var sb strings.Builder
	msg.Fprintf(&sb, "%d %d\n", b.W, b.H)
	for y := 0; y < b.H; y++ {
		sb.Write(b.Cells[y*b.W : (y+1)*b.W])
		sb.WriteByte('\n')
	}
	sb.WriteString("0 0\n")
	return sb.String()
}

// ParseBoard parses exactly one game in the judge format; a trailing "0 0"
// line is allowed.
func ParseBoard(text string) (*Board, error) {
	boards, err := Parse(strings.NewReader(text))
	if err != nil {
		return nil, err
	}
	switch len(boards) {
	case 0:
		return nil, errors.New("ships: no game in the input")
	case 1:
		return boards[0], nil
	}
	return nil, msg.Errorf("ships: want one game, got %d", len(boards))
}

// Parse reads every game of a judge input: "w h", then h rows of w
// characters, games separated by blank lines, ended by "0 0" (or by the end
// of the input).
func Parse(r io.Reader) ([]*Board, error) {
	lr := &io.LimitedReader{R: r, N: maxInput + 1}
	sc := bufio.NewScanner(lr)
	sc.Buffer(make([]byte, 0, 4096), maxInput)
	line := 0
	next := func() (string, bool) {
		if !sc.Scan() {
			return "", false
		}
		line++
		return strings.TrimRight(sc.Text(), " \t\r"), true
	}
	var boards []*Board
	for {
		text, ok := next()
		for ok && strings.TrimSpace(text) == "" {
			text, ok = next()
		}
		if !ok {
			break
		}
		game := len(boards) + 1
		w, h, err := parseHeader(text)
		if err != nil {
			return nil, msg.Errorf("ships: game %d line %d: %v", game, line, err)
		}
		if w == 0 && h == 0 {
			break
		}
		b := &Board{W: w, H: h, Cells: make([]byte, 0, w*h)}
		for y := 0; y < h; y++ {
			row, ok := next()
			if !ok {
				if err := readErr(sc, lr, line); err != nil {
					return nil, err
				}
				return nil, msg.Errorf("ships: game %d: input ends after %d of %d rows", game, y, h)
			}
			if len(row) != w {
				return nil, msg.Errorf("ships: game %d line %d: want %d cells, got %d", game, line, w, len(row))
			}
			for i := 0; i < w; i++ {
				if c := row[i]; c != 'x' && c != 'o' && c != '.' {
					return nil, msg.Errorf("ships: game %d line %d: cell %d is %q, want 'x', 'o' or '.'", game, line, i+1, c)
				}
			}
			b.Cells = append(b.Cells, row...)
		}
		boards = append(boards, b)
	}
	if err := readErr(sc, lr, line); err != nil {
		return nil, err
	}
	return boards, nil
}

// readErr reports why reading stopped early, if it did.
func readErr(sc *bufio.Scanner, lr *io.LimitedReader, line int) error {
	if lr.N <= 0 {
		return msg.Errorf("ships: input longer than %d bytes", maxInput)
	}
	if err := sc.Err(); err != nil {
		return msg.Errorf("ships: line %d: %v", line+1, err)
	}
	return nil
}

// parseHeader reads "w h", accepting 0 0 as the end marker.
func parseHeader(text string) (w, h int, err error) {
	f := strings.Fields(text)
	if len(f) != 2 {
		return 0, 0, msg.Errorf("want \"width height\", got %q", clip(text))
	}
	w, errW := strconv.Atoi(f[0])
	h, errH := strconv.Atoi(f[1])
	if errW != nil || errH != nil {
		return 0, 0, msg.Errorf("want two integers \"width height\", got %q", clip(text))
	}
	if w == 0 && h == 0 {
		return 0, 0, nil
	}
	if w < 1 || h < 1 || w > MaxSide || h > MaxSide {
		return 0, 0, msg.Errorf("board %s x %s is outside 1x1 .. %dx%d", clip(f[0]), clip(f[1]), MaxSide, MaxSide)
	}
	return w, h, nil
}

// clip keeps error messages short whatever the input holds.
func clip(s string) string {
	if len(s) > 20 {
		return s[:20] + "..."
	}
	return s
}

// cells returns the cells of b that are 'x' and those that are 'o'. It
// reads them a word of 64 at a time, eight cells to a load (see
// cellWord), the last word padded with zeros.
func (b *Board) cells() (x, o cellSet) {
	c := b.Cells
	w := 0
	for ; w < len(x) && 64*w+64 <= len(c); w++ {
		x[w], o[w] = cellWord((*[64]byte)(c[64*w:]))
	}
	if rest := c[min(64*w, len(c)):]; len(rest) > 0 && w < len(x) {
		var last [64]byte
		copy(last[:], rest)
		x[w], o[w] = cellWord(&last)
	}
	return x, o
}

// cellWord returns the cells of p that are 'x' and those that are 'o', as
// the bits of a word. It is written out, eight cells at a time, each byte
// compared in a single word (see bytesEqual): in wasm a loop's every turn
// goes through the function's dispatch.
func cellWord(p *[64]byte) (x, o uint64) {
	le := binary.LittleEndian
	x0, o0 := cellByte(le.Uint64(p[0:]), 0)
	x1, o1 := cellByte(le.Uint64(p[8:]), 1)
	x2, o2 := cellByte(le.Uint64(p[16:]), 2)
	x3, o3 := cellByte(le.Uint64(p[24:]), 3)
	x4, o4 := cellByte(le.Uint64(p[32:]), 4)
	x5, o5 := cellByte(le.Uint64(p[40:]), 5)
	x6, o6 := cellByte(le.Uint64(p[48:]), 6)
	x7, o7 := cellByte(le.Uint64(p[56:]), 7)
	return x0 | x1 | x2 | x3 | x4 | x5 | x6 | x7, o0 | o1 | o2 | o3 | o4 | o5 | o6 | o7
}

// cellByte is byte k of cellWord's words, from v, cells 8k .. 8k+7.
func cellByte(v uint64, k int) (x, o uint64) {
	return bytesEqual(v, 'x') << (8 * k), bytesEqual(v, 'o') << (8 * k)
}

// bytesEqual returns a byte with bit k set when byte k of v is c.
func bytesEqual(v uint64, c byte) uint64 {
	const low7, high = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	t := v ^ uint64(c)*0x0101010101010101 // zero where the byte is c
	t = ^((t&low7 + low7) | t) & high     // the high bit of each zero byte
	// The multiplication moves the high bit of byte k to bit 56+k; no two
	// partial products meet, so nothing carries.
	return (t >> 7) * 0x0102040810204080 >> 56
}
