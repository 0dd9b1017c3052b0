// The night and the season as pictures: each player's running result over the night's settled hands (`told.chart`),
// and their cumulative result night by night (`told.season`), drawn as SVG from the ledger's figures. Each line has
// its own dash pattern and its player's name at its end, so colour is never the only signal; the caption says every
// result in words.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const DASHES = ["", "6 3", "2 3", "8 3 2 3", "12 4", "1 4", "6 2 2 2 2 2", "10 2 4 2"];
const HUES = [210, 20, 130, 280, 50, 330, 170, 0];

function svgNode(name, attributes) {
  const node = document.createElementNS(SVG, name);
  Object.entries(attributes).forEach(([key, value]) => node.setAttribute(key, value));
  return node;
}

function drawChart(svg, caption, chart, cash, steps) {  // steps: the chart's key for its points, `hands` or `nights`
  const hands = (chart && chart[steps]) || [];
  const players = Object.entries((chart && chart.players) || {});
  svg.replaceChildren();
  svg.closest("figure").hidden = !hands.length;
  if (!hands.length) { caption.textContent = ""; return; }
  const width = 480, height = 220, left = 8, right = 120, top = 10, bottom = 20;
  const values = players.flatMap(([, results]) => results).concat(0);
  const low = Math.min(...values), high = Math.max(...values), span = high - low || 1;
  const x = i => left + (hands.length > 1 ? i * (width - left - right) / (hands.length - 1) : 0);
  const y = v => top + (high - v) * (height - top - bottom) / span;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.append(svgNode("line", { x1: left, x2: width - right, y1: y(0), y2: y(0), stroke: "currentColor",
    "stroke-opacity": "0.4" }));
  const axis = svgNode("text", { x: left, y: height - 4 });
  axis.textContent = steps === "hands" ? `hands ${hands[0]}–${hands[hands.length - 1]}`
    : `${hands.length} night${hands.length === 1 ? "" : "s"}: ${hands[0]} to ${hands[hands.length - 1]}`;
  svg.append(axis);
  const ends = [];
  players.forEach(([name, results], index) => {
    const points = results.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    svg.append(svgNode("polyline", { points: hands.length > 1 ? points : `${points} ${width - right},${y(results[0])}`,
      fill: "none", stroke: `hsl(${HUES[index % 8]} 70% 45%)`, "stroke-width": 2.5,
      "stroke-dasharray": DASHES[index % 8] }));
    ends.push([y(results[results.length - 1]), name, results[results.length - 1]]);
  });
  let below = 0;
  ends.sort((a, b) => a[0] - b[0]).forEach(([at, name, last], i, all) => {  // names kept apart, each by its line
    const placed = i && at - all[i - 1][3] < 15 ? all[i - 1][3] + 15 : at;
    all[i][3] = placed;
    below = Math.max(below, placed + 5);
    const label = svgNode("text", { x: width - right + 4, y: placed + 5 });
    label.textContent = `${name} ${cash(last)}`;
    svg.append(label);
  });
  svg.setAttribute("viewBox", `0 0 ${width} ${Math.max(height, below)}`);  // room for every name
  caption.textContent = (steps === "hands" ? `Running results after hand ${hands[hands.length - 1]}: `
    : `The season after ${hands[hands.length - 1]}: `) +
    players.map(([name, results]) => `${name} ${cash(results[results.length - 1])}`).join(", ") + ".";
}
