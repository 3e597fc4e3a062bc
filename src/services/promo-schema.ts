import * as z from "zod/mini";

/**
 * A promo of spec 3 (is_active, promo_code, redirect_url, show_sticky_bottom): its one shape,
 * apart from promo.ts so that the pages' scripts that read promos do not load zod.
 */
export const promoDataSchema = z.object({
  is_active: z.boolean(),
  promo_code: z.string(),
  redirect_url: z.nullable(z.string()),
  show_sticky_bottom: z.boolean(),
});

export type PromoData = z.infer<typeof promoDataSchema>;
