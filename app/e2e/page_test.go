//go:build e2e

package e2e

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/base64"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp/kb"

	"gridsolve/app/share"
	"gridsolve/solvers"
	"gridsolve/solvers/flip"
	"gridsolve/solvers/iq"
	"gridsolve/solvers/nonogram"
	"gridsolve/solvers/ships"
	"gridsolve/solvers/tetravex"
)

// gridHTML is the drawn grid, to compare two tabs' editors exactly.
func (p *page) gridHTML() string {
	return eval[string](p, `document.querySelector("#grid").innerHTML.replaceAll(" sel\"", "\"").replaceAll(" cursor\"", "\"")`)
}

// Every editor's Share link, opened in a fresh tab, restores it exactly,
// even after the first tab has moved on (and saved something else).
func TestShareRoundTrip(t *testing.T) {
	p := openPuzzle(t, "flip", "5 3\nbwwbw\nwwbbw\nbbbww\n")
	p.clickCell(4)
	for _, g := range solvers.All {
		game := g.Name()
		first := map[bool]int{true: 10, false: 1}[game == "iq"] // IQ's cells 1 and 2 are off the triangle
		p.tab(game)
		p.editing(game)
		p.clickCell(first)
		p.click("#share")
		p.waitFor(`document.querySelector("#share-url")?.value.includes("#")`)
		link := eval[string](p, `document.querySelector("#share-url").value`)
		text, grid := p.exported(), p.gridHTML()
		if game == "ships" {
			p.screenshot("share")
		}
		p.clickCell(first + 1) // changes the first tab's puzzle after sharing

		_, fragment, ok := strings.Cut(link, "#")
		if !ok || !strings.HasPrefix(link, baseURL) {
			t.Fatalf("%s: share link %q is not a link to the page", game, link)
		}
		q := open(t, fragment)
		if got := eval[string](q, `document.querySelector(".tab.active").id`); got != "tab-"+game {
			t.Errorf("%s: link opens the %s tab", game, got)
		}
		q.editing(game) // it opens to play; the sharer was editing
		if got := q.exported(); got != text {
			t.Errorf("%s: link restores\n%s\nwant\n%s", game, got, text)
		}
		if got := q.gridHTML(); game != "nonogram" && got != grid { // a nonogram link holds clues, not the drawing
			t.Errorf("%s: link draws\n%s\nwant\n%s", game, got, grid)
		}
	}
}

func rawDeflate(b []byte) string {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	w.Write(b)
	w.Close()
	return base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// Hostile or broken links show a message, inject nothing, and leave a
// working page.
func TestHostileFragments(t *testing.T) {
	fragments := map[string]string{
		"flip/!!!!":                              "not valid base64url",
		"flip/AAAA":                              "corrupt",
		"chess/AAAA":                             "unknown puzzle",
		"just-a-word":                            "no puzzle",
		`<img src=x onerror="window.pwned=1">/x`: "unknown puzzle",
		"ships/" + rawDeflate(bytes.Repeat([]byte("."), share.MaxText+1)): "inflates beyond",
		share.Encode("flip", "3 2\nbwb\nwbx\n"):                           "unexpected 'x'",
		share.Encode("nonogram", "<script>window.pwned=1</script>"):       "got <script>",
	}
	for frag, want := range fragments {
		p := open(t, frag)
		p.waitFor(`document.querySelector("#status").dataset.state === "error"`)
		status := p.statusNow()
		if !strings.Contains(status, "This link is damaged") || !strings.Contains(status, want) {
			t.Errorf("fragment %.40q: status %q, want a message about %q", frag, status, want)
		}
		// A damaged link to a known game opens that game's tab (issue 27,
		// item 9), and its message is in plain words, no package names.
		if game, _, _ := strings.Cut(frag, "/"); game == "flip" || game == "nonogram" || game == "ships" {
			if got := eval[string](p, `document.querySelector(".tab.active").id`); got != "tab-"+game {
				t.Errorf("fragment %.40q opens %s", frag, got)
			}
		}
		if strings.Contains(status, "share: ") || strings.Contains(status, "flip: ") || strings.Contains(status, "nonogram: ") {
			t.Errorf("fragment %.40q: status %q names a package", frag, status)
		}
		if eval[bool](p, `window.pwned === 1 || document.querySelectorAll("img, script:not([src])").length > 1`) {
			t.Fatalf("fragment %.40q injected markup", frag)
		}
	}
	// The last page still works.
	p := open(t, "flip/!!!!")
	p.screenshot("hostile-link")
	p.tab("flip")
	p.clickCell(0)
	p.solve()
}

// The last drawn puzzle survives a reload, without any link.
func TestReloadRestores(t *testing.T) {
	p := openPuzzle(t, "ships", "5 4\n.....\n.....\n.....\n.....\n")
	p.clickCell(3)
	p.clickCell(7)
	p.clickCell(7)
	text, grid := p.exported(), p.gridHTML()
	p.tab("flip")
	p.tab("ships")
	q := open(t, "")
	if got := q.exported(); got != text {
		t.Errorf("reload shows\n%s\nwant\n%s", got, text)
	}
	if got := q.gridHTML(); got != grid {
		t.Errorf("reload draws\n%s\nwant\n%s", got, grid)
	}
}

// Each editor loads a judge text through the import box (the same parser
// as the command line), and its plain-text grid, naming that format; a
// broken one shows the parser's message.
func TestImport(t *testing.T) {
	type parser func(string) (fmt.Stringer, error)
	cases := map[string]struct {
		text, bad string
		parse     parser
	}{
		"ships": {"4 3\n.x..\n.x.o\n....\n0 0\n", "4 3\n.x..\n.x\n....\n",
			func(s string) (fmt.Stringer, error) { return ships.ParseBoard(s) }},
		"flip": {"bwbw\nbbww\nwwbb\nbwbw\n", "3 3\nbwb\nww\n",
			func(s string) (fmt.Stringer, error) { return flip.ParseBoard(s) }},
		"iq": {"A\nAA\n...\n....\n.....\n......\n.......\n........\n.........\n..........\n", "A\nAA\nQ..\n",
			func(s string) (fmt.Stringer, error) { return iq.ParseBoard(s) }},
		"nonogram": {"3x2:1/1/1/2/1", "2 2\n1 5\n",
			func(s string) (fmt.Stringer, error) { return nonogram.ParseClues(s) }},
		"tetravex": {"1\n1 2 3 4\n0\n", "2\n1 2 3 4\n",
			func(s string) (fmt.Stringer, error) { return tetravex.ParsePuzzle(s) }},
	}
	p := openPuzzle(t, "flip", "2 2\nbw\nwb\n")
	for _, g := range solvers.All {
		c, ok := cases[g.Name()]
		if !ok {
			t.Errorf("%s: no import sample to test", g.Name())
			continue
		}
		game := g.Name()
		p.tab(game)
		if v, err := c.parse(c.text); err != nil {
			t.Errorf("%s: sample does not parse natively: %v", game, err)
		} else {
			p.importText(c.text)
			if got := p.exported(); got != v.String() {
				t.Errorf("%s: imported puzzle exports as\n%s\nwant\n%s", game, got, v.String())
			}
			// The last format written: a plain grid, or the like.
			formats := g.(solvers.Converter).Formats()
			f := formats[len(formats)-1]
			for !f.Export {
				formats = formats[:len(formats)-1]
				f = formats[len(formats)-1]
			}
			grid, err := g.(solvers.Converter).Export(v.String(), f.Name)
			if err != nil {
				t.Fatalf("%s: %v", game, err)
			}
			p.importText(grid)
			if got := p.statusNow(); !strings.HasPrefix(got, "Loaded a") || !strings.Contains(got, " puzzle ("+f.Name+")") {
				t.Errorf("%s: loading its %s says %q", game, f.Name, got)
			}
			if got := p.exported(); got != v.String() {
				t.Errorf("%s: its %s loads as\n%s\nwant\n%s", game, f.Name, got, v.String())
			}
		}
		_, err := c.parse(c.bad)
		if err == nil {
			t.Errorf("%s: broken sample parses natively", game)
			continue
		}
		before := p.exported()
		p.importText(c.bad)
		// The parser's words, without its package name (issue 27, item 10).
		words := strings.TrimPrefix(err.Error(), game+": ")
		words = strings.ToUpper(words[:1]) + words[1:]
		if got := p.statusNow(); got != words {
			t.Errorf("%s: broken import shows %q, want the parser's %q", game, got, words)
		}
		if got := p.exported(); got != before {
			t.Errorf("%s: a broken import changed the puzzle", game)
		}
	}
}

// hardTetravex returns a puzzle the native solver cannot finish within
// three seconds (the wasm worker is slower still): a generated 8×8 board
// of six edge values with two top edges swapped, so every counting
// argument still balances.
func hardTetravex(t *testing.T) *tetravex.Puzzle {
	for seed := range uint64(20) {
		p := tetravex.Generate(8, 6, rand.New(rand.NewPCG(seed, 99)))
		a, b := &p.Cards[3], &p.Cards[40]
		if a[tetravex.Top] == b[tetravex.Top] {
			continue
		}
		a[tetravex.Top], b[tetravex.Top] = b[tetravex.Top], a[tetravex.Top]
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		_, err := tetravex.Solve(ctx, p, nil)
		cancel()
		if err != nil {
			return p
		}
	}
	t.Fatal("no generated tetravex puzzle keeps the native solver busy for three seconds; pick a harder long solve")
	return nil
}

// A long solve shows progress, leaves the main thread free (no task over
// 50 ms while the worker searches), stops on Cancel, and a new solve works
// afterwards.
func TestCancelAndResponsiveness(t *testing.T) {
	hard := hardTetravex(t)
	p := openPuzzle(t, "tetravex", hard.String())
	p.waitFor(`!document.querySelector("#solve").disabled`)
	p.click("#solve")
	p.waitFor(`/Solving…\s*[1-9]/.test(document.querySelector("#status").textContent)`)

	// Watch the main thread while the search runs: long tasks, and the
	// longest gap between animation frames. A long task has to show in
	// three windows running to count: the page's own work would.
	p.eval(`(() => {
		window.maxFrameGap = 0;
		let last = performance.now();
		const frame = now => {
			window.maxFrameGap = Math.max(window.maxFrameGap, now - last);
			last = now;
			requestAnimationFrame(frame);
		};
		requestAnimationFrame(frame);
	})()`)
	clean := false
	for window := 1; window <= 3 && !clean; window++ {
		long := p.watchMainThread(func() {
			p.eval(`window.maxFrameGap = 0; window.watchStart = performance.now()`)
			before := p.statusNow()
			// Progress keeps moving while the search runs.
			p.waitFor(fmt.Sprintf(`document.querySelector("#status").textContent.split(" nodes")[0] !== %q.split(" nodes")[0]`, before))
			p.waitFor(`performance.now() - window.watchStart > 1200`)
		})
		gap := eval[float64](p, `window.maxFrameGap`)
		t.Logf("window %d while solving: tasks over 50 ms %v CPU (%v wall), longest frame gap %.0f ms; %s", window, long.cpu, long.wall, gap, p.statusNow())
		clean = len(long.cpu) == 0
	}
	if !clean {
		t.Errorf("main-thread tasks over 50 ms in every window while solving")
	}
	p.screenshot("solving")

	// The page answers clicks while the worker is busy.
	start := eval[float64](p, `performance.now()`)
	p.tab("flip")
	p.tab("tetravex")
	t.Logf("two tab switches during the search took %.0f ms", eval[float64](p, `performance.now()`)-start)
	if !strings.HasPrefix(p.statusNow(), "Solving") {
		t.Fatalf("the search ended by itself: %s", p.statusNow())
	}

	p.focusBoard()
	p.press(kb.Escape) // Esc cancels, as the Cancel button does
	p.waitFor(`document.querySelector("#status").textContent.startsWith("Cancelled after")`)
	p.waitFor(`!document.querySelector("#solve").disabled`)
	t.Log(p.statusNow())

	// A fresh worker answers the next solve.
	p.importText("2\n1 2 3 4\n5 6 7 2\n3 8 9 1\n7 4 2 8\n0\n")
	status := p.solve()
	t.Logf("after cancel: %s", status)
}

// A link naming only a puzzle, "#iq", opens that puzzle's tab as it is,
// with no complaint about the link.
func TestTabLink(t *testing.T) {
	p := open(t, "iq")
	p.waitFor(`document.querySelector("#tab-iq").classList.contains("active")`)
	if got := p.statusNow(); strings.Contains(got, "damaged") {
		t.Errorf("#iq says %q", got)
	}
	if frag := eval[string](p, `location.hash`); !strings.HasPrefix(frag, "#iq/") {
		t.Errorf("the address became %q, want the IQ puzzle's link", frag)
	}
}
