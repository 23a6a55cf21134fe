import { existsSync, readFileSync } from "node:fs";
import { formatAmount, type Locale, localised, type MessageKey, translate } from "@marquee/contracts";
import { eq } from "drizzle-orm";
import PDFDocument from "pdfkit";
import { offices } from "../../db/schema";
import { AppError } from "../../platform/errors";
import type { Services } from "../../platform/services";
import type { OrderRow } from "./providers";

/**
 * The font of invoices: Noto Sans CJK (Debian's fonts-noto-cjk), which also
 * covers Latin and Cyrillic, so a Chinese tenant's name prints. Without it,
 * the PDF falls back to Helvetica (Latin only): Chinese and Cyrillic
 * characters then print as blanks, and the server logs a warning once.
 */
export const CJK_FONT = {
  file: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
  family: "NotoSansCJKsc-Regular",
};

let fontData: Buffer | null | undefined;
function cjkFont(): Buffer | null {
  if (fontData === undefined) fontData = existsSync(CJK_FONT.file) ? readFileSync(CJK_FONT.file) : null;
  return fontData;
}

interface Party {
  name: string;
  lines: string[];
}

async function partyOf(services: Services, officeId: number): Promise<Party> {
  const [o] = await services.db
    .select({
      name: offices.name,
      address: offices.address,
      contactName: offices.contactName,
      contactPhone: offices.contactPhone,
      contactEmail: offices.contactEmail,
    })
    .from(offices)
    .where(eq(offices.id, officeId));
  if (!o) return { name: "", lines: [] };
  return {
    name: o.name,
    lines: [o.address, [o.contactName, o.contactPhone, o.contactEmail].filter(Boolean).join(" · ")].filter(
      (l): l is string => !!l,
    ),
  };
}

/** The PDF invoice of a paid (or since refunded) order, in `locale`, dates in the default time zone. */
export async function renderInvoice(
  services: Services,
  order: OrderRow,
  locale: Locale,
  log?: { warn(msg: string): void },
): Promise<Buffer> {
  if (!order.invoiceNo || !order.paidAt) throw new AppError(409, "pay.invoiceUnpaid", { no: order.no });
  const t = (key: MessageKey, values?: Record<string, string | number>) => translate(locale, key, values);
  const timeZone = await services.settings.get("defaultTimezone");
  const day = (d: Date) => new Intl.DateTimeFormat("en-CA", { timeZone, dateStyle: "short" }).format(d);
  const seller = await partyOf(services, order.sellerOfficeId);
  const buyer = await partyOf(services, order.buyerOfficeId);
  const item = order.item;

  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    info: {
      Title: `${order.invoiceNo} ${order.no}`,
      Subject: order.no,
      Author: seller.name,
      Creator: "Marquee",
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const font = cjkFont();
  if (font) {
    doc.registerFont("body", font, CJK_FONT.family);
    doc.font("body");
  } else {
    log?.warn(`invoice ${order.invoiceNo}: ${CJK_FONT.file} is missing; CJK and Cyrillic text prints blank`);
    doc.font("Helvetica");
  }

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.fontSize(22).text(t("pay.invoice.title"), left, 56);
  doc.moveDown(0.5).fontSize(10);
  const facts: Array<[MessageKey, string]> = [
    ["pay.invoice.no", order.invoiceNo],
    ["pay.invoice.order", order.no],
    ["pay.invoice.date", day(order.paidAt)],
    ["pay.invoice.paidAt", day(order.paidAt)],
    ["pay.invoice.payment", t(order.provider === "stripe" ? "pay.provider.stripe" : "pay.provider.manual")],
  ];
  for (const [key, value] of facts) doc.text(`${t(key)}: ${value}`);

  const blockTop = doc.y + 16;
  const half = width / 2 - 8;
  const block = (title: MessageKey, p: Party, x: number) => {
    doc.fontSize(9).fillColor("#666666").text(t(title), x, blockTop, { width: half });
    doc.fontSize(12).fillColor("#000000").text(p.name, { width: half });
    doc.fontSize(9);
    for (const l of p.lines) doc.text(l, { width: half });
    return doc.y;
  };
  const bottom = Math.max(
    block("pay.invoice.seller", seller, left),
    block("pay.invoice.buyer", buyer, left + half + 16),
  );

  // The line: item | period | units | unit price | amount.
  const cols = [0.38, 0.16, 0.12, 0.17, 0.17].map((f) => f * width);
  const xs = cols.map((_, i) => left + cols.slice(0, i).reduce((a, b) => a + b, 0));
  let y = bottom + 28;
  const row = (cells: string[], bold = false) => {
    doc.fontSize(10).fillColor(bold ? "#333333" : "#000000");
    const heights = cells.map((c, i) =>
      doc.heightOfString(c, { width: (cols[i] ?? 0) - 6, align: i >= 2 ? "right" : "left" }),
    );
    for (const [i, c] of cells.entries())
      doc.text(c, xs[i] ?? left, y, { width: (cols[i] ?? 0) - 6, align: i >= 2 ? "right" : "left" });
    y += Math.max(...heights) + 6;
    doc
      .moveTo(left, y - 3)
      .lineTo(left + width, y - 3)
      .strokeColor("#cccccc")
      .stroke();
  };
  row(
    [
      t("pay.invoice.item"),
      t("pay.invoice.period"),
      t("pay.invoice.units"),
      t("pay.invoice.unitPrice"),
      t("pay.invoice.amount"),
    ],
    true,
  );
  row([
    localised(item.name, locale) || item.code,
    item.durationDays === null
      ? t("pay.invoice.forGood")
      : t("pay.invoice.days", { days: item.durationDays }),
    String(order.units),
    formatAmount(item.priceCents, order.currency),
    formatAmount(order.amountCents, order.currency),
  ]);
  doc
    .fontSize(12)
    .fillColor("#000000")
    .text(`${t("pay.invoice.total")}: ${formatAmount(order.amountCents, order.currency)}`, left, y + 10, {
      width,
      align: "right",
    });
  if (order.state === "refunded" && order.refundedAt)
    doc
      .moveDown(1)
      .fontSize(11)
      .fillColor("#b00020")
      .text(t("pay.invoice.refunded", { date: day(order.refundedAt) }), {
        width,
        align: "right",
      });
  doc.end();
  return done;
}
