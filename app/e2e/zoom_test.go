//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"gridsolve/app/share"
	"gridsolve/solvers/flip"
	"gridsolve/solvers/nonogram"
)

// cellPx is the width of the board's cells, in CSS px.
func (p *page) cellPx() float64 {
	p.t.Helper()
	return eval[float64](p, `document.querySelector("#grid [data-i]").getBoundingClientRect().width`)
}

// zoomed waits until the board's cells are want px wide (to half a px).
func (p *page) zoomed(want float64, what string) {
	p.t.Helper()
	expr := fmt.Sprintf(`Math.abs(document.querySelector("#grid [data-i]").getBoundingClientRect().width - %g) < 0.5`, want)
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		p.t.Fatalf("%s: cells of %.2f px, want %.2f", what, p.cellPx(), want)
	}
}

// tapCell taps or clicks cell i where it shows, first scrolling it to the
// middle of the board's box (a zoomed board scrolls there, under sticky
// clues at its edges), and checks nothing else covers it.
func (p *page) cellInView(i int) (x, y float64) {
	p.t.Helper()
	r := eval[[]float64](p, fmt.Sprintf(`(() => {
		const c = document.querySelector('#grid [data-i="%d"]');
		c.scrollIntoView({block: "center", inline: "center"});
		const r = c.getBoundingClientRect();
		const x = r.x + r.width / 2, y = r.y + r.height / 2;
		return [x, y, document.elementFromPoint(x, y) === c ? 1 : 0];
	})()`, i))
	if r[2] != 1 {
		p.t.Fatalf("cell %d is covered where it shows", i)
	}
	return r[0], r[1]
}

// ctrlWheel turns the wheel with Ctrl held over cell i, as a mouse notch
// (deltaY -100 zooms in) or a touchpad pinch does; it reports whether the
// page kept the browser from zooming the whole page.
func (p *page) ctrlWheel(i int, deltaY int) bool {
	p.t.Helper()
	renders := eval[string](p, `document.querySelector("#app").dataset.renders`)
	x, y := p.cellInView(i)
	prevented := eval[bool](p, fmt.Sprintf(`(() => {
		const ev = new WheelEvent("wheel", {deltaY: %d, ctrlKey: true, clientX: %g, clientY: %g, bubbles: true, cancelable: true});
		document.elementFromPoint(%g, %g).dispatchEvent(ev);
		return ev.defaultPrevented;
	})()`, deltaY, x, y, x, y))
	p.rendered(renders)
	return prevented
}

// clickCellInView clicks cell i with the mouse where it shows.
func (p *page) clickCellInView(i int) {
	p.t.Helper()
	renders := eval[string](p, `document.querySelector("#app").dataset.renders`)
	x, y := p.cellInView(i)
	p.do(chromedp.MouseClickXY(x, y))
	p.rendered(renders)
}

// viewShot saves what the window shows (not the whole page, as
// screenshot does) under $SCREENS, the board scrolled into view.
func (p *page) viewShot(name string) {
	dir := os.Getenv("SCREENS")
	if dir == "" {
		return
	}
	p.eval(`document.querySelector("[data-zoom]").scrollIntoView({block: "start"})`)
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Errorf("screenshot: %v", err)
		return
	}
	os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644)
}

// classCells lists the flip board's black cells.
func (p *page) classCells(class string) []int {
	return eval[[]int](p, fmt.Sprintf(`[...document.querySelectorAll("#grid [data-i].%s")].map(c => Number(c.dataset.i))`, class))
}

// The zoom buttons, Ctrl+wheel and the + − 0 keys scale the board's
// cells from the size that fits; a board zoomed past its box scrolls in
// it and a click still hits the cell under the pointer; the zoom is the
// tab's own, outlives every render and is no step of the undo history.
func TestZoomButtonsWheelKeys(t *testing.T) {
	b, _ := flip.NewBoard(30, 30)
	p := openPuzzle(t, "flip", b.String())
	fit := p.cellPx()
	if fit < 14 {
		t.Fatalf("fitted cells of %.1f px", fit)
	}
	p.click("#zoom-in")
	p.zoomed(fit*1.25, "zoom in")
	p.click("#zoom-in")
	p.click("#zoom-in")
	p.zoomed(fit*2, "zoom in twice more")
	if eval[bool](p, `(b => b.scrollWidth <= b.clientWidth && b.scrollHeight <= b.clientHeight)(document.querySelector(".gridwrap"))`) {
		t.Error("a board at twice its fitted size does not scroll in its box")
	}
	last := 30*30 - 1
	p.clickCellInView(last)
	if got := p.classCells("black"); len(got) != 1 || got[0] != last {
		t.Fatalf("a click on cell %d zoomed in made black %v", last, got)
	}
	p.zoomed(fit*2, "after a click") // the render the click made kept the zoom

	// Undo takes back the click, not the zoom.
	p.click("#undo")
	if got := p.classCells("black"); len(got) != 0 {
		t.Fatalf("undo left black %v", got)
	}
	p.zoomed(fit*2, "after undo")

	if !p.ctrlWheel(465, 100) {
		t.Error("Ctrl+wheel over the board zoomed the browser's page too")
	}
	p.zoomed(fit*1.5, "Ctrl+wheel out")
	p.ctrlWheel(465, -100)
	p.zoomed(fit*2, "Ctrl+wheel in")
	p.clickCellInView(465)
	if got := p.classCells("black"); len(got) != 1 || got[0] != 465 {
		t.Fatalf("a click on cell 465 after Ctrl+wheel made black %v", got)
	}

	p.focusBoard()
	p.press("0")
	p.zoomed(fit, "0 on the board")
	p.press("-")
	p.zoomed(fit*.8, "- on the board")
	p.press("+")
	p.press("+")
	p.zoomed(fit*1.25, "+ twice on the board")

	// Another tab has its own zoom; this one's is there on return.
	p.tab("ships")
	if got := eval[string](p, `document.querySelector("[data-zoom]").dataset.zoom`); got != "100" {
		t.Errorf("the ships tab is at zoom %s, want 100", got)
	}
	p.tab("flip")
	p.zoomed(fit*1.25, "back on the flip tab")
	p.click("#zoom-fit")
	p.zoomed(fit, "Fit")
	p.clickCellInView(31)
	if got := p.classCells("black"); len(got) != 2 || got[0] != 31 || got[1] != 465 {
		t.Fatalf("a click on cell 31 after Fit: black %v", got)
	}
}

// touchAt dispatches one touch event with the touch points given.
func (p *page) touchEvent(typ input.DispatchTouchEventType, pts ...*input.TouchPoint) {
	p.t.Helper()
	p.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts})
		return err
	}))
}

// pinch puts two fingers on cells a and b and moves them apart (spread
// > 1) or together, in steps, then lifts them.
func (p *page) pinch(a, b int, spread float64) {
	p.t.Helper()
	ax, ay := p.cellAt(a)
	bx, by := p.cellAt(b)
	mx, my := (ax+bx)/2, (ay+by)/2
	at := func(x, y, s float64, id float64) *input.TouchPoint {
		return &input.TouchPoint{X: mx + (x-mx)*s, Y: my + (y-my)*s, ID: &id}
	}
	p.touchEvent(input.DispatchTouchEventTypeTouchStart, at(ax, ay, 1, 1))
	time.Sleep(50 * time.Millisecond)
	p.touchEvent(input.DispatchTouchEventTypeTouchStart, at(ax, ay, 1, 1), at(bx, by, 1, 2))
	const steps = 8
	for k := 1; k <= steps; k++ {
		s := 1 + (spread-1)*float64(k)/steps
		p.touchEvent(input.DispatchTouchEventTypeTouchMove, at(ax, ay, s, 1), at(bx, by, s, 2))
		time.Sleep(30 * time.Millisecond)
	}
	p.touchEvent(input.DispatchTouchEventTypeTouchEnd)
}

// Two fingers pinch the board's zoom on a touch screen, without a tap or
// a long press on the cells they touch; a tap and a long press still act
// after it, on the cells under the finger.
func TestZoomPinch(t *testing.T) {
	p := openIn(t, phone, share.Encode("ships", blankShips(10, 10)))
	fit := p.cellPx()
	renders := eval[string](p, `document.querySelector("#app").dataset.renders`)
	p.pinch(44, 55, 2)
	p.rendered(renders)
	got := eval[string](p, `document.querySelector("[data-zoom]").dataset.zoom`)
	if got == "100" {
		t.Fatalf("a pinch spreading the fingers twice as far left the zoom at %s%%", got)
	}
	size := p.cellPx()
	if size < fit*1.5 {
		t.Errorf("after a pinch out the cells are %.1f px, from %.1f", size, fit)
	}
	time.Sleep(600 * time.Millisecond) // past a long press
	if hit, miss := p.classCells("hit"), p.classCells("miss"); len(hit)+len(miss) > 0 {
		t.Errorf("the pinch shot cells: hit %v, miss %v", hit, miss)
	}
	p.viewShot("phone-ships-pinched")

	x, y := p.cellInView(77)
	p.touchEvent(input.DispatchTouchEventTypeTouchStart, &input.TouchPoint{X: x, Y: y})
	p.touchEvent(input.DispatchTouchEventTypeTouchEnd)
	p.cellsHave([]int{77}, "hit", true)
	x, y = p.cellInView(12)
	p.touchEvent(input.DispatchTouchEventTypeTouchStart, &input.TouchPoint{X: x, Y: y})
	time.Sleep(800 * time.Millisecond)
	p.touchEvent(input.DispatchTouchEventTypeTouchEnd)
	p.cellsHave([]int{12}, "miss", true)
	if hit, miss := p.classCells("hit"), p.classCells("miss"); len(hit) != 1 || len(miss) != 1 {
		t.Errorf("a tap on 77 and a long press on 12: hit %v, miss %v", hit, miss)
	}
	p.zoomed(size, "after a tap and a long press")

	// Pinching in goes back below where it was.
	renders = eval[string](p, `document.querySelector("#app").dataset.renders`)
	p.pinch(33, 66, 0.5)
	p.rendered(renders)
	if now := p.cellPx(); now > size*0.75 {
		t.Errorf("after a pinch in the cells are %.1f px, from %.1f", now, size)
	}
}

// allCellsShow fails unless every cell of the board is inside the window
// (the board scrolled into view, as a reader would) and in its box,
// unscrolled, and at least 14 px wide.
func allCellsShow(t *testing.T, p *page, what string) {
	t.Helper()
	r := eval[[]float64](p, `(() => {
		const grid = document.querySelector("#grid");
		grid.scrollIntoView({block: "center", inline: "center"});
		const box = grid.parentElement.getBoundingClientRect();
		let out = 0, small = 1e9;
		for (const c of grid.querySelectorAll("[data-i]")) {
			const r = c.getBoundingClientRect();
			small = Math.min(small, r.width);
			if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5 ||
				r.left < box.left - 0.5 || r.top < box.top - 0.5 || r.right > box.right + 0.5 || r.bottom > box.bottom + 0.5) out++;
		}
		const g = grid.getBoundingClientRect();
		return [out, small, g.width, g.height, innerWidth, innerHeight];
	})()`)
	if r[0] > 0 {
		t.Errorf("%s: %.0f cells outside the %.0f×%.0f window or their box (board %.0f×%.0f px)", what, r[0], r[4], r[5], r[2], r[3])
	}
	if r[1] < 14 {
		t.Errorf("%s: cells of %.1f px", what, r[1])
	}
}

// bigPicture is a 50×50 picture whose column clues stack up to 5
// numbers (its row clues as many).
func bigPicture() [][]bool {
	const n = 50
	pic := blank(n, n)
	for y := range n {
		for x := range n {
			dx, dy := x-n/2, y-n/2
			pic[y][x] = (dx*dx+dy*dy)/120%2 == 0
		}
	}
	return pic
}

// By default a board fits the window, every cell in view at once: up to
// 50×50 on a 1280×800 screen, clues and all, and up to 20×20 on a 390 px
// phone (issue 27, item 6).
func TestZoomFitsByDefault(t *testing.T) {
	clues := nonogram.CluesOf(bigPicture())
	p := openPuzzle(t, "nonogram", clues.String())
	allCellsShow(t, p, "nonogram 50×50")
	p.viewShot("desktop-nonogram-50x50-fit")
	p.click("#zoom-in")
	p.click("#zoom-in")
	p.click("#zoom-in")
	p.cellInView(50*25 + 25)
	p.viewShot("desktop-nonogram-50x50-zoomed")
	// The clues of a board scrolled in its box stay in view.
	stuck := eval[[]float64](p, `(() => {
		const box = document.querySelector(".gridwrap").getBoundingClientRect();
		const col = document.querySelector("#grid .col").parentElement.getBoundingClientRect();
		const row = [...document.querySelectorAll("#grid .rowclue")].find(r => r.getBoundingClientRect().top >= box.top + col.height).getBoundingClientRect();
		return [col.top - box.top, row.left - box.left, document.querySelector(".gridwrap").scrollTop, document.querySelector(".gridwrap").scrollLeft];
	})()`)
	if stuck[2] == 0 || stuck[3] == 0 {
		t.Fatalf("the zoomed 50×50 nonogram is not scrolled in its box: %v", stuck)
	}
	if math.Abs(stuck[0]) > 1 || math.Abs(stuck[1]) > 1 {
		t.Errorf("scrolled down and right, the column clues are %.0f px and the row clues %.0f px from the box's edge", stuck[0], stuck[1])
	}

	b, _ := flip.NewBoard(50, 50)
	allCellsShow(t, openPuzzle(t, "flip", b.String()), "flip 50×50")

	q := openIn(t, phone, share.Encode("flip", mustBoard(20, 20).String()))
	allCellsShow(t, q, "phone flip 20×20")
	small := blank(15, 15)
	for y := range 15 {
		for x := range 15 {
			small[y][x] = (x*y+x)%3 == 0
		}
	}
	q = openIn(t, phone, share.Encode("nonogram", nonogram.CluesOf(small).String()))
	allCellsShow(t, q, "phone nonogram 15×15")
	q = openIn(t, phone, share.Encode("nonogram", clues.String()))
	q.viewShot("phone-nonogram-50x50-fit")
	least := q.cellPx() // 14 px: too wide to fit a phone
	q.click("#zoom-in")
	q.click("#zoom-in")
	q.click("#zoom-in")
	q.zoomed(least*2, "phone nonogram 50×50 zoomed in three steps")
	q.cellInView(50*25 + 25)
	q.viewShot("phone-nonogram-50x50-zoomed")
	q = openIn(t, phone, "")
	q.tab("iq")
	allCellsShow(t, q, "phone IQ triangle")
}

func mustBoard(w, h int) *flip.Board {
	b, err := flip.NewBoard(w, h)
	if err != nil {
		panic(err)
	}
	return b
}

// Tetravex's "How it works" lists its own controls, not the right click
// or X of the boards of cells, which the Nonogram panel still lists.
func TestTetravexHelpControls(t *testing.T) {
	for _, v := range []viewport{desktop, phone} {
		p := openIn(t, v, "")
		help := func(game string) string {
			p.tab(game)
			p.eval(`document.querySelector("#help").open = true`)
			return eval[string](p, `document.querySelector("#help .help-play").innerText + "|" +
				[...document.querySelectorAll("#help .help-play kbd")].map(k => k.textContent).join("|") + "|"`)
		}
		nono := help("nonogram")
		for _, want := range []string{"right click", "|X|", "0–9"} {
			if strings.Contains(nono, want) != (want != "0–9") {
				t.Errorf("%d px: nonogram help, %q: %q", v.w, want, nono)
			}
		}
		tv := help("tetravex")
		for _, want := range []string{"right click", "|X|", "0–9"} {
			if strings.Contains(tv, want) != (want == "0–9") {
				t.Errorf("%d px: tetravex help, %q: %q", v.w, want, tv)
			}
		}
		p.eval(`document.querySelector("#help .help-play").scrollIntoView({block: "start"})`)
		png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
		if dir := os.Getenv("SCREENS"); dir != "" && err == nil {
			os.WriteFile(filepath.Join(dir, fmt.Sprintf("tetravex-help-%d.png", v.w)), png, 0o644)
		}
	}
}
