package ui

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gridsolve/solvers"
)

// svgShapes parses an SVG document and counts its elements by name; it
// fails the test if the document is not well-formed or has no size.
func svgShapes(t *testing.T, svg string) (count map[string]int, texts []string, w, h int) {
	t.Helper()
	count = map[string]int{}
	d := xml.NewDecoder(strings.NewReader(svg))
	inText := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed: %v\n%.300s", err, svg)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			count[tok.Name.Local]++
			inText = tok.Name.Local == "text"
			if tok.Name.Local == "svg" {
				for _, a := range tok.Attr {
					switch a.Name.Local {
					case "width":
						w, _ = strconv.Atoi(a.Value)
					case "height":
						h, _ = strconv.Atoi(a.Value)
					}
				}
			}
		case xml.CharData:
			if inText {
				texts = append(texts, string(tok))
			}
		case xml.EndElement:
			inText = false
		}
	}
	if count["svg"] != 1 || w <= 0 || h <= 0 {
		t.Fatalf("want one <svg> with a size, got %d of %dx%d", count["svg"], w, h)
	}
	return count, texts, w, h
}

// solveIn solves the editor's puzzle natively and hands it the answer as
// the worker would.
func solveIn(t *testing.T, ed editor) {
	t.Helper()
	g, _ := solvers.Lookup(ed.game())
	a, err := g.Solve(context.Background(), ed.text(), nil)
	if err != nil {
		t.Fatalf("%s: %v", ed.game(), err)
	}
	raw, _ := json.Marshal(a)
	if _, err := ed.setAnswer(raw); err != nil {
		t.Fatalf("%s: setAnswer: %v", ed.game(), err)
	}
}

// Every editor draws its puzzle, and once solved its answer, as a
// well-formed SVG of the size the sketch says; an answer image before the
// solve is refused.
func TestImages(t *testing.T) {
	for _, ed := range editors() {
		if _, err := ed.draw(true); !errors.Is(err, errNoAnswer) {
			t.Errorf("%s: an answer image before solving: %v, want %v", ed.game(), err, errNoAnswer)
		}
		s, err := ed.draw(false)
		if err != nil {
			t.Fatalf("%s: %v", ed.game(), err)
		}
		_, _, w, h := svgShapes(t, s.SVG())
		if sw, sh := s.Size(); w != sw || h != sh {
			t.Errorf("%s: the SVG is %dx%d, the sketch %dx%d", ed.game(), w, h, sw, sh)
		}
		solveIn(t, ed)
		s, err = ed.draw(true)
		if err != nil {
			t.Fatalf("%s: the answer image: %v", ed.game(), err)
		}
		svgShapes(t, s.SVG())
	}
}

// What the images show, counted from the SVG against the puzzle and the
// answer: a nonogram's clue numbers and black cells, the presses of a flip
// answer, the 55 letters of a filled IQ board, four triangles per card.
func TestImageContents(t *testing.T) {
	non := freshEditor("nonogram").(*nonogramEditor)
	solveIn(t, non)
	runs, black := 0, 0
	for _, r := range append(append([][]int{}, non.clues.Rows...), non.clues.Cols...) {
		runs += len(r)
	}
	for _, row := range non.answer.Grid {
		black += strings.Count(row, "#")
	}
	s, _ := non.draw(false)
	puzzle, texts, _, _ := svgShapes(t, s.SVG())
	if len(texts) != runs {
		t.Errorf("nonogram: %d numbers drawn, want the %d clues", len(texts), runs)
	}
	s, _ = non.draw(true)
	answer, _, _, _ := svgShapes(t, s.SVG())
	if got := answer["rect"] - puzzle["rect"]; got != black {
		t.Errorf("nonogram answer: %d black cells drawn, want %d", got, black)
	}

	fl := freshEditor("flip").(*flipEditor)
	solveIn(t, fl)
	s, _ = fl.draw(true)
	if c, _, _, _ := svgShapes(t, s.SVG()); c["circle"] != fl.answer.Count || !strings.Contains(s.Caption, strconv.Itoa(fl.answer.Count)) {
		t.Errorf("flip answer: %d presses drawn, caption %q; want %d", c["circle"], s.Caption, fl.answer.Count)
	}

	q := freshEditor("iq").(*iqEditor)
	solveIn(t, q)
	s, _ = q.draw(true)
	if _, texts, _, _ := svgShapes(t, s.SVG()); len(texts) != 55 {
		t.Errorf("iq answer: %d letters drawn, want 55", len(texts))
	}

	tv := freshEditor("tetravex").(*tetravexEditor)
	solveIn(t, tv)
	for _, answer := range []bool{false, true} {
		s, _ = tv.draw(answer)
		c, texts, _, _ := svgShapes(t, s.SVG())
		if n := len(tv.puzzle.Cards); c["polygon"] != 4*n || len(texts) != 4*n {
			t.Errorf("tetravex (answer %v): %d triangles and %d values, want %d", answer, c["polygon"], len(texts), 4*n)
		}
	}
}

// A puzzle with no solution gets no answer image, and says why.
func TestImageNoSolution(t *testing.T) {
	non := freshEditor("nonogram").(*nonogramEditor)
	if err := non.load("2 2\n1 2\n1 2\n1 1\n1 1\n"); err != nil { // rows want 4 black, columns 2
		t.Fatal(err)
	}
	solveIn(t, non)
	if _, err := non.draw(true); !errors.Is(err, errNoSolution) {
		t.Errorf("nonogram with no solution: %v, want %v", err, errNoSolution)
	}
}

// PNGs come out near 3000 pixels on the long side, never smaller than the
// SVG, and within what a canvas takes.
func TestPNGScale(t *testing.T) {
	for _, tc := range []struct{ w, h int }{{100, 80}, {3000, 200}, {9000, 9000}, {20000, 10}} {
		k := pngScale(tc.w, tc.h)
		long := float64(max(tc.w, tc.h)) * k
		if k < 1 || (long > 3001 && k > 1) || long > 8192 && k > 1 {
			t.Errorf("pngScale(%d, %d) = %v: long side %v", tc.w, tc.h, k, long)
		}
	}
}

// The colours an image shares with the page are the page's: each editor's
// colours equal the background web/app.css gives their selector in light
// mode, and the images draw with them.
func TestImageColoursMatchCSS(t *testing.T) {
	css, err := os.ReadFile("../../web/app.css")
	if err != nil {
		t.Fatal(err)
	}
	light, _, _ := strings.Cut(string(css), "@media (prefers-color-scheme: dark)")
	shared := 0
	for _, ed := range editors() {
		for _, c := range ed.colours() {
			sel, colour := c.selector, c.colour
			rule := regexp.MustCompile(regexp.QuoteMeta(sel) + `\s*\{[^}]*\bbackground:\s*([^;}]+)`).FindStringSubmatch(light)
			if rule == nil {
				t.Errorf("%s: %s has no background in web/app.css", ed.game(), sel)
				continue
			}
			if got := strings.TrimSpace(rule[1]); !strings.EqualFold(got, colour) {
				t.Errorf("%s: %s is %s in web/app.css, %s in the images", ed.game(), sel, got, colour)
			}
			shared++
		}
		if len(ed.colours()) == 0 {
			continue
		}
		solveIn(t, ed)
		s, err := ed.draw(true)
		if err != nil {
			t.Fatalf("%s: %v", ed.game(), err)
		}
		used := 0
		for _, c := range ed.colours() {
			if strings.Contains(s.SVG(), `fill="`+c.colour+`"`) {
				used++
			}
		}
		if used == 0 {
			t.Errorf("%s: the answer image uses none of the page's colours", ed.game())
		}
	}
	if shared == 0 {
		t.Error("no image shares a colour with the page")
	}
}
