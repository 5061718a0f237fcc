//go:build e2e

package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// The server's Content-Security-Policy lets the whole page work: the UI's
// wasm, the solver worker and its wasm, the styles and the icon, with no
// violation in the console. Once the service worker serves the page, the
// policy still comes with it.
func TestCSPAllowsThePage(t *testing.T) {
	p, log := openURL(t, baseURL)
	p.controlled()
	csp, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](`fetch(location.href).then(r => r.headers.get("Content-Security-Policy") ?? "")`, chromedp.EvalAwaitPromise))
	if err != nil || csp == "" {
		t.Fatalf("the page is served without a Content-Security-Policy (%v)", err)
	}
	p.importText("5 3\nbwwbw\nwwbbw\nbbbww\n")
	p.tab("flip")
	p.solve()
	checkAlive(t, p, log, "after solving under the policy")
}
