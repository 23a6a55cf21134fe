import { DataSourcePreviewQuery, DataSourceRowsResponse } from "@marquee/contracts";
import { LIMITS, parseCsv, rowsAt } from "@marquee/program";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badRequest, FieldErrors } from "../../platform/errors";
import { FETCH_MAX_BYTES, FetchFailed, fetchText, isHttpUrl } from "../feeds/fetch";

/** Fetches a data source's address and parses its rows (at most LIMITS.inlineRows of them). */
async function readSource(url: string, format: "json" | "csv", rowsPath: string) {
  const res = await fetchText(url);
  if (res.status < 200 || res.status > 299) throw new FetchFailed(`HTTP ${res.status}`);
  if (format === "csv") {
    // Only the first rows are wanted: a cut answer is read up to its last complete line.
    const text = res.truncated ? res.text.slice(0, res.text.lastIndexOf("\n") + 1) : res.text;
    return parseCsv(text, LIMITS.inlineRows);
  }
  if (res.truncated) throw new FetchFailed(`larger than ${FETCH_MAX_BYTES / 1024 / 1024} MB`);
  let json: unknown;
  try {
    json = JSON.parse(res.text);
  } catch {
    throw new FetchFailed("not JSON");
  }
  return rowsAt(json, rowsPath, LIMITS.inlineRows);
}

/**
 * The editor's data-source preview: the server fetches the address (so the
 * browser needs no CORS from it), within 5 s and 2 MB, and answers the
 * fields and the first rows as the player will see them.
 */
export const dataSourceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/a/api/program/dataSource/preview",
    {
      config: { access: { permission: "content:program:edit" } },
      schema: {
        tags: ["program"],
        querystring: DataSourcePreviewQuery,
        response: { 200: DataSourceRowsResponse },
      },
    },
    async (req) => {
      const { url, format, rowsPath } = req.query;
      if (!isHttpUrl(url)) throw new FieldErrors([{ field: "url", key: "program.urlInvalid" }]);
      try {
        const { fields, rows } = await readSource(url, format, rowsPath);
        return { fields, rows };
      } catch (err) {
        if (err instanceof FetchFailed) throw badRequest("program.dataSourceFailed", { reason: err.message });
        throw err;
      }
    },
  );
};
