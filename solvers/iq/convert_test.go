package iq

import (
	"slices"
	"strings"
	"testing"

	"gridsolve/solvers/play"
)

func TestImportTriangle(t *testing.T) {
	var b Board
	b.Set(0, 0, 'A')
	b.Set(1, 0, 'A')
	b.Set(1, 1, 'A')
	tri, err := Game{}.Export(b.String(), formatTriangle)
	if err != nil {
		t.Fatal(err)
	}
	if want := "         A\n        A A\n       . . .\n"; !strings.HasPrefix(tri, want) {
		t.Errorf("the triangle starts %q, want %q", tri, want)
	}
	// Flush left, tabs, CRLF: still the same board.
	loose := strings.ReplaceAll(strings.ReplaceAll(tri, "         A\n", "A\n"), "\n", " \r\n")
	loose = strings.Replace(loose, "A A", "A\tA", 1)
	if got, f, err := (Game{}).Import(loose); err != nil || got != b.String() || f.Name != formatTriangle {
		t.Errorf("Import(%q) = %q, %s, %v", loose, got, f.Name, err)
	}
	for _, tc := range []struct{ in, err string }{
		{"A A\nA A\n", "want 1 cells, got 2"},
		{"A\nA B\n", "want 10"},
		{"A\nA M\n", "'M'"},
	} {
		if _, _, err := (Game{}).Import(tc.in); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("Import(%q) error %v, want one saying %q", tc.in, err, tc.err)
		}
	}
	if _, err := (Game{}).Export(b.String(), "picture"); err == nil {
		t.Error("Export to an unknown format: no error")
	}
}

func TestImportRectangle(t *testing.T) {
	b := NewBoard(Rectangle)
	b.Set(0, 0, 'A')
	b.Set(1, 0, 'A')
	b.Set(0, 1, 'A')
	b.Set(4, 10, 'D')
	b.Set(4, 9, 'D')
	b.Set(3, 10, 'D')
	b.Set(3, 9, 'D')
	grid, err := Game{}.Export(b.String(), formatGrid)
	if err != nil {
		t.Fatal(err)
	}
	if want := "AA.........\nA..........\n...........\n.........DD\n.........DD\n"; grid != want {
		t.Errorf("plain grid = %q, want %q", grid, want)
	}
	text, err := Game{}.Export(b.String(), formatRectangle)
	if err != nil || text != b.String() || !strings.HasPrefix(text, "rectangle 11x5\n") {
		t.Errorf("rectangle text = %q, %v", text, err)
	}
	spacedGrid := strings.ReplaceAll(strings.Join(strings.Split(grid, ""), " "), " \n ", " \r\n")
	for _, tc := range []struct{ in, format string }{
		{text, formatRectangle},
		{grid, formatGrid},
		{"\n" + spacedGrid, formatGrid},
	} {
		got, f, err := Game{}.Import(tc.in)
		if err != nil || got != b.String() || f.Name != tc.format || !strings.Contains(f.Example, "A") {
			t.Errorf("Import(%q) = %q, %+v, %v; want the board as %s", tc.in, got, f, err, tc.format)
		}
	}
	for _, tc := range []struct{ in, err string }{
		{"AA.........\nA..........\n", "last board has 2 lines, want 5"},
		{"AA.........\nA.........\n", "line 2: want 11 cells, got 10"},
		{"\nAA.........\nA.........x\n", "line 3: unexpected character 'x'"},
		{grid + "...........\n", "line 6: want 5 lines, got more"},
	} {
		if _, _, err := (Game{}).Import(tc.in); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("Import(%q) error %v, want one saying %q", tc.in, err, tc.err)
		}
	}
	// Each board has its own formats only.
	if _, err := (Game{}).Export(b.String(), formatTriangle); err == nil || !strings.Contains(err.Error(), "the rectangle has no format") {
		t.Errorf("Export of a rectangle as a triangle: %v", err)
	}
	if _, err := (Game{}).Export(emptyText, formatGrid); err == nil || !strings.Contains(err.Error(), "the triangle has no format") {
		t.Errorf("Export of a triangle as a plain grid: %v", err)
	}
	for _, tc := range []struct {
		formats []play.Format
		want    []string
	}{
		{Game{}.Formats(), []string{formatJudge, formatTriangle}},
		{FormatsOf(Triangle), []string{formatJudge, formatTriangle}},
		{FormatsOf(Rectangle), []string{formatRectangle, formatGrid}},
	} {
		var names []string
		for _, f := range tc.formats {
			names = append(names, f.Name)
		}
		if !slices.Equal(names, tc.want) {
			t.Errorf("formats %q, want %q", names, tc.want)
		}
	}
}

func FuzzImport(f *testing.F) {
	for _, s := range []string{sampleIn, emptyText, rectCorner, rectEmpty, "AA.........\nA..........\n...........\n...........\n...........\n",
		"A A . . . . . . . . .\n", "         A\n        A A\n", "", "rectangle", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		judge, format, err := Game{}.Import(text)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error on several lines: %q", err)
			}
			return
		}
		// Written in the format it came in, it reads back the same.
		out, err := Game{}.Export(judge, format.Name)
		if err != nil {
			t.Fatalf("Export(%q, %s): %v", judge, format.Name, err)
		}
		again, format2, err := Game{}.Import(out)
		if err != nil || again != judge || format2.Name != format.Name {
			t.Fatalf("%q: read as %s %q, written %q, read back as %s %q, %v", text, format.Name, judge, out, format2.Name, again, err)
		}
	})
}
