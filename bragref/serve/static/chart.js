// The night and the season as pictures: each player's running result over the night's settled hands (`told.chart`),
// and their cumulative result night by night (`told.season`), drawn as SVG from the ledger's figures at the size the
// page gives them, so that a label is as large on the screen as the page's own text (at least 24 px on a TV). Each
// line has its own dash pattern and marks, and its player's name at its end, so colour is never the only signal;
// names are kept apart and inside the picture; the caption says every result in words.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const DASHES = ["", "8 4", "2 4", "10 4 2 4", "14 5", "1 5", "8 3 2 3 2 3", "12 3 5 3"];
const MARKS = ["circle", "square", "diamond", "triangle", "circle", "square", "diamond", "triangle"];
const HUES = [210, 20, 130, 280, 50, 330, 170, 0];
const drawn = new Map();  // each chart's last figures, drawn again when its size changes

function svgNode(name, attributes) {
  const node = document.createElementNS(SVG, name);
  Object.entries(attributes).forEach(([key, value]) => node.setAttribute(key, value));
  return node;
}

function mark(kind, x, y, r, colour) {  // a point's own shape, beside its line's dashes
  const at = { fill: colour, stroke: "none" };
  if (kind === "circle") return svgNode("circle", { cx: x, cy: y, r, ...at });
  if (kind === "square") return svgNode("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, ...at });
  const points = kind === "diamond" ? [[x, y - r * 1.3], [x + r * 1.3, y], [x, y + r * 1.3], [x - r * 1.3, y]]
    : [[x, y - r * 1.3], [x + r * 1.2, y + r], [x - r * 1.2, y + r]];
  return svgNode("polygon", { points: points.map(p => p.join(",")).join(" "), ...at });
}

function spread(wanted, gap, low, high) {  // label heights kept `gap` apart, in order, within low…high
  const placed = [];
  wanted.forEach((at, i) => placed.push(Math.max(at, i ? placed[i - 1] + gap : low)));
  for (let i = placed.length - 1; i >= 0; i--) {  // pushed back up where the last would fall below the picture
    const most = i === placed.length - 1 ? high : placed[i + 1] - gap;
    placed[i] = Math.max(low, Math.min(placed[i], most));
  }
  return placed;
}

function spans(numbers) {  // the hands drawn, as runs: `1–3, 5` where hand 4 was voided (a misdeal, R9.1)
  const runs = [];
  numbers.forEach(n => {
    const run = runs[runs.length - 1];
    if (run && n === run[1] + 1) run[1] = n;
    else runs.push([n, n]);
  });
  return runs.map(([a, b]) => (a === b ? `${a}` : `${a}–${b}`)).join(", ");
}

function drawChart(svg, caption, chart, cash, steps) {  // steps: the chart's key for its points, `hands` or `nights`
  drawn.set(svg, [caption, chart, cash, steps]);
  const points = (chart && chart[steps]) || [];
  const players = Object.entries((chart && chart.players) || {});
  const first = (chart && chart.first) || {};  // where a player seated since the first hand drawn starts: each line
  const from = name => first[name] || 0;  // drawn from the hand they were first dealt in, never flat before it
  svg.replaceChildren();
  svg.closest("figure").hidden = !points.length;
  if (!points.length) { caption.textContent = ""; return; }
  const box = svg.getBoundingClientRect();
  const size = parseFloat(getComputedStyle(svg).fontSize) || 14;  // a label as large as the page's text
  let width = Math.max(12 * size, Math.round(box.width) || 480);
  const gap = size * 1.25;  // a name's line: the names' boxes kept apart, not only their letters
  const height = Math.max(4 * size, (players.length - 1) * gap + 2.6 * size, Math.round(box.height) || 220);  // every
  // name apart, above the axis's words: a picture given less room is drawn smaller, never its names over each other
  const names = players.map(([name, results]) => `${name} ${cash(results[results.length - 1])}`);
  const probe = svgNode("text", {});  // the longest name as the screen's font draws it: each shown whole
  probe.textContent = names.reduce((a, b) => (b.length > a.length ? b : a), "");
  svg.append(probe);
  const measured = probe.getComputedTextLength ? probe.getComputedTextLength() : 0;
  probe.remove();
  const right = (measured || probe.textContent.length * size * 0.6) + size * 0.6;  // the names' room, right of the
  // lines, which keep at least 0.3 of the picture (or its `--plot`, page.css): one too narrow for its names is drawn
  const plot = parseFloat(getComputedStyle(svg).getPropertyValue("--plot")) || 0.3;  // smaller, never a name cut
  width = Math.max(width, Math.ceil(right / (1 - plot)));  // off at its edge
  const left = size * 0.5, top = size, bottom = size * 1.8;
  const values = players.flatMap(([name, results]) => results.slice(from(name))).concat(0);
  const low = Math.min(...values), high = Math.max(...values), span = high - low || 1;
  const x = i => left + (points.length > 1 ? i * (width - left - right) / (points.length - 1) : 0);
  const y = v => top + (high - v) * (height - top - bottom) / span;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.append(svgNode("title", {}), svgNode("line", { x1: left, x2: width - right, y1: y(0), y2: y(0),
    stroke: "currentColor", "stroke-opacity": "0.4" }));
  svg.firstChild.textContent = caption.id === "running-said" ? "The night's running results" : "The season";
  const axis = svgNode("text", { x: left, y: height - size * 0.4 });
  axis.textContent = steps === "hands" ? `${points.length === 1 ? "hand" : "hands"} ${spans(points)}`  // those drawn
    : `${points.length} night${points.length === 1 ? "" : "s"}: ${points[0]} to ${points[points.length - 1]}`;
  svg.append(axis);
  const ends = [];
  players.forEach(([name, results], index) => {
    const colour = `hsl(${HUES[index % 8]} 70% 45%)`, start = from(name);
    const line = results.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).slice(start).join(" ");
    if (line) {  // none for one dealt in no hand yet: their name alone, at nothing
      svg.append(svgNode("polyline", { points: points.length > 1 ? line : `${line} ${width - right},${y(results[0])}`,
        fill: "none", stroke: colour, "stroke-width": Math.max(2.5, size / 8), "stroke-dasharray": DASHES[index % 8] }));
    }
    const every = Math.max(1, Math.ceil(results.length / 12));  // marks along it, never a crowd of them
    results.forEach((v, i) => {
      if (i >= start && (i % every === 0 || i === results.length - 1)) {
        svg.append(mark(MARKS[index % 8], x(i), y(v), size / 5, colour));
      }
    });
    ends.push([y(results[results.length - 1] ?? 0), names[index], colour]);
  });
  ends.sort((a, b) => a[0] - b[0]);
  const apart = Math.min(size * 1.6, Math.max(gap, (height - size * 2.6) / Math.max(1, ends.length - 1)));  // the
  // names as far apart as the picture's height lets them be (up to 1.6 of a name's size), not touching
  const at = spread(ends.map(end => end[0] + size * 0.35), apart, size, height - size * 1.6);  // clear of the axis's
  ends.forEach(([, name, colour], i) => {  // each name by its line's end, none over another
    const label = svgNode("text", { x: width - right + size * 0.3, y: at[i] });
    label.textContent = name;
    svg.append(svgNode("line", { x1: width - right + size * 0.05, x2: width - right + size * 0.25,
      y1: ends[i][0], y2: at[i] - size * 0.35, stroke: colour, "stroke-width": 2 }), label);
  });
  caption.textContent = (steps === "hands" ? `Running results after hand ${points[points.length - 1]}: `
    : `The season after ${points[points.length - 1]}: `) + names.join(", ") + ".";
}

if (typeof ResizeObserver !== "undefined") {  // drawn again at its new size: a phone turned, a window resized
  const watching = new ResizeObserver(entries => entries.forEach(entry => {
    const figures = drawn.get(entry.target);
    if (figures) drawChart(entry.target, ...figures);
  }));
  document.addEventListener("DOMContentLoaded", () => document.querySelectorAll("figure svg")
    .forEach(svg => watching.observe(svg)));
}
