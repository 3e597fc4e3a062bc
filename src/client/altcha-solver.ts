/**
 * Solves a form's ALTCHA challenge (decision 092): a chunk of its own, loaded when a visitor
 * reaches for a form. Each try is one PBKDF2 derivation by the browser's WebCrypto, awaited, so the
 * work runs off the page's main thread and the page answers taps and keys between tries.
 */
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";
import type { Challenge } from "altcha-lib/types";
import { encodeProof } from "../services/leads/altcha-proof";

/** The field's value for the challenge, or null when it could not be solved within a minute. */
export async function solveProof(challenge: Challenge): Promise<string | null> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  return solution ? encodeProof({ challenge, solution }) : null;
}
