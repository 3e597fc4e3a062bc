import { int, settingsGroup } from "../settings-schema";

/** The lead outbox's deliveries (decision 005). */
export const outboxSettings = settingsGroup({
  shape: {
    /** first retry delay of the outbox; doubles each time up to an hour (retry.ts) */
    OUTBOX_RETRY_BASE_MS: int(30_000, 3_600_000),
    /** a delivery failing this many times ends dead, for ops to retry: 80 is about three days */
    OUTBOX_MAX_ATTEMPTS: int(80, 10_000, 1),
    /** how long personal fields stay after every sink has the lead */
    LEAD_RETENTION_HOURS: int(24 * 30, 24 * 365 * 5),
    /** how long one sink request may take */
    SINK_TIMEOUT_MS: int(10_000, 120_000, 100),
  },
});
