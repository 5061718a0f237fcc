// Command loadtime measures how long the page takes to show its editor on
// a slow connection, and how many bytes it downloads before it does.
//
// It serves a built folder (make dist) with the project's own server
// (app/server, so Brotli and gzip as deployed), and opens it several times
// in headless Chromium (driven through the DevTools protocol), each time in
// a fresh profile: no HTTP cache, no service worker. The connection is
// emulated in the server, as one link shared by every download: 10 Mbit/s,
// 40 ms from a request to its first byte. DevTools' own emulation
// (Network.emulateNetworkConditions) would throttle the page's requests
// only, not those of its solver worker and service worker, which share the
// real link with it. For each load it notes
//
//   - editor: the time from the start of navigation until the editor's
//     #grid has cells, taken in the page (performance.now);
//   - before: the response bytes the server sent until then, to the page,
//     its workers and its service worker;
//   - worker: when the spare solver worker said it is ready, and the bytes
//     sent by then.
//
// It prints every load and the medians. Given several folders, it loads
// them in turn, so that two builds are compared under the same load:
//
//	make dist && go run ./bench/loadtime -runs 5 dist
//	go run ./bench/loadtime -runs 5 /tmp/dist-before dist
//
// It is not part of make test.
package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"gridsolve/app/headless"
	"gridsolve/app/server"
)

func main() {
	runs := flag.Int("runs", 5, "page loads to measure, of each folder")
	mbit := flag.Float64("mbit", 10, "download speed of the link, Mbit/s")
	latency := flag.Duration("latency", 40*time.Millisecond, "time from a request to its first byte")
	exe := flag.String("chromium", "chromium", "the browser to drive")
	verbose := flag.Bool("v", false, "list the bytes of each file sent before the editor appeared")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: loadtime [flags] [folder ...]   (default folder: dist)")
		flag.PrintDefaults()
	}
	flag.Parse()
	roots := flag.Args()
	if len(roots) == 0 {
		roots = []string{"dist"}
	}

	fmt.Printf("%g Mbit/s, %v latency, %d loads of each folder, taken in turn\n", *mbit, *latency, *runs)
	sites := make([]*site, len(roots))
	for i, root := range roots {
		if _, err := os.Stat(root + "/web/app.wasm"); err != nil {
			fatal(fmt.Errorf("%s holds no built page: run make dist first (%v)", root, err))
		}
		s, err := serve(root, &link{bytesPerSec: *mbit * 1e6 / 8, latency: *latency})
		if err != nil {
			fatal(err)
		}
		defer s.srv.Close()
		sites[i] = s
	}
	// Folders take turns, so a change in the machine's load falls on all.
	for i := range *runs {
		for _, s := range sites {
			s.link.reset()
			at, err := load(*exe, s.url)
			if err != nil {
				fatal(fmt.Errorf("%s, load %d: %w", s.root, i+1, err))
			}
			start := s.link.start()
			upTo := func(ms float64) time.Time { return start.Add(time.Duration(ms * float64(time.Millisecond))) }
			b, w := s.link.sentBy(upTo(at.Editor)), s.link.sentBy(upTo(at.Worker))
			fmt.Printf("%s, load %d: editor after %5.0f ms, %8d bytes; worker ready after %5.0f ms, %8d bytes\n",
				s.root, i+1, at.Editor, b, at.Worker, w)
			if *verbose {
				fmt.Print(s.link.files(upTo(at.Editor)))
			}
			s.editor, s.before = append(s.editor, at.Editor), append(s.before, float64(b))
			s.worker, s.total = append(s.worker, at.Worker), append(s.total, float64(w))
		}
	}
	for _, s := range sites {
		fmt.Printf("%s, median: editor after %.0f ms, %.0f bytes; worker ready after %.0f ms, %.0f bytes\n",
			s.root, median(s.editor), median(s.before), median(s.worker), median(s.total))
	}
}

// site is one built folder, served, and what its loads measured.
type site struct {
	root, url                     string
	srv                           *http.Server
	link                          *link
	editor, before, worker, total []float64
}

func serve(root string, l *link) (*site, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	srv := &http.Server{Handler: l.wrap(server.Handler(root)), ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	return &site{root: root, url: "http://" + ln.Addr().String() + "/", srv: srv, link: l}, nil
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "loadtime:", err)
	os.Exit(1)
}

// probe runs in the page before any of its scripts: it notes when the
// editor's grid first has cells, and when a solver worker first says it is
// ready (its "ready" message, which web/solver.js ignores).
const probe = `(() => {
  new MutationObserver((_, o) => {
    const g = document.getElementById("grid");
    if (g && g.childElementCount > 0) { window.__editorAt = performance.now(); o.disconnect(); }
  }).observe(document, { subtree: true, childList: true });
  const W = window.Worker;
  window.Worker = function (...args) {
    const w = new W(...args);
    w.addEventListener("message", (e) => {
      if (e.data && e.data.type === "ready" && !window.__workerAt) window.__workerAt = performance.now();
    });
    return w;
  };
  window.Worker.prototype = W.prototype;
})();`

// times are the page's own times, in ms since navigation began.
type times struct{ Editor, Worker float64 }

// load opens url once in a fresh browser and waits for the editor and a
// ready solver worker.
func load(exe, url string) (times, error) {
	profile, err := os.MkdirTemp("", "gridsolve-loadtime-")
	if err != nil {
		return times{}, err
	}
	defer os.RemoveAll(profile)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), headless.Options(exe, profile)...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(alloc)
	defer cancel()
	ctx, cancelTimeout := context.WithTimeout(ctx, 2*time.Minute)
	defer cancelTimeout()

	err = chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: probe})
		return err
	}), chromedp.Navigate(url))
	if err != nil {
		return times{}, err
	}
	for {
		at, err := chromedp.Run(ctx, chromedp.Evaluate[times](`({Editor: window.__editorAt || 0, Worker: window.__workerAt || 0})`))
		if err != nil {
			return times{}, fmt.Errorf("waiting for the editor and the worker: %w", err)
		}
		if at.Editor > 0 && at.Worker > 0 {
			return at, nil
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(xs))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// link is the emulated connection: every response waits latency for its
// first byte, then its body shares bytesPerSec with every other response.
// It also keeps when each piece of each body was sent.
type link struct {
	bytesPerSec float64
	latency     time.Duration

	mu    sync.Mutex
	free  time.Time // when the link has sent all it was given
	first time.Time // when the page itself was requested
	sent  []piece
}

type piece struct {
	at    time.Time
	path  string
	bytes int
}

// chunk is how much of a body goes out at a time, so bodies sent at the
// same time interleave as on a real link.
const chunk = 8 << 10

func (l *link) reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.first, l.sent = time.Time{}, nil
}

func (l *link) start() time.Time {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.first
}

func (l *link) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l.mu.Lock()
		if l.first.IsZero() && r.URL.Path == "/" {
			l.first = time.Now()
		}
		l.mu.Unlock()
		time.Sleep(l.latency)
		h.ServeHTTP(&pacedWriter{ResponseWriter: w, link: l, path: r.URL.Path}, r)
	})
}

// send waits until the link has carried n more bytes of path.
func (l *link) send(path string, n int) {
	l.mu.Lock()
	now := time.Now()
	if l.free.Before(now) {
		l.free = now // idle until now
	}
	l.free = l.free.Add(time.Duration(float64(n) / l.bytesPerSec * float64(time.Second)))
	done := l.free
	l.sent = append(l.sent, piece{done, path, n})
	l.mu.Unlock()
	time.Sleep(time.Until(done))
}

// sentBy is how many bytes the link had carried by t.
func (l *link) sentBy(t time.Time) int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	var n int64
	for _, p := range l.sent {
		if !p.at.After(t) {
			n += int64(p.bytes)
		}
	}
	return n
}

// files lists the bytes of each path carried by t, the most first.
func (l *link) files(t time.Time) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	perPath := map[string]int{}
	for _, p := range l.sent {
		if !p.at.After(t) {
			perPath[p.path] += p.bytes
		}
	}
	paths := slices.SortedFunc(func(yield func(string) bool) {
		for p := range perPath {
			if !yield(p) {
				return
			}
		}
	}, func(a, b string) int { return perPath[b] - perPath[a] })
	var b strings.Builder
	for _, p := range paths {
		fmt.Fprintf(&b, "\t%8d %s\n", perPath[p], p)
	}
	return b.String()
}

// pacedWriter sends a response body through the link.
type pacedWriter struct {
	http.ResponseWriter
	link *link
	path string
}

func (w *pacedWriter) Write(b []byte) (int, error) {
	written := 0
	for len(b) > 0 {
		n := min(len(b), chunk)
		w.link.send(w.path, n)
		m, err := w.ResponseWriter.Write(b[:n])
		written += m
		if err != nil {
			return written, err
		}
		if f, ok := w.ResponseWriter.(http.Flusher); ok {
			f.Flush()
		}
		b = b[n:]
	}
	return written, nil
}
