package server

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
)

// wasm is the content of the test's app.wasm: long enough to compress.
var wasm = bytes.Repeat([]byte("\x00asm gridsolve "), 100)

// testRoot makes a page directory: index.html, web/app.wasm with its
// gzip copy, web/app.js without one, and a subdirectory.
func testRoot(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	write := func(name string, data []byte) {
		t.Helper()
		name = filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("index.html", []byte("<!doctype html>page"))
	write("sw.js", []byte("self.onfetch = null"))
	write("go.mod", []byte("module secret"))
	write("web/app.wasm", wasm)
	write("web/app.wasm.gz", gzipped(t, wasm))
	write("web/app.wasm.br", brotlied(t, wasm))
	write("web/only-gzip.wasm", wasm)
	write("web/only-gzip.wasm.gz", gzipped(t, wasm))
	write("web/app.js", []byte("console.log(1)"))
	write("web/sub/x.css", []byte("p{}"))
	return root
}

func gzipped(t *testing.T, b []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(b)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func brotlied(t *testing.T, b []byte) []byte {
	var buf bytes.Buffer
	bw := brotli.NewWriterLevel(&buf, brotli.BestCompression)
	bw.Write(b)
	if err := bw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// get requests path with the given Accept-Encoding ("" for none), without
// the transport's transparent gunzip.
func get(t *testing.T, h http.Handler, path, acceptEncoding string) (*http.Response, []byte) {
	t.Helper()
	req := httptest.NewRequest("GET", path, nil)
	if acceptEncoding != "" {
		req.Header.Set("Accept-Encoding", acceptEncoding)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	resp := rec.Result()
	body, _ := io.ReadAll(resp.Body)
	return resp, body
}

func TestFiles(t *testing.T) {
	h := Handler(testRoot(t))
	for _, tc := range []struct {
		path, body, ctype string
	}{
		{"/", "<!doctype html>page", "text/html; charset=utf-8"},
		{"/sw.js", "self.onfetch = null", "text/javascript; charset=utf-8"},
		{"/web/app.js", "console.log(1)", "text/javascript; charset=utf-8"},
		{"/web/app.wasm", string(wasm), "application/wasm"},
		{"/web/sub/x.css", "p{}", "text/css; charset=utf-8"},
	} {
		resp, body := get(t, h, tc.path, "")
		if resp.StatusCode != 200 || string(body) != tc.body || resp.Header.Get("Content-Type") != tc.ctype {
			t.Errorf("%s: %d %q %q", tc.path, resp.StatusCode, body, resp.Header.Get("Content-Type"))
		}
	}
}

// Only index.html and web/ are served: no listing, nothing above web/.
func TestNotFound(t *testing.T) {
	h := Handler(testRoot(t))
	for _, path := range []string{
		"/nothing", "/index.html/", "/go.mod", "/web/", "/web/sub/", "/web/missing.js",
		"/web/missing.wasm", "/web/..%2fgo.mod", "/web/sub/..%2f..%2fgo.mod", "/web/%2e%2e/go.mod",
	} {
		resp, body := get(t, h, path, "gzip")
		if resp.StatusCode != http.StatusNotFound && resp.StatusCode != http.StatusMovedPermanently {
			t.Errorf("%s: status %d, want 404 (body %q)", path, resp.StatusCode, body)
		}
		if bytes.Contains(body, []byte("secret")) || bytes.Contains(body, []byte("x.css")) {
			t.Errorf("%s: leaks %q", path, body)
		}
	}
}

func TestHeadersOnEveryResponse(t *testing.T) {
	h := Handler(testRoot(t))
	for _, path := range []string{"/", "/sw.js", "/web/app.wasm", "/web/app.js", "/web/", "/missing"} {
		resp, _ := get(t, h, path, "gzip")
		for k, v := range SecurityHeaders {
			if got := resp.Header.Get(k); got != v {
				t.Errorf("%s: %s is %q, want %q", path, k, got, v)
			}
		}
		if got := resp.Header.Get("Cache-Control"); got != "no-cache" {
			t.Errorf("%s: Cache-Control %q, want no-cache", path, got)
		}
	}
	csp := SecurityHeaders["Content-Security-Policy"]
	for _, want := range []string{"default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "worker-src 'self'", "frame-ancestors 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP %q lacks %q", csp, want)
		}
	}
}

// The wasm is sent gzipped exactly when Accept-Encoding allows it, always
// with its Content-Length and Vary: Accept-Encoding.
func TestAcceptEncoding(t *testing.T) {
	h := Handler(testRoot(t))
	for _, tc := range []struct {
		accept, want string // want "" is no content coding
	}{
		{"", ""},
		{"gzip", "gzip"},
		{"GZip", "gzip"},
		{"br", "br"},
		{"gzip, deflate, br, zstd", "br"},
		{"gzip, br;q=0", "gzip"},
		{"br;q=0.5, gzip", "gzip"},
		{"br;q=0.5, gzip;q=0.5", "br"},
		{"gzip;q=0", ""},
		{"gzip; q=0.000", ""},
		{"gzip;q=0, *", "br"},
		{"*", "br"},
		{"*;q=0", ""}, // refuses everything: the plain file is the least bad
		{"deflate", ""},
		{"gzip;q=0.5, identity;q=1", ""},
		{"gzip;q=1, identity;q=0.5", "gzip"},
		{"identity;q=0, gzip", "gzip"},
		{"gzip;q=abc", ""},
		{"gzip;q=1.5", ""},
		{"gzip;q=-1", ""},
		{"x-gzip", ""},
		{"gzip;q=0.001", "gzip"},
	} {
		resp, body := get(t, h, "/web/app.wasm", tc.accept)
		what := "Accept-Encoding " + strconv.Quote(tc.accept)
		if got := resp.Header.Get("Content-Encoding"); got != tc.want {
			t.Errorf("%s: Content-Encoding %q, want %q", what, got, tc.want)
		}
		if resp.Header.Get("Vary") != "Accept-Encoding" || resp.Header.Get("Content-Type") != "application/wasm" {
			t.Errorf("%s: Vary %q, Content-Type %q", what, resp.Header.Get("Vary"), resp.Header.Get("Content-Type"))
		}
		if got := resp.Header.Get("Content-Length"); got != strconv.Itoa(len(body)) {
			t.Errorf("%s: Content-Length %q for %d bytes", what, got, len(body))
		}
		body = decode(t, tc.want, body)
		if !bytes.Equal(body, wasm) {
			t.Errorf("%s: body is not the wasm", what)
		}
	}
	// A file with no compressed copy is sent as it is, and varies on nothing.
	if resp, _ := get(t, h, "/web/app.js", "gzip"); resp.Header.Get("Content-Encoding") != "" || resp.Header.Get("Vary") != "" {
		t.Errorf("app.js: %v", resp.Header)
	}
}

// A file with only a gzip copy is sent gzipped even to a client that
// prefers Brotli.
func TestOnlyGzipCopy(t *testing.T) {
	resp, body := get(t, Handler(testRoot(t)), "/web/only-gzip.wasm", "br, gzip")
	if resp.Header.Get("Content-Encoding") != "gzip" || !bytes.Equal(decode(t, "gzip", body), wasm) {
		t.Errorf("headers %v", resp.Header)
	}
}

// decode undoes a content coding.
func decode(t *testing.T, coding string, body []byte) []byte {
	t.Helper()
	var r io.Reader
	switch coding {
	case "":
		return body
	case "br":
		r = brotli.NewReader(bytes.NewReader(body))
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("%s: %v", coding, err)
	}
	return out
}

func FuzzParseAcceptEncoding(f *testing.F) {
	for _, s := range []string{"", "gzip", "br;q=1.0, gzip;q=0.5, *;q=0", "gzip;q=", ";;,,=", "*;Q=0.9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, header string) {
		a := parseAcceptEncoding(header)
		for _, c := range []string{"gzip", "br", "identity", "*"} {
			if q := a.quality(c); q < 0 || q > 1 {
				t.Fatalf("%q: quality(%s) = %v", header, c, q)
			}
		}
		for c, q := range a {
			if c != strings.ToLower(strings.TrimSpace(c)) || q < 0 || q > 1 {
				t.Fatalf("%q: coding %q q %v", header, c, q)
			}
		}
	})
}

// serve runs New's server, with a short header timeout, on a free port.
func serve(t *testing.T, headerTimeout time.Duration) string {
	t.Helper()
	srv := New("", testRoot(t))
	srv.ReadHeaderTimeout = headerTimeout
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

func TestNewLimits(t *testing.T) {
	srv := New(":0", ".")
	if srv.ReadHeaderTimeout <= 0 || srv.ReadHeaderTimeout > 10*time.Second || srv.IdleTimeout <= 0 || srv.MaxHeaderBytes != 64<<10 {
		t.Errorf("ReadHeaderTimeout %v, IdleTimeout %v, MaxHeaderBytes %d", srv.ReadHeaderTimeout, srv.IdleTimeout, srv.MaxHeaderBytes)
	}
}

// A client that never finishes its header (slowloris) is cut off after the
// header timeout, not held open.
func TestSlowHeaderIsClosed(t *testing.T) {
	const timeout = time.Second
	conn, err := net.Dial("tcp", serve(t, timeout))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	start := time.Now()
	if _, err := conn.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")); err != nil {
		t.Fatal(err)
	}
	conn.SetReadDeadline(time.Now().Add(20 * timeout)) // only so a failure ends
	_, err = io.Copy(io.Discard, conn)
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Fatalf("connection still open after %v", time.Since(start))
	}
	t.Logf("closed after %v (header timeout %v)", time.Since(start).Round(time.Millisecond), timeout)
}

// A 1 MiB header is refused.
func TestHugeHeaderIsRefused(t *testing.T) {
	conn, err := net.Dial("tcp", serve(t, 5*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	go func() {
		conn.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + strings.Repeat("a", 1<<20) + "\r\n\r\n"))
	}()
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("status %d, want 431", resp.StatusCode)
	}
}

// A range of a compressed copy is not served: the whole copy is, with its
// length, and HEAD gives the same headers.
func TestCompressedIgnoresRange(t *testing.T) {
	h := Handler(testRoot(t))
	for _, method := range []string{"GET", "HEAD"} {
		req := httptest.NewRequest(method, "/web/app.wasm", nil)
		req.Header.Set("Accept-Encoding", "gzip")
		req.Header.Set("Range", "bytes=0-3")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		want := strconv.Itoa(len(gzipped(t, wasm)))
		if rec.Code != 200 || rec.Header().Get("Content-Length") != want || rec.Header().Get("Content-Encoding") != "gzip" {
			t.Errorf("%s: %d, Content-Length %q (want %s), Content-Encoding %q", method, rec.Code, rec.Header().Get("Content-Length"), want, rec.Header().Get("Content-Encoding"))
		}
	}
}

// A compressed copy older than its file (the file was edited since the
// build) is never served.
func TestStaleCopyIgnored(t *testing.T) {
	root := testRoot(t)
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(filepath.Join(root, "web", "app.wasm.gz"), old, old); err != nil {
		t.Fatal(err)
	}
	resp, body := get(t, Handler(root), "/web/app.wasm", "gzip")
	if resp.Header.Get("Content-Encoding") != "" || !bytes.Equal(body, wasm) {
		t.Errorf("stale copy served: %v", resp.Header)
	}
}

// A symlink inside the served folder that points outside it is not
// followed: /etc/passwd, or the repository's go.mod beside web/, is never
// served through it. A symlink that stays inside web/ still works.
func TestSymlinkOutsideNotServed(t *testing.T) {
	root := testRoot(t)
	outside := filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(outside, []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	links := map[string]string{
		"web/outside.txt": outside,
		"web/passwd":      "/etc/passwd",
		"web/mod.txt":     "../go.mod",
		"web/alias.css":   "sub/x.css",
		"web/up":          "..",
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(root, filepath.FromSlash(name))); err != nil {
			t.Fatal(err)
		}
	}
	h := Handler(root)
	for _, p := range []string{"/web/outside.txt", "/web/passwd", "/web/mod.txt", "/web/up/go.mod", "/web/up/index.html"} {
		if resp, body := get(t, h, p, ""); resp.StatusCode != http.StatusNotFound {
			t.Errorf("%s: status %d, body %.40q", p, resp.StatusCode, body)
		}
	}
	if resp, body := get(t, h, "/web/alias.css", ""); resp.StatusCode != 200 || string(body) != "p{}" {
		t.Errorf("/web/alias.css: status %d, body %q", resp.StatusCode, body)
	}
}

// A request for more than MaxRanges byte ranges gets the whole file, not
// a multipart answer the server must build range by range; a few ranges
// still get their parts.
func TestManyRangesRefused(t *testing.T) {
	h := Handler(testRoot(t))
	ranges := func(n int) string {
		var parts []string
		for i := range n {
			parts = append(parts, strconv.Itoa(i*10)+"-"+strconv.Itoa(i*10+4))
		}
		return "bytes=" + strings.Join(parts, ",")
	}
	for _, tc := range []struct {
		n    int
		code int
	}{{1, 206}, {2, 206}, {MaxRanges, 206}, {MaxRanges + 1, 200}, {1000, 200}} {
		req := httptest.NewRequest("GET", "/web/app.wasm", nil)
		req.Header.Set("Range", ranges(tc.n))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != tc.code {
			t.Errorf("%d ranges: status %d, want %d", tc.n, rec.Code, tc.code)
		}
		if tc.code == 200 && !bytes.Equal(rec.Body.Bytes(), wasm) {
			t.Errorf("%d ranges: body is not the whole file", tc.n)
		}
	}
}

// slowReaders starts n clients that each ask for a file far larger than
// the socket buffers and read it at 100 bytes a second, until limit.
func slowReaders(t *testing.T, addr string, n int, limit time.Duration) {
	t.Helper()
	for range n {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		conn.(*net.TCPConn).SetReadBuffer(4096)
		if _, err := conn.Write([]byte("GET /web/big.bin HTTP/1.1\r\nHost: x\r\n\r\n")); err != nil {
			t.Fatal(err)
		}
		go func() {
			buf := make([]byte, 100)
			for start := time.Now(); time.Since(start) < limit; time.Sleep(time.Second) {
				if _, err := conn.Read(buf); err != nil {
					return
				}
			}
		}()
	}
}

// serveBig runs New's server, its write stall shortened to stall, on a
// page folder holding a 16 MB web/big.bin. The channel gets each
// connection as the server closes it.
func serveBig(t *testing.T, stall time.Duration) (*http.Server, string, <-chan net.Conn) {
	t.Helper()
	root := testRoot(t)
	f, err := os.Create(filepath.Join(root, "web", "big.bin"))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(16 << 20); err != nil {
		t.Fatal(err)
	}
	f.Close()
	srv := New("", root)
	srv.Handler = handler(root, stall)
	if srv.WriteTimeout > 0 {
		srv.WriteTimeout = stall
	}
	closed := make(chan net.Conn, 100)
	srv.ConnState = func(c net.Conn, s http.ConnState) {
		if s == http.StateClosed {
			closed <- c
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return srv, ln.Addr().String(), closed
}

// Twenty clients reading at 100 B/s do not hold their connections: the
// server closes each once a write to it has stalled for the write stall.
// The wait is bounded, so a failure ends by itself.
func TestSlowReadersAreClosed(t *testing.T) {
	const stall, limit, n = time.Second, 20 * time.Second, 20
	_, addr, closed := serveBig(t, stall)
	start := time.Now()
	slowReaders(t, addr, n, limit)
	timeout := time.After(limit)
	for i := range n {
		select {
		case <-closed:
		case <-timeout:
			t.Fatalf("%d of %d slow readers still connected after %v (write stall %v)", n-i, n, limit, stall)
		}
	}
	t.Logf("%d slow readers all closed after %v (write stall %v)", n, time.Since(start).Round(time.Millisecond), stall)
}

// Slow readers do not hold a graceful shutdown to its deadline.
func TestSlowReadersDoNotHoldShutdown(t *testing.T) {
	const stall, limit, n = time.Second, 20 * time.Second, 20
	srv, addr, _ := serveBig(t, stall)
	slowReaders(t, addr, n, limit)
	time.Sleep(200 * time.Millisecond) // let every request start
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	start := time.Now()
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatalf("shutdown still waiting after %v: %v (write stall %v)", time.Since(start).Round(time.Millisecond), err, stall)
	}
	t.Logf("shutdown with %d slow readers took %v (write stall %v)", n, time.Since(start).Round(time.Millisecond), stall)
}
