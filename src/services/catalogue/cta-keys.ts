/** The CTA catalogue keys of spec section 9 (no zod here: the browser bundle imports this). */
export const ctaKeys = [
  "askQuestion", "callMeBack", "signUpForCourse", "signUpForProgramm", "signUpForProfession", "signUp",
  "chooseProgram", "learnAboutUs", "submitApplication", "getFullProgram", "reserve", "learnAboutTeachers",
  "help", "getFullList", "seeAllWebinars", "learnMore", "consultMe", "programQuestion", "2for1", "buyTicket",
  "participate", "takeAction", "familiarize", "use", "knowRequirement", "sortOutGrievances", "takePart",
  "takeGift", "beginStudy", "beginEarn",
] as const;
export type CtaKey = (typeof ctaKeys)[number];
