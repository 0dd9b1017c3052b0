"""The referee in the phone (docs/app.md): bragref's engine and ledger running in the browser, on Pyodide, behind the
same referee's page as `serve --referee`. `build` writes the static application (`bragref app build DIR`), `command`
is its command, `table` is the Python the page's Web Worker runs (the referee's answers, as `serve` gives them over
HTTP), and `static/` holds the application's own files: the worker, the page's side of it, the service worker."""
