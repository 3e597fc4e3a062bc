import built from "../../build/documents.json";

/** Sizes of the PDF files of this build (scripts/documents.ts writes build/documents.json). */
export const documentFiles: Record<string, { bytes: number }> = built;
