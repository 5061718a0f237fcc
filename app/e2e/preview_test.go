//go:build e2e

package e2e

import (
	"context"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gridsolve/app/preview"
	"gridsolve/app/server"
	"gridsolve/app/share"
)

// A shared nonogram link shows its puzzle before the page's program has
// arrived: the preview's own small program draws it, the picture the
// page's Save… image is, and the page replaces it once it is up.
func TestPreviewBeforeThePage(t *testing.T) {
	const text = "5x5:2/4/4/4/2/1.1/5/5/3/1,aAx" // Tatham's Pattern, with given cells
	frag := share.Encode("nonogram", text)
	want, ok := preview.SVG(frag)
	if !ok {
		t.Fatal("no preview of the link")
	}
	dir, _ := pageCopy(t)
	release := make(chan struct{})
	files := server.Handler(dir)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/web/app.wasm" { // the page's program is held back
			select {
			case <-release:
			case <-time.After(time.Minute):
			}
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() {
		select {
		case <-release:
		default:
			close(release)
		}
	})

	clearCache(t)
	ctx, cancel := chromedp.NewContext(browser)
	t.Cleanup(cancel)
	ctx, cancelTimeout := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(cancelTimeout)
	p := &page{t: t, ctx: ctx}
	p.do(chromedp.EmulateViewport(phone.w, phone.h, chromedp.EmulatePortrait, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch))
	p.do(chromedp.Navigate(srv.URL + "/#" + frag))
	p.waitFor(`document.querySelector("#preview svg") !== null`)
	if eval[bool](p, `document.querySelector("#grid") !== null`) {
		t.Fatal("the page is up already: its program was not held back")
	}
	p.screenshot("preview-phone")
	// The page's picture, shape for shape: its clues' numbers in order,
	// its given cells (black squares, white dots) and its grid's lines.
	got := eval[string](p, `(() => {
	  const svg = document.querySelector("#preview svg");
	  const texts = [...svg.querySelectorAll("text")].map((e) => e.textContent).join(" ");
	  return texts + "|" + svg.querySelectorAll("rect").length + " rect " +
	    svg.querySelectorAll("circle").length + " circle " + svg.querySelectorAll("line").length + " line";
	})()`)
	if shapes := svgSummary(want); got != shapes {
		t.Errorf("the preview shows %q, the page's picture is %q", got, shapes)
	}
	if w := eval[float64](p, `document.querySelector("#preview svg").getBoundingClientRect().right`); w > float64(phone.w) {
		t.Errorf("the preview is wider than the phone's screen: it ends at %v px", w)
	}

	close(release)
	p.waitFor(`document.querySelectorAll("#grid [data-i]").length === 25`)
	if eval[bool](p, `document.querySelector("#preview") !== null`) {
		t.Error("the preview is still shown beside the page")
	}
}

// svgSummary says what the SVG text draws as the test reads the page: the
// texts' contents, then how many rects, circles and lines.
func svgSummary(svg string) string {
	var texts []string
	for _, m := range regexp.MustCompile(`<text[^>]*>([^<]*)</text>`).FindAllStringSubmatch(svg, -1) {
		texts = append(texts, m[1])
	}
	return strings.Join(texts, " ") + "|" + strconv.Itoa(strings.Count(svg, "<rect ")) + " rect " +
		strconv.Itoa(strings.Count(svg, "<circle ")) + " circle " + strconv.Itoa(strings.Count(svg, "<line ")) + " line"
}
