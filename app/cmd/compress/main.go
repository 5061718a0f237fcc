// Command compress prepares the page's built files for serving. Beside
// each file it writes a Brotli copy (name.br) and a gzip copy (name.gz),
// each compressed as hard as its format allows, for the server to send to
// browsers that accept them, and it writes build.json, which describes the
// build:
//
//	{"id": "3f2a…", "files": {"app.wasm": {"size": 2093121, "sha256": "…"}, …},
//	 "page": {"size": 2043, "sha256": "…"}}
//
// The id changes whenever any file does. The loader takes the sizes as the
// totals of its progress bar (a browser counts bytes after decoding). The
// page, index.html beside web/, is described but not compressed: the
// service worker checks it like every file, so a deploy that lands during
// its install cannot pair a new index.html with the old build's files.
//
//	go run ./app/cmd/compress -dir web -page index.html app.wasm wasm_exec.js
package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/andybalholm/brotli"
)

// File is what build.json says of one file.
type File struct {
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// Build is the content of build.json.
type Build struct {
	ID    string          `json:"id"`
	Files map[string]File `json:"files"`
	Page  *File           `json:"page,omitempty"` // index.html
}

func main() {
	dir := flag.String("dir", "web", "directory holding the files")
	page := flag.String("page", "", "the page (index.html) to describe in build.json, not compressed")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: compress [-dir web] [-page index.html] file...")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*dir, *page, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "compress:", err)
		os.Exit(1)
	}
}

// run compresses the named files of dir and writes dir/build.json, which
// describes page too unless it is "". A copy is made again only when its
// file changed: Brotli's best takes a while on 8 MB of wasm, and a rebuild
// often rewrites a file as it was.
func run(dir, page string, names []string) error {
	var prev Build // the last build.json, if any, says what the copies hold
	if raw, err := os.ReadFile(filepath.Join(dir, "build.json")); err == nil {
		json.Unmarshal(raw, &prev)
	}
	b := Build{Files: map[string]File{}}
	for _, name := range names {
		if filepath.Base(name) != name {
			return fmt.Errorf("%s: name a file of %s, not a path", name, dir)
		}
		file := filepath.Join(dir, name)
		data, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		b.Files[name] = describe(data)
		unchanged := prev.Files[name] == b.Files[name]
		for _, enc := range encoders {
			copy := file + enc.suffix
			if upToDate(file, enc.suffix) {
				continue
			}
			if _, err := os.Stat(copy); err == nil && unchanged {
				// Rewritten as it was: the copy holds it still, and takes
				// its time so the server does not think it stale.
				st, err := os.Stat(file)
				if err == nil {
					err = os.Chtimes(copy, time.Now(), st.ModTime())
				}
				if err != nil {
					return err
				}
				continue
			}
			packed, err := enc.compress(data)
			if err != nil {
				return fmt.Errorf("%s: %v", name, err)
			}
			if err := os.WriteFile(copy, packed, 0o644); err != nil {
				return err
			}
		}
	}
	if page != "" {
		data, err := os.ReadFile(page)
		if err != nil {
			return err
		}
		f := describe(data)
		b.Page = &f
	}
	b.ID = buildID(b)
	out, err := json.MarshalIndent(b, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "build.json"), append(out, '\n'), 0o644)
}

// upToDate reports whether the copy of file with the suffix is at least
// as new as the file.
func upToDate(file, suffix string) bool {
	st, err := os.Stat(file)
	if err != nil {
		return false
	}
	cst, err := os.Stat(file + suffix)
	return err == nil && !cst.ModTime().Before(st.ModTime())
}

// describe is what build.json says of a file with this content.
func describe(data []byte) File {
	sum := sha256.Sum256(data)
	return File{Size: int64(len(data)), SHA256: hex.EncodeToString(sum[:])}
}

// buildID is a digest of every file's name and digest, in name order, and
// of the page's digest.
func buildID(b Build) string {
	h := sha256.New()
	for _, name := range slices.Sorted(maps.Keys(b.Files)) {
		fmt.Fprintf(h, "%s %s\n", name, b.Files[name].SHA256)
	}
	if b.Page != nil {
		fmt.Fprintf(h, "page %s\n", b.Page.SHA256)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// encoders are the compressed copies written beside each file.
var encoders = []struct {
	suffix   string
	compress func([]byte) ([]byte, error)
}{
	{".br", brotliBest},
	{".gz", gzipBest},
}

func brotliBest(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	bw := brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: 24})
	bw.Write(data)
	if err := bw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func gzipBest(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	zw.Write(data)
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
