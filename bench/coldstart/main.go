// Command coldstart measures what a user meets on the page's first Solve:
// how long it takes from the click on Solve to the answer in the status
// line, for each game's benchmark puzzle, against the same solve run
// natively.
//
// It serves a built folder (make dist) with the project's own server
// (app/server) and opens each puzzle through its share link in headless
// Chromium, twice per profile:
//
//   - first visit: a fresh profile, so nothing is cached: the worker's
//     module is downloaded and compiled while the page starts;
//   - repeat visit: the browser is closed and started again on the same
//     profile, so the HTTP cache, the service worker's offline copy and
//     V8's code cache (compiled WebAssembly kept beside a cached
//     response) are as a returning user has them.
//
// On each visit it waits until the editor shows, then idles for a given
// time (the user looking at the puzzle; the page starts its solver worker
// and, after a quiet spell, warms the solvers up), then clicks Solve. In
// the page (performance.now) it notes the pointerdown on Solve, when the
// page posts the job to a worker and when the worker's answer comes back,
// and when the status line says the solve is done; the status line also
// gives the solver's own time, taken in the worker. So each visit splits
// click to answer into: posted (the UI's Go code), worker (waiting for a
// ready worker, the solver, and the worker's glue), solver, and shown
// (the UI reading and drawing the answer). The same puzzle is solved
// natively through wasm/job, the worker's own code: the first run and
// the median of the next ones.
//
// The puzzles are those of the native benchmarks: ships BenchmarkJudge/
// Empty20, flip Benchmark200x200, iq BenchmarkSolveEmpty, nonogram
// BenchmarkSolveHard25 and tetravex BenchmarkHard5x5 (read from its
// source, so the two cannot drift apart).
//
//	make dist && go run ./bench/coldstart -runs 3
//	make coldstart RUNS=3
//	go run ./bench/coldstart -runs 3 /tmp/dist-before dist
//
// Each run prints one line per visit; the table at the end gives medians.
// Given several folders, it takes them in turn, so that two builds are
// compared under the same load.
// With -codecache it also traces whether V8 wrote the solver's compiled
// module to its code cache, or read it from there (see wasmCache). It is
// not part of make test.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"

	"gridsolve/app/headless"
	"gridsolve/app/server"
	"gridsolve/app/share"
	"gridsolve/solvers/flip"
	"gridsolve/solvers/iq"
	"gridsolve/solvers/ships"
	"gridsolve/wasm/job"
)

func main() {
	var b browser
	runs := flag.Int("runs", 1, "first and repeat visits to measure, per puzzle and idle time")
	idles := flag.String("idle", "0s,3s", "comma-separated times to wait between the editor showing and the click on Solve")
	games := flag.String("games", "ships,flip,iq,nonogram,tetravex", "comma-separated games whose puzzle to solve")
	natives := flag.Int("native", 11, "native solves of each puzzle: the first, then the median of the rest")
	flag.StringVar(&b.exe, "chromium", "chromium", "the browser to drive")
	flag.DurationVar(&b.stay, "stay", 3*time.Second, "how long a visit stays on the page after the answer")
	flag.BoolVar(&b.traceCache, "codecache", false, "trace each visit for V8's WebAssembly code cache events (it slows the page)")
	flag.StringVar(&b.jsFlags, "js-flags", "", "V8 flags for the browser, to try what V8 would do with other settings")
	repo := flag.String("repo", ".", "the repository, for the benchmarks' puzzles")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: coldstart [flags] [folder ...]   (default folder: dist)")
		flag.PrintDefaults()
	}
	flag.Parse()
	roots := flag.Args()
	if len(roots) == 0 {
		roots = []string{"dist"}
	}
	for _, root := range roots {
		if _, err := os.Stat(filepath.Join(root, "web", "app.wasm")); err != nil {
			fatal(fmt.Errorf("%s holds no built page: run make dist first (%v)", root, err))
		}
	}
	var waits []time.Duration
	for _, s := range strings.Split(*idles, ",") {
		d, err := time.ParseDuration(strings.TrimSpace(s))
		if err != nil || d < 0 {
			fatal(fmt.Errorf("-idle: %q is not a time to wait", s))
		}
		waits = append(waits, d)
	}
	all, err := benchPuzzles(*repo)
	if err != nil {
		fatal(err)
	}
	var chosen []puzzle
	for _, g := range strings.Split(*games, ",") {
		i := slices.IndexFunc(all, func(p puzzle) bool { return p.game == strings.TrimSpace(g) })
		if i < 0 {
			fatal(fmt.Errorf("-games: no puzzle for %q", g))
		}
		chosen = append(chosen, all[i])
	}

	// Natively first, while the browser is not competing for the CPU.
	for i := range chosen {
		p := &chosen[i]
		if p.nativeFirst, p.nativeWarm, err = native(p, max(*natives, 2)); err != nil {
			fatal(err)
		}
		fmt.Printf("%-9s %-22s native: first %8.2f ms, then %8.2f ms (median of %d)\n",
			p.game, p.bench, p.nativeFirst, p.nativeWarm, max(*natives, 2)-1)
	}

	urls := make([]string, len(roots))
	for i, root := range roots {
		url, stop, err := serve(root)
		if err != nil {
			fatal(err)
		}
		defer stop()
		urls[i] = url
	}
	type key struct {
		root   string
		game   string
		idle   time.Duration
		repeat bool
	}
	got := map[key][]visit{}
	// Folders take turns, so that a change in the machine's load falls on all.
	for run := range *runs {
		for _, p := range chosen {
			for _, idle := range waits {
				for r, root := range roots {
					vs, err := b.visits(urls[r]+"#"+share.Encode(p.game, p.text), idle)
					if err != nil {
						fatal(fmt.Errorf("%s: %s, idle %v, run %d: %w", root, p.game, idle, run+1, err))
					}
					for i, v := range vs {
						fmt.Printf("%s: %-9s idle %-4v %-6s visit, run %d: %s\n", root, p.game, idle, visitName[i], run+1, v)
						k := key{root, p.game, idle, i == 1}
						got[k] = append(got[k], v)
					}
				}
			}
		}
	}

	fmt.Printf("\nFirst Solve in the page: click to answer in ms, and as a multiple of the native solve;\n")
	fmt.Printf("in brackets the solver's own time in the page (its status line) as a multiple of native. Medians of %d runs.\n", *runs)
	for _, root := range roots {
		fmt.Printf("\n%-9s %10s", root, "native ms")
		for _, idle := range waits {
			for _, name := range visitName {
				fmt.Printf("  %-22s", fmt.Sprintf("%s, idle %v", name, idle))
			}
		}
		fmt.Println()
		for _, p := range chosen {
			fmt.Printf("%-9s %10.2f", p.game, p.nativeWarm)
			for _, idle := range waits {
				for i := range visitName {
					vs := got[key{root, p.game, idle, i == 1}]
					page := median(vs, func(v visit) float64 { return v.Answer - v.Click })
					solver := median(vs, func(v visit) float64 { return v.SolverMs })
					fmt.Printf("  %-22s", fmt.Sprintf("%6.0f ms %5.1f× (%.1f×)", page, page/p.nativeWarm, solver/p.nativeWarm))
				}
			}
			fmt.Println()
		}
	}
}

var visitName = [2]string{"first", "repeat"}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "coldstart:", err)
	os.Exit(1)
}

// puzzle is one benchmark's puzzle and its native times, in ms.
type puzzle struct {
	game, bench, text       string
	nativeFirst, nativeWarm float64
}

// benchPuzzles builds the native benchmarks' puzzles as judge text.
func benchPuzzles(repo string) ([]puzzle, error) {
	empty20 := &ships.Board{W: 20, H: 20, Cells: bytes.Repeat([]byte{'.'}, 400)}

	// As flip's benchmarkSize: random presses on a clear board.
	rng := rand.New(rand.NewPCG(7, 8))
	board, err := flip.NewBoard(200, 200)
	if err != nil {
		return nil, err
	}
	for i := range board.Black {
		if rng.IntN(2) == 1 {
			board.Press(i)
		}
	}

	hard25, err := os.ReadFile(filepath.Join(repo, "solvers", "nonogram", "testdata", "hard25.txt"))
	if err != nil {
		return nil, err
	}
	hard5x5, err := stringConst(filepath.Join(repo, "solvers", "tetravex", "solve_test.go"), "hardPuzzle")
	if err != nil {
		return nil, err
	}
	return []puzzle{
		{game: "ships", bench: "Judge/Empty20", text: empty20.String()},
		{game: "flip", bench: "200x200", text: board.String()},
		{game: "iq", bench: "SolveEmpty", text: new(iq.Board).String()},
		{game: "nonogram", bench: "SolveHard25", text: string(hard25)},
		{game: "tetravex", bench: "Hard5x5", text: hard5x5},
	}, nil
}

// stringConst returns the value of the string constant name declared in a
// Go source file.
func stringConst(file, name string) (string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		return "", err
	}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			v := s.(*ast.ValueSpec)
			for i, n := range v.Names {
				if n.Name != name || i >= len(v.Values) {
					continue
				}
				if lit, ok := v.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					return strconv.Unquote(lit.Value)
				}
			}
		}
	}
	return "", fmt.Errorf("%s: no string constant %s", file, name)
}

// native solves p n times through wasm/job, as the worker does, and
// returns the first time and the median of the others, in ms.
func native(p *puzzle, n int) (first, warm float64, err error) {
	var times []float64
	for range n {
		start := time.Now()
		out := job.Run(job.Request{Op: "solve", Game: p.game, Text: p.text}, func(int64) {})
		times = append(times, float64(time.Since(start).Microseconds())/1000)
		if strings.Contains(out, `"error"`) {
			return 0, 0, fmt.Errorf("%s: the native solve failed: %.200s", p.game, out)
		}
	}
	return times[0], median(times[1:], func(x float64) float64 { return x }), nil
}

func median[T any](xs []T, f func(T) float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := make([]float64, len(xs))
	for i, x := range xs {
		s[i] = f(x)
	}
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func serve(root string) (url string, stop func(), err error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: server.Handler(root), ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	return "http://" + ln.Addr().String() + "/", func() { srv.Close() }, nil
}

// probe runs in the page before any of its scripts. It notes when the
// editor first has cells, when the page starts and ends compiling the
// solver's module, when a solver worker first says it is ready, the pointerdown on Solve,
// when the page posts the solve to a worker and when the worker's answer
// comes back, and when the status line first says the solve ended.
const probe = `(() => {
  const c = window.__cold = {};
  new MutationObserver((_, o) => {
    const g = document.getElementById("grid");
    if (g && g.childElementCount > 0 && !c.editor) c.editor = performance.now();
    const s = document.getElementById("status");
    if (c.click && s && (s.dataset.state === "done" || s.dataset.state === "error")) {
      c.answer = performance.now();
      c.state = s.dataset.state;
      c.status = s.textContent;
      o.disconnect();
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  addEventListener("pointerdown", (e) => {
    if (!c.click && e.target.closest && e.target.closest("#solve")) c.click = performance.now();
  }, true);
  const W = window.Worker;
  window.Worker = function (...args) {
    const w = new W(...args);
    w.addEventListener("message", (e) => {
      if (e.data && e.data.type === "ready" && !c.worker) c.worker = performance.now();
      if (e.data && e.data.type === "done" && e.data.id === c.job && !c.done) c.done = performance.now();
      if (e.data && e.data.type === "done" && e.data.id < 0 && !c.click) c.warm = (c.warm || 0) + 1;
    });
    const post = w.postMessage;
    w.postMessage = function (m, ...rest) {
      if (c.click && !c.post && m && m.op === "solve") {
        c.post = performance.now();
        c.job = m.id;
      }
      return post.call(this, m, ...rest);
    };
    return w;
  };
  window.Worker.prototype = W.prototype;
  const compile = WebAssembly.compileStreaming;
  WebAssembly.compileStreaming = function (...args) {
    const t = performance.now();
    if (!c.compileAt) c.compileAt = t;
    return compile.apply(this, args).then((m) => {
      if (!c.compile) c.compile = performance.now() - t;
      return m;
    });
  };
})();`

// visit is what one visit measured, in ms since navigation began (Compile
// and SolverMs are durations).
type visit struct {
	Editor, CompileAt, Compile, Worker, Click, Post, Done, Answer float64
	Warm                                                          int
	State, Status                                                 string
	SolverMs                                                      float64
	Cache                                                         string // see wasmCache
}

func (v visit) String() string {
	return fmt.Sprintf("editor %5.0f, worker compiled %5.0f-%5.0f, ready %5.0f, click %5.0f: answer after %5.0f ms "+
		"(posted %3.0f, worker %5.0f, solver %4.0f, shown %3.0f); %d warm-up steps before",
		v.Editor, v.CompileAt, v.CompileAt+v.Compile, v.Worker, v.Click, v.Answer-v.Click,
		v.Post-v.Click, v.Done-v.Post, v.SolverMs, v.Answer-v.Done, v.Warm) + v.Cache
}

// solverMs returns the solver's own time that a status line ends with,
// as in "Solved (1,234 nodes, 56 ms)" or "… (56 ms).".
func solverMs(status string) (float64, error) {
	m := solverTime.FindStringSubmatch(strings.TrimSpace(status))
	if m == nil {
		return 0, fmt.Errorf("no solver time in the status %q", status)
	}
	return strconv.ParseFloat(m[1], 64)
}

var solverTime = regexp.MustCompile(`\b(\d+) ms\)\.?$`)

// browser says how to run the browser and how long a visit lasts.
type browser struct {
	exe        string
	stay       time.Duration // on the page after the answer
	traceCache bool          // see wasmCache
	jsFlags    string
}

// visits opens url in a fresh profile, then again after restarting the
// browser on that profile, and measures the first Solve of each visit.
func (b *browser) visits(url string, idle time.Duration) ([2]visit, error) {
	var vs [2]visit
	profile, err := os.MkdirTemp("", "gridsolve-coldstart-")
	if err != nil {
		return vs, err
	}
	defer os.RemoveAll(profile)
	for i := range vs {
		if vs[i], err = b.open(profile, url, idle); err != nil {
			return vs, fmt.Errorf("%s visit: %w", visitName[i], err)
		}
	}
	return vs, nil
}

// open starts the browser on profile, opens url, waits idle after the
// editor shows, clicks Solve and waits for the answer. It then waits
// until the service worker controls the page, so that a repeat visit
// finds the offline copy, stays a while as a user would, and closes the
// browser gracefully, so that its caches are on disk.
func (b *browser) open(profile, url string, idle time.Duration) (visit, error) {
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		headless.Options(b.exe, profile, chromedp.Flag("js-flags", b.jsFlags))...)
	defer cancelAlloc()
	tab, cancel := chromedp.NewContext(alloc)
	defer cancel()
	ctx, cancelTimeout := context.WithTimeout(tab, 3*time.Minute)
	defer cancelTimeout()

	wait := func(expr string) error {
		_, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingInterval(5*time.Millisecond)))
		return err
	}
	var cache *wasmCache
	var err error
	if b.traceCache {
		if cache, err = traceWasmCache(ctx); err != nil {
			return visit{}, err
		}
	}
	err = chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: probe})
		return err
	}), chromedp.Navigate(url))
	if err != nil {
		return visit{}, err
	}
	if err := wait(`window.__cold.editor && !document.querySelector("#solve").disabled`); err != nil {
		return visit{}, fmt.Errorf("waiting for the editor: %w", err)
	}
	time.Sleep(idle)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#solve"))); err != nil {
		return visit{}, err
	}
	if err := wait(`window.__cold.answer`); err != nil {
		return visit{}, fmt.Errorf("waiting for the answer: %w", err)
	}
	v, err := chromedp.Run(ctx, chromedp.Evaluate[visit](`(c => ({Editor: c.editor, Worker: c.worker || 0,
		CompileAt: c.compileAt || 0, Compile: c.compile || 0, Click: c.click, Post: c.post || 0, Done: c.done || 0, Warm: c.warm || 0, Answer: c.answer, State: c.state, Status: c.status}))(window.__cold)`))
	if err != nil {
		return visit{}, err
	}
	if v.State != "done" {
		return v, fmt.Errorf("the solve ended in state %s: %s", v.State, v.Status)
	}
	if v.SolverMs, err = solverMs(v.Status); err != nil {
		return v, err
	}
	if err := wait(`navigator.serviceWorker.controller !== null`); err != nil {
		return v, fmt.Errorf("waiting for the offline copy: %w", err)
	}
	time.Sleep(b.stay)
	if cache != nil {
		if v.Cache, err = cache.stop(ctx); err != nil {
			return v, err
		}
	}
	if err := chromedp.Cancel(tab); err != nil && !errors.Is(err, context.Canceled) {
		return v, fmt.Errorf("closing the browser: %w", err)
	}
	return v, nil
}

// wasmCache notes V8's code cache events for WebAssembly, from a trace of
// the browser: a module found in the cache ("v8.wasm.moduleCacheHit") or
// handed to it ("v8.wasm.compiledModule", "v8.wasm.cachedModule").
//
// Chromium 156 shows none for the solver's module, with or without the
// service worker, even after 4 s of solving and 40 s more on the page:
// V8 hands a module to the cache only some time after its optimised code
// has grown (--wasm-caching-timeout-ms), and that never comes. With
// -js-flags=--wasm-caching-timeout-ms=0 the module is cached as it is
// optimised, and the next visit reads it from the cache; a page cannot set
// that flag.
type wasmCache struct {
	mu     sync.Mutex
	events map[string]int
	done   chan struct{}
}

var wasmEvent = regexp.MustCompile(`"name":"(v8\.wasm\.(?:moduleCacheHit|moduleCacheInvalid\w*|compiledModule|cachedModule))"`)

func traceWasmCache(ctx context.Context) (*wasmCache, error) {
	c := &wasmCache{events: map[string]int{}, done: make(chan struct{})}
	err := chromedp.Listen(ctx, func(ev any) {
		switch e := ev.(type) {
		case *tracing.EventDataCollected:
			c.mu.Lock()
			for _, v := range e.Value {
				if m := wasmEvent.FindSubmatch(v); m != nil {
					c.events[string(m[1])]++
				}
			}
			c.mu.Unlock()
		case *tracing.EventTracingComplete:
			close(c.done)
		}
	})
	if err != nil {
		return nil, err
	}
	return c, chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, tracing.Start, tracing.StartParams{
			TransferMode: tracing.StartTransferModeReportEvents,
			TraceConfig:  &tracing.TraceConfig{IncludedCategories: []string{"disabled-by-default-devtools.timeline"}},
		})
		return err
	}))
}

// stop ends the trace and says what it saw.
func (c *wasmCache) stop(ctx context.Context) (string, error) {
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, tracing.End, cdp.Empty{})
		return err
	}))
	if err != nil {
		return "", err
	}
	select {
	case <-c.done:
	case <-ctx.Done():
		return "", ctx.Err()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	var b strings.Builder
	for _, name := range slices.Sorted(maps.Keys(c.events)) {
		fmt.Fprintf(&b, "; %s ×%d", name, c.events[name])
	}
	if b.Len() == 0 {
		return "; no wasm code cache event", nil
	}
	return b.String(), nil
}
