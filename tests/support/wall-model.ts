/**
 * The shared model of the wall Russian ISPs put in front of Cloudflare (`../shared/tools/wall.mjs`):
 * a proxy that passes a connection's (or a page load's) first bytes from the server and drops the
 * rest. Typed here, since the tool is plain JavaScript.
 */
// @ts-expect-error: the shared tool is JavaScript without declarations
import { startWall as start } from "../../../shared/tools/wall.mjs";

export interface Wall {
  port: number;
  /** a new page load's budget (mode "visit") */
  reset(): void;
  close(): void;
}

export const startWall = start as (options: { target: number; port?: number; budget?: number; mode?: "visit" | "connection" }) => Promise<Wall>;
