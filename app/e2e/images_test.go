//go:build e2e

package e2e

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"strings"
	"testing"

	"gridsolve/solvers"
	"gridsolve/solvers/nonogram"
	"gridsolve/solvers/tetravex"
)

// catchDownloads makes the page keep what Save… downloads instead of
// saving it: the file's name, its type, and its bytes as base64.
func (p *page) catchDownloads() {
	p.eval(`(() => {
		const make = URL.createObjectURL;
		URL.createObjectURL = (blob) => {
			const r = new FileReader();
			r.onload = () => { window.savedData = r.result.slice(r.result.indexOf(",") + 1); window.savedType = blob.type };
			r.readAsDataURL(blob);
			return make(blob);
		};
		HTMLAnchorElement.prototype.click = function () { window.savedName = this.download; window.saves = (window.saves || 0) + 1 };
	})()`)
}

// saveAs chooses a Save… format by its option text, clicks Save and
// returns the file's name and bytes.
func (p *page) saveAs(option string) (string, []byte) {
	p.t.Helper()
	saves := eval[int](p, `window.saves || 0`)
	p.eval(`window.savedData = undefined`)
	p.setValue("#save-format", eval[string](p, fmt.Sprintf(
		`[...document.querySelectorAll("#save-format option")].find(o => o.textContent === %q)?.value ?? "none"`, option)))
	p.click("#save")
	p.waitFor(fmt.Sprintf(`(window.saves || 0) > %d && window.savedData !== undefined || document.querySelector("#status").dataset.state === "error"`, saves))
	if eval[string](p, `document.querySelector("#status").dataset.state`) == "error" {
		p.t.Fatalf("saving %s on %s: %s", option, eval[string](p, `document.querySelector("[id^=tab-].active")?.id ?? "no tab"`), p.statusNow())
	}
	data, err := base64.StdEncoding.DecodeString(eval[string](p, `window.savedData`))
	if err != nil {
		p.t.Fatal(err)
	}
	return eval[string](p, `window.savedName`), data
}

// inked is the fraction of an image's pixels that are dark.
func inked(img image.Image) float64 {
	b := img.Bounds()
	dark := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r+g+bl < 3*0x4000 {
				dark++
			}
		}
	}
	return float64(dark) / float64(b.Dx()*b.Dy())
}

// svgSize reads the width and height of a saved SVG, failing on one that
// is not well-formed.
func svgSize(t *testing.T, data []byte) (w, h int) {
	t.Helper()
	var root struct {
		XMLName xml.Name
		W       int `xml:"width,attr"`
		H       int `xml:"height,attr"`
	}
	if err := xml.Unmarshal(data, &root); err != nil || root.XMLName.Local != "svg" || root.W <= 0 || root.H <= 0 {
		t.Fatalf("not an SVG with a size (%v): %.200s", err, data)
	}
	return root.W, root.H
}

// Save… writes the puzzle and, once solved, its answer as SVG and PNG
// images: the PNG at print resolution with the SVG's proportions, and
// the answer's filled cells darker than the empty puzzle.
func TestImages(t *testing.T) {
	var pic [][]bool
	for _, row := range strings.Fields("..######.. .#......#. #......... #......... #...####.. #......#.. #......#.. .#.....#.. ..######.. ..........") {
		pic = append(pic, []bool{})
		for _, c := range row {
			pic[len(pic)-1] = append(pic[len(pic)-1], c == '#')
		}
	}
	p := openPuzzle(t, "nonogram", nonogram.CluesOf(pic).String())
	p.catchDownloads()
	name, svg := p.saveAs("puzzle image (.svg)")
	w, h := svgSize(t, svg)
	if name != "nonogram-10x10.svg" || !bytes.Contains(svg, []byte(">6</text>")) {
		t.Errorf("saved %s without the clue 6:\n%.300s", name, svg)
	}
	name, data := p.saveAs("puzzle image (.png)")
	puzzle, err := png.Decode(bytes.NewReader(data))
	if err != nil || name != "nonogram-10x10.png" {
		t.Fatalf("%s is not a PNG: %v", name, err)
	}
	pw, ph := puzzle.Bounds().Dx(), puzzle.Bounds().Dy()
	if max(pw, ph) < 2400 || abs(pw*h-ph*w) > max(w, h)*4 {
		t.Errorf("the PNG is %dx%d, want about 3000 pixels on the long side as the SVG's %dx%d", pw, ph, w, h)
	}
	if !strings.Contains(p.statusNow(), fmt.Sprintf("%d×%d pixels", pw, ph)) {
		t.Errorf("status %q does not give the PNG's size", p.statusNow())
	}

	// Before a solve there is no answer to draw, and the status says so.
	p.setValue("#save-format", eval[string](p, `[...document.querySelectorAll("#save-format option")].find(o => o.textContent === "answer image (.png)").value`))
	p.click("#save")
	if got := p.statusNow(); !strings.Contains(got, "solve it first") {
		t.Errorf("an answer image before Solve says %q", got)
	}
	p.solve()
	name, data = p.saveAs("answer image (.png)")
	answer, err := png.Decode(bytes.NewReader(data))
	if err != nil || name != "nonogram-10x10-answer.png" {
		t.Fatalf("%s is not a PNG: %v", name, err)
	}
	if blank, solved := inked(puzzle), inked(answer); blank <= 0.005 || solved < blank+0.1 {
		t.Errorf("ink: puzzle %.3f, answer %.3f; want lines and clues, then the picture filled in", blank, solved)
	}

	// Every other game draws a puzzle with a solution, and its answer.
	// (The browser is shared: a tab may hold what an earlier test left.)
	solvable := map[string]string{
		"ships":    "5 5\n.....\n.x...\n.x.o.\n.....\n.....\n0 0\n",
		"flip":     "4 4\nbwwb\nbbwb\nbwwb\nbwww\n",
		"iq":       ".\n..\n...\n....\n.....\n......\n.......\n........\n.........\n..........\n",
		"tetravex": tetravex.Generate(3, 10, rand.New(rand.NewPCG(1, 2))).String(),
	}
	for _, g := range solvers.All {
		if g.Name() == "nonogram" {
			continue
		}
		p.tab(g.Name())
		p.importText(solvable[g.Name()])
		name, svg := p.saveAs("puzzle image (.svg)")
		svgSize(t, svg)
		p.solve()
		name2, svg := p.saveAs("answer image (.svg)")
		svgSize(t, svg)
		if !strings.HasPrefix(name, g.Name()+"-") || !strings.HasSuffix(name2, "-answer.svg") {
			t.Errorf("%s: saved as %s and %s", g.Name(), name, name2)
		}
	}
}

func abs(x int) int { return max(x, -x) }
