import {
  ContentHistoryResponse,
  IdQuery,
  OkResponse,
  ReviewNoteBody,
  ReviewResultBody,
  ReviewResultResponse,
  SubmitBody,
  SubmitResponse,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import type { ContentService } from "./service";

/** Where a kind answers the review calls it has (a call left out is not registered). */
export interface ReviewCalls {
  tags: string[];
  /** Submit for review (edit permission). */
  submit?: string;
  /** The review decision (review permission), at one or more URLs audited as one action. */
  decide?: { urls: string[]; action?: string };
  /** A note in an item's history (review or edit permission). */
  note?: string;
  /** An item's history (view or review permission). */
  history?: string;
}

/** The review calls under one prefix, as plans and messages name them: submit, submitResult, submitNote, history. */
export const reviewCallsUnder = (prefix: string, tags: string[]): ReviewCalls => ({
  tags,
  submit: `${prefix}/submit`,
  decide: { urls: [`${prefix}/submitResult`] },
  note: `${prefix}/submitNote`,
  history: `${prefix}/history`,
});

/**
 * The review calls every kind of content answers the same way, with the
 * kind's permissions, audited as `<kind>:<ids>`: submit, the decision, a
 * note and the history.
 */
export const contentReviewRoutes =
  (service: ContentService, calls: ReviewCalls): FastifyPluginAsyncZod =>
  async (app) => {
    const { kind, permissions } = service.spec;
    const { tags } = calls;

    if (calls.submit)
      app.post(
        calls.submit,
        {
          config: { access: { permission: permissions.edit } },
          schema: { tags, body: SubmitBody, response: { 200: SubmitResponse } },
        },
        async (req) => {
          const ids = req.body.ids;
          req.audit.target = `${kind}:${ids.join(",")}`;
          const state = await service.submit(actorOf(req), ids, req.t.bind(req), req.log);
          req.audit.detail = { state };
          return { state };
        },
      );

    const action = calls.decide?.action;
    for (const url of calls.decide?.urls ?? [])
      app.post(
        url,
        {
          config: { access: { permission: permissions.review }, ...(action && { action }) },
          schema: { tags, body: ReviewResultBody, response: { 200: ReviewResultResponse } },
        },
        async (req) => {
          const { ids, result } = req.body;
          const note = req.body.note || null;
          req.audit.target = `${kind}:${ids.join(",")}`;
          req.audit.detail = { result, note };
          // A reviewer cannot approve what they submitted themselves (403).
          const count = await service.decide(actorOf(req), ids, { result, note }, req.t.bind(req), req.log);
          return { count };
        },
      );

    if (calls.note)
      app.post(
        calls.note,
        {
          config: { access: { anyOf: [permissions.review, permissions.edit] } },
          schema: { tags, body: ReviewNoteBody, response: { 200: OkResponse } },
        },
        async (req) => {
          const { id, note } = req.body;
          req.audit.target = `${kind}:${id}`;
          req.audit.detail = { note };
          await service.note(actorOf(req), id, note);
          return {};
        },
      );

    if (calls.history)
      app.get(
        calls.history,
        {
          config: { access: { anyOf: [permissions.view, permissions.review] } },
          schema: { tags, querystring: IdQuery, response: { 200: ContentHistoryResponse } },
        },
        async (req) => ({
          list: await service.history(actorOf(req), req.query.id, req.t.bind(req)),
        }),
      );
  };
