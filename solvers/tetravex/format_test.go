package tetravex

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	in := "\n2\r\n5 9 1 4\n 4 4 5 6 \n\n6 8 5 4\n0\t4 4 3\n1\n99 0 7 12\n0\n\n"
	want := []*Puzzle{
		{N: 2, Cards: []Card{{5, 9, 1, 4}, {4, 4, 5, 6}, {6, 8, 5, 4}, {0, 4, 4, 3}}},
		{N: 1, Cards: []Card{{99, 0, 7, 12}}},
	}
	got, err := Parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Parse = %v, want %v", got, want)
	}
	// The final 0 may be missing.
	got, err = Parse(strings.NewReader(strings.TrimSuffix(in, "0\n\n")))
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("Parse without the final 0 = %v, %v; want %v", got, err, want)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"2\n1 2 3 4\n0\n", "game 1 line 3: want 4 numbers"},
		{"1\n1 2 3\n0\n", "game 1 line 2: want 4 numbers (top right bottom left), got 3"},
		{"1\n1 2 3 4\n1\n1 2 x 4\n", `game 2 line 4: value "x" is not a number from 0 to 99`},
		{"1\n1 2 3 100\n", `value "100" is not`},
		{"1\n1 -2 3 4\n", `value "-2" is not`},
		{"9\n", `game 1 line 1: board size "9" is not a number from 1 to 8`},
		{"10000000000000000000000\n", "board size"},
		{"-1\n", "board size"},
		{"2 2\n", "want the board size alone, got 2 fields"},
		{"1\n1 1 1 1\n2\n1 1 1 1\n", "game 2: input ends after 1 of 4 cards"},
		{"1\n1 1 1 1\n0\n1\n", "line 4: text after the final 0"},
		{strings.Repeat(" ", maxInput+1), "larger than 8 MiB"},
	}
	for _, tc := range tests {
		_, err := Parse(strings.NewReader(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "tetravex: ") {
			in := tc.in
			if len(in) > 30 {
				in = in[:30] + "..."
			}
			t.Errorf("Parse(%q) error %v, want one containing %q", in, err, tc.want)
		}
	}
}

func TestParsePuzzle(t *testing.T) {
	for _, in := range []string{"1\n1 2 3 4\n", "1\n1 2 3 4\n0\n"} {
		p, err := ParsePuzzle(in)
		if err != nil || !reflect.DeepEqual(p, &Puzzle{N: 1, Cards: []Card{{1, 2, 3, 4}}}) {
			t.Errorf("ParsePuzzle(%q) = %v, %v", in, p, err)
		}
	}
	for _, in := range []string{"", "0\n", "1\n1 2 3 4\n1\n1 2 3 4\n", "1\n"} {
		if p, err := ParsePuzzle(in); err == nil {
			t.Errorf("ParsePuzzle(%q) = %v, want an error", in, p)
		}
	}
}

func TestStringRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for n := 1; n <= MaxN; n++ {
		p := Generate(n, MaxValue+1, rng)
		q, err := ParsePuzzle(p.String())
		if err != nil || !reflect.DeepEqual(p, q) {
			t.Fatalf("ParsePuzzle(%q) = %v, %v", p.String(), q, err)
		}
	}
	want := "1\n1 2 3 4\n0\n"
	if got := (&Puzzle{N: 1, Cards: []Card{{1, 2, 3, 4}}}).String(); got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
}

// FuzzParse checks that Parse never panics, that whatever it accepts is
// within the limits, and that every puzzle survives String and ParsePuzzle.
func FuzzParse(f *testing.F) {
	f.Add("2\n5 9 1 4\n4 4 5 6\n6 8 5 4\n0 4 4 3\n2\n1 1 1 1\n2 2 2 2\n3 3 3 3\n4 4 4 4\n0\n")
	f.Add("1\n99 0 7 12")
	f.Add("2\n1 2 3 4\n0\n")
	f.Add("1\n1 2 3\n0\n")
	f.Add("9\n")
	f.Add("-1\n")
	f.Add("1\n+1 -0 007 1e2\n")
	f.Add("0\n1\n")
	f.Fuzz(func(t *testing.T, in string) {
		puzzles, err := Parse(strings.NewReader(in))
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q spans lines", err)
			}
			return
		}
		for _, p := range puzzles {
			if err := p.validate(); err != nil {
				t.Fatalf("Parse accepted %v: %v", p, err)
			}
			q, err := ParsePuzzle(p.String())
			if err != nil || !reflect.DeepEqual(p, q) {
				t.Fatalf("ParsePuzzle(%q) = %v, %v; want %v", p.String(), q, err, p)
			}
		}
	})
}
