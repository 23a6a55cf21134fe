/** A whole number >= 1 from the environment (a benchmark's size or pace), or the fallback. */
export function envCount(name: string, fallback: number): number {
  const v = process.env[name];
  const n = v === undefined ? fallback : Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number >= 1`);
  return n;
}
