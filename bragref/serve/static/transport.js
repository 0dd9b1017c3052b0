// How the page reaches bragref: over HTTP from `bragref serve` (its writes POSTed, the table read as `status.json`
// and followed as Server-Sent Events), or, in the referee in the phone (`bragref app build`), bragref running in a
// Web Worker beside the page, which the application's own script puts in `window.bragrefApp` before this runs. The
// page's scripts ask this alone, so the one page runs on either.
"use strict";

const transport = window.bragrefApp || {
  post: (path, body) => fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body) }),
  get: path => fetch(path),
  events: path => new EventSource(path),
  picture: (image, path) => { image.src = path; },  // an image bragref draws (a pay link's QR code), into an <img>
};
