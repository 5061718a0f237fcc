// Pointer and keyboard input for the boards, one delegated handler for the
// whole page. It turns mouse, pen and touch into strokes over the cells of
// #grid (each cell has data-i) and calls Go only when a stroke starts,
// enters a new cell or ends, so a drag across a big board costs a few
// calls, not one per pointer event. It knows no game: what a board takes
// beyond strokes and the shared keys comes from #grid's data attributes.
//
//   Go: gridsolveInput(kind, i, key, mods): the kinds, arguments, mods bits
//   and data attributes are listed in app/ui/contract.go, the one place
//   this file's contract with Go is written down.
//
// Touch: a quick tap is a left click, a press held still for longPressMs is
// a right click, and a finger that moves to another cell paints.
//
// Zoom: Ctrl+wheel over the board's box ([data-zoom]) steps the zoom in or
// out, and two fingers there pinch it and move the board in its box; a
// second finger ends the first one's press, which then never acts.
"use strict";

(() => {
  const longPressMs = 450;
  const modAlt = 1, modShift = 2, modCtrl = 4, modOnBoard = 8; // the mods bits
  let stroke = null; // {id, cell, touch, timer, started}

  const send = (kind, i = -1, key = "", mods = 0) => {
    if (typeof window.gridsolveInput === "function") window.gridsolveInput(kind, i, key, mods);
  };

  function cellAt(x, y) {
    const el = document.elementFromPoint(x, y);
    const cell = el && el.closest("#grid [data-i]");
    return cell ? Number(cell.dataset.i) : -1;
  }

  function begin(s, alt) {
    if (s.timer) clearTimeout(s.timer);
    s.timer = 0;
    s.started = true;
    send("down", s.cell, "", alt ? modAlt : 0);
  }

  document.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "touch" && pinchDown(e)) return;
    const cell = e.target.closest && e.target.closest("#grid [data-i]");
    if (!cell || stroke || pinch || (e.pointerType === "mouse" && e.button !== 0 && e.button !== 2)) return;
    const grid = cell.closest("#grid");
    grid.focus({ preventScroll: true });
    try {
      grid.setPointerCapture(e.pointerId);
    } catch (_) {}
    stroke = { id: e.pointerId, cell: Number(cell.dataset.i), touch: e.pointerType === "touch", started: false, timer: 0 };
    if (stroke.touch) {
      const s = stroke;
      s.timer = setTimeout(() => stroke === s && begin(s, true), longPressMs);
    } else {
      begin(stroke, e.button === 2);
    }
  });

  // Moves reach Go at most once a frame: Go paints the straight line from
  // the last cell it heard of, so no cell in between is lost.
  let pending = -1;
  function flush() {
    if (pending >= 0) send("move", pending);
    pending = -1;
  }

  // Boards that preview a move under the pointer (data-hover on #grid)
  // hear where a mouse or pen hovers, once a frame.
  let hover = -2;
  let hoverSent = -2;
  function flushHover() {
    if (hover !== hoverSent) send("hover", hover);
    hoverSent = hover;
  }
  function hoverAt(i) {
    if (i === hover) return;
    if (hover === hoverSent) requestAnimationFrame(flushHover);
    hover = i;
  }

  document.addEventListener("pointermove", (e) => {
    if (touches.has(e.pointerId)) pinchMove(e);
    if (!stroke && e.pointerType !== "touch") {
      const grid = e.target.closest && e.target.closest("#grid[data-hover]");
      const cell = grid && e.target.closest("[data-i]");
      if (grid || hover >= 0) hoverAt(cell ? Number(cell.dataset.i) : -1);
    }
    if (!stroke || e.pointerId !== stroke.id) return;
    const i = cellAt(e.clientX, e.clientY);
    if (i < 0 || i === stroke.cell) return;
    if (!stroke.started) begin(stroke, false); // a finger moving off its cell paints
    stroke.cell = i;
    if (pending < 0) requestAnimationFrame(flush);
    pending = i;
  });

  function finish(e, kind) {
    if (!stroke || e.pointerId !== stroke.id) return;
    const s = stroke;
    stroke = null;
    if (s.timer) clearTimeout(s.timer);
    if (!s.started) {
      if (kind === "cancel") return;
      begin(s, false); // a quick tap
    }
    flush();
    send(kind);
  }
  document.addEventListener("pointerup", (e) => {
    pinchUp(e);
    finish(e, "up");
  });
  document.addEventListener("pointercancel", (e) => {
    pinchUp(e);
    finish(e, "cancel");
  });

  // The board's scroll box: the first element from #grid up to the zoom
  // box that scrolls.
  function scroller(box) {
    for (let n = box.querySelector("#grid"); n && n !== box.parentElement; n = n.parentElement) {
      if (/auto|scroll/.test(getComputedStyle(n).overflow)) return n;
    }
    return null;
  }

  // Where the point x, y is on the board, as fractions of its width and
  // height.
  function boardPoint(box, x, y) {
    const grid = box.querySelector("#grid");
    if (!grid) return null;
    const r = grid.getBoundingClientRect();
    const clamp = (v) => Math.min(1, Math.max(0, v));
    return { fx: clamp((x - r.left) / r.width), fy: clamp((y - r.top) / r.height), width: r.width };
  }

  // place scrolls the board's box so that its point at fractions fx, fy
  // is under x, y.
  function place(box, at, x, y) {
    const grid = box.querySelector("#grid");
    const sc = scroller(box);
    if (!grid || !sc || !at) return;
    const r = grid.getBoundingClientRect();
    sc.scrollLeft += r.left + at.fx * r.width - x;
    sc.scrollTop += r.top + at.fy * r.height - y;
  }

  // keepPoint keeps the board's point under x, y there once Go has drawn
  // the board at its new zoom (a few frames at most).
  function keepPoint(box, x, y) {
    const at = boardPoint(box, x, y);
    let frames = 0;
    const fix = () => {
      const now = boardPoint(box, x, y);
      if (!now || (now.width === at.width && ++frames < 6)) return void requestAnimationFrame(fix);
      place(box, at, x, y);
    };
    if (at) requestAnimationFrame(fix);
  }

  // Pinch: the touches down on the zoom box, and the pinch they make
  // ({box, z0, d0, at, x, y, frame}) once there are two.
  const touches = new Map();
  let pinch = null;

  function pinchDown(e) {
    const box = e.target.closest && e.target.closest("[data-zoom]");
    if (!box) return false;
    touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (touches.size !== 2) return !!pinch; // a first finger presses, unless one is left from a pinch
    if (stroke && stroke.touch) { // the first finger's press is no click
      const s = stroke;
      stroke = null;
      if (s.timer) clearTimeout(s.timer);
      if (s.started) {
        flush();
        send("cancel");
      }
    }
    const [a, b] = [...touches.values()];
    const x = (a.x + b.x) / 2, y = (a.y + b.y) / 2;
    if (pinch && pinch.frame) cancelAnimationFrame(pinch.frame);
    pinch = { box, z0: Number(box.dataset.zoom) || 100, d0: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)), at: boardPoint(box, x, y), x, y, z: 0, frame: 0 };
    e.preventDefault();
    return true;
  }

  function pinchMove(e) {
    touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pinch && !pinch.frame) pinch.frame = requestAnimationFrame(pinchFrame);
  }

  // Once a frame: the board's point first under the fingers goes back
  // under them as drawn at the last zoom sent, then the new zoom is sent.
  function pinchFrame() {
    const p = pinch;
    if (!p) return;
    p.frame = 0;
    if (touches.size < 2) return;
    place(p.box, p.at, p.x, p.y);
    const [a, b] = [...touches.values()];
    p.x = (a.x + b.x) / 2;
    p.y = (a.y + b.y) / 2;
    const z = Math.round(p.z0 * Math.hypot(a.x - b.x, a.y - b.y) / p.d0);
    if (z !== p.z) send("zoom", z);
    p.z = z;
    requestAnimationFrame(() => pinch === p && place(p.box, p.at, p.x, p.y));
  }

  function pinchUp(e) {
    if (!touches.delete(e.pointerId) || !pinch || touches.size >= 2) return;
    const p = pinch;
    if (p.frame) cancelAnimationFrame(p.frame);
    requestAnimationFrame(() => place(p.box, p.at, p.x, p.y));
    if (touches.size === 0) pinch = null; // until the last finger lifts, none paints
  }

  // Ctrl+wheel over the board's box zooms a step for each 40 px (a mouse
  // notch, or a touchpad's pinch, which browsers send as Ctrl+wheel).
  let wheelSum = 0;
  let wheelAt = 0;
  function wheelZoom(e) {
    const box = e.target.closest && e.target.closest("[data-zoom]");
    if (!box) return;
    e.preventDefault();
    if (e.timeStamp - wheelAt > 400) wheelSum = 0;
    wheelAt = e.timeStamp;
    wheelSum += e.deltaY * (e.deltaMode === 1 ? 40 : 1);
    if (Math.abs(wheelSum) < 40) return;
    keepPoint(box, e.clientX, e.clientY);
    send("zoom", -1, wheelSum < 0 ? "in" : "out");
    wheelSum = 0;
  }

  // The wheel over a board with data-wheel-key is that key, pressed on the
  // board.
  document.addEventListener("wheel", (e) => {
    if (e.ctrlKey) return wheelZoom(e);
    const grid = e.target.closest && e.target.closest("#grid[data-wheel-key]");
    if (!grid || e.deltaY === 0) return;
    e.preventDefault();
    send("key", -1, grid.dataset.wheelKey, modOnBoard);
  }, { passive: false });

  document.addEventListener("contextmenu", (e) => {
    if (e.target.closest && e.target.closest("#grid")) e.preventDefault();
  });

  // The keys every focused board takes; its data-keys lists more. The zoom
  // keys zoom a board whose data-keys does not list them.
  const boardKeys = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", " ", "Enter", "x", "X", ".", "+", "=", "-", "0"]);
  const takes = (grid, k) => boardKeys.has(k) || (grid.dataset.keys || "").split(" ").includes(k);

  document.addEventListener("keydown", (e) => {
    const t = e.target;
    const typing = t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
    const ctrl = e.ctrlKey || e.metaKey;
    const grid = t && t.closest && t.closest("#grid");
    const onBoard = !!grid;
    const mods = (e.shiftKey ? modShift : 0) | (ctrl ? modCtrl : 0) | (onBoard ? modOnBoard : 0);
    const k = e.key;
    let ours = false;
    if (k === "Escape") ours = true;
    else if (ctrl && k === "Enter") ours = true;
    else if (typing || e.altKey) ours = false;
    else if (ctrl) ours = /^[zZyY]$/.test(k);
    else if (k === "s" || k === "S") ours = true;
    else ours = onBoard && takes(grid, k);
    if (!ours) return;
    e.preventDefault();
    send("key", -1, k, mods);
  });

  // A play timer ticks here, not in Go: an element with data-start (Unix
  // ms), left empty by Go, shows the minutes and seconds since.
  setInterval(() => {
    const el = document.querySelector("[data-start]");
    const start = el && Number(el.dataset.start);
    if (!start) return;
    const s = Math.max(0, Math.floor((Date.now() - start) / 1000));
    el.textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  }, 1000);

  // A puzzle file dropped anywhere on the page is loaded into the tab.
  document.addEventListener("dragover", (e) => {
    if (e.dataTransfer && [...e.dataTransfer.types].includes("Files")) e.preventDefault();
  });
  document.addEventListener("drop", (e) => {
    const file = e.dataTransfer && e.dataTransfer.files[0];
    if (!file) return;
    e.preventDefault();
    window.gridsolveDropped = file;
    send("file");
  });

  document.addEventListener("keyup", (e) => {
    if (e.key === "Shift") send("shiftup");
  });
})();
