//go:build e2e

package e2e

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"

	"gridsolve/app/server"
)

// pageCopy copies the built page (index.html, sw.js and web/) to a new
// directory, which a test may rebuild, and serves it on a server of its
// own, so its service worker and caches are the test's alone.
func pageCopy(t *testing.T) (dir string, srv *httptest.Server) {
	t.Helper()
	root, _ := filepath.Abs("../..")
	dir = t.TempDir()
	for _, name := range []string{"index.html", "sw.js"} {
		b, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, name), b, 0o644)
	}
	if err := os.CopyFS(filepath.Join(dir, "web"), os.DirFS(filepath.Join(root, "web"))); err != nil {
		t.Fatal(err)
	}
	srv = httptest.NewServer(server.Handler(dir))
	t.Cleanup(srv.Close)
	return dir, srv
}

// networkConditions are the parameters of Network.emulateNetworkConditions.
type networkConditions struct {
	Offline            bool    `json:"offline"`
	Latency            float64 `json:"latency"`
	DownloadThroughput float64 `json:"downloadThroughput"`
	UploadThroughput   float64 `json:"uploadThroughput"`
}

var emulateNetworkConditions = cdp.Command[networkConditions, cdp.Empty]{Method: "Network.emulateNetworkConditions"}

// goOffline cuts the tab off the network, as DevTools' "Offline" does.
func (p *page) goOffline() {
	p.t.Helper()
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, cdp.Command[struct{}, cdp.Empty]{Method: "Network.enable"}, struct{}{}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, emulateNetworkConditions, networkConditions{Offline: true, Latency: 0, DownloadThroughput: -1, UploadThroughput: -1})
		return err
	}))
}

// waitAcross waits until a JavaScript expression is truthy, through page
// loads (an evaluation that a navigation interrupts is tried again).
func (p *page) waitAcross(expr string) {
	p.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		ok, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool]("!!("+expr+")"))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("waiting for %s: %v", expr, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// controlled waits until the page's service worker controls it, which it
// does only once the whole build is in its cache.
func (p *page) controlled() {
	p.t.Helper()
	p.waitAcross(`navigator.serviceWorker.controller !== null`)
}

// After one visit the page works offline: it loads, draws, solves (the
// solver worker and its wasm come from the cache too) and shares.
func TestOffline(t *testing.T) {
	_, srv := pageCopy(t)
	p, log := openURL(t, srv.URL+"/#flip/%zz")
	p.controlled()

	cached, err := chromedp.Run(p.ctx, chromedp.Evaluate[[2]int](`(async () => {
		let files = 0, bytes = 0;
		for (const name of await caches.keys()) {
			const cache = await caches.open(name);
			for (const req of await cache.keys()) { files++; bytes += (await (await cache.match(req)).blob()).size }
		}
		return [files, bytes];
	})()`, chromedp.EvalAwaitPromise))
	if err != nil || cached[0] == 0 {
		t.Fatalf("nothing cached (%v)", err)
	}

	p.goOffline()
	srv.Close() // and really offline: nothing answers any more
	start := time.Now()
	p.do(chromedp.Reload())
	p.waitAcross(`document.querySelector("#grid [data-i]") !== null`)
	// Figures for a person, not checked: what the cache holds, and how
	// long an offline reload takes to show the editor.
	t.Logf("offline: %d files, %d bytes cached; the editor appeared %v after the reload", cached[0], cached[1], time.Since(start).Round(time.Millisecond))
	if online := eval[bool](p, `navigator.onLine`); online {
		t.Error("the tab is still online")
	}
	checkAlive(t, p, log, "offline")
	p.importText("5 3\nbwwbw\nwwbbw\nbbbww\n")
	p.tab("flip")
	p.solve()
	p.click("#share")
	p.waitFor(`document.querySelector("#share-url")?.value.includes("#flip/")`)
	if bad := log.problems(); len(bad) > 0 {
		t.Errorf("console: %q", bad)
	}
}

// rebuild changes a file of the page in dir, as a new build would, and
// rewrites build.json to match.
func rebuild(t *testing.T, dir, name, addition string) {
	t.Helper()
	path := filepath.Join(dir, "web", name)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b = append(b, addition...)
	os.WriteFile(path, b, 0o644) // now newer than its .br and .gz: those are not sent
	var build struct {
		ID    string                     `json:"id"`
		Files map[string]json.RawMessage `json:"files"`
	}
	raw, _ := os.ReadFile(filepath.Join(dir, "web", "build.json"))
	if err := json.Unmarshal(raw, &build); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	build.Files[name], _ = json.Marshal(map[string]any{"size": len(b), "sha256": hex.EncodeToString(sum[:])})
	build.ID += "-next"
	raw, _ = json.Marshal(build)
	os.WriteFile(filepath.Join(dir, "web", "build.json"), raw, 0o644)
}

// After a rebuild, an online reload runs the cached build whole and offers
// the new one; taking the offer loads it.
func TestUpdatePrompt(t *testing.T) {
	dir, srv := pageCopy(t)
	p, log := openURL(t, srv.URL+"/")
	p.controlled()

	const marker = "/* rebuilt */"
	rebuild(t, dir, "boot.css", marker)
	p.do(chromedp.Reload())
	p.waitAcross(`document.querySelector("#update")?.textContent.includes("A new version is ready")`)
	css, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](`fetch("web/boot.css").then(r => r.text())`, chromedp.EvalAwaitPromise))
	if err != nil || strings.Contains(css, marker) {
		t.Errorf("before reloading, the page already mixes in the new build (%v)", err)
	}
	checkAlive(t, p, log, "with an update waiting")

	p.do(chromedp.Click(chromedp.CSS("#update button")))
	p.waitAcross(`document.querySelector("#grid") !== null && !document.querySelector("#update")`)
	css, err = chromedp.Run(p.ctx, chromedp.Evaluate[string](`fetch("web/boot.css").then(r => r.text())`, chromedp.EvalAwaitPromise))
	if err != nil || !strings.Contains(css, marker) {
		t.Errorf("after reloading, the page still has the old build (%v)", err)
	}
	checkAlive(t, p, log, "after the update")
}

// A deploy that lands while the service worker installs can leave the
// server with a new index.html beside the old build.json: the worker
// must not keep that page with the old build's files. It refuses the
// install (the page runs online, and tries again on its next visit).
func TestOfflineRefusesOtherPage(t *testing.T) {
	dir, srv := pageCopy(t)
	const marker = "<!-- the next build -->"
	html, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "index.html"), append(html, marker...), 0o644)
	p, log := openURL(t, srv.URL+"/")
	checkAlive(t, p, log, "with a page of another build")
	// Wait until the worker has finished installing, one way or the other.
	installed, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](`(async () => {
		await window.gridsolveOffline;
		for (let i = 0; i < 600; i++) {
			const reg = await navigator.serviceWorker.getRegistration();
			if (!reg || !reg.installing) return true;
			await new Promise((r) => setTimeout(r, 100));
		}
		return false;
	})()`, chromedp.EvalAwaitPromise))
	if err != nil || !installed {
		t.Fatalf("the service worker still installing after a minute (%v)", err)
	}
	cached, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]string](`(async () => {
		const pages = [];
		for (const name of await caches.keys()) {
			const cache = await caches.open(name);
			for (const req of await cache.keys()) {
				if ((await (await cache.match(req)).text()).includes(`+"`"+marker+"`"+`)) pages.push(req.url);
			}
		}
		return pages;
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if len(cached) > 0 {
		t.Errorf("the service worker keeps the other build's page: %q", cached)
	}
	if eval[bool](p, `navigator.serviceWorker.controller !== null`) {
		t.Error("a service worker with the other build's page controls the page")
	}
}
