import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Cleanup } from "./cleanup";

/** What the baseline page's script inserts; the benchmark waits for it. */
export const BASELINE_SELECTOR = "input#baseline";

/** A minimal page: one small inline script that inserts an input. */
const PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>baseline</title></head>
  <body>
    <script>
      const input = document.createElement("input");
      input.id = "baseline";
      input.placeholder = "user name";
      document.body.append(input);
    </script>
  </body>
</html>
`;

/**
 * The baseline: that page from a bare node:http server in this process on a
 * random loopback port (anything else answers 404). Closed at cleanup.
 */
export async function startStaticPage(cleanup: Cleanup): Promise<string> {
  const body = Buffer.from(PAGE);
  const server = createServer((req, res) => {
    if (req.method === "GET" && req.url === "/") {
      res.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "content-length": body.length,
        "cache-control": "no-cache",
      });
      res.end(body);
      return;
    }
    res.writeHead(404, { "content-length": 0 });
    res.end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  cleanup.add("closing the baseline page's server", () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}/`;
}
