package tetravex

import (
	"strings"
	"testing"
)

func TestCardGrid(t *testing.T) {
	p := &Puzzle{N: 2, Cards: []Card{{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}, {0, 99, 0, 0}}}
	got, err := Game{}.Export(p.String(), formatCards)
	want := `+-----+-----+
|  1  |  5  |
|4   2|8   6|
|  3  |  7  |
+-----+-----+
|  9  |  0  |
|12 10|0  99|
| 11  |  0  |
+-----+-----+
`
	if err != nil || got != want {
		t.Fatalf("card grid:\n%s(%v)\nwant\n%s", got, err, want)
	}
	// Loosely drawn: indented, no rules between rows, extra spaces.
	loose := "  |1|5|\r\n |4 2|8   6|\n|3|7|\n\n| 9 | 0 |\n|12 10|0 99|\n|11|0|\n"
	if back, f, err := (Game{}).Import(loose); err != nil || back != p.String() || f.Name != formatCards {
		t.Errorf("Import(%q) = %q, %s, %v", loose, back, f.Name, err)
	}
	for _, tc := range []struct{ in, err string }{
		{"|1|\n|1 1|\n", "has 2 lines, want 3"},
		{"|1|\n|1 1|\n|1|\n|1|\n", "want a rule line"},
		{"|1|2|\n|1 1|\n|1|\n", "1 cards, want 2"},
		{"|1|\n|1|\n|1|\n", "want the left and right values"},
		{"|1|\n|1 x|\n|1|\n", `"x" is not a number`},
		{"|100|\n|1 1|\n|1|\n", "from 0 to 99"},
		{"|1|2|\n|1 1|1 1|\n|1|1|\n", "2 cards, not a square"},
		{"+--\n1 1\n", "want cells between '|'"},
		{"+-----+\n", "0 cards"},
		{"|" + strings.Repeat("1|", 81) + "\n|" + strings.Repeat("1 1|", 81) + "\n|" + strings.Repeat("1|", 81) + "\n", "more than 64 cards"},
	} {
		if _, _, err := (Game{}).Import(tc.in); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("Import(%q) error %v, want one saying %q", tc.in, err, tc.err)
		}
	}
	if _, err := (Game{}).Export(p.String(), "picture"); err == nil {
		t.Error("Export to an unknown format: no error")
	}
}
