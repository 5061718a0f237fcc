// Command loadtime measures how long a shared puzzle link takes to open on
// a first visit: when the puzzle is visible, when it is editable, and when
// a Solve clicked at that moment is answered (issue 26's three columns).
//
// It serves a built folder (make dist) with the project's own server
// (app/server, so Brotli and gzip as deployed), and opens a shared link to
// a 25×25 nonogram (made by the nonogram generator, encoded by app/share)
// several times in headless Chromium (driven through the DevTools
// protocol), each time in a fresh profile: an empty HTTP cache, no service
// worker. The cache itself stays on, as on a real first visit, so a file
// the page preloads is not fetched twice. The connection is emulated in the server, as one link shared by
// every download, at each profile's speed and time to first byte. DevTools'
// own emulation (Network.emulateNetworkConditions) would throttle the
// page's requests only, not those of its solver worker and service worker,
// which share the real link with it. A profile's CPU slow-down is
// DevTools' (Emulation.setCPUThrottlingRate), which slows the page's
// thread only, not its workers'. For each load it notes, in ms from the
// start of navigation, taken in the page (performance.now):
//
//   - visible: the puzzle is drawn: a #preview element, or #grid with all
//     its cells;
//   - editable: #grid has all its cells and #solve can be clicked (the
//     probe then clicks it);
//   - answered: #status says "done" for that Solve;
//   - bytes: the response bytes the server sent until the answer, to the
//     page, its workers and its service worker.
//
// It prints every load and, per profile and folder, the medians. Given
// several folders, it loads them in turn, so that two builds are compared
// under the same load:
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
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"gridsolve/app/headless"
	"gridsolve/app/server"
	"gridsolve/app/share"
	"gridsolve/solvers/nonogram"
	"gridsolve/solvers/play"
)

// profile is an emulated phone: its link and its CPU.
type profile struct {
	mbit    float64
	latency time.Duration
	cpu     float64 // slow-down factor, 1 for none
}

func (p profile) String() string {
	return fmt.Sprintf("%g Mbit/s, %v, %gx CPU", p.mbit, p.latency, p.cpu)
}

// parseProfiles reads "1.6/150ms/4,10/40ms/1": Mbit/s, time to first
// byte and CPU slow-down of each profile.
func parseProfiles(s string) ([]profile, error) {
	var ps []profile
	for _, item := range strings.Split(s, ",") {
		f := strings.Split(strings.TrimSpace(item), "/")
		if len(f) != 3 {
			return nil, fmt.Errorf("profile %q is not mbit/latency/cpu", item)
		}
		mbit, err1 := strconv.ParseFloat(f[0], 64)
		lat, err2 := time.ParseDuration(f[1])
		cpu, err3 := strconv.ParseFloat(f[2], 64)
		if err1 != nil || err2 != nil || err3 != nil || mbit <= 0 || lat < 0 || cpu < 1 {
			return nil, fmt.Errorf("profile %q is not mbit/latency/cpu (like 1.6/150ms/4)", item)
		}
		ps = append(ps, profile{mbit, lat, cpu})
	}
	return ps, nil
}

// sharedPuzzle is the fragment of a link to a 25×25 nonogram, and its
// number of cells.
func sharedPuzzle() (string, int, error) {
	const side = 25
	text, err := nonogram.Game{}.Generate(context.Background(), play.Options{W: side, H: side, Level: nonogram.Medium, Seed: 26})
	if err != nil {
		return "", 0, err
	}
	return share.Encode("nonogram", text), side * side, nil
}

func main() {
	runs := flag.Int("runs", 5, "page loads to measure, of each folder and profile")
	profiles := flag.String("profiles", "1.6/150ms/4,10/40ms/1", "profiles to emulate: Mbit/s/time to first byte/CPU slow-down, comma-separated")
	exe := flag.String("chromium", "chromium", "the browser to drive")
	verbose := flag.Bool("v", false, "list the bytes of each file sent before the answer")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: loadtime [flags] [folder ...]   (default folder: dist)")
		flag.PrintDefaults()
	}
	flag.Parse()
	roots := flag.Args()
	if len(roots) == 0 {
		roots = []string{"dist"}
	}
	ps, err := parseProfiles(*profiles)
	if err != nil {
		fatal(err)
	}
	fragment, cells, err := sharedPuzzle()
	if err != nil {
		fatal(err)
	}

	fmt.Printf("a shared 25x25 nonogram, %d loads of each folder and profile, folders taken in turn\n", *runs)
	var all []*site
	for _, p := range ps {
		sites := make([]*site, len(roots))
		for i, root := range roots {
			if _, err := os.Stat(root + "/web/app.wasm"); err != nil {
				fatal(fmt.Errorf("%s holds no built page: run make dist first (%v)", root, err))
			}
			s, err := serve(root, p, &link{bytesPerSec: p.mbit * 1e6 / 8, latency: p.latency})
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
				at, err := load(*exe, s.url+"#"+fragment, cells, p.cpu)
				if err != nil {
					fatal(fmt.Errorf("%s, %v, load %d: %w", s.root, p, i+1, err))
				}
				start := s.link.start()
				upTo := func(ms float64) time.Time { return start.Add(time.Duration(ms * float64(time.Millisecond))) }
				b := s.link.sentBy(upTo(at.Answered))
				fmt.Printf("%s, %v, load %d: visible %5.0f ms, editable %5.0f ms, answered %5.0f ms, %8d bytes\n",
					s.root, p, i+1, at.Visible, at.Editable, at.Answered, b)
				if *verbose {
					fmt.Print(s.link.files(upTo(at.Answered)))
				}
				s.visible, s.editable = append(s.visible, at.Visible), append(s.editable, at.Editable)
				s.answered, s.bytes = append(s.answered, at.Answered), append(s.bytes, float64(b))
			}
		}
		all = append(all, sites...)
	}
	fmt.Println("\nmedians (ms; bytes sent until the answer):")
	fmt.Println("| folder | profile | puzzle visible | editable | first Solve answered | bytes |")
	fmt.Println("|---|---|---|---|---|---|")
	for _, s := range all {
		fmt.Printf("| %s | %v | %.0f | %.0f | %.0f | %.0f |\n",
			s.root, s.profile, median(s.visible), median(s.editable), median(s.answered), median(s.bytes))
	}
}

// site is one built folder, served under one profile, and what its loads
// measured.
type site struct {
	root, url                          string
	profile                            profile
	srv                                *http.Server
	link                               *link
	visible, editable, answered, bytes []float64
}

func serve(root string, p profile, l *link) (*site, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	srv := &http.Server{Handler: l.wrap(server.Handler(root)), ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	return &site{root: root, url: "http://" + ln.Addr().String() + "/", profile: p, srv: srv, link: l}, nil
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "loadtime:", err)
	os.Exit(1)
}

// probe runs in the page before any of its scripts (%d is the puzzle's
// number of cells). It notes when the puzzle is first drawn, when the
// editor can solve it, clicks Solve then, and notes when the answer is in.
const probe = `(() => {
  const cells = %d;
  const tick = setInterval(() => {
    const now = performance.now();
    const full = document.querySelectorAll("#grid [data-i]").length >= cells;
    if (!window.__visibleAt && (full || document.querySelector("#preview, [data-preview]"))) window.__visibleAt = now;
    const solve = document.getElementById("solve");
    const status = document.getElementById("status");
    if (!window.__editableAt) {
      if (!full || !solve || solve.disabled || !status) return;
      window.__editableAt = now;
      window.__seq = status.dataset.seq;
      solve.click();
      return;
    }
    if (status && status.dataset.seq !== window.__seq && status.dataset.state !== "busy") {
      window.__answeredAt = now;
      window.__answer = status.dataset.state + ": " + status.textContent;
      clearInterval(tick);
    }
  }, 20);
})();`

// times are the page's own times, in ms since navigation began.
type times struct {
	Visible, Editable, Answered float64
	Answer                      string
}

// load opens url once in a fresh browser, its page's CPU slowed down cpu
// times, and waits for the answer to the first Solve.
func load(exe, url string, cells int, cpu float64) (times, error) {
	profile, err := os.MkdirTemp("", "gridsolve-loadtime-")
	if err != nil {
		return times{}, err
	}
	defer os.RemoveAll(profile)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), headless.Options(exe, profile)...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(alloc)
	defer cancel()
	ctx, cancelTimeout := context.WithTimeout(ctx, 3*time.Minute)
	defer cancelTimeout()

	err = chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: cpu}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: fmt.Sprintf(probe, cells)})
		return err
	}), chromedp.Navigate(url))
	if err != nil {
		return times{}, err
	}
	for {
		at, err := chromedp.Run(ctx, chromedp.Evaluate[times](`({Visible: window.__visibleAt || 0, Editable: window.__editableAt || 0,
			Answered: window.__answeredAt || 0, Answer: window.__answer || ""})`))
		if err != nil {
			return times{}, fmt.Errorf("waiting for the answer: %w", err)
		}
		if at.Answered > 0 {
			if !strings.HasPrefix(at.Answer, "done") {
				return at, fmt.Errorf("the first Solve did not answer: %s", at.Answer)
			}
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
