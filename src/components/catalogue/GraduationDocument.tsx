import { type GraduationDocumentOf, registerCheckText, sampleAlt } from "../../services/catalogue/graduation";
import type { Site } from "../../services/catalogue/schemas";
import { diplomaSampleSlug } from "../../services/images";
import DiplomaSample from "./DiplomaSample.island";

interface GraduationDocumentProps {
  site: Site;
  /** the document's name and words as the page gives them */
  title: string;
  text: string;
  /** the document the content says this kind of program gives; without it, the name and words alone */
  given: GraduationDocumentOf | undefined;
  /** say the issuer's state accreditation (a bachelor's program) */
  withAccreditation?: boolean;
}

/** A licence as the content gives it, its number («№ Л035-01298-77/00642318») never broken across lines. */
function Licence({ text }: { text: string }) {
  return text.split(/(№\s*\S+)/).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="diploma__number">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/**
 * «Документ об окончании»: the document, who issues it under which licence, where to check it, and
 * its sample, drawn at the build (decision 061). The sample is far below the first screen: lazy.
 */
export function GraduationDocument({ site, title, text, given, withAccreditation = false }: GraduationDocumentProps) {
  const registry = site.links.documentRegistry;
  const accreditation = withAccreditation ? given?.entity.accreditation : undefined;
  return (
    <div className={`diploma${given ? " diploma--with-sample" : ""}`}>
      <div className="diploma__about">
        <h3 className="diploma__title">{title}</h3>
        <p>{text}</p>
        {accreditation ? (
          <p data-fact="state-accreditation">
            <strong>Государственная аккредитация.</strong> {accreditation}
          </p>
        ) : null}
        {given ? (
          <p className="diploma__licence" data-fact="licence">
            Выдаёт {given.entity.shortName}. <Licence text={given.entity.licence} />
          </p>
        ) : null}
        {given?.document.inRegister && registry ? (
          <p>
            <a className="diploma__register" href={registry} target="_blank" rel="noopener noreferrer">
              {registerCheckText(given.document)}
            </a>
          </p>
        ) : null}
      </div>
      {given ? (
        <figure className="diploma__sample">
          {/* a closer look in a viewer over the page; without JavaScript, a link to the largest file */}
          <DiplomaSample slug={diplomaSampleSlug(given.document.id)} alt={sampleAlt(given)} sizes="(max-width: 900px) calc(100vw - 72px), 560px" />
          <figcaption>Образец документа</figcaption>
        </figure>
      ) : null}
    </div>
  );
}
