/**
 * The `altcha` field of a form (decision 092): the challenge the Worker gave and the solution the
 * browser found, as JSON in base64. Written by the browser (client/altcha-solver.ts) and by the
 * tests that post as a browser would; read by the Worker (server/intake/altcha.server.ts).
 */
import type { Challenge, Solution } from "altcha-lib/types";

export const encodeProof = (proof: { challenge: Challenge; solution: Solution }): string => btoa(JSON.stringify(proof));
