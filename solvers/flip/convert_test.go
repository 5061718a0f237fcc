package flip

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// Tatham IDs worked out by hand from flip.c's encoding (see convert.go):
// crosses of a 2x2 board are rows 1110 1101 1011 0111, of a 3x1 board 110
// 111 011, padded to 1101 1101 1000, and the 3x3 one's 81
// bits are 110100000 111010000 011001000 100110100 010111010 001011001
// 000100110 000010111 000001011, padded to 84.
var tathamCases = []struct{ id, text string }{
	{"2x2c:edb7,9", "2 2 white\nbw\nwb\n"},
	{"3x3c:d074191345d1644c17058,888", "3 3 white\nbww\nwbw\nwwb\n"},
	{"3x1c:dd8,8", "3 1 white\nbww\n"},
}

func TestImportTatham(t *testing.T) {
	for _, tc := range tathamCases {
		for _, id := range []string{tc.id, upperHex(tc.id), strings.Replace(tc.id, "c:", ":", 1), "  " + tc.id + "\n"} {
			got, format, err := Game{}.Import(id)
			if err != nil || got != tc.text || format.Name != formatTatham {
				t.Errorf("Import(%q) = %q, %q, %v; want %q, %q", id, got, format.Name, err, tc.text, formatTatham)
			}
		}
		if got, err := (Game{}).Export(tc.text, formatTatham); err != nil || got != tc.id {
			t.Errorf("Export(%q) = %q, %v; want %q", tc.text, got, err, tc.id)
		}
	}
}

func TestImportGridAndText(t *testing.T) {
	for _, tc := range []struct{ in, format, want string }{
		{"#..\n.#.\n", formatGrid, "3 2\nbww\nwbw\n"},
		{"\n 100 \r\n\n010", formatGrid, "3 2\nbww\nwbw\n"},
		{"#", formatGrid, "1 1\nb\n"},
		{"3 2\nbww\nwbw", formatText, "3 2\nbww\nwbw\n"},
		{"bwwbbbwbbwwbbwww", formatText, "4 4\nbwwb\nbbwb\nbwwb\nbwww\n"},
	} {
		got, format, err := Game{}.Import(tc.in)
		if err != nil || got != tc.want || format.Name != tc.format {
			t.Errorf("Import(%q) = %q, %q, %v; want %q, %q", tc.in, got, format.Name, err, tc.want, tc.format)
		}
	}
}

func TestImportErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"3x3r:d074191345d1644c17058,888", "Tatham's Flip ID uses random press shapes; gridsolve plays crosses only"},
		{"2x2c:fdb7,9", "pressing row 1, column 1 flips cells outside its cross"},
		{"2x2c:edb6,9", "pressing row 2, column 2 flips cells outside its cross"},
		{"2x2c:edb,9", "press matrix has 3 hex digits, want 4 for 2x2"},
		{"2x2c:edb7", "grid has 0 hex digits after the comma, want 1"},
		{"2x2c:edb7,91", "grid has 2 hex digits"},
		{"2x2c:edg7,9", `press matrix: digit 3 is 'g', not hex`},
		{"2x2c:edb7,z", `grid: digit 1 is 'z', not hex`},
		{"5x5c#12345", "is a random seed"},
		{"5x5c", "has no game description"},
		{"5x5q:1,1", `parameters "5x5q": want WxH or WxHc`},
		{"600x1c:0,0", "board 600x1 is outside"},
		{"0x3:,", "board 0x3 is outside"},
		{"#.#\n.#", "plain grid line 2: 2 cells, but the first row has 3"},
		{"#.#\n.x.", `plain grid line 2: unexpected 'x'`},
		{strings.Repeat("#\n", 513), "more than 512 rows"},
		{strings.Repeat("#", 513), "board 513x1 is outside"},
		{"3 2\nbww", "got 1 rows, want 2"},
		{"", "empty board"},
		{strings.Repeat(".", maxInput+1), "larger than"},
	} {
		_, _, err := Game{}.Import(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			in := tc.in
			if len(in) > 40 {
				in = in[:40] + "..."
			}
			t.Errorf("Import(%q): got error %v, want %q", in, err, tc.want)
		}
	}
}

// TestTathamLimit checks that the biggest Tatham ID Export writes fits the
// input Import reads.
func TestTathamLimit(t *testing.T) {
	b, _ := NewBoard(16, maxTathamCells/16)
	if testing.Short() {
		b, _ = NewBoard(16, 32) // the ID's size is still checked below
	}
	b.Goal = AllWhite
	id, err := Game{}.Export(b.String(), formatTatham)
	if err != nil {
		t.Fatal(err)
	}
	if got, _, err := (Game{}).Import(id); err != nil || got != b.String() {
		t.Fatalf("%dx%d: Tatham ID of %d bytes reads back as %.20q (%v)", b.W, b.H, len(id), got, err)
	}
	if size := len(fmt.Sprintf("%dx%dc:,", 512, 512)) + (maxTathamCells*maxTathamCells+3)/4 + (maxTathamCells+3)/4; size > maxInput {
		t.Fatalf("a Tatham ID of %d cells takes up to %d bytes, over the %d Import reads", maxTathamCells, size, maxInput)
	}
}

// TestExportTathamGoal checks that a puzzle becomes a Tatham ID only when
// its goal is Tatham's, all white, and otherwise says why.
func TestExportTathamGoal(t *testing.T) {
	for black := range uint64(1 << 9) {
		for _, goal := range Goals {
			b := boardFromMask(3, 3, black)
			b.Goal = goal
			id, err := Game{}.Export(b.String(), formatTatham)
			if (err == nil) != (goal == AllWhite) {
				t.Fatalf("%v: Export gave %q, %v", b, id, err)
			}
			if err != nil {
				want := "Tatham's Flip is won only when every cell is white (light), and this puzzle's goal is to make it " + goal.String() + "; set its goal to all white to export it"
				if !strings.Contains(err.Error(), want) {
					t.Fatalf("%v: error %q, want %q", b, err, want)
				}
				continue
			}
			if back, _, err := (Game{}).Import(id); err != nil || back != b.String() {
				t.Fatalf("%v: %q reads back as %q, %v", b, id, back, err)
			}
		}
	}
}

func TestExportErrors(t *testing.T) {
	big, _ := NewBoard(97, 60) // 5820 cells
	big.Goal = AllWhite
	for _, tc := range []struct{ judge, format, want string }{
		{"2 1\nbw", "svg", `unknown format "svg"`},
		{"2 1\nbx", formatGrid, "unexpected 'x'"},
		{big.String(), formatTatham, "too big for a Tatham ID"},
	} {
		if _, err := (Game{}).Export(tc.judge, tc.format); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Export(%q, %q): got error %v, want %q", tc.judge[:min(20, len(tc.judge))], tc.format, err, tc.want)
		}
	}
}

// TestRoundTrip writes random boards in every format and reads them back.
func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	formats := Game{}.Formats()
	if formats[0].Name != formatText {
		t.Fatalf("first format is %q, want the judge's %q", formats[0].Name, formatText)
	}
	for _, size := range [][2]int{{1, 1}, {4, 4}, {5, 3}, {1, 7}, {13, 11}, {64, 64}, {300, 2}} {
		b, _ := NewBoard(size[0], size[1])
		for i := range b.Black {
			b.Black[i] = rng.IntN(2) == 1
		}
		for _, f := range formats {
			if f.Name == formatTatham && b.W*b.H > 1000 {
				continue // the press matrix grows with the square of the cells
			}
			for _, goal := range Goals {
				b.Goal = goal
				out, err := Game{}.Export(b.String(), f.Name)
				// A Tatham ID is a puzzle won at all white; a plain grid
				// has no goal, so it refuses to write one rather than
				// lose it.
				want := *b
				switch {
				case f.Name == formatTatham && goal != AllWhite:
					continue // see TestExportTathamGoal
				case f.Name == formatGrid && goal != Either:
					if err == nil || !strings.Contains(err.Error(), "cannot hold the goal") {
						t.Fatalf("%dx%d with goal %s to a plain grid: %q, %v", b.W, b.H, goal, out, err)
					}
					continue
				}
				if err != nil {
					t.Fatalf("%dx%d to %s: %v", b.W, b.H, f.Name, err)
				}
				back, format, err := Game{}.Import(out)
				if err != nil || back != want.String() || format != f {
					t.Fatalf("%v through %s: got %q as %q (%v), want %q", b, f.Name, back, format.Name, err, want.String())
				}
			}
		}
	}
}

func FuzzImport(f *testing.F) {
	for _, tc := range tathamCases {
		f.Add(tc.id)
	}
	for _, s := range []string{"#..\n.#.\n", "3 2\nbww\nwbw", "bwwbbbwbbwwbbwww", "3x3r:0,0", "5x5c#1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		judge, format, err := Game{}.Import(in)
		if err != nil {
			return
		}
		b, err := ParseBoard(judge)
		if err != nil || b.String() != judge {
			t.Fatalf("Import(%q) as %s gave %q, which reads back as %v (%v)", in, format.Name, judge, b, err)
		}
		out, err := Game{}.Export(judge, format.Name)
		if err != nil {
			if format.Name == formatTatham {
				t.Fatalf("Export of a board imported from a Tatham ID: %v", err)
			}
			return
		}
		if again, _, err := (Game{}).Import(out); err != nil || again != judge {
			t.Fatalf("%s of %q: %q reads back as %q (%v)", format.Name, judge, out, again, err)
		}
	})
}

// upperHex writes the hex digits of a Tatham ID in upper case, as flip.c
// also reads them.
func upperHex(id string) string {
	params, desc, _ := strings.Cut(id, ":")
	return params + ":" + strings.ToUpper(desc)
}
