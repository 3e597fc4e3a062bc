import * as z from "zod/mini";

/** The pieces every content schema is made of (schemas.ts, site-schema.ts). */

export const slug = z.string().check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "slug: латиница в нижнем регистре, цифры и дефисы"));
export const id = z.string().check(z.minLength(1));
export const text = z.string().check(z.minLength(1));

/** The kinds of program the catalogue holds (spec 3). */
export const programTypes = ["Profession", "Course", "ShortTerm"] as const;
