// A picture opened on the Nonogram tab: the browser decodes it and
// scales it, so that app.wasm carries no image decoder; Go counts the
// scaled pixels (app/picture) and draws the preview.
//
//   window.gridsolvePicture, called by Go: see app/ui/contract.go, the one
//   place this file's contract with Go is written down.
//
// Every promise here resolves, with null or a reason in words when
// something fails: Go hears of a promise only when it resolves.
"use strict";

(() => {
  let bitmap = null; // the picture open, decoded
  let url = ""; // an object URL of its file, for the dialog's <img>

  function close() {
    if (bitmap) bitmap.close();
    if (url) URL.revokeObjectURL(url);
    bitmap = null;
    url = "";
  }

  window.gridsolvePicture = {
    // head resolves with the first n bytes of file, a Uint8Array, or null
    // when the file cannot be read.
    head(file, n) {
      return file.slice(0, n).arrayBuffer().then((b) => new Uint8Array(b), () => null);
    },

    // open decodes file in place of the picture open before, and resolves
    // with [width, height, url] or, when it cannot, with why.
    open(file) {
      close();
      return createImageBitmap(file).then((b) => {
        bitmap = b;
        url = URL.createObjectURL(file);
        return [b.width, b.height, url];
      }, (e) => "the browser could not decode it" + (e && e.name === "InvalidStateError" ? ": it is damaged" : ""));
    },

    // pixels draws the open picture on white, scaled to w×h, and returns
    // its RGBA bytes (a Uint8ClampedArray), or null with no picture open.
    pixels(w, h) {
      if (!bitmap) return null;
      const canvas = document.createElement("canvas");
      canvas.width = w;
      canvas.height = h;
      const g = canvas.getContext("2d", { willReadFrequently: true });
      g.fillStyle = "#fff";
      g.fillRect(0, 0, w, h);
      g.imageSmoothingEnabled = true;
      g.imageSmoothingQuality = "high";
      g.drawImage(bitmap, 0, 0, w, h);
      return g.getImageData(0, 0, w, h).data;
    },

    close,
  };
})();
