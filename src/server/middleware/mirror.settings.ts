import * as z from "zod/mini";
import { parseOrigins } from "../../services/mirror";
import { settingsGroup } from "../../services/settings-schema";

/** The mirror for Russian hosting (decision 042). */
export const mirrorSettings = settingsGroup({
  shape: {
    /**
     * the origins of the mirror, comma-separated ("https://mip.institute" when GeoDNS sends Russia
     * to the mirror under the site's own name): the Worker answers them CORS with credentials and
     * takes their form posts; none by default
     */
    MIRROR_ORIGINS: z.optional(
      z.pipe(
        z.string().check(z.refine((value) => parseOrigins(value) !== null, "not origins separated by commas, such as https://ru.mip.institute,https://mip.institute")),
        z.transform((value: string) => parseOrigins(value) ?? []),
      ),
    ),
  },
});
