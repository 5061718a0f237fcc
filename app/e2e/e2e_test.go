//go:build e2e

// Package e2e drives the built page (make wasm) in headless Chromium:
// every editor is drawn by clicks and solved in the worker, and its drawn
// answer is checked against the solver package run natively.
//
//	make test-e2e    (CHROMIUM=/path/to/chromium to choose the browser)
package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"gridsolve/app/headless"
	"gridsolve/app/server"
	"gridsolve/app/share"
)

var (
	baseURL string
	browser context.Context // the one browser; each test opens its own tabs
)

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	root, _ := filepath.Abs("../..")
	for _, f := range []string{"web/app.wasm", "web/wasm_exec.js"} {
		if _, err := os.Stat(filepath.Join(root, f)); err != nil {
			fmt.Fprintf(os.Stderr, "e2e: %s is missing: run `make wasm` first (make test-e2e does)\n", f)
			return 1
		}
	}
	srv := httptest.NewServer(failable(server.Handler(root)))
	defer srv.Close()
	baseURL = srv.URL + "/"

	profile, err := os.MkdirTemp("", "gridsolve-e2e-profile-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	defer os.RemoveAll(profile)
	exe := os.Getenv("CHROMIUM")
	if exe == "" {
		exe = "chromium"
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), headless.Options(exe, profile)...)
	defer cancelAlloc()
	var cancel context.CancelFunc
	browser, cancel = chromedp.NewContext(alloc)
	defer cancel()
	if err := chromedp.Do(browser); err != nil { // starts the browser
		fmt.Fprintln(os.Stderr, "e2e: starting Chromium:", err)
		return 1
	}
	return m.Run()
}

// failing names a path the test server answers with 503 for now, so a
// test can make a download fail (see TestWorkerFaults).
var failing atomic.Value

func failable(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if path, _ := failing.Load().(string); path != "" && r.URL.Path == path {
			http.Error(w, "failing on purpose", http.StatusServiceUnavailable)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// page is one browser tab showing the app.
type page struct {
	t   *testing.T
	ctx context.Context

	mu          sync.Mutex
	errors      []string // uncaught exceptions and console.error calls
	allowErrors bool     // the test provokes errors on purpose
}

// viewport is a browser window size; touch makes it a phone.
type viewport struct {
	w, h  int64
	touch bool
}

var (
	desktop = viewport{1280, 800, false}
	phone   = viewport{390, 844, true}
)

// open opens the app in a new tab at the given fragment ("" for none) and
// waits until the page is running.
func open(t *testing.T, fragment string) *page {
	t.Helper()
	return openIn(t, desktop, fragment)
}

// openIn opens the app in a new tab of the given size. The page must not
// log an error or throw, unless the test allows it.
func openIn(t *testing.T, v viewport, fragment string) *page {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser)
	t.Cleanup(cancel)
	ctx, cancelTimeout := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(cancelTimeout)
	p := &page{t: t, ctx: ctx}
	if err := chromedp.Listen(ctx, p.listen); err != nil {
		t.Fatalf("browser: %v", err)
	}
	opts := []chromedp.EmulateViewportOption{chromedp.EmulatePortrait}
	if v.touch {
		opts = append(opts, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	p.do(chromedp.EmulateViewport(v.w, v.h, opts...))
	url := baseURL
	if fragment != "" {
		url += "#" + fragment
	}
	p.do(chromedp.Navigate(url))
	p.waitFor(`document.querySelector("#grid") !== null`)
	t.Cleanup(func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		if len(p.errors) > 0 && !p.allowErrors {
			t.Errorf("the page logged errors:\n%s", strings.Join(p.errors, "\n"))
		}
	})
	return p
}

func (p *page) listen(ev any) {
	var msg string
	switch e := ev.(type) {
	case *runtime.EventExceptionThrown:
		msg = "exception: " + e.ExceptionDetails.Text
		if e.ExceptionDetails.Exception != nil {
			msg += " " + e.ExceptionDetails.Exception.Description
		}
	case *runtime.EventConsoleAPICalled:
		if e.Type != runtime.ConsoleAPICalledTypeError {
			return
		}
		msg = "console.error:"
		for _, a := range e.Args {
			msg += " " + string(a.Value) + a.Description
		}
	default:
		return
	}
	p.mu.Lock()
	p.errors = append(p.errors, msg)
	p.mu.Unlock()
}

// openPuzzle opens the app on a puzzle to edit: through its share link,
// which opens it ready to play (see openShared), then one click on the
// game's Edit button, as the person who made the puzzle would.
func openPuzzle(t *testing.T, game, text string) *page {
	t.Helper()
	p := openShared(t, game, text)
	if edit, ok := editButton[game]; ok {
		p.click(edit)
	}
	return p
}

// openAfresh is openPuzzle on a browser that has kept nothing of the
// page's: the tests share one profile, and a tab restored from another
// test's storage may start background work at load (a play mode's
// fewest moves), which a test of the idle page cannot have.
func openAfresh(t *testing.T, game, text string) *page {
	t.Helper()
	p := open(t, "")
	p.eval(`localStorage.clear()`)
	p.do(chromedp.Navigate(baseURL + "#" + share.Encode(game, text)))
	p.do(chromedp.Reload())
	p.waitFor(`document.querySelector("#grid") !== null && gridsolveSolver.jobs() === 0`)
	p.editing(game)
	return p
}

// openShared opens the app on a puzzle through its share link, as the
// person it was shared with does.
func openShared(t *testing.T, game, text string) *page {
	t.Helper()
	return open(t, share.Encode(game, text))
}

// editing leaves play for editing on the shown tab of game, when it is
// in play: a tab restored from storage may be, as a shared puzzle opens so.
func (p *page) editing(game string) {
	p.t.Helper()
	if b, ok := editButton[game]; ok && eval[bool](p, `!document.querySelector("#field-w") && !!document.querySelector(`+strconv.Quote(b)+`)`) {
		p.click(b)
	}
}

// editButton is the button that leaves play for editing, in the games
// whose shared puzzles open in play (IQ's pieces edit the board as they
// play it; Ships' link opens to edit).
var editButton = map[string]string{"flip": "#flip-edit", "nonogram": "#nono-clues", "tetravex": "#tv-edit"}

func (p *page) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.t.Fatalf("browser: %v", err)
	}
}

// eval evaluates a JavaScript expression and decodes its value into T.
func eval[T any](p *page, expr string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		p.t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// waitFor waits until a JavaScript expression is truthy.
func (p *page) waitFor(expr string) {
	p.t.Helper()
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		p.t.Fatalf("waiting for %s: %v (status: %q)", expr, err, p.statusNow())
	}
}

func (p *page) statusNow() string {
	v, _ := chromedp.Run(p.ctx, chromedp.Evaluate[string](`document.querySelector("#status")?.textContent ?? ""`))
	return v
}

// click clicks the element matching a CSS selector with the mouse, and
// waits until the page has rendered the click's effect.
func (p *page) click(sel string) {
	p.t.Helper()
	renders := eval[string](p, `document.querySelector("#app").dataset.renders`)
	p.do(chromedp.Click(chromedp.CSS(sel)))
	p.rendered(renders)
}

// rendered waits until the page has rendered since renders was read, and
// then until no render has come for 50 ms: a pointer move may render too
// (IQ's ghost), and the test must see the effect of its own action.
func (p *page) rendered(renders string) {
	p.t.Helper()
	p.waitFor(fmt.Sprintf(`document.querySelector("#app").dataset.renders !== %q`, renders))
	p.waitFor(`(() => {
		const r = document.querySelector("#app").dataset.renders;
		if (window.lastRenders !== r) { window.lastRenders = r; window.lastRenderSeen = performance.now(); return false; }
		return performance.now() - window.lastRenderSeen > 50;
	})()`)
}

// keys types keys into the element matching a CSS selector, and waits
// until the page has rendered their effect.
func (p *page) keys(sel, keys string) {
	p.t.Helper()
	renders := eval[string](p, `document.querySelector("#app").dataset.renders`)
	p.do(chromedp.SendKeys(chromedp.CSS(sel), keys))
	p.rendered(renders)
}

// clickCell clicks cell i of the grid where it is on screen, as a person
// does: a render may replace the cell's element at any time (an answer,
// a heatmap arriving), so no element is held between finding and clicking.
func (p *page) clickCell(i int) {
	p.t.Helper()
	renders := eval[string](p, `document.querySelector("#app").dataset.renders`)
	x, y := p.cellAt(i)
	p.do(chromedp.MouseClickXY(x, y))
	p.rendered(renders)
}

// tab switches to the editor of a game.
func (p *page) tab(game string) {
	p.t.Helper()
	p.click("#tab-" + game)
	p.waitFor(fmt.Sprintf(`document.querySelector("#tab-%s").classList.contains("active")`, game))
}

// setValue puts a value into a field and commits it as the user leaving
// the field would, then waits for the page to render it.
func (p *page) setValue(sel, value string) {
	p.t.Helper()
	renders := eval[string](p, `document.querySelector("#app").dataset.renders`)
	p.eval(fmt.Sprintf(`(el => { el.value = %q; el.dispatchEvent(new Event("change", {bubbles: true})) })(document.querySelector(%q))`, value, sel))
	p.rendered(renders)
}

func (p *page) eval(expr string) { eval[any](p, expr) }

// reloadFailing makes the server fail every request for path from now on
// (until the test ends) and reloads the page without its offline copy,
// which would serve the file anyway. The service worker is unregistered
// once the page has registered it (window.gridsolveOffline), so that a
// registration still under way cannot bring it back.
func (p *page) reloadFailing(path string) {
	p.t.Helper()
	p.allowErrors = true // the failed download is reported by the browser
	p.eval(`window.swGone = false; window.gridsolveOffline
		.then(() => navigator.serviceWorker.getRegistrations()).then(rs => Promise.all(rs.map(r => r.unregister())))
		.then(() => caches.keys()).then(ks => Promise.all(ks.map(k => caches.delete(k)))).then(() => window.swGone = true)`)
	p.waitFor(`window.swGone`)
	failing.Store(path)
	p.t.Cleanup(func() { failing.Store("") })
	p.do(chromedp.Reload())
	p.waitFor(`document.querySelector("#grid") !== null && !navigator.serviceWorker.controller`)
}

// solve clicks Solve and waits for the answer; it fails on an error status.
func (p *page) solve() string {
	p.t.Helper()
	p.waitFor(`!document.querySelector("#solve").disabled`)
	seq := eval[string](p, `document.querySelector("#status").dataset.seq`)
	p.click("#solve")
	p.waitFor(fmt.Sprintf(`document.querySelector("#status").dataset.seq !== %q`, seq))
	p.waitFor(`document.querySelector("#status").dataset.revealing !== "true"`) // a big answer is drawn a few rows a frame
	status := p.statusNow()
	if state := eval[string](p, `document.querySelector("#status").dataset.state`); state != "done" {
		p.t.Fatalf("solve ended in state %s: %s", state, status)
	}
	return status
}

// exported returns the judge text the Export button shows.
func (p *page) exported() string {
	p.t.Helper()
	p.click("#export")
	return eval[string](p, `document.querySelector("#import-text").value`)
}

// importText loads a judge text through the import box.
func (p *page) importText(text string) {
	p.t.Helper()
	p.eval(fmt.Sprintf(`document.querySelector("#import-text").value = %q`, text))
	p.click("#import-load")
}

// cellClasses returns the class list of every grid cell, row-major.
func (p *page) cellClasses() [][]string {
	p.t.Helper()
	raw := eval[[]string](p, `[...document.querySelectorAll("#grid [data-i]")].map(c => c.className)`)
	out := make([][]string, len(raw))
	for i, c := range raw {
		out[i] = strings.Fields(c)
	}
	return out
}

func hasClass(classes []string, c string) bool {
	for _, x := range classes {
		if x == c {
			return true
		}
	}
	return false
}

// screenshot saves the page under $SCREENS (when set) for a human to look at.
func (p *page) screenshot(name string) {
	dir := os.Getenv("SCREENS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Errorf("screenshot: %v", err)
		return
	}
	os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644)
}
