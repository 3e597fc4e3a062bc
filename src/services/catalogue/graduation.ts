import type { GraduateKind, GraduationDocument, LegalEntity, Site } from "./schemas";

export interface GraduationDocumentOf {
  document: GraduationDocument;
  /** the legal entity that issues it, whose licence the page and the sample name */
  entity: LegalEntity;
}

/** The document a kind of program gives its graduates and who issues it; none when the content does not say (decision 061). */
export function graduationDocumentOf(site: Site, kind: GraduateKind): GraduationDocumentOf | undefined {
  const document = site.graduationDocuments?.find((d) => d.givenFor.includes(kind));
  const entity = document && site.legalEntities.find((e) => e.id === document.entity);
  return document && entity ? { document, entity } : undefined;
}

/** «Проверить диплом в реестре ФИС ФРДО»: the document's first word names it in the link. */
export const registerCheckText = (document: GraduationDocument) =>
  `Проверить ${(document.title.split(/\s+/)[0] ?? "документ").toLowerCase()} в реестре ФИС ФРДО`;

/** What the sample's picture says to a screen reader. */
export const sampleAlt = ({ document, entity }: GraduationDocumentOf) =>
  `Образец документа: ${document.title.toLowerCase()}, ${entity.shortName}`;
