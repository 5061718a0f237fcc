// Package server serves the page: index.html at /, its service worker at
// /sw.js, and the files of web/ under /web/, as plain static files. It is kept out of the page's
// WebAssembly on purpose.
//
// What it promises, on every response: the security headers of
// [SecurityHeaders] (a Content-Security-Policy that allows the page and
// nothing else), "no-cache" so a rebuilt page is never stale, and no
// directory listings. A file with precompressed copies beside it
// (app.wasm.br, app.wasm.gz) is sent compressed exactly when the request's
// Accept-Encoding allows it, Brotli before gzip before none unless the
// q-values say otherwise, with its Content-Length. [New] wraps the handler
// in an http.Server with the timeouts and limits a public deployment needs.
//
// Files are read through an [os.Root]: a symlink in the folder that points
// out of it is not followed. A client that stops reading is cut off once a
// write to it has stalled for [WriteStall], so it cannot hold its
// connection, or a graceful shutdown, for ever.
package server

import (
	"errors"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// SecurityHeaders are set on every response. The policy allows the page's
// own files, its WebAssembly (which needs 'wasm-unsafe-eval') and its
// solver worker, and nothing else; no site may frame the page. Inline
// style attributes are allowed because the UI sizes its grids with them
// (style="--cell: 32px"); they cannot run code. Images may come from blob:
// URLs, which is how Save… turns a puzzle's SVG into a PNG.
var SecurityHeaders = map[string]string{
	"Content-Security-Policy": "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; " +
		"style-src 'self' 'unsafe-inline'; img-src 'self' blob:; worker-src 'self'; object-src 'none'; base-uri 'none'; " +
		"form-action 'none'; frame-ancestors 'none'",
	"X-Content-Type-Options": "nosniff",
	"Referrer-Policy":        "no-referrer",
}

// Limits of the server [New] makes. A client that has not sent its whole
// header after ReadHeaderTimeout is cut off, so half-sent requests cannot
// pile up. Every write of a response (at most writeChunk bytes) must be
// taken within WriteStall: a slow phone fetching app.wasm keeps going for
// as long as it reads (32 KiB in 10 s is 26 kbit/s), one that stops
// reading is dropped. A request naming more than MaxRanges byte ranges
// gets the whole file: no browser asks for that many, and each range is
// work for the server.
const (
	ReadHeaderTimeout = 5 * time.Second
	IdleTimeout       = 60 * time.Second
	MaxHeaderBytes    = 64 << 10
	WriteStall        = 10 * time.Second
	MaxRanges         = 10
	writeChunk        = 32 << 10
)

// New returns a server for the page in root, listening on addr.
func New(addr, root string) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           handler(root, WriteStall),
		ReadHeaderTimeout: ReadHeaderTimeout,
		IdleTimeout:       IdleTimeout,
		MaxHeaderBytes:    MaxHeaderBytes,
		// Only the first deadline: the handler moves it on at every write.
		WriteTimeout: WriteStall,
	}
}

// Handler serves root/index.html at /, root/sw.js at /sw.js and the files
// of root/web under /web/, every write given WriteStall.
func Handler(root string) http.Handler { return handler(root, WriteStall) }

// handler is [Handler] with the write stall as a parameter, so tests can
// shorten it.
func handler(root string, stall time.Duration) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		serveFile(w, r, root, "index.html")
	})
	// The service worker sits beside index.html, so that its scope is the page.
	mux.HandleFunc("GET /sw.js", func(w http.ResponseWriter, r *http.Request) {
		serveFile(w, r, root, "sw.js")
	})
	// Files under /web/ are confined to web/, not just to root: a link in
	// web/ to ../go.mod is as foreign as one to /etc/passwd.
	web := filepath.Join(root, "web")
	mux.HandleFunc("GET /web/{file...}", func(w http.ResponseWriter, r *http.Request) {
		serveFile(w, r, web, strings.TrimPrefix(path.Clean("/"+r.PathValue("file")), "/"))
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for k, v := range SecurityHeaders {
			w.Header().Set(k, v)
		}
		w.Header().Set("Cache-Control", "no-cache")
		if strings.Count(r.Header.Get("Range"), ",") >= MaxRanges {
			r.Header.Del("Range")
		}
		mux.ServeHTTP(stallWriter{w, http.NewResponseController(w), stall}, r)
	})
}

// stallWriter gives every write of a response its own deadline, stall
// from when it starts, so a response lasts as long as the client keeps
// reading and no longer. It is also the deadline of the final flush after
// the handler returns, and of the next response's header on the same
// connection until that one writes.
type stallWriter struct {
	http.ResponseWriter
	rc    *http.ResponseController
	stall time.Duration
}

func (w stallWriter) Write(p []byte) (int, error) {
	n := 0
	for len(p) > 0 {
		chunk := p[:min(len(p), writeChunk)]
		// An error means the writer has no deadlines (a test recorder):
		// then there is no connection to hold either.
		_ = w.rc.SetWriteDeadline(time.Now().Add(w.stall))
		m, err := w.ResponseWriter.Write(chunk)
		n += m
		if err != nil {
			return n, err
		}
		p = p[m:]
	}
	return n, nil
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (w stallWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// encodings are the precompressed copies a file may have beside it, in
// the order preferred when the client likes several equally.
var encodings = []struct{ name, suffix string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// serveFile serves the regular file name (slash-separated) inside dir, or
// the precompressed copy of it that the request's Accept-Encoding likes
// best. When the client refuses every form, it still gets the plain file:
// a refusal is more use to nobody. The folder is opened afresh for each
// request, so a deploy that replaces it is served at once.
func serveFile(w http.ResponseWriter, r *http.Request, dir, name string) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer root.Close()
	f, st, err := openRegular(root, name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	if ctype := contentType(name); ctype != "" {
		w.Header().Set("Content-Type", ctype)
	}
	if strings.HasSuffix(name, ".wasm") {
		w.Header().Set("Vary", "Accept-Encoding")
	}
	accept := parseAcceptEncoding(r.Header.Get("Accept-Encoding"))
	body, bodySt := f, st // what is sent: the file or its best copy
	best, bestQ := "", accept.quality("identity")
	for _, enc := range encodings {
		cf, cst, err := openRegular(root, name+enc.suffix)
		if err != nil {
			continue
		}
		defer cf.Close()
		if cst.ModTime().Before(st.ModTime()) {
			continue // a copy older than its file is stale: never served
		}
		w.Header().Set("Vary", "Accept-Encoding")
		if q := accept.quality(enc.name); q > bestQ || (q > 0 && q == bestQ && best == "") {
			best, bestQ, body, bodySt = enc.name, q, cf, cst
		}
	}
	if best != "" {
		// ServeContent leaves out the length of an encoded body, and the
		// loader's progress bar needs it: the whole copy is sent, never a
		// range of it.
		r.Header.Del("Range")
		w.Header().Set("Content-Encoding", best)
		w.Header().Set("Content-Length", strconv.FormatInt(bodySt.Size(), 10))
	}
	http.ServeContent(w, r, "", bodySt.ModTime(), body)
}

// openRegular opens name inside root if it is a regular file: a directory
// is not served, so nothing is ever listed.
func openRegular(root *os.Root, name string) (*os.File, fs.FileInfo, error) {
	f, err := root.Open(filepath.FromSlash(name))
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() {
		err = errors.New("not a regular file")
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, st, nil
}

// contentType is the media type of a file by its extension, with the few
// types the page needs that Go's table may lack.
func contentType(name string) string {
	switch path.Ext(name) {
	case ".wasm":
		return "application/wasm"
	case ".webmanifest":
		return "application/manifest+json"
	case ".js":
		return "text/javascript; charset=utf-8"
	}
	return mime.TypeByExtension(path.Ext(name))
}
