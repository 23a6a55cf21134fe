import type { RatesData } from "@marquee/contracts";
import { z } from "zod";
import { FetchFailed, fetchJson } from "./fetch";
import { readJsonFile } from "./file";

/** What an exchange-rate widget asks: units of each symbol for one unit of `base`. */
export interface RatesRequest {
  base: string;
  symbols: string[];
}

const zodReason = (e: z.ZodError) =>
  e.issues
    .slice(0, 3)
    .map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
    .join("; ");

const Rates = z.record(z.string().regex(/^[A-Z]{3}$/), z.number().positive());

// ---- Frankfurter (https://frankfurter.dev): the European Central Bank's reference rates, no key ----

const FrankfurterAnswer = z.object({
  amount: z.number().positive(),
  base: z.string(),
  date: z.string(),
  rates: Rates,
});

/** GET {base}/latest?from=BASE&to=A,B, mapped to RatesData. */
export async function frankfurterRates(url: string, q: RatesRequest, now: Date): Promise<RatesData> {
  const others = q.symbols.filter((s) => s !== q.base);
  const params = new URLSearchParams({ from: q.base });
  // Frankfurter refuses a currency asked against itself; its rate is 1 by definition.
  if (others.length) params.set("to", others.join(","));
  const json = await fetchJson(`${url.replace(/\/+$/, "")}/latest?${params}`);
  const parsed = FrankfurterAnswer.safeParse(json);
  if (!parsed.success) throw new FetchFailed(`bad answer: ${zodReason(parsed.error)}`);
  const { amount, date, rates } = parsed.data;
  const out: Record<string, number> = {};
  for (const s of q.symbols) {
    const r = s === q.base ? amount : rates[s];
    if (r !== undefined) out[s] = r / amount;
  }
  if (!Object.keys(out).length) throw new FetchFailed(`bad answer: no rate for ${q.symbols.join(",")}`);
  return { provider: "frankfurter", base: q.base, date, rates: out, fetchedAt: now.toISOString() };
}

// ---- a JSON file on the server ----

/**
 * The rates file: `{ "base": "EUR", "date": "2024-05-02", "rates": { "USD": 1.07, … } }`
 * (RatesData; `provider` and `fetchedAt` may be left out). Another base is
 * answered through the file's base when the file has a rate for it.
 */
const RatesFile = z.object({
  base: z.string().regex(/^[A-Z]{3}$/),
  date: z.string().max(40),
  rates: Rates,
});

/** The rates of the asked symbols from a JSON file; symbols the file lacks are left out. */
export async function fileRates(file: string, q: RatesRequest): Promise<RatesData> {
  const { json, modifiedAt } = await readJsonFile(file);
  const parsed = RatesFile.safeParse(json);
  if (!parsed.success) throw new FetchFailed(`bad answer: ${zodReason(parsed.error)}`);
  const f = parsed.data;
  const perFileBase = (c: string) => (c === f.base ? 1 : f.rates[c]);
  const base = perFileBase(q.base);
  if (base === undefined) throw new FetchFailed(`no rate for ${q.base} in the file`);
  const out: Record<string, number> = {};
  for (const s of q.symbols) {
    const r = perFileBase(s);
    if (r !== undefined) out[s] = r / base;
  }
  if (!Object.keys(out).length) throw new FetchFailed(`no rate for ${q.symbols.join(",")} in the file`);
  return { provider: "file", base: q.base, date: f.date, rates: out, fetchedAt: modifiedAt.toISOString() };
}
