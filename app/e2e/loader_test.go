//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// clearCache empties the browser's HTTP cache, so the next page load
// downloads everything.
func clearCache(t *testing.T) {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser)
	defer cancel()
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, network.ClearBrowserCache, cdp.Empty{})
		return err
	}))
	if err != nil {
		t.Fatal(err)
	}
}

// The loader counts the UI's wasm up to its full size, in several steps,
// before the editor appears.
func TestLoaderProgress(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "web", "build.json"))
	if err != nil {
		t.Fatal(err)
	}
	var build struct {
		Files map[string]struct{ Size int64 } `json:"files"`
	}
	if err := json.Unmarshal(raw, &build); err != nil {
		t.Fatal(err)
	}
	want := build.Files["app.wasm"].Size

	clearCache(t)
	_, srv := pageCopy(t) // a fresh origin: no service worker has a copy yet
	p, log := openURL(t, srv.URL+"/")
	data := eval[map[string]string](p, `({...document.documentElement.dataset})`)
	done, _ := strconv.ParseInt(data["loadDone"], 10, 64)
	total, _ := strconv.ParseInt(data["loadTotal"], 10, 64)
	steps, _ := strconv.Atoi(data["loadSteps"])
	if done != want || total != want || steps < 3 {
		t.Errorf("loader ended at %d of %d bytes after %d steps, want %d of %d", done, total, steps, want, want)
	}
	transfer := eval[map[string]float64](p, `(e => ({transfer: e.transferSize, encoded: e.encodedBodySize, decoded: e.decodedBodySize}))(performance.getEntriesByName(new URL("web/app.wasm", location.href).href)[0])`)
	t.Logf("app.wasm: %.0f bytes transferred (%.0f encoded body, %.0f decoded)", transfer["transfer"], transfer["encoded"], transfer["decoded"])
	checkAlive(t, p, log, "after loading")
}
