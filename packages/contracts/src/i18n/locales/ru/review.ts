import type en from "../en/review";

/** Server messages of content review, in Russian. */
export default {
  "review.ownSubmission": "Проверяющий не может одобрить то, что отправил сам ({{name}})",
  "review.historyEdited": "Изменено, возвращено в черновик",
  "review.programPublished":
    "Программа {{name}} опубликована как {{publications}}; отзовите её, прежде чем удалять",
  "review.programReviewRequested": "Программа {{name}} ждёт вашей проверки (отправил {{user}})",
} satisfies Record<keyof typeof en, string>;
