import { z } from "zod";

/** A footer link of a tenant's brand. */
export const BrandLink = z.strictObject({
  name: z.string().trim().min(1).max(60),
  link: z
    .string()
    .trim()
    .max(500)
    .regex(/^(https?:\/\/|mailto:)[^\s]+$/, "validation.format"),
});

/**
 * A tenant's white-label (issue 8, personalised interface): every field
 * optional; what is missing falls back to the parent's brand, then the
 * platform's. Image fields hold addresses served by the server.
 */
export const Branding = z.strictObject({
  title: z.string().trim().max(60).optional(),
  tag: z.string().trim().max(60).optional(),
  copyright: z.string().trim().max(200).optional(),
  footerLinks: z.array(BrandLink).max(10).optional(),
  /** Custom footer HTML; sanitised on the server before it is stored and again in the console. */
  footerHtml: z.string().max(5000).optional(),
  /** #rrggbb */
  themeColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, "validation.format")
    .optional(),
  logo: z.string().max(500).optional(),
  favicon: z.string().max(500).optional(),
  loginBackground: z.string().max(500).optional(),
});
export type Branding = z.infer<typeof Branding>;
