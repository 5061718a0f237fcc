//go:build e2e

package e2e

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var (
	staticOnce sync.Once
	staticURL  string
)

// subPathURL serves the page the way a plain static host would (no
// security headers, no choice of encoding) under a sub-path, as GitHub
// Pages serves https://someone.github.io/gridsolve/.
func subPathURL(t *testing.T) string {
	staticOnce.Do(func() {
		root, _ := filepath.Abs("../..")
		mux := http.NewServeMux()
		mux.Handle("/gridsolve/", http.StripPrefix("/gridsolve", http.FileServer(http.Dir(root))))
		staticURL = httptest.NewServer(mux).URL + "/gridsolve/"
	})
	return staticURL
}

// The page works from a sub-path of a plain static host: it loads, draws,
// solves in the worker, shares links to the sub-path, and repairs a
// damaged link.
func TestSubPath(t *testing.T) {
	base := subPathURL(t)
	p, log := openURL(t, base+"#flip/%zz")
	checkNotice(t, p, "flip/%zz")
	checkAlive(t, p, log, "from a sub-path")
	p.importText("5 3\nbwwbw\nwwbbw\nbbbww\n")
	p.solve()
	p.click("#share")
	p.waitFor(`document.querySelector("#share-url")?.value.includes("#")`)
	if link := eval[string](p, `document.querySelector("#share-url").value`); !strings.HasPrefix(link, base+"#flip/") {
		t.Errorf("share link %q is not under %s", link, base)
	}
	if bad := log.problems(); len(bad) > 0 {
		t.Errorf("console: %q", bad)
	}
}
