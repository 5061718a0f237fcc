package preview

import (
	"strings"
	"testing"

	"gridsolve/app/share"
)

func TestSVGDrawsTheLinksPuzzle(t *testing.T) {
	text := "3 2\n1 2\n0\n1 1\n1 1\n2 1 1\n"
	svg, ok := SVG("#" + share.Encode("nonogram", text))
	if !ok || !strings.HasPrefix(svg, "<svg") {
		t.Fatalf("no picture of a nonogram link: %v %.40q", ok, svg)
	}
	// The clues' numbers, in order: rows 2, 0 (an empty row draws none),
	// 1; columns 1, then 1 1.
	var numbers []string
	for _, part := range strings.Split(svg, "</text>")[:4] {
		numbers = append(numbers, part[strings.LastIndexByte(part, '>')+1:])
	}
	if got := strings.Join(numbers, " "); got != "2 1 1 1" {
		t.Errorf("clues drawn %q, want %q", got, "2 1 1 1")
	}
}

func TestSVGOnlyWhereThePageOpens(t *testing.T) {
	big := "51 1\n" + strings.Repeat("0\n", 51) + "0\n"
	for _, frag := range []string{
		"", "#", "#nonogram", "#nonogram/", "#nonogram/!!!",
		"#" + share.Encode("nonogram", "not clues"),
		"#" + share.Encode("nonogram", big),
		"#" + share.Encode("tetravex", "2\n0000 0000\n0000 0000\n"),
		"#other/" + strings.Repeat("A", 10),
	} {
		if svg, ok := SVG(frag); ok || svg != "" {
			t.Errorf("SVG(%.40q) = %.40q, %v; want no picture", frag, svg, ok)
		}
	}
}

func FuzzSVG(f *testing.F) {
	f.Add("#" + share.Encode("nonogram", "2 2\n1 1\n1 1\n1 1\n1 1\n"))
	f.Add("#" + share.Encode("nonogram", "5x5:2/4/4/4/2/1.1/5/5/3/1,aAx"))
	f.Add("#nonogram/")
	f.Fuzz(func(t *testing.T, frag string) {
		if svg, ok := SVG(frag); ok != strings.HasPrefix(svg, "<svg") {
			t.Errorf("SVG(%q) = %q, %v", frag, svg, ok)
		}
	})
}
