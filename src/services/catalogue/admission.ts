import type { Site } from "./schemas";

export type BachelorAdmission = NonNullable<Site["bachelorAdmission"]>;

/** «русский язык — 42, обществознание — 45»: the minimum scores as a sentence says them. */
export function minimumScoresText(scores: BachelorAdmission["minimumScores"]): string {
  return scores.map(({ subject, score }) => `${subject.toLocaleLowerCase("ru")} — ${score}`).join(", ");
}
