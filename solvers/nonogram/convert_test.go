package nonogram

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestFormatsExamples(t *testing.T) {
	list := Game{}.Formats()
	if list[0].Name != "judge" {
		t.Fatalf("first format %q, want judge", list[0].Name)
	}
	want := ""
	for _, f := range list {
		judge, got, err := Game{}.Import(f.Example)
		if err != nil {
			t.Fatalf("%s example: %v", f.Name, err)
		}
		if got != f {
			t.Errorf("%s example imported as %s", f.Name, got.Name)
		}
		if want == "" {
			want = judge
		}
		if judge != want { // every example shows the same puzzle
			t.Errorf("%s example gives\n%swant\n%s", f.Name, judge, want)
		}
		out, err := Game{}.Export(want, strings.ToUpper(f.Name))
		if (err == nil) != f.Export {
			t.Errorf("%s: Export says %v, error %v", f.Name, f.Export, err)
		}
		if err != nil {
			continue
		}
		if again, got, err := (Game{}).Import(out); err != nil || again != want || got != f {
			t.Errorf("%s: export %q imports as %s %q, %v", f.Name, out, got.Name, again, err)
		}
	}
}

// TestParseWebpbnSample reads a puzzle with everything pbn-0.3.dtd allows
// around the clues: declaration, doctype, sources, colours, title and goal.
func TestParseWebpbnSample(t *testing.T) {
	text := `<?xml version="1.0"?>
<!DOCTYPE pbn SYSTEM "https://webpbn.com/pbn-0.3.dtd">
<puzzleset>
<source>https://webpbn.com</source>
<puzzle type="grid" defaultcolor="black">
<source>https://webpbn.com</source>
<id>#0</id>
<title>Sample</title>
<color name="white" char=".">fff</color>
<color name="black" char="X">000</color>
<clues type="columns">
<line><count>2</count><count>1</count></line>
<line><count>2</count><count>1</count><count>3</count></line>
<line><count>7</count></line>
<line><count>1</count><count>3</count></line>
<line><count>2</count><count>1</count></line>
</clues>
<clues type="rows">
<line><count>2</count></line>
<line><count>2</count><count>1</count></line>
<line><count>1</count><count>1</count></line>
<line><count>3</count></line>
<line><count>1</count><count>1</count></line>
<line><count>1</count><count>1</count></line>
<line><count>2</count></line>
<line><count>1</count><count>1</count></line>
<line><count>1</count><count>2</count></line>
<line><count>2</count></line>
</clues>
<solution type="goal">
<image>
|..XX.|
</image>
</solution>
</puzzle>
</puzzleset>
`
	judge, f, err := Game{}.Import(text)
	if err != nil {
		t.Fatal(err)
	}
	want := "10 5\n1 2\n2 2 1\n2 1 1\n1 3\n2 1 1\n2 1 1\n1 2\n2 1 1\n2 1 2\n1 2\n" +
		"2 2 1\n3 2 1 3\n1 7\n2 1 3\n2 2 1\n"
	if f.Name != "webpbn XML" || judge != want {
		t.Fatalf("got %s\n%swant\n%s", f.Name, judge, want)
	}
}

func TestImportErrors(t *testing.T) {
	cols := `<clues type="columns"><line><count>1</count></line></clues>`
	for _, tc := range []struct{ text, want string }{
		{`<puzzle><color name="red" char="R">f00</color><solution><image>|XR|</image></solution></puzzle>`,
			`the goal has cells 'X', the char of no <color>`},
		{`<puzzle backgroundcolor="paper">` + cols + `<clues type="rows"><line><count color="Paper">1</count></line></clues></puzzle>`,
			`rows 1: a count in "Paper", the background colour`},
		{`<puzzle>` + cols + `<clues type="rows"><line>` + countsInColours(26) + `</line></clues></puzzle>`,
			"27 colours besides the background: at most 25 are supported"},
		{`<puzzleset><puzzle>` + cols + `</puzzle><puzzle/></puzzleset>`, "want one puzzle in the puzzleset, got 2"},
		{`<puzzle>` + cols + `</puzzle>`, "want both row and column clues"},
		{`<puzzle/>`, "want clues, or a goal to make them from"},
		{`<puzzle><solution type="saved"><image>|X|</image></solution></puzzle>`, "want clues, or a goal to make them from"},
		{`<puzzle><solution><image>|X.| |X|</image></solution></puzzle>`, "goal row 2 has 1 cells, row 1 has 2"},
		{`<puzzle><solution><image>|X.| X.</image></solution></puzzle>`, "goal row 2: want its cells between bars"},
		{`<puzzle><solution><image>|[X.]|</image></solution></puzzle>`, "a cell of several colours"},
		{`<puzzle><solution><image></image></solution></puzzle>`, "the goal's image is empty"},
		{`<puzzle><solution><image>|` + strings.Repeat(".", 1001) + `|</image></solution></puzzle>`, "goal larger than 1000 cells a side"},
		{`<puzzle type="triddler"/>`, "triddlers, puzzles with triangular cells, are not supported"},
		{`<puzzle type="hexagons"/>`, `puzzle type "hexagons" is not supported (only grid puzzles are)`},
		{`<puzzle><clues type="diagonals"/></puzzle>`, "clues of type"},
		{`<puzzle>` + cols + `<clues type="rows"><line><count>x</count></line></clues></puzzle>`, "rows 1: bad run"},
		{`<puzzle>` + cols + `<clues type="rows"></clues></puzzle>`, "size 0x1 out of range"},
		{`<html/>`, "want <puzzleset> or <puzzle>, got <html>"},
		{`<puzzle>`, "webpbn XML: XML syntax error"},
		{"#.\n#", "picture: row 2 has 1 cells, row 1 has 2"},
		{"#.\n#x", "picture: row 2, column 2: want '#' or '.'"},
		{"." + strings.Repeat("#", MaxSide), "picture: size 1x1001 out of range"},
	} {
		_, _, err := Game{}.Import(tc.text)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: got error %v, want one line containing %q", tc.text, err, tc.want)
		}
	}
}

func TestExportErrors(t *testing.T) {
	for _, tc := range []struct{ judge, format, want string }{
		{"1 1\n1 1\n1 1\n", "picture", "cannot write the picture format"},
		{"1 1\n1 1\n1 1\n", "svg", `unknown format "svg"`},
		{"1 1\n1 1\n", "judge", "missing clue"},
		{"1 300\n1 300\n" + strings.Repeat("1 1\n", 300), "puzz.link", "row 1: run 300 is longer than 255"},
	} {
		_, err := Game{}.Export(tc.judge, tc.format)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %.20q: got error %v, want %q", tc.format, tc.judge, err, tc.want)
		}
	}
}

// TestImportExportEveryFormat takes random puzzles through every format
// that Export writes and back.
func TestImportExportEveryFormat(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 100 {
		c := CluesOf(drawPicture(rng, 1+rng.IntN(20), 1+rng.IntN(20), rng.Float64()))
		for _, f := range (Game{}).Formats() {
			if !f.Export {
				continue
			}
			text, err := Game{}.Export(c.String(), f.Name)
			if err != nil {
				t.Fatalf("%s: %v", f.Name, err)
			}
			judge, got, err := Game{}.Import(text)
			if err != nil || judge != c.String() || got.Name != f.Name {
				t.Fatalf("%s %q: imported as %s\n%s%v", f.Name, text, got.Name, judge, err)
			}
		}
	}
}

func FuzzParseXML(f *testing.F) {
	for _, s := range []string{
		xmlExample, `<puzzle><clues type="rows"><line/></clues><clues type="columns"><line><count>1</count></line></clues></puzzle>`,
		`<puzzleset/>`, `<puzzle type="grid"><clues type="rows"><line><count color="a">1</count></line></clues></puzzle>`,
		`<puzzle><color name="white" char="-"/><solution><image>|X-| |-X|</image></solution></puzzle>`,
		`<puzzle><color name="red" char="R">f00</color><color name="ink-b" char="B">00f</color><solution><image>|RB| |-R|</image></solution></puzzle>`,
		`<puzzle defaultcolor="red"><color name="Red">e02020</color><clues type="rows"><line><count>1</count><count color="blue">2</count></line></clues>` +
			`<clues type="columns"><line><count>1</count></line><line><count color="BLUE">1</count></line><line><count color="blue">1</count></line></clues></puzzle>`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if c, err := parseXML(text); err == nil {
			checkRoundTrip(t, c, mustWriter(t, "webpbn XML"))
		}
	})
}

func FuzzParsePicture(f *testing.F) {
	for _, s := range []string{"#.\n##\n", "..\n", "#\n.\n#", "#.\n#", "\n\n#x\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		c, err := parsePicture(text)
		if err != nil {
			return
		}
		// Reading the picture back from its own clues gives them again.
		pic := picture(strings.Fields(text))
		if got := CluesOf(pic).String(); got != c.String() {
			t.Fatalf("%q: clues\n%sthen\n%s", text, c, got)
		}
	})
}

// FuzzImport checks that whatever Import reads, Export writes again in
// the same format (when it can) and Import reads back unchanged.
func FuzzImport(f *testing.F) {
	for _, format := range formats {
		f.Add(format.Example)
	}
	f.Fuzz(func(t *testing.T, text string) {
		judge, format, err := Game{}.Import(text)
		if err != nil || !format.Export {
			return
		}
		out, err := Game{}.Export(judge, format.Name)
		if err != nil {
			if format.Name == "puzz.link" {
				return // runs beyond 255
			}
			t.Fatalf("%s: %v", format.Name, err)
		}
		again, got, err := Game{}.Import(out)
		if err != nil || again != judge || got != format {
			t.Fatalf("%s %q: imported as %s %q, %v", format.Name, out, got.Name, again, err)
		}
	})
}

// countsInColours writes n counts of webpbn XML, each in a colour of its
// own.
func countsInColours(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, `<count color="c%d">1</count>`, i)
	}
	return b.String()
}
