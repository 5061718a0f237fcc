//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Real input, as the browser gets it from a person: CDP mouse, touch and
// key events at the cells' positions on screen.

// cellAt is the centre of grid cell i on screen, scrolled into view.
func (p *page) cellAt(i int) (x, y float64) {
	p.t.Helper()
	r := eval[[]float64](p, fmt.Sprintf(`(() => {
		const c = document.querySelector('#grid [data-i="%d"]');
		c.scrollIntoView({block: "nearest", inline: "nearest"});
		const r = c.getBoundingClientRect();
		return [r.x + r.width / 2, r.y + r.height / 2];
	})()`, i))
	return r[0], r[1]
}

// drag presses a mouse button on the first cell, moves over the others in
// order and releases on the last.
func (p *page) drag(cells []int, button input.MouseButton) {
	p.t.Helper()
	buttons := map[input.MouseButton]int64{input.MouseButtonLeft: 1, input.MouseButtonRight: 2}[button]
	x, y := p.cellAt(cells[0])
	p.do(chromedp.MouseEvent(chromedp.MouseMoved, x, y))
	p.do(chromedp.MouseEvent(chromedp.MousePressed, x, y, chromedp.ButtonType(button), chromedp.ClickCount(1),
		func(e *input.DispatchMouseEventParams) { e.Buttons = buttons }))
	for _, c := range cells[1:] {
		x, y = p.cellAt(c)
		p.do(chromedp.MouseEvent(chromedp.MouseMoved, x, y, chromedp.ButtonType(button),
			func(e *input.DispatchMouseEventParams) { e.Buttons = buttons }))
	}
	p.do(chromedp.MouseEvent(chromedp.MouseReleased, x, y, chromedp.ButtonType(button), chromedp.ClickCount(1)))
}

// touch sends a touch sequence: a finger down on the first cell, moving
// over the others, held for hold, then lifted.
func (p *page) touch(cells []int, hold time.Duration) {
	p.t.Helper()
	point := func(i int) []*input.TouchPoint {
		x, y := p.cellAt(i)
		return []*input.TouchPoint{{X: x, Y: y}}
	}
	send := func(typ input.DispatchTouchEventType, pts []*input.TouchPoint) {
		p.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts})
			return err
		}))
	}
	send(input.DispatchTouchEventTypeTouchStart, point(cells[0]))
	for _, c := range cells[1:] {
		send(input.DispatchTouchEventTypeTouchMove, point(c))
	}
	time.Sleep(hold)
	send(input.DispatchTouchEventTypeTouchEnd, []*input.TouchPoint{})
}

// press types keys on the focused element, with modifiers held.
func (p *page) press(keys string, mods ...chromedp.Modifier) {
	p.t.Helper()
	p.do(chromedp.KeyEvent(keys, chromedp.KeyModifiers(mods...)))
}

// focusBoard puts the keyboard focus on the board.
func (p *page) focusBoard() {
	p.t.Helper()
	p.eval(`document.querySelector("#grid").focus()`)
}

var _ = kb.Shift
