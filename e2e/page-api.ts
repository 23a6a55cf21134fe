import type { Page } from "playwright-core";

// Apart from harness.ts (which imports vitest), so that benchmarks driving pages can use it too.
/** A JSON call of the console's API from the signed-in page; throws unless code 0. */
export async function api<T = Record<string, unknown>>(
  page: Page,
  method: "GET" | "POST",
  url: string,
  body?: unknown,
) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(`/apm-web${url}`, {
        method,
        headers: {
          "X-Requested-With": "XMLHttpRequest",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as { code: number; msg: string };
      if (json.code !== 0) throw new Error(`${url}: ${res.status} ${json.msg}`);
      return json;
    },
    { method, url, body },
  ) as Promise<T>;
}
