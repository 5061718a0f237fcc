package nonogram

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// mustWriter returns the writer of the format named, for round trips.
func mustWriter(t testing.TB, name string) func(*Clues) string {
	write := writer(name)
	if write == nil {
		t.Fatalf("no writer for %q", name)
	}
	return func(c *Clues) string {
		text, err := write(c)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return text
	}
}

// TestWriters checks that the formats said to be exported are those with a
// writer.
func TestWriters(t *testing.T) {
	for _, f := range formats {
		if has := writer(f.Name) != nil; has != f.Export {
			t.Errorf("format %s: Export is %v, but has a writer: %v", f.Name, f.Export, has)
		}
	}
}

// pictureText writes pic in the picture format.
func pictureText(pic [][]bool) string {
	var b strings.Builder
	for _, row := range pic {
		for _, black := range row {
			b.WriteByte(".#"[btoi(black)])
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func TestParseFormatsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 300 {
		h, w := 1+rng.IntN(40), 1+rng.IntN(40)
		pic := drawPicture(rng, h, w, rng.Float64())
		c := CluesOf(pic)
		want := c.String()
		texts := map[string]string{"picture": pictureText(pic)}
		for _, f := range formats {
			if f.Export {
				texts[f.Name] = mustWriter(t, f.Name)(c)
			}
		}
		for name, text := range texts {
			got, err := ParseClues(text)
			if err != nil {
				t.Fatalf("%s %q: %v", name, text, err)
			}
			if got.String() != want {
				t.Fatalf("%s %q: got\n%swant\n%s", name, text, got, want)
			}
			if f := detect(text); f.Name != name {
				t.Fatalf("%q detected as %s, want %s", text, f.Name, name)
			}
		}
	}
}

// TestParsePublishedSamples reads puzzles given in the formats' own
// documentation, or worked out by hand from it.
func TestParsePublishedSamples(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		// Simpson's .non format page: the 4x5 example.
		{".non", "width 4\nheight 5\n\nrows\n4\n1,1\n1,1\n1,2\n3\n\ncolumns\n5\n1,1\n1,2\n4\n",
			"5 4\n1 4\n2 1 1\n2 1 1\n2 1 2\n1 3\n1 5\n2 1 1\n2 1 2\n1 4\n"},
		// Issue 23: a blank line is a row with no runs.
		{".non blank rule", "width 3\nheight 3\nrows\n1\n\n1\ncolumns\n1\n\n1\n",
			"3 3\n1 1\n0\n1 1\n1 1\n0\n1 1\n"},
		{".non sizes as rows/columns N, properties, empty rule", "catalogue \"x\"\ncolumns 2\nrows 1\nrows\n0\ncolumns\n0\n0\ngoal \"00\"\n",
			"1 2\n0\n0\n0\n"},
		// pattern.c: Bella Image's puzzle, "4x4:2/1/2/1/1.1/2/1/1".
		{"pattern", "4x4:2/1/2/1/1.1/2/1/1", "4 4\n2 1 1\n1 2\n1 1\n1 1\n1 2\n1 1\n1 2\n1 1\n"},
		{"pattern square, empty clues", "2:0/1/1/", "2 2\n1 1\n0\n0\n1 1\n"},
		// pattern.c's decoding by hand: 'a' gives square 0 white, 'D'
		// skips 3 squares to the end and gives none.
		{"pattern pre-filled squares", "2x2:1/1/1/1,aD", "2 2\n1 1\n1 1\n1 1\n1 1\ngiven\nx.\n..\n"},
		// 'B' skips one and gives square 1 black, 'z' skips 25, 'a' gives
		// square 27 white, 'Z' skips the last 25 and gives none.
		{"pattern pre-filled squares, z", "53x1:" + strings.Repeat("/", 53) + ",BzaZ",
			"1 53\n0\n" + strings.Repeat("0\n", 53) + "given\n.#" + strings.Repeat(".", 25) + "x" + strings.Repeat(".", 25) + "\n"},
		{"pattern pre-filled squares, none given", "2x1:1/1/2,c", "1 2\n1 2\n1 1\n1 1\n"},
		// puzz.link by hand: "#.#" over "###"; row 1 lists its runs last first.
		{"puzz.link", "https://puzz.link/p?nonogram/3/2/212113g", "2 3\n2 1 1\n1 3\n1 2\n1 1\n1 2\n"},
		{"puzz.link skip and trailing", "https://puzz.link/p?nonogram/4/1/11g112", "1 4\n2 2 1\n1 1\n1 1\n0\n1 1\n"},
		{"puzz.link two digits", "http://pzv.jp/p.html?nonogram/1/20/-14", "20 1\n" + strings.Repeat("0\n", 20) + "1 20\n"},
	} {
		got, err := ParseClues(tc.text)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got.String() != tc.want {
			t.Errorf("%s: got\n%swant\n%s", tc.name, got, tc.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"", "no puzzle"},
		{"3\n", "line 1: want \"X Y\""},
		{"2 2\n1 1\n1 1\n1 1\n", "line 5: column 2: missing clue"},
		{"3 1\n1 1\n4 1 1 1\n", "line 3: row 2: clue count 4 but 3 numbers"},
		{"1 1\n1 0\n1 1\n", "line 2: row 1: bad run \"0\""},
		{"1 1\n\n1 1\n", "line 2: row 1: empty line"},
		{"1 1\n1 1\n1 x\n", "line 3: column 1: bad run"},
		{"1 1\n1 1\n1 1\n1 1\n", "line 4: unexpected text"},
		{"10000 10000\n", "line 1: size 10000x10000 out of range"},
		{"600 600\n", "size 600x600 out of range"},
		{"1 1\n1 99999999999999999999\n1 1\n", "bad run"},
		{"width 2\nrows\n1\n", ".non line 2: rows before width and height"},
		{"width 2\nheight 1\nrows\n1,x\n", ".non line 4: rows rule 1: bad run"},
		{"width 2\nheight 2\nrows\n1\n", ".non line 4: rows: want 2 rules, got 1"},
		{"width 2\nheight 1\n3\n", "rule outside"},
		{"width 2\nheight 1\nrows\n1\n", "want both rows and columns"},
		{"width 2000\n", "bad width"},
		{"width 26\nheight 1\nrows\n" + strings.Join(strings.Split("1a 1b 1c 1d 1e 1f 1g 1h 1i 1j 1k 1l 1m 1n 1o 1p 1q 1r 1s 1t 1u 1v 1w 1x 1y 1z", " "), ",") + "\ncolumns\n" + strings.Repeat("1\n", 26), ".non: 27 colours: at most 25 are supported"},
		{"width 1\nheight 3\nrows\n1\n\n\n\n1\ncolumns\n3\n", ".non line 8: rows: want 3 rules, got 2 and 3 blank lines between them"},
		{"width 1\nheight 2\nrows\n1\n0\n1\ncolumns\n1\n", ".non line 6: rows: want 2 rules, got 3"},
		{"width 1\nheight 1\nrows\n1x2\ncolumns\n1\n", `.non line 4: rows rule 1: bad run "1x2"`},
		{"2x2:1/1/1", "want 4 clues"},
		{"2x2:1/1/1/1,a", "pre-filled squares: too few letters for 4 squares"},
		{"2x2:1/1/1/1,f", "pre-filled squares: letter 1 skips past the last square"},
		{"2x2:1/1/1/1,dab", "pre-filled squares: 2 letters after the last square"},
		{"2x2:1/1/1/1,a1", `pre-filled squares: letter 2 is '1', want a to z or A to Z`},
		{"15x15#123456", `"15x15#123456" is a random seed ID, from which only Pattern makes its puzzle: in Pattern, choose Game, Specific… and paste the game ID shown there (15x15:…)`},
		{"7#1", "(7:…)"},
		{"2 1\n1 1\n0\n1 1\ngiven\n#", "given cells: 1 rows, want 2"},
		{"1 2\n1 1\n0\n1 1\ngiven\n#\n", "given cells: row 1 has 1 cells, want 2"},
		{"1 2\n1 1\n0\n1 1\ngiven\n#?\n", "given cells: row 1, column 2: want '#', 'x' or '.', got '?'"},
		{"2 1\n1 1\n0\n1 1\ngiven\n#\n\n#\n", "given cells: 1 rows, want 2"},
		{"1 1\n1 1\n1 1\ngiven\n#\n#\n", "line 6: unexpected text after the puzzle"},
		{"2x2:1/1/a/1", "clue 3: bad run"},
		{"1000x1000:", "out of range"},
		{"https://puzz.link/p?nonogram/3", "want nonogram/W/H/data"},
		{"https://puzz.link/p?nonogram/3/3/.", "unknown '?' clues"},
		{"https://puzz.link/p?nonogram/3/3/-1", "'-' needs two hex digits"},
		{"https://puzz.link/p?nonogram/3/3/0", "clue 0"},
		{"https://puzz.link/p?nonogram/3/3/A", "unexpected 'A'"},
		{"https://puzz.link/p?nonogram/0/3/", "out of range"},
	} {
		_, err := ParseClues(tc.text)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: got error %v, want one line containing %q", tc.text, err, tc.want)
		}
	}
}

func TestParseRefusesHugeInput(t *testing.T) {
	if _, err := ParseClues(strings.Repeat("1", maxInput+1)); err == nil {
		t.Fatal("no error")
	}
}

func TestCluesOfRaggedPicture(t *testing.T) {
	got := CluesOf([][]bool{{true, true}, {true}, {}}).String()
	if want := "3 2\n1 2\n1 1\n0\n1 2\n1 1\n"; got != want {
		t.Fatalf("got\n%swant\n%s", got, want)
	}
}

// checkRoundTrip checks that a parsed puzzle survives the judge format and
// the encoder of its own format.
func checkRoundTrip(t *testing.T, c *Clues, encode func(*Clues) string) {
	t.Helper()
	want := c.String()
	for _, text := range []string{want, encode(c)} {
		again, err := ParseClues(text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if got := again.String(); got != want {
			t.Fatalf("%q: got\n%swant\n%s", text, got, want)
		}
	}
}

func FuzzParseClues(f *testing.F) {
	for _, s := range []string{
		"2 2\n1 1\n1 1\n1 1\n1 1\n", "1 3\n2 1 1\n1 1\n0\n1 1\n", "3 1\n1 1\n4 1 1 1\n", "0 0\n", "2 2\n1 -1\n",
		"2 2\n1 1\n1 1\n1 1\n1 1\ngiven\n#.\n.x\n", "1 1\n1 1\n1 1\n\ngiven\n.\n",
		"width 1\nheight 1\nrows\n1\ncolumns\n1\n", "4x4:2/1/2/1/1.1/2/1/1", "https://puzz.link/p?nonogram/3/2/212113g",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		c, err := ParseClues(text)
		if err != nil {
			return
		}
		if err := c.validate(); err != nil {
			t.Fatalf("parsed clues invalid: %v", err)
		}
		checkRoundTrip(t, c, (*Clues).String)
	})
}

func FuzzParseNon(f *testing.F) {
	for _, s := range []string{
		"width 4\nheight 5\nrows\n4\n1,1\n1,1\n1,2\n3\ncolumns\n5\n1,1\n1,2\n4\n", "columns 1\nrows 1\nrows\n0\ncolumns\n\n1\n",
		"width 2\nrows\n1\n", "width 1\nheight 1\nrows\n1a\ncolumns\n1\n", "title \"a\"\n",
		"color a #e02020\ncolor b #2040c0\nwidth 3\nheight 2\nrows\n3a\n1b,1a,1b\ncolumns\n1a,1b\n2a\n1a,1b\n",
		"width 2\nheight 1\nrows\n1A 1b\ncolumns\n1A\n1b\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if c, err := parseNon(text); err == nil {
			checkRoundTrip(t, c, mustWriter(t, ".non"))
		}
	})
}

// randomGiven gives some cells of the picture pic, in the order of
// Clues.Given, and leaves the rest not given.
func randomGiven(rng *rand.Rand, pic [][]bool) []byte {
	var given []byte
	for _, row := range pic {
		for _, black := range row {
			switch {
			case rng.IntN(3) > 0:
				given = append(given, NotGiven)
			case black:
				given = append(given, GivenBlack)
			default:
				given = append(given, GivenWhite)
			}
		}
	}
	if noneGiven(given) {
		return nil
	}
	return given
}

// TestGivenRoundTrip takes random puzzles with given cells through the
// judge text and the Tatham ID and back, and checks that the formats that
// cannot hold given cells say so.
func TestGivenRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for range 300 {
		h, w := 1+rng.IntN(40), 1+rng.IntN(40)
		if rng.IntN(4) == 0 {
			w = 50 + rng.IntN(30) // rows long enough for runs of 'z'
		}
		pic := drawPicture(rng, h, w, rng.Float64())
		c := CluesOf(pic)
		c.Given = randomGiven(rng, pic)
		want := c.String()
		for _, f := range formats {
			if !f.Export {
				continue
			}
			text, err := writer(f.Name)(c)
			if f.Name != "judge" && f.Name != "Tatham Pattern" {
				if c.Given != nil && (err == nil || !strings.Contains(err.Error(), "cannot hold given cells")) {
					t.Fatalf("%s: error %v, want one saying it cannot hold given cells", f.Name, err)
				}
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			got, err := ParseClues(text)
			if err != nil || got.String() != want {
				t.Fatalf("%s %q: got\n%v(error %v), want\n%s", f.Name, text, got, err, want)
			}
		}
	}
}

func FuzzParseTatham(f *testing.F) {
	for _, s := range []string{"4x4:2/1/2/1/1.1/2/1/1", "2:/0/1/", "2x1:1/1/2", "3x3:1/1", "1x1:1,A", "0x1:", "2x2:1/1/1/1,aD", "53x1:" + strings.Repeat("/", 53) + ",BzaZ", "15x15#123"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if c, err := parseTatham(text); err == nil {
			checkRoundTrip(t, c, mustWriter(t, "Tatham Pattern"))
		}
	})
}

func FuzzParsePuzzLink(f *testing.F) {
	for _, s := range []string{
		"https://puzz.link/p?nonogram/3/2/212113g", "p?nonogram/4/1/11g112", "nonogram/1/20/-14", "nonogram/2/2/.", "nonogram/2/2/-1", "nonogram/5/5/zzz",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if c, err := parsePuzzLink(text); err == nil {
			checkRoundTrip(t, c, mustWriter(t, "puzz.link"))
		}
	})
}

// TestNonFilesAsWritten reads .non files in the forms the format's
// descriptions allow (testdata/non, made for these tests): blank lines as
// empty rules and between rules, properties, pbnsolve's goal grid, comments
// and runs in one colour letter or two. Each gives the clues of its
// picture.
func TestNonFilesAsWritten(t *testing.T) {
	for _, tc := range []struct {
		file    string
		picture string // rows separated by spaces
		err     string // what the error says, for files refused
		inks    []Ink  // of a colour puzzle, whose picture is in their letters
	}{
		{file: "blank-rules.non", picture: "##### #.#.# ..... #...# ##### #...#"},
		{file: "simpson.non", picture: "#... ##.. ###. #### ...."},
		{file: "pbnsolve-goal.non", picture: "#### #..# #..# ####"},
		{file: "comments.non", picture: ".#. ### .#."},
		{file: "one-colour.non", picture: ".#. ### .#."},
		{file: "two-colours.non", picture: "aaa bab", inks: []Ink{{"", "e02020"}, {"", "2040c0"}}},
	} {
		text, err := os.ReadFile(filepath.Join("testdata", "non", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		for _, text := range []string{string(text), strings.ReplaceAll(string(text), "\n", "\r\n")} {
			judge, f, err := Game{}.Import(text)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Errorf("%s: error %v, want %q", tc.file, err, tc.err)
				}
				continue
			}
			want := CluesOf(picture(strings.Fields(tc.picture))).String()
			if tc.inks != nil {
				want = ColourCluesOf(colourPictureOf(strings.Fields(tc.picture)), tc.inks).String()
			}
			if err != nil || f.Name != ".non" || judge != want {
				t.Errorf("%s: read as %s\n%s(error %v), want\n%s", tc.file, f.Name, judge, err, want)
			}
		}
	}
}
