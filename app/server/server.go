// Package server serves the page: index.html and the web/ directory, as
// plain static files. It is kept out of the page's WebAssembly on purpose.
package server

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
)

// Handler serves index.html at / and the files of root/web under /web/.
// Every response must be revalidated, so a rebuilt wasm is never stale;
// a .wasm with a .wasm.gz beside it is sent gzip-compressed when the
// browser accepts it.
func Handler(root string) http.Handler {
	web := http.FileServer(http.Dir(filepath.Join(root, "web")))
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		http.ServeFile(w, r, filepath.Join(root, "index.html"))
	})
	mux.Handle("GET /web/", http.StripPrefix("/web", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		if strings.HasSuffix(r.URL.Path, ".wasm") && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			gz := filepath.Join(root, "web", filepath.FromSlash(filepath.Clean("/"+r.URL.Path))+".gz")
			if f, err := os.Open(gz); err == nil {
				defer f.Close()
				if st, err := f.Stat(); err == nil {
					w.Header().Set("Content-Type", "application/wasm")
					w.Header().Set("Content-Encoding", "gzip")
					w.Header().Set("Vary", "Accept-Encoding")
					http.ServeContent(w, r, r.URL.Path, st.ModTime(), f)
					return
				}
			}
		}
		web.ServeHTTP(w, r)
	})))
	return mux
}
