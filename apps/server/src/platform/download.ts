import { z } from "zod";

/**
 * The answers of a download (file bytes, an image, an export), declared for the OpenAPI document: the 200
 * answer is binary, of the given media types. The route sends a Buffer, a stream or a string with its own
 * content type, which Fastify passes on untouched (no serializer, and no envelope: it is not an object).
 * Typed as any status with any body, since such a route may also answer 206 (a range), 304 or 416, bodiless.
 */
export function binaryResponse(
  description: string,
  types: readonly [string, ...string[]],
): { [status: number]: z.ZodType<unknown> } {
  const media = { schema: { type: "string", format: "binary" } };
  const bytes = z.string().meta({ description, content: Object.fromEntries(types.map((t) => [t, media])) });
  return { 200: bytes };
}
