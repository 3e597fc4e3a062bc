import { documentHref, fileSize } from "../../services/catalogue/documents";
import type { ListedDocument } from "../../services/catalogue/institute-schemas";
import { formatDayMonthYear } from "../../services/dates";

/** A downloadable document: its title, the entity, the date and the file's size (`bytes` of this build's file). */
export function DocumentLink({ document, bytes }: { document: ListedDocument; bytes: number | undefined }) {
  return (
    <li className="document-link">
      <a href={documentHref(document)} type="application/pdf">
        {document.title}
      </a>
      <span className="document-link__meta">
        {fileSize(bytes)} · утверждено {formatDayMonthYear(document.approved)}
      </span>
    </li>
  );
}
