package server

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestHandler(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "web"), 0o755)
	os.WriteFile(filepath.Join(root, "index.html"), []byte("<!doctype html>page"), 0o644)
	os.WriteFile(filepath.Join(root, "web", "app.wasm"), []byte("raw wasm"), 0o644)
	f, _ := os.Create(filepath.Join(root, "web", "app.wasm.gz"))
	zw := gzip.NewWriter(f)
	zw.Write([]byte("raw wasm"))
	zw.Close()
	f.Close()
	srv := httptest.NewServer(Handler(root))
	defer srv.Close()

	get := func(path, encoding string) (*http.Response, string) {
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		if encoding != "" {
			req.Header.Set("Accept-Encoding", encoding)
		}
		resp, err := http.DefaultTransport.RoundTrip(req) // no transparent gunzip
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp, string(body)
	}

	if resp, body := get("/", ""); resp.StatusCode != 200 || body != "<!doctype html>page" || resp.Header.Get("Cache-Control") != "no-cache" {
		t.Errorf("/: %d %q cache %q", resp.StatusCode, body, resp.Header.Get("Cache-Control"))
	}
	if resp, body := get("/web/app.wasm", ""); body != "raw wasm" || resp.Header.Get("Content-Type") != "application/wasm" {
		t.Errorf("plain wasm: %q %q", body, resp.Header.Get("Content-Type"))
	}
	resp, body := get("/web/app.wasm", "gzip, br")
	if resp.Header.Get("Content-Encoding") != "gzip" || resp.Header.Get("Content-Type") != "application/wasm" {
		t.Errorf("gzip wasm headers: %v", resp.Header)
	}
	if zr, err := gzip.NewReader(strings.NewReader(body)); err != nil {
		t.Errorf("gzip wasm body: %v", err)
	} else if b, _ := io.ReadAll(zr); string(b) != "raw wasm" {
		t.Errorf("gzip wasm inflates to %q", b)
	}
	for _, path := range []string{"/nothing", "/web/missing.js", "/web/missing.wasm"} {
		if resp, _ := get(path, "gzip"); resp.StatusCode != http.StatusNotFound {
			t.Errorf("%s: status %d, want 404", path, resp.StatusCode)
		}
	}
}
