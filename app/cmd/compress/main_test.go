package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
)

func readBuild(t *testing.T, dir string) Build {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(dir, "build.json"))
	if err != nil {
		t.Fatal(err)
	}
	var b Build
	if err := json.Unmarshal(raw, &b); err != nil {
		t.Fatal(err)
	}
	return b
}

func TestRun(t *testing.T) {
	dir := t.TempDir()
	files := map[string][]byte{
		"app.wasm": bytes.Repeat([]byte("\x00asm"), 5000),
		"boot.js":  []byte("console.log('boot')"),
		"empty":    nil,
	}
	for name, data := range files {
		os.WriteFile(filepath.Join(dir, name), data, 0o644)
	}
	if err := run(dir, "", []string{"app.wasm", "boot.js", "empty"}); err != nil {
		t.Fatal(err)
	}
	b := readBuild(t, dir)
	for name, data := range files {
		sum := sha256.Sum256(data)
		if got := b.Files[name]; got.Size != int64(len(data)) || got.SHA256 != hex.EncodeToString(sum[:]) {
			t.Errorf("%s: build.json says %+v", name, got)
		}
		for _, enc := range encoders {
			packed, err := os.ReadFile(filepath.Join(dir, name+enc.suffix))
			if err != nil {
				t.Fatal(err)
			}
			if got := decompress(t, enc.suffix, packed); !bytes.Equal(got, data) {
				t.Errorf("%s%s does not decompress to the file", name, enc.suffix)
			}
		}
	}
	if len(b.ID) != 16 {
		t.Errorf("id %q", b.ID)
	}

	// The same files give the same id; any change gives another.
	if err := run(dir, "", []string{"app.wasm", "boot.js", "empty"}); err != nil {
		t.Fatal(err)
	}
	if again := readBuild(t, dir).ID; again != b.ID {
		t.Errorf("id changed from %s to %s with no change", b.ID, again)
	}
	os.WriteFile(filepath.Join(dir, "boot.js"), []byte("console.log('boot 2')"), 0o644)
	if err := run(dir, "", []string{"app.wasm", "boot.js", "empty"}); err != nil {
		t.Fatal(err)
	}
	if changed := readBuild(t, dir).ID; changed == b.ID {
		t.Errorf("id %s did not change with boot.js", b.ID)
	}
}

func decompress(t *testing.T, suffix string, packed []byte) []byte {
	t.Helper()
	var r io.Reader
	switch suffix {
	case ".br":
		r = brotli.NewReader(bytes.NewReader(packed))
	case ".gz":
		zr, err := gzip.NewReader(bytes.NewReader(packed))
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	default:
		t.Fatalf("no decoder for %s", suffix)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestRunErrors(t *testing.T) {
	dir := t.TempDir()
	for _, names := range [][]string{{"missing.js"}, {"../etc/passwd"}, {"sub/x.js"}} {
		if err := run(dir, "", names); err == nil {
			t.Errorf("run(%q) succeeded", names)
		}
	}
}

// A copy newer than its file is kept; a file edited since is compressed
// again.
func TestRunKeepsFreshCopies(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "boot.js")
	os.WriteFile(file, []byte("console.log(1)"), 0o644)
	if err := run(dir, "", []string{"boot.js"}); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(file+".gz", []byte("kept"), 0o644)
	past := time.Now().Add(-time.Hour)
	os.Chtimes(file, past, past)
	if err := run(dir, "", []string{"boot.js"}); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(file + ".gz"); string(b) != "kept" {
		t.Errorf("a fresh copy was rewritten")
	}
	os.WriteFile(file, []byte("console.log(2)"), 0o644)
	os.Chtimes(file, time.Now().Add(time.Hour), time.Now().Add(time.Hour))
	if err := run(dir, "", []string{"boot.js"}); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(file + ".gz"); string(b) == "kept" {
		t.Errorf("a stale copy was kept")
	}
}

// A file rewritten with the same content keeps its copies, made newer
// than it.
func TestRunKeepsCopiesOfUnchangedFiles(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "app.wasm")
	os.WriteFile(file, []byte("\x00asm"), 0o644)
	if err := run(dir, "", []string{"app.wasm"}); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(file+".gz", []byte("kept"), 0o644)
	later := time.Now().Add(time.Hour)
	os.WriteFile(file, []byte("\x00asm"), 0o644)
	os.Chtimes(file, later, later)
	if err := run(dir, "", []string{"app.wasm"}); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(file + ".gz"); string(b) != "kept" {
		t.Errorf("the copy of an unchanged file was made again")
	}
	if !upToDate(file, ".gz") {
		t.Errorf("the kept copy is older than its file")
	}
}

// The page (index.html, beside web/) has its digest in build.json like
// every other file, so the service worker can refuse an index.html of
// another build, and a change to it alone is a new build.
func TestRunPage(t *testing.T) {
	top := t.TempDir()
	dir := filepath.Join(top, "web")
	os.Mkdir(dir, 0o755)
	page := filepath.Join(top, "index.html")
	os.WriteFile(filepath.Join(dir, "boot.js"), []byte("console.log('boot')"), 0o644)
	html := []byte("<!doctype html><title>gridsolve</title>")
	os.WriteFile(page, html, 0o644)
	if err := run(dir, page, []string{"boot.js"}); err != nil {
		t.Fatal(err)
	}
	b := readBuild(t, dir)
	sum := sha256.Sum256(html)
	if b.Page == nil || b.Page.Size != int64(len(html)) || b.Page.SHA256 != hex.EncodeToString(sum[:]) {
		t.Errorf("build.json says of the page %+v, want its size %d and digest %x", b.Page, len(html), sum)
	}
	if _, err := os.Stat(page + ".br"); err == nil {
		t.Error("the page was compressed: only the files of web/ are")
	}
	os.WriteFile(page, append(html, "<p>new"...), 0o644)
	if err := run(dir, page, []string{"boot.js"}); err != nil {
		t.Fatal(err)
	}
	if changed := readBuild(t, dir); changed.ID == b.ID {
		t.Errorf("id %s did not change with index.html", b.ID)
	}
	if err := run(dir, filepath.Join(top, "missing.html"), []string{"boot.js"}); err == nil {
		t.Error("a missing page was not an error")
	}
}
