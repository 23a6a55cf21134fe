import { LANGUAGE_COOKIE, type Locale, type MessageKey, toLocale, translate } from "@marquee/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyRequest {
    /** The caller's language, from the `language` cookie (zh_CN by default). */
    locale: Locale;
    t(key: MessageKey, values?: Record<string, string | number>): string;
  }
}

/** Whether a string names a message of the server catalogue (one test, shared with the notices of the contracts). */
export { isMessageKey } from "@marquee/contracts";

/** Reads the language cookie; every message the server writes goes through `req.t`. */
export const i18nPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("locale", "zh_CN");
  app.decorateRequest(
    "t",
    function (this: FastifyRequest, key: MessageKey, values?: Record<string, string | number>) {
      return translate(this.locale, key, values);
    },
  );
  // Callback style, as the hooks that never wait are written: no promise per request.
  app.addHook("onRequest", (req, _reply, done) => {
    req.locale = toLocale(req.cookies[LANGUAGE_COOKIE]);
    done();
  });
});
