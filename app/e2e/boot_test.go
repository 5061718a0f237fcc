//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// consoleLog keeps what a tab wrote to its console that shows something
// broke: errors, uncaught exceptions, and a Go panic (which wasm_exec.js
// prints with console.log).
type consoleLog struct {
	mu  sync.Mutex
	bad []string
}

func (c *consoleLog) problems() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.bad...)
}

// openURL opens url in a new tab, watching its console from the start, and
// waits until the editor is drawn. The tab lives for at most five minutes.
func openURL(t *testing.T, url string) (*page, *consoleLog) {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser)
	t.Cleanup(cancel)
	ctx, cancelTimeout := context.WithTimeout(ctx, 5*time.Minute)
	t.Cleanup(cancelTimeout)
	p := &page{t: t, ctx: ctx}
	p.do() // opens the tab, so the console is watched from the first byte
	log := &consoleLog{}
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.IsException() || strings.Contains(m.Text, "panic:") {
				log.mu.Lock()
				log.bad = append(log.bad, m.String()+" "+m.URL)
				log.mu.Unlock()
			}
		}
	}()
	p.do(chromedp.Navigate(url))
	p.waitFor(`document.querySelector("#grid") !== null || document.querySelector("#stopped") !== null`)
	return p, log
}

// hostileFragments returns n fragments made to break a URL parser: the
// links of the bug report, stray and truncated escapes, escapes of random
// bytes (often not UTF-8), and random runs of the characters URLs treat
// specially. The same seed gives the same fragments.
func hostileFragments(n int, seed uint64) []string {
	out := []string{
		"ships/%zz", "%", "flip/abc%", "x/%E0%A4%A", "%%", "%0", "%g1", "flip/%",
		"%00", "%FF%FE", "ships/%E0%A4%A4%", "#%zz", "%zz#%zz", "?%zz", "flip/%2",
		"a b%", "%é", "%%%25%%", "%25zz", "nonogram/" + strings.Repeat("%", 300),
	}
	pieces := []string{
		"%", "%", "%", "%", "0", "A", "f", "z", "G", "/", "#", "?", "&", "=", " ",
		"é", "😀", "\t", "<", ">", `"`, "'", "\\", "flip/", "ships/", "%E0", "%A4",
		"%zz", "%2", "\u2028", "\x7f", ".", "..", "+",
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	for len(out) < n {
		var b strings.Builder
		for k := 1 + rng.IntN(16); k > 0; k-- {
			if rng.IntN(4) == 0 {
				fmt.Fprintf(&b, "%%%02X", rng.IntN(256)) // a random byte, escaped
			} else {
				b.WriteString(pieces[rng.IntN(len(pieces))])
			}
		}
		out = append(out, b.String())
	}
	return out
}

// checkAlive fails unless the page is running: no banner that the program
// stopped, nothing bad in the console, and a click on the flip editor's
// first cell changes it.
func checkAlive(t *testing.T, p *page, log *consoleLog, what string) {
	t.Helper()
	if msg := eval[string](p, `document.querySelector("#stopped")?.textContent ?? ""`); msg != "" {
		t.Fatalf("%s: %s", what, msg)
	}
	p.tab("flip")
	before := eval[string](p, `document.querySelector('#grid [data-i="0"]').className`)
	p.clickCell(0)
	if after := eval[string](p, `document.querySelector('#grid [data-i="0"]').className`); after == before {
		t.Errorf("%s: clicking a cell left it %q", what, after)
	}
	if bad := log.problems(); len(bad) > 0 {
		t.Fatalf("%s: console: %q", what, bad)
	}
}

// hasStrayPercent reports whether s holds a "%" that does not start an
// escape. The browser's own percent-encoding of a link keeps this so.
func hasStrayPercent(s string) bool {
	isHex := func(c byte) bool { return strings.IndexByte("0123456789abcdefABCDEF", c) >= 0 }
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && (i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2])) {
			return true
		}
	}
	return false
}

// checkNotice fails unless the page says a link is damaged exactly when it is.
func checkNotice(t *testing.T, p *page, frag string) {
	t.Helper()
	notice := eval[string](p, `document.querySelector("#link-notice")?.textContent ?? ""`)
	if damaged := hasStrayPercent(frag); damaged != strings.Contains(notice, "This link is damaged") {
		t.Errorf("#%q: damaged %v, notice %q", frag, damaged, notice)
	}
}

// Any fragment at all, on load or set later, leaves a working editor; a
// damaged escape is repaired and said so.
func TestBootHostileLinks(t *testing.T) {
	live, liveLog := openURL(t, baseURL)
	for _, frag := range hostileFragments(36, 2026) {
		p, log := openURL(t, baseURL+"#"+frag)
		checkAlive(t, p, log, fmt.Sprintf("opening #%q", frag))
		checkNotice(t, p, frag)
		p.do(chromedp.Navigate("about:blank")) // ends the page, keeps the browser light

		live.eval(`document.querySelector("#link-notice")?.remove()`)
		live.eval(fmt.Sprintf(`location.hash = %q`, frag))
		checkAlive(t, live, liveLog, fmt.Sprintf("setting location.hash = %q", frag))
		checkNotice(t, live, frag)
	}
}

// If the UI's Go program dies, the page says so instead of looking alive.
// The program is killed the way the bug report's links killed it: go-app's
// popstate handler reads a URL that Go cannot parse.
func TestBootStoppedBanner(t *testing.T) {
	p, _ := openURL(t, baseURL)
	p.eval(`history.replaceState(null, "", "#%zz"); window.onpopstate(new PopStateEvent("popstate"))`)
	p.waitFor(`document.querySelector("#stopped") !== null`)
	if msg := eval[string](p, `document.querySelector("#stopped").textContent`); !strings.HasPrefix(msg, "gridsolve stopped: panic: ") || !strings.Contains(msg, "Reload") {
		t.Errorf("banner says %q", msg)
	}
}
