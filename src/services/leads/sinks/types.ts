import type { VisitorArea } from "../../visitor-area";
import type { LeadRecord } from "../record";

/** The amoCRM pipeline (its id) of each area's leads; an area not named goes to amoCRM's main pipeline. */
export type AreaPipelines = Partial<Record<VisitorArea, number>>;

/** The settings the sinks read (the Worker's config has them all). */
interface SinkSettings {
  CRM_WEBHOOK_URL?: string;
  AMOCRM_BASE_URL?: string;
  AMOCRM_AREA_PIPELINES?: AreaPipelines;
  ADVCAKE_URL?: string;
  ADMITAD_URL?: string;
  ADMITAD_CAMPAIGN_CODE?: string;
  ADMITAD_POSTBACK_KEY?: string;
  EDPARTNERS_URL?: string;
  SRAVNI_URL?: string;
  HH_URL?: string;
  LEADMAGNET_URL?: string;
  ROISTAT_URL?: string;
  ROISTAT_KEY?: string;
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM_EMAIL?: string;
  MAIL_FROM_NAME?: string;
  SITE_URL?: string;
}

/** What a sink needs besides the lead: settings, a fetch with a timeout, the CRM token. */
export interface SinkContext {
  config: SinkSettings;
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  crmAccessToken: () => Promise<string>;
  /** the signed code of a paid order's e-ticket (as its page shows it); null without a signing key */
  ticketCode?: (orderId: string) => Promise<string | null>;
  /** the key of a free registration's confirmation link (decision 093); null without a signing key */
  confirmKey?: (orderId: string) => Promise<string | null>;
  /**
   * A request for this lead left before a crash and its answer was never written: the sink may
   * have it. A sink that can look the lead up does so before sending again.
   */
  inDoubt?: boolean;
}

export type SinkResult = { status: "delivered"; detail?: string } | { status: "skipped"; detail: string };

/** The names deliveries are stored under: stable, since the outbox keeps them in its rows. */
export const SINK_KEYS = ["genezis", "advcake", "partner", "roistat", "amocrm", "genezis_expiry", "amocrm_expiry", "genezis_paid", "amocrm_paid", "genezis_refunded", "mail_ticket", "mail_confirm", "genezis_confirmed", "amocrm_confirmed"] as const;
type SinkKey = (typeof SINK_KEYS)[number];

/** A destination of leads (DESIGN.md): whether it wants a lead, and how it gets it. */
export interface Sink {
  name: SinkKey;
  applies(lead: LeadRecord): boolean;
  /**
   * Whether a request for this lead may be sent again when one is in doubt (it left before a crash
   * and its answer was lost): the sink drops a repeat (by the Idempotency-Key), or `send` looks the
   * lead up first when `inDoubt`. A sink that does neither is not sent it blindly; ops decide.
   */
  repeatable(lead: LeadRecord): boolean;
  /** resolves when the sink has the lead; throws when it must be tried again */
  send(lead: LeadRecord, context: SinkContext): Promise<SinkResult>;
}

export class SinkError extends Error {
  override name = "SinkError";
}

export async function expectOk(response: Response, sink: string): Promise<string> {
  const body = await response.text();
  if (!response.ok) throw new SinkError(`${sink} answered ${response.status}: ${body.slice(0, 200)}`);
  return body;
}

export const skipped = (name: string): SinkResult => ({ status: "skipped", detail: `${name}: no endpoint configured` });
